import Foundation
import PodiumKit
@testable import PodiumSDL
import XCTest

/// The room's page drawn without a texture (issue 19, memory): SDL's software renderer unpacks an
/// opaque B, G, R, A page at its own size that fills the window straight into the window surface,
/// so the window holds no second full-window copy of it (offscreen driver, software renderer).
@MainActor
final class DirectPageTests: OffscreenSDLTestCase {
    final class PageView: View {
        var bitmap: Bitmap { didSet { setNeedsDisplay() } }
        var ahead: Bitmap?
        /// Drawn over the page when set (ink, a pointer): a small opaque square.
        var mark: Rect? { didSet { setNeedsDisplay() } }
        init(_ b: Bitmap) { bitmap = b; super.init() }
        override func draw(into list: inout DrawList) {
            list.bitmap(bitmap, in: bounds)
            if let ahead { list.bitmap(ahead, in: bounds, opacity: 0) }
            if let mark { list.fill(mark, Color(255, 255, 0)) }
        }
    }

    /// A 320×180 page as poppler gives them: B, G, R, A bytes, opaque; a gradient so a misplaced
    /// row or column shows.
    func page(_ c: UInt8, width: Int = 320, height: Int = 180) -> Bitmap {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<width {
            let i = (y * width + x) * 4
            px[i] = c; px[i + 1] = UInt8(x & 255); px[i + 2] = UInt8(y & 255)
        } }
        return Bitmap(width: width, height: height, format: .bgra, isOpaque: true, pixels: px)!
    }

    /// The page's pixels as the window should show them (R, G, B, A).
    func rgba(_ b: Bitmap) -> [UInt8] {
        var out = b.pixels
        for i in stride(from: 0, to: out.count, by: 4) { out.swapAt(i, i + 2) }
        return out
    }

    /// A 320×180 audience window showing `first`, filling it.
    func room(showing first: Bitmap) throws -> (PlatformWindow, WindowRoot, PageView) {
        let view = PageView(first), root = WindowRoot(metrics: text)
        root.content.addSubview(view.pinned(.fill()))
        return (try PlatformWindow(title: "room", root: root, size: Size(320, 180), text: text), root, view)
    }

    func testARoomPageIsUnpackedIntoTheWindowSurfaceWithNoTexture() async throws {
        let a = page(10), b = page(200)
        let (w, root, view) = try room(showing: a)
        defer { w.close() }
        let r = w.renderer
        XCTAssertEqual(r.driverName, "software")
        w.renderIfNeeded()
        XCTAssertEqual(r.directPages, 1, "the page went straight into the window surface")
        XCTAssertTrue(try r.readPixels(size: w.pixelSize) == rgba(a), "and the window shows it exactly")

        // Named ahead of its advance: no texture is made for it; the advance unpacks it.
        view.ahead = b; root.requestRedraw()
        XCTAssertFalse(w.renderIfNeeded(), "an invisible page changes no pixel")
        view.ahead = nil; view.bitmap = b; w.renderIfNeeded()
        XCTAssertEqual(r.directPages, 2)
        XCTAssertTrue(try r.readPixels(size: w.pixelSize) == rgba(b))
        XCTAssertEqual(r.bitmapTextures.uploads, 0, "no texture was filled")
        XCTAssertEqual(r.bitmapTextureBytes, 0, "no full-window copy is held beside the window surface")

        // A repaint of part of the page (a mark drawn over it, then gone) cannot unpack a part:
        // it draws through a texture, and the frame still equals a whole one.
        view.mark = Rect(100, 50, 20, 20); w.renderIfNeeded()
        view.mark = nil; w.renderIfNeeded()
        XCTAssertLessThan(try XCTUnwrap(w.lastDamage).width, 320, "a partial repaint")
        XCTAssertEqual(r.bitmapTextures.uploads, 1, "the page under the mark came from a texture")
        XCTAssertEqual(r.directPages, 2, "a partial repaint is not unpacked directly")
        XCTAssertTrue(try r.readPixels(size: w.pixelSize) == rgba(b), "the mark is gone, the page is whole")
        w.invalidate(); w.renderIfNeeded()
        XCTAssertEqual(r.directPages, 3, "a whole frame is again")
    }

    func testAPageSmallerThanTheWindowIsUnpackedAndAScaledOneKeepsItsTexture() async throws {
        let root = WindowRoot(metrics: text)
        let smallPage = page(30, width: 160, height: 90)
        let small = PageView(smallPage), scaled = PageView(page(40))
        small.pins = Pins(leading: 0, top: 0, width: 160, height: 90)
        scaled.pins = Pins(leading: 0, top: 90, width: 160, height: 90)   // drawn at half its size
        root.content.addSubviews(small, scaled)
        let w = try PlatformWindow(title: "console", root: root, size: Size(320, 180), text: text)
        defer { w.close() }
        w.renderIfNeeded()
        XCTAssertEqual(w.renderer.directPages, 1, "a console's page view at its own size goes straight into the window surface")
        XCTAssertEqual(w.renderer.bitmapTextures.count, 1, "the scaled one alone through a texture")
        let px = try w.renderer.readPixels(size: w.pixelSize)
        var view: [UInt8] = []
        for y in 0..<90 { view += px[y * 320 * 4..<(y * 320 + 160) * 4] }
        XCTAssertTrue(view == rgba(smallPage), "at its rectangle, exactly")
    }
}
