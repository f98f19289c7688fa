import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Podium's text (Pango, through a real `Label` on SDL's offscreen driver and software renderer)
/// against an independent rendering of the same lines by Pillow with libraqm
/// (`Reference/reference_text.py`). Both are white on black; each image is cut to its ink and the
/// two are compared by mean absolute difference per channel (0…255) over the larger cut, which
/// must stay under `threshold`. Each case also renders a negative control (Pillow's basic layout:
/// no shaping, no bidi) that must differ by more, so the test can fail. Line breaks are Podium's
/// (the reference draws the lines Podium made); the break rules themselves are asserted directly.
/// Set PODIUM_KEEP_RENDERS=1 to keep the PNGs (the path is printed).
@MainActor
final class TextReferenceRenderTests: XCTestCase {
    /// Mean absolute difference (0…255 per channel) below which two renderings count as the same
    /// text. Measured here (2026-11, 5×5 box blur): matching renderings 0.2–14.5 (hinting and
    /// anti-aliasing differ; thin Hebrew strokes most), unshaped or wrongly ordered text 39–58.
    static let threshold = 25.0
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference/reference_text.py").path
    var dir: URL!

    override func setUp() async throws {
        setenv("SDL_RENDER_DRIVER", "software", 1)
        dir = TestPaths.tempDir("text-render")
    }
    override func tearDown() async throws {
        if ProcessInfo.processInfo.environment["PODIUM_KEEP_RENDERS"] == "1" { print("renders kept in \(dir.path)") }
        else { try? FileManager.default.removeItem(at: dir) }
    }

    struct Rendered {
        var image: PNGImage
        var layout: TextLayout
        var lines: [String]
        /// The label's frame in pixels (offscreen windows have scale 1).
        var frame: Rect
        var originY: Double
    }

    /// Draws `text` in a white `Label` (as many lines as needed) at `frame` in a black window.
    func podium(_ name: String, _ text: String, font: Font, frame: Rect, canvas: Size, alignment: TextAlignment = .leading) throws -> Rendered {
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
        let engine = TextEngine()
        let root = WindowRoot(metrics: engine)
        root.backgroundColor = .black
        let label = Label(text, font: font, color: .white, lines: 0)
        label.alignment = alignment
        label.pins = Pins(leading: frame.minX, top: frame.minY, width: frame.width, height: frame.height)
        root.content.addSubview(label)
        let window = try PlatformWindow(title: "text", root: root, size: canvas, text: engine)
        XCTAssertEqual(window.renderer.driverName, "software")
        let path = dir.appendingPathComponent("\(name)-podium.png").path
        try window.screenshot(to: path)
        let layout = engine.layout(label.block(width: frame.width))
        let chars = Array(text)
        return Rendered(image: try PNGImage(path: path), layout: layout, lines: layout.lines.map { String(chars[$0.range]) },
                        frame: frame, originY: layout.lines.count == 1 ? (frame.height - layout.size.height) / 2 : 0)
    }

    /// One run of a reference line: text and the fontconfig pattern of its font.
    typealias Run = (text: String, font: String)

    /// The reference rendering of `r`'s lines, each split into runs by `runs`; `basic` draws the
    /// negative control.
    func reference(_ name: String, _ r: Rendered, size: Double, basic: Bool = false, runs: (String) -> [Run]) throws -> PNGImage {
        let out = dir.appendingPathComponent("\(name)-\(basic ? "basic" : "reference").png").path
        func latinLetter(_ c: Character?) -> Bool { c.map { $0.isLetter && $0.unicodeScalars.first!.value < 0x250 } ?? false }
        let lines: [[String: Any]] = zip(r.layout.lines, r.lines).enumerated().map { i, pair in
            let (line, shown) = pair
            // Pango draws a hyphen where it broke a Latin word between two letters.
            let text = i + 1 < r.lines.count && latinLetter(shown.last) && latinLetter(r.lines[i + 1].first) ? shown + "-" : shown
            let rtl = r.layout.isRightToLeft
            return ["x": r.frame.minX + (rtl ? line.rect.maxX : line.rect.minX), "baseline": r.frame.minY + r.originY + line.baseline,
                    "anchor": rtl ? "rs" : "ls",
                    "runs": runs(text).map { ["text": $0.text, "font": $0.font, "size": size] }]
        }
        let spec: [String: Any] = ["width": r.image.width, "height": r.image.height, "out": out, "basic": basic, "lines": lines]
        let specPath = dir.appendingPathComponent("\(name)-\(basic ? "basic" : "reference").json")
        try JSONSerialization.data(withJSONObject: spec).write(to: specPath)
        // Debian's interpreter, where make test-deps installs Pillow (python3-pil): a python3
        // earlier on PATH (pyenv) has no Pillow.
        let res = try runProcess("/usr/bin/python3", [Self.script, specPath.path])
        XCTAssertEqual(res.status, 0, "reference_text.py: \(res.stderr)")
        return try PNGImage(path: out)
    }

    /// Bounding box of the pixels brighter than 60 in any channel.
    static func ink(_ img: PNGImage) -> (x: Int, y: Int, w: Int, h: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<img.height { for x in 0..<img.width {
            let p = img.pixel(x, y)
            if max(p.r, p.g, p.b) > 60 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
        } }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// The ink cut of `img` as per-channel values blurred with a (2r+1)² box, so a sub-pixel shift
    /// of a thin stroke (hinting) costs little while a different glyph or order costs a lot.
    static func blurredCut(_ img: PNGImage, _ box: (x: Int, y: Int, w: Int, h: Int), size: (w: Int, h: Int), r: Int = 2) -> [Double] {
        let w = size.w + 2 * r, h = size.h + 2 * r
        var out = [Double](repeating: 0, count: w * h * 3)
        for c in 0..<3 {
            // Integral image of the cut (zero outside it), then box sums.
            var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
            for y in 0..<h { var row = 0; for x in 0..<w {
                let sx = x - r, sy = y - r
                if sx >= 0, sy >= 0, sx < box.w, sy < box.h { row += Int(img.rgba[((box.y + sy) * img.width + box.x + sx) * 4 + c]) }
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
            } }
            for y in 0..<h { for x in 0..<w {
                let x0 = max(0, x - r), y0 = max(0, y - r), x1 = min(w, x + r + 1), y1 = min(h, y + r + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                out[(y * w + x) * 3 + c] = Double(sum) / Double((2 * r + 1) * (2 * r + 1))
            } }
        }
        return out
    }

    /// Mean absolute difference per channel (0…255) of the two blurred ink cuts, top-left
    /// aligned, over the larger cut.
    static func difference(_ a: PNGImage, _ b: PNGImage) -> Double {
        guard let ia = ink(a), let ib = ink(b) else { return 255 }
        let size = (w: max(ia.w, ib.w), h: max(ia.h, ib.h))
        let pa = blurredCut(a, ia, size: size), pb = blurredCut(b, ib, size: size)
        var sum = 0.0
        for k in 0..<pa.count { sum += abs(pa[k] - pb[k]) }
        return sum / Double(pa.count)
    }

    /// Renders, compares with the reference (under the threshold) and with the unshaped control
    /// (over it, unless `control` is false: text basic layout already gets right).
    @discardableResult
    func check(_ name: String, _ text: String, size: Double = 40, width: Double = 900, canvas: Size = Size(1000, 200),
               control: Bool = true, runs: @escaping (String) -> [Run] = { [($0, "DejaVu Sans")] }) throws -> Rendered {
        let r = try podium(name, text, font: .system(size), frame: Rect(20, 20, width, canvas.height - 40), canvas: canvas)
        let ref = try reference(name, r, size: size, runs: runs)
        let d = Self.difference(r.image, ref)
        print("\(name): Podium vs Pillow+raqm mean difference \(d)")
        XCTAssertLessThan(d, Self.threshold, "\(name): Podium vs Pillow+raqm mean difference \(d)")
        if control {
            let basic = try reference(name, r, size: size, basic: true, runs: runs)
            let dc = Self.difference(r.image, basic)
            print("\(name): Podium vs unshaped control mean difference \(dc)")
            XCTAssertGreaterThan(dc, Self.threshold, "\(name): unshaped control should differ, mean difference \(dc)")
        }
        return r
    }

    // MARK: The four cases of issue 14

    func testArabicHeadingIsJoinedAndReadsFromTheRight() async throws {
        let r = try check("rtl-arabic", "مرحبا بالعالم")
        XCTAssertTrue(r.layout.isRightToLeft)
        let ink = try XCTUnwrap(Self.ink(r.image))
        XCTAssertEqual(Double(ink.x + ink.w), r.frame.maxX, accuracy: 6, "a natural-aligned RTL paragraph starts at the right edge")
    }

    func testHebrewSubtitleShowsItsNumberLeftmost() async throws {
        let r = try check("rtl-hebrew", "שלום עולם 123")
        // The digits are the leftmost ink: the first inked columns from the left are a digit's.
        let ink = try XCTUnwrap(Self.ink(r.image))
        let digits = try podium("digits", "123", font: .system(40), frame: r.frame, canvas: Size(1000, 200))
        let dInk = try XCTUnwrap(Self.ink(digits.image))
        var same = 0
        for dy in 0..<min(ink.h, dInk.h) { for dx in 0..<dInk.w {
            let a = r.image.pixel(ink.x + dx, ink.y + dy).r > 128, b = digits.image.pixel(dInk.x + dx, dInk.y + dy).r > 128
            if a == b { same += 1 }
        } }
        XCTAssertGreaterThan(Double(same) / Double(min(ink.h, dInk.h) * dInk.w), 0.9, "123 is drawn at the left end")
    }

    func testHebrewBandNameInVisualOrder() async throws {
        try check("rtl-band", "משינה")
    }

    func testDevanagariIsShapedWithConjunctsAndPreBaseVowel() async throws {
        try check("devanagari", "हिन्दी किताब") { line in
            // Pango falls back to the Devanagari face for the words and keeps DejaVu's space.
            line.split(separator: " ", omittingEmptySubsequences: false).enumerated().flatMap { i, w -> [Run] in
                (i > 0 ? [(" ", "DejaVu Sans")] : []) + [(String(w), ":lang=hi")]
            }
        }
    }

    func testLongURLAndCompoundBreakInsideTheNotesPanel() async throws {
        let text = "Slides: https://example.org/talks/2025/bands-i-love/sources/record-stores-helsinki.html and Donaudampfschifffahrtsgesellschaftskapitänswitwe."
        let width = 320.0
        let r = try check("notes-long-word", text, size: 20, width: width, canvas: Size(400, 400), control: false)
        XCTAssertGreaterThan(r.lines.count, 3)
        for l in r.layout.lines { XCTAssertLessThanOrEqual(l.rect.maxX, width + 0.5, "no line wider than the panel") }
        XCTAssertEqual(r.image.count(x: Int(r.frame.maxX) + 2, y: 0, w: 400, h: 400) { max($0.r, $0.g, $0.b) > 60 }, 0, "no glyph beyond the panel")
        for l in r.lines.dropLast() where l.contains("/") && !l.hasSuffix(" ") {
            XCTAssertTrue("/-.?".contains(l.last!), "URL lines break after / - . ?: \(l)")
        }
    }

    func testChineseAndJapaneseWrapBetweenCharactersNotBeforeClosingPunctuation() async throws {
        let zh = "五月天是台湾的摇滚乐团，由阿信担任主唱。他们的演唱会总是有成千上万的歌迷一起大合唱、请在三分钟后切换到下一页。"
        let ja = "今日はバンドについて話します。「五月天」を紹介します、観客と一緒に歌うことで有名です。"
        for (name, text) in [("notes-cjk-zh", zh), ("notes-cjk-ja", ja)] {
            let r = try check(name, text, size: 20, width: 300, canvas: Size(400, 400), control: false) { [($0, ":lang=zh-cn")] }
            XCTAssertGreaterThan(r.lines.count, 2, "\(name) wraps")
            for l in r.layout.lines { XCTAssertLessThanOrEqual(l.rect.maxX, 300.5) }
            for l in r.lines.dropFirst() { XCTAssertFalse("。、」，".contains(l.first!), "\(name): a line starts with closing punctuation: \(l)") }
        }
    }

    // MARK: More cases

    func testMixedDirectionWithNumbers() async throws {
        try check("mixed-bidi", "Tour 2025: שלום עולם 123 tickets")
    }

    func testCombiningMarksStayOnTheirBase() async throws {
        try check("combining", "Zoe\u{0308} cafe\u{0301} n\u{0303}u q\u{0307}\u{0323} A\u{030A}", control: false)
    }

    func testEmojiZWJSequenceAndFlagAreSingleColourGlyphs() async throws {
        let r = try check("emoji", "👩‍👩‍👧🇫🇮👍🏽", size: 40, control: false) { [($0, "Noto Color Emoji")] }
        let ink = try XCTUnwrap(Self.ink(r.image))
        let one = try XCTUnwrap(Self.ink(try podium("emoji-one", "👩", font: .system(40), frame: r.frame, canvas: Size(1000, 200)).image))
        // Unjoined, the family alone would be three people and the thumb a thumb plus a swatch.
        XCTAssertLessThan(Double(ink.w), Double(one.w) * 4.5, "three glyphs (family, flag, thumb), not six")
        XCTAssertGreaterThan(Double(ink.w), Double(one.w) * 2.4)
        let coloured = r.image.count(x: ink.x, y: ink.y, w: ink.w, h: ink.h) { Int(max($0.r, $0.g, $0.b)) - Int(min($0.r, $0.g, $0.b)) > 60 }
        XCTAssertGreaterThan(coloured, ink.w * ink.h / 5, "colour emoji, not white outlines")
    }
}
