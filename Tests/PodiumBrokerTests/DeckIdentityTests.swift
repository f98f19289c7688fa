import Foundation
import PodiumBroker
import PodiumTestSupport
import XCTest

/// Deck identity: contents count, paths do not; files cannot be re-split into the same hash.
final class DeckIdentityTests: XCTestCase {
    func testContentsNotPathsMakeTheIdentity() throws {
        let dir = TestPaths.tempDir("identity")
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(_ name: String, _ text: String) throws -> String {
            let u = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: u); return u.path
        }
        let a = try DeckIdentity.of(files: [try file("a/deck.json", "{deck}"), try file("a/talk.pdf", "%PDF-1")])
        let b = try DeckIdentity.of(files: [try file("b/other-name.json", "{deck}"), try file("b/x.pdf", "%PDF-1")])
        XCTAssertEqual(a, b, "a copy elsewhere is the same deck")
        XCTAssertTrue(a.hasPrefix("sha256:") && a.count == 7 + 64, a)
        XCTAssertNotEqual(a, try DeckIdentity.of(files: [try file("c/deck.json", "{deck}"), try file("c/talk.pdf", "%PDF-2")]), "one byte")
        XCTAssertNotEqual(a, try DeckIdentity.of(files: [try file("d/deck.json", "{deck}%PDF-1")]), "the same bytes split differently")
        // Known vector: SHA-256 of "abc" followed by its length as 8 little-endian bytes.
        XCTAssertEqual(try DeckIdentity.of(files: [try file("e/abc", "abc")]),
                       "sha256:" + (try runProcess("/bin/sh", ["-c", "printf 'abc\\003\\0\\0\\0\\0\\0\\0\\0' | sha256sum"]).stdout.prefix(64)))
        XCTAssertThrowsError(try DeckIdentity.of(files: [dir.appendingPathComponent("gone.pdf").path])) { XCTAssertTrue("\($0)".contains("gone.pdf"), "\($0)") }
    }
}
