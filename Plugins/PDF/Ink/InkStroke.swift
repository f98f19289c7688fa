import FoundationEssentials
import Glibc
import PodiumKit

/// One stroke of the pen or highlighter on a PDF page, kept as vectors: points in page points
/// (PDF user space with the origin top-left, y down, as `PDFDocument.pageSizes`), so every view
/// draws it at its own scale (the audience's 4K window as sharply as the presenter's).
struct InkStroke: Equatable, Sendable {
    enum Kind: String, Sendable { case pen, highlighter }
    var kind: Kind
    var color: Color
    /// Line width in page points.
    var width: Double
    /// Page points, in drawing order; one point is a dot.
    var points: [Point]

    /// The stroke's look on a slide `pageWidth` points wide (half a Beamer notes page): the pen a
    /// red line 0.4 % of its width, the highlighter a translucent yellow band 2.5 %.
    static func new(_ kind: Kind, at p: Point, pageWidth: Double) -> InkStroke {
        switch kind {
        case .pen: InkStroke(kind: kind, color: Color(0xE0, 0x1E, 0x1E), width: pageWidth * 0.004, points: [p])
        case .highlighter: InkStroke(kind: kind, color: Color(0xFF, 0xE0, 0x00, 0x70), width: pageWidth * 0.025, points: [p])
        }
    }

    /// This stroke with the points that lie within `tolerance` page points of the line through
    /// their neighbours left out (Ramer–Douglas–Peucker): a mouse reports a point every pixel or
    /// two, most of them on nearly straight runs; fewer points draw faster and save smaller.
    func simplified(tolerance: Double) -> InkStroke {
        guard points.count > 2 else { return self }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true; keep[points.count - 1] = true
        var spans = [(0, points.count - 1)]
        while let (a, b) = spans.popLast() {
            guard b > a + 1 else { continue }
            var far = a, farthest = -1.0
            for i in a + 1..<b {
                let d = Self.distance(points[i], points[a], points[b])
                if d > farthest { farthest = d; far = i }
            }
            if farthest > tolerance { keep[far] = true; spans.append((a, far)); spans.append((far, b)) }
        }
        var out = self
        out.points = points.indices.filter { keep[$0] }.map { points[$0] }
        return out
    }

    /// Whether a disc of `radius` page points at `p` touches the stroke (its width included):
    /// the eraser removes whole strokes it touches.
    func touches(_ p: Point, radius: Double) -> Bool {
        let reach = radius + width / 2
        if points.count == 1 { return Self.distance(p, points[0], points[0]) <= reach }
        for i in 1..<points.count where Self.distance(p, points[i - 1], points[i]) <= reach { return true }
        return false
    }

    /// Whether the eraser's path from `a` to `b` (a disc of `radius` page points swept along it)
    /// touches the stroke: a quick swipe reports points far apart, and the stroke may lie between.
    func touches(from a: Point, to b: Point, radius: Double) -> Bool {
        let reach = radius + width / 2
        if points.count == 1 { return Self.distance(points[0], a, b) <= reach }
        for i in 1..<points.count where Self.distance(a, b, points[i - 1], points[i]) <= reach { return true }
        return false
    }

    /// Distance between the segments `a`–`b` and `c`–`d` (0 when they cross).
    static func distance(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = side(a, b, c), d2 = side(a, b, d), d3 = side(c, d, a), d4 = side(c, d, b)
        if (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) { return 0 }
        return min(distance(a, c, d), distance(b, c, d), distance(c, a, b), distance(d, a, b))
    }

    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
        let t = len2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
        let qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y
        return (qx * qx + qy * qy).squareRoot()
    }

}

/// JSON (the drawings sidecar).
extension InkStroke {
    var json: JSONValue {
        // Two decimals of a point (1/7200 inch) is far below any display's pixel.
        func r(_ v: Double) -> JSONValue { .number((v * 100).rounded() / 100) }
        return ["tool": .string(kind.rawValue), "color": .string(color.hexString), "width": r(width),
                "points": .array(points.map { .array([r($0.x), r($0.y)]) })]
    }

    /// Reads a stroke; throws `JSONPathError` at `path` naming the field and value.
    init(json v: JSONValue, path: String) throws {
        guard v.object != nil else { throw JSONPathError(path: path, message: "expected a stroke object, found \(v.typeName)") }
        guard let t = v["tool"]?.string, let k = Kind(rawValue: t) else {
            throw JSONPathError(path: "\(path).tool", message: "expected \"pen\" or \"highlighter\", found \(v["tool"]?.found ?? "nothing")")
        }
        guard let c = v["color"]?.string, let colour = Color(hex: c) else {
            throw JSONPathError(path: "\(path).color", message: "expected a colour like \"#e01e1e\", found \(v["color"]?.found ?? "nothing")")
        }
        guard let w = v["width"]?.number, w > 0, w <= 1000 else {
            throw JSONPathError(path: "\(path).width", message: "expected a width in page points (0 < width ≤ 1000), found \(v["width"]?.found ?? "nothing")")
        }
        guard let list = v["points"]?.array, !list.isEmpty, list.count <= 100_000 else {
            throw JSONPathError(path: "\(path).points", message: "expected 1 to 100000 [x, y] pairs, found \(v["points"]?.found ?? "nothing")")
        }
        var pts: [Point] = []
        pts.reserveCapacity(list.count)
        for (i, q) in list.enumerated() {
            guard let a = q.array, a.count == 2, let x = a[0].number, let y = a[1].number, abs(x) < 1e6, abs(y) < 1e6 else {
                throw JSONPathError(path: "\(path).points[\(i)]", message: "expected [x, y] in page points, found \(q.found)")
            }
            pts.append(Point(x, y))
        }
        self.init(kind: k, color: colour, width: w, points: pts)
    }
}

extension Color {
    /// `#rrggbb`, or `#rrggbbaa` when not opaque (what `Color(hex:)` reads).
    var hexString: String {
        let h = [r, g, b] + (a == 255 ? [] : [a])
        return "#" + h.map { String($0, radix: 16).leftPadded(2) }.joined()
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
