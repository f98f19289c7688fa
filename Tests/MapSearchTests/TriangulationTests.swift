import PodiumKit
import XCTest
@testable import MapSearchScene

final class TriangulationTests: XCTestCase {
    func area(_ pts: [Point]) -> Double { abs(Triangulation.signedArea2(pts)) / 2 }

    func testConvexity() {
        XCTAssertTrue(Triangulation.isConvex([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]))
        XCTAssertTrue(Triangulation.isConvex([Point(0, 10), Point(10, 10), Point(10, 0), Point(0, 0)]), "either winding")
        XCTAssertFalse(Triangulation.isConvex([Point(0, 0), Point(10, 0), Point(10, 10), Point(5, 3), Point(0, 10)]))
        XCTAssertFalse(Triangulation.isConvex([Point(0, 0), Point(1, 1)]))
    }

    func testConcaveShapesAreCoveredExactly() {
        let L = [Point(0, 0), Point(20, 0), Point(20, 5), Point(5, 5), Point(5, 20), Point(0, 20)]
        let U = [Point(0, 0), Point(30, 0), Point(30, 30), Point(20, 30), Point(20, 10), Point(10, 10), Point(10, 30), Point(0, 30)]
        for (shape, reversed) in [(L, false), (L.reversed(), true), (U, false), (U.reversed(), true)] {
            let tri = Triangulation.triangulate(Array(shape))
            XCTAssertEqual(tri.count, (shape.count - 2) * 3, "n − 2 triangles (reversed: \(reversed))")
            var sum = 0.0
            for i in stride(from: 0, to: tri.count, by: 3) {
                let t = [shape[Int(tri[i])], shape[Int(tri[i + 1])], shape[Int(tri[i + 2])]]
                XCTAssertTrue(Triangulation.isConvex(t), "each triangle is non-degenerate")
                sum += area(t)
            }
            XCTAssertEqual(sum, area(Array(shape)), accuracy: 1e-9, "triangles cover the polygon once")
        }
    }

    func testConvexPiecesCoverTheShapeWithFewerPolygons() {
        let U = [Point(0, 0), Point(30, 0), Point(30, 30), Point(20, 30), Point(20, 10), Point(10, 10), Point(10, 30), Point(0, 30)]
        let pieces = Triangulation.convexPieces(U)
        XCTAssertLessThan(pieces.count, 6, "fewer pieces than the six triangles")
        XCTAssertGreaterThanOrEqual(pieces.count, 3, "a U needs at least three convex pieces")
        var sum = 0.0
        for p in pieces {
            let pts = p.map { U[$0] }
            XCTAssertTrue(Triangulation.isConvex(pts))
            sum += area(pts)
        }
        XCTAssertEqual(sum, area(U), accuracy: 1e-9)
        XCTAssertEqual(Triangulation.convexPieces([Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4)]).count, 1)
    }

    func testDuplicatesAndClosingPointAreIgnored() {
        let sq = [Point(0, 0), Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4), Point(0, 0)]
        XCTAssertEqual(Triangulation.triangulate(sq).count, 6)
        XCTAssertEqual(Triangulation.triangulate([Point(0, 0), Point(1, 1)]), [])
    }

    func testSelfIntersectingInputStillTerminates() {
        let bowtie = [Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]
        XCTAssertEqual(Triangulation.triangulate(bowtie).count % 3, 0)
    }
}
