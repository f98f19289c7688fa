import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Trial 18 F2: a talk.pdfpc saved with a typo mid-talk keeps, for what cannot be read, what was
/// read before from it (hidden pages, the duration, notes), as talk.notes.json does; at launch,
/// with nothing read before, what cannot be read is left out (and said).
@MainActor
final class PdfpcTypoReloadTests: PDFTestCase {
    /// The deck as a reload opens it: fresh documents, this process's memory kept.
    func deck(_ pdf: String) throws -> PDFDeck {
        var out: PDFDeck?
        _ = try PageCaches.loadFresh { out = try PDFDeck(path: pdf); return true }
        return try XCTUnwrap(out)
    }
    func shown(_ d: PDFDeck) -> [Int] { d.pages.compactMap { $0.parameters["page"]?.int } }
    func save(_ json: String) throws { try writePdfpcSavedEarlier(json, to: path("talk.pdfpc")) }

    let good = """
        {"pdfpcFormat":2,"duration":20,"pages":[
         {"idx":4,"label":"3","overlay":0,"hidden":true},
         {"idx":1,"label":"2","overlay":0,"hidden":true,"note":"skip this"}
        ]}
        """

    func testATypoKeepsWhatWasReadBeforeFromTheFile() async throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5))
        try save(good)
        var d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 3, 4])
        XCTAssertEqual(d.pdfpc?.durationMinutes, 20)
        XCTAssertEqual(d.pdfpcProblems, [])

        // The trial's typo: a trailing comma after the last page entry.
        try save(good.replacingOccurrences(of: "\"note\":\"skip this\"}\n", with: "\"note\":\"skip this\"},\n"))
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 3, 4], "the hidden pages stay hidden")
        XCTAssertEqual(d.pdfpc?.durationMinutes, 20, "the countdown stays")
        XCTAssertEqual(d.pdfpc?.notes[1], "skip this")
        XCTAssertEqual(d.pdfpcProblems.count, 1)
        let p = d.pdfpcProblems[0]
        XCTAssertTrue(p.contains("talk.pdfpc: not valid JSON: line 4, column 1"), p)
        XCTAssertTrue(p.hasSuffix(" (the version read before is kept)"), p)

        // A field of the wrong type keeps its value read before; the rest is the new file's.
        try save(#"{"pdfpcFormat":2,"duration":"twenty","pages":[{"idx":4,"hidden":true}]}"#)
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4], "page 2 shown: the new file no longer hides it")
        XCTAssertEqual(d.pdfpc?.durationMinutes, 20)
        XCTAssertTrue(d.pdfpcProblems.first?.hasSuffix("talk.pdfpc: duration: expected a number ≥ 0, found \"twenty\" (the value read before is kept)") == true, "\(d.pdfpcProblems)")

        // A page entry Podium cannot place (its idx a word) keeps the page entries read before.
        try save(#"{"pdfpcFormat":2,"duration":15,"pages":[{"idx":"four","hidden":true}]}"#)
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 3, 4], "the hidden pages read before")
        XCTAssertEqual(d.pdfpc?.durationMinutes, 15)
        XCTAssertTrue(d.pdfpcProblems.first?.contains("pages[0].idx: expected a page index 0…4") == true, "\(d.pdfpcProblems)")

        // Fixed: the file as saved.
        try save(#"{"pdfpcFormat":2,"duration":10,"pages":[{"idx":3,"hidden":true}]}"#)
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 5])
        XCTAssertEqual(d.pdfpc?.durationMinutes, 10)
        XCTAssertEqual(d.pdfpcProblems, [])
    }

    /// Trial 18b F1: a typo saved, then the PDF recompiled within 10 s with a frame inserted
    /// before the hidden backup. The typo's save is no save of the entries kept, so they are not
    /// "saved together" with the new PDF: they follow their pages, and the backup stays hidden
    /// (it was taken as written for the new PDF, and the room saw the backup).
    func testATypoThenARecompileKeepsTheKeptEntriesOnTheirPages() async throws {
        let pdf = path("talk.pdf")
        func write(_ texts: [String]) {
            var o = TestPDF.Options()
            o.pages = texts.count; o.texts = texts; o.textSize = 12
            TestPDF.write(pdf, o)
        }
        write(["Title Welcome", "Method How", "Backup spare numbers", "Results 42", "End Thanks"])
        try save(#"{"pdfpcFormat":2,"duration":20,"pages":[{"idx":2,"hidden":true}]}"#)
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 4, 5])
        try #"{"pdfpcFormat":2,"duration":20,"pages":[{"idx":2,"hidden":true},]}"#.write(toFile: path("talk.pdfpc"), atomically: false, encoding: .utf8)
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 4, 5], "the typo: the entries read before")
        write(["Title Welcome", "Agenda Today", "Method How", "Backup spare numbers", "Results 42", "End Thanks"])
        let d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 5, 6], "the backup, now page 4, stays hidden")
    }

    /// A talk launched (or restarted) with the typo has nothing read before: the file is left
    /// out and said, as `podium check` refuses it.
    func testATypoAtLaunchLeavesTheFileOut() async throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5))
        try save(good)
        _ = try deck(pdf)
        PdfpcStaleness.forgetThisProcess()
        try save(good.replacingOccurrences(of: "\"note\":\"skip this\"}\n", with: "\"note\":\"skip this\"},\n"))
        let d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5])
        XCTAssertNil(d.pdfpc?.durationMinutes)
        XCTAssertTrue(d.pdfpcProblems.first?.hasSuffix(" (the file is left out)") == true, "\(d.pdfpcProblems)")
    }
}
