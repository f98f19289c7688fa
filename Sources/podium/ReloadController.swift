import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit
import PodiumSDL

/// Reloads a running talk when its files change (or on Ctrl+R): waits until the files are still
/// (`ReloadGate`), loads and checks the new version with fresh documents (`PluginRegistry.loadFresh`),
/// and only then replaces the deck on the main thread between frames, keeping the place and the
/// timers. A missing or invalid file keeps the version on screen and says why in the presenter's
/// banner; the room never sees a broken page.
@MainActor
final class ReloadController {
    let deckPath: String
    let options: CommandLineInterface.Options
    let registry: PluginRegistry
    unowned let presentation: Presentation
    let log: (String) -> Void
    private var watcher: FileWatcher?
    private var gate = ReloadGate()
    private var files: [String] = []
    /// Problems the version on screen already has (a scene showing an error card for a missing
    /// PDF): they do not block a reload, or one missing file would hold back every other edit.
    private var knownProblems: Set<String> = []
    private var pollTimer: TimerToken?
    /// A refused automatic reload is shown after `patience` seconds without another change: a
    /// compiler that pauses between pages makes a file look finished for a moment. A change
    /// postpones it, never drops it (`RefusalNoticeTiming`).
    private var pendingError: TimerToken?
    static let patience = 2.0
    private var refusals = RefusalNoticeTiming(patience: ReloadController.patience)
    /// The files changed since the last reload (`fileChanged`), for the speaker's notice.
    private var changedFiles: Set<String> = []
    /// A place to check (a guess) is said by the reloads that follow until read (trial 29 m4).
    private var placeCheck = ReloadPlaceCheck()
    /// Called with the new deck once a reload replaced it (the windows' titles follow its title).
    var onReloaded: ((Deck) -> Void)?

    init(deckPath: String, options: CommandLineInterface.Options, registry: PluginRegistry, presentation: Presentation, log: @escaping (String) -> Void) {
        self.deckPath = deckPath; self.options = options; self.registry = registry; self.presentation = presentation; self.log = log
    }

    /// Starts watching the talk's files; changes are handed to the main thread's mailbox.
    func start() {
        knownProblems = Set((DeckSource.parameterProblems(presentation.deck) + DeckSource.fileProblems(presentation.deck, registry: registry, complete: true)).map(Self.withoutScene))
        // The controller is a main-actor type; the watcher's thread reaches it only through the main-thread mailbox.
        do {
            watcher = try FileWatcher { [weak self] path in MainThreadMailbox.shared.post { self?.fileChanged(path) } }
        } catch { log("file watching unavailable (\(error)); Ctrl+R reloads by hand") }
        watchFiles()
    }

    private func watchFiles() {
        files = DeckSource.files(of: presentation.deck, options: options)
        for p in watcher?.watch(files) ?? [] { log(p) }
    }

    private func now() -> Double { presentation.clock() }

    /// A problem without its `scenes[N]: ` prefix: the same missing file after scenes moved.
    static func withoutScene(_ problem: String) -> String {
        problem.replacing(#/^scenes\[[0-9]+\]: /#, with: "")
    }

    private func fileChanged(_ path: String) {
        refusals.changed(at: now())
        armRefusalNotice()
        changedFiles.insert(path)
        if !gate.isPending { log("\(path) changed; reloading once it is complete") }
        gate.changed(at: now())
        poll()
    }

    private func poll() {
        pollTimer?.cancel(); pollTimer = nil
        switch gate.poll(Dictionary(uniqueKeysWithValues: files.map { ($0, FileSignature.of($0)) }), at: now()) {
        case .idle: break
        case let .wait(until):
            pollTimer = presentation.timers.schedule(now: now(), after: max(0.01, until - now()), repeats: false) { [weak self] in self?.poll() }
        case .ready: reload(reason: "files changed", patient: true)
        }
    }

    /// Loads and checks the deck and its files again, and shows the new version when every file is
    /// sound; otherwise keeps what is on screen and shows the problem to the speaker (with
    /// `patient`, only if no other change follows within `patience` seconds).
    func reload(reason: String, patient: Bool = false) {
        let what = Self.reloadedName(deckPath: deckPath, changed: changedFiles)
        var loaded: (deck: Deck, keyMap: KeyMap?, problems: [String])?
        var problem: String?
        // A plugin put back or fixed since it was found missing or refused (trial 32 F3).
        for line in PluginLoader.lookAgain(BuiltInPlugins.searchPath, into: registry) { log("reload: \(line)") }
        _ = registry.loadFresh {
            do {
                // A scene's bad parameter the talk already had (its error card) does not stop a
                // reload; a new one does, as a new missing file does.
                let deck = try DeckSource.load(deckPath, registry: registry, options: options, keepingBadScenes: true)
                let problems = DeckSource.parameterProblems(deck) + DeckSource.fileProblems(deck, registry: registry, complete: true)
                let new = problems.filter { !knownProblems.contains(Self.withoutScene($0)) }
                guard new.isEmpty else { problem = new.map(SceneNumbers.spelled).joined(separator: "; "); return false }
                let keyMap = try options.values["--keymap"].map { try KeyMap.load(path: $0, knownKey: SDLVideo.isKeyName) }
                loaded = (deck, keyMap, problems)
                return true
            } catch { problem = SceneNumbers.spelled("\(error)"); return false }
        }
        guard let loaded else {
            let text = problem ?? "unknown problem"
            log("reload (\(reason)) refused, the version on screen stays: \(text)")
            // What tells the speaker the room is safe first, files by their names: it is one line.
            let notice = ReloadRefusal.notice(text, files: files + [deckPath], directory: presentation.deck.directory.path)
            // An older refusal on the console is replaced at once: it must say the latest reason.
            let showing = refusals.shown != nil && presentation.notice?.text == refusals.shown
            if let show = refusals.refused(notice, patient: patient, showingShown: showing, at: now()) { presentation.showNotice(show, kind: .error) }
            armRefusalNotice()
            return
        }
        refusals.reloaded()
        armRefusalNotice()
        changedFiles = []   // a refused reload's changes are named with the next one
        // A PDF talk's place is found by its pages' text, read off the main thread: the version
        // on screen stays until then, and keys wait for the new one (`ReloadFindsPlace.swift`).
        let before = presentation.currentIndex
        let hadContent = presentation.deck.scenes.indices.contains(before) && presentation.deck.scenes[before].content != nil
        // The removed scene the room holds, if any, is the one on screen for the notice.
        let beforeTitle = presentation.heldRemovedSceneTitle ?? (presentation.deck.scenes.indices.contains(before) ? presentation.deck.scenes[before].title : nil)
        let heldBefore = presentation.heldRemovedSceneTitle
        let warnedBefore = Set(presentation.deck.openerWarnings)
        presentation.replaceDeckFindingPlace(loaded.deck) { [weak self] seconds in
            self?.reloaded(loaded, reason: reason, what: what, before: before, beforeTitle: beforeTitle, heldBefore: heldBefore, hadContent: hadContent, warnedBefore: warnedBefore,
                           searchSeconds: seconds, patient: patient)
        }
        if presentation.isFindingReloadPlace { log("reload (\(reason)): finding the place by the pages' content, off the main thread") }
    }

    /// Sets the timer for the refusal waiting to be shown (`refusals.pending`), if any.
    private func armRefusalNotice() {
        pendingError?.cancel(); pendingError = nil
        guard let due = refusals.pending?.due else { return }
        pendingError = presentation.timers.schedule(now: now(), after: max(0.01, due - now()), repeats: false) { [weak self] in
            guard let self else { return }
            pendingError = nil
            if let text = refusals.due(at: now()) { presentation.showNotice(text, kind: .error) } else { armRefusalNotice() }
        }
    }

    /// What follows a reload once the new version is in place: the key map, the files watched,
    /// the log and the speaker's notice.
    private func reloaded(_ loaded: (deck: Deck, keyMap: KeyMap?, problems: [String]), reason: String, what: String, before: Int, beforeTitle: String?, heldBefore: String?, hadContent: Bool,
                          warnedBefore: Set<String>, searchSeconds: Double, patient: Bool) {
        // What the new version warns of that the one on screen did not (talk.pdfpc entries for
        // cut pages, an end slide past the end): said with the reload, not only in the log.
        let warnings = loaded.deck.openerWarnings.filter { !warnedBefore.contains($0) }
        knownProblems = Set(loaded.problems.map(Self.withoutScene))
        if let k = loaded.keyMap { presentation.keyMap = k }
        watchFiles()
        onReloaded?(loaded.deck)
        let search = searchSeconds > 0 ? String(cFormat: "; pages read in %.0f ms off the main thread", searchSeconds * 1000) : ""
        let found = presentation.reloadPlaceFound
        log("reloaded \(deckPath) (\(reason)): \(loaded.deck.scenes.count) scenes, scene \(before + 1) → \(presentation.currentIndex + 1) (place found \((found ?? .label).logWords)\(search))")
        var still = loaded.problems.isEmpty ? "" : " (still: \(loaded.problems.map(SceneNumbers.spelled).joined(separator: "; ")))"
        // Held on a removed scene (`ReloadRemovedScene.swift`): said with every reload while it
        // lasts (trial 22: a later save's "Reloaded" hid it), and when a save brings it back.
        let held = presentation.heldRemovedSceneTitle
        let nowIndex = held != nil ? presentation.nextSceneIndex : presentation.currentIndex
        let now = nowIndex.flatMap { presentation.deck.scenes.indices.contains($0) ? presentation.deck.scenes[$0].title : nil }
        let file = deckPath.pathLastComponent
        var place = held != nil ? ReloadPosition.Found.notFound.speakerWords(was: beforeTitle, now: now, file: file, hadContent: false, held: true)
            : found?.speakerWords(was: beforeTitle, now: now, file: file, hadContent: hadContent)
        let back = heldBefore != nil && held == nil && found == .label
        if let h = heldBefore, back { place = "“\(h)” is back: the room sees it again" }
        // A place found for certain after a guess (the compiler's second write of the same
        // version) says the guess again while it shows, so it is read (trial 29 m4).
        let said = placeCheck.words(place, check: held == nil && !back, showing: presentation.notice?.text, plain: 4, at: self.now())
        if let place = said.words { still += "; \(place)" }
        // A notes sidecar with a typo (saved mid-edit) reloads the rest and keeps the last good
        // notes: the speaker is told until the next reload, not for a passing moment.
        let tell = loaded.deck.openerProblems + warnings
        if let line = DeckSource.bannerLine(tell, directory: loaded.deck.directory) {
            for p in tell { log("warning: \(p)") }
            // A sidecar that cannot be read (its last good version kept) may be a file saved in
            // parts (written in chunks: trial 28 m7, seven banners in 4 s): said once the files
            // are still for the refusals' patience, as a refused reload is; a later sound reload
            // drops it. Warnings about a sound version (a stale talk.pdfpc) are said at once.
            let text = "Reloaded \(what)\(still); \(line)"
            let showing = refusals.shown != nil && presentation.notice?.text == refusals.shown
            let mayBeHalfWritten = patient && warnings.isEmpty
            if let show = refusals.refused(text, patient: mayBeHalfWritten, showingShown: showing, at: self.now()) {
                presentation.showNotice(show, kind: .error); placeCheck.shown(show)
            }
            armRefusalNotice()
            return
        }
        // A place to check stays long enough to be read between two glances at the room.
        presentation.showPassingNotice("Reloaded \(what)\(still)", seconds: said.seconds)
        placeCheck.shown("Reloaded \(what)\(still)")
    }

    /// What the speaker's notice says was reloaded: a PDF talk whose PDF did not change names the
    /// files that did (`talk.notes.json`, `talk.pdfpc`; trial 17 m10: a notes typo read
    /// "Reloaded talk.pdf"); otherwise (a JSON deck, Ctrl+R) the deck.
    static func reloadedName(deckPath: String, changed: Set<String>) -> String {
        let deck = deckPath.pathLastComponent
        let names = Set(changed.map { $0.pathLastComponent })
        guard deckPath.lowercased().hasSuffix(".pdf"), !names.isEmpty, !names.contains(deck) else { return deck }
        return names.sorted().joined(separator: ", ")
    }
}
