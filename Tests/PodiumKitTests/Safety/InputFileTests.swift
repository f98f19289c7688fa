import Foundation
import PodiumKit
import XCTest

/// `InputFile`: every path from outside is opened once, without blocking, and refused unless it
/// is a readable regular file within the size bound.
final class InputFileTests: XCTestCase {
    var dir: URL!
    override func setUp() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    func reason(_ p: String, maxBytes: Int = InputFile.defaultLimit) -> InputFileError.Reason? {
        do { _ = try InputFile.read(p, maxBytes: maxBytes); return nil } catch let e as InputFileError { return e.reason } catch { return .unreadable("\(error)") }
    }

    func testRegularFileIsReadWhole() throws {
        _ = FileManager.default.createFile(atPath: path("a.txt"), contents: Data("hello".utf8))
        XCTAssertEqual(try InputFile.read(path("a.txt")), Data("hello".utf8))
        let f = try InputFile(path: path("a.txt"))
        XCTAssertEqual(f.size, 5)
        XCTAssertEqual(try f.read(upTo: 2), Data("he".utf8))
        XCTAssertEqual(try f.readAll(), Data("llo".utf8), "reads go on from the position")
    }

    func testDirectoryIsRefusedByName() throws {
        try FileManager.default.createDirectory(atPath: path("talk.pdf"), withIntermediateDirectories: true)
        XCTAssertEqual(reason(path("talk.pdf")), .directory)
        XCTAssertThrowsError(try InputFile.check(path("talk.pdf"))) { XCTAssertEqual("\($0)", "\(self.path("talk.pdf")): is a directory, not a file") }
    }

    func testFIFOIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o600), 0)
        // With no writer, a blocking open would wait for ever; this must come back at once.
        let done = expectation(description: "returned")
        nonisolated(unsafe) var r: InputFileError.Reason?
        let p = path("pipe")
        // The test waits for the thread below; nothing else touches the test case meanwhile.
        nonisolated(unsafe) let test = self
        Thread { r = test.reason(p); done.fulfill() }.start()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(r, .notRegular("a FIFO (named pipe)"))
    }

    func testDevicesAndKernelFilesAreRefused() {
        XCTAssertEqual(reason("/dev/null"), .notRegular("a device"))
        // /proc/self/mem claims to be a regular, empty file, then fails every read with EIO.
        XCTAssertEqual(reason("/proc/self/mem"), .kernelFile)
        XCTAssertEqual(reason("/proc/self/status"), .kernelFile)
    }

    func testMissingUnreadableAndTooLarge() throws {
        XCTAssertEqual(reason(path("absent")), .missing)
        _ = FileManager.default.createFile(atPath: path("big"), contents: Data(count: 2000))
        XCTAssertEqual(reason(path("big"), maxBytes: 1000), .tooLarge(size: 2000, limit: 1000))
        XCTAssertNil(reason(path("big"), maxBytes: 2000))
        if getuid() != 0 {
            _ = FileManager.default.createFile(atPath: path("secret"), contents: Data("x".utf8), attributes: [.posixPermissions: 0o000])
            XCTAssertEqual(reason(path("secret")), .unreadable("permission denied"))
        }
    }

    func testTakenDescriptorStaysOpen() throws {
        _ = FileManager.default.createFile(atPath: path("a"), contents: Data("abc".utf8))
        let fd = try InputFile(path: path("a")).takeDescriptor()
        defer { close(fd) }
        var b = [UInt8](repeating: 0, count: 3)
        XCTAssertEqual(read(fd, &b, 3), 3, "the object no longer closes a descriptor it gave away")
        XCTAssertEqual(fcntl(fd, F_GETFL) & O_NONBLOCK, 0, "blocking again once known to be a regular file")
    }
}
