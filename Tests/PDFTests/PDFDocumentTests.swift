import XCTest
import PodiumKit
@testable import PDFScene

final class PDFDocumentTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = FileManager.default.temporaryDirectory.appendingPathComponent("podium-pdf-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func testWritesSamplesForInspection() throws {
        let p = TestPDF.write(path("sample.pdf"), .init(pages: 3, labels: [0: "i", 1: "ii"], outline: [("Intro", 0), ("Results", 2)],
                                                       links: [(0, (0.8, 0.8, 0.15, 0.15), .page(2)), (1, (0.0, 0.0, 0.2, 0.2), .uri("https://example.org/x"))]))
        let doc = try PDFDocument(path: p)
        try? FileManager.default.copyItem(atPath: p, toPath: "/tmp/pdf-sample.pdf")
        print("labels", doc.labels, "outline", doc.outline, "links", doc.links(page: 0), doc.links(page: 1), "title", doc.title as Any)
        XCTAssertEqual(doc.pageCount, 3)
    }
}
