import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Trial 20 F4: a `.pdfpc` saved at most 10 s before its PDF was made ("saved together") but read
/// before with the PDF of then (a reload, or the launch) may be written for either PDF: every
/// page hidden as written or as moved with its pages stays hidden, and the speaker is told which.
@MainActor
final class PdfpcSavedTogetherTests: PDFTestCase {
    func write(_ file: String, _ texts: [String], modified: Date? = nil) throws {
        var o = TestPDF.Options()
        o.pages = texts.count; o.texts = texts; o.textSize = 12
        o.outline = texts.enumerated().map { (String($1.split(separator: " ").first!), $0) }
        TestPDF.write(file, o)
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file) }
    }
    func deck(_ pdf: String) throws -> PDFDeck {
        var out: PDFDeck?
        _ = try PageCaches.loadFresh { out = try PDFDeck(path: pdf); return true }
        return try XCTUnwrap(out)
    }
    func shown(_ d: PDFDeck) -> [Int] { d.pages.compactMap { $0.parameters["page"]?.int } }
    func modified(_ file: String) throws -> Date { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) }

    /// The trial's Beamer talk (no footline numbers), and the same with a frame inserted first.
    let talk = ["Title Welcome", "Overlays First", "Overlays First Second", "Overlays First Second Third",
                "Results great", "Backup spare numbers", "Thanks Questions"]
    var inserted: [String] { [talk[0], "Inserted new frame"] + talk[1...] }

    func testEitherReadingHidesThePage() async throws {
        var written = PdfpcFile(), moved = PdfpcFile()
        written.hidden = [5]; written.notes = [5: "as written"]
        moved.hidden = [6]; moved.notes = [6: "moved"]
        let e = PdfpcFollow.either(written, moved)
        XCTAssertEqual(e.file.hidden, [5, 6])
        XCTAssertEqual(e.file.notes, [5: "as written"], "the first reading's notes")
        XCTAssertEqual(e.kept, [5, 6])
        XCTAssertTrue(e.secondAdds)
        moved.hidden = []
        let lost = PdfpcFollow.either(written, moved)
        XCTAssertEqual(lost.file.hidden, [5])
        XCTAssertFalse(lost.secondAdds, "the moved reading hides nothing more: the file as written is safe")
        XCTAssertEqual(PdfpcFollow.either(written, written).kept, [])
    }

    /// The trial's steps: on Results, the backup hidden (read with this PDF: correct), a frame
    /// inserted and recompiled 4 s later. As written, index 5 is Results now; moved with its
    /// page, the backup: both stay hidden and the banner names them. A later recompile (long
    /// after the save) keeps both readings; saving the file again makes it the PDF's own.
    func testAFileReadWithThePdfBeforeAndSavedTogetherHidesBothReadings() async throws {
        let pdf = path("talk.pdf"), pdfpc = path("talk.pdfpc")
        try write(pdf, talk, modified: Date(timeIntervalSinceNow: -300))
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "duration": 10}"#, to: pdfpc)
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4, 5, 6, 7])
        try #"{"pdfpcFormat": 2, "duration": 10, "pages": [{"idx": 5, "hidden": true}]}"#.write(toFile: pdfpc, atomically: true, encoding: .utf8)
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4, 5, 7], "read with this PDF: the backup hidden")
        try write(pdf, inserted, modified: try modified(pdfpc).addingTimeInterval(4))
        var d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5, 8], "Results (as written) and the backup (moved) hidden")
        XCTAssertEqual(d.pdfpcStaleWarnings.count, 1)
        let w = d.pdfpcStaleWarnings.first ?? ""
        XCTAssertTrue(w.hasSuffix("/talk.pdfpc: pages 6 “Results”, 7 “Backup” kept hidden, check: saved just before talk.pdf but read with the one before, its hidden pages as written and moved with their pages differ"), w)
        // Read again (another reload of the same PDF): the same.
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4, 5, 8])
        // Recompiled a minute later, a frame more at the end: both readings follow their pages.
        try write(pdf, inserted + ["Appendix more"], modified: try modified(pdfpc).addingTimeInterval(60))
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5, 8, 9])
        XCTAssertTrue(d.pdfpcStaleWarnings.first?.contains("pages 6 “Results”, 7 “Backup” kept hidden") == true, "\(d.pdfpcStaleWarnings)")
        // After a restart too (the baseline on disk keeps both readings).
        PdfpcStaleness.forgetThisProcess()
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4, 5, 8, 9])
        // The speaker checked and saves the file again (the same bytes): this PDF is its own.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: pdfpc)
        d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5, 7, 8, 9], "as written: index 5 is Results")
        XCTAssertEqual(d.pdfpcStaleWarnings, [])
    }

    /// The same file written before the launch: read at launch with the PDF of then.
    func testAFileReadAtLaunchAndSavedTogetherHidesBothReadings() async throws {
        let pdf = path("talk.pdf"), pdfpc = path("talk.pdfpc")
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 5, "hidden": true}]}"#.write(toFile: pdfpc, atomically: true, encoding: .utf8)
        try write(pdf, talk, modified: try modified(pdfpc).addingTimeInterval(-60))
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4, 5, 7])
        try write(pdf, inserted, modified: try modified(pdfpc).addingTimeInterval(5))
        XCTAssertEqual(shown(try deck(pdf)), [1, 2, 3, 4, 5, 8])
    }

    /// Written for the frames to come and never read with the PDF before: its own, as written.
    func testAFileNotReadWithThePdfBeforeIsItsOwn() async throws {
        let pdf = path("talk.pdf"), pdfpc = path("talk.pdfpc")
        try write(pdf, talk, modified: Date(timeIntervalSinceNow: -300))
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "duration": 10}"#, to: pdfpc)
        _ = try deck(pdf)
        try #"{"pdfpcFormat": 2, "duration": 10, "pages": [{"idx": 6, "hidden": true}]}"#.write(toFile: pdfpc, atomically: true, encoding: .utf8)
        try write(pdf, inserted, modified: try modified(pdfpc).addingTimeInterval(3))
        let d = try deck(pdf)
        XCTAssertEqual(shown(d), [1, 2, 3, 4, 5, 6, 8], "the backup (index 6 now) hidden as written")
        XCTAssertEqual(d.pdfpcStaleWarnings, [])
    }
}
