import CX11Present
import Glibc
import XCTest

/// `podium_populate_async` (issue 19, launch): the pages of a range are made on another thread,
/// so the thread that writes them next takes no page faults (a window surface before its first
/// frame, `PlatformWindow.warmSurface`).
final class PopulateTests: XCTestCase {
    /// Pages of `length` bytes at `p` resident now (`mincore`).
    func resident(_ p: UnsafeMutableRawPointer, _ length: Int) -> Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var vec = [UInt8](repeating: 0, count: length / page)
        XCTAssertEqual(mincore(p, length, &vec), 0)
        return vec.reduce(0) { $0 + Int($1 & 1) }
    }

    func testEveryPageOfTheRangeIsMadeAndNoOtherMemoryIsTouched() throws {
        let length = 1920 * 1080 * 4, pages = length / Int(sysconf(Int32(_SC_PAGESIZE)))
        // Two fresh mappings, none of whose pages exist yet: one populated, one left alone.
        let a = try XCTUnwrap(mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        let b = try XCTUnwrap(mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(a, length); munmap(b, length) }
        XCTAssertEqual(resident(a, length), 0)
        XCTAssertEqual(podium_populate_async(a, length), 0, "a thread was started")
        let end = Date().addingTimeInterval(10)
        while Date() < end, resident(a, length) < pages { usleep(2_000) }
        XCTAssertEqual(resident(a, length), pages, "every page made")
        XCTAssertEqual(resident(b, length), 0, "nothing else")
        // The pages are there to be written; what they hold is untouched (zeros).
        XCTAssertEqual(a.load(fromByteOffset: length - 8, as: UInt64.self), 0)
    }

    func testNothingToPopulateIsRefused() {
        XCTAssertEqual(podium_populate_async(nil, 4096), -1)
        var x: UInt8 = 0
        XCTAssertEqual(podium_populate_async(&x, 0), -1)
    }
}
