/// Drawing as data: views append commands, the platform renderer executes them. Keeping it data
/// (after microui's command list) lets layout, popovers and whole scenes be tested without a
/// window, and lets the presenter's audience preview replay the audience list scaled down.

/// Typeface request: size in points; the platform picks a concrete font with fallback per glyph.
public struct Font: Equatable, Hashable, Sendable {
    /// Stroke weight of a ``Font``: regular or bold.
    public enum Weight: String, Sendable { case regular, bold }
    /// Point size (the em height in points, not pixels).
    public var size: Double
    /// Regular or bold.
    public var weight: Weight
    /// A system font of `size` points.
    public init(size: Double, weight: Weight = .regular) { self.size = size; self.weight = weight }
    /// The regular system font at `size` points.
    public static func system(_ size: Double) -> Font { Font(size: size) }
    /// The bold system font at `size` points.
    public static func bold(_ size: Double) -> Font { Font(size: size, weight: .bold) }
    /// 15-point regular: body text, list rows, buttons.
    public static let body = Font(size: 15)
    /// 17-point bold: titles and headings.
    public static let headline = Font(size: 17, weight: .bold)
    /// 12-point regular: captions and secondary lines.
    public static let caption = Font(size: 12)
}

/// Where lines sit within a block's width; leading and trailing follow the paragraph's direction.
public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }

/// One drawing command. All coordinates are window points.
public enum DrawCommand: Equatable, Sendable {
    /// A filled rectangle, with rounded corners when `radius` > 0.
    case fill(Rect, Color, radius: Double)
    /// A rectangle outline `width` points thick.
    case stroke(Rect, Color, width: Double, radius: Double)
    /// A filled convex polygon (arrows, pins); points in order.
    case polygon([Point], Color)
    /// A straight line from the first point to the second, `width` points thick.
    case line(Point, Point, Color, width: Double)
    /// A laid-out text block whose top-left is `origin`; the renderer lays it out exactly as
    /// `TextMeasuring.layout` did (wrapping, bidi, alignment within its width, ellipsis).
    case text(TextBlock, Color, origin: Point)
    /// An image file scaled into `rect` (the view already fitted the aspect).
    case image(path: String, Rect, opacity: Double)
    /// In-memory pixels scaled into `rect`; the renderer uploads each `Bitmap` once (by its id).
    case bitmap(Bitmap, Rect, opacity: Double)
    /// A recorded drawing scaled into `rect`; the renderer rasterises each `Picture` once per
    /// pixel size and then copies it (map tiles while panning).
    case picture(Picture, Rect, opacity: Double)
    /// Restricts later commands to `rect` (intersected with the current clip) until `popClip`.
    case pushClip(Rect)
    /// Ends the innermost `pushClip`, restoring the clip before it.
    case popClip
    /// A general polygon (concave, with holes; see `PolygonShape`) filled by its rule, each of
    /// its points `p` drawn at window point `p * scale + offset`. Added in API 2.1.
    case shape(PolygonShape, Color, scale: Double, offset: Point)
}

/// A list of draw commands with an origin offset and clip stack, built while walking the view tree.
public struct DrawList: Sendable {
    /// The commands so far, in drawing order, in window points.
    public private(set) var commands: [DrawCommand] = []
    /// Translation applied to every command added (the current view's origin in window points).
    public var offset = Point.zero
    private var clips: [Rect] = []
    /// An empty list with zero offset and no clip.
    public init() {}
    /// A list holding `commands` as they are (replays, benchmarks).
    public init(commands: [DrawCommand]) { self.commands = commands }

    /// Fills `r` (local points, moved by ``DrawList/offset``) with `c`, corners rounded by `radius`
    /// points; a transparent colour or empty rectangle adds nothing.
    public mutating func fill(_ r: Rect, _ c: Color, radius: Double = 0) {
        guard c.a > 0, !r.isEmpty else { return }
        commands.append(.fill(r.offset(by: offset), c, radius: radius))
    }
    /// Outlines `r` (local points) with a line `width` points thick, corners rounded by `radius`
    /// points.
    public mutating func stroke(_ r: Rect, _ c: Color, width: Double = 1, radius: Double = 0) {
        commands.append(.stroke(r.offset(by: offset), c, width: width, radius: radius))
    }
    /// A rounded rectangle with a border `width` points thick, as two fills (the border colour,
    /// then the fill inset by `width`), so the corners stay round on every renderer.
    public mutating func roundedBorder(_ r: Rect, fill: Color, border: Color, width: Double = 1, radius: Double) {
        self.fill(r, border, radius: radius)
        self.fill(r.insetBy(dx: width, dy: width), fill, radius: max(0, radius - width))
    }
    /// Fills the convex polygon through `pts` (local points, in order) with `c`. For concave shapes
    /// or holes use ``DrawList/shape(_:_:scale:offset:)``.
    public mutating func polygon(_ pts: [Point], _ c: Color) {
        commands.append(.polygon(pts.map { $0 + offset }, c))
    }
    /// Fills `shape` with its points mapped by `p ↦ p * scale + offset` (then the list's offset).
    public mutating func shape(_ shape: PolygonShape, _ c: Color, scale: Double = 1, offset: Point = .zero) {
        guard c.a > 0, scale.isFinite, scale != 0 else { return }
        commands.append(.shape(shape, c, scale: scale, offset: offset + self.offset))
    }
    /// A straight line from `a` to `b` (local points), `width` points thick.
    public mutating func line(_ a: Point, _ b: Point, _ c: Color, width: Double = 1) {
        commands.append(.line(a + offset, b + offset, c, width: width))
    }
    /// One line of `s` at its natural width, top-left at `p`.
    public mutating func text(_ s: String, _ f: Font, _ c: Color, at p: Point) {
        text(TextBlock(s, font: f), c, at: p)
    }
    /// `block` laid out with its top-left at `p` (a `width` block spans `p.x…p.x + width`).
    public mutating func text(_ block: TextBlock, _ c: Color, at p: Point) {
        guard !block.text.isEmpty, c.a > 0 else { return }
        commands.append(.text(block, c, origin: p + offset))
    }
    /// The image file at `path` scaled into `r` (local points), with `opacity` from 0 (invisible)
    /// to 1; fit the aspect first (`Rect.fitting(aspect:)`).
    public mutating func image(_ path: String, in r: Rect, opacity: Double = 1) {
        commands.append(.image(path: path, r.offset(by: offset), opacity: opacity))
    }
    /// `b`'s pixels scaled into `r` (local points) with `opacity` 0...1; the renderer uploads each
    /// bitmap once, by its id.
    public mutating func bitmap(_ b: Bitmap, in r: Rect, opacity: Double = 1) {
        commands.append(.bitmap(b, r.offset(by: offset), opacity: opacity))
    }
    /// The recorded drawing `p` scaled into `r` (local points) with `opacity` 0...1; rasterised
    /// once per pixel size.
    public mutating func picture(_ p: Picture, in r: Rect, opacity: Double = 1) {
        commands.append(.picture(p, r.offset(by: offset), opacity: opacity))
    }
    /// Limits later commands to `r` (local points) intersected with the current clip, until the
    /// matching ``DrawList/popClip()``.
    public mutating func pushClip(_ r: Rect) {
        let abs = r.offset(by: offset)
        let c = clips.last.map { $0.intersection(abs) } ?? abs
        clips.append(c)
        commands.append(.pushClip(c))
    }
    /// Ends the innermost clip; does nothing when no clip is pushed.
    public mutating func popClip() {
        guard !clips.isEmpty else { return }
        clips.removeLast()
        commands.append(.popClip)
    }
    /// The current clip in window points, if any.
    public var clip: Rect? { clips.last }
    /// Appends `other`'s commands unchanged (they are already in window points: this list's offset
    /// and clip are not applied).
    public mutating func append(contentsOf other: DrawList) { commands.append(contentsOf: other.commands) }

    /// This list mapped by `p ↦ p * scale + translation`, fonts scaled too unless `scalesFonts`
    /// is false (brief transitions, where re-rasterising text at every size would be wasted).
    /// The presenter uses it to show the audience view as a live preview inside its own window.
    public func transformed(scale s: Double, translation t: Point, scalesFonts: Bool = true) -> DrawList {
        func P(_ p: Point) -> Point { Point(p.x * s + t.x, p.y * s + t.y) }
        func R(_ r: Rect) -> Rect { r.scaled(by: s).offset(by: t) }
        var out = DrawList()
        out.commands = commands.map {
            switch $0 {
            case let .fill(r, c, radius): .fill(R(r), c, radius: radius * s)
            case let .stroke(r, c, w, radius): .stroke(R(r), c, width: max(1, w * s), radius: radius * s)
            case let .polygon(pts, c): .polygon(pts.map(P), c)
            case let .line(a, b, c, w): .line(P(a), P(b), c, width: max(1, w * s))
            case let .text(b, c, o): .text(scalesFonts ? b.scaled(by: s) : b, c, origin: P(o))
            case let .image(path, r, o): .image(path: path, R(r), opacity: o)
            case let .bitmap(b, r, o): .bitmap(b, R(r), opacity: o)
            case let .picture(p, r, o): .picture(p, R(r), opacity: o)
            case let .pushClip(r): .pushClip(R(r))
            case .popClip: .popClip
            case let .shape(sh, c, k, o): .shape(sh, c, scale: k * s, offset: P(o))
            }
        }
        return out
    }
}

extension DrawList {
    /// This list with every colour's alpha (and image opacity) multiplied by `alpha` (0…1).
    public func faded(_ alpha: Double) -> DrawList {
        guard alpha < 1 else { return self }
        var out = DrawList()
        out.commands = commands.map {
            switch $0 {
            case let .fill(r, c, radius): .fill(r, c.withAlpha(alpha), radius: radius)
            case let .stroke(r, c, w, radius): .stroke(r, c.withAlpha(alpha), width: w, radius: radius)
            case let .polygon(pts, c): .polygon(pts, c.withAlpha(alpha))
            case let .line(a, b, c, w): .line(a, b, c.withAlpha(alpha), width: w)
            case let .text(b, c, o): .text(b, c.withAlpha(alpha), origin: o)
            case let .image(path, r, o): .image(path: path, r, opacity: o * alpha)
            case let .bitmap(b, r, o): .bitmap(b, r, opacity: o * alpha)
            case let .picture(p, r, o): .picture(p, r, opacity: o * alpha)
            case .pushClip, .popClip: $0
            case let .shape(sh, c, k, o): .shape(sh, c.withAlpha(alpha), scale: k, offset: o)
            }
        }
        return out
    }
}

extension DrawList {
    /// True while `WindowRoot.prepareFrame` walks a frame that is not shown (before its window
    /// exists): views start their slow work (a page render on a worker thread) instead of doing
    /// it on the main thread, and draw what they would meanwhile. Computed, so `DrawList`'s
    /// layout, which plugins are compiled against (`PluginEntry.layoutFingerprint`), is unchanged.
    @MainActor public var isPreparing: Bool { DrawList.preparingFrames > 0 }
    /// Frames being prepared now (`WindowRoot.prepareFrame`; main thread only).
    @MainActor static var preparingFrames = 0
}
