import CSDL2
import Foundation
import PodiumKit
@testable import PodiumSDL
import XCTest

/// Drawing only what changed (SDL's offscreen driver, software renderer): a changed label repaints
/// its own rectangle and nothing else, the partial frame equals a whole one pixel for pixel, an
/// unchanged frame is neither drawn nor presented, and a bitmap shown before is not uploaded again.
@MainActor
final class DamageTests: OffscreenSDLTestCase {
    /// A 640×400 console-like window: panels, a page-sized fill and a clock label at 500,20.
    func makeConsole() throws -> (PlatformWindow, WindowRoot, Label) {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(20, 20, 30)
        let page = View(background: Color(200, 200, 190)).pinned(Pins(leading: 20, top: 60, width: 400, height: 225))
        let panel = View(background: Color(60, 60, 80)).pinned(Pins(trailing: 10, top: 60, width: 180, height: 300))
        let clock = Label("00:09", font: .bold(28), color: .white)
        clock.pins = Pins(leading: 500, top: 10, width: 120, height: 40)
        root.content.addSubviews(page, panel, clock)
        let w = try PlatformWindow(title: "damage test", root: root, size: Size(640, 400), text: text)
        XCTAssertEqual(w.renderer.driverName, "software")
        return (w, root, clock)
    }

    func testAClockTickRepaintsOnlyTheClocksRectangleAndMatchesAWholeFrame() async throws {
        let (w, root, clock) = try makeConsole()
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertEqual(w.lastDamage, Rect(0, 0, 640, 400), "the first frame is whole")
        clock.text = "00:10"
        XCTAssertTrue(w.renderIfNeeded())
        let d = try XCTUnwrap(w.lastDamage)
        let label = clock.frame   // window points = pixels here (scale 1)
        XCTAssertTrue(label.insetBy(dx: -12, dy: -12).contains(d), "damage \(d) stays around the clock \(label)")
        XCTAssertLessThan(d.width * d.height, 640 * 400 / 20, "a small part of the window")
        XCTAssertFalse(w.renderIfNeeded(force: false), "nothing asked for")
        try assertPartialEqualsWhole(w, root)
    }

    /// A tick changes the talk's and the scene's timers: each new text is shaped once (one
    /// PangoLayout) to measure it, find its pixel box for the damage and rasterise it; with only
    /// the last layout kept, each was shaped three times (issue 19, the idle talk's CPU).
    /// (Text shaped whole: timers are now drawn glyph by glyph, `GlyphRunTests`.)
    func testATickShapesEachChangedTimerOnce() async throws {
        text.composesGlyphRuns = false
        let (w, root, clock) = try makeConsole()
        defer { w.close() }
        let scene = Label("scene 0:08", font: .system(18), color: .white)
        scene.pins = Pins(leading: 380, top: 16, width: 110, height: 30)
        root.content.addSubview(scene)
        XCTAssertTrue(w.renderIfNeeded())
        for second in 10...12 {
            let made = text.pangoLayoutCount
            clock.text = "00:\(second)"; scene.text = "scene 0:\(second - 1)"
            XCTAssertTrue(w.renderIfNeeded())
            XCTAssertEqual(text.pangoLayoutCount - made, 2, "one PangoLayout for each changed timer")
        }
        try assertPartialEqualsWhole(w, root)
    }

    /// Off scale 1 (a HiDPI console) a changed block is shaped twice: in points to measure it
    /// and at the pixel scale to draw it, once for its pixel box and tiles together.
    func testABlockDrawnAtScaleTwoIsShapedOnceToMeasureAndOnceToDraw() async throws {
        text.composesGlyphRuns = false
        let a = TextBlock("1:29", font: .bold(28)), b = TextBlock("scene 1:28", font: .system(18))
        let made = text.pangoLayoutCount
        _ = text.layout(a); _ = text.layout(b)   // the frame's layout, then its damage, then drawing
        _ = text.pixelBox(a, scale: 2); _ = text.pixelBox(b, scale: 2)
        for block in [a, b] {
            let r = try XCTUnwrap(text.rasterise(block, color: .white, scale: 2))
            SDL_FreeSurface(r.surface)
        }
        XCTAssertEqual(text.pangoLayoutCount - made, 4)
    }

    func testAnOpaqueCoverHidesWhatIsUnderItAndTheFrameStaysExact() async throws {
        let (w, root, _) = try makeConsole()
        defer { w.close() }
        w.renderIfNeeded()
        let page = try XCTUnwrap(root.content.subviews.first)
        page.backgroundColor = Color(90, 140, 200)   // the page changes: its rectangle, covered by its own fill
        page.setNeedsDisplay()
        XCTAssertTrue(w.renderIfNeeded())
        let d = try XCTUnwrap(w.lastDamage)
        XCTAssertTrue(page.frame.insetBy(dx: -2, dy: -2).contains(d), "\(d) around the page \(page.frame)")
        try assertPartialEqualsWhole(w, root)
        XCTAssertTrue(w.renderIfNeeded(force: true), "a whole frame through the same path")
        try assertPartialEqualsWhole(w, root)
    }

    func testAFrameEqualToTheLastIsNotDrawnOrPresented() async throws {
        let (w, root, clock) = try makeConsole()
        defer { w.close() }
        w.renderIfNeeded()
        let n = w.framesDrawn
        root.requestRedraw()
        XCTAssertFalse(w.renderIfNeeded(), "same draw list: nothing drawn")
        clock.text = "00:09"   // unchanged text
        root.requestRedraw()
        XCTAssertFalse(w.renderIfNeeded())
        XCTAssertEqual(w.framesDrawn, n)
        w.invalidate()   // exposed: the window's pixels are lost
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertEqual(w.lastDamage, Rect(0, 0, 640, 400))
    }

    /// A view drawing one bitmap of its list, like a PDF page.
    final class PageView: View {
        var bitmap: Bitmap { didSet { setNeedsDisplay() } }
        var ahead: Bitmap?
        init(_ b: Bitmap) { bitmap = b; super.init() }
        override func draw(into list: inout DrawList) {
            list.bitmap(bitmap, in: bounds)
            if let ahead { list.bitmap(ahead, in: bounds, opacity: 0) }
        }
    }

    func page(_ c: UInt8) -> Bitmap {
        Bitmap(width: 320, height: 180, isOpaque: true, pixels: [UInt8]((0..<(320 * 180)).flatMap { _ in [c, 0, 255 - c, 255] }))!
    }

    func testAnAdvanceRepaintsTheTwoPagesNotThePanelBetweenThem() async throws {
        // A console: the current page on the left, the next page's preview on the right, a
        // panel between them that does not change.
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(20, 20, 30)
        let current = PageView(page(10)), next = PageView(page(20))
        current.pins = Pins(leading: 10, top: 10, width: 320, height: 180)
        next.pins = Pins(trailing: 10, top: 200, width: 160, height: 90)
        let panel = View(background: Color(60, 60, 80)).pinned(Pins(leading: 10, trailing: 10, bottom: 10, height: 90))
        root.content.addSubviews(panel, current, next)
        let w = try PlatformWindow(title: "advance", root: root, size: Size(640, 400), text: text)
        defer { w.close() }
        w.renderIfNeeded()
        current.bitmap = page(20); next.bitmap = page(30)
        XCTAssertTrue(w.renderIfNeeded())
        let rects = w.renderer.lastDamageRects
        XCTAssertEqual(rects.count, 2, "two changes far apart: two rectangles, \(rects)")
        XCTAssertLessThan(rects.reduce(0) { $0 + $1.area }, 640 * 400 / 3, "not the window, nor the union of both pages")
        try assertPartialEqualsWhole(w, root)
    }

    func testManySmallChangesMergeIntoFewRectangles() async {
        let full = IntRect(x: 0, y: 0, w: 1000, h: 1000)
        let near = (0..<10).map { IntRect(x: Int32($0) * 12, y: 0, w: 10, h: 10) }
        XCTAssertEqual(FrameDamage.merged(near, maxRects: 6), [IntRect(x: 0, y: 0, w: 118, h: 10)], "gaps under 8 pixels merge")
        let far = (0..<8).map { IntRect(x: Int32($0) * 100, y: 0, w: 10, h: 10) }
        XCTAssertEqual(FrameDamage.merged(far, maxRects: 6).count, 6, "too many: the nearest merge until six are left")
        XCTAssertEqual(FrameDamage.merged(far, maxRects: 1), [IntRect(x: 0, y: 0, w: 710, h: 10)], "at most one: their union")
        XCTAssertEqual(FrameDamage.merged(Array(far.prefix(3)), maxRects: 6).count, 3)
        // A union that reaches a rectangle kept before takes it in too.
        let chain = [IntRect(x: 0, y: 0, w: 10, h: 10), IntRect(x: 100, y: 0, w: 10, h: 10), IntRect(x: 5, y: 0, w: 100, h: 50)]
        XCTAssertEqual(FrameDamage.merged(chain, maxRects: 6), [IntRect(x: 0, y: 0, w: 110, h: 50)])
        XCTAssertEqual(FrameDamage.damage(old: [], new: [.fill(Rect(5, 5, 10, 10), .white, radius: 0)], full: full,
                                          bounds: { if case let .fill(r, _, _) = $0 { IntRect(covering: r.minX, r.minY, r.maxX, r.maxY) } else { nil } }),
                       [IntRect(covering: 5, 5, 15, 15)])
    }

    func testARevisitUploadsNothingAndTexturesAreReused() async throws {
        let root = WindowRoot(metrics: text)
        let a = page(10), b = page(200)
        let view = PageView(a)
        root.content.addSubview(view.pinned(.fill()))
        let w = try PlatformWindow(title: "pages", root: root, size: Size(320, 180), text: text)
        defer { w.close() }
        let t = w.renderer.bitmapTextures
        w.renderIfNeeded()
        view.bitmap = b; w.renderIfNeeded()
        XCTAssertEqual(t.uploads, 2)
        view.bitmap = a; w.renderIfNeeded()
        XCTAssertEqual(t.uploads, 2, "page a again: its texture was kept")
        XCTAssertEqual(w.lastDamage, Rect(0, 0, 320, 180))
        let px = try w.renderer.readPixels(size: w.pixelSize)
        XCTAssertEqual(Array(px[0..<4]), [10, 0, 245, 255], "and it is page a that shows")

        // The next page uploaded ahead, invisibly: no pixel changes, nothing presented, and the
        // advance to it uploads nothing.
        let c = page(120)
        let frames = w.framesDrawn
        view.ahead = c; root.requestRedraw()
        XCTAssertFalse(w.renderIfNeeded(), "an invisible bitmap changes no pixel")
        XCTAssertEqual(w.framesDrawn, frames)
        XCTAssertEqual(t.uploads, 3)
        view.ahead = nil; view.bitmap = c; w.renderIfNeeded()
        XCTAssertEqual(t.uploads, 3, "the advance only copies the ready texture")
        XCTAssertEqual(Array(try w.renderer.readPixels(size: w.pixelSize)[0..<4]), [120, 0, 135, 255])

        // Pages that went (their owner dropped them) give their textures to the next of their size.
        let created = t.creations
        for i in 0..<6 { view.bitmap = page(UInt8(60 + i)); w.renderIfNeeded() }
        XCTAssertLessThanOrEqual(t.creations - created, 2, "six new pages, their textures refilled rather than made anew")
        XCTAssertEqual(t.uploads, 9)
        XCTAssertLessThanOrEqual(t.count, 6, "only pages still held keep textures")
    }
}
