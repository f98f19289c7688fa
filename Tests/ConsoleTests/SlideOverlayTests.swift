import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Slides with overlays in the console: scenes keyed 1, 2, 2, 2, 3 (a Beamer frame with three
/// overlays between two plain slides) are three slides. Each scene's audience view is one colour.
@MainActor
final class SlideOverlayTests: XCTestCase {
    static let colours = [Color(200, 0, 0), Color(0, 200, 0), Color(0, 0, 200), Color(200, 200, 0), Color(0, 200, 200)]

    func makePresentation(keys: [String?] = ["1", "2", "2", "2", "3"]) -> Presentation { Self.makePresentation(keys: keys) }

    /// Scenes keyed `keys` (overlays share a key), each one colour; also for other console tests.
    static func makePresentation(keys: [String?] = ["1", "2", "2", "2", "3"], clock: @escaping () -> Double = { 1000 }) -> Presentation {
        let r = PluginRegistry()
        // Scenes are made on first use, in any order: the colour comes from the deck's parameters.
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "colour", summary: "") { p, _ in let i = Int(try p.number("i")!); return ColourScene("S\(i)", Self.colours[i]) },
        ]))
        let deck = Deck(title: "T", scenes: keys.enumerated().map {
            DeckScene(kind: "colour", title: "Page \($0.offset + 1)", parameters: SceneParameters(["i": .number(Double($0.offset))]), slide: $0.element)
        },
                        path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: clock)
        p.presenter.resize(to: Size(1280, 800))
        return p
    }

    /// The position the console's toolbar shows now.
    func position(_ p: Presentation) -> String? {
        let all = p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
        return all.first { $0.hasPrefix("slide ") || $0.contains(" / ") }
    }

    func fills(_ list: DrawList, _ c: Color) -> [Rect] {
        list.commands.compactMap { if case let .fill(r, col, _) = $0, col == c { r } else { nil } }
    }

    func testSlidesGroupConsecutiveKeysOnly() async {
        let s = Slides(["1", "2", "2", "2", "3", "2", nil, nil].map { DeckScene(kind: "k", slide: $0) })
        XCTAssertEqual(s.ranges, [0..<1, 1..<4, 4..<5, 5..<6, 6..<7, 7..<8], "a label seen again later, and scenes without a key, are slides of their own")
        XCTAssertEqual(s.positionText(of: 2), "slide 2/6 (2/3)")
        XCTAssertEqual(s.positionText(of: 4), "slide 3/6")
        let plain = Slides([nil, nil, nil].map { DeckScene(kind: "k", slide: $0) })
        XCTAssertFalse(plain.isGrouped)
        XCTAssertEqual(plain.positionText(of: 1), "2 / 3", "a deck without overlays counts scenes as before")
    }

    func testNextStepsThroughOverlaysAndShiftKeysJumpSlides() async {
        let p = makePresentation()
        XCTAssertEqual(position(p), "slide 1/3")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertEqual(position(p), "slide 2/3 (1/3)")
        p.press(Key("Right"))
        XCTAssertEqual(position(p), "slide 2/3 (2/3)")
        p.press(Key("Page Down", shift: true))
        XCTAssertEqual(p.currentIndex, 4, "Shift+PageDown skips the rest of the overlays")
        XCTAssertEqual(position(p), "slide 3/3")
        p.press(Key("Page Down", shift: true))
        XCTAssertEqual(p.currentIndex, 4, "nothing after the last slide")
        p.press(Key("Left", shift: true))
        XCTAssertEqual(p.currentIndex, 1, "Shift+Left: the previous slide's first overlay")
        p.press(Key("Page Up", shift: true))
        XCTAssertEqual(p.currentIndex, 0)
        p.press(Key("Right", shift: true))
        XCTAssertEqual(p.currentIndex, 1)
        p.press(Key("Left"))
        XCTAssertEqual(p.currentIndex, 0, "previous steps back one overlay at a time")
        XCTAssertEqual(p.keyMap.keys(for: .nextSlide).map(\.description), ["Shift+Page Down", "Shift+Right"])
    }

    func testOverviewShowsOneThumbnailPerSlideItsLastOverlay() async throws {
        let p = makePresentation()
        p.goTo(2)
        p.openOverview()
        let o = p.console.overview
        XCTAssertEqual(o.thumbnails.count, 3)
        XCTAssertEqual(o.selected, 1, "the current slide is selected")
        XCTAssertEqual(o.thumbnails.map(\.title), ["Page 1", "Page 4", "Page 5"])
        XCTAssertFalse(fills(o.thumbnails[1].list, Self.colours[3]).isEmpty, "slide 2's thumbnail is its last overlay (page 4)")
        XCTAssertTrue(fills(o.thumbnails[1].list, Self.colours[2]).isEmpty)
        p.press(Key("Right"))
        p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 4, "choosing slide 3 goes there")
        p.openOverview()
        p.press(Key("Left")); p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 3, "choosing slide 2 shows it complete, as its thumbnail did")
    }

    func testNextPreviewShowsTheNextOverlayAndTheNextSlideSmall() async {
        let p = makePresentation()
        p.goTo(1)
        p.attachNextPreview()
        var list = p.presenter.drawList()
        let next = p.console.nextPreview.convertToWindow(p.console.nextPreview.bounds)
        let small = p.console.nextSlidePreview.convertToWindow(p.console.nextSlidePreview.bounds)
        XCTAssertFalse(p.console.nextSlidePreview.isHidden)
        let overlay = fills(list, Self.colours[2]), slide = fills(list, Self.colours[4])
        XCTAssertEqual(overlay.count, 1, "the next overlay (page 3) in the next preview")
        XCTAssertEqual(slide.count, 1, "the next slide (page 5) in the small preview")
        XCTAssertTrue(next.insetBy(dx: -0.5, dy: -0.5).contains(overlay[0]), "\(overlay[0]) in \(next)")
        XCTAssertTrue(small.insetBy(dx: -0.5, dy: -0.5).contains(slide[0]), "\(slide[0]) in \(small)")
        XCTAssertLessThan(slide[0].width, overlay[0].width, "the next slide is the smaller one")
        XCTAssertFalse(next.intersects(small))
        p.goTo(3)
        p.attachNextPreview()
        list = p.presenter.drawList()
        XCTAssertTrue(p.console.nextSlidePreview.isHidden, "on the last overlay the next preview is the next slide")
        XCTAssertEqual(fills(list, Self.colours[4]).count, 1, "the next slide once")
    }

    func testAJSONDeckWithoutSlideKeysKeepsOneSlidePerScene() async {
        let p = makePresentation(keys: [nil, nil, nil])
        XCTAssertEqual(position(p), "1 / 3")
        p.press(Key("Page Down", shift: true))
        XCTAssertEqual(p.currentIndex, 1, "nextSlide is next when every scene is a slide")
        p.attachNextPreview()
        XCTAssertTrue(p.console.nextSlidePreview.isHidden)
    }
}
