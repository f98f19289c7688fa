import Foundation
import PodiumKit
@testable import PodiumSDL
import XCTest

/// Recorded drawings (`DrawCommand.picture`, the map's tiles) on SDL's offscreen driver with the
/// software renderer: a picture shows what its commands draw, is rasterised once however often
/// it moves, meets its neighbour without a seam at fractional positions, and gives its texture
/// back when it goes.
@MainActor
final class PictureTests: OffscreenSDLTestCase {
    func window(_ w: Double, _ h: Double) throws -> PlatformWindow {
        let win = try PlatformWindow(title: "pictures", root: WindowRoot(metrics: text), size: Size(w, h), text: text)
        XCTAssertEqual(win.renderer.driverName, "software")
        return win
    }

    /// An opaque 200×100 drawing: ground, a block, a triangle, a thick line and a word.
    func content() -> [DrawCommand] {
        var l = DrawList()
        l.fill(Rect(0, 0, 200, 100), Color(40, 80, 120))
        l.fill(Rect(10, 10, 60, 30), Color(220, 200, 40))
        l.polygon([Point(100, 10), Point(190, 90), Point(90, 80)], Color(200, 30, 30))
        l.line(Point(5, 95), Point(195, 50), .white, width: 4)
        l.text("Map", .bold(20), .black, at: Point(20, 50))
        return l.commands
    }

    func testAPictureDrawsWhatItsCommandsDrawAndIsRasterisedOnce() async throws {
        let w = try window(320, 200)
        defer { w.close() }
        let r = w.renderer
        let picture = Picture(size: Size(200, 100), isOpaque: true, commands: content())
        r.draw(DrawList(commands: [.picture(picture, Rect(30, 20, 200, 100), opacity: 1)]), background: .black)
        let viaPicture = try r.readPixels(size: w.pixelSize)
        r.draw(DrawList(commands: content()).transformed(scale: 1, translation: Point(30, 20)), background: .black)
        let direct = try r.readPixels(size: w.pixelSize)
        XCTAssertTrue(viaPicture == direct, "the picture shows exactly what its commands draw")
        XCTAssertEqual(r.picturesRasterised, 1)

        for x in stride(from: 0.0, to: 100, by: 7.3) {
            r.draw(DrawList(commands: [.picture(picture, Rect(x, 40, 200, 100), opacity: 1)]), background: .black)
        }
        XCTAssertEqual(r.picturesRasterised, 1, "moving a picture copies its texture, nothing is drawn again")
        r.draw(DrawList(commands: [.picture(picture, Rect(0, 0, 100, 50), opacity: 1)]), background: .black)
        XCTAssertEqual(r.picturesRasterised, 2, "a new pixel size is rasterised at that size (previews)")
        for x in stride(from: 0.0, to: 10, by: 0.1) {
            r.draw(DrawList(commands: [.picture(picture, Rect(x, 0, 120.4, 60.2), opacity: 1)]), background: .black)
        }
        XCTAssertEqual(r.picturesRasterised, 3, "a fractional size moving over fractional positions keeps one texture")
    }

    func testPicturesSideBySideMeetWithoutASeamAtFractionalPositions() async throws {
        let w = try window(200, 60)
        defer { w.close() }
        let red = Picture(size: Size(50, 50), isOpaque: true, commands: [.fill(Rect(0, 0, 50, 50), Color(255, 0, 0), radius: 0)])
        let blue = Picture(size: Size(50, 50), isOpaque: true, commands: [.fill(Rect(0, 0, 50, 50), Color(0, 0, 255), radius: 0)])
        for x0 in [10.0, 10.4, 10.5, 10.6, -0.5, -7.7] {
            w.renderer.draw(DrawList(commands: [.picture(red, Rect(x0, 5, 50, 50), opacity: 1),
                                                .picture(blue, Rect(x0 + 50, 5, 50, 50), opacity: 1)]), background: .black)
            let px = try w.renderer.readPixels(size: w.pixelSize)
            let row = 30 * 200 * 4
            var reds = 0, blues = 0, first = -1, last = -1
            for x in 0..<200 {
                let p = Array(px[(row + x * 4)..<(row + x * 4 + 3)])
                if p == [255, 0, 0] { reds += 1 } else if p == [0, 0, 255] { blues += 1 } else { continue }
                if first < 0 { first = x }
                last = x
            }
            let visible = Int((x0 + 100.5).rounded(.down)) - max(0, Int((x0 + 0.5).rounded(.down)))
            XCTAssertEqual(reds + blues, visible, "x0 \(x0): no gap and no overlap")
            XCTAssertEqual(last - first + 1, visible, "x0 \(x0): one unbroken run")
            XCTAssertEqual(blues, 50, "x0 \(x0)")
        }
        XCTAssertEqual(w.renderer.picturesRasterised, 2)
    }

    func testAPictureThatWentGivesUpItsTexture() async throws {
        let w = try window(100, 100)
        defer { w.close() }
        var picture: Picture? = Picture(size: Size(50, 50), isOpaque: true, commands: [.fill(Rect(0, 0, 50, 50), .white, radius: 0)])
        w.renderer.draw(DrawList(commands: [.picture(picture!, Rect(0, 0, 50, 50), opacity: 1)]), background: .black)
        XCTAssertEqual(w.renderer.pictureTextures.count, 1)
        picture = nil
        // The renderer remembers the last frame's commands (damage), so one frame later.
        w.renderer.draw(DrawList(), background: .black)
        w.renderer.draw(DrawList(), background: .black)
        XCTAssertEqual(w.renderer.pictureTextures.count, 0, "the picture's owner dropped it: its texture is no longer kept for it")
        let next = Picture(size: Size(50, 50), isOpaque: true, commands: [.fill(Rect(0, 0, 50, 50), Color(9, 9, 9), radius: 0)])
        w.renderer.draw(DrawList(commands: [.picture(next, Rect(0, 0, 50, 50), opacity: 1)]), background: .black)
        XCTAssertEqual(Array(try w.renderer.readPixels(size: w.pixelSize)[0..<3]), [9, 9, 9], "the spare texture shows the new picture")
    }

    func testAMovedPictureInAPartialFrameMatchesAWholeFrame() async throws {
        let root = WindowRoot(metrics: text)
        let view = PictureView(Picture(size: Size(200, 100), isOpaque: true, commands: content()))
        root.content.addSubview(view.pinned(.fill()))
        let w = try PlatformWindow(title: "pictures", root: root, size: Size(320, 200), text: text)
        defer { w.close() }
        w.renderIfNeeded()
        view.origin = Point(47.4, 31.6); root.requestRedraw()
        XCTAssertTrue(w.renderIfNeeded())
        let partial = try w.renderer.readPixels(size: w.pixelSize)
        w.renderer.draw(root.renderFrame(), background: root.backgroundColor)
        XCTAssertTrue(partial == (try w.renderer.readPixels(size: w.pixelSize)))
        XCTAssertEqual(w.renderer.picturesRasterised, 1)
    }
}

/// Draws one picture at `origin`.
private final class PictureView: View {
    let picture: Picture
    var origin = Point(10, 10)
    init(_ p: Picture) { picture = p; super.init() }
    override func draw(into list: inout DrawList) { list.picture(picture, in: Rect(origin: origin, size: picture.size)) }
}
