import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 21 m1: a small presenter window (windowed, resized to 480×640 or 640×480) cut the time
/// left and the elapsed time off the toolbar's right edge, and at 640×480 the remote's pairing
/// code took the notes' place. Notes and timers keep priority.
@MainActor
final class SmallConsoleLayoutTests: XCTestCase {
    func makePresentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "a", title: "The Bands", notes: "SECRET-NOTES-1")], path: "/tmp/t.json")
        return Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 100 })
    }

    /// The right edge of `v` in the console's points.
    func maxX(_ v: View, in console: ConsoleView) -> Double {
        var x = v.frame.maxX, s = v.superview
        while let view = s, view !== console { x += view.frame.minX; s = view.superview }
        return x
    }

    /// The time left, the elapsed time, what the room sees and the position shown whole inside
    /// a console `width` points wide.
    func assertTheTimersShowWhole(_ c: ConsoleView, width: Double, position: Bool = true, line: UInt = #line) {
        for label in [c.timers.countdownLabel, c.timers.elapsedLabel, c.statusLabel] + (position ? [c.positionLabel] : []) {
            XCTAssertFalse(label.isHidden, "\(label.text) at \(width) pt", line: line)
            XCTAssertLessThanOrEqual(maxX(label, in: c), width + 0.5, "\(label.text) inside the window at \(width) pt", line: line)
            XCTAssertGreaterThanOrEqual(label.frame.width, label.sizeThatFits(Size(100_000, 48)).width - 0.5, "\(label.text) whole at \(width) pt", line: line)
        }
    }

    func testTheTimeLeftAndTheElapsedTimeShowInANarrowWindow() async {
        for width in [480.0, 400, 360] {
            let p = makePresentation()
            p.console.timers.show(TimerReadout(elapsed: 602, running: true, paused: false, remaining: 1198, pace: nil,
                                               sceneElapsed: 65, scenePlanned: 120, clock: "15:47"))
            p.presenter.resize(to: Size(width, 640)); p.presenter.layoutIfNeeded()
            let c = p.console
            assertTheTimersShowWhole(c, width: width)
            XCTAssertLessThanOrEqual(maxX(c.nextButton, in: c), width + 0.5)
        }
        // Trial 21 m8: at 640 pt the title was cut to ".." while the clock and the scene timer
        // showed: they give way to the title's first 120 pt.
        let q = makePresentation()
        q.console.timers.show(TimerReadout(elapsed: 602, running: true, paused: false, remaining: 1198, pace: nil,
                                           sceneElapsed: 65, scenePlanned: 120, clock: "15:47"))
        q.presenter.resize(to: Size(640, 480)); q.presenter.layoutIfNeeded()
        XCTAssertGreaterThanOrEqual(q.console.titleLabel.frame.width, min(ConsoleView.titleKept, q.console.titleLabel.sizeThatFits(Size(100_000, 48)).width) - 0.5,
                                    "the title keeps room: \(q.console.titleLabel.frame)")
        XCTAssertTrue(q.console.timers.clockLabel.isHidden, "the wall clock gave way")
        // A wide window keeps everything.
        let p = makePresentation()
        p.console.timers.show(TimerReadout(elapsed: 602, running: true, paused: false, remaining: 1198, pace: nil,
                                           sceneElapsed: 65, scenePlanned: 120, clock: "15:47"))
        p.presenter.resize(to: Size(1280, 800)); p.presenter.layoutIfNeeded()
        XCTAssertFalse(p.console.timers.clockLabel.isHidden)
        XCTAssertFalse(p.console.timers.sceneLabel.isHidden)
        XCTAssertEqual(p.console.previousButton.title, "‹ Previous")
    }

    /// Trial 34 m1: at 345 pt the elapsed time was cut at the window's edge, at 300 pt gone, at
    /// 240 pt the time left too. LIVE's word, then the Previous/Next buttons give way first; a
    /// room that is not live is still said in words.
    func testTheTimersGoLastInAVeryNarrowWindow() async {
        for (width, mode) in [(345.0, AudienceMode.normal), (300, .normal), (260, .normal), (300, .black), (210, .normal), (240, .black)] {
            let p = makePresentation()
            p.console.timers.show(TimerReadout(elapsed: 48, running: true, paused: false, remaining: 1150, pace: nil,
                                               sceneElapsed: 48, scenePlanned: nil, clock: "15:47"))
            p.console.setAudienceStatus(mode, frozen: false)
            p.presenter.resize(to: Size(width, 640)); p.presenter.layoutIfNeeded()
            let c = p.console
            assertTheTimersShowWhole(c, width: width, position: width > 340)
            XCTAssertEqual(c.timers.elapsedLabel.text, "0:48")
            XCTAssertEqual(c.timers.countdownLabel.text, "left 19:10")
            XCTAssertEqual(c.statusLabel.text, mode == .black ? "■ BLACK" : "●", "at \(width) pt")
        }
        // A cover over a freeze: "■ WHITE + FROZEN" cut the time left at 260 pt; the cover's
        // word stays (what the room sees), the preview's badge says the freeze.
        for (width, status) in [(260.0, "■ WHITE"), (1280, "■ WHITE + FROZEN")] {
            let p = makePresentation()
            p.console.timers.show(TimerReadout(elapsed: 48, running: true, paused: false, remaining: 1150, pace: nil,
                                               sceneElapsed: 48, scenePlanned: nil, clock: "15:47"))
            p.console.setAudienceStatus(.white, frozen: true)
            p.presenter.resize(to: Size(width, 640)); p.presenter.layoutIfNeeded()
            assertTheTimersShowWhole(p.console, width: width, position: width > 340)
            XCTAssertEqual(p.console.statusLabel.text, status, "at \(width) pt")
        }
        // Widened again, everything is back.
        let p = makePresentation()
        p.presenter.resize(to: Size(260, 640)); p.presenter.layoutIfNeeded()
        p.presenter.resize(to: Size(1280, 800)); p.presenter.layoutIfNeeded()
        XCTAssertEqual(p.console.statusLabel.text, "● LIVE")
        XCTAssertFalse(p.console.previousButton.isHidden)
        XCTAssertFalse(p.console.positionLabel.isHidden)
        XCTAssertEqual(p.console.previousButton.title, "‹ Previous")
    }

    /// A panel sized as the remote's pairing code: whole (150 pt), the code at 2 pt a module
    /// (88 pt for a 29-module code), its status line (22 pt).
    final class CodePanel: View, SidebarPanel {
        func sidebarLength(spare: Double, previewsCanGive: Double) -> Double {
            Self.codeLength(whole: 150, smallest: 88, spare: spare, previewsCanGive: previewsCanGive)
        }
    }

    /// Points of the sidebar left for the notes, the panels and, in one column, the previews: its
    /// height less its insets, headings and gaps.
    func room(_ c: ConsoleView) -> Double {
        let notesCaptions = c.notesHeading.frame.height + 6 * Double(c.notesColumn.subviews.count - 1)
        let previewCaptions = c.previewColumn.frame.height - c.preview.frame.height - c.nextPreviews.frame.height
        return c.sidebar.frame.height - 20 - notesCaptions - (c.sidebar.axis == .horizontal ? 0 : previewCaptions + 6)
    }

    func window(_ v: View) -> Rect { v.convertToWindow(v.bounds) }

    func testTheNotesKeepTheirRoomFromThePairingCodeAndThePreviews() async {
        for size in [Size(640, 480), Size(480, 640), Size(800, 600)] {
            let p = makePresentation()
            let panel = CodePanel()
            p.console.addSidebarPanel(panel)
            p.presenter.resize(to: size); p.presenter.layoutIfNeeded()
            let c = p.console
            let room = room(c)
            let notes = c.notesArea.frame.height
            let sideBySide = c.sidebar.axis == .horizontal
            XCTAssertEqual(sideBySide, size.width < 700, "the notes beside the previews under the scene at \(size)")
            XCTAssertGreaterThanOrEqual(notes, min(ConsoleView.notesMinimum, room / 2) - 0.5, "notes at \(size)")
            XCTAssertGreaterThanOrEqual(notes, 25, "at least a line of notes at \(size)")
            for v in [c.notesArea, c.preview, c.nextPreviews, panel] {
                XCTAssertTrue(window(c.sidebar).insetBy(dx: -0.5, dy: -0.5).contains(window(v)), "\(window(v)) inside the sidebar at \(size)")
            }
            XCTAssertLessThanOrEqual((sideBySide ? 0 : c.preview.frame.height + c.nextPreviews.frame.height) + panel.frame.height,
                                     room - min(ConsoleView.notesMinimum, room / 2) + 0.5, "previews and code within what the notes leave at \(size)")
        }
        // 800×600 and the usual 1024×640 window keep the code, small, and the previews.
        for size in [Size(800, 600), Size(1024, 640)] {
            let p = makePresentation()
            let panel = CodePanel()
            p.console.addSidebarPanel(panel)
            p.presenter.resize(to: size); p.presenter.layoutIfNeeded()
            XCTAssertEqual(panel.frame.height, 88, "the small code at \(size)")
            XCTAssertGreaterThan(p.console.preview.frame.height, 80, "\(size)")
        }
        // A tall sidebar still shows the whole code and the previews.
        let p = makePresentation()
        let panel = CodePanel()
        p.console.addSidebarPanel(panel)
        p.presenter.resize(to: Size(1600, 1000)); p.presenter.layoutIfNeeded()
        XCTAssertEqual(panel.frame.height, 150)
        XCTAssertGreaterThan(p.console.preview.frame.height, 100)
    }

    /// A panel sized as the remote's pairing code for the demo's URL (33 modules: 96 pt at 2 pt a
    /// module) that comes before the notes until a phone is paired, then folds to its status line.
    final class PairingPanel: View, SidebarPanel {
        var paired = false
        var comesBeforeNotes: Bool { !paired }
        func sidebarLength(spare: Double, previewsCanGive: Double) -> Double {
            paired ? 22 : Self.codeLength(whole: 150, smallest: 96, spare: spare, previewsCanGive: previewsCanGive)
        }
    }

    /// Trial 35 F4: in a 640×480 or 480×640 console (the sidebar under the scene) the remote's
    /// pairing code shrank to its 22-pt status line, no code and no URL: the speaker could not
    /// pair from that window. Until a phone is paired the code comes before the notes in the
    /// strip, which keep a line; paired, it folds and the notes have their room back. A console
    /// with the sidebar beside the scene lays it out as before.
    func testThePairingCodeShowsInAShortStripUntilAPhoneIsPaired() async {
        for size in [Size(640, 480), Size(480, 640), Size(560, 760), Size(640, 760)] {
            let p = makePresentation()
            let panel = PairingPanel()
            p.console.addSidebarPanel(panel)
            p.presenter.resize(to: size); p.presenter.layoutIfNeeded()
            let c = p.console
            XCTAssertEqual(c.sidebar.axis, .horizontal, "the strip under the scene at \(size)")
            XCTAssertEqual(panel.frame.height, 96, "the code at 2 pt a module at \(size)")
            XCTAssertGreaterThanOrEqual(c.notesArea.frame.height, 25, "a line of notes at \(size)")
            XCTAssertTrue(window(c.sidebar).insetBy(dx: -0.5, dy: -0.5).contains(window(panel)), "\(window(panel)) inside the sidebar at \(size)")
            XCTAssertFalse(window(panel).intersects(window(c.notesArea)), "under the notes at \(size)")
            panel.paired = true
            c.setNeedsLayout(); p.presenter.layoutIfNeeded()
            XCTAssertEqual(panel.frame.height, 22, "folded once paired at \(size)")
            XCTAssertGreaterThanOrEqual(c.notesArea.frame.height, min(ConsoleView.notesMinimum, room(c) / 2) - 0.5, "the notes' room back at \(size)")
        }
        for size in [Size(800, 600), Size(1024, 640), Size(1280, 800)] {
            func frames(_ panel: SidebarPanel) -> [Rect] {
                let p = makePresentation()
                p.console.addSidebarPanel(panel)
                p.presenter.resize(to: size); p.presenter.layoutIfNeeded()
                return [window(panel), window(p.console.notesArea), window(p.console.preview)]
            }
            XCTAssertEqual(frames(PairingPanel()), frames(CodePanel96()), "as before beside the scene at \(size)")
        }
    }

    /// `PairingPanel`'s lengths, never before the notes: how any panel was laid out before.
    final class CodePanel96: View, SidebarPanel {
        func sidebarLength(spare: Double, previewsCanGive: Double) -> Double {
            Self.codeLength(whole: 150, smallest: 96, spare: spare, previewsCanGive: previewsCanGive)
        }
    }

    /// Trial 34 m2: a half-screen console (640×760, the sidebar under the scene) drew the room's
    /// preview 47 pt tall across 620 pt, the notes below it cut mid-line. The notes now sit beside
    /// the previews, which keep a readable height; a portrait room's previews stay in their column.
    func testASidebarUnderTheSceneKeepsTheRoomsPreviewReadable() async {
        // The least height of the room's preview in points (47, 47, 19 and 47 before).
        for (size, room, least) in [(Size(640, 760), Size(1920, 1080), 100.0), (Size(560, 760), Size(1920, 1080), 100),
                                    (Size(640, 480), Size(1920, 1080), 60), (Size(640, 760), Size(1080, 1920), 110)] {
            let p = makePresentation()
            p.audience.resize(to: room)
            p.presenter.resize(to: size); p.presenter.layoutIfNeeded()
            let c = p.console
            let preview = window(c.preview), next = window(c.nextPreviews), notes = window(c.notesArea)
            XCTAssertGreaterThanOrEqual(preview.height, least, "the room's preview \(preview) at \(size)")
            XCTAssertEqual(preview.width / preview.height, room.width / room.height, accuracy: 0.02, "at the room's shape at \(size)")
            XCTAssertGreaterThanOrEqual(notes.height, ConsoleView.notesMinimum, "the notes \(notes) at \(size)")
            XCTAssertGreaterThanOrEqual(notes.width, size.width / 2 - 20, "the notes half the width at \(size)")
            for v in [preview, next] {
                XCTAssertFalse(v.intersects(notes), "\(v) beside the notes \(notes) at \(size)")
                XCTAssertTrue(window(c.sidebar).contains(v), "\(v) in the sidebar at \(size)")
            }
            XCTAssertLessThanOrEqual(window(c.sceneArea).maxY, window(c.sidebar).minY + 0.5, "the scene above the sidebar at \(size)")
        }
    }

    /// Trial 35: at a console 300–260 pt wide the room's preview badge ("AUDIENCE FROZEN") was
    /// wider than the preview and lay over the notes beside it. It fits the picture, saying the
    /// state whole; a wide console keeps "AUDIENCE …".
    func testThePreviewsBadgeFitsANarrowPreview() async {
        let states: [(AudienceMode, Bool, [String])] = [(.normal, true, ["FROZEN"]), (.white, false, ["WHITE"]), (.black, false, ["BLACK"]),
                                                        (.white, true, ["WHITE", "FROZEN"]), (.black, true, ["BLACK", "FROZEN"])]
        for width in [300.0, 260, 1280] {
            for (mode, frozen, words) in states {
                let p = makePresentation()
                p.console.setAudienceStatus(mode, frozen: frozen)
                p.presenter.resize(to: Size(width, 640)); p.presenter.layoutIfNeeded()
                let c = p.console, preview = c.preview
                guard let badge = preview.badgeLayout else { XCTFail("a badge at \(width) pt"); continue }
                let said = badge.lines.joined(separator: " ")
                XCTAssertTrue(preview.contentRect.contains(badge.frame), "\(said) \(badge.frame) inside the picture \(preview.contentRect) at \(width) pt")
                XCTAssertFalse(preview.convertToWindow(badge.frame).intersects(window(c.notesArea)), "\(said) off the notes at \(width) pt")
                for w in words { XCTAssertTrue(said.contains(w), "\(said) says \(w) at \(width) pt") }
                if width > 1000 { XCTAssertTrue(said.hasPrefix("AUDIENCE "), said) }
                XCTAssertEqual(preview.accessibilityValue, "AUDIENCE " + words.joined(separator: " + "))
            }
        }
    }
}
