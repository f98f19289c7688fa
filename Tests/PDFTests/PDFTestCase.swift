import XCTest
import PodiumTestSupport

/// A test case with a fresh temporary folder for the PDFs it writes, removed afterwards.
@MainActor
class PDFTestCase: XCTestCase {
    var dir: URL!
    override func setUp() async throws { dir = TestPaths.tempDir("podium-pdf") }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
}
