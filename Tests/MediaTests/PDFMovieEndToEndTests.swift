import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Movies in PDF pages, played in place by `podium present talk.pdf` on SDL's offscreen driver
/// (one display: the console's preview is what the room sees), driven over the control socket.
final class PDFMovieEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-pdf-movie") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// `podium present` on the PDF, and where the page lies in the preview (pixels).
    func present(_ pdf: URL) throws -> (PodiumProcess, Rect) {
        let app = try PodiumProcess(args: [pdf.path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "PODIUM_AUDIO": "null"], dir: dir)
        let state = try app.client.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen", "SDL used the offscreen driver")
        let scale = state["windows"]?.array?.first?["scale"]?.number ?? 1
        let controls = state["windows"]?.array?.first?["controls"]?.array ?? []
        let f = try XCTUnwrap(controls.first { $0["id"]?.string == "console.preview" }?["frame"], "no preview\n\(app.log)")
        let pf = Rect(f["x"]!.number!, f["y"]!.number!, f["width"]!.number!, f["height"]!.number!).scaled(by: scale)
        // The 16:9 page fills the preview's width, centred (the audience view is 4:3 here).
        let h = pf.width * MoviePDF.height / MoviePDF.width
        return (app, Rect(pf.minX, pf.midY - h / 2, pf.width, h))
    }

    func screenshot(_ c: ControlClient, _ name: String) throws -> PNGImage { try PresenterShots(client: c, dir: dir).take(name) }
    func waitForShot(_ c: ControlClient, seconds: Double = 8, _ predicate: (PNGImage) -> Bool) throws -> PNGImage? {
        try PresenterShots(client: c, dir: dir).wait(seconds: seconds, predicate)
    }

    /// The pixel of the preview at unit page coordinates `u`.
    func at(_ shot: PNGImage, _ page: Rect, _ u: (Double, Double)) -> (Int, Int, Int) {
        shot.rgb(Int(page.minX + u.0 * page.width), Int(page.minY + u.1 * page.height))
    }
    func near(_ p: (Int, Int, Int), _ c: (Int, Int, Int)) -> Bool { abs(p.0 - c.0) < 50 && abs(p.1 - c.1) < 50 && abs(p.2 - c.2) < 50 }
    let red = (255, 0, 0), blue = (0, 0, 255), green = (26, 178, 51), white = (255, 255, 255), orange = (242, 140, 26)
    /// Inside the movie's rectangle: its centre and near two corners.
    let movieSpots = [(0.7, 0.4), (0.53, 0.24), (0.87, 0.56)]

    /// The page outside the movie is as the PDF draws it.
    func assertPageIntact(_ shot: PNGImage, _ page: Rect, _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(near(at(shot, page, (0.2, 0.5)), orange), "\(when): the orange box is \(at(shot, page, (0.2, 0.5)))", file: file, line: line)
        for u in [(0.7, 0.15), (0.46, 0.4), (0.7, 0.66), (0.95, 0.4), (0.4, 0.85)] {
            XCTAssertTrue(near(at(shot, page, u), white), "\(when): the paper at \(u) is \(at(shot, page, u))", file: file, line: line)
        }
    }

    func testLinkedClipPlaysInPlaceOnClickAndPauseHoldsItsFrame() throws {
        _ = try TestClips.redThenBlue(in: dir, seconds: 3)
        let pdf = dir.appendingPathComponent("talk.pdf")
        try MoviePDF.write(pdf, .launch("redblue.webm"))
        let (app, page) = try present(pdf)
        defer { app.stop() }
        let c = app.client!
        // Before the click the room sees the page: the green poster Beamer would have drawn.
        let before = try XCTUnwrap(try waitForShot(c) { near(at($0, page, (0.7, 0.4)), green) }, "no green poster\n\(app.log)")
        assertPageIntact(before, page, "before the click")
        usleep(500_000)   // the clip has prerolled by now, and still does not show
        XCTAssertTrue(near(at(try screenshot(c, "waiting"), page, (0.7, 0.4)), green), "the clip showed before the click")
        let state = try c.send(["cmd": "state"])
        let controls = state["windows"]?.array?.first?["controls"]?.array ?? []
        XCTAssertTrue(controls.contains { $0["id"]?.string == "media.seek" }, "the presenter has the seek slider")

        // A click on the movie on the presenter's page plays it in place: red frames fill the rectangle.
        XCTAssertEqual(try c.send(["cmd": "click", "id": "pdf.movie.1"])["ok"]?.bool, true)
        let playing = try XCTUnwrap(try waitForShot(c) { s in self.movieSpots.allSatisfy { near(at(s, page, $0), red) } },
                                    "red frames never filled the movie's rectangle\n\(app.log)")
        // GStreamer is opened for the movie (a PDF talk without one never maps it: LaunchLibrariesTests).
        let maps = try runProcess("/bin/cat", ["/proc/\(app.process.processIdentifier)/maps"]).stdout
        XCTAssertTrue(maps.contains("/libgstreamer-1.0.so") && maps.contains("/libgstapp-1.0.so"), "GStreamer is mapped while a movie plays")
        assertPageIntact(playing, page, "while playing")
        // k (playPause) pauses it in the red seconds: it holds that frame.
        XCTAssertEqual(try c.send(["cmd": "key", "key": "k"])["ok"]?.bool, true)
        usleep(3_500_000)   // past the red seconds, had it played on
        let paused = try screenshot(c, "paused")
        XCTAssertTrue(movieSpots.allSatisfy { near(at(paused, page, $0), red) }, "a paused movie moved on: \(at(paused, page, (0.7, 0.4)))")
        assertPageIntact(paused, page, "paused")
        // k again plays on into the blue seconds.
        XCTAssertEqual(try c.send(["cmd": "key", "key": "k"])["ok"]?.bool, true)
        XCTAssertNotNil(try waitForShot(c) { near(at($0, page, (0.7, 0.4)), self.blue) }, "playing never reached blue\n\(app.log)")
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 0, "the talk stayed on the page")
    }

    func testMissingClipShowsTheErrorCardToThePresenterAndThePageToTheRoom() throws {
        let pdf = dir.appendingPathComponent("talk.pdf")
        try MoviePDF.write(pdf, .movie("gone.webm"))
        let (app, page) = try present(pdf)
        defer { app.stop() }
        let c = app.client!
        let state = try c.waitForState { s in
            (s["windows"]?.array?.first?["controls"]?.array ?? []).contains { $0["id"]?.string == "pdf.movie.error" }
        }
        let controls = state["windows"]?.array?.first?["controls"]?.array ?? []
        let card = try XCTUnwrap(controls.first { $0["id"]?.string == "pdf.movie.error" }, "no error card on the presenter's page\n\(app.log)")
        XCTAssertTrue(card["label"]?.string?.contains("Cannot play gone.webm") == true, "\(card)")
        XCTAssertTrue(card["label"]?.string?.contains("file not found") == true, "\(card)")
        XCTAssertTrue(app.log.contains("talk.pdf page 1 movie"), "the log names the page: \(app.log)")
        // The key and a click do nothing harmful; the room keeps seeing the page.
        _ = try c.send(["cmd": "key", "key": "k"])
        _ = try c.send(["cmd": "click", "id": "pdf.movie.1"])
        usleep(500_000)
        let shot = try screenshot(c, "room")
        XCTAssertTrue(movieSpots.allSatisfy { near(at(shot, page, $0), green) }, "the room does not see the page's poster: \(at(shot, page, (0.7, 0.4)))")
        assertPageIntact(shot, page, "after the failure")
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 0, "the talk goes on")
    }

    func testAutostartLinkPlaysWhenItsPageIsShownAndLeavingPauses() throws {
        _ = try TestClips.redThenBlue(in: dir, seconds: 3)
        let pdf = dir.appendingPathComponent("talk.pdf")
        try MoviePDF.write(pdf, .uri("redblue.webm?autostart"), secondPage: true)
        let (app, page) = try present(pdf)
        defer { app.stop() }
        let c = app.client!
        XCTAssertNotNil(try waitForShot(c) { s in self.movieSpots.allSatisfy { near(at(s, page, $0), red) } },
                        "an autostart movie did not play on its page\n\(app.log)")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertNotNil(try waitForShot(c) { near(at($0, page, (0.7, 0.4)), self.white) }, "the next page did not show")
        usleep(3_500_000)   // past the red seconds, had it played on
        // Back on the page: it paused when the page was left (still red), and autostart plays it on.
        XCTAssertEqual(try c.send(["cmd": "previous"])["ok"]?.bool, true)
        let back = try XCTUnwrap(try waitForShot(c) { !near(at($0, page, (0.7, 0.4)), self.white) })
        XCTAssertTrue(near(at(back, page, (0.7, 0.4)), red), "leaving the page did not pause the movie: \(at(back, page, (0.7, 0.4)))")
        XCTAssertTrue(app.log.contains("redblue.webm:") && app.log.contains("frames shown"), "no playback log line: \(app.log)")
    }
}
