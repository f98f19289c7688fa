import Foundation
import PodiumSDL
import PodiumTestSupport
import XCTest

/// The projector's mode changes mid-talk (Xorg dummy, audience output 1920×1080 → 1280×1024):
/// the room must see the whole page at the new size, not the top-left of the old-size frame.
/// The periodic display check is made 10 minutes long and no control request is sent (a `state`
/// request re-enumerates too) until the change is handled, so only the X server's RandR notice
/// can have noticed it.
final class PDFModeChangeXorgTests: XorgPDFTestCase {
    func testModeChangeIsHandledOnTheRandRNoticeAndTheRoomShowsTheWholePage() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_DISPLAY_CHECK_SECONDS": "600"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s = try c.waitForState { s in
            let a = s["windows"]?.array?.first { $0["role"]?.string == "audience" }
            return a?["visible"]?.bool == true && a?["size"]?["width"]?.number == 1920
        }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        let framesBefore = app.log.components(separatedBy: "audience first frame on DUMMY1").count

        try rig.mode(1, "1280x1024")
        // Only the log is watched now: no request may prompt a re-enumeration.
        let deadline = Date().addingTimeInterval(10)
        func handled() -> Bool {
            let log = app.log
            return log.contains("RandR notice: ~DUMMY1")
                && log.components(separatedBy: "audience first frame on DUMMY1 (1280x1024 px)").count > 1
                && log.components(separatedBy: "audience first frame on DUMMY1").count > framesBefore
        }
        while !handled(), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(handled(), "the mode change was handled on the X server's RandR notice; log:\n\(app.log)")

        // The room's pixels, read back from the X server: page 1's box where the page laid out at
        // 1280×1024 has it (1280×720, 152 px from the top). The old 1920×1080 frame has white
        // there (its box starts at x = 480).
        let (x, y) = (400, 512)
        var room: [UInt8] = []
        for _ in 0..<50 {
            room = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: 1280, y: 0, width: 1280, height: 1024), "read the screen of \(rig.display)")
            let i = (y * 1280 + x) * 4, want = TestPDF.colour(0)
            if [Int(room[i]), Int(room[i + 1]), Int(room[i + 2])] == [want.0, want.1, want.2] { break }
            usleep(20_000)
        }
        let i = (y * 1280 + x) * 4, want = TestPDF.colour(0)
        XCTAssertEqual([Int(room[i]), Int(room[i + 1]), Int(room[i + 2])], [want.0, want.1, want.2], "the room shows the page laid out for 1280×1024")

        // And once the page has rendered at the new size (until then the room sees it scaled
        // from its 1920×1080 rendering), exactly the frame Podium means to show at that size.
        let a = try c.waitForState { s in
            let a = s["windows"]?.array?.first { $0["role"]?.string == "audience" }
            return a?["size"]?["width"]?.number == 1280 && a?["controls"]?.array?.first { $0["id"]?.string == "pdf.audience-page" }?["value"]?.string == "page 1"
        }
        let audience = a["windows"]?.array?.first { $0["role"]?.string == "audience" }
        XCTAssertEqual(audience?["size"]?["height"]?.number, 1024, "the audience view has the new size")
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "source": "tree", "path": .string(path("after.png"))])["ok"]?.bool, true)
        let intended = try PNGImage(path: path("after.png"))
        XCTAssertEqual([intended.width, intended.height], [1280, 1024])
        room = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: 1280, y: 0, width: 1280, height: 1024))
        var differing = 0
        for j in stride(from: 0, to: min(room.count, intended.rgba.count), by: 4)
        where room[j] != intended.rgba[j] || room[j + 1] != intended.rgba[j + 1] || room[j + 2] != intended.rgba[j + 2] { differing += 1 }
        XCTAssertEqual(differing, 0, "the room's pixels are the intended frame")
    }
}
