import PodiumKit
import XCTest
import PodiumSDL

/// General polygons (map areas, `DrawCommand.shape`) into triangles through GLU's tessellator: concave outlines, holes, islands in holes,
/// rings that cross themselves.
final class TessellationTests: XCTestCase {
    func area(_ pts: [Point]) -> Double { abs(Tessellation.signedArea2(pts)) / 2 }
    func triangles(_ rings: [[Point]]) -> [[Point]] {
        let t = Tessellation.triangles(rings)
        XCTAssertEqual(t.count % 3, 0)
        return stride(from: 0, to: t.count, by: 3).map { Array(t[$0..<$0 + 3]) }
    }
    func covered(_ p: Point, _ tris: [[Point]]) -> Int {
        tris.filter { t in
            let d = [0, 1, 2].map { i -> Double in let a = t[i], b = t[(i + 1) % 3]; return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
            return d.allSatisfy { $0 > 0 } || d.allSatisfy { $0 < 0 }
        }.count
    }

    func testConcaveShapesAreCoveredExactly() {
        let L = [Point(0, 0), Point(20, 0), Point(20, 5), Point(5, 5), Point(5, 20), Point(0, 20)]
        let U = [Point(0, 0), Point(30, 0), Point(30, 30), Point(20, 30), Point(20, 10), Point(10, 10), Point(10, 30), Point(0, 30)]
        for (shape, reversed) in [(L, false), (L.reversed(), true), (U, false), (U.reversed(), true)] {
            let tri = triangles([Array(shape)])
            XCTAssertEqual(tri.count, shape.count - 2, "n − 2 triangles (reversed: \(reversed))")
            var sum = 0.0
            for t in tri {
                XCTAssertNotEqual(Tessellation.signedArea2(t), 0, "each triangle is non-degenerate")
                sum += area(t)
            }
            XCTAssertEqual(sum, area(Array(shape)), accuracy: 1e-9, "triangles cover the polygon once")
        }
        XCTAssertEqual(covered(Point(15.3, 21.1), triangles([U])), 0, "the U's gap is not filled")
        XCTAssertEqual(covered(Point(4.3, 21.7), triangles([U])), 1)
    }

    /// A concave building with two courtyards, one of which holds an island (a ring inside a
    /// hole): filled once everywhere but the courtyards, whichever way the rings wind.
    func testHolesAndIslandsInAConcaveOutline() {
        let outer = [Point(0, 0), Point(100, 0), Point(100, 60), Point(60, 60), Point(60, 100), Point(0, 100)]
        let hole1 = [Point(10, 10), Point(40, 10), Point(40, 40), Point(10, 40)]
        let hole2 = [Point(70, 10), Point(90, 10), Point(90, 50), Point(70, 50)].reversed().map { $0 }
        let island = [Point(20, 20), Point(30, 20), Point(30, 30), Point(20, 30)]
        let tris = triangles([outer, hole1, hole2, island])
        let sum = tris.reduce(0) { $0 + area($1) }
        XCTAssertEqual(sum, area(outer) - area(hole1) - area(hole2) + area(island), accuracy: 1e-9)
        XCTAssertEqual(covered(Point(15.3, 16.1), tris), 0, "courtyard 1 is open")
        XCTAssertEqual(covered(Point(80.3, 31.1), tris), 0, "courtyard 2 is open")
        XCTAssertEqual(covered(Point(23.3, 27.1), tris), 1, "the island is filled")
        XCTAssertEqual(covered(Point(47.3, 53.9), tris), 1)
        XCTAssertEqual(covered(Point(80.3, 81.1), tris), 0, "the notch of the outline is open")
    }

    func testDuplicatesAndClosingPointAreIgnored() {
        let sq = [Point(0, 0), Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4), Point(0, 0)]
        XCTAssertEqual(Tessellation.triangles([sq]).count, 6)
        XCTAssertEqual(Tessellation.triangles([[Point(0, 0), Point(1, 1)]]), [])
        XCTAssertEqual(Tessellation.triangles([]), [])
        XCTAssertEqual(Tessellation.triangles([[Point(0, 0), Point(.nan, 1), Point(1, 0)]]), [], "a point that is not finite")
    }

    /// A bow tie (a ring crossing itself) is two triangles meeting where GLU adds the crossing.
    func testSelfIntersectingInputIsFilledByTheOddRule() {
        let bowtie = [Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]
        let tris = triangles([bowtie])
        XCTAssertEqual(tris.reduce(0) { $0 + area($1) }, 50, accuracy: 1e-9)
        XCTAssertTrue(tris.contains { $0.contains(Point(5, 5)) }, "a corner at the crossing")
        XCTAssertEqual(covered(Point(5.1, 2.3), tris), 0, "between the wings")
        XCTAssertEqual(covered(Point(8.1, 5.3), tris), 1)
    }
}
