import Foundation
@testable import PodiumSDL
import PodiumKit
import XCTest

/// A console paged through many slides (issue 19, memory): each slide's title is a new string
/// and a new text texture; the renderer keeps them within its byte bound (`TextTextureBudget`)
/// instead of up to 1,500 of them, and frames drawn after evictions stay exact.
final class TextTextureBytesTests: OffscreenSDLTestCase {
    func testSlideTitlesStayWithinTheByteBoundAndFramesStayExact() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(20, 20, 30)
        let title = Label("Slide 0", font: .bold(28), color: .white)
        title.pins = Pins(leading: 10, top: 10, width: 600, height: 40)
        let notes = Label("Notes that stay on screen the whole time, long enough to be a texture of their own.", font: .system(18), color: .white)
        notes.pins = Pins(leading: 10, top: 80, width: 600, height: 60)
        let clock = Label("00:00", font: .bold(28), color: .white)
        clock.pins = Pins(leading: 500, top: 300, width: 120, height: 40)
        root.content.addSubviews(title, notes, clock)
        let w = try PlatformWindow(title: "text bytes", root: root, size: Size(640, 400), text: text)
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        let shown = w.renderer.textCacheBytes
        XCTAssertGreaterThan(shown, 0)
        w.renderer.textBudget = TextTextureBudget(countLimit: 1500, byteLimit: shown * 3)
        for i in 1...40 {
            title.text = "Slide \(i): a title of its own, \(String(repeating: "x", count: i % 7))"
            XCTAssertTrue(w.renderIfNeeded())
            XCTAssertLessThanOrEqual(w.renderer.textCacheBytes, shown * 3, "within the bound after slide \(i)")
        }
        // A clock tick repaints only the clock; the notes on screen are still drawn right after it.
        clock.text = "00:01"
        XCTAssertTrue(w.renderIfNeeded())
        try assertPartialEqualsWhole(w, root)
    }
}
