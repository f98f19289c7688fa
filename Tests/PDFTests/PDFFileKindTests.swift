import XCTest
import PDFScene
import PodiumTestSupport

/// What is not a regular file is refused before it is opened: a directory used to trap
/// Foundation's reader, a FIFO blocked for good, `/proc/self/mem` trapped on EIO.
final class PDFFileKindTests: PDFTestCase {
    func message(_ path: String) -> String {
        do { _ = try PDFDocument(path: path); return "opened" } catch { return "\(error)" }
    }

    func testDirectoriesFIFOsAndReadErrorsAreErrorsNotCrashes() throws {
        try FileManager.default.createDirectory(atPath: path("talk.pdf"), withIntermediateDirectories: true)
        XCTAssertEqual(message(path("talk.pdf")), "\(path("talk.pdf")): is a directory, not a file")
        XCTAssertEqual(mkfifo(path("pipe.pdf"), 0o600), 0)
        XCTAssertEqual(message(path("pipe.pdf")), "\(path("pipe.pdf")): not a regular file but a FIFO (named pipe)", "returns at once instead of blocking")
        XCTAssertEqual(message("/proc/self/mem"), "/proc/self/mem: not a regular file but a kernel file (/proc, /sys)")
        XCTAssertEqual(message(path("absent.pdf")), "\(path("absent.pdf")): file not found")
        let r = try runProcess(TestPaths.podium, ["check", path("talk.pdf")], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("is a directory, not a file"), r.stderr)
    }
}
