import Foundation
import PodiumKit
import XCTest

/// Trial 9 F10: a disk error reaches the log and the speaker as the system's reason in a few
/// words, never as `Error Domain=NSCocoaErrorDomain Code=642 … UserInfo={…}`.
final class DiskErrorTextTests: XCTestCase {
    func testFoundationFileErrorsGiveTheErrnoText() {
        let readOnly = NSError(domain: NSCocoaErrorDomain, code: NSFileWriteVolumeReadOnlyError,
                               userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS)), NSFilePathErrorKey: "/x/talk.drawings.json"])
        XCTAssertEqual(DiskErrorText.reason(readOnly), "read-only file system")
        // Without an underlying POSIX error (a full disk as the trial saw it): the Cocoa code's errno.
        XCTAssertEqual(DiskErrorText.reason(NSError(domain: NSCocoaErrorDomain, code: NSFileWriteOutOfSpaceError)), "no space left on device")
        XCTAssertEqual(DiskErrorText.reason(POSIXError(.EACCES)), "permission denied")
        XCTAssertEqual(DiskErrorText.reason(NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))), "input/output error")
    }

    /// A real failure: a folder to create where a file is.
    func testARealWriteFailureIsShort() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("disk-error-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("a file".utf8).write(to: dir.appendingPathComponent("podium"))
        do {
            try Data("{}".utf8).write(to: dir.appendingPathComponent("podium/displays.json"))
            XCTFail("wrote into a file")
        } catch {
            let reason = DiskErrorText.reason(error)
            XCTAssertEqual(reason, "not a directory", "\(error)")
            XCTAssertFalse(reason.contains("Domain="))
        }
    }
}
