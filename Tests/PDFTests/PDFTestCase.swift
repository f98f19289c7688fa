import XCTest
import PodiumTestSupport

/// A test case with a fresh temporary folder for the PDFs it writes, removed afterwards.
class PDFTestCase: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-pdf") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
}
