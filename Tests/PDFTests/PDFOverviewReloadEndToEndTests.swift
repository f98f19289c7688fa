import XCTest
import PodiumKit
import PodiumTestSupport

/// Trial 11, F2: the overview (which makes every page's scene), then Ctrl+R with the PDF
/// unchanged (every scene kept), then advancing to pages never shown. The kept scenes held the
/// page cache the reload had retired, whose worker refused them: the room got blank paper and the
/// speaker "Rendering page N…" for good. End to end on the offscreen driver, in the room's pixels.
final class PDFOverviewReloadEndToEndTests: PDFTestCase {
    func testPagesStillRenderAfterTheOverviewAndCtrlR() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 12))
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")

        /// The colour at the centre of the page's box on the audience window, `TestPDF`'s layout.
        func audienceBox(_ n: Int) throws -> (Int, Int, Int) {
            let shot = path("aud-\(n).png")
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])["ok"]?.bool, true)
            let img = try PNGImage(path: shot)
            let w = Double(img.width), h = Double(img.height)
            let k = min(w / 800, h / 450), pw = 800 * k, ph = 450 * k
            return img.rgb(Int((w - pw) / 2 + pw * 0.375), Int((h - ph) / 2 + ph * 0.5))
        }
        func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool { abs(a.0 - b.0) <= 8 && abs(a.1 - b.1) <= 8 && abs(a.2 - b.2) <= 8 }
        /// Waits until the room shows page `i`; it must never show anything but page `i - 1` meanwhile.
        func roomReaches(_ i: Int) throws -> Bool {
            for attempt in 0..<100 {
                let box = try audienceBox(i * 1000 + attempt)
                if near(box, TestPDF.colour(i)) { return true }
                XCTAssertTrue(near(box, TestPDF.colour(i - 1)), "page \(i + 1): the room saw \(box), neither it nor the page before (blank paper?)")
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }

        // The overview makes every page's scene and renders its thumbnails; a short wait lets
        // thumbnail renders still be queued or in flight, as a speaker glancing at it does.
        XCTAssertEqual(try c.send(["cmd": "overview"])["ok"]?.bool, true)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Escape"])["ok"]?.bool, true)
        for i in 1...3 {
            XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
            XCTAssertTrue(try roomReaches(i), "page \(i + 1) before the reload")
        }
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+R"])["ok"]?.bool, true)
        _ = try c.waitForState(timeout: 10) { _ in app.log.contains("reloaded") }
        XCTAssertTrue(app.log.contains("reloaded"), app.log)
        XCTAssertTrue(try roomReaches(3), "the page shown before the reload")
        // Pages never shown before the reload: each renders and reaches the room.
        for i in 4...8 {
            XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
            XCTAssertTrue(try roomReaches(i), "page \(i + 1) after the overview and Ctrl+R")
        }
        let s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 8)
        let presenter = s["windows"]?.array?.first { $0["role"]?.string == "presenter" }
        XCTAssertFalse("\(presenter ?? .null)".contains("rendering"), "the speaker's page is not stuck rendering")
        // A second Ctrl+R, then back to a page rendered before: still the page, never blank paper.
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+R"])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertTrue(try roomReaches(9), "page 10 after a second Ctrl+R")
        XCTAssertEqual(app.stop(), 0)
    }
}
