import PodiumKit

/// A reload that remakes the current scene (its own parameters changed: a co-author's edit, a
/// sync tool) takes its views out, and with them the focus of the field the speaker types in. A
/// trial typed on: the spaces became `next` (the room moved two scenes) and the letters were lost.
/// So the control that had focus gets it back in the remade scene when a control with the same
/// id is there (the typing goes on); when none is and a text entry had it, printable keys and
/// Space are held for a moment with a presenter hint (`TypingGuard.holdAfterReload`) instead of
/// driving the talk.
extension Presentation {
    /// What had keyboard focus before a reload: the control's id and whether it took text.
    struct FocusBeforeReload { let id: String?; let wasTextEntry: Bool }

    /// The focused control, read before a reload remakes the current scene (nil: none).
    func focusBeforeReload() -> FocusBeforeReload? {
        // While the console is hidden no control has the keys (`HiddenConsole.swift`).
        guard !consoleHidden else { return nil }
        return presenter.focusedView.map { FocusBeforeReload(id: $0.id, wasTextEntry: $0.isTextEntry) }
    }

    /// After the remade scene is shown: gives focus back to the control with the old id, or holds
    /// typed keys when a text entry lost it for good. Nothing when focus was not lost (a console
    /// control outside the scene keeps it through a reload).
    func restoreFocusAfterReload(_ before: FocusBeforeReload?) {
        guard let before, presenter.focusedView == nil else { return }
        presenter.layoutIfNeeded()
        if let id = before.id, let v = Self.focusableView(id: id, in: presenter.content) {
            presenter.focus(v)
            log("reload: the remade scene's \(SafeText.quote(id)) has the keys again")
            return
        }
        guard before.wasTextEntry else { return }
        typingGuard.holdAfterReload(at: clock())
        log("reload: the field that had the keys (\(before.id.map { SafeText.quote($0) } ?? "no id")) is gone; typed keys are held for \(TypingGuard.reloadHoldSeconds) s")
    }

    /// The shown view with `id` in `root`'s tree that accepts focus, nil when none.
    static func focusableView(id: String, in root: View) -> View? {
        if root.isHidden { return nil }
        if root.id == id, root.acceptsFocus, root.isVisibleInWindow { return root }
        for v in root.subviews { if let f = focusableView(id: id, in: v) { return f } }
        return nil
    }
}
