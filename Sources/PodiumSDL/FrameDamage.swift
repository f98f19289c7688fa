import PodiumKit

/// What changed between two frames of one window, found by comparing their draw lists: the
/// commands both frames share at the start and at the end paint the same pixels again, so only
/// the differing middle needs drawing. A ticking clock is one changed text command, so only its
/// rectangle is repainted and presented; a frame equal to the last one changes nothing at all.
///
/// Rectangles are in pixels (the renderer's output), integral, and cover anti-aliased edges.
enum FrameDamage {
    /// The pixel rectangles `new` needs repainted over a window showing `old`, nil when the two
    /// paint the same pixels. `bounds` gives a painting command's pixel bounds (nil: paints
    /// nothing). The lists are compared command by command (`CommandDiff`): a command only one of
    /// them has is damage within the clips it is drawn under there, and a command both have is
    /// damage only when the clips it is drawn under differ. So an advance repaints the console's
    /// page, previews and labels, not the panels and clips between them. `[full]` is returned when
    /// more than `maxEdits` commands differ and the change opens or closes a clip (the old way:
    /// the commands after it could paint differently). Changes far apart stay separate
    /// rectangles, at most `maxRects` of them (the nearest merge first); overlapping ones merge.
    ///
    /// `replaced`, given a bitmap command the old list drops and one the new list puts in its
    /// place (between the same unchanged commands, under the same clip), may answer the pixels
    /// where the two paint differently (a page's tiles that differ: `TileDiff`), or nil (their
    /// bounds, as for any other change).
    static func damage(old: [DrawCommand], new: [DrawCommand], full: IntRect,
                       bounds: (DrawCommand) -> IntRect?, maxRects: Int = 6, maxEdits: Int = 160,
                       replaced: ((DrawCommand, DrawCommand) -> [IntRect]?)? = nil) -> [IntRect]? {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] { oldEnd -= 1; newEnd -= 1 }
        // Clips in force at the start of the middle (shared by both frames).
        var clips: [IntRect] = []
        for c in old[..<start] { apply(c, to: &clips, bounds: bounds) }
        var rects: [IntRect] = []
        func add(_ r: IntRect?, under clip: IntRect?) {
            guard var b = r else { return }
            if let clip { b = b.intersection(clip) }
            b = b.intersection(full)
            if !b.isEmpty { rects.append(b) }
        }
        func add(_ c: DrawCommand, under clip: IntRect?) { add(bounds(c), under: clip) }
        if let steps = CommandDiff.steps(old[start..<oldEnd], new[start..<newEnd], maxEdits: maxEdits) {
            var oldClips = clips, newClips = clips
            // Bitmaps dropped since the last unchanged command, which one put in may replace.
            var dropped: [(c: DrawCommand, clip: IntRect?)] = []
            for s in steps {
                switch s {
                case let .keep(_, j):
                    for d in dropped { add(d.c, under: d.clip) }
                    dropped = []
                    let c = new[j]
                    if isClip(c) { apply(c, to: &oldClips, bounds: bounds); apply(c, to: &newClips, bounds: bounds) }
                    else if oldClips.last != newClips.last { add(c, under: oldClips.last); add(c, under: newClips.last) }
                case let .delete(i):
                    if isClip(old[i]) { apply(old[i], to: &oldClips, bounds: bounds) }
                    else if replaced != nil, case .bitmap = old[i] { dropped.append((old[i], oldClips.last)) }
                    else { add(old[i], under: oldClips.last) }
                case let .insert(j):
                    if isClip(new[j]) { apply(new[j], to: &newClips, bounds: bounds); continue }
                    if let replaced, case .bitmap = new[j],
                       let (k, parts) = dropped.indices.lazy.compactMap({ k in dropped[k].clip == newClips.last ? replaced(dropped[k].c, new[j]).map { (k, $0) } : nil }).first {
                        dropped.remove(at: k)
                        for p in parts { add(p, under: newClips.last) }
                    } else {
                        add(new[j], under: newClips.last)
                    }
                }
            }
            for d in dropped { add(d.c, under: d.clip) }
            // The shared commands after the middle paint the same only under the same clips.
            if oldClips != newClips { return [full] }
        } else {
            for c in old[start..<oldEnd] + new[start..<newEnd] {
                if isClip(c) { return [full] }
                add(c, under: clips.last)
            }
        }
        return merged(rects, maxRects: maxRects).nonEmpty
    }

    private static func isClip(_ c: DrawCommand) -> Bool {
        switch c {
        case .pushClip, .popClip: true
        default: false
        }
    }

    /// Follows a clip command: the stack holds the intersection of the clips in force.
    private static func apply(_ c: DrawCommand, to clips: inout [IntRect], bounds: (DrawCommand) -> IntRect?) {
        if case let .pushClip(r) = c { clips.append(bounds(.pushClip(r)).map { clips.last?.intersection($0) ?? $0 } ?? .zero) }
        if case .popClip = c { _ = clips.popLast() }
    }

    /// `rects` with every overlapping (or nearly touching) pair merged into their union, until
    /// none overlap; while more than `maxRects` remain, the pair whose union adds the fewest
    /// pixels merges (labels beside each other, not a page with a label across the window). Many
    /// small changes (a map panned: thousands of commands) go straight to one union.
    static func merged(_ rects: [IntRect], maxRects: Int) -> [IntRect] {
        guard rects.count > 1 else { return rects }
        let all = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        guard rects.count <= 64 else { return [all] }
        var out: [IntRect] = []
        for r in rects {
            var m = r
            // A merge can make the union meet rectangles already kept: look again until none does.
            while let i = out.firstIndex(where: { $0.grown(by: 8).intersects(m) }) { m = m.union(out.remove(at: i)) }
            out.append(m)
        }
        while out.count > max(1, maxRects) {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in 0..<out.count {
                for j in (i + 1)..<out.count {
                    let cost = out[i].union(out[j]).area - out[i].area - out[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            var m = out[best.i].union(out.remove(at: best.j))
            out.remove(at: best.i)
            // The union may now meet others: they join it.
            while let k = out.firstIndex(where: { $0.grown(by: 8).intersects(m) }) { m = m.union(out.remove(at: k)) }
            out.append(m)
        }
        return out
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
        // Edges clamped to ±Int32.pixelLimit, so x + w (and any union or intersection) fits in Int32.
        let x0 = Int32(pixel: l), y0 = Int32(pixel: t)
        x = x0; y = y0; w = max(0, Int32(pixel: r) - x0); h = max(0, Int32(pixel: b) - y0)
    }
    init(x: Int32, y: Int32, w: Int32, h: Int32) { self.x = x; self.y = y; self.w = w; self.h = h }
    // Edges in Int (64-bit) and the result clamped back: a rectangle made from Int32 pixels
    // anywhere (not only `init(covering:)`) never traps here (trial 11 F1).
    private var right: Int { Int(x) + Int(w) }
    private var bottom: Int { Int(y) + Int(h) }
    private static func make(_ l: Int, _ t: Int, _ r: Int, _ b: Int) -> IntRect {
        IntRect(x: Int32(clamping: l), y: Int32(clamping: t), w: Int32(clamping: r - l), h: Int32(clamping: b - t))
    }
    func intersection(_ o: IntRect) -> IntRect {
        let l = max(Int(x), Int(o.x)), t = max(Int(y), Int(o.y)), r = min(right, o.right), b = min(bottom, o.bottom)
        return r > l && b > t ? Self.make(l, t, r, b) : .zero
    }
    func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return Self.make(min(Int(x), Int(o.x)), min(Int(y), Int(o.y)), max(right, o.right), max(bottom, o.bottom))
    }
    func intersects(_ o: IntRect) -> Bool { !intersection(o).isEmpty }
    func grown(by d: Int32) -> IntRect { Self.make(Int(x) - Int(d), Int(y) - Int(d), right + Int(d), bottom + Int(d)) }
    var area: Int { Int(w) * Int(h) }
}

extension Array where Element == IntRect {
    /// Nil when empty.
    var nonEmpty: [IntRect]? { isEmpty ? nil : self }
}
