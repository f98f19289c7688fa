import Foundation
import PodiumKit
@testable import PodiumSDL
import XCTest

/// An advance on a console-like window (issue 19): the lists are compared command by command, so
/// changes on both sides of unchanged clips repaint their own rectangles, not the whole window;
/// and what an opaque page paints over (the preview's letterbox, the backgrounds replayed under
/// it) is not drawn. The partial frame still equals a whole one pixel for pixel.
@MainActor
final class PreviewDamageTests: OffscreenSDLTestCase {
    /// A preview as the console draws one: a black letterbox, then, clipped to it, the source's
    /// background and its page (`PreviewView`).
    final class Preview: View {
        var page: Bitmap { didSet { setNeedsDisplay() } }
        init(_ b: Bitmap) { page = b; super.init() }
        override func draw(into list: inout DrawList) {
            list.fill(bounds, .black)
            list.pushClip(bounds)
            list.fill(bounds, Color(30, 30, 30))
            list.fill(bounds.insetBy(dx: 2, dy: 2), Color(250, 250, 250))
            list.bitmap(page, in: bounds)
            list.popClip()
        }
    }

    func page(_ c: UInt8, _ w: Int = 200, _ h: Int = 112) -> Bitmap {
        Bitmap(width: w, height: h, format: .bgra, isOpaque: true, pixels: [UInt8]((0..<(w * h)).flatMap { _ in [c, 100, 255 - c, 255] }))!
    }

    /// A toolbar label at the top, a clipped panel of unchanged text in the middle, two previews
    /// and a notes label at the bottom: changes at both ends of the list.
    func makeConsole() throws -> (PlatformWindow, WindowRoot, Label, Preview, Preview, Label) {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(20, 20, 30)
        let position = Label("1 / 6", font: .bold(15), color: .white)
        position.pins = Pins(leading: 10, top: 10, width: 80, height: 24)
        let panel = View(background: Color(60, 60, 80))
        panel.clipsToBounds = true
        panel.pins = Pins(leading: 10, top: 50, width: 360, height: 300)
        let help = Label("Unchanged text in a clipped panel", font: .system(14), color: .white)
        help.pins = Pins(leading: 10, top: 10, width: 300, height: 20)
        panel.addSubview(help)
        let current = Preview(page(10)), next = Preview(page(20))
        current.pins = Pins(leading: 400, top: 50, width: 200, height: 112)
        next.pins = Pins(leading: 400, top: 200, width: 200, height: 112)
        let notes = Label("Notes of slide 1", font: .system(14), color: .white)
        notes.pins = Pins(leading: 400, top: 350, width: 200, height: 20)
        root.content.addSubviews(position, panel, current, next, notes)
        let w = try PlatformWindow(title: "preview damage", root: root, size: Size(640, 400), text: text)
        XCTAssertEqual(w.renderer.driverName, "software")
        return (w, root, position, current, next, notes)
    }

    func testAnAdvanceRepaintsTheChangedPartsNotTheWindow() async throws {
        let (w, root, position, current, next, notes) = try makeConsole()
        defer { w.close() }
        w.renderIfNeeded()
        position.text = "2 / 6"; current.page = page(20); next.page = page(30); notes.text = "Notes of slide 2"
        let before = w.pixelsRepainted
        XCTAssertTrue(w.renderIfNeeded())
        let rects = w.lastDamageRects
        XCTAssertGreaterThanOrEqual(rects.count, 3, "the label, the previews and the notes apart: \(rects)")
        XCTAssertFalse(rects.contains { $0.intersects(Rect(30, 80, 300, 250)) }, "the clipped panel between them is not repainted: \(rects)")
        XCTAssertLessThan(w.pixelsRepainted - before, 640 * 400 / 3, "a third of the window at most")
        try assertPartialEqualsWhole(w, root)
    }

    func testAPageDrawnOverItsLetterboxAndBackgroundsIsTheOnlyThingDrawn() async throws {
        let (w, root, _, current, _, _) = try makeConsole()
        defer { w.close() }
        w.renderIfNeeded()
        let copies = w.renderer.bitmapCopies
        current.page = page(90)
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertEqual(w.renderer.bitmapCopies - copies, 1, "one page copied")
        // What repainting the preview's page (its own rectangle, inside the letterbox) draws.
        let list = root.renderFrame().commands
        let inner = IntRect(x: 401, y: 51, w: 198, h: 110)
        let occ = w.renderer.occlusion(of: inner, in: list)
        XCTAssertTrue(occ.backgroundHidden)
        let drawn = list.indices.filter { !occ.hidden[$0] }.map { list[$0] }.filter {
            if case .pushClip = $0 { false } else if case .popClip = $0 { false } else { true }
        }
        XCTAssertEqual(drawn, [.bitmap(current.page, Rect(400, 50, 200, 112), opacity: 1)], "the page alone, not the fills under it")
        // A rectangle reaching past the page draws the letterbox there too, and stays exact.
        let wider = w.renderer.occlusion(of: IntRect(x: 390, y: 40, w: 220, h: 130), in: list)
        let letterbox = try XCTUnwrap(list.firstIndex(of: .fill(Rect(400, 50, 200, 112), .black, radius: 0)))
        XCTAssertFalse(wider.hidden[letterbox])
        // ...only around the page: the bands of its margin, none inside the page.
        let parts = try XCTUnwrap(wider.fillParts[letterbox], "the letterbox is painted in parts")
        let page = IntRect(x: 400, y: 50, w: 200, h: 112)
        XCTAssertFalse(parts.contains { $0.intersects(page) }, "\(parts)")
        XCTAssertLessThan(parts.reduce(0) { $0 + $1.area }, page.area / 10)
        try assertPartialEqualsWhole(w, root)
    }

    func testAChangedClipRepaintsWhatItClips() async {
        let full = IntRect(x: 0, y: 0, w: 400, h: 400)
        func bounds(_ c: DrawCommand) -> IntRect? {
            switch c {
            case let .fill(r, _, _), let .pushClip(r): IntRect(covering: r.minX, r.minY, r.maxX, r.maxY)
            default: nil
            }
        }
        let a = DrawCommand.fill(Rect(0, 0, 10, 10), .white, radius: 0)
        let inside = DrawCommand.fill(Rect(100, 100, 200, 200), .white, radius: 0)
        let end = DrawCommand.fill(Rect(390, 390, 10, 10), .white, radius: 0)
        // The same fill under a narrower clip: the fill's area under both clips, nothing else.
        let old: [DrawCommand] = [a, .pushClip(Rect(100, 100, 200, 200)), inside, .popClip, end]
        let new: [DrawCommand] = [.fill(Rect(0, 0, 10, 10), .black, radius: 0), .pushClip(Rect(100, 100, 50, 50)), inside, .popClip,
                                  .fill(Rect(390, 390, 10, 10), .black, radius: 0)]
        let rects = FrameDamage.damage(old: old, new: new, full: full, bounds: bounds)
        XCTAssertEqual(rects?.count, 3, "the two corners and the clipped area: \(String(describing: rects))")
        XCTAssertTrue(rects?.contains(IntRect(covering: 100, 100, 300, 300)) == true)
        // A clip left open changes what every later shared command paints: the whole window.
        XCTAssertEqual(FrameDamage.damage(old: [a, end], new: [.pushClip(Rect(0, 0, 5, 5)), a, end], full: full, bounds: bounds), [full])
    }

    func testTheDiffRebuildsTheNewListAndGivesUpOnTooManyEdits() async {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let old = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int.random(in: 0...6, using: &rng) }
            var new = old
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                if !new.isEmpty, Bool.random(using: &rng) { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
                else { new.insert(Int.random(in: 0...6, using: &rng), at: Int.random(in: 0...new.count, using: &rng)) }
            }
            let steps = try! XCTUnwrap(CommandDiff.steps(old[...], new[...], maxEdits: 100))
            var rebuilt: [Int] = [], kept = 0, seenOld = -1, seenNew = -1
            for s in steps {
                switch s {
                case let .keep(i, j):
                    XCTAssertEqual(old[i], new[j]); rebuilt.append(new[j]); kept += 1
                    XCTAssertGreaterThan(i, seenOld); XCTAssertGreaterThan(j, seenNew); seenOld = i; seenNew = j
                case let .delete(i): XCTAssertGreaterThan(i, seenOld); seenOld = i
                case let .insert(j): XCTAssertGreaterThan(j, seenNew); seenNew = j; rebuilt.append(new[j])
                }
            }
            XCTAssertEqual(rebuilt, new)
            XCTAssertEqual(steps.count - kept, old.count + new.count - 2 * kept)
            XCTAssertLessThanOrEqual(old.count + new.count - 2 * kept, 16, "no more edits than were made")
        }
        XCTAssertNil(CommandDiff.steps(Array(0..<50)[...], Array(50..<100)[...], maxEdits: 20), "100 edits needed, 20 allowed")
        XCTAssertNil(CommandDiff.steps(Array(0..<5000)[...], Array(5000..<10000)[...], maxEdits: 400, maxWork: 10_000))
    }

    func testTooManyFarApartChangesMergeTheNearestFirst() async {
        // Seven labels in a row at the top and a page far below: the labels merge, the page stays.
        var rects = (0..<7).map { IntRect(x: Int32($0) * 40, y: 0, w: 20, h: 20) }
        rects.append(IntRect(x: 0, y: 600, w: 300, h: 200))
        let out = FrameDamage.merged(rects, maxRects: 6)
        XCTAssertEqual(out.count, 6)
        XCTAssertTrue(out.contains(IntRect(x: 0, y: 600, w: 300, h: 200)), "the page is not merged with a label: \(out)")
        XCTAssertEqual(out.reduce(0) { $0 + $1.area }, 7 * 400 + 300 * 200 + 2 * 400, "two pairs of neighbours merged, each adding the gap between them")
    }
}
