import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// A projector plugged in mid-talk (Xorg dummy: presenter 1280×800 alone, then DUMMY1 at
/// 1600×900, a size no page was rendered at): the room's first frame on it is the current page,
/// scaled from a rendering Podium already has, while the page renders at the new size; then the
/// sharp page. The page's render is held (`PODIUM_PDF_HOLD_PAGE`, released by a file the test
/// writes), so "still rendering" is a fact, not a timing: before, the window stayed black (or
/// showed the screen's stale pixels) until that render was done.
final class PDFHotPlugFirstFrameXorgTests: XorgPDFTestCase {
    override func setUpWithError() throws { rig = try XorgRig(monitors: ["1280x800"]) }

    func testThePlugsFirstFrameIsThePageWhileItRendersAtTheNewSize() throws {
        try checkPlug(windowManager: false)
    }

    /// With a window manager SDL waits for its answer to the fullscreen request (up to 100 ms):
    /// the page is drawn before that wait.
    func testThePlugsFirstFrameIsThePageUnderAWindowManager() throws {
        try checkPlug(windowManager: true)
    }

    func audienceValue(_ s: JSONValue) -> String? {
        s["windows"]?.array?.first { $0["role"]?.string == "audience" }?["controls"]?.array?
            .first { $0["id"]?.string == "pdf.audience-page" }?["value"]?.string
    }

    func checkPlug(windowManager: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        if windowManager { try startOpenbox() }
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let release = path("release")
        FileManager.default.createFile(atPath: release, contents: Data())
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_PDF_HOLD_PAGE": "1:\(release)"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { FileManager.default.createFile(atPath: release, contents: Data()); app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.waitForState { $0["displays"]?.array?.count == 1 }["driver"]?.string, "x11", "SDL used the X server", file: file, line: line)
        let deadline = Date().addingTimeInterval(10)
        while !app.log.contains("presenter preview shows the audience"), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(app.log.contains("presenter preview shows the audience"), "the room's view is in the console's preview", file: file, line: line)

        // From now on page 1 renders at no new size until the test says so.
        try FileManager.default.removeItem(atPath: release)
        try rig.plug(1, "1600x900")
        let first = "audience first frame on DUMMY1 (1600x900 px)"
        let plugDeadline = Date().addingTimeInterval(10)
        while !app.log.contains(first), Date() < plugDeadline { usleep(10_000) }
        XCTAssertTrue(app.log.contains(first), "the room got a frame on the projector while its page rendered at the new size; log:\n\(app.log)", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: release))

        // The room's pixels, read back from the X server while page 1 is still held: page 1's
        // box where the page laid out at 1600×900 has it, white paper beside it, nothing black.
        let held = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: 1280, y: 0, width: 1600, height: 900), "read the screen of \(rig.display)")
        let want = TestPDF.colour(0)
        func rgb(_ px: [UInt8], _ x: Int, _ y: Int) -> [Int] { let i = (y * 1600 + x) * 4; return [Int(px[i]), Int(px[i + 1]), Int(px[i + 2])] }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 12 } }
        XCTAssertTrue(near(rgb(held, 600, 450), [want.0, want.1, want.2]), "page 1's box in the room while it renders: \(rgb(held, 600, 450))", file: file, line: line)
        XCTAssertTrue(near(rgb(held, 1400, 450), [255, 255, 255]), "the page's paper beside it: \(rgb(held, 1400, 450))", file: file, line: line)
        var black = 0
        for i in stride(from: 0, to: held.count, by: 4) where held[i] < 16 && held[i + 1] < 16 && held[i + 2] < 16 { black += 1 }
        XCTAssertLessThan(black, 1600 * 900 / 50, "the room is not black", file: file, line: line)
        let s = try c.send(["cmd": "state"])
        XCTAssertEqual(audienceValue(s), "page 1, rendering", "the page at 1600×900 is still rendering", file: file, line: line)

        // Released: the page rendered at the new size, and the room shows exactly that frame.
        FileManager.default.createFile(atPath: release, contents: Data())
        try c.waitForState { self.audienceValue($0) == "page 1" }
        var room: [UInt8] = [], intended: PNGImage?
        for _ in 0..<50 {
            room = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: 1280, y: 0, width: 1600, height: 900))
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "source": "tree", "path": .string(path("sharp.png"))])["ok"]?.bool, true)
            intended = try PNGImage(path: path("sharp.png"))
            if differing(room, intended!.rgba) == 0 { break }
            usleep(20_000)
        }
        XCTAssertEqual([intended?.width, intended?.height], [1600, 900], file: file, line: line)
        XCTAssertEqual(differing(room, intended?.rgba ?? []), 0, "the room's pixels are the page rendered at 1600×900", file: file, line: line)
        XCTAssertEqual(app.stop(), 0, file: file, line: line)
    }

    /// Pixels whose R, G or B differ.
    func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var n = 0
        for i in stride(from: 0, to: a.count, by: 4) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] { n += 1 }
        return n
    }
}
