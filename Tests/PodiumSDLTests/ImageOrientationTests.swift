import CSDL2
import Foundation
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// Photos are shown upright: all 8 EXIF orientations (the mirrored 2, 4, 5 and 7 too), with
/// JPEGs made by Pillow (`tools/make-exif-fixtures.py`) whose stored pixels are turned the
/// other way. Upright, each is 64×32: red top left, green top right, blue bottom left,
/// yellow bottom right.
final class ImageOrientationTests: XCTestCase {
    let fixtures = TestPaths.root.appendingPathComponent("Tests/PodiumSDLTests/Fixtures/EXIF")

    func testEveryOrientationDecodesUprightWithItsSize() throws {
        for n in 1...8 {
            let path = fixtures.appendingPathComponent("orientation-\(n).jpg").path
            XCTAssertEqual(ImageOrientation.of(path), n)
            guard case let .success(size) = ImageFile.size(path) else { return XCTFail("orientation \(n): no size") }
            XCTAssertEqual([size.width, size.height], [64, 32], "orientation \(n): size for layout")
            guard case let .success(s) = ImageFile.decode(path) else { return XCTFail("orientation \(n): not decoded") }
            defer { SDL_FreeSurface(s) }
            XCTAssertEqual([Int(s.pointee.w), Int(s.pointee.h)], [64, 32], "orientation \(n)")
            let argb = try XCTUnwrap(SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
            defer { SDL_FreeSurface(argb) }
            let pixels = argb.pointee.pixels.assumingMemoryBound(to: UInt32.self), pitch = Int(argb.pointee.pitch) / 4
            func rgb(_ x: Int, _ y: Int) -> [Int] {
                let p = pixels[y * pitch + x]
                return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)].map { $0 > 127 ? 1 : 0 }
            }
            XCTAssertEqual(rgb(16, 8), [1, 0, 0], "orientation \(n): top left is red")
            XCTAssertEqual(rgb(48, 8), [0, 1, 0], "orientation \(n): top right is green")
            XCTAssertEqual(rgb(16, 24), [0, 0, 1], "orientation \(n): bottom left is blue")
            XCTAssertEqual(rgb(48, 24), [1, 1, 0], "orientation \(n): bottom right is yellow")
            // The corners too, so an off-by-one in the turn shows.
            XCTAssertEqual(rgb(0, 0), [1, 0, 0], "orientation \(n)")
            XCTAssertEqual(rgb(63, 31), [1, 1, 0], "orientation \(n)")
        }
    }

    func testFilesWithoutEXIFAreAsStored() throws {
        let dir = TestPaths.tempDir("exif")
        defer { try? FileManager.default.removeItem(at: dir) }
        let junk = dir.appendingPathComponent("junk.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x08] + Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0x00]).write(to: junk)
        XCTAssertEqual(ImageOrientation.of(junk.path), 1, "a cut EXIF block")
        XCTAssertEqual(ImageOrientation.of(dir.appendingPathComponent("missing.jpg").path), 1)
        XCTAssertEqual(ImageOrientation.of(TestPaths.root.appendingPathComponent("Package.swift").path), 1)
    }
}
