import FoundationEssentials
import Glibc
import PodiumKit

/// The console's actions on a `Presentation`: keys, audience modes (blackout, whiteout, freeze),
/// the pointer, the overview and key help, notes size and the timers.
extension Presentation {
    // MARK: Keys

    /// A key from the keyboard or the control socket, before the window sees it. In order: an
    /// open question in the banner takes Return/Esc (and its own key again); the overview and
    /// help take keys while open, but a clicker's next/previous closes them and acts; Tab opens the overview when no control has focus (once a
    /// control has focus, Tab moves focus as usual; Shift+Tab or a click enters the controls).
    /// Everything else goes to the presenter window (`WindowRoot.dispatch`): a focused text
    /// entry first, then keys the key map binds become actions (`handleKey`), other keys go to
    /// the focused control and then the scene.
    @discardableResult
    public func press(_ k: Key) -> Bool {
        // A key without Ctrl means the speaker let go of it: the pointer dot (Ctrl + mouse over
        // the preview) goes, rather than staying on the room's next slides until the mouse moves.
        if !k.control { movePointer(toAudienceFraction: nil) }
        typingGuard.pressed()
        let action = keyMap.action(for: k)
        // A reload finding the place (`ReloadFindsPlace.swift`): the key acts on the new version
        // once it is in place; quitting and answering an open question do not wait.
        if action != .quit, action != .quitNow, pendingQuestion == nil, waitsForReloadPlace(.key(k)) { return true }
        let intoField = !consoleHidden && presenter.focusedView?.isTextEntry == true
        if intoField, let action { coverTypedIntoField(k, action: action) }
        typingGuard.noteKey(k, intoTextField: intoField, at: clock())
        if intoField { lastTypedField = presenter.focusedView }
        // Typing with no field (`TypingGuard.noteTalkKey`) is held before it can answer a question
        // or drive the talk (trial 36: "system" swapped the displays, its y answering the s); not
        // while the go-to-slide prompt, the overview or the key help takes the keys.
        if !intoField, pageJumpDigits == nil, console.overview.isHidden, console.help.isHidden,
           typingStartsOnTheTalk(k, action: action) { return true }
        // Typing never answers a question (quit, swap): a focused field takes its keys.
        if pendingQuestion != nil, !intoField, typingHolds(k) { return true }
        if keyAnswersQuestion(k, action: action, typing: intoField) { return true }
        // A held toggle or derailing key acts once (`HeldKeys.swift`); a field takes its repeats.
        if !intoField, repeatIgnored(k, action: action) { return true }
        if pageJumpTakesKey(k) { return true }
        // No one sees the console: its popovers, overview, help and fields take no keys.
        if consoleHidden { return pressWithTheConsoleHidden(k, action: action) }
        if escapeKeepsTheRoom(action, intoField: intoField) { return true }
        // A clicker's next/previous still drives the talk over the key help and the overview
        // (which keep the arrows, Home/End, Space and Return): they close and the key acts.
        // So do the keys that cover the room (the clicker's blank key, w, f): never only a close.
        let clicker = action == .next || action == .previous
        let covers = action == .blackout || action == .whiteout || action == .freeze
        if !console.help.isHidden {
            console.help.isHidden = true; presenter.requestRedraw()
            if covers { return request(action!) }
            if !clicker { return true }
        }
        if !console.overview.isHidden {
            if console.overview.handleKey(k) { return true }
            switch action {
            case .overview?, .clear?: closeOverview()
            case .next?, .previous?: closeOverview(); return presenter.dispatch(.key(k))
            case let a? where covers: closeOverview(); return request(a)   // as over the help (trial 29 m7)
            case let a? where [.pauseTimer, .help, .quit, .quitNow, .swapDisplays].contains(a): _ = request(a)
            default: break
            }
            return true
        }
        if k.code == .tab, presenter.focusedView == nil, presenter.overlay.topmost == nil, action == .overview {
            return perform(.overview)
        }
        return presenter.dispatch(.key(k))
    }

    /// Keys no text entry used: a bound key is offered to the scene as an action, then performed
    /// (asking first where a running talk could be derailed); an unbound key goes to the scene.
    func handleKey(_ k: Key) -> Bool {
        // Typed on past a text field (Tab, Return): held, not the talk's (`TypingGuard`).
        if typingHolds(k) { return true }
        guard let a = keyMap.action(for: k) else { return SceneCode.run(in: currentIndex) { currentScene.handleUnhandledKey(k) } || startPageJump(with: k) }
        // Held on past a text field that did not use it (F5 held in a search field): once.
        if repeatIgnored(k, action: a) { return true }
        return offerToSceneThenTalk(a)
    }

    /// A bound action goes to the scene first (its own steps: pages, results), then to the talk.
    /// While the room holds a removed scene, next and previous step from that scene
    /// (`ReloadRemovedScene.swift`), not inside the console's.
    func offerToSceneThenTalk(_ a: ConsoleAction) -> Bool {
        if a == .next || a == .previous, removedScene != nil { return request(a) }
        if SceneCode.run(in: currentIndex, { currentScene.handle(a) }) { return true }
        return request(a)
    }

    /// Does what `action` says. Returns false when nothing performs it here (swap or quit
    /// without a platform).
    @discardableResult
    public func perform(_ action: ConsoleAction) -> Bool {
        // An open question holds the talk (the resume question): only quitting gets through.
        if talkHold != nil, action != .quit, action != .quitNow { return false }
        switch action {
        case .next: next()
        case .previous: previous()
        case .first: goTo(0)
        case .last: goTo(currentIndex >= endScene ? sceneCount - 1 : endScene)   // End again (or on a backup slide) reaches the last; never backwards
        case .startFromBeginning:
            goTo(0); startTalk(); backToLive()
        case .startFromCurrent:
            if !talk.isStarted { startTalk() } else if talk.isPaused { talk.togglePause(at: clock()) }
            talk.sceneChanged(at: clock()); backToLive()
        case .blackout: audienceMode = audienceMode == .black ? .normal : .black
        case .whiteout: audienceMode = audienceMode == .white ? .normal : .white
        case .freeze: setFrozen(!isFrozen)
        case .clear:
            if !console.overview.isHidden { closeOverview() } else if !console.help.isHidden { console.help.isHidden = true }
            else if audienceMode != .normal || isFrozen { backToLive() } else { return false }
        case .pauseTimer: talk.togglePause(at: clock())
        case .overview: if console.overview.isHidden { openOverview() } else { closeOverview() }
        case .help: console.help.isHidden.toggle()
        case .notesLarger: console.notes.fontSize += 2
        case .notesSmaller: console.notes.fontSize -= 2
        case .reload: guard let f = onReload else { return false }; f()
        case .swapDisplays: guard let f = onSwapDisplays else { return false }; f()
        case .quit, .quitNow: guard let f = onQuit else { return false }; f()
        case .nextSlide: nextSlide()
        case .previousSlide: previousSlide()
        case .playPause: return false   // a scene's action (media); offered to the scene first
        case .goToPage: openPageJump()
        case .penTool, .highlighterTool, .eraserTool, .undoDrawing, .clearDrawing, .spotlight, .zoom:
            return false   // the PDF scene's drawing layer; offered to the scene first
        @unknown default: return false
        }
        refreshTimers()
        presenter.requestRedraw()
        return true
    }

    private func backToLive() { audienceMode = .normal; setFrozen(false) }

    // MARK: Audience

    /// Freezes (the room keeps the current frame) or thaws the audience view.
    public func setFrozen(_ frozen: Bool) {
        guard frozen != isFrozen else { return }
        if let held = roomHoldFrame.held, frozen {
            frozenFrame.show(held.list, size: held.size)   // what the room sees, not the restoring scene
        } else if frozen {
            // Under a cover the scene is hidden and would render nothing: the frame kept is the
            // scene the room sees again once the cover lifts (a look-up while blacked out).
            audience.content.isHidden = false
            audience.layoutIfNeeded()
            var list = DrawList()
            audience.content.render(into: &list)
            frozenFrame.show(list, size: audience.bounds.size)
        } else {
            frozenFrame.clear()
        }
        isFrozen = frozen
        frozenScene = frozen ? currentIndex : nil
        frozenAnchor = frozen ? ReloadPosition.Anchor(kind: deck.scenes[currentIndex].kind, title: deck.scenes[currentIndex].title) : nil
        if !frozen { lookUpFreezeEnded() }
        audienceDidChange()
    }

    func audienceDidChange() {
        closePromptsForAMove()   // the room's picture changed: a question about the talk as it was closes
        audienceCover.backgroundColor = audienceMode.cover
        audienceCover.isHidden = audienceMode == .normal
        errorCardRoomChanged()   // its hint says what the room sees
        // Under an opaque cover (or a frozen or held frame) the room's scene is not drawn at all.
        updateRoomLayers()
        audienceObservers.removeAll { !$0.context.isCurrentDeck }
        let state = audienceState
        for o in audienceObservers { o.body(state) }
        audience.requestRedraw()
        presenter.requestRedraw()
    }

    /// The speaker's pointer: with `active` (the modifier held) and `p` (presenter window points)
    /// over the audience preview, a dot shows on the audience view at the matching place;
    /// otherwise the dot goes away. Returns true while the dot is shown.
    @discardableResult
    public func movePointer(to p: Point, active: Bool) -> Bool {
        let preview = console.preview
        let target = active && talkHold == nil && console.overview.isHidden && preview.isVisibleInWindow
            ? preview.sourcePoint(at: preview.convertFromWindow(p)) : nil
        if target != pointerDot.position {
            pointerDot.position = target
            audience.requestRedraw()
        }
        return target != nil
    }
    /// The pointer dot at `f`, fractions (0…1, clamped) across and down the audience view, as
    /// dragged on the remote's slide picture; nil hides it. Returns true while the dot is shown.
    @discardableResult
    public func movePointer(toAudienceFraction f: Point?) -> Bool {
        let b = audience.bounds
        let target = talkHold != nil ? nil : f.map { Point(min(max($0.x, 0), 1) * b.width, min(max($0.y, 0), 1) * b.height) }
        if target != pointerDot.position {
            pointerDot.position = target
            audience.requestRedraw()
        }
        return target != nil
    }
    /// Ctrl let go (its key-up): the pointer dot shown with Ctrl + mouse goes now, not at the
    /// next key or mouse move.
    public func controlReleased() { movePointer(toAudienceFraction: nil) }
    /// Where the pointer dot is on the audience view (points), nil when hidden.
    public var pointerPosition: Point? { pointerDot.position }

    // MARK: Overview

    public var isOverviewOpen: Bool { !console.overview.isHidden }
    public var isHelpOpen: Bool { !console.help.isHidden }

    /// Opens the overview with a thumbnail of every slide, its last overlay (scenes not made yet
    /// are made now); without overlays every scene is a slide.
    public func openOverview() {
        let thumbs = slides.ranges.indices.map { cell in
            let i = overviewScene(ofCell: cell)
            return OverviewView.Thumbnail(list: thumbnail(at: i), size: audience.bounds.size, title: title(at: i))
        }
        presenter.focus(nil)
        console.overview.open(thumbs, current: currentOverviewCell)
        presenter.requestRedraw()
    }
    public func closeOverview() { console.overview.isHidden = true; presenter.requestRedraw() }

    /// Scene `index`'s audience view as draw commands at the audience size (what the room would
    /// see, without blackout or freeze).
    public func thumbnail(at index: Int) -> DrawList {
        var list = DrawList()
        // The live scene, also while frozen (when the content view itself is hidden).
        if index == currentIndex { return liveAudienceFrame() }
        let v = scene(at: index).audienceView
        for s in [nextStage, nextSlideStage] where v.superview?.superview === s.content {
            s.layoutIfNeeded(); s.content.render(into: &list); return list
        }
        stage.resize(to: audience.bounds.size)
        let host = SceneCodeView(v.pinned(.fill()), index: index)
        stage.content.addSubview(host)
        stage.layoutIfNeeded()
        stage.content.render(into: &list)
        host.removeFromSuperview()
        v.removeFromSuperview()
        return list
    }

    // MARK: Timers

    /// Starts the console's once-a-second timer update (the run loop sleeps in between).
    public func startConsoleClock() {
        consoleTick?.cancel()
        consoleTick = timers.schedule(now: clock(), after: 1, repeats: true) { [weak self] in self?.refreshTimers() }
        refreshTimers()
    }

    /// The timers now, as the console shows them.
    public var timerReadout: TimerReadout {
        let now = clock()
        return TimerReadout(elapsed: talk.elapsed(at: now), running: talk.isStarted && !talk.isPaused, paused: talk.isPaused,
                            // Before the start, an end time's countdown runs from the wall clock.
                            remaining: (talk.isStarted ? nil : deck.endTimeMinutes.map { Self.minutes(until: $0, from: wallClock()) * 60 }) ?? talk.remaining(at: now),
                            lastMinutes: deck.lastMinutes, pace: talk.pace(at: now, sceneIndex: currentIndex),
                            sceneElapsed: talk.sceneElapsed(at: now), scenePlanned: deck.scenes[currentIndex].plannedSeconds,
                            clock: Self.hoursMinutes(wallClock()), untilStart: secondsUntilStart)
    }

    /// `HH:mm` in local time through the C library: Foundation's formatter (ICU) was the largest
    /// part of the console's idle CPU, paid every second.
    nonisolated static func hoursMinutes(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down)), parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "--:--" }
        return TalkClock.twoDigits(Int(parts.tm_hour)) + ":" + TalkClock.twoDigits(Int(parts.tm_min))
    }

    /// Updates the timer strip; it redraws only when a shown value changed.
    /// It does not draw the console's scene view again (`presenterSceneRedraws`).
    /// When the console had nothing else to draw, the strip is drawn again alone (issue 19, idle).
    public func refreshTimers() {
        rewordQuestion()   // the resume question's elapsed time runs on while it is asked
        timerTickOnly = true
        defer { timerTickOnly = false }
        let clean = !presenter.needsDisplay
        if console.timers.show(timerReadout), clean { presenter.markIslandOnly(console.timers.island) }
    }
}
