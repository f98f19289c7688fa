import Foundation
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// Renders through SDL's offscreen driver with the software renderer and checks pixels.
@MainActor
final class RenderTests: XCTestCase {
    // XCTest runs a class's tests one after another on the main thread; SDL is started once.
    nonisolated(unsafe) static var started = false
    let text = TextEngine()
    var dir: URL!

    override func setUp() async throws {
        if !Self.started {
            setenv("SDL_RENDER_DRIVER", "software", 1)
            try SDLVideo.start(driver: "offscreen")
            Self.started = true
        }
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
        dir = TestPaths.tempDir("render")
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    /// Renders `root` at `size` points and decodes the PNG.
    func render(_ root: WindowRoot, _ size: Size) throws -> PNGImage {
        let w = try PlatformWindow(title: "test", root: root, size: size, text: text)
        let path = dir.appendingPathComponent("\(UUID()).png").path
        try w.screenshot(to: path)
        return try PNGImage(path: path)
    }

    func testFillsAreExactColoursAtTheirPositions() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(0, 0, 0)
        let red = View(background: Color(255, 0, 0)).pinned(Pins(leading: 10, top: 20, width: 50, height: 30))
        let blue = View(background: Color(0, 0, 255)).pinned(Pins(trailing: 0, bottom: 0, width: 40, height: 40))
        root.content.addSubviews(red, blue)
        let img = try render(root, Size(200, 100))
        XCTAssertEqual(img.width, 200); XCTAssertEqual(img.height, 100)
        XCTAssertTrue(img.pixel(10, 20) == (255, 0, 0, 255))
        XCTAssertTrue(img.pixel(59, 49) == (255, 0, 0, 255))
        XCTAssertTrue(img.pixel(60, 50) == (0, 0, 0, 255), "right/bottom edges are exclusive")
        XCTAssertTrue(img.pixel(199, 99) == (0, 0, 255, 255), "pinned to the trailing and bottom edges")
        XCTAssertTrue(img.pixel(159, 59) == (0, 0, 0, 255))
    }

    func testTextIsDrawnWhereLaidOutInItsColour() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        let label = Label("Podium", font: .bold(40), color: Color(0, 255, 0))
        label.pins = Pins(leading: 100, top: 50, width: 300, height: 60)
        root.content.addSubview(label)
        let img = try render(root, Size(600, 200))
        let green = img.count(x: 100, y: 50, w: 300, h: 60) { $0.g > 150 && $0.r < 80 && $0.b < 80 }
        XCTAssertGreaterThan(green, 400, "glyph ink inside the label")
        let outside = img.count(x: 0, y: 0, w: 100, h: 200) { $0.g > 30 } + img.count(x: 0, y: 120, w: 600, h: 80) { $0.g > 30 }
        XCTAssertEqual(outside, 0, "nothing drawn outside the label")
    }

    /// A field holding 3,000 characters is about 25,000 pixels of text, wider than a texture
    /// (16,384): it is rasterised in columns, and the one at the caret shows (trial 14: 2,500
    /// characters typed into the map's search field left it blank).
    func testAFieldHoldingThousandsOfCharactersShowsItsTextAtTheCaret() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        let f = TextField(String(repeating: "x", count: 3_000), id: "f")
        f.pins = Pins(leading: 20, top: 20, width: 400, height: 34)
        root.content.addSubview(f)
        root.layoutIfNeeded()
        f.becomeFocused()
        XCTAssertGreaterThan(text.pixelBox(TextBlock(f.text, font: f.font), scale: 1).w, 16_384)
        let img = try render(root, Size(440, 80))
        // The text's own colour (near white) inside the field, left of the caret and inside the border.
        let ink = img.count(x: 28, y: 26, w: 340, h: 22) { $0.r > 150 && $0.g > 150 && $0.b > 150 }
        XCTAssertGreaterThan(ink, 300, "the x's before the caret are drawn")
    }

    func testCyrillicAndCJKRenderRealGlyphsNotBoxes() async throws {
        // Each character alone: real glyphs differ from each other; missing ones would all be the
        // same .notdef box (or nothing).
        var inks: [[Bool]] = []
        for ch in ["К", "и", "乐", "队", "列"] {
            let root = WindowRoot(metrics: text)
            root.backgroundColor = .black
            root.content.addSubview(Label(ch, font: .system(48), color: .white).pinned(Pins(leading: 0, top: 0, width: 80, height: 80)))
            let img = try render(root, Size(80, 80))
            let mask = (0..<(80 * 80)).map { img.pixel($0 % 80, $0 / 80).r > 128 }
            XCTAssertGreaterThan(mask.filter { $0 }.count, 40, "\(ch) has ink")
            inks.append(mask)
        }
        for i in 0..<inks.count { for j in (i + 1)..<inks.count { XCTAssertNotEqual(inks[i], inks[j], "glyphs \(i) and \(j) differ") } }
        XCTAssertGreaterThan(text.size(of: "乐队列表", font: .system(20)).width, 60, "CJK measures as four wide glyphs")
    }

    func testManyTextSizesMeasureAndUnchangedTextIsNeverLaidOutAgain() async throws {
        // Previews scale fonts with the window, so sizes multiply; each is laid out once.
        for px in stride(from: 8.0, through: 200.0, by: 1.0) {
            XCTAssertGreaterThan(text.size(of: "Кино 乐队", font: .system(px)).width, 0)
        }
        let before = text.layoutCount
        for px in stride(from: 8.0, through: 200.0, by: 1.0) { _ = text.size(of: "Кино 乐队", font: .system(px)) }
        XCTAssertEqual(text.layoutCount, before, "cached layouts are reused")
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        root.content.addSubview(Label("乐", font: .system(48), color: .white).pinned(Pins(leading: 0, top: 0, width: 80, height: 80)))
        let img = try render(root, Size(80, 80))
        XCTAssertGreaterThan(img.count(x: 0, y: 0, w: 80, h: 80) { $0.r > 128 }, 40, "a fallback face draws")
    }

    func testHiDPITextIsTwiceAsLargeInPixelsWithTheSameLines() async throws {
        // The same wrapped label drawn at 1× and 2×: its ink doubles and it breaks the same lines
        // (layouts are in points with unhinted metrics).
        var boxes: [(w: Int, h: Int)] = []
        for scale in [1.0, 2.0] {
            let root = WindowRoot(metrics: text)
            root.backgroundColor = .black
            let label = Label("Kino 乐队 שלום and more words to wrap", font: .system(20), color: .white, lines: 0)
            root.content.addSubview(label.pinned(Pins(leading: 0, top: 0, width: 150, height: 100)))
            let w = try PlatformWindow(title: "hidpi text", root: root, size: Size(400, 240), text: text)
            root.resize(to: Size(200, 120))
            w.renderer.scale = scale
            w.renderer.draw(root.renderFrame(), background: .black)
            let path = dir.appendingPathComponent("hidpi-text-\(scale).png").path
            try w.renderer.savePNG(to: path, size: w.pixelSize)
            let img = try PNGImage(path: path)
            var x0 = Int.max, y0 = Int.max, x1 = 0, y1 = 0
            for y in 0..<img.height { for x in 0..<img.width where img.pixel(x, y).r > 100 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) } }
            boxes.append((x1 - x0 + 1, y1 - y0 + 1))
            XCTAssertGreaterThan(label.lines(width: 150).count, 1)
        }
        XCTAssertEqual(Double(boxes[1].w), Double(boxes[0].w) * 2, accuracy: 6, "\(boxes)")
        XCTAssertEqual(Double(boxes[1].h), Double(boxes[0].h) * 2, accuracy: 6, "\(boxes)")
    }

    func testHiDPIScaleDoublesPixelsNotLayout() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        root.content.addSubview(View(background: Color(255, 255, 0)).pinned(Pins(leading: 10, top: 10, width: 20, height: 20)))
        let w = try PlatformWindow(title: "hidpi", root: root, size: Size(100, 100), text: text)
        w.renderer.scale = 2   // as on a 2× display: points stay, pixels double
        w.renderer.draw(root.renderFrame(), background: .black)
        let path = dir.appendingPathComponent("hidpi.png").path
        try w.renderer.savePNG(to: path, size: w.pixelSize)
        let img = try PNGImage(path: path)
        XCTAssertTrue(img.pixel(20, 20) == (255, 255, 0, 255))
        XCTAssertTrue(img.pixel(59, 59) == (255, 255, 0, 255))
        XCTAssertTrue(img.pixel(61, 61) == (0, 0, 0, 255))
        XCTAssertEqual(root.content.subviews[0].frame, Rect(10, 10, 20, 20), "layout stays in points")
    }
}

func == (a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), b: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
    a.r == b.0 && a.g == b.1 && a.b == b.2 && a.a == b.3
}
