import PodiumKit

/// Draws another window's tree (the audience, or the next scene's stage) scaled to fit,
/// letterboxed: the presenter's live preview, which also stands in for the audience window when
/// there is no second display. A badge and a coloured frame say when the room does not see the
/// live scene (blackout, whiteout, freeze).
public final class PreviewView: View {
    public weak var source: WindowRoot?
    /// Text and colour of the badge over the preview; nil shows none.
    public var badge: (text: String, color: Color)? { didSet { setNeedsDisplay() } }
    public init(id: String = "console.preview") { super.init(); self.id = id }
    /// Clicks, drags and wheel steps on the picture, with the source-window point under them
    /// (nil over the letterbox); return true to take the event. The presenter's audience preview
    /// turns bound ones into actions (`Presentation.pointerInput`).
    public var onPointer: ((InputEvent, Point?) -> Bool)?
    public override func handle(_ event: InputEvent) -> Bool {
        guard let f = onPointer else { return false }
        switch event {
        case let .mouseDown(p, _, _), let .mouseUp(p, _), let .mouseMoved(p, _), let .wheel(_, _, p): return f(event, sourcePoint(at: p))
        default: return false
        }
    }
    public override var role: String? { "preview" }
    public override var accessibilityValue: String? { badge?.text }

    /// Where the source is drawn inside the bounds (local points), keeping its aspect.
    public var contentRect: Rect {
        guard let src = source, src.bounds.width > 0, src.bounds.height > 0 else { return bounds }
        return bounds.fitting(aspect: src.bounds.width / src.bounds.height)
    }

    /// The source-window point under `p` (this view's local points), nil outside the picture.
    public func sourcePoint(at p: Point) -> Point? {
        guard let src = source, src.bounds.width > 0 else { return nil }
        let fit = contentRect
        guard fit.contains(p) else { return nil }
        let s = src.bounds.width / fit.width
        return Point((p.x - fit.minX) * s, (p.y - fit.minY) * s)
    }

    /// The source's commands, scaled and placed, from the last draw: kept until the source
    /// changes (`sourceDidChange`), so a console redraw for its timers does not re-render the
    /// audience tree (a map scene's tiles, a long list) every second.
    private var cache: (list: DrawList, origin: Point, scale: Double)?

    /// Called when the source window asked for a redraw.
    public func sourceDidChange() { cache = nil; setNeedsDisplay() }

    public override func draw(into list: inout DrawList) {
        guard let src = source, src.bounds.width > 0 else { return }
        let fit = contentRect
        let origin = list.offset + fit.origin, scale = fit.width / src.bounds.width
        list.fill(fit, .black)
        list.pushClip(fit)
        if list.isPreparing {
            // A frame walked before the windows exist (`WindowRoot.prepareFrame`): the source's
            // views name what they will need at this scale; nothing is kept for real frames.
            var prepared = DrawList()
            src.render(into: &prepared)
            list.append(contentsOf: prepared.transformed(scale: scale, translation: origin))
        } else if let c = cache, c.origin == origin, c.scale == scale { list.append(contentsOf: c.list) } else {
            let replay = src.drawList().transformed(scale: scale, translation: origin)
            cache = (replay, origin, scale)
            list.append(contentsOf: replay)
        }
        list.popClip()
    }

    /// The badge as drawn: its lines, their font and its frame (local points), centred on the
    /// picture. A picture narrower than the whole badge (the 97–137 pt preview of a console 300–260
    /// pt wide, where the badge lay over the notes beside it: trial 35) gets it without "AUDIENCE "
    /// (the preview sits under that heading), then in a smaller font, then a "… + FROZEN" on two
    /// lines; the state is always said whole.
    var badgeLayout: (lines: [String], font: Font, frame: Rect)? {
        guard let text = badge?.text, let m = metrics else { return nil }
        let fit = contentRect
        let short = text.hasPrefix("AUDIENCE ") ? String(text.dropFirst(9)) : text
        // Lines, font and padding at each end, in order of preference.
        var tries: [([String], Font, Double)] = [([text], .bold(15), 10), ([short], .bold(15), 10), ([short], .bold(12), 6)]
        if short.hasSuffix(" + FROZEN") { tries.append(([String(short.dropLast(7)), "FROZEN"], .bold(12), 6)) }
        let sized = tries.map { lines, font, pad in (lines, font, lines.map { m.size(of: $0, font: font).width }.max()! + 2 * pad) }
        // Inside the picture's 4-pt frame (`drawOverlay`), 2 pt of it on each side.
        let (lines, font, w) = sized.first { $0.2 <= fit.width - 4 } ?? sized.last!
        let h = m.lineHeight(font) * Double(lines.count) + 8
        return (lines, font, Rect(fit.midX - w / 2, fit.midY - h / 2, w, h))
    }

    public override func drawOverlay(into list: inout DrawList) {
        guard let color = badge?.color, let (lines, font, r) = badgeLayout, let m = metrics else { return }
        list.stroke(contentRect.insetBy(dx: -2, dy: -2), color, width: 4)
        list.fill(r, color, radius: 6)
        for (i, line) in lines.enumerated() {
            let x = r.midX - m.size(of: line, font: font).width / 2
            list.text(line, font, color == .white || color.g > 200 ? .black : .white, at: Point(x, r.minY + 4 + m.lineHeight(font) * Double(i)))
        }
    }
}

/// Shown on the audience view while it is frozen: the frame captured at the moment of freezing,
/// scaled if the window has changed size since. The live scene goes on underneath, hidden.
final class FrozenFrameView: View {
    /// The frame shown (drawn at `size`, points), nil while cleared.
    private(set) var held: (list: DrawList, size: Size)?
    override init() { super.init(); isHidden = true; backgroundColor = .clear }
    func show(_ list: DrawList, size: Size) { held = (list, size); isHidden = false; setNeedsDisplay() }
    func clear() { held = nil; isHidden = true }
    override var isUserInteractionEnabled: Bool { false }
    override func draw(into list: inout DrawList) {
        guard let f = held, f.size.width > 0, f.size.height > 0 else { return }
        // Fitted whole, never cropped, when the room's display changed shape while frozen (a 4:3
        // frame on a projector switched to 16:9 lost its top and bottom: trial 13 F8).
        let s = min(bounds.width / f.size.width, bounds.height / f.size.height)
        let inset = Point((bounds.width - f.size.width * s) / 2, (bounds.height - f.size.height * s) / 2)
        list.fill(bounds, theme.background)
        if s == 1, inset == .zero, list.offset == .zero { list.append(contentsOf: f.list); return }
        list.append(contentsOf: f.list.transformed(scale: s, translation: Point(list.offset.x + inset.x, list.offset.y + inset.y)))
    }
}

/// The speaker's pointer on the audience view: a red dot with a soft halo at `position`.
final class PointerDotView: View {
    var position: Point? { didSet { if position != oldValue { isHidden = position == nil; setNeedsDisplay() } } }
    override init() { super.init(); isHidden = true }
    override var isUserInteractionEnabled: Bool { false }
    override func draw(into list: inout DrawList) {
        guard let p = position else { return }
        let r = max(8, bounds.height / 90)
        list.fill(Rect(p.x - r * 2, p.y - r * 2, r * 4, r * 4), Color(255, 40, 40, 70), radius: r * 2)
        list.fill(Rect(p.x - r, p.y - r, r * 2, r * 2), Color(255, 40, 40), radius: r)
    }
}
