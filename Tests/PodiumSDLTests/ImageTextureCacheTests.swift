import CSDL2
import Foundation
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// The renderer's image textures are bounded by bytes: the least recently drawn go first, what
/// the current frame draws stays, and an evicted image is decoded again when drawn.
final class ImageTextureCacheTests: XCTestCase {
    func testImageTexturesAreEvictedLeastRecentlyDrawnFirstByBytes() throws {
        let dir = TestPaths.tempDir("texcache")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Four 100×100 images (40,000 bytes of texture each), written with SDL itself.
        let paths = try (0..<4).map { i -> String in
            let s = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 100, 100, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
            defer { SDL_FreeSurface(s) }
            SDL_FillRect(s, nil, UInt32(0xFF00_0000) | UInt32(60 * (i + 1)) << 16)
            let p = dir.appendingPathComponent("i\(i).bmp").path
            XCTAssertEqual(SDL_SaveBMP_RW(s, SDL_RWFromFile(p, "wb"), 1), 0)
            return p
        }
        let target = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 200, 100, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(target) }
        let renderer = Renderer(sdl: try XCTUnwrap(SDL_CreateSoftwareRenderer(target)), text: TextEngine())
        defer { renderer.destroy() }
        renderer.decodesImagesSynchronously = true
        renderer.images.limitBytes = 100_000   // two images fit, not three
        func frame(_ indices: Int...) {
            renderer.draw(DrawList(commands: indices.map { .image(path: paths[$0], Rect(0, 0, 100, 100), opacity: 1) }), background: Color(0, 0, 0))
        }
        frame(0); frame(1)
        XCTAssertEqual(renderer.images.texturePaths, [paths[0], paths[1]])
        frame(0)              // 0 is now more recent than 1
        frame(2)
        XCTAssertEqual(renderer.images.texturePaths, [paths[0], paths[2]], "1, least recently drawn, went")
        XCTAssertLessThanOrEqual(renderer.images.bytes, 100_000)
        frame(1, 2, 3)        // one frame needs more than the limit: all of it stays while drawn
        XCTAssertEqual(renderer.images.texturePaths, [paths[1], paths[2], paths[3]])
        XCTAssertEqual(renderer.images.bytes, 120_000)
        frame(3)
        XCTAssertEqual(renderer.images.texturePaths.count, 2, "one of 1 and 2 (drawn equally long ago) went")
        XCTAssertLessThanOrEqual(renderer.images.bytes, 100_000, "back within the limit once the big frame is gone")
        XCTAssertTrue(renderer.images.texturePaths.contains(paths[3]))
        // An evicted image is decoded again and drawn.
        frame(0)
        XCTAssertTrue(renderer.images.texturePaths.contains(paths[0]))
        var px = [UInt8](repeating: 0, count: 4)
        var one = SDL_Rect(x: 50, y: 50, w: 1, h: 1)
        XCTAssertEqual(SDL_RenderReadPixels(renderer.sdl, &one, SDL_PIXELFORMAT_ARGB8888.rawValue, &px, 4), 0)
        XCTAssertEqual(px[2], 60, "image 0's red is drawn")
    }
}
