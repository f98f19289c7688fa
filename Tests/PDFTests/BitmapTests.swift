import XCTest
import PodiumKit

/// The in-memory pixels the PDF scene draws with (`DrawCommand.bitmap`).
final class BitmapTests: XCTestCase {
    func testValidationIdsAndReduction() throws {
        XCTAssertNil(Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)), "too few bytes")
        XCTAssertNil(Bitmap(width: 0, height: 2, pixels: []))
        // 4×4: left half red, right half blue, opaque.
        var px: [UInt8] = []
        for _ in 0..<4 { for x in 0..<4 { px += x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let b = try XCTUnwrap(Bitmap(width: 4, height: 4, isOpaque: true, pixels: px))
        let c = try XCTUnwrap(Bitmap(width: 4, height: 4, pixels: px))
        XCTAssertNotEqual(b.id, c.id, "every bitmap has its own id")
        XCTAssertFalse(b == c)
        let r = b.reduced(by: 2)
        XCTAssertEqual([r.width, r.height], [2, 2])
        XCTAssertEqual(Array(r.pixels[0..<4]), [255, 0, 0, 255])
        XCTAssertEqual(Array(r.pixels[4..<8]), [0, 0, 255, 255])
        XCTAssertTrue(r.isOpaque)
        XCTAssertTrue(b.reduced(by: 1) === b)
        XCTAssertEqual(b.reduced(by: 8).width, 1, "never smaller than 1×1")
        var list = DrawList()
        list.offset = Point(10, 10)
        list.bitmap(b, in: Rect(0, 0, 4, 4))
        XCTAssertEqual(list.transformed(scale: 2, translation: .zero).commands, [.bitmap(b, Rect(20, 20, 8, 8), opacity: 1)])
        XCTAssertEqual(list.faded(0.5).commands, [.bitmap(b, Rect(10, 10, 4, 4), opacity: 0.5)])
    }
}
