import Foundation
import PodiumTestSupport
import XCTest

/// Trial 17 m3: at launch under openbox, the console's window was mapped decorated at the
/// laptop's origin, its frame wider than the 1280-pixel laptop, so for a grab or two its edge
/// (background and openbox's border) showed on the projector's first columns before it went
/// fullscreen. Here every change of the top-level windows from before the launch until both
/// windows are settled (each fullscreen on its display, both first frames drawn) is read from
/// the X server's events: the console's window and its frames never overlap the projector, and
/// the audience's never the laptop, under openbox and with no window manager.
final class LaunchEdgeXorgTests: XorgPDFTestCase {
    static let laptop = (x: 0, y: 0, width: 1280, height: 800), projector = (x: 1280, y: 0, width: 1920, height: 1080)

    func testUnderOpenboxNeitherWindowEverReachesTheOtherDisplayAtLaunch() throws {
        try startOpenbox()
        try launchAndCheckEveryPlacement()
    }

    func testWithoutAWindowManagerNeitherWindowEverReachesTheOtherDisplayAtLaunch() throws {
        try launchAndCheckEveryPlacement()
    }

    private func launchAndCheckEveryPlacement() throws {
        let watch = try TopLevelWindowEvents(rig: rig, file: path("top-level-events.txt"))
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let settled = poll(30) { () -> Bool? in
            guard app.log.contains("first frame of both windows"),
                  (try? self.xWindow("Podium Presenter"))?.frame == [0, 0, 1280, 800],
                  (try? self.xWindow("Podium Audience"))?.frame == [1280, 0, 1920, 1080] else { return nil }
            return true
        }
        XCTAssertEqual(settled, true, "each window fullscreen on its display: presenter \(String(describing: try? xWindow("Podium Presenter"))), "
                       + "audience \(String(describing: try? xWindow("Podium Audience")))\n\(app.log)")
        let presenter = try watch.client(titled: "Podium Presenter"), audience = try watch.client(titled: "Podium Audience")
        let events = try watch.stop()
        let on = { (w: UInt, area: (x: Int, y: Int, width: Int, height: Int)) in TopLevelWindowEvents.showings(of: w, in: events, overlapping: area) }
        // What the events say matches what the X server has now: each window seen on its own display.
        XCTAssertFalse(on(presenter, Self.laptop).isEmpty, "the console's window was never seen mapped on the laptop (\(events.count) events)")
        XCTAssertFalse(on(audience, Self.projector).isEmpty, "the audience window was never seen mapped on the projector (\(events.count) events)")
        XCTAssertEqual(on(presenter, Self.projector), [], "the console reached the projector\n\(app.log)")
        XCTAssertEqual(on(audience, Self.laptop), [], "the audience window reached the laptop\n\(app.log)")
    }
}
