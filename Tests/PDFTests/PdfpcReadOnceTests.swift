import Foundation
import Glibc
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
        // inotify says every open of a file in the folder, whatever code opened it; a close
        // between two opens keeps the kernel from merging them into one event.
        let fd = inotify_init1(Int32(IN_NONBLOCK))
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertGreaterThanOrEqual(inotify_add_watch(fd, dir.path, UInt32(IN_OPEN | IN_CLOSE_NOWRITE)), 0)
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.count, 2, "page 2 hidden")
        XCTAssertEqual(deck.pages.first?.notes, "From pdfpc.")
        XCTAssertEqual(opens(of: "talk.pdfpc", fd), 1, "talk.pdfpc is read once per deck open")
    }

    /// The names opened since the watch began, counted for `name`.
    private func opens(of name: String, _ fd: Int32) -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let n = read(fd, &buffer, buffer.count)
        var offset = 0
        while n > 0, offset + MemoryLayout<inotify_event>.size <= n {
            let (mask, length) = buffer.withUnsafeBytes { raw in
                let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (e.mask, Int(e.len))
            }
            let start = offset + MemoryLayout<inotify_event>.size
            let file = String(decoding: buffer[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
            if mask & UInt32(IN_OPEN) != 0, file == name { count += 1 }
            offset = start + length
        }
        return count
    }
}
