import Foundation
import PodiumTestSupport
import XCTest

/// Launch (issue 19): before any window exists, `podium present` lays both views out at the
/// sizes their windows will get, from the displays the X server reports, and starts the first
/// pages' renders (`WindowRoot.prepareFrame`, `PresentCommand.prepareFirstFrames`). The launch
/// trace records the order and the sizes; the windows then get exactly those sizes. No timing.
final class LaunchPreparationXorgTests: XorgPDFTestCase {
    func testTheFirstFramesArePreparedAtTheWindowsSizesBeforeAnyWindowExists() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let app = try PodiumProcess(args: [pdf], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_LAUNCH_TRACE": "1"]) { $1 }, dir: dir)
        defer { app.stop() }
        let s = try app.client.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        let log = app.log
        let phases = log.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: " ms CPU: ") else { return nil }
            return String(line[r.upperBound...])
        }
        let prepared = try XCTUnwrap(phases.firstIndex { $0.hasPrefix("first frames prepared") }, log)
        let window = try XCTUnwrap(phases.firstIndex { $0 == "presenter window" }, log)
        XCTAssertLessThan(prepared, window, "prepared before the first window was made: \(phases)")
        // The next page goes into the console's next preview then too (a scene of the first
        // one's kind), so its render starts with the others and the presenter's first frame has it.
        XCTAssertEqual(phases[prepared], "first frames prepared (page renders started): audience 1920×1080, next preview, presenter 1280×800")
        // The sizes prepared for are the windows' (points, here pixels).
        let sizes = (s["windows"]?.array ?? []).map { w in [w["bounds"]?["width"]?.number ?? 0, w["bounds"]?["height"]?.number ?? 0] }
        XCTAssertEqual(sizes, [[1280, 800], [1920, 1080]], "\(s["windows"] as Any)")
        XCTAssertEqual(app.stop(), 0)
    }
}
