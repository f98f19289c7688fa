import FoundationEssentials
import Glibc
import PodiumKit

/// Draws the drawing layer as vector draw commands in a page view's points: strokes (lines with
/// round joins), the spotlight's dimming, and the presenter's marks (zoom rectangle, spotlight
/// ring). The renderer rasterises them at the window's own pixel size, so the audience's strokes
/// are as sharp as its page.
enum InkPainter {
    /// `strokes` mapped by `g`, clipped to the page (`g.fit`).
    static func strokes(_ strokes: [InkStroke], _ g: InkGeometry, into list: inout DrawList) {
        guard !strokes.isEmpty else { return }
        list.pushClip(g.fit)
        for s in strokes { stroke(s, g, into: &list) }
        list.popClip()
    }

    static func stroke(_ s: InkStroke, _ g: InkGeometry, into list: inout DrawList) {
        let w = max(1, s.width * g.scale)
        let pts = s.points.map(g.view)
        // The pen is opaque: discs give round caps, and round joins where the line turns enough
        // to open a visible notch (a third of a point at the outer edge); along a smooth curve
        // the segments' overlap covers it, and each disc saved is a renderer call saved. The
        // highlighter is translucent: discs would darken where they overlap, so it is a flat
        // band (a dot for one point).
        let pen = s.kind == .pen
        for i in pts.indices {
            // The highlighter in one piece per segment: seams inside a translucent band would show.
            if i > 0 { segment(pts[i - 1], pts[i], s.color, width: w, split: pen, into: &list) }
            let end = i == 0 || i == pts.count - 1
            if pts.count == 1 || pen && (end || turn(pts[i - 1], pts[i], pts[i + 1]) * w / 2 > 0.33) {
                disc(pts[i], radius: w / 2, s.color, into: &list)
            }
        }
    }

    /// A line from `a` to `b`, in pieces at most four widths long: a rasteriser visits each
    /// triangle's bounding box (SDL's software renderer does), and a long slanted line's box is
    /// mostly empty; short pieces keep the boxes close to the line.
    static func segment(_ a: Point, _ b: Point, _ color: Color, width w: Double, split: Bool, into list: inout DrawList) {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        let pieces = split && abs(dx) > 2 * w && abs(dy) > 2 * w ? min(64, Int((len / (4 * w)).rounded(.up))) : 1
        var from = a
        for k in 1...pieces {
            let t = Double(k) / Double(pieces)
            let to = k == pieces ? b : Point(a.x + dx * t, a.y + dy * t)
            list.line(from, to, color, width: w)
            from = to
        }
    }

    /// The angle (radians) the path turns at `b`.
    static func turn(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y
        return abs(atan2(ux * vy - uy * vx, ux * vx + uy * vy))
    }

    /// A filled circle as a polygon; sides grow with the radius (8 for a thin pen, 24 at most).
    static func disc(_ c: Point, radius r: Double, _ color: Color, into list: inout DrawList) {
        guard r > 0.6 else { return }
        let n = Int(min(24, max(8, r)))
        list.polygon((0..<n).map { i in
            let a = Double(i) / Double(n) * 2 * .pi
            return Point(c.x + r * cos(a), c.y + r * sin(a))
        }, color)
    }

    /// Dims `bounds` (the whole view, letterbox included) except a circle of `radius` at `centre`:
    /// four rectangles round the circle's square and four fans from the square's corners to the
    /// arc (each fan is star-shaped from its first point, as `DrawCommand.polygon` fills it).
    static func spotlight(centre c: Point, radius r: Double, bounds view: Rect, into list: inout DrawList) {
        let dim = Color(0, 0, 0, 0xB0)
        // Whole-point edges, and the outer edge beyond the view (which clips): the renderer
        // truncates fractional rectangles, which would leave a pixel line undimmed.
        let b = view.insetBy(dx: -2, dy: -2)
        let sq = Rect((c.x - r).rounded(), (c.y - r).rounded(), (2 * r).rounded(), (2 * r).rounded())
        let c = sq.center, r = sq.width / 2
        // Full-height strips left and right of the circle's square, and the square's column
        // above and below it: the seams between pieces (where a scaled replay, the presenter's
        // audience preview, can round to a hairline) stay along the square.
        list.fill(Rect(b.minX, b.minY, max(0, sq.minX - b.minX), b.height), dim)
        list.fill(Rect(sq.maxX, b.minY, max(0, b.maxX - sq.maxX), b.height), dim)
        list.fill(Rect(sq.minX, b.minY, sq.width, max(0, sq.minY - b.minY)), dim)
        list.fill(Rect(sq.minX, sq.maxY, sq.width, max(0, b.maxY - sq.maxY)), dim)
        let steps = 16
        for q in 0..<4 {
            let corner = Point(q == 0 || q == 3 ? sq.maxX : sq.minX, q < 2 ? sq.maxY : sq.minY)
            var fan = [corner]
            for i in 0...steps {
                let a = (Double(q) + Double(i) / Double(steps)) * .pi / 2
                fan.append(Point(c.x + r * cos(a), c.y + r * sin(a)))
            }
            list.polygon(fan, dim)
        }
    }

    /// A thin circle outline (the presenter sees where the spotlight is).
    static func ring(centre c: Point, radius r: Double, _ color: Color, into list: inout DrawList) {
        let n = 48
        var last = Point(c.x + r, c.y)
        for i in 1...n {
            let a = Double(i) / Double(n) * 2 * .pi
            let p = Point(c.x + r * cos(a), c.y + r * sin(a))
            list.line(last, p, color, width: 2)
            last = p
        }
    }
}
