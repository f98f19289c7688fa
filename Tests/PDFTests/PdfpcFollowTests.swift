import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Trial 17 m1, m5, m7: talk.pdfpc's hidden pages, notes and forced overlays follow their pages'
/// content when the PDF is recompiled under a file left as it was; the baseline survives a
/// restart; a pdf scene's own NEXT preview skips the hidden pages.
@MainActor
final class PdfpcFollowTests: PDFTestCase {
    func write(_ file: String, _ texts: [String]) {
        var o = TestPDF.Options()
        o.pages = texts.count
        o.texts = texts
        TestPDF.write(file, o)
    }
    /// The deck as a reload (or a restart) opens it: fresh documents.
    func deck(_ pdf: String) throws -> PDFDeck {
        var out: PDFDeck?
        _ = try PageCaches.loadFresh { out = try PDFDeck(path: pdf); return true }
        return try XCTUnwrap(out)
    }
    func shown(_ d: PDFDeck) -> [Int] { d.pages.compactMap { $0.parameters["page"]?.int } }
    func notes(_ d: PDFDeck, page: Int) -> String? { d.pages.first { $0.parameters["page"]?.int == page }?.notes }

    let pdfpc = #"{"pdfpcFormat": 2, "pages": [{"idx": 2, "note": "Results: say 42 slowly"}, {"idx": 3, "forcedOverlay": true}, {"idx": 4, "hidden": true}]}"#

    func testAFrameInsertedEarlierMovesTheNotesAndHiddenPagesWithTheirPages() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Method", "Results", "Results more", "Hidden backup 5"])
        try writePdfpcSavedEarlier(pdfpc, to: path("talk.pdfpc"))
        var d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4])
        XCTAssertNil(d.pdfpcStaleWarning)
        // A frame before Method; the backup's footline number changed too (matched loosely).
        write(pdf, ["Intro", "Extra", "Method", "Results", "Results more", "Hidden backup 6"])
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5], "the backup (page 6) stays hidden, Results (page 4) is shown")
        XCTAssertEqual(notes(d, page: 4), "Results: say 42 slowly")
        XCTAssertEqual(notes(d, page: 3), "", "Method has no note")
        XCTAssertEqual(d.pages[3].slide, d.pages[4].slide, "the forced overlay follows its page")
        let w = try XCTUnwrap(d.pdfpcStaleWarning)
        XCTAssertTrue(w.hasSuffix("talk.pdfpc: talk.pdf changed since this file was read (5 pages then, 6 now): its hidden pages and notes were moved with their pages"), w)
        // A scene's own NEXT preview skips the hidden page as the talk does (m5).
        XCTAssertEqual(PDFTalkOrder.next(after: 4, last: 5, file: pdf), nil)
        XCTAssertEqual(PDFTalkOrder.next(after: 3, last: 5, file: pdf), 4)
    }

    /// A page edited in place (between pages found) keeps its entries; a page cut loses them,
    /// and the banner names them.
    func testAnEditedPageKeepsItsEntriesACutOneLosesThem() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Method", "Results", "Results more", "Hidden backup"])
        try writePdfpcSavedEarlier(pdfpc, to: path("talk.pdfpc"))
        _ = try deck(pdf)
        write(pdf, ["Intro", "Method", "Findings", "Results more", "Another backup"])
        var d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4], "the retitled backup stays hidden")
        XCTAssertEqual(notes(d, page: 3), "Results: say 42 slowly", "Results retitled Findings keeps its note")
        XCTAssertTrue(d.pdfpcStaleWarning == nil, "nothing moved: \(d.pdfpcStaleWarning ?? "")")
        // Results cut, a frame added before the backup, which was retitled. The page's text as
        // poppler reads it (cut at the page's edge) shares no word with either new page: the
        // one at its place after Results more is hidden on a guess (the room never sees a page
        // the file hid for want of certainty, trial 18 F3) and the banner says so first.
        write(pdf, ["Intro", "Method", "Results more", "Extra", "Another backup"])
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 5], "page 4 hidden on a guess, not the old backup lost")
        XCTAssertEqual(d.pages.map(\.notes), ["", "", "", ""], "Results' note is put on no other page")
        XCTAssertEqual(d.pdfpcStaleWarnings.count, 2)
        guard d.pdfpcStaleWarnings.count == 2 else { return }
        XCTAssertTrue(d.pdfpcStaleWarnings[0].hasSuffix("talk.pdfpc: page 4 hidden on a guess (hidden page 5 not found for certain in the new talk.pdf)"), d.pdfpcStaleWarnings[0])
        XCTAssertTrue(d.pdfpcStaleWarnings[1].hasSuffix("moved with their pages; not found in the new talk.pdf, left out: the note of page 3 (save the file again in pdfpc, or fix its idx entries)"), d.pdfpcStaleWarnings[1])
    }

    /// A theme's footline "3 / 5" renumbers every page when a frame is inserted: the entries
    /// follow by the text without digits; a page matched exactly is not taken twice.
    func testAFootlineRenumberingIsMatchedWithoutDigits() async throws {
        let old = PdfpcFollow.Keys(exact: ["i1", "m2", "r3", "b4"], loose: ["i", "m", "r", "b"])
        let new = PdfpcFollow.Keys(exact: ["i1", "x2", "m3", "r4", "b5"], loose: ["i", "x", "m", "r", "b"])
        XCTAssertEqual(PdfpcFollow.pageMap(from: old, to: new), [0: 0, 1: 2, 2: 3, 3: 4])
        var f = PdfpcFile()
        f.notes = [2: "Results"]; f.hidden = [3]; f.forcedOverlays = [1]
        let r = PdfpcFollow.follow(f, from: old, to: new)
        XCTAssertEqual(r.file.notes, [3: "Results"])
        XCTAssertEqual(r.file.hidden, [4])
        XCTAssertEqual(r.file.forcedOverlays, [2])
        XCTAssertTrue(r.changed)
        XCTAssertEqual(r.lost, [])
        XCTAssertFalse(PdfpcFollow.follow(f, from: old, to: old).changed, "the same PDF: nothing moved, nothing said")
    }

    /// m7: a talk restarted (kill -9) while the PDF had a frame more keeps the file's baseline:
    /// it moves the entries at once, and says nothing once the PDF fits the file again.
    func testTheBaselineSurvivesARestart() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Method", "Results", "Results more", "Hidden backup"])
        try writePdfpcSavedEarlier(pdfpc, to: path("talk.pdfpc"))
        PdfpcStaleness.keysDelay = 0.2
        defer { PdfpcStaleness.keysDelay = 2 }
        _ = try deck(pdf)
        // The page keys are read in the background, after the first frames, then saved.
        let store = PdfpcStaleness.storePath(pdf: pdf, environment: ProcessInfo.processInfo.environment)
        XCTAssertFalse(String(decoding: FileManager.default.contents(atPath: store) ?? Data(), as: UTF8.self).contains("exact"), "no page text read at launch")
        PdfpcStaleness.keysReading.wait()
        XCTAssertTrue(String(decoding: FileManager.default.contents(atPath: store) ?? Data(), as: UTF8.self).contains("exact"), "read later and saved")
        write(pdf, ["Intro", "Extra", "Method", "Results", "Results more", "Hidden backup"])
        PdfpcStaleness.forgetThisProcess()
        var d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5], "the restarted talk hides the backup, not Results more")
        XCTAssertNotNil(d.pdfpcStaleWarning)
        write(pdf, ["Intro", "Method", "Results", "Results more", "Hidden backup"])
        PdfpcStaleness.forgetThisProcess()
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4])
        XCTAssertNil(d.pdfpcStaleWarning, "the files match again")
        XCTAssertTrue(FileManager.default.fileExists(atPath: PdfpcStaleness.storePath(pdf: pdf, environment: ProcessInfo.processInfo.environment)))
    }

    /// Trial 33 F1: `podium check` read the file and ended before the page keys were read (a
    /// baseline without them), then the PDF was compiled again, then the talk: it took the
    /// entries by page number and kept the old baseline, so a frame inserted during the talk
    /// moved nothing and the hidden backup slide was shown. The PDF the talk read them with is
    /// their baseline now: the insertion moves them with their pages.
    func testARecompileAfterACheckThatReadNoKeysStillMovesTheEntries() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Method", "Results", "Results more", "Hidden backup"])
        try writePdfpcSavedEarlier(pdfpc, to: path("talk.pdfpc"))
        PdfpcStaleness.keysDelay = 3   // `check` ends before
        _ = try deck(pdf)
        PdfpcStaleness.forgetThisProcess()
        PdfpcStaleness.keysDelay = 0.2
        defer { PdfpcStaleness.keysDelay = 2 }
        try await Task.sleep(for: .milliseconds(1100))   // a later modification time
        write(pdf, ["Intro", "Method", "Results", "Results more", "Hidden backup"])
        var d = try deck(pdf)   // the talk
        XCTAssertEqual(shown(d), [1, 2, 3, 4])
        PdfpcStaleness.keysReading.wait()
        write(pdf, ["Intro", "Extra", "Method", "Results", "Results more", "Hidden backup"])
        d = try deck(pdf)   // its reload
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5], "the backup (page 6) stays hidden, Results more (page 5) is shown")
        XCTAssertEqual(notes(d, page: 4), "Results: say 42 slowly")
    }

    /// Trial 33 m11: a file whose pages cannot be followed (read by page number) said only that
    /// they "may no longer match"; it names the pages it hides now, so a real slide hidden is seen.
    func testAFileReadByPageNumberSaysWhichPagesItHidesNow() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Extra", "Method", "Results", "Results more", "Hidden backup"])
        let doc = try PDFDocument(path: pdf)
        var file = PdfpcFile()
        XCTAssertEqual(PdfpcStaleness.hiddenNow(file, in: doc), "")
        file.hidden = [4]
        XCTAssertEqual(PdfpcStaleness.hiddenNow(file, in: doc), "; it hides page 5 now")
        file.hidden = [0, 1, 2, 3, 4, 9]
        XCTAssertEqual(PdfpcStaleness.hiddenNow(file, in: doc), "; it hides page 1, page 2, page 3 and 2 more now", "a page past the end is none")
        file.hidden = Set(0..<6)
        XCTAssertEqual(PdfpcStaleness.hiddenNow(file, in: doc), "", "every page hidden: the deck ignores the hiding (and says so)")
    }

    /// A `.pdfpc` saved just before its PDF (edited for the frames to come, then recompiled) is
    /// the new PDF's own, even when a reload read it with the PDF before: its entries go by index.
    func testAPdfpcSavedTogetherWithItsPdfIsItsOwn() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Method", "Results", "Backup", "End"])
        // Written for the PDF to come, whose index 4 is Backup; read first with this one (End).
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 4, "hidden": true}]}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4])
        write(pdf, ["Intro", "Extra", "Method", "Results", "Backup"])
        let d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4], "Backup hidden by its index, not End followed (and lost)")
        XCTAssertNil(d.pdfpcStaleWarning)
    }

    /// m5: the scene's NEXT preview (top right of the presenter's page) skips talk.pdfpc's hidden page.
    func testTheScenesNextPreviewSkipsAHiddenPage() async throws {
        let pdf = path("talk.pdf")
        write(pdf, ["Intro", "Method", "Results", "Hidden backup", "End"])
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 3, "hidden": true}]}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let d = try deck(pdf)
        let results = try PDFScene(SceneParameters(d.pages[2].parameters), pdfHost(dir))
        XCTAssertEqual(results.presenter.next.page, 4, "End, not the hidden backup (3)")
        XCTAssertFalse(results.presenter.next.isHidden)
        let end = try PDFScene(SceneParameters(d.pages[3].parameters), pdfHost(dir))
        XCTAssertTrue(end.presenter.next.isHidden, "nothing after End")
        // talk.pdfpc saved hiding End too: the scene, kept by the reload, has no next page when current.
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 3, "hidden": true}, {"idx": 4, "hidden": true}]}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        _ = try deck(pdf)
        results.didBecomeCurrent()
        XCTAssertTrue(results.presenter.next.isHidden, "End is hidden now")
    }

    /// Keys as a PDF of `texts` gives them: the text, the text without digits, its words.
    func keys(_ texts: [String]) -> PdfpcFollow.Keys {
        PdfpcFollow.Keys(exact: texts, loose: texts.map { String($0.filter { !$0.isNumber }) }, words: texts.map(PdfpcFollow.words))
    }

    /// The trial's Beamer talk (notes on the second screen, a footline page number): a frame
    /// (Overlays) of three overlays, the hidden backup (index 4), Results, End.
    let trialPages = ["Title Slide Welcome to the TALK ONE NOTE-ONE: greet the room 1",
                      "Overlays First point NOTE-TWO: secret overlay notes 2",
                      "Overlays First point Second point NOTE-TWO: secret overlay notes 2",
                      "Overlays First point Second point Third point NOTE-TWO: secret overlay notes 2",
                      "Backup Slide BACKUP HIDDEN CONTENT NOTE-BACKUP 3",
                      "Results Results are great: 42 NOTE-RESULTS 4",
                      "End Thanks! Questions? NOTE-END 5"]
    let agenda = "Agenda Agenda for today 2"
    let backupEdited = "Backup Slide BACKUP HIDDEN CONTENT, spare numbers NOTE-BACKUP 4"
    let findings = "Findings Our results are excellent overall NOTE-RESULTS 5"

    func renumbered(_ p: String, _ n: Int) -> String { String(p.dropLast()) + "\(n)" }

    /// Trial 18 F3: an Agenda frame inserted before Overlays, the hidden backup and Results (the
    /// page after it) edited, recompiled once: two pages not found between Overlays and End,
    /// and two new pages there: they are those pages, in order, and the backup stays hidden.
    func testTwoPagesEditedTogetherBetweenFoundPagesFollowInOrder() async throws {
        let old = keys(trialPages)
        let new = keys([trialPages[0], agenda] + trialPages[1...3].map { renumbered($0, 3) } + [backupEdited, findings, renumbered(trialPages[6], 6)])
        XCTAssertEqual(PdfpcFollow.pageMap(from: old, to: new), [0: 0, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7])
        var f = PdfpcFile()
        f.hidden = [4]; f.notes = [5: "say 42"]
        let r = PdfpcFollow.follow(f, from: old, to: new)
        XCTAssertEqual(r.file.hidden, [5], "the edited backup (new index 5) is hidden")
        XCTAssertEqual(r.file.notes, [6: "say 42"], "Results retitled Findings keeps its note")
        XCTAssertEqual(r.lost, [])
        XCTAssertEqual(r.guessed, [])
    }

    /// When the gap has more new pages than old ones not found, the hidden page cannot be placed
    /// for certain: the new page there sharing most of its words is hidden, on a guess, and
    /// named; one with no place (a cut page, nothing new in its gap) hides nothing.
    func testAHiddenPageNotFoundForCertainIsHiddenWhereItsWordsAre() async throws {
        let old = keys(trialPages)
        let extra = "Extra Slide More numbers NOTE-EXTRA 4"
        // A frame before the edited backup too: three new pages for two old ones. By place the
        // guess would be Extra; by its words it is the edited backup.
        let new = keys([trialPages[0], agenda] + trialPages[1...3].map { renumbered($0, 3) } + [extra, backupEdited, findings, renumbered(trialPages[6], 7)])
        XCTAssertNil(PdfpcFollow.pageMap(from: old, to: new)[4], "not for certain")
        var f = PdfpcFile()
        f.hidden = [4]; f.notes = [5: "say 42"]
        let r = PdfpcFollow.follow(f, from: old, to: new)
        XCTAssertEqual(r.file.hidden, [6], "the edited backup is hidden, Extra is shown")
        XCTAssertEqual(r.guessed, [PdfpcFollow.Guess(old: 5, new: 7)])
        XCTAssertEqual(r.lost, ["the note of page 6"], "a note is not put on a page by a guess")
        XCTAssertTrue(r.changed)
        // The backup and Results cut, nothing new between Overlays and End: nothing to hide.
        let cut = keys(trialPages[0...3].map { $0 } + [trialPages[6]])
        let c = PdfpcFollow.follow(f, from: old, to: cut)
        XCTAssertEqual(c.file.hidden, [])
        XCTAssertEqual(c.lost, ["hidden page 5", "the note of page 6"])
    }

    /// Trial 18b F2: the backup cut and Results reworded in its own place ("Findings"), one
    /// recompile: two old pages not found, one new page between Overlays and End. Findings is
    /// more like Results than like the backup, so it is Results edited: nothing is hidden, and the
    /// room sees the results slide (it was hidden "on a guess", the talk went from Overlays to End).
    func testASlideEditedBesideACutBackupIsNotHiddenInItsPlace() async throws {
        let old = keys(trialPages)
        let new = keys(trialPages[0...3].map { $0 } + [renumbered(findings, 5), renumbered(trialPages[6], 6)])
        var f = PdfpcFile()
        f.hidden = [4]
        let r = PdfpcFollow.follow(f, from: old, to: new)
        XCTAssertEqual(r.file.hidden, [], "Findings shown: it is the results slide, edited")
        XCTAssertEqual(r.guessed, [])
        XCTAssertEqual(r.lost, ["hidden page 5"])
    }

    /// The same through a reload of a real PDF: the presenter's first warning line names the page
    /// hidden on a guess, short enough for the banner.
    func testAReloadSaysWhichPageWasHiddenOnAGuess() async throws {
        let pdf = path("talk.pdf")
        func write(_ texts: [String]) {
            var o = TestPDF.Options()
            o.pages = texts.count; o.texts = texts; o.textSize = 12
            o.outline = texts.enumerated().map { (String($1.split(separator: " ").first!), $0) }
            TestPDF.write(pdf, o)
        }
        write(["Title Welcome", "Method How", "Backup spare numbers hidden", "Results 42", "End Thanks"])
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "pages": [{"idx": 2, "hidden": true}]}"#, to: path("talk.pdfpc"))
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 4, 5])
        write(["Title Welcome", "Method How", "Extra more", "Backup spare numbers hidden, edited", "Findings excellent", "End Thanks"])
        let d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 5, 6], "the edited backup (page 4) stays hidden")
        let first = try XCTUnwrap(d.pdfpcStaleWarnings.first)
        XCTAssertTrue(first.hasSuffix("/talk.pdfpc: page 4 “Backup” hidden on a guess (hidden page 3 not found for certain in the new talk.pdf)"), first)
        XCTAssertLessThan(first.count - dir.path.count, 120, "one short line once the folder is cut off")
    }
}
