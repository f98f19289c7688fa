import XCTest
import PodiumKit
import PodiumTestSupport

/// `--page N` and `--end-slide N` count slides as the speaker sees them (the position, the slide
/// prompt), as pdfpc counts user slides; an out-of-range value names the real range (trial 8:
/// `--page` counted PDF pages, `--end-slide` slides, and `--page 0` said "1…1000000").
final class PDFSlideOptionsTests: PDFTestCase {
    func testPageAndEndSlideCountSlidesLikeTheSlidePrompt() throws {
        // Pages labelled 1, 2, 2, 2, 3: three slides, the second with three overlays.
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, beamerLabels: PDFOverlayTests.labels))
        let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]
        let app = try PodiumProcess(args: [pdf, "--windowed", "--page", "3", "--end-slide", "2"], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 3/3", "--page 3 is slide 3 (page 5), not page 3")
        XCTAssertEqual(s["scene"]?["index"]?.int, 4)
        XCTAssertEqual(s["timers"]?["endScene"]?.int, 3, "--end-slide 2 ends on slide 2's last overlay")
        // The slide prompt lands where --page does.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 0])["ok"]?.bool, true)
        for key in ["3", "Return"] { XCTAssertEqual(try c.send(["cmd": "key", "key": .string(key)])["ok"]?.bool, true, key) }
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 4, "3 Return")
        XCTAssertEqual(app.stop(), 0)
        // --page 2 is the slide's first overlay, as 2 Return is.
        let two = try PodiumProcess(args: [pdf, "--windowed", "--page", "2"], environment: env, dir: dir)
        defer { two.stop() }
        XCTAssertEqual(try two.client.send(["cmd": "state"])["slide"]?["position"]?.string, "slide 2/3 (1/3)")
        XCTAssertEqual(two.stop(), 0)

        for (args, expected) in [(["--page", "0"], "--page expects a slide number 1…3 (3 slides; a slide's overlays count as one), got \"0\""),
                                 (["--page", "4"], "--page expects a slide number 1…3"),
                                 (["-P", "2.5"], "--page expects a slide number 1…3"),
                                 (["--end-slide", "5"], "--end-slide expects a slide number 1…3 (3 slides")] {
            let r = try runProcess(TestPaths.podium, ["check", pdf] + args, environment: TestPaths.privateHome(in: dir))
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("podium: \(expected)"), "\(args): \(r.stderr)")
        }
        let ok = try runProcess(TestPaths.podium, ["check", pdf, "--page", "3"], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }

    /// `--last-minutes` with no duration or end time anywhere: refused, naming what is missing,
    /// not silently ignored (trial 11, F12); with one it is taken.
    func testLastMinutesWithoutAPlannedEndIsRefused() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let env = TestPaths.privateHome(in: dir)
        let r = try runProcess(TestPaths.podium, ["check", pdf, "--last-minutes", "14"], environment: env)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("podium: --last-minutes 14 needs a planned end: give --duration MIN or --end-time HH:MM"), r.stderr)
        for extra in [["--duration", "20"], ["-e", "23:59"]] {
            let ok = try runProcess(TestPaths.podium, ["check", pdf, "--last-minutes", "14"] + extra, environment: env)
            XCTAssertEqual(ok.status, 0, "\(extra): \(ok.stderr)")
        }
        // A duration from talk.pdfpc is a planned end too.
        try #"{"pdfpcFormat": 2, "duration": 20}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let pdfpc = try runProcess(TestPaths.podium, ["check", pdf, "--last-minutes", "14"], environment: env)
        XCTAssertEqual(pdfpc.status, 0, pdfpc.stderr)
        // `-d 0` turns that end off: said so, not blamed on the file, which has one (trial 22 m6).
        let off = try runProcess(TestPaths.podium, ["check", pdf, "-d", "0", "-l", "3"], environment: env)
        XCTAssertEqual(off.status, 2, off.stderr)
        XCTAssertTrue(off.stderr.hasPrefix("podium: --last-minutes 3 needs a planned end, which --duration 0 turns off"), off.stderr)
        try #"{"pdfpcFormat": 2, "duration": 20, "lastMinutes": 5}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let file = try runProcess(TestPaths.podium, ["check", pdf, "-d", "0"], environment: env)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertTrue((file.stdout + file.stderr).contains("talk.pdfpc: lastMinutes 5 not used: --duration 0 turned off the planned end"), file.stdout + file.stderr)
    }
}
