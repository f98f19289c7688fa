import Foundation
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// `DrawCommand.shape`: concave polygons with holes and islands, filled by the renderer through
/// GLU's tessellator and `SDL_RenderGeometry`, rendered with SDL's offscreen driver and the
/// software renderer and checked pixel by pixel.
@MainActor
final class ShapeFillTests: OffscreenTestCase {
    override class var directoryName: String { "shapes" }

    /// A view that draws its shapes, each mapped by its own scale and offset.
    final class ShapesView: View {
        var shapes: [(PolygonShape, Color, Double, Point)] = []
        override func draw(into list: inout DrawList) {
            for (s, c, k, o) in shapes { list.shape(s, c, scale: k, offset: o) }
        }
    }

    func render(_ shapes: [(PolygonShape, Color, Double, Point)], size: Size = Size(240, 240)) throws -> (PNGImage, PlatformWindow) {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        let v = ShapesView()
        v.shapes = shapes
        root.content.addSubview(v.pinned(.fill()))
        let w = try PlatformWindow(title: "shapes", root: root, size: size, text: text)
        let path = dir.appendingPathComponent("\(UUID()).png").path
        try w.screenshot(to: path)
        return (try PNGImage(path: path), w)
    }

    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r == 255 && p.g == 0 && p.b == 0 }
    func isBackground(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r == 0 && p.g == 0 && p.b == 0 }

    // A concave L-shaped building (the notch at the lower right is outside) with two courtyards,
    // the first holding an island; in a 100 × 100 box.
    let outline = [Point(0, 0), Point(100, 0), Point(100, 60), Point(60, 60), Point(60, 100), Point(0, 100)]
    let courtyard1 = [Point(10, 10), Point(40, 10), Point(40, 40), Point(10, 40)]
    let courtyard2 = [Point(70, 10), Point(90, 10), Point(90, 50), Point(70, 50)]
    let island = [Point(20, 20), Point(30, 20), Point(30, 30), Point(20, 30)]

    /// `shape` in red at twice its size, 20 points in; `at(x, y)` reads the pixel under the
    /// shape's point (x, y).
    func renderDoubled(_ shape: PolygonShape) throws -> (PNGImage, at: (Double, Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let (img, w) = try render([(shape, Color(255, 0, 0), 2, Point(20, 20))])
        w.close()
        return (img, { x, y in img.pixel(Int(20 + 2 * x), Int(20 + 2 * y)) })
    }

    func testConcavePolygonWithHolesAndAnIslandEvenOdd() async throws {
        let (img, at) = try renderDoubled(PolygonShape(rings: [outline, courtyard1, courtyard2.reversed(), island], rule: .evenOdd))
        XCTAssertTrue(isRed(at(5, 5)), "inside the outline")
        XCTAssertTrue(isRed(at(50, 50)), "inside the outline, between the courtyards")
        XCTAssertTrue(isRed(at(30, 80)), "the L's lower arm")
        XCTAssertTrue(isBackground(at(15, 15)), "courtyard 1 stays background")
        XCTAssertTrue(isBackground(at(35, 35)), "courtyard 1 stays background")
        XCTAssertTrue(isBackground(at(80, 30)), "courtyard 2 (wound the other way) stays background")
        XCTAssertTrue(isRed(at(25, 25)), "the island inside courtyard 1 is filled")
        XCTAssertTrue(isBackground(at(80, 80)), "the concave notch stays background")
        XCTAssertTrue(isBackground(img.pixel(10, 10)), "outside the shape")
        // Areas by pixel count: outline 8400 − courtyards 900 + 800 + island 100 = 6800 square
        // points, 4 pixels each at scale 2.
        let filled = img.count(x: 0, y: 0, w: 240, h: 240, where: isRed)
        XCTAssertEqual(Double(filled), 6800 * 4, accuracy: 6800 * 4 * 0.02)
    }

    func testNonZeroRuleKeepsOnlyHolesWoundAgainstTheOutline() async throws {
        // courtyard 1 winds with the outline (no hole under nonzero), courtyard 2 against it (a hole).
        let shape = PolygonShape(rings: [outline, courtyard1, courtyard2.reversed()], rule: .nonZero)
        XCTAssertGreaterThan(Tessellation.signedArea2(outline) * Tessellation.signedArea2(courtyard1), 0, "same winding")
        let (_, at) = try renderDoubled(shape)
        XCTAssertTrue(isRed(at(15, 15)), "a ring wound like the outline adds to it")
        XCTAssertTrue(isBackground(at(80, 30)), "a ring wound against the outline is a hole")
        XCTAssertTrue(isBackground(at(80, 80)), "the concave notch stays background")
        XCTAssertTrue(isRed(at(50, 50)))
    }

    /// A ring crossing itself (a bow tie) is filled by the rule too, and a shape drawn again at
    /// another scale and offset reuses its triangles.
    func testSelfCrossingRingAndReuseAtAnotherScale() async throws {
        let bowtie = PolygonShape(rings: [[Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]])
        let before = ShapeTriangles.shared.tessellations
        let (img, w) = try render([(bowtie, Color(255, 0, 0), 10, Point(10, 10)), (bowtie, Color(255, 0, 0), 5, Point(150, 150))])
        defer { w.close() }
        XCTAssertTrue(isRed(img.pixel(10 + 90, 10 + 50)), "the right wing")
        XCTAssertTrue(isRed(img.pixel(10 + 10, 10 + 50)), "the left wing")
        XCTAssertTrue(isBackground(img.pixel(10 + 50, 10 + 20)), "between the wings")
        XCTAssertTrue(isRed(img.pixel(150 + 45, 150 + 25)), "the small copy's right wing")
        XCTAssertTrue(isBackground(img.pixel(150 + 25, 150 + 10)), "between the small copy's wings")
        XCTAssertEqual(ShapeTriangles.shared.tessellations - before, 1, "one tessellation for both copies")
        // Another window (the presenter's preview of the audience view) reuses them too.
        let (_, w2) = try render([(bowtie, Color(255, 0, 0), 2, Point(0, 0))])
        w2.close()
        XCTAssertEqual(ShapeTriangles.shared.tessellations - before, 1, "one tessellation for every window")
    }

    /// Triangles are kept while their shape lives, and within the budget the least recently
    /// drawn go first.
    func testTrianglesGoWithTheirShapeAndTheBudget() async {
        let cache = ShapeTriangles()
        var square: PolygonShape? = PolygonShape(rings: [courtyard1])
        XCTAssertEqual(cache.triangles(of: square!).count, 12, "two triangles, three corners each")
        cache.endFrame()
        XCTAssertEqual(cache.count, 1)
        square = nil
        cache.endFrame()
        XCTAssertEqual(cache.count, 0, "the shape went, so did its triangles")
        cache.pointBudget = 6
        let a = PolygonShape(rings: [courtyard1]), b = PolygonShape(rings: [courtyard2])
        _ = cache.triangles(of: a); cache.endFrame()
        _ = cache.triangles(of: b); cache.endFrame()
        cache.endFrame()
        XCTAssertEqual(cache.count, 2, "within the budget")
        cache.endFrame()
        XCTAssertEqual(cache.count, 1, "over the budget: the least recently drawn went")
        XCTAssertEqual(cache.tessellations, 3)
        _ = cache.triangles(of: b)
        XCTAssertEqual(cache.tessellations, 3, "b was kept")
    }

    /// Frames that draw no shape (an idle console's clock tick) leave the cache alone while it fits
    /// the budget, but triangles of shapes that went are still dropped within 64 frames.
    func testFramesWithoutShapesDropGoneShapesWithin64Frames() async {
        let cache = ShapeTriangles()
        var square: PolygonShape? = PolygonShape(rings: [courtyard1])
        _ = cache.triangles(of: square!)
        cache.endFrame(); cache.endFrame(); cache.endFrame()
        square = nil
        cache.endFrame()
        XCTAssertEqual(cache.count, 1, "no shape drawn in this frame or the last: not walked")
        for _ in 0..<64 { cache.endFrame() }
        XCTAssertEqual(cache.count, 0, "the shape went, so did its triangles")
    }

    /// The presenter's audience preview maps whole lists: a shape follows that transform.
    func testTransformedListMovesAndScalesAShape() async {
        var list = DrawList()
        list.offset = Point(5, 5)
        let s = PolygonShape(rings: [courtyard1])
        list.shape(s, .white, scale: 2, offset: Point(1, 1))
        guard case let .shape(t, _, k, o) = list.transformed(scale: 0.5, translation: Point(100, 0)).commands[0] else { return XCTFail("a shape") }
        XCTAssertTrue(t === s)
        XCTAssertEqual(k, 1)
        XCTAssertEqual(o, Point(103, 3))
        guard case let .shape(_, c, _, _) = list.faded(0.5).commands[0] else { return XCTFail("a shape") }
        XCTAssertEqual(c.a, 127)
        XCTAssertEqual(s.bounds, Rect(10, 10, 30, 30))
    }

    /// A rounded rectangle at fractional points (a button a stack view placed at x 12.6, 77.35
    /// wide) is filled without a seam: its middle and side pieces meet on the same pixel column
    /// (the band form's Remove button had a dark line near its right end).
    func testRoundedRectangleAtFractionalPointsHasNoSeam() async throws {
        final class Pill: View {
            override func draw(into list: inout DrawList) {
                for i in 0..<8 { list.fill(Rect(12.6 + Double(i) * 0.13, 10 + Double(i) * 26, 77.35 + Double(i) * 0.29, 20), Color(255, 0, 0), radius: 6) }
            }
        }
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        root.content.addSubview(Pill().pinned(.fill()))
        let w = try PlatformWindow(title: "pill", root: root, size: Size(120, 220), text: text)
        defer { w.close() }
        let path = dir.appendingPathComponent("pill.png").path
        try w.screenshot(to: path)
        let img = try PNGImage(path: path)
        for i in 0..<8 {
            let d = Double(i)
            let left: Double = 12.6 + d * 0.13
            let right: Double = left + 77.35 + d * 0.29
            let top: Double = 10 + d * 26
            // Every column between the corner arcs, down the pill: no seam across or along it.
            let x = Int(right - 6)   // inside the right arc's column range
            let rows = Int(top + 1)...Int(top + 18)
            let gaps = rows.filter { !isRed(img.pixel(x - 1, $0)) }
            XCTAssertTrue(gaps.isEmpty, "pill \(i): a gap in column \(x - 1): \(gaps)")
            let y = Int(top + 10)   // the middle row of pill i, away from the corners
            let x0 = Int(left.rounded(.up)) + 1, x1 = Int(right.rounded(.down)) - 2
            let holes = (x0...x1).filter { !isRed(img.pixel($0, y)) }
            XCTAssertTrue(holes.isEmpty, "pill \(i): unfilled columns \(holes) in \(x0)…\(x1)")
        }
    }
}
