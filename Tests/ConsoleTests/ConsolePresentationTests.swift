import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene whose audience view is one colour, so draw lists show which scene is where.
final class ColourScene: Scene {
    let title: String
    let presenterView = View()
    let audienceView: View
    init(_ t: String, _ c: Color) { title = t; audienceView = View(background: c) }
}

/// `Presentation`'s console without a platform: FixedMetrics, an injected clock.
@MainActor
final class ConsolePresentationTests: XCTestCase {
    var now = 1000.0
    static let colours = [Color(200, 0, 0), Color(0, 200, 0), Color(0, 0, 200), Color(200, 200, 0)]

    func makePresentation(duration: Double? = 4, times: [Double?] = [nil, nil, nil, nil]) -> Presentation {
        let r = PluginRegistry()
        var n = 0
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "colour", summary: "") { _, _ in defer { n += 1 }; return ColourScene("S\(n)", Self.colours[n % 4]) },
        ]))
        let deck = Deck(title: "T", durationMinutes: duration,
                        scenes: times.enumerated().map { DeckScene(kind: "colour", title: "Scene \($0.offset)", notes: "Notes *\($0.offset)*", plannedSeconds: $0.element) },
                        path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { self.now })
        p.presenter.resize(to: Size(1280, 800))
        p.wallClock = { Date(timeIntervalSince1970: 0) }
        return p
    }

    func fills(_ list: DrawList, _ c: Color) -> [Rect] {
        list.commands.compactMap { if case let .fill(r, col, _) = $0, col == c { r } else { nil } }
    }
    func texts(_ list: DrawList) -> [String] { list.commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } } }

    func testNextPreviewShowsTheNextSceneAtTheAudienceAspect() async {
        let p = makePresentation()
        p.attachNextPreview()
        let list = p.presenter.drawList()
        let next = p.console.nextPreview.convertToWindow(p.console.nextPreview.bounds)
        let green = fills(list, Self.colours[1])
        XCTAssertEqual(green.count, 1, "the next scene drawn once, in the next preview")
        XCTAssertTrue(next.insetBy(dx: -0.5, dy: -0.5).contains(green[0]), "\(green[0]) in \(next)")
        XCTAssertEqual(green[0].width / green[0].height, 1280.0 / 720, accuracy: 0.01)
        XCTAssertTrue(texts(list).contains("Next: Scene 1"))
        p.goTo(3)
        XCTAssertTrue(p.console.nextPreview.isHidden, "no next preview on the last scene")
        XCTAssertTrue(texts(p.presenter.drawList()).contains("End of deck"))
    }

    /// A portrait room (1080×1920) made the previews as tall as the sidebar, the next preview
    /// fell below the window and the notes got no height (trial 13 F3): the previews now take at
    /// most `ConsoleView.previewShare` of the sidebar, letterboxed, and the notes keep the rest.
    /// A 16:9 room on a 1280×800 console is laid out as before (previews across the sidebar).
    func testAPortraitRoomLeavesTheNotesAndTheNextPreviewInTheWindow() async {
        let p = makePresentation()
        p.attachNextPreview()
        func frame(_ v: View) -> Rect { v.convertToWindow(v.bounds) }
        _ = p.presenter.drawList()
        let wide = frame(p.console.preview)
        XCTAssertEqual(wide.width / wide.height, 1280.0 / 720, accuracy: 0.02, "16:9: the previews keep the sidebar's width")
        p.audience.resize(to: Size(1080, 1920))
        p.console.setNeedsLayout()
        let list = p.presenter.drawList()
        let window = Rect(0, 0, 1280, 800)
        for (name, v) in [("preview", p.console.preview), ("next preview", p.console.nextPreview), ("notes", p.console.notes)] {
            let f = frame(v)
            XCTAssertTrue(window.contains(f), "\(name) \(f) inside the console")
            XCTAssertGreaterThan(f.height, 100, "\(name) \(f) has room")
        }
        XCTAssertTrue(texts(list).contains { $0.contains("Notes") }, "the notes are drawn")
        XCTAssertTrue(texts(list).contains("Next: Scene 1"))
    }

    /// A warning about the deck as opened (a Beamer PDF's page labels) stayed as a red bar all
    /// talk, which only a mouse click removed (trial 13 F9): it now goes with the talk's first
    /// move, by key or from anywhere else; a lasting notice (a reload error) still stays.
    func testALaunchWarningGoesWithTheFirstMoveAndALastingNoticeStays() async {
        let p = makePresentation()
        p.showWarningUntilAMove("talk.pdf: its page labels count the notes pages too")
        XCTAssertEqual(p.notice?.text, "talk.pdf: its page labels count the notes pages too")
        XCTAssertTrue(texts(p.presenter.drawList()).contains { $0.contains("page labels") }, "on the console")
        p.press(Key("Page Down"))
        XCTAssertNil(p.notice, "the first advance takes it away")
        XCTAssertFalse(texts(p.presenter.drawList()).contains { $0.contains("page labels") })
        p.showNotice("talk.json did not reload: line 3")
        p.next()
        XCTAssertEqual(p.notice?.text, "talk.json did not reload: line 3", "a lasting notice stays")
    }

    /// A restart on a broken PDF's last good copy: "Podium was killed…" replaced the warning that
    /// the file cannot be opened, or the warning replaced it. One warning names both, until the
    /// first move; without a warning, the restart's notice passes after its 8 s.
    func testARestartsNoticeJoinsTheLaunchWarningRatherThanReplaceIt() async {
        let p = makePresentation()
        let warning = "talk.pdf cannot be opened now (truncated): the talk goes on with the version shown before the restart"
        p.showWarningUntilAMove(warning)
        p.showRestartNotice("Podium was killed on scene 2 “Scene 1” and was restarted there.")
        XCTAssertEqual(p.notice?.text, "Podium was killed on scene 2 “Scene 1” and was restarted there. " + warning)
        now += 60; p.timers.fire(now: now)
        XCTAssertEqual(p.notice?.text.hasSuffix(warning), true, "the warning does not pass with the restart's 8 s")
        p.next()
        XCTAssertNil(p.notice, "both go with the first move, as the warning did")

        p.showRestartNotice("Podium was killed and was restarted.")
        XCTAssertEqual(p.notice?.text, "Podium was killed and was restarted.")
        now += 9; p.timers.fire(now: now)
        XCTAssertNil(p.notice, "alone, it passes")
    }

    func testFreezeKeepsTheAudienceFrameWhileScenesChange() async {
        let p = makePresentation()
        p.press(Key("f"))
        XCTAssertTrue(p.isFrozen)
        let frozen = p.audience.drawList()
        p.press(Key("Page Down")); p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 2)
        XCTAssertEqual(p.audience.drawList().commands, frozen.commands, "the room sees the same frame")
        XCTAssertEqual(fills(p.audience.drawList(), Self.colours[0]).count, 1)
        XCTAssertTrue(texts(p.presenter.drawList()).contains("AUDIENCE FROZEN"), "the console says so")
        p.press(Key("f"))
        XCTAssertEqual(fills(p.audience.drawList(), Self.colours[2]).count, 1, "thawed: the current scene")
        p.press(Key("f")); p.press(Key("Escape"))
        XCTAssertFalse(p.isFrozen, "Esc goes back to live")
    }

    /// Trial 16 m1: `f` under a blackout arms a freeze the room sees once `b` takes the black
    /// away; the console said only BLACK meanwhile. It says both.
    func testAFreezeUnderABlackoutIsShownOnTheConsole() async {
        let p = makePresentation()
        p.press(Key("b")); p.press(Key("f"))
        XCTAssertTrue(texts(p.presenter.drawList()).contains("■ BLACK + FROZEN"), "\(texts(p.presenter.drawList()))")
        p.press(Key("b"))
        XCTAssertTrue(texts(p.presenter.drawList()).contains("■ FROZEN"))
        p.press(Key("f")); p.press(Key("b"))
        XCTAssertTrue(texts(p.presenter.drawList()).contains("■ BLACK"))
        XCTAssertFalse(texts(p.presenter.drawList()).contains("■ BLACK + FROZEN"))
    }

    /// The room's display changing shape while frozen (a 4:3 projector renegotiating to 16:9)
    /// cropped the frozen frame's top and bottom (trial 13 F8): it is fitted whole, letterboxed.
    func testAFrozenFrameIsFittedWholeWhenTheRoomChangesShape() async {
        let p = makePresentation()
        let size = p.audience.bounds.size
        p.press(Key("f"))
        p.press(Key("Page Down"))
        p.audience.resize(to: Size(size.width, size.width))   // now square: the frame is letterboxed
        let red = fills(p.audience.drawList(), Self.colours[0])
        XCTAssertEqual(red.count, 1, "the frozen scene 0, not the current one")
        let r = red[0]
        XCTAssertEqual(r.width / r.height, size.width / size.height, accuracy: 0.01, "its shape kept")
        XCTAssertTrue(Rect(0, 0, size.width, size.width).insetBy(dx: -0.5, dy: -0.5).contains(r), "all of it on the display: \(r)")
        XCTAssertEqual(r.midY, size.width / 2, accuracy: 0.5, "centred")
    }

    func testBlackoutWhiteoutBadges() async {
        let p = makePresentation()
        p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, .black)
        XCTAssertTrue(texts(p.presenter.drawList()).contains("AUDIENCE BLACK"))
        p.press(Key("w"))
        XCTAssertEqual(p.audienceMode, .white)
        XCTAssertEqual(p.audience.drawList().commands.last, .fill(Rect(0, 0, 1280, 720), .white, radius: 0))
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal)
        XCTAssertFalse(texts(p.presenter.drawList()).contains { $0.hasPrefix("AUDIENCE ") })
    }

    func testOverviewWithTabArrowsReturnAndClick() async {
        let p = makePresentation()
        p.press(Key("Tab"))
        XCTAssertTrue(p.isOverviewOpen, "Tab with nothing focused opens the overview")
        XCTAssertEqual(p.console.overview.thumbnails.count, 4)
        // Every scene's own colour is in its thumbnail.
        let list = p.presenter.drawList()
        for c in Self.colours { XCTAssertEqual(fills(list, c).count, 1, "\(c)") }
        p.press(Key("Right")); p.press(Key("Right"))
        XCTAssertEqual(p.currentIndex, 0, "arrows move the selection, not the talk")
        p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 2)
        XCTAssertFalse(p.isOverviewOpen)
        p.press(Key("o"))
        let cell = p.console.overview.convertToWindow(p.console.overview.cellFrame(3)).center
        p.presenter.dispatch(.mouseDown(cell, button: 1, clicks: 1)); p.presenter.dispatch(.mouseUp(cell, button: 1))
        XCTAssertEqual(p.currentIndex, 3)
        p.press(Key("o")); p.press(Key("Escape"))
        XCTAssertFalse(p.isOverviewOpen)
        XCTAssertEqual(p.currentIndex, 3)
        // With a focused control Tab moves focus instead.
        p.console.toolbar.subviews[0].becomeFocused()
        p.press(Key("Tab"))
        XCTAssertFalse(p.isOverviewOpen)
        XCTAssertTrue(p.presenter.focusedView === p.console.toolbar.subviews[1])
    }

    /// Trial 9 F3: with 300 scenes scrolled to the 201st, no thumbnail is drawn over the
    /// overview's header line (the grid is clipped below it, as the renderer applies clips: the
    /// innermost alone), and the header says where the selection is.
    func testTheOverviewHeaderStaysOnTopOfAScrolledGridAndSaysWhere() async throws {
        let p = makePresentation(times: Array(repeating: nil, count: 300))
        p.audience.resize(to: Size(1920, 1080))
        p.press(Key("o"))
        for _ in 0..<40 { p.press(Key("Down")) }
        let ov = p.console.overview
        XCTAssertGreaterThan(ov.selected, 100, "scrolled well down")
        let header = ov.convertToWindow(Rect(0, 0, ov.bounds.width, OverviewView.headerHeight))
        let list = p.presenter.drawList()
        var clips: [Rect] = [], drawnInHeader: [Rect] = []
        for c in list.commands {
            switch c {
            case let .pushClip(r): clips.append(r)
            case .popClip: _ = clips.popLast()
            case let .fill(r, col, _) where Self.colours.contains(col):
                let seen = clips.last.map { r.intersection($0) } ?? r
                if !seen.isEmpty && seen.intersects(header) && seen.intersection(header).height > 0.5 { drawnInHeader.append(seen) }
            default: break
            }
        }
        XCTAssertEqual(drawnInHeader, [], "thumbnails drawn over the header")
        let t = texts(list)
        XCTAssertTrue(t.contains("Overview — arrows to move, Return to go, Esc to close"))
        XCTAssertTrue(t.contains("\(ov.selected + 1) / 300"), "the position: \(t.filter { $0.contains("/ 300") })")
        XCTAssertEqual(p.presenter.controlTree().first { $0.id == "overview.position" }?.label, "\(ov.selected + 1) / 300")
        XCTAssertFalse(p.console.toolbar.isHidden, "the toolbar's timers stay in sight over the overview")
        XCTAssertGreaterThanOrEqual(ov.frame.minY, p.console.toolbar.frame.maxY)
    }

    func testHelpListsBindingsAndAnyKeyCloses() async {
        let p = makePresentation()
        p.press(Key("/", shift: true))
        XCTAssertTrue(p.isHelpOpen)
        let t = texts(p.presenter.drawList())
        XCTAssertTrue(t.contains { $0.contains("Page Down") }, "\(t)")
        XCTAssertTrue(t.contains("Freeze the audience view (toggle)"))
        // Trial 34 m5: the timers and what the room sees stay in sight over the help.
        XCTAssertFalse(p.console.toolbar.isHidden)
        XCTAssertGreaterThanOrEqual(p.console.help.frame.minY, p.console.toolbar.frame.maxY)
        p.press(Key("x"))
        XCTAssertFalse(p.isHelpOpen)
        XCTAssertEqual(p.currentIndex, 0, "the closing key does nothing else")
        // A clicker's key closes it and still drives the talk (the speaker forgot the help).
        p.press(Key("/", shift: true))
        p.press(Key("Page Down"))
        XCTAssertFalse(p.isHelpOpen)
        XCTAssertEqual(p.currentIndex, 1, "Page Down advanced")
        p.press(Key("/", shift: true))
        p.press(Key("Page Up"))
        XCTAssertEqual(p.currentIndex, 0, "Page Up went back")
    }

    /// A clicker over the overview: Page Down / Page Up close it and move the talk; the
    /// overview's own keys (arrows, Space, Return) stay its own.
    func testAClickerDrivesTheTalkOverTheOverview() async {
        let p = makePresentation()
        p.press(Key("Tab"))
        XCTAssertTrue(p.isOverviewOpen)
        p.press(Key("Page Down"))
        XCTAssertFalse(p.isOverviewOpen)
        XCTAssertEqual(p.currentIndex, 1)
        p.press(Key("Tab")); p.press(Key("Page Up"))
        XCTAssertFalse(p.isOverviewOpen)
        XCTAssertEqual(p.currentIndex, 0)
        p.press(Key("Tab")); p.press(Key("Right"))
        XCTAssertTrue(p.isOverviewOpen, "the arrows move the overview's selection")
        XCTAssertEqual(p.currentIndex, 0)
    }

    func testPointerMapsPreviewToAudience() async throws {
        let p = makePresentation()
        let pv = p.console.preview
        let fit = pv.convertToWindow(pv.contentRect)
        XCTAssertTrue(p.movePointer(to: fit.center, active: true))
        let at = try XCTUnwrap(p.pointerPosition)
        XCTAssertEqual(at.x, 640, accuracy: 1); XCTAssertEqual(at.y, 360, accuracy: 1)
        XCTAssertEqual(fills(p.audience.drawList(), Color(255, 40, 40)).count, 1, "a dot on the audience view")
        XCTAssertFalse(p.movePointer(to: fit.center, active: false), "without the modifier the dot goes")
        XCTAssertNil(p.pointerPosition)
        XCTAssertFalse(p.movePointer(to: Point(5, 5), active: true), "outside the preview: no dot")
    }

    /// Ctrl let go, then the clicker advances without the mouse moving: the dot does not follow
    /// the talk onto the next slide (a key with Ctrl held keeps it).
    func testAKeyWithoutCtrlHidesThePointerDot() async throws {
        let p = makePresentation()
        let pv = p.console.preview
        let fit = pv.convertToWindow(pv.contentRect)
        XCTAssertTrue(p.movePointer(to: fit.center, active: true))
        p.press(Key("z", control: true))
        XCTAssertNotNil(p.pointerPosition, "Ctrl still held: the dot stays")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertNil(p.pointerPosition)
        XCTAssertEqual(fills(p.audience.drawList(), Color(255, 40, 40)).count, 0, "no dot on the audience view")
    }

    /// The phone remote's drag: fractions of the audience view, clamped; nil hides the dot.
    func testPointerFromAudienceFractions() async throws {
        let p = makePresentation()
        XCTAssertTrue(p.movePointer(toAudienceFraction: Point(0.25, 0.5)))
        let at = try XCTUnwrap(p.pointerPosition)
        XCTAssertEqual(at.x, 320, accuracy: 0.01); XCTAssertEqual(at.y, 360, accuracy: 0.01)
        XCTAssertEqual(fills(p.audience.drawList(), Color(255, 40, 40)).count, 1, "a dot on the audience view")
        XCTAssertTrue(p.movePointer(toAudienceFraction: Point(1.7, -3)))
        XCTAssertEqual(p.pointerPosition, Point(1280, 0), "kept on the audience view")
        XCTAssertFalse(p.movePointer(toAudienceFraction: nil))
        XCTAssertNil(p.pointerPosition)
    }

    func testTimersElapsedPausePaceAndStartKeys() async {
        let p = makePresentation(duration: 4)   // 60 s a scene
        p.startConsoleClock()
        XCTAssertEqual(p.timerReadout.elapsed, 0)
        XCTAssertFalse(p.timerReadout.running)
        XCTAssertEqual(p.timerReadout.clock.count, 5, "HH:MM")
        p.press(Key("Space"))
        XCTAssertTrue(p.timerReadout.running, "the first advance starts the timer")
        now += 30
        XCTAssertEqual(p.timerReadout.elapsed, 30)
        XCTAssertEqual(p.timerReadout.pace, .ahead, "on scene 2 (planned 60–120 s) after 30 s")
        XCTAssertEqual(p.timerReadout.remaining, 210)
        now += 40
        XCTAssertEqual(p.timerReadout.pace, .onTime)
        XCTAssertEqual(p.timerReadout.sceneElapsed, 70)
        now += 60
        XCTAssertEqual(p.timerReadout.pace, .behind)
        p.press(Key("t"))
        now += 100
        XCTAssertEqual(p.timerReadout.elapsed, 130, "paused")
        XCTAssertTrue(p.timerReadout.paused)
        p.refreshTimers()
        XCTAssertEqual(p.console.timerLabel.text, "⏸ 2:10")
        p.press(Key("F5", shift: true))
        now += 5
        XCTAssertEqual(p.timerReadout.elapsed, 135, "Shift+F5 resumes")
        XCTAssertEqual(p.timerReadout.sceneElapsed, 5)
        p.press(Key("F5"))
        XCTAssertEqual(p.currentIndex, 1, "F5 while the talk runs only asks")
        XCTAssertEqual(p.question, "Restart from the first scene (timer back to 0:00)? F5 again to confirm · any other key cancels")
        now += 0.5
        p.press(Key("F5"))
        XCTAssertNil(p.question)
        XCTAssertEqual(p.currentIndex, 0)
        now += 2
        XCTAssertEqual(p.timerReadout.elapsed, 2, "F5 starts over")
        // The console clock ticks once a second through the timer queue.
        now += 1.5
        p.timers.fire(now: now)
        XCTAssertEqual(p.console.timerLabel.text, "0:03")
        XCTAssertEqual(p.timers.nextDeadline.map { $0 > now }, true)
    }

    func testNotesSizeKeys() async {
        let p = makePresentation()
        let before = p.console.notes.fontSize
        p.press(Key("=", control: true)); p.press(Key("=", control: true))
        XCTAssertEqual(p.console.notes.fontSize, before + 4)
        p.press(Key("-", control: true))
        XCTAssertEqual(p.console.notes.fontSize, before + 2)
        for _ in 0..<40 { p.press(Key("-", control: true)) }
        XCTAssertEqual(p.console.notes.fontSize, NotesView.sizeRange.lowerBound)
        XCTAssertTrue(texts(p.presenter.drawList()).contains("Notes 0"), "notes of scene 0 as one block")
    }
}

extension ConsolePresentationTests {
    func testOverviewThumbnailOfTheCurrentSceneWhileFrozen() async {
        let p = makePresentation()
        p.press(Key("f"))
        p.press(Key("Right"))
        let current = p.thumbnail(at: 1)
        XCTAssertEqual(fills(current, Self.colours[1]).count, 1, "the live scene, not the frozen frame")
    }

    func testLongNotesScrollWithTheWheel() async {
        let p = makePresentation()
        let notes = p.console.notes
        notes.setNotes((1...80).map { "Line \($0)" }.joined(separator: "\n\n"))
        _ = p.presenter.drawList()
        let centre = notes.convertToWindow(notes.bounds).center
        p.presenter.dispatch(.wheel(dx: 0, dy: -3, at: centre))
        XCTAssertGreaterThan(notes.scrollOffset, 0)
        XCTAssertFalse(texts(p.presenter.drawList()).contains("Line 1"), "scrolled past the first line")
        p.press(Key("Right"))
        XCTAssertEqual(notes.scrollOffset, 0, "a new scene's notes start at the top")
    }

    /// The `?` help shows every key of every action, whole (wrapped, not cut with an ellipsis),
    /// and all of it inside the window, at the size of a small presenter window and a large one.
    func testHelpShowsEveryKeyWholeInsideTheWindow() {
        for size in [Size(820, 614), Size(1280, 800)] {
            let p = makePresentation()
            p.presenter.resize(to: size)
            p.perform(.help)
            let m = FixedMetrics()
            let list = p.presenter.drawList()
            let help = p.console.help.frame
            let blocks = list.commands.compactMap { c -> (TextBlock, Point)? in if case let .text(b, _, o) = c { (b, o) } else { nil } }
                .filter { help.contains($0.1) }
            for key in ["Page Down", "WheelDown", "Keypad Enter", "Shift+F5"] {
                XCTAssertTrue(blocks.contains { $0.0.text.contains(key) }, "\(key) at \(size)")
            }
            for (b, o) in blocks {
                let l = m.layout(b)
                XCTAssertFalse(l.isTruncated && b.font.weight == .bold, "keys cut at \(size): \(b.text)")
                XCTAssertLessThanOrEqual(o.y + l.size.height, help.maxY + 0.5, "below the window at \(size): \(b.text)")
            }
        }
    }

    /// The console's elapsed and remaining times add up to the plan: elapsed rounds down,
    /// remaining up (12.3 s into a 4-minute talk: 0:12 and 3:48, not 3:47).
    func testElapsedAndRemainingAddUpToThePlan() {
        let p = makePresentation(duration: 4)
        p.next()
        for (after, elapsed, left) in [(12.3, "0:12", "left 3:48"), (239.6, "3:59", "left 0:01"), (241.5, "4:01", "over 0:01")] {
            now += after - p.elapsed
            p.refreshTimers()
            XCTAssertEqual(p.console.timerLabel.text, elapsed)
            XCTAssertTrue(texts(p.presenter.drawList()).contains(left), "at \(after) s: \(texts(p.presenter.drawList()).filter { $0.contains("left") || $0.contains("over") })")
        }
    }

    /// On a small presenter window the resume question wraps in the banner instead of being cut.
    func testTheBannerWrapsALongQuestionOnASmallWindow() {
        let p = makePresentation()
        p.presenter.resize(to: Size(640, 480))
        let q = "Resume the interrupted talk at scene 12 “Results and what they mean for the next release”, 14:05 elapsed? Return, Page Down or F5 resumes · Esc twice starts fresh"
        p.ask(q, timeout: nil, otherKeysCancel: false, onConfirm: {})
        let list = p.presenter.drawList()
        let block = list.commands.compactMap { c -> TextBlock? in if case let .text(b, _, _) = c, b.text == q { b } else { nil } }.first
        XCTAssertNotNil(block, "the question is drawn")
        if let block { XCTAssertFalse(FixedMetrics().layout(block).isTruncated, "the question is cut: \(block)") }
        XCTAssertGreaterThan(p.console.banner.frame.height, 34, "the banner grew to hold the wrapped question")
        p.answerQuestion(false)
        p.presenter.layoutIfNeeded()
        XCTAssertNil(p.console.banner.text)
    }
}
