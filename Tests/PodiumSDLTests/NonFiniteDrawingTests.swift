import Foundation
import PodiumCore
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// Non-finite and huge geometry never traps in the renderer (trial 11 F1: `Int32(inf)` in the
/// frame and damage code took the talk down): drawn raw through SDL's offscreen driver, whole
/// frames and partial (damage) frames, and through a presentation whose scene divides by zero.
@MainActor
final class NonFiniteDrawingTests: OffscreenSDLTestCase {
    static let red = Color(255, 0, 0), blue = Color(0, 0, 255), green = Color(0, 255, 0)

    /// Draws every kind of bad command (not sanitised: the renderer's own guarantee), then a red
    /// and a blue square; `moved` moves the blue one, so the next frame is a partial one.
    final class BadView: View {
        var moved = false
        override func draw(into list: inout DrawList) {
            let inf = Double.infinity, nan = Double.nan
            let pic = Picture(size: Size(10, 10), isOpaque: true, commands: [.fill(Rect(0, 0, 10, 10), .white, radius: 0)])
            let bitmap = Bitmap(width: 2, height: 2, isOpaque: true, pixels: [UInt8](repeating: 255, count: 16))!
            let bad: [DrawCommand] = [
                .fill(Rect(0, 20, inf, 40), NonFiniteDrawingTests.green, radius: 0),
                .fill(Rect(nan, nan, nan, nan), NonFiniteDrawingTests.green, radius: nan),
                .fill(Rect(1e300, -1e300, 1e308, 1e308), NonFiniteDrawingTests.green, radius: 0),
                .fill(Rect(3e9, 3e9, 3e9, 3e9), NonFiniteDrawingTests.green, radius: 0),
                .stroke(Rect(0, 0, 1e12, 1e12), NonFiniteDrawingTests.green, width: inf, radius: nan),
                .line(Point(0, 0), Point(-1e300, 1e300), NonFiniteDrawingTests.green, width: 1e300),
                .polygon([Point(0, 0), Point(1e200, 0), Point(nan, -1e200)], NonFiniteDrawingTests.green),
                .text(TextBlock("huge", font: Font(size: 1e9)), .white, origin: Point(1e300, -1e300)),
                .text(TextBlock("nan", font: Font(size: nan), width: nan), .white, origin: Point(nan, 5)),
                .text(TextBlock("wide", font: .body, width: inf), .white, origin: Point(-inf, inf)),
                .bitmap(bitmap, Rect(nan, 0, inf, 1e300), opacity: 1),
                .picture(pic, Rect(-inf, 0, inf, 10), opacity: 1),
                .pushClip(Rect(nan, 0, inf, 10)), .fill(Rect(0, 0, 5, 5), NonFiniteDrawingTests.green, radius: 0), .popClip,
                .pushClip(Rect(-1e300, -1e300, 1e308, 1e308)), .popClip,
            ]
            list.append(contentsOf: DrawList(commands: bad.map { DrawList(commands: [$0]).transformed(scale: 1, translation: list.offset).commands[0] }))
            list.fill(Rect(0, 70, 10, 10), NonFiniteDrawingTests.red)
            list.fill(Rect(moved ? 40 : 20, 70, 10, 10), NonFiniteDrawingTests.blue)
        }
    }

    func pixel(_ px: [UInt8], _ width: Int, _ x: Int, _ y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(px[i], px[i + 1], px[i + 2])
    }

    func testRawNonFiniteCommandsNeitherTrapInWholeNorInPartialFrames() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        let view = BadView()
        view.pins = .fill()
        root.content.addSubview(view)
        let w = try PlatformWindow(title: "non-finite", root: root, size: Size(200, 100), text: text)
        defer { w.close() }
        XCTAssertEqual(w.renderer.driverName, "software")
        XCTAssertTrue(w.renderIfNeeded())
        var px = try w.renderer.readPixels(size: w.pixelSize)
        XCTAssertEqual(pixel(px, 200, 5, 75), Self.red, "the rest of the frame is drawn")
        XCTAssertEqual(pixel(px, 200, 25, 75), Self.blue)
        view.moved = true
        view.setNeedsDisplay()
        XCTAssertTrue(w.renderIfNeeded(), "a partial frame: damage from the same bad commands")
        px = try w.renderer.readPixels(size: w.pixelSize)
        XCTAssertEqual(pixel(px, 200, 45, 75), Self.blue, "the moved square is drawn")
        XCTAssertEqual(pixel(px, 200, 5, 75), Self.red)
        XCTAssertTrue(w.renderIfNeeded(force: true), "a forced whole frame")
    }

    func testHugeRectanglesIntersectAndUniteWithoutOverflow() async {
        let huge = IntRect(covering: -1e300, -1e300, 1e300, 1e300)
        let screen = IntRect(x: 0, y: 0, w: 1920, h: 1080)
        XCTAssertEqual(huge.intersection(screen), screen, "a rectangle past every edge covers the screen")
        XCTAssertEqual(screen.intersection(huge), screen)
        let far = IntRect(covering: 1e300, -1e300, 1e300 + 1e308, 1e308)
        XCTAssertTrue(far.intersection(screen).isEmpty, "wholly off screen")
        XCTAssertGreaterThanOrEqual(huge.union(far).w, huge.w)
        let edge = IntRect(x: .max - 10, y: .min, w: .max, h: .max)
        _ = edge.intersection(screen); _ = edge.union(huge); _ = edge.grown(by: 8); _ = edge.area
        XCTAssertEqual(IntRect(covering: .nan, .nan, .infinity, .infinity), IntRect(x: 0, y: 0, w: Int32.pixelLimit, h: Int32.pixelLimit), "NaN is 0, infinity the limit")
        XCTAssertEqual(Int32(pixel: Double.infinity), Int32.pixelLimit)
        XCTAssertEqual(Int32(pixel: -Double.infinity), -Int32.pixelLimit)
        XCTAssertEqual(Int32(pixel: Double.nan), 0)
        XCTAssertEqual(Int32(pixel: Float(-3.7)), -3, "truncates towards zero as Int32(_:) does")
    }

    // MARK: Through a presentation (sanitised where the scene's drawing enters the host)

    final class DivideScene: Scene {
        final class Bars: View {
            let items: [Int] = []
            override func draw(into list: inout DrawList) {
                list.fill(Rect(0, 0, 10, 10), NonFiniteDrawingTests.red)
                list.fill(Rect(0, 20, bounds.width / Double(items.count), 40), NonFiniteDrawingTests.green)   // +inf
                list.text("big", Font(size: 1e9), .white, at: Point(0, 40))
                list.fill(Rect(20, 0, 10, 10), NonFiniteDrawingTests.blue)
            }
        }
        let title = "Bars"
        let presenterView = View(), audienceView: View = Bars(background: .black)
    }

    func testAScenesDivisionByZeroLeavesTheRoomsFrameDrawn() async throws {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "bars", summary: "") { _, _ in DivideScene() }]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "bars", title: "Bars", notes: "")], path: "/tmp/non-finite.json")
        let p = Presentation(deck: deck, registry: r, metrics: text, clock: { 0 })
        var lines: [String] = []
        p.log = { lines.append($0) }
        let w = try PlatformWindow(title: "room", root: p.audience, size: Size(320, 180), text: text)
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        let px = try w.renderer.readPixels(size: w.pixelSize)
        XCTAssertEqual(pixel(px, 320, 5, 5), Self.red)
        XCTAssertEqual(pixel(px, 320, 25, 5), Self.blue)
        XCTAssertEqual(pixel(px, 320, 100, 30), .black, "the infinite bar is dropped, not drawn")
        XCTAssertEqual(lines.filter { $0.contains("scene 1 “Bars”") }.count, 1, "\(lines)")
    }
}
