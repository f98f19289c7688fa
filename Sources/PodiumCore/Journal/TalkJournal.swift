import FoundationEssentials
import Glibc
import PodiumKit

/// Where a talk was, kept on disk at every change so a crash or `kill -9` loses nothing:
/// `$XDG_STATE_HOME/podium/journal-<hash of the deck's real path>.json` (default `~/.local/state`).
/// A clean quit ends it (`end`), so only an interrupted talk is offered for resuming.
public struct TalkJournal {
    /// One saved position. Times in seconds; `savedAt` is wall-clock time (Unix seconds).
    public struct Record: Codable, Equatable, Sendable {
        /// Absolute path of the deck (JSON or PDF).
        public var deck: String
        /// 0-based scene index, its title (for the resume question) and kind: with them a deck
        /// changed before the relaunch resumes at the same scene (`ReloadPosition`).
        public var scene: Int
        public var sceneTitle: String?
        public var sceneKind: String?
        /// The 1-based PDF page the scene shows (inside a page range too), when it is a PDF scene.
        public var page: Int?
        /// The scene's place inside itself (`ScenePositionKeeping.position`), if it keeps one.
        public var position: [String: JSONValue]?
        /// What the speaker made of the scene (`SceneStateCarrying.carriedState`: a web search's
        /// query and the part of a page the room reads), handed to it again by a resume as a
        /// reload hands it (trial 17 m4); nil when it carries none, or when the record would not
        /// fit the watcher's memory with it (`PlaceEncoder.maxBytes`).
        public var sceneState: JSONValue?
        /// What the speaker made of the scenes visited and left (a band picked, a map search),
        /// so a restart keeps them as a reload does (trial 34 m6: they came back at the deck's
        /// start); nil when none carries any, or when the record would not fit the watcher's
        /// memory with them (`PlaceEncoder.maxBytes`, they go before `sceneState`).
        public var leftScenes: [LeftScene]?
        /// Whether the elapsed timer had started, its value at `savedAt`, and whether it was paused.
        public var started: Bool
        public var elapsed: Double
        public var paused: Bool
        public var savedAt: Double
        /// The talk's plan when it was saved, so a relaunch without the same options keeps the
        /// speaker's timer: the planned length in minutes (once started, the length the clock
        /// was running against, an end time already turned into minutes), the end time (minutes
        /// after midnight, before the start), the amber warning in minutes and the end slide.
        /// Nil in journals written before they were kept.
        public var durationMinutes: Double?
        public var endTimeMinutes: Int?
        public var lastMinutes: Double?
        public var endSlide: Int?
        /// "black" or "white" while the room was covered (`AudienceMode`); nil when it saw the
        /// talk. A resume covers the room again, so a crash never uncovers it.
        public var audienceMode: String?
        /// Talk time (seconds of `elapsed`) at which the scene became current, so the console's
        /// time on this scene goes on after a resume; nil before the talk started and in
        /// journals written before it was kept.
        public var sceneStart: Double?
        /// While the room was frozen (`f`): the scene it was frozen on (0-based index, title and
        /// kind, to find it again in a changed deck). A resume freezes the room on that scene
        /// again, or covers it black when the scene is gone; nil when the room was live.
        public var frozenScene: Int?
        public var frozenSceneTitle: String?
        public var frozenSceneKind: String?
        /// The `--start-time` (wall-clock Unix seconds) while the talk had not started, so a
        /// relaunch without the option still counts down to it; nil once started, without one,
        /// and in journals written before it was kept.
        public var startTime: Double?
        /// The deck entries this talk skips because their plugin code crashed or hung it, by
        /// entry (`SceneCode.identity`: kind and parameters; `SceneCode.journaledSkips`), so any
        /// resume skips them too, also one by hand after the crash watcher was killed with the
        /// talk, which would otherwise run that code again and lose the talk again. Nil when
        /// none is skipped, and in journals written before they were kept.
        public var skippedScenes: [String: SceneCrash]?
        /// The title (else the kind) of a scene a reload removed while the room kept its picture
        /// (`RemovedSceneHold`, trial 22 M3). That scene cannot be drawn after a restart, and the
        /// scene where next goes would show the room what it has not seen: the place journaled is
        /// then the scene before the removed one (the room saw it), or, with none before it, the
        /// scene after it with the room covered black (`audienceMode`). Nil when none was held.
        public var removedSceneTitle: String?

        public init(deck: String, scene: Int, sceneTitle: String?, sceneKind: String? = nil, page: Int?, position: [String: JSONValue]? = nil,
                    started: Bool, elapsed: Double, paused: Bool, savedAt: Double) {
            self.deck = deck; self.scene = scene; self.sceneTitle = sceneTitle; self.sceneKind = sceneKind; self.page = page; self.position = position
            self.started = started; self.elapsed = elapsed; self.paused = paused; self.savedAt = savedAt
        }

        /// A scene's carried state (`SceneStateCarrying.carriedState`) from when the talk left it:
        /// its 0-based index, kind and title then, to find it again in a changed deck.
        public struct LeftScene: Codable, Equatable, Sendable {
            public var scene: Int
            public var kind: String
            public var title: String?
            public var state: JSONValue
            public init(scene: Int, kind: String, title: String?, state: JSONValue) {
                self.scene = scene; self.kind = kind; self.title = title; self.state = state
            }
        }

        /// The elapsed time to resume with at wall-clock `now`: a running timer counts the time
        /// Podium was down too (the speaker went on talking); a paused or unstarted one does not.
        public func elapsed(resumingAt now: Double) -> Double {
            started && !paused ? elapsed + max(0, now - savedAt) : elapsed
        }

        /// Whether `other` says something this record does not (another scene, pause, start, or a
        /// timer that does not follow from this one by the passing of time, ±0.5 s).
        public func differs(from other: Record) -> Bool {
            var mine = self, theirs = other
            (mine.elapsed, mine.savedAt, theirs.elapsed, theirs.savedAt) = (0, 0, 0, 0)
            if mine != theirs { return true }
            // Running: the timer's origin in wall time; paused: its value.
            let a = started && !paused ? savedAt - elapsed : elapsed
            let b = other.started && !other.paused ? other.savedAt - other.elapsed : other.elapsed
            return abs(a - b) > 0.5
        }

        /// The cover the room had (black or white), if any.
        public var coveredMode: AudienceMode? { audienceMode.flatMap(AudienceMode.init(rawValue:)).flatMap { $0 == .normal ? nil : $0 } }

        /// Whether resuming it is worth asking: the talk had started or moved past the first
        /// scene, or the room was covered or frozen (a freeze before the first advance is the
        /// room's picture too, trial 15 m7: a restart must not thaw it).
        public var isWorthResuming: Bool { started || scene > 0 || coveredMode != nil || frozenScene != nil }

        /// The question for the presenter screen, for a deck of `sceneCount` scenes at wall-clock
        /// `now`, e.g. `Resume the interrupted talk at scene 4 “Results”, 12:05 elapsed? Return,
        /// Page Down or F5 resumes · Esc twice starts fresh` (`answers`). A scene past the deck's end (the deck or PDF shrank) is
        /// clamped to the last, and the question says so rather than name the old scene.
        public func resumeQuestion(sceneCount: Int, now: Double) -> String {
            let target = min(max(0, scene), sceneCount - 1)
            return resumeQuestion(at: target, title: target == scene ? sceneTitle : nil, clampedTo: scene >= sceneCount ? sceneCount : nil, now: now)
        }

        /// The question for resuming at 0-based scene `target` (where `Presentation.resumeTarget`
        /// found the journaled scene) titled `title` in the deck as it is now; `clampedTo`: the
        /// deck's scene count when the journaled scene is past its end; `place`: how the console
        /// names that position when it counts slides (`slide 4/10 (2/2)`), else "scene N"; then
        /// a clamped place says no scene number, which would be a second numbering beside it.
        public func resumeQuestion(at target: Int, title: String?, clampedTo sceneCount: Int?, place: String? = nil, now: Double) -> String {
            let named = title.map { " “\($0)”" } ?? ""
            let gone = sceneCount.map {
                place == nil ? " (the deck's last: it has \($0) scene\($0 == 1 ? "" : "s") now, the talk was at scene \(scene + 1))"
                    : " (the deck's last: the talk was further on, before the deck got shorter)"
            } ?? ""
            let time = started ? ", \(TalkClock.format(elapsed(resumingAt: now))) elapsed\(paused ? " (paused)" : "")" : ""
            return "Resume the interrupted talk at \(place ?? "scene \(target + 1)")\(named)\(gone)\(time)? \(Self.answers)"
        }

        /// How the resume question is answered: a clicker's keys (next, previous, F5) resume; Esc
        /// asks again (`escapeAgain`), so one stray Esc (a clicker's slideshow button sends F5
        /// and Esc by turns) never throws the place away.
        public static let answers = "Return, Page Down or F5 resumes · Esc twice starts fresh"
        /// The question after a first Esc.
        public static let escapeAgain = "Start fresh from the first scene (timer 0:00)? Esc again starts fresh · Return, Page Down or F5 resumes the interrupted talk"
    }

    /// The journal file for the deck at `deckPath` (absolute).
    public let file: URL
    private var lastWritten: Record?
    /// The file held open after its first write, rewritten in place (`JournalFile`).
    private let opened = JournalFile()
    /// `file`'s path, kept: each save needs it.
    private let path: String

    /// - Parameter environment: `XDG_STATE_HOME` and `HOME` are read from it.
    public init(deckPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/state")
        // The file the deck is, not the name it was opened by: a talk opened through a symbolic
        // link and through its own path is one talk (one journal, one lock).
        let deck = URL(fileURLWithPath: deckPath).resolvingSymlinksInPath().path
        file = state.appendingPathComponent("podium/journal-\(Self.hash(deck)).json")
        path = file.path
    }

    /// The saved record, nil when there is none. Throws when the file exists but cannot be read
    /// or is not a journal (the message names the file).
    public func read() throws -> Record? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        do { return try JSONDecoder().decode(Record.self, from: data) }
        catch { throw JournalError(file: file.path, message: "not a talk journal (\(error))") }
    }

    /// Saves `record` when it differs from the last one saved (`Record.differs`): the first time
    /// written to a temporary file in the same folder, then renamed over the journal, and from
    /// then on rewritten in place (`JournalFile`: one page, one write, synced), so a crash
    /// mid-write leaves the old record or the new one, never half of one. Returns whether it wrote.
    /// Throws `JournalError` naming the file when the folder or file cannot be written.
    /// `encoded`: the record's bytes already made (`PlaceEncoder`), so it is not encoded twice.
    @discardableResult
    public mutating func save(_ record: Record, encoded: Data? = nil) throws -> Bool {
        if let last = lastWritten, !record.differs(from: last) { return false }
        let data: Data
        do {
            data = try encoded ?? PlaceEncoder.encode(record)
        } catch {
            throw JournalError(file: file.path, message: "cannot write (\(error))")
        }
        // The URLs below cost as much CPU as the encoding (perf): only when written whole.
        if opened.rewrite(data, at: path) { lastWritten = record; return true }
        let dir = file.deletingLastPathComponent()
        let temp = dir.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try data.write(to: temp)
            guard rename(temp.path, file.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            opened.adopt(path, length: data.count)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw JournalError(file: file.path, message: DiskErrorText.reason(error))
        }
        lastWritten = record
        return true
    }

    /// Ends the journal after a clean quit: the next launch offers nothing.
    public mutating func end() {
        opened.close()
        try? FileManager.default.removeItem(at: file)
        lastWritten = nil
    }

    /// FNV-1a (64-bit) of the path, in hex: a stable file name for each deck.
    public static func hash(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(cFormat: "%016llx", h)
    }
}

/// A journal that cannot be read or written: names the file.
public struct JournalError: Error, CustomStringConvertible {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }
}

extension Presentation {
    /// The talk's position now, for the journal; `now` is wall-clock time (Unix seconds).
    /// During a look-up (`LookUp.swift`) the place is the scene the look-up came from, live: the
    /// scene the room sees and where previous and next go from, with that scene's own state and
    /// inner place (the band the room sees selected: trial 28 F1, a kill during a look-up came
    /// back on the deck's band). A restart then puts the talk back there with the room on the
    /// same picture; the look-up itself (a console-only detour with the parameters it was
    /// opened with) is not carried, as a frozen look-up scene would resume with its deck
    /// parameters and lose its way back (trial 15 M1).
    public func journalRecord(now: Double) -> TalkJournal.Record {
        // A removed scene the room holds: the scene before it (see `Record.removedSceneTitle`).
        // A look-up whose origin a reload removed is the same hold.
        let held = removedScene ?? lookUp?.removed
        let heldBefore = held?.before
        let index = heldBefore ?? lookUp?.origin ?? currentIndex
        let atConsole = lookUp == nil && heldBefore == nil   // the place is the console's scene
        // The scene at the place, as made: the console's, or a look-up's origin (not shown on the
        // console meanwhile, so as the room's frozen picture shows it); none for a removed scene.
        let placeScene = heldBefore == nil ? (atConsole ? currentScene : scenes[index]) : nil
        let position = (placeScene as? ScenePositionKeeping)?.position
        let page = (position?["page"] ?? deck.scenes[index].parameters.values["page"])?.number.map { Int($0) }
        let s = deck.scenes[index]
        var r = TalkJournal.Record(deck: deck.path, scene: index, sceneTitle: s.title ?? title(at: index), sceneKind: s.kind, page: page, position: position,
                                   started: talk.isStarted, elapsed: elapsed, paused: talk.isPaused, savedAt: now)
        // Once started, an end time has become a length (`startTalk`): keep the length.
        let startedWithEnd = talk.isStarted && deck.endTimeMinutes != nil
        r.durationMinutes = startedWithEnd ? talk.plannedTotal.map { $0 / 60 } : deck.durationMinutes
        r.endTimeMinutes = startedWithEnd ? nil : deck.endTimeMinutes
        r.lastMinutes = deck.lastMinutes; r.endSlide = deck.endSlide
        r.audienceMode = audienceMode == .normal ? nil : audienceMode.rawValue
        r.sceneStart = talk.isStarted && atConsole ? talk.sceneStart : nil
        r.startTime = talk.isStarted ? nil : startTime?.timeIntervalSince1970
        if let held {
            r.removedSceneTitle = held.anchor.title ?? held.anchor.kind
            if heldBefore == nil, r.audienceMode == nil { r.audienceMode = AudienceMode.black.rawValue }
        }
        if let c = placeScene as? SceneStateCarrying {
            let state = SceneCode.run(in: index) { c.carriedState() }
            r.sceneState = state == .null ? nil : state
        }
        r.leftScenes = leftScenes(besides: index)
        r.skippedScenes = SceneCode.journaledSkips(of: deck.scenes)
        if isFrozen, lookUp == nil, let f = frozenScene, let a = frozenAnchor {
            r.frozenScene = f; r.frozenSceneTitle = a.title; r.frozenSceneKind = a.kind
        }
        return r
    }

    /// Resumes where `record` left the talk, at wall-clock `now`: the same scene, found by its
    /// kind and title if the deck changed meanwhile. With `keepingPlan` (the command line gave
    /// no timing option this time) the journaled plan (length, end time, last minutes, end
    /// slide) replaces the deck's, so the countdown goes on as it was before the crash.
    public func resume(from record: TalkJournal.Record, now: Double, keepingPlan: Bool = true) {
        // Resuming is not the speaker's move: the deck's warning at launch stays until theirs
        // (trial 18b F7: a restart on a broken PDF's last good copy said so only in the log).
        let launchWarning = noticeUntilAMove ? notice?.text : nil
        defer { if let launchWarning, notice == nil { showWarningUntilAMove(launchWarning) } }
        let target = resumeTarget(for: record)
        // The scene the launch showed was never the room's picture (it was black through the
        // restart, or covered while the resume question was up): a card at the place resumed
        // holds the plain background, not that scene (`heldAudienceFrame`).
        audience.content.removeAllSubviews()
        if keepingPlan, record.durationMinutes != nil || record.endTimeMinutes != nil || record.lastMinutes != nil || record.endSlide != nil {
            var d = deck
            d.durationMinutes = record.durationMinutes; d.endTimeMinutes = record.endTimeMinutes
            d.lastMinutes = record.lastMinutes; d.endSlide = record.endSlide
            replan(d)
        }
        // What the speaker made of the scenes first, so the frozen scene made below is made with
        // it too (trial 35 F1: the room, frozen on the band picked, showed the deck's band after a
        // kill -9). A clamped scene is another one: the old scene's inner place (a page) does not apply.
        if !target.clamped { carryState(of: record, to: target.scene) }
        carryLeftStates(of: record, besides: target.scene)
        // A frozen room stays frozen on what it saw: that scene is shown and frozen first (at the
        // room's size if the display is known, else at the default size, scaled to the window
        // later), then the speaker's scene is resumed behind the freeze. A frozen scene gone
        // from the deck cannot be shown again: the room is covered instead.
        if let f = record.frozenScene {
            if let found = index(ofKind: record.frozenSceneKind ?? "", title: record.frozenSceneTitle, near: f),
               audience.bounds.width > 0, audience.bounds.height > 0 {
                goTo(found); setFrozen(true)
            } else {
                audienceMode = .black
                log("the room was frozen on scene \(f + 1), which is gone from the deck: the room is black instead (b or Esc shows the talk)")
            }
        }
        resume(scene: target.scene, position: target.clamped ? nil : record.position, started: record.started,
               elapsed: record.elapsed(resumingAt: now), paused: record.paused, sceneStart: target.clamped ? nil : record.sceneStart)
        if let m = record.coveredMode { audienceMode = m }
        if let removed = record.removedSceneTitle { showWarningUntilAMove(removedSceneResumeWords(removed, launchWarning: launchWarning)) }
    }

    /// What the speaker reads after a restart during a removed scene's hold (trial 22 M3), e.g.
    /// `“Read More” was removed from the deck while the room saw it and cannot be shown after the
    /// restart: the room sees “Record Stores”, the scene before it; next: “Every Language”`,
    /// followed by the launch's own warning, if any.
    func removedSceneResumeWords(_ removed: String, launchWarning: String?) -> String {
        let room = audienceMode == .normal ? "the room sees “\(title(at: currentIndex))”, the scene before it"
            : "the room is black (b shows “\(title(at: currentIndex))”)"
        let next = audienceMode == .normal ? nextSceneIndex.map { "; next: “\(title(at: $0))”" } ?? "" : ""
        let words = "“\(removed)” was removed from the deck while the room saw it and cannot be shown after the restart: \(room)\(next)."
        return launchWarning.map { "\(words) \($0)" } ?? words
    }

    /// Hands the journaled scene's state (`Record.sceneState`) to scene `index` through
    /// `SceneStateCarrying`, as a reload does: when it is made (before it is first shown), or at
    /// once when it already was (the first scenes, made at launch). Only to a scene of the kind
    /// it came from; its parameters are the deck's as it is now, none counted as changed.
    func carryState(of record: TalkJournal.Record, to index: Int) {
        guard let state = record.sceneState, let kind = record.sceneKind else { return }
        carry(state, kind: kind, to: index)
    }

    /// Hands `state`, carried from a scene of `kind`, to scene `index` as `carryState(of:to:)` does:
    /// when it is made, or at once to one made but not shown yet (the next preview's).
    func carry(_ state: JSONValue, kind: String, to index: Int) {
        guard deck.scenes[index].kind == kind else { return }
        let c = CarriedState(kind: kind, title: deck.scenes[index].title, parameters: deck.scenes[index].parameters.values, state: state)
        guard let made = scenes[index] else { carriedStates[index] = c; return }
        guard sceneOrigins[index] != nil, let s = made as? SceneStateCarrying else { return }
        guard index == currentIndex else { SceneCode.run(in: index) { s.adoptCarriedState(state, changedParameters: []) }; return }
        // The launch's scene has been shown (`didBecomeCurrent`), and state is handed only to a
        // scene not shown yet (`SceneStateCarrying`; a web search shown at launch had run the
        // deck's query and kept it): it is made again, with the state, when next shown.
        SceneCode.run(in: index) { made.willResignCurrent() }
        sceneOrigins[index]?.context?.deckGeneration = -1   // what it still reports acts on nothing
        scenes[index] = nil; sceneOrigins[index] = nil
        carriedStates[index] = c
    }

    /// Where `resume(from:)` puts the talk in this deck: the journaled scene, found by its kind
    /// and title if the deck changed meanwhile; `clamped` when it is gone past the deck's end
    /// (the deck or its PDF shrank), and the talk resumes at the last scene instead.
    public func resumeTarget(for record: TalkJournal.Record) -> (scene: Int, clamped: Bool) {
        var scene = min(max(0, record.scene), sceneCount - 1)
        if let kind = record.sceneKind {
            let was = ReloadPosition.Anchor(kind: kind, title: record.sceneTitle)
            scene = ReloadPosition.index(of: was, near: record.scene, in: deck.scenes.map(ReloadPosition.Anchor.init))
        }
        let found = record.sceneKind.map { deck.scenes[scene].kind == $0 && deck.scenes[scene].title == record.sceneTitle } ?? false
        return (scene, record.scene >= sceneCount && !found)
    }

    /// The resume question for `record`, naming the scene the talk would resume at as this deck
    /// has it (clamped, and saying so, when the journaled one is gone).
    public func resumeQuestion(for record: TalkJournal.Record, now: Double) -> String {
        let t = resumeTarget(for: record)
        // Named as the console names it: no page number beside the slide's (`PlaceTitle`).
        let scene = deck.scenes[t.scene]
        let title = scene.title != nil ? PlaceTitle.name(scene.title, placeName: scene.placeName) : PlaceTitle.name(t.scene == record.scene ? record.sceneTitle : nil)
        return record.resumeQuestion(at: t.scene, title: title, clampedTo: t.clamped ? sceneCount : nil, place: countsSlides ? placeName(of: t.scene) : nil, now: now)
    }

    /// Asks the speaker whether to resume `record` (the question of `resumeQuestion(for:now:)`,
    /// holding the talk until answered, see `ask`): a reload while it is open words it again for
    /// the new deck, as a launch with that deck would, so it never names a scene that is gone.
    /// `now` gives wall-clock time (Unix seconds) each time it is worded.
    /// A clicker's next, previous or F5 resumes (the likely answer); Esc asks again and only a
    /// second Esc starts fresh (`PendingQuestion.escapeAgain`).
    /// While the speaker decides the room is black (or stays white, if it was covered white when
    /// the talk stopped): not the first scene, which would tell the room the talk starts over
    /// when it most likely resumes, nor the journaled scene, whose code and place would be shown
    /// before the speaker chose it (and taken back on "start fresh"). Resuming shows the place
    /// (covered again if it was covered); starting fresh uncovers the first scene.
    public func askToResume(_ record: TalkJournal.Record, now: @escaping () -> Double = { Date().timeIntervalSince1970 },
                            holding: String, onConfirm: @escaping () -> Void, onCancel: @escaping () -> Void) {
        audienceMode = record.coveredMode ?? .black
        ask(resumeQuestion(for: record, now: now()), timeout: nil, otherKeysCancel: false, holding: holding,
            escapeAgain: TalkJournal.Record.escapeAgain, choices: ("Resume", "Start Fresh"),
            onConfirm: { [weak self] in
                // `resume(from:)` covers the room again if it was covered.
                self?.audienceMode = .normal
                onConfirm()
            }, onCancel: { [weak self] in
                self?.audienceMode = .normal
                onCancel()
            })
        pendingQuestion?.reword = { [weak self] in self?.resumeQuestion(for: record, now: now()) ?? "" }
    }
}
