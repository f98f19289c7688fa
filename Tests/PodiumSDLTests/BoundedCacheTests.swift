@testable import PodiumSDL
import XCTest

/// The text engine's caches forget everything when full, by entries or by what the entries hold
/// (typing into long notes adds an entry per key, each holding the whole text).
final class BoundedCacheTests: XCTestCase {
    func testTheCacheEmptiesWhenItsEntriesWouldHoldMoreThanItsCost() {
        var c = BoundedCache<Int, String>(limit: 100, maxCost: 10) { _, v in v.count }
        c[1] = "aaaa"; c[2] = "bbbb"
        XCTAssertEqual(c.count, 2); XCTAssertEqual(c.totalCost, 8)
        c[2] = "bb"   // replacing an entry counts its new cost only
        XCTAssertEqual(c.totalCost, 6)
        c[3] = "cccccc"   // 12 > 10: the old entries go
        XCTAssertNil(c[1]); XCTAssertEqual(c[3], "cccccc"); XCTAssertEqual(c.totalCost, 6)
        var n = BoundedCache<Int, Int>(limit: 3)
        for i in 0..<4 { n[i] = i }
        XCTAssertEqual(n.count, 1, "the entry limit still holds")
    }
}
