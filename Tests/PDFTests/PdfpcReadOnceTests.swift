import Foundation
import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Opening a PDF talk reads its talk.pdfpc once: the notes, hidden pages and the staleness check
/// (`PdfpcStaleness`) see the same bytes, and a deck open costs one read, not two.
final class PdfpcReadOnceTests: PDFTestCase {
    func testADeckOpenReadsTalkPdfpcOnce() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        try Data(#"{"pdfpcFormat": 2, "pages": [{"idx": 0, "note": "From pdfpc."}, {"idx": 1, "hidden": true}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path("talk.pdfpc")))
        _ = try PageCaches.cache(for: pdf)   // the PDF itself opened before counting
        let opens = try XCTUnwrap(FileOpens(folder: dir.path))
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.count, 2, "page 2 hidden")
        XCTAssertEqual(deck.pages.first?.notes, "From pdfpc.")
        XCTAssertEqual(opens.count(of: "talk.pdfpc"), 1, "talk.pdfpc is read once per deck open")
    }
}
