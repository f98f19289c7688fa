import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// pdfpc's per-talk file (`talk.pdfpc`, JSON) is read, never written; pdfpc's option spellings
/// work or say what Podium does instead.
final class PdfpcTests: PDFTestCase {
    let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]
    static let file = """
    { "pdfpcFormat": 2, "duration": 10, "endTime": "10:30", "lastMinutes": 2, "endSlide": 3, "notesPosition": "none",
      "savedSlide": 1, "noteFontSize": 20, "disableMarkdown": false,
      "pages": [ { "idx": 0, "label": "1", "overlay": 0, "note": "Hello from pdfpc." },
                 { "idx": 1, "label": "2", "overlay": 0, "hidden": true },
                 { "idx": 3, "label": "4", "overlay": 0, "forcedOverlay": true, "note": "" } ] }
    """

    func testParsesTheFileAndNamesBadFields() throws {
        let f = try PdfpcFile.parse(Data(Self.file.utf8), file: "talk.pdfpc", pageCount: 5)
        XCTAssertEqual(f.durationMinutes, 10); XCTAssertEqual(f.lastMinutes, 2); XCTAssertEqual(f.endSlide, 4, "pdfpc counts endSlide from 0")
        XCTAssertEqual(f.endTime, "10:30"); XCTAssertEqual(f.notesPosition, NotesLayout.none)
        XCTAssertEqual(f.notes, [0: "Hello from pdfpc."]); XCTAssertEqual(f.hidden, [1]); XCTAssertEqual(f.forcedOverlays, [3])
        func error(_ json: String) -> String {
            do { _ = try PdfpcFile.parse(Data(json.utf8), file: "talk.pdfpc", pageCount: 5); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"pages": [{"idx": -1}]}"#), "talk.pdfpc: pages[0].idx: expected a page index 0…4, found -1")
        XCTAssertEqual(error(#"{"pages": [{"idx": 1.5}]}"#), "talk.pdfpc: pages[0].idx: expected a page index 0…4, found 1.5")
        // A page the PDF no longer has (slides cut since pdfpc wrote the file): left out, not an error.
        let cut = try PdfpcFile.parse(Data(#"{"pages": [{"idx": 0, "note": "kept"}, {"idx": 7, "note": "gone", "hidden": true}]}"#.utf8), file: "talk.pdfpc", pageCount: 5)
        XCTAssertEqual(cut.notes, [0: "kept"]); XCTAssertEqual(cut.hidden, [])
        XCTAssertEqual(cut.ignored, ["pages[1] is for page index 7, past the PDF's 5 pages: left out"])
        XCTAssertEqual(error(#"{"duration": "20"}"#), "talk.pdfpc: duration: expected a number ≥ 0, found \"20\"")
        XCTAssertEqual(error(#"{"endTime": "25:00"}"#), "talk.pdfpc: endTime: expected a time \"HH:MM\", found \"25:00\"")
        XCTAssertEqual(error(#"{"pages": [{"idx": 1, "hidden": "yes"}]}"#), "talk.pdfpc: pages[0].hidden: expected true or false, found string")
        XCTAssertTrue(error("[file]\ntalk.pdf\n[notes]\n### 1\nHi").contains("pdfpc's old text format"), error("[file]\n"))
        XCTAssertTrue(error("{").hasPrefix("talk.pdfpc: not valid JSON"))
    }

    /// A talk.pdfpc written before slides were cut (a note for a page the PDF no longer has)
    /// starts the talk: `check` and `present` say what was left out, and the file is watched
    /// like the notes sidecar, so fixing it mid-talk reloads (trial 8: the talk was refused).
    func testAPdfpcEntryPastTheEndIsLeftOutNotTheTalk() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 0, "note": "ok"}, {"idx": 20, "note": "for a slide since cut"}]}"#
            .write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: \(path("talk.pdfpc")): pages[1] is for page index 20, past the PDF's 3 pages: left out"), r.stderr)
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.first?.notes, "ok")
        let opened = try PDFDeckOpener.open(DeckOpenRequest(path: pdf, flags: [], values: [:]))
        XCTAssertTrue(opened.watchedFiles.contains(path("talk.pdfpc")), "\(opened.watchedFiles)")
    }

    /// Beside a 5-page PDF: page 2 is hidden, page 4 is an overlay of page 3, notes from the file.
    func testTheDeckTakesNotesHiddenPagesAndOverlays() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, width: 1600, height: 450, notesRight: true))
        try Self.file.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path("talk.pdfpc")))
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.map { $0.parameters["page"]?.int }, [1, 3, 4, 5], "the hidden page is left out")
        XCTAssertEqual(deck.pages.map(\.slide), ["1", "3", "3", "5"], "page 4 is an overlay of page 3 (forcedOverlay)")
        XCTAssertEqual(deck.pages[0].notes, "Hello from pdfpc.")
        XCTAssertEqual(deck.layout, NotesLayout.none, "pdfpc's notesPosition over the detection")
        XCTAssertEqual(try PDFDeck(path: pdf, notes: .right).layout, .right, "--notes over pdfpc's notesPosition")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("talk.pdfpc"))), before, "Podium never writes the .pdfpc file")
    }

    /// A `talk.pdfpc` hiding every page (trial 13 F12: `check` said "OK — 1 scene", the console
    /// showed page 1 as "1 / 1", End of deck, with page 2 in its NEXT pane): the hiding is
    /// ignored, every page shown, and `check`, the log and the console say so, naming the file.
    func testAPdfpcHidingEveryPageIsIgnoredAndSaid() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 4))
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 0, "hidden": true}, {"idx": 1, "hidden": true}, {"idx": 2, "hidden": true}, {"idx": 3, "hidden": true}]}"#
            .write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let said = "every page is hidden (pages[].hidden): the hiding is ignored and all 4 pages are shown"
        XCTAssertEqual(try PDFDeck(path: pdf).pages.map { $0.parameters["page"]?.int }, [1, 2, 3, 4])
        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: \(path("talk.pdfpc")): \(said)"), r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains("4 scenes"), r.stdout)

        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: env, dir: dir)
        defer { app.stop() }
        let s = try app.client!.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["scene"]?["count"]?.int, 4, "every page is a slide")
        XCTAssertEqual(s["slide"]?["position"]?.string, "1 / 4")
        XCTAssertEqual(s["console"]?["notice"]?.string, "talk.pdfpc: \(said)", "the console says so")
        XCTAssertTrue(app.log.contains(said), app.log)
        XCTAssertEqual(app.stop(), 0)
    }

    /// End to end: the file's duration, last minutes and end slide reach the console; options
    /// override them; pdfpc's spellings work.
    /// Amber (the theme's warning colour) pixels in the presenter's toolbar.
    func amberInToolbar(_ c: ControlClient, _ name: String) throws -> Int {
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(path(name))])["ok"]?.bool, true)
        let img = try PNGImage(path: path(name))
        let w = Theme.standard.warning
        return img.count(x: 0, y: 0, w: img.width, h: 48) { abs(Int($0.r) - Int(w.r)) <= 6 && abs(Int($0.g) - Int(w.g)) <= 6 && abs(Int($0.b) - Int(w.b)) <= 6 }
    }

    func testTimingFromTheFileAndTheOptions() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 6))
        try #"{"pdfpcFormat": 2, "duration": 10, "lastMinutes": 2, "endSlide": 3}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        var started: [PodiumProcess] = []
        defer { started.forEach { $0.stop() } }
        var app = try PodiumProcess(args: [pdf, "--windowed"], environment: env, dir: dir)
        started.append(app)
        var c = app.client!
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["timers"]?["remaining"]?.int, 600, "duration 10 from talk.pdfpc")
        XCTAssertEqual(s["timers"]?["endScene"]?.int, 3, "endSlide 3: pdfpc's 0-based slide 4")
        XCTAssertEqual(s["timers"]?["countdownPhase"], .null)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "End"])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "End goes to the end slide")
        XCTAssertEqual(try c.send(["cmd": "key", "key": "End"])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 5, "End again reaches the backup slides")
        XCTAssertEqual(try amberInToolbar(c, "plain.png"), 0, "10 minutes left: the countdown is not amber")
        XCTAssertEqual(app.stop(), 0)

        // pdfpc's spellings: -d 3 (over the file's 10), -l 5 (so the last minutes are now), -P 3.
        app = try PodiumProcess(args: [pdf, "--windowed", "-d", "3", "-l5", "-P", "3", "--end-slide", "2"], environment: env, dir: dir)
        started.append(app)
        c = app.client!
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["timers"]?["remaining"]?.int, 180)
        XCTAssertEqual(s["timers"]?["countdownPhase"]?.string, "lastMinutes", "3 minutes left is within the last 5")
        XCTAssertEqual(s["timers"]?["endScene"]?.int, 1)
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "--page 3 starts on page 3")
        XCTAssertEqual(s["timers"]?["running"]?.bool, false, "the timer waits for the first advance")
        XCTAssertGreaterThan(try amberInToolbar(c, "last.png"), 10, "the countdown is drawn amber")
        XCTAssertEqual(app.stop(), 0)

        // pdfpc's -d 0: no duration, over the file's 10 minutes; the timer counts up, and with
        // the file's end slide no countdown from 0:00 either. (It was refused, exit 2.)
        app = try PodiumProcess(args: [pdf, "--windowed", "-d", "0"], environment: env, dir: dir)
        started.append(app)
        c = app.client!
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["timers"]?["remaining"], .null, "no countdown: \(s["timers"] ?? .null)")
        XCTAssertEqual(s["timers"]?["endScene"]?.int, 3, "the file's end slide still ends the talk")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["timers"]?["running"]?.bool, true)
        XCTAssertEqual(s["timers"]?["remaining"], .null)
        XCTAssertEqual(app.stop(), 0)
    }

    /// `--start-time` (pdfpc's `-t`): the presenter's timer counts down to the start; the room
    /// sees nothing of it; the first advance starts the talk timer early.
    func testStartTimeCountsDownOnThePresenterOnly() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let c0 = Calendar.current.dateComponents([.hour, .minute], from: Date().addingTimeInterval(10 * 60))
        let at = String(format: "%02d:%02d", c0.hour!, c0.minute!)
        let app = try PodiumProcess(args: [pdf, "-t", at], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        let until = s["timers"]?["untilStart"]?.number ?? -1
        XCTAssertTrue((9 * 60 - 5...10 * 60).contains(until), "\(until) s until \(at)")
        XCTAssertEqual(s["timers"]?["shown"]?.string?.hasPrefix("starts in "), true, s["timers"]?["shown"]?.string ?? "")
        XCTAssertEqual(s["timers"]?["running"]?.bool, false)
        let controls = { (w: Int) in (s["windows"]?.array?[w]["controls"]?.array ?? []).compactMap { $0["label"]?.string } }
        XCTAssertFalse(controls(1).contains { $0.contains("starts in") }, "not in the room's view tree")
        XCTAssertTrue(app.log.contains("--start-time \(at): the talk timer starts then"), app.log)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Right"])["ok"]?.bool, true)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["timers"]?["running"]?.bool, true, "the first advance starts it before the start time")
        XCTAssertEqual(s["timers"]?["untilStart"], .null)
        XCTAssertEqual(s["timers"]?["shown"]?.string?.hasPrefix("starts"), false)
        XCTAssertEqual(app.stop(), 0)
    }

    func testRefusedAndBadOptionsNameWhatToUse() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        func run(_ args: [String]) throws -> ProcessResult {
            try runProcess(TestPaths.podium, ["present", pdf] + args, environment: env.merging(TestPaths.privateHome(in: dir)) { a, _ in a })
        }
        for (args, expected) in [(["-s", "--audience-display", "0"], "--switch-screens swaps the default displays; with --audience-display or --presenter-display, name the displays instead"), (["--end-time=25:00"], "--end-time expects a time HH:MM (24 h), got \"25:00\""), (["-d", "5", "-e", "10:00"], "give either --duration or --end-time"),
                                 (["-t", "25:61"], "--start-time expects a time HH:MM (24 h), got \"25:61\""), (["--start-time=9"], "--start-time expects a time HH:MM"),
                                 (["-S"], "--windowed gives it a window"), (["-x"], "unknown option \"-x\""),
                                 (["--page", "9"], "--page expects a slide number 1…3, got \"9\""), (["-d", "soon"], "--duration expects minutes"),
                                 (["--end-slide", "4"], "--end-slide expects a slide number 1…3"), (["--windowed=sideways"], "--windowed expects presenter, audience or both"), (["-w", "presenter", "--windowed=bogus"], "--windowed is given twice (\"presenter\", then \"bogus\")"),
                                 (["-d", "\u{1b}[31m" + String(repeating: "9", count: 500)], #"--duration expects minutes, a number 0…1440, got "\u{1b}[31m999"#)] {
            let r = try run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(expected), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("\u{1b}"), "no control characters echoed")
            XCTAssertLessThan(r.stderr.count, 2000, "values are cut short")
        }
        let ok = try runProcess(TestPaths.podium, ["check", pdf, "-d", "20", "-g"], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }
}
