import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Trial 35 F6: in a console 300 pt wide the map's search field (x 8…88) lay under Search (x
/// 43…115), at 260 pt Search sat under the field and Style ended at x 264. Measured with the real
/// text engine: the field and Search take a bar of their own, nothing overlaps or leaves the scene.
@MainActor
final class MapToolbarFitTests: XCTestCase {
    func testTheToolbarWrapsInANarrowConsole() async throws {
        for width in [300.0, 260, 1280] {
            let ctx = FakeSceneContext(pluginID: "org.podium.map-search", dataDirectory: Fixtures.temporaryDirectory("bar\(width)"),
                                       root: WindowRoot(metrics: TextEngine()))
            let s = try makeMapScene(context: ctx)
            ctx.root.resize(to: Size(width, 380))   // a 640 pt tall console's scene area
            ctx.root.layoutIfNeeded()
            let v = s.presenter
            let controls: [View] = [v.field, v.searchButton, v.zoomOut, v.zoomIn, v.styleButton]
            let frames = controls.map { $0.convertToWindow($0.bounds) }
            for (i, f) in frames.enumerated() {
                XCTAssertFalse(controls[i].isHidden, "\(i) at \(width)")
                XCTAssertTrue(Rect(0, 0, width, 380).insetBy(dx: -0.5, dy: -0.5).contains(f), "\(f) inside the scene at \(width)")
                XCTAssertLessThanOrEqual(f.maxY, v.summary.frame.minY + 0.5, "\(f) above the summary at \(width)")
                for g in frames[(i + 1)...] { XCTAssertFalse(f.intersects(g), "\(f) over \(g) at \(width)") }
            }
            XCTAssertGreaterThanOrEqual(frames[0].width, MapSearchPresenterView.fieldLeast, "the field's room at \(width)")
            XCTAssertEqual(v.twoRows, width < 700, "one bar at \(width) pt")
            XCTAssertGreaterThanOrEqual(v.map.frame.minY, v.summary.frame.maxY, "the map under the bars at \(width)")
        }
    }
}
