import Foundation
import PodiumKit
@testable import PodiumSDL
import XCTest

/// The console's page views drawn without textures (issue 19, memory and CPU per advance): an
/// opaque B, G, R, A page at its own size (current page, next preview, the scene's NEXT) is
/// unpacked straight into the window surface at the view's rectangle; one repainted in parts is
/// unpacked aside once and the parts copied. The console then holds no page texture, a popover
/// over a page view stays on top, and a partial frame still equals a whole one (offscreen
/// driver, software renderer).
@MainActor
final class DirectPageViewTests: OffscreenSDLTestCase {
    typealias PageView = DirectPageTests.PageView

    /// Pixels held aside as the PDF plugin's packed pages are (a `pixelSource`), with their tiles'
    /// hashes, so an advance between pages sharing tiles repaints only the tiles that differ.
    final class Source: BitmapPixelSource, BitmapTileHashes, @unchecked Sendable {
        let pixels: [UInt8], width: Int, height: Int
        let tileSize = 16
        let tileHashes: [UInt64]
        var byteCount: Int { pixels.count }
        init(_ pixels: [UInt8], width: Int, height: Int) {
            self.pixels = pixels; self.width = width; self.height = height
            var hashes: [UInt64] = []
            for ty in stride(from: 0, to: height, by: 16) { for tx in stride(from: 0, to: width, by: 16) {
                var h: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a over the tile's bytes
                for y in ty..<min(ty + 16, height) { for i in (y * width + tx) * 4..<(y * width + min(tx + 16, width)) * 4 {
                    h = (h ^ UInt64(pixels[i])) &* 0x100_0000_01b3
                } }
                hashes.append(h)
            } }
            tileHashes = hashes
        }
        func copyPixels(into d: UnsafeMutableRawPointer, stride: Int) -> Bool {
            pixels.withUnsafeBytes { s in
                for y in 0..<height { (d + y * stride).copyMemory(from: s.baseAddress! + y * width * 4, byteCount: width * 4) }
            }
            return true
        }
    }

    /// A `width` × `height` page, B, G, R, A and opaque, held by a `Source`: a gradient (a
    /// misplaced row or column shows) of blue `base` with a 32-pixel square of blue `c` at `box`.
    func page(_ c: UInt8, width: Int = 320, height: Int = 180, base: UInt8 = 90, box: (x: Int, y: Int) = (64, 32)) -> Bitmap {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<width {
            let i = (y * width + x) * 4
            let inBox = x >= box.x && x < box.x + 32 && y >= box.y && y < box.y + 32
            px[i] = inBox ? c : base; px[i + 1] = UInt8(x & 255); px[i + 2] = UInt8(y & 255)
        } }
        return Bitmap(width: width, height: height, format: .bgra, isOpaque: true, source: Source(px, width: width, height: height), resizer: nil)!
    }

    /// A 640×400 console: the current page (320×180 at 20, 20), the next preview (160×90 at
    /// 380, 20), and an anchor for popovers just under the current page.
    func console() throws -> (PlatformWindow, WindowRoot, PageView, PageView, View) {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(20, 20, 30)
        let current = PageView(page(0, base: 200)), next = PageView(page(1, width: 160, height: 90, base: 200, box: (16, 16)))
        current.pins = Pins(leading: 20, top: 20, width: 320, height: 180)
        next.pins = Pins(leading: 380, top: 20, width: 160, height: 90)
        let anchor = View(id: "anchor", background: Color(0, 0, 255))
        anchor.pins = Pins(leading: 150, top: 215, width: 40, height: 10)
        root.content.addSubviews(current, next, anchor)
        let w = try PlatformWindow(title: "console", root: root, size: Size(640, 400), text: text)
        XCTAssertEqual(w.renderer.driverName, "software")
        return (w, root, current, next, anchor)
    }

    /// The window's R, G, B, A pixels in `r` (window pixels).
    func region(_ w: PlatformWindow, _ r: IntRect) throws -> [UInt8] {
        let px = try w.renderer.readPixels(size: w.pixelSize), pw = Int(w.pixelSize.w), x0 = Int(r.x), x1 = Int(r.x + r.w)
        var out: [UInt8] = []
        for y in Int(r.y)..<Int(r.y + r.h) { out += px[(y * pw + x0) * 4..<(y * pw + x1) * 4] }
        return out
    }

    /// `b`'s pixels as the window shows them (R, G, B, A).
    func rgba(_ b: Bitmap) -> [UInt8] {
        var out = b.pixels
        for i in stride(from: 0, to: out.count, by: 4) { out.swapAt(i, i + 2) }
        return out
    }

    func testPageViewsAreUnpackedIntoTheirRectanglesAndNoPageTextureIsHeld() async throws {
        let (w, root, current, next, _) = try console()
        defer { w.close() }
        let r = w.renderer
        let pages = (0..<7).map { page(UInt8(30 * $0)) }, previews = (0..<7).map { page(UInt8(30 * $0), width: 160, height: 90, box: (16, 16)) }
        for i in 0..<5 {
            // As the console names them: the page and the next, with the pages either side ahead.
            current.bitmap = pages[i]; current.ahead = pages[i + 1]
            next.bitmap = previews[i + 1]; next.ahead = previews[i + 2]
            let before = r.directPages
            XCTAssertTrue(w.renderIfNeeded())
            XCTAssertGreaterThanOrEqual(r.directPages - before, 2, "page \(i + 1): both views unpacked into the window surface")
            XCTAssertEqual(r.bitmapTextures.uploads, 0, "page \(i + 1): no texture filled, not even ahead")
            XCTAssertEqual(r.bitmapTextureBytes, 0, "page \(i + 1): no page texture held")
            XCTAssertTrue(try region(w, IntRect(x: 20, y: 20, w: 320, h: 180)) == rgba(pages[i]), "page \(i + 1): the current page, exactly")
            XCTAssertTrue(try region(w, IntRect(x: 380, y: 20, w: 160, h: 90)) == rgba(previews[i + 1]), "page \(i + 1): the next preview, exactly")
            // Pages 2 to 5 share all but their box with the page before: only its tiles repainted.
            if i > 0 { XCTAssertLessThan(w.lastDamageRects.reduce(0) { $0 + $1.width * $1.height }, 320 * 180 / 2, "\(w.lastDamageRects)") }
        }
        try assertPartialEqualsWhole(w, root)
    }

    func testAPageViewUnderAPopoverLeavesThePopoverOnTop() async throws {
        let (w, root, current, _, anchor) = try console()
        defer { w.close() }
        var t = 0.0
        root.clock = { t }
        w.renderIfNeeded()
        // A popover above the anchor, over the lower part of the current page.
        let p = Popover(content: View(background: Color(0, 255, 0)), preferredSize: Size(200, 80), from: anchor, source: "test", preferred: .down)
        XCTAssertTrue(root.present(p))
        t = 1; root.requestRedraw()
        w.renderIfNeeded()
        let cover = IntRect(x: Int32(p.frame.minX) + 16, y: Int32(p.frame.minY) + 16, w: Int32(p.frame.width) - 32, h: Int32(p.frame.height) - 32)
        XCTAssertTrue(IntRect(x: 20, y: 20, w: 320, h: 180).contains(cover), "the popover lies over the page: \(p.frame)")
        let popover = try region(w, cover)

        // Advances: the page under the popover changes (whole, then only a square under it).
        let r = w.renderer
        let pages = [page(100, base: 10), page(160, base: 50), page(220), page(40, box: (Int(cover.x) - 20, Int(cover.y) - 20))]
        for (i, b) in pages.enumerated() {
            current.bitmap = b
            XCTAssertTrue(w.renderIfNeeded())
            XCTAssertTrue(w.lastDamageRects.contains { $0.intersects(Rect(Double(cover.x), Double(cover.y), Double(cover.w), Double(cover.h))) },
                          "advance \(i + 1) repaints under the popover: \(w.lastDamageRects)")
            XCTAssertTrue(try region(w, cover) == popover, "advance \(i + 1): the popover is still on top of the page")
            XCTAssertTrue(try region(w, IntRect(x: 20, y: 20, w: 320, h: 40)) == Array(rgba(b)[0..<(320 * 40 * 4)]), "advance \(i + 1): the page around it")
        }
        XCTAssertLessThan(w.lastDamageRects.reduce(0) { $0 + $1.width * $1.height }, 320 * 180 / 2, "the last advance, only its squares")
        try assertPartialEqualsWhole(w, root)
        w.renderIfNeeded()
        XCTAssertEqual(r.bitmapTextureBytes, 0)

        // The popover closes: the page under it is repainted in parts, copied from the page
        // unpacked once into the renderer's one buffer, the size of the largest page view.
        let unpacks = r.pageScratchUnpacks
        p.dismiss(byUser: true)
        t = 2; root.requestRedraw()
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertTrue(w.lastDamageRects.allSatisfy { $0.width < 320 || $0.height < 180 }, "a part of the page: \(w.lastDamageRects)")
        XCTAssertTrue(try region(w, IntRect(x: 20, y: 20, w: 320, h: 180)) == rgba(current.bitmap), "the page is whole again, exactly")
        XCTAssertLessThanOrEqual(r.pageScratchUnpacks - unpacks, 1, "its parts come from one unpack at most")
        XCTAssertEqual(r.pageScratchBytes, 320 * 180 * 4, "one buffer, the current page's size")
        XCTAssertEqual(r.bitmapTextures.uploads, 0, "no texture filled")
        try assertPartialEqualsWhole(w, root)
    }
}
