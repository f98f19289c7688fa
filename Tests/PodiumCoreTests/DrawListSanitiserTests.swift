import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A plugin's non-finite or huge geometry (trial 11 F1): dropped or clamped where the scene's
/// drawing enters the host (`SceneCodeView`, `DrawListSanitiser`), logged once naming the scene,
/// and the rest of the frame kept.
@MainActor
final class DrawListSanitiserTests: XCTestCase {
    let L = DrawListSanitiser.limit

    /// Every number in `c` (rectangles, points, widths, font size) is finite and within the limit.
    func assertSafe(_ c: DrawCommand, file: StaticString = #filePath, line: UInt = #line) {
        func ok(_ v: Double) -> Bool { v.isFinite && abs(v) <= L * 2 }
        func ok(_ r: Rect) -> Bool { ok(r.x) && ok(r.y) && ok(r.width) && ok(r.height) && abs(r.x + r.width) <= L && abs(r.y + r.height) <= L }
        let safe: Bool
        switch c {
        case let .fill(r, _, radius): safe = ok(r) && ok(radius)
        case let .stroke(r, _, w, radius): safe = ok(r) && ok(w) && ok(radius)
        case let .polygon(pts, _): safe = pts.allSatisfy { ok($0.x) && ok($0.y) }
        case let .line(a, b, _, w): safe = ok(a.x) && ok(a.y) && ok(b.x) && ok(b.y) && ok(w)
        case let .text(b, _, o): safe = ok(o.x) && ok(o.y) && b.font.size <= DrawListSanitiser.maxFontSize && (b.width.map(ok) ?? true)
        case let .image(_, r, _), let .bitmap(_, r, _), let .picture(_, r, _), let .pushClip(r): safe = ok(r)
        case .popClip, .shape: safe = true
        @unknown default: safe = false
        }
        XCTAssertTrue(safe, "\(c)", file: file, line: line)
    }

    func testNonFiniteCommandsAreDroppedHugeOnesClampedAndTheRestKept() async {
        let good = DrawCommand.fill(Rect(10, 10, 50, 20), .white, radius: 0)
        let input: [DrawCommand] = [
            .fill(Rect(0, 0, .infinity, 40), .white, radius: 0),           // width / empty count
            good,
            .fill(Rect(.nan, 0, 10, 10), .white, radius: 0),
            .fill(Rect(1e300, -1e300, 1e308, 1e308), .white, radius: 0),
            .stroke(Rect(0, 0, 10, 10), .white, width: .infinity, radius: 0),
            .line(Point(0, 0), Point(-1e300, 1e300), .white, width: 1e300),
            .polygon([Point(0, 0), Point(1e200, 0), Point(0, -1e200)], .white),
            .polygon([Point(0, 0), Point(.nan, 0), Point(0, 1)], .white),
            .text(TextBlock("big", font: Font(size: 1e9)), .white, origin: Point(5, 5)),
            .text(TextBlock("nan", font: Font(size: .nan)), .white, origin: Point(5, 5)),
            .text(TextBlock("wide", font: .body, width: .infinity), .white, origin: Point(-1e40, 5)),
            .pushClip(Rect(0, 0, .nan, 10)), .fill(Rect(0, 0, 5, 5), .white, radius: 0), .popClip,
            .pushClip(Rect(-1e300, -1e300, 1e308, 1e308)), .popClip,
        ]
        let (out, report) = DrawListSanitiser.sanitised(input)
        XCTAssertEqual(report.dropped, 6, "inf fill, NaN fill, inf stroke, NaN polygon, NaN font, NaN clip")
        XCTAssertEqual(report.first, "fill with a non-finite rectangle (0.0, 0.0, inf, 40.0) or radius 0.0")
        XCTAssertEqual(out[0], good, "what was finite and in range is kept exactly")
        for c in out { assertSafe(c) }
        XCTAssertEqual(out.filter { if case .pushClip = $0 { true } else { false } }.count, 2, "clip pushes stay paired with their pops")
        XCTAssertTrue(out.contains(.pushClip(.zero)), "a non-finite clip hides what it holds")
        XCTAssertTrue(out.contains { if case let .text(b, _, _) = $0 { b.text == "big" && b.font.size == DrawListSanitiser.maxFontSize } else { false } })
        XCTAssertTrue(out.contains { if case let .text(b, _, _) = $0 { b.text == "wide" && b.width == nil } else { false } }, "an infinite width wraps nowhere")
        // A rectangle reaching far off screen still covers the screen: its edges are clamped.
        XCTAssertTrue(out.contains(.pushClip(Rect(-L, -L, 2 * L, 2 * L))))
        // The 1e300-origin fill lies wholly past the limit: clamped to an empty rectangle at the edge.
        XCTAssertTrue(out.contains(.fill(Rect(L, -L, 0, 2 * L), .white, radius: 0)))
    }

    func testOrdinaryDrawingPassesUnchanged() async {
        var list = DrawList()
        list.fill(Rect(0.1, 0.2, 0.3, 100.7), .white, radius: 3)
        list.pushClip(Rect(-5000, -5000, 10_000, 10_000))
        list.text("hello", .bold(40), .white, at: Point(12.5, 7.25))
        list.line(Point(0, 0), Point(1e6, 1e6), .white)
        list.popClip()
        let (out, report) = DrawListSanitiser.sanitised(list.commands)
        XCTAssertEqual(out, list.commands)
        XCTAssertEqual(report, DrawListSanitiser.Report())
    }

    // MARK: Through a presentation

    /// A scene whose audience view draws a bar of width `bounds.width / count` (count 0: +inf),
    /// between two good fills.
    final class DivideView: View {
        var items: [Int] = []
        override func draw(into list: inout DrawList) {
            list.fill(Rect(0, 0, 10, 10), Color(255, 0, 0))
            let w = bounds.width / Double(items.count)
            list.fill(Rect(0, 20, w, 40), Color(0, 255, 0))
            list.text("huge", Font(size: 1e9), .white, at: Point(1e300, -1e300))
            list.fill(Rect(20, 0, 10, 10), Color(0, 0, 255))
        }
    }
    final class DivideScene: Scene {
        let title = "Bars"
        let room = DivideView(), console = View()
        var presenterView: View { console }
        var audienceView: View { room }
    }

    func presentation(log: @escaping (String) -> Void) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "divide", summary: "") { _, _ in DivideScene() },
            SceneKind(name: "plain", summary: "") { _, _ in DivideScene.Plain() },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "plain", title: "Start", notes: ""), DeckScene(kind: "divide", title: "Bars", notes: "")],
                        path: "/tmp/sanitiser.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        p.log = log
        p.audience.resize(to: Size(800, 450))
        p.presenter.resize(to: Size(1280, 800))
        return p
    }

    func testADivisionByZeroInAScenesDrawIsDroppedNamedOnceAndTheRestDrawn() async {
        var lines: [String] = []
        let p = presentation { lines.append($0) }
        XCTAssertTrue(p.goTo(1))
        for _ in 0..<3 {
            let frame = p.audience.renderFrame().commands
            frame.forEach { assertSafe($0) }
            XCTAssertTrue(frame.contains { if case let .fill(_, c, _) = $0 { c == Color(255, 0, 0) } else { false } }, "the fill before it is drawn")
            XCTAssertTrue(frame.contains { if case let .fill(_, c, _) = $0 { c == Color(0, 0, 255) } else { false } }, "and the fill after it")
            XCTAssertFalse(frame.contains { if case let .fill(_, c, _) = $0 { c == Color(0, 255, 0) } else { false } }, "the infinite bar is not drawn")
            _ = p.presenter.renderFrame().commands.map { assertSafe($0) }   // the console's preview of the room
        }
        let named = lines.filter { $0.contains("non-finite") }
        XCTAssertEqual(named.count, 1, "logged once for the scene: \(lines)")
        XCTAssertTrue(named.first?.hasPrefix("scene 2 “Bars” drew 1 command with non-finite geometry") == true, named.first ?? "")
    }
}

extension DrawListSanitiserTests.DivideScene {
    final class Plain: Scene {
        let title = "Start"
        let presenterView = View(), audienceView = View(background: .black)
    }
}
