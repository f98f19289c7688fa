import PodiumKit

/// While the console is hidden (`Presentation.consoleHidden`: the lid closed with the projector
/// on, or the displays mirrored) the speaker sees only the room's view, so no key may act on
/// what only the console shows. A trial closed the lid with the band list's Actions… popover
/// open (it stayed open, unseen); with the overview open, arrows moved its hidden selection and
/// Return jumped the room 12 scenes; a focused field (also one in a popover) takes letters,
/// Space and Return.
///
/// So, when the console hides, its popovers, overview and key help close and text focus is
/// dropped (what a field holds stays; a scene's parked drafts are untouched). While it stays
/// hidden keys go to the talk as on a clicker (typing aside, below): bound keys drive it (offered to the scene
/// first, as always), the overview and help keys open nothing, and other keys are not the
/// console's controls'. An open question and the go-to-slide prompt still take their keys: they
/// show on the room's foot bar (`MirroredQuestionBar`), so they are never answered unseen. When
/// the console is back it shows the talk's current place; nothing reopens by itself. Only the
/// text field that had the keys gets them back, when the console was hidden for a blip
/// (`blipSeconds`: displays rearranged, outputs briefly overlapping on a plug) and the speaker
/// pressed nothing meanwhile, so typing through it goes on; a reload meanwhile that remade its
/// scene gives the keys to the remade scene's field with the same id once the console is back.
///
/// Typing stays typing (trial 20 F3: " Ros band" typed on through a mirror blip moved the room
/// three scenes and blacked it out): the typing guard keeps its hold when the console hides, and
/// a hide within `blipSeconds` of a typed key holds printable keys, Space and Return for
/// `blipSeconds` more (`TypingGuard.holdAfterHiding`), each held key extending it. Clicker keys
/// act at once. Held keys are not a key pressed for the talk: the field still gets the keys
/// back after a blip, and the console, back, says how many typed keys were held.
extension Presentation {
    /// A console hidden and back within this many seconds, with no key pressed meanwhile, gives
    /// the text field its keys back (the display policy's blip grace, `DisplayPolicy.blipGrace`).
    public static let blipSeconds = 2.0

    /// Called when `consoleHidden` changes.
    func consoleVisibilityChanged() {
        if consoleHidden {
            focusBeforeHiding = presenter.focusedView.flatMap { $0.isTextEntry ? FocusBeforeHiding(view: $0, id: $0.id, scene: currentIndex, at: clock()) : nil }
            keysHeldWhileHidden = 0
            typingGuard.holdAfterHiding(at: clock(), seconds: Self.blipSeconds)
            closeWhatOnlyTheConsoleShows()
        } else {
            var givenBack = false
            if let f = focusBeforeHiding {
                focusBeforeHiding = nil
                if f.scene == currentIndex, clock() - f.at < Self.blipSeconds, presenter.focusedView == nil, let v = fieldToGiveBack(f) {
                    presenter.focus(v); givenBack = true
                    log("the console is back after a blip: the field that had the keys has them again")
                }
            }
            if keysHeldWhileHidden > 0 { sayKeysHeldWhileHidden(fieldHasKeys: givenBack) }
        }
        updateBanner()
    }

    /// What the console, back, says of the `keysHeldWhileHidden` typed keys it held.
    public static func keysHeldWhileHiddenNotice(_ n: Int, fieldHasKeys: Bool) -> String {
        "\(n) typed key\(n == 1 ? " was" : "s were") held while the console was hidden: the talk did not move"
            + (fieldHasKeys ? "; the field has the keys again, without them" : "; click a field to type")
    }

    private func sayKeysHeldWhileHidden(fieldHasKeys: Bool) {
        let text = Self.keysHeldWhileHiddenNotice(keysHeldWhileHidden, fieldHasKeys: fieldHasKeys)
        keysHeldWhileHidden = 0
        typingHintTimer?.cancel(); typingHintShown = false
        log(text)
        showPassingNotice(text, seconds: 8)
    }

    /// The field `f` names, shown: the same view, or, when a reload remade its scene while the
    /// console was hidden (trial 12 F6), the remade scene's text entry with the same id.
    private func fieldToGiveBack(_ f: FocusBeforeHiding) -> View? {
        if let v = f.view, v.isVisibleInWindow { return v }
        guard let id = f.id else { return nil }
        presenter.layoutIfNeeded()
        return Self.focusableView(id: id, in: presenter.content).flatMap { $0.isTextEntry ? $0 : nil }
    }

    /// Closes the console's popovers (a scene's and the host's), the overview and the key help,
    /// and drops keyboard focus. Idempotent: also run before each key while hidden, so nothing a
    /// plugin opened meanwhile can take it. The typing guard keeps its hold: typing on through a
    /// blip is still typing.
    func closeWhatOnlyTheConsoleShows() {
        var closed = false
        while let top = presenter.overlay.topmost { top.dismiss(byUser: false); closed = true }
        if isOverviewOpen { closeOverview(); closed = true }
        if isHelpOpen { console.help.isHidden = true; closed = true }
        if presenter.focusedView != nil { presenter.focus(nil); closed = true }
        guard closed else { return }
        log("the console is hidden: its popovers, overview, help and text focus are closed; keys go to the talk")
        presenter.requestRedraw()
    }

    /// A key while the console is hidden, after an open question and the go-to-slide prompt had
    /// their turn. Returns true when it was used.
    func pressWithTheConsoleHidden(_ k: Key, action: ConsoleAction?) -> Bool {
        closeWhatOnlyTheConsoleShows()
        // Typing on through the blip: held (counted), and the field keeps its moment.
        if typingHolds(k) { return true }
        focusBeforeHiding = nil   // the speaker acted on the talk: the field's moment has passed
        // A scene the key showed may focus its field; the text event that follows the key is not its.
        defer { if presenter.focusedView != nil { presenter.focus(nil) } }
        guard let a = action else {
            // Not the scene's presenter controls (a key that focuses a search field, Ctrl+S that
            // saves a form); digits open the go-to-slide prompt, which shows on the room's foot bar.
            return startPageJump(with: k)
        }
        // These open views on nobody's screen, which would then take the next keys unseen.
        if a == .overview || a == .help { log("the console is hidden: the \(a == .overview ? "overview" : "key help") stays closed"); return true }
        return offerToSceneThenTalk(a)
    }
}

/// The focused text field when the console hid: its id, which scene it was on (its index,
/// following the scene through a reload), and when (clock seconds).
struct FocusBeforeHiding {
    weak var view: View?
    let id: String?
    var scene: Int
    let at: Double
}
