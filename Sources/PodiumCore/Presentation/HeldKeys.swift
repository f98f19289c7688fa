import PodiumKit

/// A held key (`Key.isRepeat`: the keyboard's autorepeat, under X from ~660 ms on, every
/// 30–50 ms) walks: next and previous, the slide steps, the notes' size, undo. Every other
/// action toggles or derails (a cover of the room, the timer's pause, the overview, a question
/// that asks "q again"), so it acts once per press of the key and its repeats do nothing; a
/// held `b` covering the room once, not strobing it (trial 19 F2). A repeat never answers a
/// question either (`keyAnswersQuestion`). Home and End act once: End again goes on to the
/// backup slides.
extension ConsoleAction {
    /// Whether a held key bound to this action acts again on each of its repeats.
    var actsOnRepeats: Bool { Self.walking.contains(self) }

    private static let walking: Set<ConsoleAction> = [.next, .previous, .nextSlide, .previousSlide,
                                                      .notesLarger, .notesSmaller, .undoDrawing]
}

extension Presentation {
    /// Whether `k` is a held key's repeat that `action` ignores (see `ConsoleAction.actsOnRepeats`).
    func repeatIgnored(_ k: Key, action: ConsoleAction?) -> Bool {
        k.isRepeat && action.map { !$0.actsOnRepeats } == true
    }
}
