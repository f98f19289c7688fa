import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Beamer's notes on the second screen: detected from the page shape (and Beamer's `/Creator`),
/// split without being asked, never shown to the room; whole pages that look like slide + notes
/// get a warning for the speaker only.
final class PDFNotesSplitTests: PDFTestCase {
    /// The notes half's yellow band (TestPDF's `notesRight`/`notesBottom`).
    static let yellow = (255, 230, 0)
    let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]

    func testDetectionFromPageShapeAndCreator() throws {
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(1600, 450), beamer: false), .right, "32:9: a 16:9 slide with notes beside it")
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(2 * 364.2, 273.2), beamer: true), .right, "Beamer's 4:3 twice as wide")
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(800, 450), beamer: true), .none, "a plain 16:9 slide")
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(842, 595), beamer: false), .none, "A4 landscape")
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(595, 842), beamer: false), .none, "A4 portrait is a document, not slide + notes")
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(800, 900), beamer: true), .bottom, "Beamer's 16:9 twice as high")
        XCTAssertEqual(NotesDetection.layout(pageSize: Size(800, 900), beamer: false), .none)

        let right = TestPDF.write(path("right.pdf"), .init(pages: 2, width: 1600, height: 450, notesRight: true))
        XCTAssertEqual(try PDFDeck(path: right).layout, .right, "split without --notes")
        XCTAssertEqual(try PDFDeck(path: right).pages[0].parameters["notes"], .string("right"))
        XCTAssertEqual(try PDFDeck(path: right, notes: NotesLayout.none).layout, .none, "--notes none shows whole pages")
        let bottom = TestPDF.write(path("bottom.pdf"), .init(pages: 2, width: 800, height: 900, notesBottom: true, creator: "LaTeX with Beamer class version 3.69"))
        XCTAssertEqual(try PDFDeck(path: bottom).layout, .bottom)
        let plain = TestPDF.write(path("plain.pdf"), .init(pages: 2))
        XCTAssertEqual(try PDFDeck(path: plain).layout, .none)
    }

    /// `podium check`: silent when split, a warning naming `--notes right` when whole pages would
    /// show the notes; still exit 0 (the talk can be given).
    func testCheckWarnsAboutNotesShownWhole() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2, width: 1600, height: 450, notesRight: true))
        let auto = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(auto.status, 0, auto.stderr)
        XCTAssertFalse(auto.stderr.contains("warning"), auto.stderr)
        let whole = try runProcess(TestPaths.podium, ["check", pdf, "--notes", "none"], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(whole.stderr.contains("podium: warning: talk.pdf: the pages look like slide + notes"), whole.stderr)
        XCTAssertTrue(whole.stderr.contains("--notes right splits them"), whole.stderr)
        try """
        { "title": "T", "scenes": [ { "kind": "pdf", "parameters": { "file": "talk.pdf", "notes": "none" } },
                                    { "kind": "pdf", "parameters": { "file": "talk.pdf", "page": 2 } } ] }
        """.write(toFile: path("deck.json"), atomically: true, encoding: .utf8)
        let deck = try runProcess(TestPaths.podium, ["check", path("deck.json")], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(deck.status, 0, deck.stderr)
        XCTAssertEqual(deck.stderr.components(separatedBy: "warning:").count, 2, "one warning, for the scene with notes none: \(deck.stderr)")
    }

    func controls(_ s: JSONValue) -> [JSONValue] { s["windows"]?.array?.first?["controls"]?.array ?? [] }
    func frame(_ s: JSONValue, _ id: String) throws -> (x: Int, y: Int, w: Int, h: Int) {
        let f = try XCTUnwrap(controls(s).first { $0["id"]?.string == id }?["frame"], "\(id) in the control tree")
        return (Int(f["x"]!.number!), Int(f["y"]!.number!), Int(f["width"]!.number!), Int(f["height"]!.number!))
    }
    func count(_ img: PNGImage, _ r: (x: Int, y: Int, w: Int, h: Int), _ c: (Int, Int, Int), tolerance: Int = 12) -> Int {
        img.count(x: r.x, y: r.y, w: r.w, h: r.h) { abs(Int($0.r) - c.0) <= tolerance && abs(Int($0.g) - c.1) <= tolerance && abs(Int($0.b) - c.2) <= tolerance }
    }

    /// Presented without `--notes`: the room gets the slide half only; the presenter sees the
    /// slide large, the notes half in the notes panel, and the next slide once (the console's).
    func testNotesRightSplitAutomaticallyEndToEnd() throws {
        // A link at 80–95 % × 80–95 % of page 1's slide half, to page 3.
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3, width: 1600, height: 450, links: [(0, (0.4, 0.8, 0.075, 0.15), .page(2))], notesRight: true))
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        func shot(_ w: String, _ name: String) throws -> PNGImage {
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": .string(w), "path": .string(path(name))])["ok"]?.bool, true)
            return try PNGImage(path: path(name))
        }
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        Thread.sleep(forTimeInterval: 0.2)   // the next preview is attached 50 ms after a scene is shown
        let s = try c.send(["cmd": "state"])
        let audience = try shot("audience", "audience.png")
        XCTAssertEqual(audience.fraction(near: Self.yellow, tolerance: 12), 0, "no notes for the room")
        XCTAssertGreaterThan(audience.fraction(near: TestPDF.colour(0), tolerance: 8), 0.05, "the slide half fills the audience view")
        XCTAssertNil(controls(s).first { $0["id"]?.string == "console.banner" && $0["label"]?.string?.isEmpty == false }, "no warning when split")

        let presenter = try shot("presenter", "presenter.png")
        let notes = try frame(s, "pdf.notes-page")
        XCTAssertGreaterThan(notes.x, try frame(s, "pdf.page").x + 100, "the notes half is in the sidebar's notes panel")
        let nextPreview = try frame(s, "console.nextPreview")
        XCTAssertLessThanOrEqual(notes.y - (nextPreview.y + nextPreview.h), 40, "the notes half at the top of its panel, under its header (trial 18 m10): \(notes), next preview \(nextPreview)")
        XCTAssertGreaterThan(count(presenter, notes, Self.yellow), 500, "the notes half's yellow band in the notes panel")
        XCTAssertNil(controls(s).first { $0["id"]?.string == "console.notes" }, "no text notes beside it (not \"No notes for this scene\")")
        XCTAssertGreaterThan(count(presenter, try frame(s, "pdf.page"), TestPDF.colour(0), tolerance: 8), 5000, "the slide large")
        XCTAssertEqual(count(presenter, try frame(s, "pdf.page"), Self.yellow), 0, "the large view is the slide, not the notes")
        XCTAssertNil(controls(s).first { $0["id"]?.string == "pdf.next-page" }, "the next slide is shown once, in the console")
        XCTAssertGreaterThan(count(presenter, try frame(s, "console.nextPreview"), TestPDF.colour(1), tolerance: 8), 100, "the console's next preview shows slide 2")
        XCTAssertEqual(count(presenter, try frame(s, "console.nextPreview"), Self.yellow), 0, "the next preview shows the slide half")

        // The slide's link is clickable in the presenter's large view.
        let page = try frame(s, "pdf.page")
        let k = min(Double(page.w) / 800, Double(page.h) / 450), pw = 800 * k, ph = 450 * k
        let x = Double(page.x) + (Double(page.w) - pw) / 2 + pw * 0.875, y = Double(page.y) + (Double(page.h) - ph) / 2 + ph * 0.875
        XCTAssertEqual(try c.send(["cmd": "click", "window": "presenter", "x": .number(x), "y": .number(y)])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 2, "the link went to page 3")
        XCTAssertEqual(try c.send(["cmd": "previous"])["ok"]?.bool, true)
        XCTAssertEqual(try shot("audience", "audience2.png").fraction(near: Self.yellow, tolerance: 12), 0)
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("error"), app.log)
    }

    /// `--notes none` on such a PDF: whole pages (as asked) and a warning in the presenter's
    /// banner, never on the audience view.
    func testWholePagesWarnThePresenterOnly() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2, width: 1600, height: 450, notesRight: true))
        let app = try PodiumProcess(args: [pdf, "--windowed", "--notes", "none"], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        let banner = try XCTUnwrap(controls(s).first { $0["id"]?.string == "console.banner" })
        XCTAssertTrue(banner["label"]?.string?.contains("look like slide + notes") == true, "\(banner)")
        let audienceControls = s["windows"]?.array?.last?["controls"]?.array ?? []
        XCTAssertNil(audienceControls.first { $0["role"]?.string == "alert" }, "nothing of the warning on the audience view")
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(path("a.png"))])["ok"]?.bool, true)
        let a = try PNGImage(path: path("a.png"))
        XCTAssertEqual(a.fraction(near: (0x8C, 0x1C, 0x16), tolerance: 6), 0, "no banner red on the audience view")
        XCTAssertGreaterThan(a.fraction(near: Self.yellow, tolerance: 12), 0.01, "whole pages, as asked")
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(path("p.png"))])["ok"]?.bool, true)
        XCTAssertGreaterThan(try PNGImage(path: path("p.png")).fraction(near: (0x8C, 0x1C, 0x16), tolerance: 6), 0.005, "the banner on the presenter view")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 33 F3: Beamer's `show notes` puts a notes page after each frame, labelled with its
    /// own page number while the frames keep theirs (the labels of the trial's talk). `check`
    /// said OK and every notes page went to the room; it now names them, and decks labelled
    /// 1, 2, 3 … or by frames with overlays are not taken for it.
    func testBeamersNotesPagesBetweenTheSlidesAreNamed() throws {
        let trial = ["1", "2", "2", "4", "2", "6", "2", "8", "3", "10", "4", "12", "4", "14", "5", "6", "17", "7", "8"]
        XCTAssertEqual(NotesDetection.interleavedNotesPages(labels: trial).map { $0 + 1 }, [4, 6, 8, 10, 12, 14, 17])
        XCTAssertEqual(NotesDetection.interleavedNotesPages(labels: (1...9).map(String.init)), [], "no overlays, no notes")
        XCTAssertEqual(NotesDetection.interleavedNotesPages(labels: ["1", "2", "2", "2", "3", "4", "4", "5"]), [], "overlays")
        XCTAssertEqual(NotesDetection.interleavedNotesPages(labels: ["i", "ii", "1", "2", "3"]), [], "front matter")
        XCTAssertNil(NotesDetection.interleavedNotesWarning(file: "talk.pdf", labels: trial, layout: .right), "split pages: the notes half is the presenter's")
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 8, beamerLabels: ["1", "2", "2", "4", "2", "6", "3", "8"]))
        let check = try runProcess(TestPaths.podium, ["check", pdf], environment: env.merging(TestPaths.privateHome(in: dir)) { a, _ in a })
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains("talk.pdf: pages 4, 6, 8 look like Beamer's notes pages between the slides"), check.stdout + check.stderr)
    }

    /// Slide + notes pages followed by a plain 4:3 appendix (trial 22 F2): each page is judged by
    /// its own shape, so the appendix reaches the room whole, not its left half as a narrow strip
    /// with the rest in the notes panel, and `check` names the pages shown whole.
    func testAPlainPageAmongSlideAndNotesPagesIsShownWhole() throws {
        XCTAssertEqual(NotesDetection.pageLayout(.right, pageSize: Size(1600, 450)), .right)
        XCTAssertEqual(NotesDetection.pageLayout(.right, pageSize: Size(600, 450)), .none, "4:3: halves of 0.67 are no slide")
        XCTAssertEqual(NotesDetection.pageLayout(.left, pageSize: Size(800, 450)), .none, "16:9 under an explicit --notes left")
        XCTAssertEqual(NotesDetection.pageLayout(.bottom, pageSize: Size(800, 900)), .bottom)
        XCTAssertEqual(NotesDetection.pageLayout(.bottom, pageSize: Size(800, 450)), .none)
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, width: 1600, height: 450, notesRight: true, appendix: (from: 3, width: 600)))
        let home = env.merging(TestPaths.privateHome(in: dir)) { a, _ in a }
        let check = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains("talk.pdf: pages 4, 5 are not slide + notes shaped (notes right) and are shown whole to the room, with no notes half"), check.stdout + check.stderr)
        func snapshot(_ scene: Int, _ view: String) throws -> PNGImage {
            let out = path("s\(scene)-\(view).png")
            let r = try runProcess(TestPaths.podium, ["snapshot", pdf, "--scene", "\(scene)", "--view", view, "--size", "1280x720", "--out", out], environment: home)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try PNGImage(path: out)
        }
        // The appendix page whole: the room's view is 4:3 (not a strip of 0.67), its box
        // colour where the whole page puts it, and no notes yellow anywhere.
        let a = try snapshot(3, "audience")
        XCTAssertEqual(a.fraction(near: Self.yellow, tolerance: 12), 0, "no notes half")
        XCTAssertGreaterThan(a.fraction(near: TestPDF.colour(3), tolerance: 8), 0.01, "page 4's box on the room's view")
        // The whole 4:3 page at 720 high is 960 of the 1280 pixels wide (75 % of the view), its
        // left half a strip of 480 (37.5 %); the rest is the letterbox.
        let letterbox = a.fraction(near: (0, 0, 0), tolerance: 4)
        XCTAssertLessThan(letterbox, 0.3, "the page fills a 4:3 area, not a strip (letterbox \(letterbox))")
        let split = try snapshot(0, "audience")
        XCTAssertEqual(split.fraction(near: Self.yellow, tolerance: 12), 0, "slide + notes pages still split")
        XCTAssertGreaterThan(split.fraction(near: TestPDF.colour(0), tolerance: 8), 0.05)
    }

    /// A `pages` range that steps from slide + notes pages onto an appendix page shows that page
    /// whole to the room and hides the notes half, and back (trial 22 F2: the range kept its first
    /// page's split, so the room saw the appendix's left half).
    @MainActor func testARangeSteppingOntoAnAppendixPageShowsItWhole() async throws {
        _ = TestPDF.write(path("talk.pdf"), .init(pages: 4, width: 1600, height: 450, notesRight: true, appendix: (from: 2, width: 600)))
        for notes in ["auto", "right"] {
            let range = try PDFScene(SceneParameters(["file": "talk.pdf", "pages": "1-4", "notes": .string(notes)]), pdfHost(dir))
            let half = try XCTUnwrap(range.presenterNotesView, notes)
            XCTAssertEqual(range.audiencePage.region, Rect(0, 0, 0.5, 1), "\(notes): page 1's slide half")
            XCTAssertFalse(half.isHidden)
            XCTAssertTrue(range.handle(.next)); XCTAssertTrue(range.handle(.next))
            XCTAssertEqual(range.page, 2)
            XCTAssertEqual(range.audiencePage.region, Rect(0, 0, 1, 1), "\(notes): the appendix page whole to the room")
            XCTAssertEqual(range.presenterPage.region, Rect(0, 0, 1, 1))
            XCTAssertTrue(half.isHidden, "\(notes): no notes half of a whole page")
            XCTAssertTrue(range.handle(.previous))
            XCTAssertEqual(range.audiencePage.region, Rect(0, 0, 0.5, 1))
            XCTAssertFalse(half.isHidden)
            // A scene that starts on the appendix page has no notes half at all.
            let appendix = try PDFScene(SceneParameters(["file": "talk.pdf", "page": 3, "notes": .string(notes)]), pdfHost(dir))
            XCTAssertEqual(appendix.audiencePage.region, Rect(0, 0, 1, 1))
            XCTAssertNil(appendix.presenterNotesView)
        }
    }

    /// Beamer's notes below the slide (`show notes on second screen=bottom`), detected from the
    /// page shape and the `/Creator`; a snapshot of the audience view holds no notes.
    func testNotesBottomFromBeamerMetadata() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2, width: 800, height: 900, notesBottom: true, creator: "LaTeX with Beamer class"))
        let out = path("a.png")
        let r = try runProcess(TestPaths.podium, ["snapshot", pdf, "--scene", "0", "--view", "audience", "--size", "1280x720", "--out", out],
                               environment: env.merging(TestPaths.privateHome(in: dir)) { a, _ in a })
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("driver offscreen"), r.stdout)
        let img = try PNGImage(path: out)
        XCTAssertEqual(img.fraction(near: Self.yellow, tolerance: 12), 0, "no notes for the room")
        XCTAssertGreaterThan(img.fraction(near: TestPDF.colour(0), tolerance: 8), 0.05, "the slide half, large")
    }

    /// Ctrl+= / Ctrl+- scale the notes half as they size text notes (a trial found it small and
    /// deaf to the keys): larger from its top left, where notes begin, and back.
    func testTheNotesSizeKeysScaleTheNotesHalf() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2, width: 1600, height: 450, notesRight: true))
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        func shot(_ name: String) throws -> PNGImage {
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(path(name))])["ok"]?.bool, true)
            return try PNGImage(path: path(name))
        }
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        let before = try frame(s, "pdf.notes-page")
        let yellowBefore = count(try shot("before.png"), before, Self.yellow)
        XCTAssertGreaterThan(yellowBefore, 500)
        for _ in 0..<3 { XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+="])["ok"]?.bool, true) }
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["notesSize"]?.number, 24)
        let after = try frame(s, "pdf.notes-page")
        XCTAssertEqual(Double(after.w), Double(before.w) * 24 / 18, accuracy: 2, "scaled as the text: \(before) → \(after)")
        XCTAssertEqual(Double(after.h), Double(before.h) * 24 / 18, accuracy: 2)
        XCTAssertLessThanOrEqual(after.y, before.y, "grown from the top, where notes begin")
        // Within the panel the notes half's band now shows larger (what the speaker reads).
        let yellowAfter = count(try shot("after.png"), before, Self.yellow)
        XCTAssertGreaterThan(Double(yellowAfter), Double(yellowBefore) * 1.3, "\(yellowBefore) → \(yellowAfter) yellow pixels")
        for _ in 0..<3 { XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+-"])["ok"]?.bool, true) }
        s = try c.send(["cmd": "state"])
        let back = try frame(s, "pdf.notes-page")
        XCTAssertTrue(back == before, "Ctrl+- brings it back: \(back) vs \(before)")
        XCTAssertEqual(app.stop(), 0)
    }
}
