import FoundationEssentials
import Glibc
import PodiumKit

/// A reload that finds the speaker's place by content reads every page's text of the old and the
/// new PDF first (`DeckScene.content`, about 2 ms a page: a 300-page talk stalled the console for
/// a second on the main thread). That reading runs on a background thread; meanwhile the version
/// on screen stays, room and console, and the console keeps drawing. Keys and moves that come
/// meanwhile wait and are done, in order, on the new version once it is in place: none is lost,
/// and none moves the old version, whose pages would come from the new file.
extension Presentation {
    /// What waits for the place search (`replaceDeckFindingPlace`).
    struct PlaceSearch {
        var generation: Int
        var newDeck: Deck
        var done: @MainActor (_ searchSeconds: Double) -> Void
        var waiting: [WaitingInput] = []
    }
    enum WaitingInput { case key(Key), next, previous, goTo(Int) }

    /// Whether a reload is reading the scenes' content to find the place (`replaceDeckFindingPlace`).
    public var isFindingReloadPlace: Bool { placeSearch != nil }

    /// Replaces the deck with `newDeck` as `replaceDeck` does, once the scenes' content
    /// fingerprints of both versions (`DeckScene.content`) have been read on a background
    /// thread; at once when no scene has any (a JSON deck). Until then the version on screen
    /// stays, and keys (`press`), `next`, `previous` and `goTo` wait and are done afterwards on
    /// the new version (a `goTo` index at the old index's new place). `done` runs on the main
    /// thread right after the replacement, with the seconds the search took (0 when none ran),
    /// before the waiting input; a second call before the first is done supersedes it (its deck
    /// and `done` are dropped; the input waiting is kept). Results come back through
    /// `MainThreadMailbox.shared`.
    public func replaceDeckFindingPlace(_ newDeck: Deck, done: @escaping @MainActor (_ searchSeconds: Double) -> Void) {
        let reads = (deck.scenes + newDeck.scenes).compactMap(\.content)
        guard !reads.isEmpty else { replaceDeck(newDeck); done(0); return }
        placeSearchGeneration += 1
        let generation = placeSearchGeneration
        placeSearch = PlaceSearch(generation: generation, newDeck: newDeck, done: done, waiting: placeSearch?.waiting ?? [])
        let started = ProcessInfo.processInfo.systemUptime
        // A thread of its own, not Dispatch's global queues, whose first work starts the worker
        // pool's monitor, a timer waking the talk every second for good (issue 19, idle).
        let search: @Sendable () -> Void = {
            // Each scene's first call reads (a PDF: every page of its document at once, kept
            // by the document); the main thread later finds them ready.
            for read in reads { _ = read() }
            let seconds = ProcessInfo.processInfo.systemUptime - started
            MainThreadMailbox.shared.post { [weak self] in self?.placeFound(generation, seconds: seconds) }
        }
        if !startDetachedThread(name: "podium-reload", search) { search() }
    }

    private func placeFound(_ generation: Int, seconds: Double) {
        guard let search = placeSearch, search.generation == generation else { return }   // superseded
        placeSearch = nil
        // A scene asked for by its old index goes to that scene's place in the new version.
        let old = deck.scenes.map(ReloadPosition.Anchor.init), new = search.newDeck.scenes.map(ReloadPosition.Anchor.init)
        let waiting = search.waiting.map { w -> WaitingInput in
            if case let .goTo(i) = w { return .goTo(ReloadPosition.index(from: i, old: old, new: new)) }
            return w
        }
        replaceDeck(search.newDeck)
        search.done(seconds)
        for w in waiting {
            switch w {
            case let .key(k): _ = press(k)
            case .next: next()
            case .previous: previous()
            case let .goTo(i): goTo(i)
            }
        }
    }

    /// Keeps `input` for after the place search, if one runs; returns whether it did.
    func waitsForReloadPlace(_ input: WaitingInput) -> Bool {
        guard placeSearch != nil else { return false }
        placeSearch?.waiting.append(input)
        return true
    }
}
