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
        // Results cut, a frame added before the backup, which was retitled.
        write(pdf, ["Intro", "Method", "Results more", "Extra", "Another backup"])
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5], "the backup's content is gone: nothing else is hidden")
        XCTAssertEqual(d.pages.map(\.notes), ["", "", "", "", ""], "Results' note is put on no other page")
        let w = try XCTUnwrap(d.pdfpcStaleWarning)
        XCTAssertTrue(w.hasSuffix("moved with their pages; not found in the new talk.pdf, left out: hidden page 5, the note of page 3 (save the file again in pdfpc, or fix its idx entries)"), w)
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
}
