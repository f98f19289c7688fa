import XCTest
import PodiumTestSupport

/// A test case with a fresh temporary folder for the PDFs it writes, removed afterwards.
class PDFTestCase: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-pdf") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Writes `json` to `file` as a `talk.pdfpc` saved a minute ago, when the talk was prepared:
    /// a PDF made within `PdfpcStaleness.togetherSeconds` after it would be taken as its own.
    func writePdfpcSavedEarlier(_ json: String, to file: String) throws {
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file)
    }
}
