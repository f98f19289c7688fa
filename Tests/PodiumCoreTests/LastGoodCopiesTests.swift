import Foundation
import PodiumCore
import XCTest

/// The kept copies are a cache (`LastGoodCopies`): one file per deck, PDF and sidecar ever
/// presented, pruned when no talk wrote them for 30 days.
final class LastGoodCopiesTests: XCTestCase {
    func testCopiesNotWrittenFor30DaysAndOldLeftoversArePrunedOthersStay() throws {
        let folder = NSTemporaryDirectory() + "last-good-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = Date()
        let files: [(String, Double)] = [("old.pdf", 31), ("recent.pdf", 29), ("fresh.json", 0), ("old.part", 2), ("new.part", 0.5)]
        for (name, days) in files {
            let path = folder + "/" + name
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-days * 86_400)], ofItemAtPath: path)
        }
        try FileManager.default.createDirectory(atPath: folder + "/a-folder", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-90 * 86_400)], ofItemAtPath: folder + "/a-folder")

        XCTAssertEqual(LastGoodCopies.prune(folder, now: now), ["old.part", "old.pdf"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["a-folder", "fresh.json", "new.part", "recent.pdf"])
        XCTAssertEqual(LastGoodCopies.prune(folder + "/missing", now: now), [], "no folder: nothing to do")
    }

    func testTheFolderFollowsXDGCacheHomeElseHOME() {
        XCTAssertEqual(LastGoodCopies.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]), "/c/podium/last-good")
        XCTAssertEqual(LastGoodCopies.folder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]), "/h/.cache/podium/last-good")
        XCTAssertEqual(LastGoodCopies.folder(environment: ["HOME": "/h"]), "/h/.cache/podium/last-good")
    }
}
