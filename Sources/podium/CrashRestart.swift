import CCrashWatch
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit
import PodiumSDL

/// A talk that crashes comes back by itself where it was (`--resume`), so the room sees black
/// for the length of a launch instead of the desktop until the speaker notices and types a command.
/// A watcher process (`podium_crash_watch`) restarts the same binary with the same arguments
/// (plus `--resume` once the place is journaled) after a crash signal, or after a kill the talk
/// did not ask for (SIGKILL from the out-of-memory killer or `kill -9`: trial 13 F5); a quit
/// (`q`, Ctrl+Q, SIGTERM, SIGINT: `quitting`) ends the talk. A main loop that has not come round
/// for 10 s (a plugin hanging on the main thread, `heartbeat`) is ended by the watcher and
/// restarted the same way.
/// At most `maxRestarts` within `windowSeconds`; `PODIUM_RESTART_ON_CRASH=0` turns it off.
enum CrashRestart {
    static let maxRestarts: Int32 = 3
    static let windowSeconds = 60.0

    /// The talk's place is journaled from now on: a restart after a crash resumes it without
    /// asking (before, it asks the resume question again, as this process was doing).
    static func placeIsJournaled() { podium_crash_watch_armed() }

    /// This process is the watcher's restart of a talk that crashed.
    static var isRestart: Bool { ProcessInfo.processInfo.environment["PODIUM_CRASH_RESTARTS"] != nil }

    /// Where the crash this process restarts after was (`PODIUM_CRASHED_SCENE`, from the watcher):
    /// the 0-based scene whose plugin code ran (`SceneCode`) and how many crashes in a row were
    /// in it, counted in the deck this restart read (`findCrashedScene(in:)`); nil before that,
    /// when not a restart, when no scene's code ran, or when that scene's entry is gone.
    /// The scene the restart resumes at is the crashed talk's kept place (`carriedPlace`), so a
    /// scene whose code ran while the room was elsewhere (the next preview) is skipped at once.
    private(set) nonisolated(unsafe) static var crashedScene: SceneCrash?

    /// The crash as the watcher reported it, counted in the deck the crashed talk read (before
    /// this restart reads one: `crashedScene` is it found in that deck).
    static var reportedCrash: SceneCrash? {
        let env = ProcessInfo.processInfo.environment
        guard isRestart, let v = env["PODIUM_CRASHED_SCENE"] else { return nil }
        // Leaving the scene for another (`movingTo`): the restart resumes on that one, and the
        // scene left, as one the room was no longer to see, is skipped at once.
        return SceneCrash(environment: v, kind: env["PODIUM_CRASH_KIND"], resumesAt: movingTo ?? carriedPlace?.scene)
    }

    /// Finds `reportedCrash` in `deck`, the deck this restart read, by the scene's entry
    /// (review31 #8: a deck edited before the restart moved the scene's index); sets `crashedScene`.
    static func findCrashedScene(in deck: Deck) {
        guard let v = ProcessInfo.processInfo.environment["PODIUM_CRASHED_SCENE"] else { return }
        crashedScene = reportedCrash?.found(identity: SceneCrash.identity(environment: v), in: deck.scenes, movedTo: movingTo(in: deck))
    }

    /// The scenes the talk before skipped (`SceneCrash.carried`), each skipped again here; empty
    /// when not a restart.
    static var carriedSkips: [Int: SceneCrash] { carried["skipped"].map(SceneCrash.skipped(carried:)) ?? [:] }

    /// The entries the talk before skipped by kind and parameters (`SceneCode.skippedEntries`).
    static var carriedSkippedEntries: [String: SceneCrash] { carried["skippedEntries"].map(SceneCode.skippedEntries(carried:)) ?? [:] }

    /// The entry whose plugin `validate` ran when the talk before crashed or hung (its identity
    /// and kind, `SceneCode.validating`), skipped by this restart: it reads the same deck and
    /// would run that code again before its first frame (trial 20 M1). Nil otherwise.
    static var validationCrash: (identity: String, kind: String, crash: SceneCrash)? {
        guard let v = carried["validating"], !afterKill else { return nil }
        let parts = v.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0].count == 12 else { return nil }
        return (parts[0], parts[1], SceneCrash(index: -1, times: 1, kind: afterHang ? .hang : .crash, resumesAt: nil, checking: true))
    }

    /// Keeps the scenes this talk skips (`SceneCode.skipped`, `SceneCode.skippedEntries`) for the
    /// watcher's next restart.
    @MainActor static func carrySkips() {
        carry("skipped", SceneCode.skipped.isEmpty ? nil : SceneCrash.carried(SceneCode.skipped))
        carry("skippedEntries", SceneCode.skippedEntries.isEmpty ? nil : SceneCode.carriedEntries(SceneCode.skippedEntries))
        carry("kindCrashes", SceneCode.validateCrashesByKind.isEmpty ? nil : SceneCode.carriedKindCounts())
    }

    /// What the crashed talk carried over to this restart (`carry`), by key; empty when not a restart.
    static let carried: [String: String] = {
        guard isRestart, let text = ProcessInfo.processInfo.environment["PODIUM_CRASH_CARRY"] else { return [:] }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            values[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return values
    }()

    private nonisolated(unsafe) static var carrying: [String: String] = [:]

    /// Keeps `value` (one line, no newline) under `key` for a restart after a crash (all values
    /// together at most 511 bytes); nil removes it. E.g. the phone remote's tokens and port.
    static func carry(_ key: String, _ value: String?) {
        // One line each: a newline in a value (an output's name) would make a line of its own,
        // read by the restart and the watcher as another key (review27: `validating=`).
        carrying[key] = value.map { $0.contains("\n") ? $0.replacing("\n", with: " ") : $0 }
        func text(without dropped: Set<String>) -> String {
            carrying.filter { !dropped.contains($0.key) }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        }
        // Over the watcher's 511 bytes the whole write would be refused: what matters least
        // (a windowed console's frame) goes first, the skips and the room's display stay.
        var t = text(without: [])
        if t.utf8.count > 511 { t = text(without: ["presenterFrame"]) }
        if t.utf8.count > 511 { t = text(without: ["presenterFrame", "coverKeys"]) }
        // Refused whole: a restart would lose the skips and the entry being validated (review28);
        // said once, as it should not happen with the values carried today.
        if podium_crash_watch_carry(t) != 0, podium_crash_watch_running() == 1, !saidCarryRefused {
            saidCarryRefused = true
            printError("podium: what a restart after a crash would carry over (\(t.utf8.count) bytes: \(carrying.keys.sorted().joined(separator: ", "))) is over the watcher's 511; a restart would start without it")
        }
    }
    private nonisolated(unsafe) static var saidCarryRefused = false

    /// Whether this process restarts after a hang (the watcher ended a talk whose main loop had
    /// stopped coming round, `heartbeat`) rather than after a crash.
    static var afterHang: Bool { isRestart && ProcessInfo.processInfo.environment["PODIUM_CRASH_KIND"] == "hang" }

    /// Whether this process restarts after the talk before was killed from outside (SIGKILL,
    /// `PODIUM_CRASH_KIND=kill`) rather than after a crash or a hang.
    static var afterKill: Bool { isRestart && ProcessInfo.processInfo.environment["PODIUM_CRASH_KIND"] == "kill" }

    /// The talk is quitting on purpose (a quit, SIGTERM or SIGINT received): a kill from now on
    /// (a second Ctrl+C, a SIGKILL ending a slow quit) restarts nothing. Any thread.
    static func quitting() { podium_crash_watch_stopping() }

    /// The main loop came round: the watcher restarts a talk whose loop has not for 10 s.
    static func heartbeat() {
        if !loopBeats { loopBeats = true; podium_crash_watch_first_frame() }
        podium_crash_watch_heartbeat()
    }

    /// Whether the main loop stamps the heartbeat yet. Before (loading the deck, making the first
    /// scenes), a plugin's code is watched alone: stamped as it starts, unwatched once it
    /// returned (`pluginCode`), so a `validate` or `make` hanging before the first frame is
    /// ended after the same 10 s and the restart skips it (trial 20 M1: a restart hung for good).
    private nonisolated(unsafe) static var loopBeats = false
    private static func pluginCode(running: Bool) {
        guard !loopBeats else { return }
        if running { podium_crash_watch_heartbeat() } else { podium_crash_watch_heartbeat_stop() }
    }

    private nonisolated(unsafe) static var retaining = false

    /// While the watcher runs, the X server keeps the talk's windows (the room's last frame) when
    /// it dies without a word (SIGKILL), until the watcher's cover is over the room and it frees
    /// them (`podium_crash_watch_retained`): the room never sees the desktop in between. Nothing
    /// without a watcher or off X11. Main thread (the windows' X connection).
    /// `log`: told when the watcher ends first (nothing restarts the talk from then on).
    @MainActor static func retainWindowsOnDeath(_ window: PlatformWindow, log: @escaping @MainActor (String) -> Void) {
        guard !retaining, podium_crash_watch_running() == 1 else { return }
        let resource = X11CloseDown.retainOnDeath(window)
        guard resource != 0 else { return }
        retaining = true
        if podium_crash_watch_retained(resource) != 0 { destroyWindowsOnClose(); return }
        // A watcher that ends (killed, "kill the watcher first") would free nothing the X server
        // kept: the talk's windows go with it again, as soon as the main loop hears of it.
        startDetachedThread {
            podium_crash_watch_wait_gone()
            Task { @MainActor in
                guard retaining else { return }   // quitting: its own end
                destroyWindowsOnClose()
                log("the crash watcher ended (killed?): a crash or kill no longer restarts the talk")
            }
        }
    }

    /// A quit on purpose (or the watcher gone): the talk's windows go with its X connection
    /// again, so nothing of it stays on the X server. Before SDL closes its display; main thread.
    @MainActor static func destroyWindowsOnClose() {
        guard retaining else { return }
        X11CloseDown.destroyOnClose()
        retaining = false
        _ = podium_crash_watch_retained(0)
    }
    /// The loop ended (a quit): however long shutting down takes, it is not a hang.
    static func heartbeatStop() { podium_crash_watch_heartbeat_stop() }

    private nonisolated(unsafe) static var placeCarried: TalkJournal.Record?
    /// This restart carries the blackout pressed during a hang on until its place does.
    private nonisolated(unsafe) static var carriesBlackout = false

    /// Keeps the talk's place in the watcher's memory (`podium_crash_watch_place`) when it
    /// changed, so a restart resumes it even when the journal cannot be written. Returns false
    /// when it cannot be kept there (no watcher, or the record is over 4 KB).
    /// `encoded`: the record's bytes (`PlaceEncoder`), made once for the journal too.
    @discardableResult
    static func carryPlace(_ record: TalkJournal.Record, encoded: Data) -> Bool {
        if let last = placeCarried, !record.differs(from: last) { return true }
        guard podium_crash_watch_place(String(decoding: encoded, as: UTF8.self)) == 0 else { return false }
        placeCarried = record
        // The place carries the room's mode from now on (`blackedOutWhileHung` set it before).
        if carriesBlackout { carriesBlackout = false; carry("blackedOut", nil) }
        return true
    }

    /// The crashed talk's place (`carryPlace`), nil when not a restart or it kept none.
    static var carriedPlace: TalkJournal.Record? {
        guard isRestart, let text = ProcessInfo.processInfo.environment["PODIUM_CRASH_PLACE"], !text.isEmpty else { return nil }
        return try? JSONDecoder().decode(TalkJournal.Record.self, from: Data(text.utf8))
    }

    /// From now on the watcher knows which scene's plugin code runs (`SceneCode.marker`), and a
    /// reload makes the next crash or hang the first in a row again (`SceneCode.didForget`).
    @MainActor static func traceSceneCode() {
        SceneCode.marker = { index in
            pluginCode(running: index >= 0)
            guard let id = SceneCode.identity(ofScene: index) else { return Int(podium_crash_watch_scene(Int32(clamping: index), nil)) }
            return Int(podium_crash_watch_scene(Int32(clamping: index), id))
        }
        SceneCode.validating = { entry in carry("validating", entry); pluginCode(running: entry != nil) }
        SceneCode.didForget = { podium_crash_watch_forget(); carrySkips() }
        SceneCode.leaving = { to in carry("movingTo", to.map { "\($0.index) \($0.identity)" }) }
    }

    /// The scene (0-based) a move was going to when the talk before crashed or hung in the
    /// `willResignCurrent` of the scene it left (`SceneCode.leaving`); nil otherwise, and after a
    /// kill from outside, which no scene's code is to blame for.
    static var movingTo: Int? { movingToCarried?.index }

    /// That scene in `deck`, the deck the restart read (edited since, maybe): the scene at its
    /// index if it is the same entry, else the first scene with its identity; nil when gone.
    static func movingTo(in deck: Deck) -> Int? {
        movingToCarried.flatMap { SceneCode.index(of: $0.identity, in: deck.scenes, preferring: $0.index) }
    }

    private static var movingToCarried: (index: Int, identity: String)? {
        guard !afterKill, let v = carried["movingTo"] else { return nil }
        let parts = v.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let i = Int(parts[0]), i >= 0 else { return nil }
        return (i, parts[1])
    }

    /// Tells the watcher the blackout keys (`KeyMap.blackoutKeysyms`): pressed while the talk
    /// is hung, the watcher sees them on the X server and covers the room black at once, and the
    /// restart keeps it black (`blackedOutWhileHung`).
    static func carryCoverKeys(_ keyMap: KeyMap) {
        let keys = keyMap.blackoutKeysyms.prefix(8).map(String.init).joined(separator: " ")
        carry("coverKeys", keys.isEmpty ? nil : keys)
    }

    /// The blackout key was pressed while the talk before was hung (the watcher covered the room
    /// then): this restart keeps the room black.
    static var blackedOutWhileHung: Bool { carried["blackedOut"] == "1" }

    /// Keys other than the blackout key pressed on the talk while it was hung (the watcher saw
    /// them on the X server once the loop was 1.5 s late): lost with it, and the restart says so
    /// (trial 32 m6: the speaker could not tell whether a Page Down counted). 0 otherwise.
    static var keysLostWhileHung: Int { carried["keysLost"].flatMap { Int($0) }.map { max(0, $0) } ?? 0 }

    /// The first frame of this restart is drawn: the black cover the watcher kept over the room
    /// since the talk before died comes down (nothing when there is none).
    static func uncover() { podium_crash_watch_uncover() }

    /// This talk holds the room's lock on the X server (`X11AudienceLock`) for `deckPath`: on a
    /// crash or hang the watcher's cover takes it over before this process dies and holds it for
    /// the restart (`podium_crash_watch_audience`), so no other talk takes the room meanwhile.
    static func holdsAudience(deckPath: String) { podium_crash_watch_audience(deckPath) }

    /// In a restart: the token that takes the room's lock over from the watcher's cover
    /// (`podium_crash_watch_handover`); nil otherwise.
    static var handover: String? { podium_crash_watch_handover().map { String(cString: $0) } }

    private nonisolated(unsafe) static var reportedLayout: [Int32] = []

    /// Tells the watcher which displays the windows are placed for and which one the room sees
    /// (`podium_crash_watch_layout`; X pixels), when that changed. Only on X11 (`x11`): the
    /// watcher compares them with the X server's outputs while the loop is late, and covers the
    /// room's display from a crash until the restart's first frame. `room` nil: no fullscreen
    /// audience window (windowed, or the preview), nothing to cover. `spare`: the displays the
    /// talk only covers black (`DisplayPolicy.spareDisplays`), which the watcher covers too.
    static func reportLayout(displays: [Rect], room: Rect?, spare: [Rect], x11: Bool) {
        func ints(_ r: Rect) -> [Int32] { [r.x, r.y, r.width, r.height].map { Int32(clamping: Int($0.rounded())) } }
        let rects = x11 ? displays.prefix(8).flatMap(ints) : []
        let spareInts = x11 ? spare.prefix(8).flatMap(ints) : []
        let roomInts = x11 ? room.map(ints) ?? [0, 0, 0, 0] : [0, 0, 0, 0]
        let values = rects + roomInts + spareInts
        guard values != reportedLayout else { return }
        reportedLayout = values
        rects.withUnsafeBufferPointer { r in roomInts.withUnsafeBufferPointer { room in spareInts.withUnsafeBufferPointer { s in
            podium_crash_watch_layout(r.baseAddress, Int32(rects.count / 4), room.baseAddress, s.baseAddress, Int32(spareInts.count / 4))
        } } }
    }

    /// Call before anything of the talk is opened (plugins, the journal lock, the display):
    /// the watcher is forked from this process and must hold none of it.
    /// Returns what to log, or nil when there is no watcher.
    static func startWatcher() -> String? {
        let env = ProcessInfo.processInfo.environment
        guard env["PODIUM_RESTART_ON_CRASH"] != "0" else { return nil }
        // The watcher adds `--resume` once the talk's place is journaled (`placeIsJournaled`).
        let copies = CommandLine.arguments.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let status = (copies + [nil]).withUnsafeBufferPointer { podium_crash_watch($0.baseAddress, maxRestarts, windowSeconds) }
        guard status == 0 else { return "no restart after a crash: the watcher could not start (\(String(cString: strerror(errno))))" }
        // A watcher that ends first (killed) is reaped, not left a zombie beside the talk, on
        // every video driver (trial 29).
        _ = startDetachedThread(name: "podium reaper") { podium_crash_watch_wait_gone() }
        // Plugins that keep what a restart needs (the PDF plugin's last good copy of a PDF, for a
        // restart while the file is broken) do it only in a talk that can be restarted.
        setenv("PODIUM_CRASH_WATCHED", "1", 1)
        // The room blacked out during a hang stays black through a second crash before this
        // talk's place is carried (review28 #7: one in a plugin's `validate` showed the slide).
        if blackedOutWhileHung { carry("blackedOut", "1"); carriesBlackout = true }
        // Before anything is loaded, so no copy this talk writes can be taken for an old one; a
        // restart's own copies are minutes old. A few stat calls: the folder holds a file per talk.
        LastGoodCopies.prune(LastGoodCopies.folder())
        if let h = env["PODIUM_CRASH_RESTARTS"] {
            let f = h.split(separator: " ")
            // Blamed on a scene's plugin code (its `validate` included): counted apart, with a
            // budget of its own (the watcher's `scene_restarts`: 4 times the talk's), since that
            // scene or entry is skipped.
            let scene = env["PODIUM_CRASHED_SCENE"]?.split(separator: " ").first.flatMap { Int($0) } ?? -1
            if !afterKill, scene >= 0 || validationCrash != nil, f.count >= 3 {
                return "restarted after a \(afterHang ? "hang" : "crash") in a scene's plugin code (\(f[2]) of at most \(4 * maxRestarts) within \(Int(windowSeconds)) s; the talk's own \(maxRestarts) are kept)"
            }
            if let n = f.first { return "restarted after \(afterKill ? "a kill" : "a crash") (\(n) of at most \(maxRestarts) within \(Int(windowSeconds)) s)" }
        }
        return nil
    }
}
