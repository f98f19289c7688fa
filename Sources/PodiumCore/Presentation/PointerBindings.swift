import PodiumKit

/// Mouse bindings (pdfpc's): a click on the audience window or on the presenter's audience
/// preview is the key map's `MouseLeft` (next), a right click `MouseRight` (previous), the wheel
/// `WheelDown`/`WheelUp`. Order for each event: the current scene when it claims pointer input
/// (`ScenePointerClaiming`: a drawing tool), then the views under the pointer (popovers,
/// controls, a scene's links: they keep their clicks), then the key map.
extension Presentation {
    /// Seconds between two wheel steps that become actions: a touchpad sends a burst of small
    /// steps per flick, which would otherwise skip several slides.
    static let wheelStepInterval = 0.15

    /// Input for the audience window, in its points: see the type's comment. Returns true when
    /// something used it.
    @discardableResult
    public func audienceInput(_ e: InputEvent) -> Bool {
        // A press outside an open popover dismisses it and does nothing else, here as on the
        // console (trial 34 m4: a click on the projector to close one also moved the talk).
        if case .mouseDown = e, presenter.overlay.topmost != nil {
            presenter.overlay.presented.reversed().forEach { $0.dismiss(byUser: true) }
            presenter.requestRedraw()
            // The speaker looks at the room, not the console: said, or the next click seems lost
            // (review31 #6).
            showPassingNotice("That click closed the popover on the console; the talk did not move. Click again for next.", seconds: 6)
            // As an Esc that closed it: an Esc right after is not taken for the room (trial 35 F11).
            escapeClosedAt = clock()
            return true
        }
        if let p = Self.point(of: e), claimPointer(e, at: p, on: .audienceWindow) { return true }
        if audience.dispatch(e) { return true }
        return pointerAction(e)
    }

    /// Input on the presenter's audience preview (`PreviewView.onPointer`): `source` is the
    /// audience point under it (nil over the letterbox).
    func pointerInput(_ e: InputEvent, at source: Point?, on surface: PointerSurface) -> Bool {
        if let p = source, claimPointer(e, at: p, on: surface) { return true }
        return pointerAction(e)
    }

    /// Modifiers held now, read by the platform (SDL_GetModState); none by default.
    private var modifiers: (shift: Bool, control: Bool, alt: Bool) { pointerModifiers() }

    private func claimPointer(_ e: InputEvent, at p: Point, on surface: PointerSurface) -> Bool {
        guard let s = currentScene as? ScenePointerClaiming else { return false }
        return SceneCode.run(in: currentIndex) { s.claimPointer(e, atAudiencePoint: p, on: surface) }
    }

    /// A press or wheel step the key map binds becomes its action; true when one was bound.
    private func pointerAction(_ e: InputEvent) -> Bool {
        let button: PointerButton?
        switch e {
        case let .mouseDown(_, b, _): button = PointerButton(button: b)
        case let .wheel(_, dy, _): button = PointerButton(wheelDY: dy)
        default: return false
        }
        let m = modifiers
        guard let b = button, let action = keyMap.action(for: b, shift: m.shift, control: m.control, alt: m.alt) else { return false }
        if case .wheel = e {
            let now = clock()
            guard now - lastWheelStep >= Self.wheelStepInterval else { return true }
            lastWheelStep = now
        }
        performBound(action)
        return true
    }

    /// A bound click acts as its key would: an open question is cancelled first (or, when it waits
    /// for an answer, the click is held back), the prompt and help close, the overview keeps
    /// its own clicks, the scene is offered the action, then it is performed (asking first where
    /// a running talk could be derailed).
    func performBound(_ a: ConsoleAction) {
        if let q = pendingQuestion {
            guard q.otherKeysCancel else { return }
            answerQuestion(false)
        }
        cancelPageJump()
        if !console.help.isHidden { console.help.isHidden = true; presenter.requestRedraw(); return }
        guard console.overview.isHidden else { return }
        if SceneCode.run(in: currentIndex, { currentScene.handle(a) }) { return }
        request(a)
    }

    static func point(of e: InputEvent) -> Point? {
        switch e {
        case let .mouseDown(p, _, _), let .mouseUp(p, _), let .mouseMoved(p, _), let .wheel(_, _, p): p
        default: nil
        }
    }
}
