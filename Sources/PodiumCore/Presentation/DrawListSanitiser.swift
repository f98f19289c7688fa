import PodiumKit

/// Makes a scene's draw commands safe for the host's renderer before they join the window's list
/// (`SceneCodeView`). A plugin's arithmetic can hand over an infinite, NaN or absurdly large
/// coordinate (a width divided by an empty list's count); the renderer converts geometry to
/// pixels as Int32 and sums rectangles, which would trap in host code, where the crash is never
/// blamed on the scene and the talk goes down. So:
/// - a command with a non-finite value is dropped (a non-finite clip becomes an empty clip, so
///   what it holds is hidden, never drawn unclipped, and pushes and pops stay paired);
/// - finite coordinates are clamped to ±`limit` points, edge by edge, so what lies on screen is
///   unchanged; sizes and widths to `limit` as well; fonts to `maxFontSize` points.
public enum DrawListSanitiser {
    /// Largest coordinate kept, in points: 2^24 (exact in Float, which SDL draws in), far past any
    /// display; at 4× pixel scale a rectangle's edges and their sums still fit in Int32.
    public static let limit: Double = 16_777_216
    /// Largest font size kept, in points (a 1e9-point font would ask Pango for a giant surface).
    public static let maxFontSize: Double = 2048

    /// What `sanitised(_:)` changed: commands dropped, and the first of them described (for a
    /// log line naming the scene), e.g. "fill with a non-finite rectangle (inf, 0, nan, 40)".
    public struct Report: Equatable, Sendable {
        public var dropped = 0
        public var clamped = 0
        public var first: String?
    }

    /// `commands` with non-finite commands dropped and huge values clamped (see the type's doc).
    public static func sanitised(_ commands: [DrawCommand]) -> (commands: [DrawCommand], report: Report) {
        var report = Report()
        var out: [DrawCommand] = []
        out.reserveCapacity(commands.count)
        for c in commands {
            switch sanitise(c) {
            case .kept(let k): out.append(k)
            case .clamped(let k): out.append(k); report.clamped += 1
            case .dropped(let why, let replacement):
                report.dropped += 1
                if report.first == nil { report.first = why }
                if let replacement { out.append(replacement) }
            }
        }
        return (out, report)
    }

    private enum Outcome { case kept(DrawCommand), clamped(DrawCommand), dropped(String, replacement: DrawCommand?) }

    private static func finite(_ r: Rect) -> Bool { r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite }
    private static func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
    private static func clamp(_ v: Double) -> Double { min(limit, max(-limit, v)) }
    private static func clamp(_ p: Point) -> Point { Point(clamp(p.x), clamp(p.y)) }
    /// `r` with its edges clamped to ±limit (a negative size counts from the origin, as drawn).
    private static func clamp(_ r: Rect) -> Rect {
        guard abs(r.x) > limit || abs(r.y) > limit || abs(r.x + r.width) > limit || abs(r.y + r.height) > limit else { return r }
        let x0 = clamp(r.x), y0 = clamp(r.y), x1 = clamp(r.x + r.width), y1 = clamp(r.y + r.height)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
    private static func length(_ v: Double) -> Double { min(limit, max(0, v)) }
    private static func show(_ r: Rect) -> String { "(\(r.x), \(r.y), \(r.width), \(r.height))" }
    private static func show(_ p: Point) -> String { "(\(p.x), \(p.y))" }

    private static func sanitise(_ c: DrawCommand) -> Outcome {
        let out: DrawCommand
        switch c {
        case let .fill(r, color, radius):
            guard finite(r), radius.isFinite else { return .dropped("fill with a non-finite rectangle \(show(r)) or radius \(radius)", replacement: nil) }
            guard clamp(r) != r || length(radius) != radius else { return .kept(c) }
            out = .fill(clamp(r), color, radius: length(radius))
        case let .stroke(r, color, w, radius):
            guard finite(r), w.isFinite, radius.isFinite else { return .dropped("stroke with a non-finite rectangle \(show(r)), width \(w) or radius \(radius)", replacement: nil) }
            guard clamp(r) != r || length(w) != w || length(radius) != radius else { return .kept(c) }
            out = .stroke(clamp(r), color, width: length(w), radius: length(radius))
        case let .polygon(pts, color):
            guard pts.allSatisfy(finite) else { return .dropped("polygon with a non-finite point", replacement: nil) }
            guard pts.contains(where: { clamp($0) != $0 }) else { return .kept(c) }
            out = .polygon(pts.map(clamp), color)
        case let .line(a, b, color, w):
            guard finite(a), finite(b), w.isFinite else { return .dropped("line from \(show(a)) to \(show(b)) width \(w)", replacement: nil) }
            guard clamp(a) != a || clamp(b) != b || length(w) != w else { return .kept(c) }
            out = .line(clamp(a), clamp(b), color, width: length(w))
        case let .text(block, color, origin):
            guard finite(origin), block.font.size.isFinite, block.width.map({ !$0.isNaN }) ?? true else {
                return .dropped("text at \(show(origin)) with font size \(block.font.size)" + (block.width.map { " width \($0)" } ?? ""), replacement: nil)
            }
            guard clamp(origin) != origin || block.font.size != min(maxFontSize, max(0, block.font.size))
                    || block.width.map({ $0 != length($0) }) == true else { return .kept(c) }
            var b = block
            b.font.size = min(maxFontSize, max(0, b.font.size))
            if let w = b.width { b.width = w.isFinite ? length(w) : nil }   // an infinite width wraps nowhere
            out = .text(b, color, origin: clamp(origin))
        case let .image(path, r, opacity):
            guard finite(r), opacity.isFinite else { return .dropped("image in \(show(r)) opacity \(opacity)", replacement: nil) }
            guard clamp(r) != r else { return .kept(c) }
            out = .image(path: path, clamp(r), opacity: opacity)
        case let .bitmap(bm, r, opacity):
            guard finite(r), opacity.isFinite else { return .dropped("bitmap in \(show(r)) opacity \(opacity)", replacement: nil) }
            guard clamp(r) != r else { return .kept(c) }
            out = .bitmap(bm, clamp(r), opacity: opacity)
        case let .picture(p, r, opacity):
            guard finite(r), opacity.isFinite else { return .dropped("picture in \(show(r)) opacity \(opacity)", replacement: nil) }
            guard clamp(r) != r else { return .kept(c) }
            out = .picture(p, clamp(r), opacity: opacity)
        case let .pushClip(r):
            // Dropping a push would unpair its pop; an empty clip hides what it holds instead.
            guard finite(r) else { return .dropped("clip to a non-finite rectangle \(show(r))", replacement: .pushClip(.zero)) }
            guard clamp(r) != r else { return .kept(c) }
            out = .pushClip(clamp(r))
        case .popClip:
            return .kept(c)
        case let .shape(sh, color, scale, offset):
            let b = sh.bounds
            let mapped = Rect(b.x * scale + offset.x, b.y * scale + offset.y, b.width * scale, b.height * scale)
            // Points are kept as they are (tessellation is exact); a shape reaching past the
            // limit is dropped instead, as its points could not be clamped without re-making it.
            guard scale.isFinite, finite(offset), finite(mapped) else { return .dropped("shape scaled \(scale) at \(show(offset))", replacement: nil) }
            guard clamp(mapped) == mapped else { return .dropped("shape reaching \(show(mapped)), past ±\(Int(limit)) points", replacement: nil) }
            return .kept(c)
        @unknown default:
            return .kept(c)
        }
        return .clamped(out)
    }
}
