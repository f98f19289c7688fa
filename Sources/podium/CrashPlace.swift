import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// Where a restart after a crash outside any scene's plugin code resumes, said truly (trial 11
/// F10): the banner names the scene, and the place of an advance is kept before its frames, so
/// a crash drawing them resumes on that scene with the timer it started, not at scene 1, 0:00.
extension PresentCommand {
    /// The interrupted talk's place to resume, or nil when there is none worth resuming: the
    /// place the watcher kept in memory (never older than the journal's, and there when the
    /// journal could not be written), else the journal's. `logging`: a journal that cannot be
    /// read is logged ("… starting fresh").
    func interruptedPlace(logging: Bool) -> TalkJournal.Record? {
        guard let record = journaledRecord(logging: logging), record.isWorthResuming else { return nil }
        return record
    }

    /// The interrupted talk's last record for this deck, worth resuming or not (a start time
    /// still ahead is kept even when nothing else is): the watcher's, else the journal's.
    func journaledRecord(logging: Bool) -> TalkJournal.Record? {
        var record: TalkJournal.Record?
        if let kept = CrashRestart.carriedPlace, kept.deck == presentation.deck.path { record = kept }
        else {
            do { record = try (journal ?? TalkJournal(deckPath: presentation.deck.path)).read() }
            catch { if logging { log("\(error); starting fresh") }; record = nil }
        }
        guard let record, record.deck == presentation.deck.path else { return nil }
        return record
    }

    /// Skips what the interrupted talk's journal says it skipped (`Record.skippedScenes`), before
    /// the deck is read: a resume by hand after the crash watcher was killed with the talk (or a
    /// launch that asks whether to resume) ran a crashing `validate` or `make` again, and the talk
    /// died again. A clean quit ends the journal, so a fresh talk tries every scene again.
    func adoptJournaledSkips(deckPath: String) {
        guard let skips = (try? TalkJournal(deckPath: deckPath).read())??.skippedScenes else { return }
        let n = SceneCode.adoptJournaledSkips(skips)
        guard n > 0 else { return }
        CrashRestart.carrySkips()
        journaledSkipsAdopted = n
        log("the interrupted talk skipped \(n) scene\(n == 1 ? "" : "s") whose plugin code crashed or hung it (its journal says so): skipped here too, \(SceneCrash.until)")
    }

    /// After a launch that took the interrupted talk's skips from its journal with no restart by
    /// the watcher (a resume by hand: nothing else says so), the console names the scenes
    /// skipped until the first move (trial 22: only the log said so).
    func announceJournaledSkips() {
        guard journaledSkipsAdopted > 0, !CrashRestart.isRestart else { return }
        let skipped = SceneCode.skippedByEntry(in: presentation.deck.scenes)
        guard !skipped.isEmpty else { return }
        let names = skipped.map { presentation.spokenName(of: $0) }.joined(separator: ", ")
        let text = "Skipped, as in the interrupted talk, whose plugin code they crashed or hung: \(names), \(SceneCrash.until)."
        presentation.addWarningUntilAMove(text)
    }

    /// The end of "Podium crashed…" after a restart not laid to a scene's code: " on scene 3
    /// “Results” and was restarted there" with `--resume` and a place kept; " and was restarted
    /// at the start (its place was not saved yet)" with `--resume` and none; else (the resume
    /// question is asked) " and was restarted".
    func crashPlaceText() -> String {
        guard options.flags.contains("--resume") else { return " and was restarted" }
        guard let record = interruptedPlace(logging: false) else { return " and was restarted at the start (its place was not saved yet)" }
        let i = min(max(0, record.scene), presentation.sceneCount - 1)
        // Named as the console names it (`spokenName`): no page number beside the slide's.
        return " on \(presentation.spokenName(of: i, title: presentation.deck.scenes[i].title ?? record.sceneTitle)) and was restarted there"
    }

    /// Keeps the place in the watcher's memory (no disk write: the journal's comes after the
    /// frames, issue 19) before the room's frame is drawn, so a crash drawing an advance's
    /// frames resumes on the scene it went to, with the timer the first advance started.
    /// Only when a window is going to draw (a turn that draws nothing cannot crash drawing),
    /// and the record is encoded only when the place changed (`PlaceEncoder`).
    /// Returns the record it built (nil when none), which the loop's `journalTick` after the
    /// frames takes instead of building the same place again: a tick of the clock built it
    /// twice (issue 19, idle CPU: 7 % of the main thread's time at rest).
    @discardableResult
    func carryPlaceBeforeTheRoomsFrame() -> TalkJournal.Record? {
        guard journalArmed else { return nil }   // from launch on: a restart that crashes on its first frame keeps its place too
        guard presenterWindow.root.needsDisplay || audienceWindow?.root.needsDisplay == true else { return nil }
        let record = presentation.journalRecord(now: Date().timeIntervalSince1970)
        placeRecordsBuilt += 1
        carryIfChanged(record)
        return record
    }

    /// When `record` is a new place: encoded once, kept in the watcher's memory at once and
    /// marked for the journal's next write (`journalTick`).
    func carryIfChanged(_ record: TalkJournal.Record) {
        do {
            guard let data = try places.encodedIfChanged(record) else { return }
            encodingFailed = false
            CrashRestart.carryPlace(record, encoded: data)
            // The scene's state alone changed (a map panned: each frame of it): the watcher's
            // memory has it now, the journal on disk with the place's next other change, not a
            // synced write per frame.
            var place = record; place.sceneState = nil
            if let last = journaledPlace, !place.differs(from: last) { return }
            journaledPlace = place
            unjournaled = data
        } catch {
            encodingFailed = true
        }
    }
}
