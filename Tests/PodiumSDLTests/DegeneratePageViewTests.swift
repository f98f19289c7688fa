import Foundation
import PodiumKit
@testable import PodiumSDL
import XCTest

/// A console page view laid out at a degenerate size for a frame (a window mapped or resized
/// under load: the next preview 3×1 pixels) draws its page scaled, through a texture of a few
/// pixels. Once the view is back at its page's size and drawn directly, no texture of it is
/// left: not the page's own, not one of a page shown only while scaled, not a spare
/// (`PDFServerPixmapsXorgTests.testTheConsolesPageViewsHoldNoTexture` once ended at 12 bytes).
extension DirectPageViewTests {
    /// Renders one frame with the next preview squeezed to 3×1 pixels showing `scaled`, checks a
    /// texture was made for it, then lays the preview out at 160×90 again.
    private func squeezeNext(_ w: PlatformWindow, _ next: PageView, showing scaled: Bitmap) {
        next.bitmap = scaled
        next.pins = Pins(leading: 380, top: 20, width: 3, height: 1)
        w.renderIfNeeded()
        XCTAssertGreaterThan(w.renderer.bitmapTextureBytes, 0, "the squeezed preview is drawn through a texture")
        next.pins = Pins(leading: 380, top: 20, width: 160, height: 90)
    }

    func testAPreviewDrawnScaledThenDirectlyKeepsNoTexture() async throws {
        let (w, _, _, next, _) = try console()
        defer { w.close() }
        let preview = page(1, width: 160, height: 90, box: (16, 16))
        squeezeNext(w, next, showing: preview)
        let before = w.renderer.directPages
        w.renderIfNeeded()
        XCTAssertGreaterThan(w.renderer.directPages, before, "the preview is unpacked into the window surface again")
        XCTAssertEqual(w.renderer.bitmapTextureBytes, 0, "its scaled texture went")
        XCTAssertTrue(try region(w, IntRect(x: 380, y: 20, w: 160, h: 90)) == rgba(preview))
    }

    func testAPageShownOnlyWhileScaledKeepsNoTextureOnceItsViewShowsAnother() async throws {
        let (w, root, current, next, _) = try console()
        defer { w.close() }
        // A page rendered for another size, still held (the page cache) after its view moved on.
        let provisional = page(2, width: 320, height: 180), preview = page(3, width: 160, height: 90, box: (16, 16))
        squeezeNext(w, next, showing: provisional)
        next.bitmap = preview
        w.renderIfNeeded()
        XCTAssertEqual(w.renderer.bitmapTextureBytes, 0, "no texture of a page no view draws at that size")
        // Nor after later frames, partial or whole.
        current.mark = Rect(40, 40, 10, 10); w.renderIfNeeded()
        root.requestRedraw(); w.renderIfNeeded()
        XCTAssertEqual(w.renderer.bitmapTextureBytes, 0)
        withExtendedLifetime(provisional) {}
    }

    func testAScaledPageThatWentLeavesNoSpareTexture() async throws {
        let (w, _, _, next, _) = try console()
        defer { w.close() }
        squeezeNext(w, next, showing: page(4, width: 320, height: 180))
        next.bitmap = page(5, width: 160, height: 90, box: (16, 16))   // the squeezed page is freed
        w.renderIfNeeded()
        XCTAssertEqual(w.renderer.bitmapTextureBytes, 0, "a texture of a few pixels is not kept spare")
    }
}

extension DirectPageViewTests {
    /// Laid out for a frame at 100×56 (a texture at the page's full size, 57,600 bytes), then at
    /// its page's size again: the texture goes once the view is drawn directly.
    func testAPreviewDrawnSmallerThenDirectlyKeepsNoTexture() async throws {
        let (w, _, _, next, _) = try console()
        defer { w.close() }
        next.pins = Pins(leading: 380, top: 20, width: 100, height: 56)
        w.renderIfNeeded()
        XCTAssertEqual(w.renderer.bitmapTextureBytes, 160 * 90 * 4, "the smaller preview is drawn through a texture")
        next.pins = Pins(leading: 380, top: 20, width: 160, height: 90)
        w.renderIfNeeded()
        XCTAssertEqual(w.renderer.bitmapTextureBytes, 0, "its texture went")
        XCTAssertTrue(try region(w, IntRect(x: 380, y: 20, w: 160, h: 90)) == rgba(next.bitmap))
    }
}
