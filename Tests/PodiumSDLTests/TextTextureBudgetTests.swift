import XCTest
@testable import PodiumSDL

/// Text textures bounded by bytes as well as by count (issue 19, memory: a 200-page talk's
/// console labels held 14–21 MB that a 20-page talk's did not).
final class TextTextureBudgetTests: XCTestCase {
    typealias E = TextTextureBudget.Entry<Int>

    func testOverTheByteLimitTheLeastRecentlyUsedGoDownToHalfOfIt() {
        let budget = TextTextureBudget(countLimit: 1500, byteLimit: 1000)
        // Ten labels of 150 bytes, label i last drawn in frame i.
        let entries = (0..<10).map { E(key: $0, used: UInt64($0), bytes: 150) }
        XCTAssertTrue(budget.isExceeded(count: 10, bytes: 1500))
        XCTAssertFalse(budget.isExceeded(count: 6, bytes: 900))
        XCTAssertEqual(budget.keep(entries, frame: 9), [9, 8, 7], "the newest within 500 bytes")
    }

    func testWhatTheCurrentFrameDrewStaysWhateverItCosts() {
        let budget = TextTextureBudget(countLimit: 1500, byteLimit: 1000)
        let entries = (0..<10).map { E(key: $0, used: $0 < 8 ? 20 : 3, bytes: 150) }
        XCTAssertEqual(budget.keep(entries, frame: 20), Set(0..<8), "eight labels of this frame (1200 bytes) all stay; older ones go")
    }

    func testTheCountStillBounds() {
        let budget = TextTextureBudget(countLimit: 4, byteLimit: 1 << 30)
        let entries = (0..<10).map { E(key: $0, used: UInt64($0), bytes: 1) }
        XCTAssertTrue(budget.isExceeded(count: 10, bytes: 10))
        XCTAssertEqual(budget.keep(entries, frame: 99), [9, 8])
    }
}
