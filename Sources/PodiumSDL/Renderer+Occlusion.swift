import CSDL2
import PodiumKit

/// What a partial frame need not draw: commands whose pixels inside the damaged rectangle a later
/// opaque command (a fill, a page, a tile) paints over wholly, under whatever clip each is drawn.
/// The console's previews stack a black letterbox, the audience's background and the scene's
/// background under every page; an advance redrew all of them before the page covered them
/// (SDL_FillRect was 38 % of Podium's CPU per advance).
struct Occlusion {
    /// Per command: drawing it changes no pixel of the rectangle (hidden or outside).
    var hidden: [Bool]
    /// The window's background is covered wholly.
    var backgroundHidden: Bool
    /// Fills partly covered: the parts (pixels) still to paint, by command index (the page in
    /// the console's scene area covers its view's background but for a pixel's margin).
    var fillParts: [Int: [IntRect]] = [:]
    /// The window's background still to paint when partly covered (nil: all of the rectangle).
    var backgroundParts: [IntRect]?
}

/// What each command of a frame paints, once per frame for all its damaged rectangles: its pixel
/// bounds (nil: nothing to decide), the innermost clip it is drawn under, and the pixels it
/// surely paints opaque.
struct OcclusionInput {
    var bounds: [IntRect?], clips: [IntRect?], interiors: [IntRect?]
}

extension Renderer {
    /// `commands` measured for `occlusion(of:in:)`. Clips follow the renderer: the innermost clip
    /// in force alone (`execute`).
    func occlusionInput(_ commands: [DrawCommand]) -> OcclusionInput {
        var input = OcclusionInput(bounds: .init(repeating: nil, count: commands.count), clips: .init(repeating: nil, count: commands.count),
                                   interiors: .init(repeating: nil, count: commands.count))
        var clips: [IntRect] = []
        for (i, c) in commands.enumerated() {
            switch c {
            case let .pushClip(r):
                let p = px(r)
                clips.append(IntRect(x: Int32(pixel: p.x.rounded(.down)), y: Int32(pixel: p.y.rounded(.down)), w: Int32(pixel: p.w.rounded(.up)), h: Int32(pixel: p.h.rounded(.up))))
                continue
            case .popClip:
                _ = clips.popLast()
                continue
            case let .bitmap(_, _, opacity) where opacity <= 0:
                continue
            default: break
            }
            input.bounds[i] = pixelBounds(c)
            input.clips[i] = clips.last
            input.interiors[i] = opaqueInterior(c)
        }
        return input
    }

    /// Which of `commands` repainting `rect` (pixels) may skip, each confined to `rect` and its
    /// clip. A bitmap named ahead (opacity 0) and clip commands are never skipped; a bitmap
    /// skipped is still counted as drawn (`touch`).
    func occlusion(of rect: IntRect, in commands: [DrawCommand], input: OcclusionInput? = nil) -> Occlusion {
        let input = input ?? occlusionInput(commands)
        // Pass 1: the area each command paints inside `rect`, and the opaque covers.
        var areas = [IntRect?](repeating: nil, count: commands.count)
        var covers: [(index: Int, rect: IntRect)] = []
        for i in commands.indices {
            guard let b = input.bounds[i] else { continue }
            let clip = input.clips[i]?.intersection(rect) ?? rect
            areas[i] = b.intersection(clip)
            if let inner = input.interiors[i] {
                let r = inner.intersection(clip)
                if !r.isEmpty { covers.append((i, r)) }
            }
        }
        // Pass 2: hidden when empty or inside a cover drawn later; a fill partly under one is
        // painted only around the largest (SDL_FillRect was still a tenth of an advance).
        var occ = Occlusion(hidden: [Bool](repeating: false, count: commands.count), backgroundHidden: covers.contains { $0.rect.contains(rect) })
        for (i, a) in areas.enumerated() {
            guard let a else { continue }
            occ.hidden[i] = a.isEmpty || covers.contains { $0.index > i && $0.rect.contains(a) }
            if !occ.hidden[i], case .fill = commands[i], let parts = Self.uncovered(a, by: covers.lazy.filter { $0.index > i }.map(\.rect)) {
                occ.fillParts[i] = parts
            }
        }
        if !occ.backgroundHidden { occ.backgroundParts = Self.uncovered(rect, by: covers.map(\.rect)) }
        return occ
    }

    /// `area` less the one of `covers` hiding most of it (up to four bands), nil when none
    /// hides a worthwhile part (a tenth).
    static func uncovered<S: Sequence>(_ area: IntRect, by covers: S) -> [IntRect]? where S.Element == IntRect {
        var best: IntRect?
        for c in covers {
            let i = c.intersection(area)
            if i.area > (best?.area ?? area.area / 10) { best = i }
        }
        return best.map { subtract($0, from: area) }
    }

    /// The pixels SDL's software renderer surely paints opaque for `c` (nil: not an opaque
    /// rectangle): it truncates a rectangle's origin and size to whole pixels.
    private func opaqueInterior(_ c: DrawCommand) -> IntRect? {
        let r: Rect
        switch c {
        case let .fill(f, color, radius) where color.a == 255 && radius <= 0.5: r = f
        case let .bitmap(b, f, opacity) where b.isOpaque && opacity >= 1: r = f
        case let .picture(p, f, opacity) where p.isOpaque && opacity >= 1: r = f
        default: return nil
        }
        let x = r.minX * scale, y = r.minY * scale, w = r.width * scale, h = r.height * scale
        let l = x.rounded(.up), t = y.rounded(.up), right = x.rounded(.down) + w.rounded(.down), bottom = y.rounded(.down) + h.rounded(.down)
        guard right > l, bottom > t, abs(l) < 1e9, abs(t) < 1e9, abs(right) < 1e9, abs(bottom) < 1e9 else { return nil }
        return IntRect(x: Int32(pixel: l), y: Int32(pixel: t), w: Int32(pixel: right - l), h: Int32(pixel: bottom - t))
    }
}

extension IntRect {
    /// Whether `o` lies wholly inside this rectangle (an empty `o` does).
    func contains(_ o: IntRect) -> Bool {
        o.isEmpty || (o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h)
    }
}
