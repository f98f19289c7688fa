@testable import BandListScene
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Stores that cannot be written: read-only ones are still read (shown, searched, exported),
/// and a full disk fails only the edit being made, with a message that says so.
final class BandStoreWriteFailureTests: XCTestCase {
    var dir: URL!
    var path: String { dir.appendingPathComponent("bands.sqlite").path }
    override func setUpWithError() throws {
        dir = TestPaths.tempDir("bandstore-ro")
        let s = try BandStore(path: path)
        try s.replaceAll(with: [Band(name: "Blur"), Band(name: "Pulp", rating: 8)])
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// SQLite's `max_page_count` makes the file unable to grow: the same SQLITE_FULL a full disk gives.
    func testFullDiskFailsThatEditAndKeepsEverythingCommitted() throws {
        let store = try BandStore(path: path)
        let pages = try XCTUnwrap(store.db.rows("PRAGMA page_count").first?.first?.int)
        _ = try store.db.rows("PRAGMA max_page_count = \(pages)")
        let huge = Band(name: "Oasis", notes: String(repeating: "Wonderwall. ", count: 20_000))
        XCTAssertThrowsError(try store.insert(huge)) { e in
            XCTAssertEqual("\(e)", "\(path): the disk is full; this change was not saved (everything saved before is kept). Free some space and try again")
        }
        XCTAssertEqual(try store.all().map(\.name), ["Blur", "Pulp"], "the failed edit left nothing behind")
        XCTAssertEqual(try BandStore(path: path).all().map(\.name), ["Blur", "Pulp"], "another connection sees the committed state")
        _ = try store.db.rows("PRAGMA max_page_count = 1073741823")
        try store.insert(huge)
        XCTAssertEqual(try BandStore(path: path).count(), 3, "with space again the same edit is saved")
    }

    func testReadOnlyStoreIsShownButEveryEditIsRefused() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try BandStore(path: path, readOnly: true)
        XCTAssertEqual(store.readOnlyReason, "opened for reading only")
        XCTAssertEqual(try store.all().map(\.name), ["Blur", "Pulp"])
        let message = "\(path): is read-only (opened for reading only); the change was not saved"
        XCTAssertThrowsError(try store.insert(Band(name: "Suede"))) { XCTAssertEqual("\($0)", message) }
        XCTAssertThrowsError(try store.replaceAll(with: [])) { XCTAssertEqual("\($0)", message) }
        XCTAssertThrowsError(try store.delete(id: 1)) { XCTAssertEqual("\($0)", message) }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertThrowsError(try BandStore(path: dir.appendingPathComponent("none.sqlite").path, readOnly: true)) {
            XCTAssertTrue("\($0)".hasSuffix("no such band store (opened for reading only, so it cannot be created)"), "\($0)")
        }
    }

    /// From the reliability case band-store-read-only: another user's store (readable, not
    /// writable, in a folder that user cannot write) is exported; importing into it says
    /// read-only. Runs podium as `nobody` (needs root, as CI has).
    func testAnotherUsersStoreIsExportedAndImportSaysReadOnly() throws {
        chmod(dir.path, 0o755); chmod(path, 0o644)
        let home = dir.appendingPathComponent("nobody")
        func asNobody(_ args: [String]) throws -> ProcessResult { try runPodiumAsNobody(args, home: home) }
        // Not root (a developer's run): nobody cannot be switched to; the unprivileged user is you.
        guard getuid() == 0 else { throw XCTSkip("needs root to run podium as nobody") }
        if let why = nobodyCannotRunPodium(home: home) { return XCTFail(why) }
        let export = try asNobody(["bands", "export", "-", "--store", path])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(try BandJSON.decode(Data(export.stdout.utf8), file: "-", baseDirectory: dir).map(\.name), ["Blur", "Pulp"])
        let file = dir.appendingPathComponent("in.json")
        try Data(#"[{"name":"Suede"}]"#.utf8).write(to: file)
        chmod(file.path, 0o644)
        let imp = try asNobody(["bands", "import", file.path, "--store", path])
        XCTAssertEqual(imp.status, 1)
        XCTAssertEqual(imp.stderr, "podium: \(path): is read-only (the file is not writable by you); the change was not saved\n")
        XCTAssertEqual(try BandStore(path: path).all().map(\.name), ["Blur", "Pulp"])
    }
}
