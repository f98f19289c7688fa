import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Beamer's notes on the second screen (pgfpages) label the logical pages, so the labels cannot
/// group overlays (`PDFNotesScreenLabelsTests`); Beamer's navigation symbols state each page's
/// frame, and the frames they prove are one slide each (trial 18 m9: every `\pause` step was a
/// slide, "3 / 6" for "slide 2/5 (2/3)"). Pages whose frame is not proven stay slides of their own.
final class PDFNotesScreenFramesTests: PDFTestCase {
    /// Trial 18's talk: Title, Agenda, Overlays (three `\pause` steps), Backup, Findings, End.
    static let frames: [ClosedRange<Int>] = [0...0, 1...1, 2...4, 5...5, 6...6, 7...7]
    /// Its pages' slide text: the Overlays frame's steps each add a point.
    static let texts = ["Title Slide", "Agenda for today", "Overlays first", "Overlays first second", "Overlays first second third",
                        "Backup slide", "Findings", "End"]

    /// Writes a split-notes Beamer PDF whose pages' navigation bars state `bars` (nil: no bar),
    /// with `/PageLabels` as pdflatex + pgfpages wrote them for trial 18's talk (the slide's
    /// frame number, then the notes page's number, per sheet).
    func writeTalk(_ name: String, bars: [ClosedRange<Int>?], texts: [String] = PDFNotesScreenFramesTests.texts, outline: [(String, Int)] = []) -> String {
        let pdf = TestPDF.write(path(name), .init(pages: bars.count, width: 1600, height: 450, outline: outline, notesRight: true, texts: texts, textSize: 12,
                                                  creator: "LaTeX with Beamer class", beamerFrames: bars))
        let frameNumbers = (0..<bars.count).map { p in (Self.frames.firstIndex { $0.contains(p) } ?? p) + 1 }
        let nums = frameNumbers.enumerated().map { "\(2 * $0) << /P (\($1)) >> \(2 * $0 + 1) << /S /D /St \($0 + 1) >>" }.joined(separator: " ")
        TestPDF.appendUpdate(pdf, catalogEntries: "/PageLabels << /Nums [\(nums)] >>")
        return pdf
    }

    static var everyBar: [ClosedRange<Int>?] { (0..<8).map { p in frames.first { $0.contains(p) } } }

    /// Trial 33 m6: an outline entry names the frame's later overlays too when the frames are
    /// proven by the navigation symbols (the labels being pgfpages'), as it does by labels: the
    /// overview showed "Page 4" for the Overlays frame.
    func testAnOutlineEntryNamesTheFramesLaterOverlays() throws {
        let pdf = writeTalk("talk.pdf", bars: Self.everyBar, outline: [("Overlays", 2), ("Backup", 5)])
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.map(\.title), ["Page 1", "Page 2", "Overlays", "Overlays", "Overlays", "Backup", "Page 7", "Page 8"])
        XCTAssertEqual(try PDFDeck(path: pdf, grouping: false).pages.map(\.title)[3], "Page 4", "no slides, no overlays to name")
    }

    func testNavigationSymbolsGroupTheOverlays() throws {
        let pdf = writeTalk("talk.pdf", bars: Self.everyBar)
        let doc = try PDFDocument(path: pdf)
        XCTAssertTrue(doc.labelsAreLogicalPages, "the labels still cannot be used")
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.layout, .right)
        XCTAssertEqual(deck.pages.map(\.slide), ["frame 1", "frame 2", "frame 3", "frame 3", "frame 3", "frame 6", "frame 7", "frame 8"])
        XCTAssertNil(deck.labelWarning, "every frame proven: nothing to warn about")
        XCTAssertEqual(deck.pages.map(\.title), (1...8).map { "Page \($0)" }, "titles still follow the sheets")
        XCTAssertEqual(try PDFDeck(path: pdf, grouping: false).pages.map(\.slide), Array(repeating: nil, count: 8))

        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("8 scenes (pdf ×8), 6 slides (a slide's overlays count as one)"), r.stdout)
        XCTAssertFalse(r.stderr.contains("page labels count the notes pages"), r.stderr)

        // Presented: the console counts frames, go-to-slide and Shift+Page Down go by them.
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        func press(_ key: String) throws { XCTAssertEqual(try c.send(["cmd": "key", "key": .string(key)])["ok"]?.bool, true, key) }
        XCTAssertEqual(try c.send(["cmd": "state"])["slide"]?["position"]?.string, "slide 1/6")
        for k in ["3", "Return", "Page Down"] { try press(k) }
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "slide 3 is the Overlays frame's first page; Page Down its second step")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 3/6 (2/3)")
        try press("Shift+Page Down")
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 5, "the next frame, Backup")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 4/6")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A frame without the bar (`[plain]`, as title pages often are) is a slide of its own, and
    /// the warning names it; the other frames are still grouped.
    func testAPageWithoutTheBarIsASlideOfItsOwn() throws {
        var bars = Self.everyBar
        bars[0] = nil
        let deck = try PDFDeck(path: writeTalk("talk.pdf", bars: bars))
        XCTAssertEqual(deck.pages.map(\.slide), ["page 1", "frame 2", "frame 3", "frame 3", "frame 3", "frame 6", "frame 7", "frame 8"])
        XCTAssertEqual(deck.labelWarning, PageLabelTrust.warning(file: "talk.pdf", ungrouped: [1]))
        XCTAssertTrue(deck.labelWarning?.contains("grouped by Beamer's navigation symbols, except page 1: no symbols, or they do not prove a frame") == true, deck.labelWarning ?? "")
        // No bar anywhere: as before, every page a slide and the old warning.
        let none = try PDFDeck(path: writeTalk("bare.pdf", bars: Array(repeating: nil, count: 8)))
        XCTAssertEqual(none.pages.map(\.slide), (1...8).map { "page \($0)" })
        XCTAssertEqual(none.labelWarning, PageLabelTrust.warning(file: "bare.pdf"))
    }

    /// Bars that disagree (a stale `.aux` after a first LaTeX run) group nothing they do not all
    /// state: two frames are never made one.
    func testFramesTheBarsDisagreeOnAreNotGrouped() throws {
        var bars = Self.everyBar
        bars[4] = 4...4   // the Overlays frame's last step says it is a frame of its own
        let deck = try PDFDeck(path: writeTalk("talk.pdf", bars: bars))
        XCTAssertEqual(deck.pages.map(\.slide), ["frame 1", "frame 2", "page 3", "page 4", "frame 5", "frame 6", "frame 7", "frame 8"])
        XCTAssertEqual(deck.labelWarning, PageLabelTrust.warning(file: "talk.pdf", ungrouped: [3, 4]))
    }

    /// Frame pages come from the previous LaTeX run (`.nav`): one run after an edit states the
    /// old frames, all pages agreeing. Each step of a frame must only add to the slide's words, so
    /// an Agenda stated one frame with the Overlays' first steps is not grouped with them.

    func testStepsThatDoNotOnlyAddAreNotGrouped() throws {
        let built = try PDFDeck(path: writeTalk("talk.pdf", bars: Self.everyBar, texts: Self.texts))
        XCTAssertEqual(built.pages.map(\.slide), ["frame 1", "frame 2", "frame 3", "frame 3", "frame 3", "frame 6", "frame 7", "frame 8"], "a build only adds")
        XCTAssertNil(built.labelWarning)

        let stale: [ClosedRange<Int>?] = [0...0, 1...3, 1...3, 1...3, 4...4, 5...5, 6...6, 7...7]
        let deck = try PDFDeck(path: writeTalk("stale.pdf", bars: stale, texts: Self.texts))
        XCTAssertEqual(deck.pages.map(\.slide), ["frame 1", "page 2", "page 3", "page 4", "frame 5", "frame 6", "frame 7", "frame 8"])
        XCTAssertEqual(deck.labelWarning, PageLabelTrust.warning(file: "stale.pdf", ungrouped: [2, 3, 4]))

        var replaced = Self.texts
        replaced[3] = "Overlays second"   // \only<2>: a step that replaces
        XCTAssertEqual(try PDFDeck(path: writeTalk("only.pdf", bars: Self.everyBar, texts: replaced)).pages.map(\.slide),
                       ["frame 1", "frame 2", "page 3", "page 4", "page 5", "frame 6", "frame 7", "frame 8"])
        XCTAssertTrue(BeamerFrames.onlyAdds("Results: 3 / 12", "Results and more: 4 / 12"), "digits and punctuation do not count")
        XCTAssertFalse(BeamerFrames.onlyAdds("a point, a point", "a point"), "as often as before")
        XCTAssertTrue(BeamerFrames.onlyAdds("One\nA\nDecember 2, 2026 1/5", "One\nAB\nDecember 2, 2026 1/5"), "a word grown by the next step (pdflatex, Madrid theme)")
        XCTAssertFalse(BeamerFrames.onlyAdds("Title Slide Welcome", "Agenda Agenda for today"))
        XCTAssertFalse(BeamerFrames.onlyAdds("Slide B", "B Slides"), "grown words keep their order")
        XCTAssertFalse(BeamerFrames.onlyAdds("3 / 12", "3 / 12"), "no letters: nothing proven")
    }

    /// A page's statement holds only when its slide links point beside it and its frame links
    /// agree; the row is read left to right whatever order the links come in.
    func testAPageStatementIsCheckedAgainstItsPlace() {
        func bar(_ pages: [Int], at x: Double = 300) -> [BeamerFrames.Link] {
            var links: [BeamerFrames.Link] = []
            var x = x
            for (i, p) in pages.enumerated() {
                links.append(.init(x1: x, y1: 1, x2: x + 5, y2: 10, page: i == 1 ? nil : p, action: i == 1 ? "GoToPage" : nil))
                x += 5
            }
            return links
        }
        // Page 3 (0-based) of 10 in the frame 2…4: prev 2, GoToPage, next 4, end of prev 1, 2, 4, next start 5.
        let good = bar([2, -1, 4, 1, 2, 4, 5])
        XCTAssertEqual(BeamerFrames.claim(links: good, sheet: 3, count: 10), 2...4)
        XCTAssertEqual(BeamerFrames.claim(links: good.reversed(), sheet: 3, count: 10), 2...4, "poppler's order does not matter")
        XCTAssertNil(BeamerFrames.claim(links: good, sheet: 5, count: 10), "its slide links are another page's")
        XCTAssertNil(BeamerFrames.claim(links: bar([2, -1, 4, 1, 2, 4, 6]), sheet: 3, count: 10), "the next frame does not start after this one")
        XCTAssertNil(BeamerFrames.claim(links: bar([2, -1, 4, 0, 2, 4, 5]), sheet: 3, count: 10), "the previous frame does not end before this one")
        XCTAssertNil(BeamerFrames.claim(links: bar([2, -1, 4, 1, 4, 5, 6]), sheet: 3, count: 10), "a frame that does not hold the page")
        XCTAssertNil(BeamerFrames.claim(links: good + bar([2, -1, 4, 1, 2, 4, 5], at: 500), sheet: 3, count: 10), "two bars: not guessed at")
        XCTAssertNil(BeamerFrames.claim(links: Array(good.prefix(5)), sheet: 3, count: 10), "no frame symbol")
        XCTAssertEqual(BeamerFrames.claim(links: bar([0, -1, 1, 0, 0, 0, 1]), sheet: 0, count: 10), 0...0, "clamped at the start")
        XCTAssertEqual(BeamerFrames.claim(links: bar([8, -1, 9, 7, 8, 9, 9]), sheet: 9, count: 10), 8...9, "clamped at the end")
        XCTAssertEqual(BeamerFrames.frames(claims: [0...0, 1...2, 1...2, 3...3]), [0...0, 1...2, 1...2, 3...3])
        XCTAssertEqual(BeamerFrames.frames(claims: [0...0, 1...2, nil, 3...3]), [0...0, nil, nil, 3...3], "a page of the frame states nothing")
        XCTAssertEqual(BeamerFrames.frames(claims: [0...0, 1...4, 1...4]), [0...0, nil, nil], "past the last page")
    }
}
