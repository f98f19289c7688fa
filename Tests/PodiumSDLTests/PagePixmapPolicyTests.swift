import XCTest
@testable import PodiumSDL

/// Which of the room's pages keep their X server pixmaps (issue 19, memory): the first page named
/// ahead (and the page shown, with two); the later ones named ahead never evict them.
final class PagePixmapPolicyTests: XCTestCase {
    func testTwoFramesKeepThePageShownAndTheFirstPageAheadOnly() {
        let shown: Set<UInt64> = [10]
        // The next page (11) first, then the previous (9): uploading 11 may evict anything but
        // the page shown and 11; uploading 9 may evict neither of them, so it finds no room.
        XCTAssertEqual(PagePixmapPolicy.keeping(shown: shown, ahead: [11, 9], upTo: 0, framesKept: 2), [10, 11])
        XCTAssertEqual(PagePixmapPolicy.keeping(shown: shown, ahead: [11, 9], upTo: 1, framesKept: 2), [10, 11, 9])
    }

    func testOneFrameGivesUpThePageShownForThePageAhead() {
        XCTAssertEqual(PagePixmapPolicy.keeping(shown: [10], ahead: [9, 11], upTo: 0, framesKept: 1), [9])
        XCTAssertEqual(PagePixmapPolicy.keeping(shown: [10], ahead: [9, 11], upTo: 1, framesKept: 1), [9, 11])
    }

    func testThreeFramesKeepBothNeighboursAsBefore() {
        XCTAssertEqual(PagePixmapPolicy.keeping(shown: [10], ahead: [11, 9], upTo: 0, framesKept: 3), [10, 11, 9])
    }

    func testOneFrameByDefault() {
        // The bench's memory row is taken with the default: a changed default must show there.
        if ProcessInfo.processInfo.environment["PODIUM_PAGE_PIXMAPS"] == nil { XCTAssertEqual(PagePixmapPolicy.framesKept, 1) }
    }
}
