import Foundation
import PodiumKit
import PodiumSDL
import XCTest

/// Draws popovers with SDL's offscreen video driver and software renderer and checks the pixels
/// of the arrow: it must point at the anchor's centre and never cover the anchor.
@MainActor
final class PopoverRenderTests: XCTestCase {
    static let background = Color(0, 0, 0)
    static let panel = Color(0, 255, 0)      // theme.raised: popover panel and arrow
    static let anchorColor = Color(0, 0, 255)

    override class func setUp() {
        setenv("SDL_RENDER_DRIVER", "software", 1)
    }

    /// Pixels of one rendered frame, RGBA.
    struct Frame {
        let pixels: [UInt8], width: Int, height: Int
        func color(_ x: Int, _ y: Int) -> Color {
            let i = (y * width + x) * 4
            return Color(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        func isPanel(_ x: Int, _ y: Int) -> Bool { let c = color(x, y); return c.g > 200 && c.r < 60 && c.b < 60 }
        /// x of every panel-coloured pixel in row y, within `xs`.
        func panelXs(row y: Int, _ xs: Range<Int>) -> [Int] { xs.filter { isPanel($0, y) } }
        func panelYs(column x: Int, _ ys: Range<Int>) -> [Int] { ys.filter { isPanel(x, $0) } }
    }

    /// A 400×300 offscreen window (software renderer) with a blue anchor view at `pins`; the
    /// caller has started SDL's video.
    func makeWindow(anchor pins: Pins) throws -> (PlatformWindow, WindowRoot, View) {
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
        var theme = Theme.standard
        theme.background = Self.background; theme.raised = Self.panel
        let text = TextEngine()
        let root = WindowRoot(theme: theme, metrics: text)
        let anchorView = View(id: "anchor", background: Self.anchorColor)
        anchorView.pins = pins
        root.content.addSubview(anchorView)
        let window = try PlatformWindow(title: "popover render test", root: root, size: Size(400, 300), text: text)
        XCTAssertEqual(window.renderer.driverName, "software")
        return (window, root, anchorView)
    }

    /// Renders a 400×300 window with a blue anchor at `anchor` and a popover pointing at it.
    func render(anchor: Rect, preferred: ArrowDirection, content: Size = Size(160, 100),
                savingTo png: String? = nil, atAppearProgress progress: Double? = nil) throws -> (Frame, PopoverPlacement) {
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        let (window, root, anchorView) = try makeWindow(anchor: Pins(leading: anchor.minX, top: anchor.minY, width: anchor.width, height: anchor.height))
        var t = 0.0
        if progress != nil { root.clock = { t } }
        let p = Popover(content: View(), preferredSize: content, from: anchorView, source: "test", preferred: preferred)
        XCTAssertTrue(root.present(p))
        if let progress { t = progress * PresentedView.appearDuration }
        window.renderIfNeeded(force: true)
        if let png { try window.screenshot(to: png) }
        let (w, h) = window.pixelSize
        XCTAssertEqual(w, 400, "offscreen windows have scale 1")
        let frame = Frame(pixels: try window.renderer.readPixels(size: (w, h)), width: Int(w), height: Int(h))
        return (frame, try XCTUnwrap(p.placement))
    }

    func testArrowUpPointsAtTheAnchorCentre() async throws {
        let png = NSTemporaryDirectory() + "podium-popover-up.png"
        let anchor = Rect(180, 30, 40, 30)
        let (f, p) = try render(anchor: anchor, preferred: .up, savingTo: png)
        XCTAssertEqual(p.direction, .up)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png))
        // The anchor is drawn and not covered.
        XCTAssertEqual(f.color(200, 45), Self.anchorColor)
        XCTAssertEqual(f.color(Int(anchor.minX) + 1, Int(anchor.maxY) - 1), Self.anchorColor)
        // Tip at y = 62 (anchor bottom 60 + 2 pt gap); the panel starts 12 pt lower at 74.
        XCTAssertEqual(p.frame.minY, 74)
        XCTAssertFalse(f.isPanel(200, 60), "gap between anchor and tip")
        // Rows through the arrow: panel pixels widen downwards and stay centred on x = 200.
        var lastWidth = 0
        for y in [65, 68, 71] {
            let xs = f.panelXs(row: y, 150..<250)
            XCTAssertFalse(xs.isEmpty, "arrow present in row \(y)")
            let mid = Double(xs.first! + xs.last!) / 2
            XCTAssertEqual(mid, 199.5, accuracy: 1.0, "row \(y) centred on the anchor centre")
            XCTAssertGreaterThan(xs.count, lastWidth, "widens away from the tip")
            XCTAssertLessThanOrEqual(xs.count, 25, "no wider than the arrow base")
            lastWidth = xs.count
        }
        // Beside the arrow, above the panel: background.
        XCTAssertEqual(f.color(170, 70), Self.background)
        XCTAssertEqual(f.color(230, 70), Self.background)
        XCTAssertTrue(f.isPanel(200, 120), "the panel itself")
    }

    func testArrowLeftPointsAtTheAnchorCentre() async throws {
        let anchor = Rect(10, 130, 40, 40)
        let (f, p) = try render(anchor: anchor, preferred: .left)
        XCTAssertEqual(p.direction, .left)
        XCTAssertEqual(f.color(30, 150), Self.anchorColor)
        // Tip at x = 52, panel from x = 64.
        for x in [55, 58, 61] {
            let ys = f.panelYs(column: x, 100..<200)
            XCTAssertFalse(ys.isEmpty, "arrow present in column \(x)")
            XCTAssertEqual(Double(ys.first! + ys.last!) / 2, 149.5, accuracy: 1.0, "column \(x) centred on y = 150")
        }
        XCTAssertFalse(f.isPanel(50, 150), "the anchor's edge is not covered")
    }

    func testArrowNearACornerIsClampedButStillUnderTheAnchor() async throws {
        // Anchor in the top-right corner: the panel slides left to the margin, the arrow stays at
        // the anchor (whose centre is inside the clamp range here) and off the rounded corner.
        let anchor = Rect(350, 0, 50, 30)
        let (f, p) = try render(anchor: anchor, preferred: .up)
        XCTAssertEqual(p.direction, .up)
        XCTAssertEqual(p.frame.maxX, 390)
        let xs = f.panelXs(row: 36, 300..<400)
        XCTAssertFalse(xs.isEmpty)
        let mid = Double(xs.first! + xs.last!) / 2
        XCTAssertEqual(mid + 0.5, p.frame.minX + p.arrowOffset, accuracy: 1.0)
        XCTAssertTrue(anchor.minX...anchor.maxX ~= mid, "the arrow is under the anchor")
        XCTAssertLessThanOrEqual(mid, p.frame.maxX - PopoverMetrics.cornerRadius - PopoverMetrics.arrowHalfWidth + 1)
    }

    func testFadingInIsTranslucentAndSettles() async throws {
        let anchor = Rect(180, 30, 40, 30)
        let (mid, _) = try render(anchor: anchor, preferred: .up, atAppearProgress: 0.3)
        let c = mid.color(200, 120)   // the panel's middle
        XCTAssertGreaterThan(c.g, 20, "already visible while fading in")
        XCTAssertLessThan(c.g, 250, "still translucent at 30 % of the fade: \(c)")
        XCTAssertEqual(mid.color(200, 45), Self.anchorColor, "the anchor shows through the whole fade")
        let (done, _) = try render(anchor: anchor, preferred: .up, atAppearProgress: 1.2)
        XCTAssertTrue(done.isPanel(200, 120))
    }

    /// The rows through an up-pointing arrow just below `anchorBottom`: each centred on x = `centre`.
    func assertArrowUp(_ f: Frame, centre: Double, anchorBottom: Int, file: StaticString = #filePath, line: UInt = #line) {
        for y in [anchorBottom + 5, anchorBottom + 8, anchorBottom + 11] {
            let xs = f.panelXs(row: y, 0..<f.width)
            guard let first = xs.first, let last = xs.last else { XCTFail("no arrow in row \(y)", file: file, line: line); continue }
            XCTAssertEqual(Double(first + last) / 2, centre - 0.5, accuracy: 1.0, "row \(y) centred on the anchor", file: file, line: line)
            XCTAssertLessThanOrEqual(xs.count, 25, "only the arrow in row \(y)", file: file, line: line)
        }
    }

    func testArrowStillPointsAtTheAnchorAfterAWindowResize() async throws {
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        // Pinned to the trailing edge, so a wider window moves it.
        let (window, root, anchorView) = try makeWindow(anchor: Pins(trailing: 20, top: 30, width: 40, height: 30))
        let p = Popover(content: View(), preferredSize: Size(160, 100), from: anchorView, source: "test", preferred: .up)
        XCTAssertTrue(root.present(p))
        func frame() throws -> Frame {
            window.renderIfNeeded(force: true)
            let (w, h) = window.pixelSize
            return Frame(pixels: try window.renderer.readPixels(size: (w, h)), width: Int(w), height: Int(h))
        }
        let before = try frame()
        XCTAssertEqual(before.width, 400)
        XCTAssertEqual(before.color(360, 45), Self.anchorColor)
        assertArrowUp(before, centre: 360, anchorBottom: 60)

        window.cover(Rect(0, 0, 600, 400))   // SDL_SetWindowSize, then the tree is laid out again
        let after = try frame()
        XCTAssertEqual(after.width, 600, "the window was resized")
        XCTAssertEqual(after.height, 400)
        XCTAssertEqual(after.color(560, 45), Self.anchorColor, "the anchor moved with the trailing edge")
        XCTAssertEqual(p.arrowDirection, .up)
        assertArrowUp(after, centre: 560, anchorBottom: 60)
        XCTAssertFalse(after.isPanel(360, 68), "nothing left where the arrow was")
        let panel = try XCTUnwrap(p.placement).frame
        XCTAssertLessThanOrEqual(panel.maxX, 600 - PopoverMetrics.margin, "inside the window")
        XCTAssertTrue(after.isPanel(Int(panel.midX), Int(panel.midY)))
    }
}
