import PodiumKit

/// What changed between two frames of one window, found by comparing their draw lists: the
/// commands both frames share at the start and at the end paint the same pixels again, so only
/// the differing middle needs drawing. A ticking clock is one changed text command, so only its
/// rectangle is repainted and presented; a frame equal to the last one changes nothing at all.
///
/// Rectangles are in pixels (the renderer's output), integral, and cover anti-aliased edges.
enum FrameDamage {
    /// The pixel rectangle `new` needs repainted over a window showing `old`, nil when the two
    /// paint the same pixels. `bounds` gives a painting command's pixel bounds (nil: paints
    /// nothing). `full` is returned when the changed middle opens or closes a clip, which can
    /// change what the shared commands after it paint.
    static func damage(old: [DrawCommand], new: [DrawCommand], full: IntRect,
                       bounds: (DrawCommand) -> IntRect?) -> IntRect? {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] { oldEnd -= 1; newEnd -= 1 }
        // Clips in force at the start of the middle (shared by both frames).
        var clips: [IntRect] = []
        for c in old[..<start] {
            if case let .pushClip(r) = c { clips.append(bounds(.pushClip(r)).map { clips.last?.intersection($0) ?? $0 } ?? .zero) }
            if case .popClip = c { _ = clips.popLast() }
        }
        var out: IntRect?
        for c in old[start..<oldEnd] + new[start..<newEnd] {
            switch c {
            case .pushClip, .popClip: return full
            default:
                guard var b = bounds(c) else { continue }
                if let clip = clips.last { b = b.intersection(clip) }
                guard !b.isEmpty else { continue }
                out = out.map { $0.union(b) } ?? b
            }
        }
        return out?.intersection(full).nonEmpty
    }
}

/// An integral pixel rectangle.
struct IntRect: Equatable {
    var x: Int32, y: Int32, w: Int32, h: Int32
    static let zero = IntRect(x: 0, y: 0, w: 0, h: 0)
    var isEmpty: Bool { w <= 0 || h <= 0 }
    var nonEmpty: IntRect? { isEmpty ? nil : self }
    /// The smallest integral rectangle holding `x0…x1 × y0…y1` (fractional pixels), grown by
    /// `margin` pixels on every side.
    init(covering x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, margin: Double = 1) {
        let l = (x0 - margin).rounded(.down), t = (y0 - margin).rounded(.down)
        let r = (x1 + margin).rounded(.up), b = (y1 + margin).rounded(.up)
        x = Int32(clamping: Int(max(-1e9, min(1e9, l)))); y = Int32(clamping: Int(max(-1e9, min(1e9, t))))
        w = Int32(clamping: Int(max(0, min(2e9, r - l)))); h = Int32(clamping: Int(max(0, min(2e9, b - t))))
    }
    init(x: Int32, y: Int32, w: Int32, h: Int32) { self.x = x; self.y = y; self.w = w; self.h = h }
    func intersection(_ o: IntRect) -> IntRect {
        let l = max(x, o.x), t = max(y, o.y), r = min(x + w, o.x + o.w), b = min(y + h, o.y + o.h)
        return r > l && b > t ? IntRect(x: l, y: t, w: r - l, h: b - t) : .zero
    }
    func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let l = min(x, o.x), t = min(y, o.y), r = max(x + w, o.x + o.w), b = max(y + h, o.y + o.h)
        return IntRect(x: l, y: t, w: r - l, h: b - t)
    }
    func intersects(_ o: IntRect) -> Bool { !intersection(o).isEmpty }
}
