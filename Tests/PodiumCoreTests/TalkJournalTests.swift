import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// The talk journal: where it lives, atomic saves only on a change, the resume arithmetic.
@MainActor
final class TalkJournalTests: XCTestCase {
    var dir: URL!
    override func setUp() async throws { dir = TestPaths.tempDir("podium-journal") }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    func record(scene: Int = 3, started: Bool = true, elapsed: Double = 100, paused: Bool = false, at: Double = 1000) -> TalkJournal.Record {
        TalkJournal.Record(deck: "/talks/t.pdf", scene: scene, sceneTitle: "Results", page: scene + 1, started: started, elapsed: elapsed, paused: paused, savedAt: at)
    }

    func testLivesUnderXDGStateHomeOrHome() async {
        let a = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"])
        XCTAssertTrue(a.file.path.hasPrefix("/state/podium/journal-"), a.file.path)
        let b = TalkJournal(deckPath: "/talks/t.pdf", environment: ["HOME": "/home/u"])
        XCTAssertTrue(b.file.path.hasPrefix("/home/u/.local/state/podium/journal-"), b.file.path)
        let c = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"])
        XCTAssertTrue(c.file.path.hasPrefix("/home/u/.local/state/"), "a relative XDG_STATE_HOME is ignored, as the spec says")
        XCTAssertEqual(a.file.lastPathComponent, TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": "/x"]).file.lastPathComponent)
        XCTAssertNotEqual(a.file.lastPathComponent, TalkJournal(deckPath: "/talks/other.pdf", environment: ["XDG_STATE_HOME": "/state"]).file.lastPathComponent)
    }

    /// A deck opened through a symbolic link (a talk linked from a repository) and through its
    /// own path is one talk: the same journal, so a resume and the one-per-deck lock find it.
    func testADeckThroughALinkHasTheJournalOfItsTarget() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("journal-link-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("repo"), withIntermediateDirectories: true)
        let target = dir.appendingPathComponent("repo/talk.json").path, link = dir.appendingPathComponent("talk.json").path
        XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: Data("{}".utf8)))
        XCTAssertEqual(symlink("repo/talk.json", link), 0)
        let env = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        XCTAssertEqual(TalkJournal(deckPath: link, environment: env).file, TalkJournal(deckPath: target, environment: env).file)
        XCTAssertNotEqual(TalkJournal(deckPath: link, environment: env).file,
                          TalkJournal(deckPath: dir.appendingPathComponent("other.json").path, environment: env).file)
    }

    func testSavesOnChangeAtomicallyAndEnds() async throws {
        var j = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": dir.path])
        XCTAssertNil(try j.read())
        XCTAssertTrue(try j.save(record()))
        XCTAssertEqual(try j.read(), record())
        XCTAssertFalse(try j.save(record(elapsed: 110, at: 1010)), "a running timer's progress alone is no change")
        XCTAssertTrue(try j.save(record(elapsed: 110, paused: true, at: 1010)), "a pause is")
        XCTAssertTrue(try j.save(record(scene: 4, elapsed: 110, paused: true, at: 1020)), "a scene change is")
        XCTAssertEqual(try j.read()?.scene, 4)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: j.file.deletingLastPathComponent().path)
        XCTAssertEqual(leftovers, [j.file.lastPathComponent], "no temporary file stays behind")
        j.end()
        XCTAssertNil(try j.read(), "a clean quit ends the journal")
    }

    /// The place is encoded once per change (issue 19: the watcher's copy and the journal each
    /// encoded it anew, twice every advance): a running timer's progress encodes nothing, a
    /// pause or another scene encodes once, and the journal writes the bytes it is given.
    func testThePlaceIsEncodedOncePerChangeAndTheJournalWritesThoseBytes() async throws {
        var places = PlaceEncoder()
        var j = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": dir.path])
        let first = try XCTUnwrap(try places.encodedIfChanged(record()))
        XCTAssertEqual(try JSONDecoder().decode(TalkJournal.Record.self, from: first), record())
        XCTAssertNil(try places.encodedIfChanged(record(elapsed: 110, at: 1010)), "a running timer's progress alone is no change")
        XCTAssertNil(try places.encodedIfChanged(record(elapsed: 130, at: 1030)))
        XCTAssertEqual(places.encodings, 1, "the same place is not encoded again")
        let paused = try XCTUnwrap(try places.encodedIfChanged(record(elapsed: 130, paused: true, at: 1030)), "a pause is a change")
        XCTAssertNotNil(try places.encodedIfChanged(record(scene: 4, elapsed: 130, paused: true, at: 1040)), "another scene is")
        XCTAssertEqual(places.encodings, 3)

        // The journal writes the bytes it was given (here those of the paused record, saved with it).
        XCTAssertTrue(try j.save(record(elapsed: 130, paused: true, at: 1030), encoded: paused))
        XCTAssertEqual(FileManager.default.contents(atPath: j.file.path), paused)
        XCTAssertFalse(try j.save(record(elapsed: 130, paused: true, at: 1031), encoded: paused), "no change, no write")
    }

    /// After its first write the journal is rewritten in place (no inode made and freed on every
    /// advance, issue 19): the same file, a shorter record leaves nothing of the longer one, and a
    /// journal deleted or replaced meanwhile is written anew, not into the file it replaced.
    func testSavesRewriteTheJournalInPlace() async throws {
        var j = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": dir.path])
        func inode() throws -> Int { (try FileManager.default.attributesOfItem(atPath: j.file.path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1 }
        var long = record(scene: 4)
        long.sceneTitle = String(repeating: "A long title ", count: 20)
        XCTAssertTrue(try j.save(long))
        let first = try inode()
        XCTAssertTrue(try j.save(record(scene: 5)))
        XCTAssertEqual(try inode(), first, "rewritten in place")
        XCTAssertEqual(try j.read(), record(scene: 5), "a shorter record reads back whole, nothing of the longer one after it")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: j.file.deletingLastPathComponent().path), [j.file.lastPathComponent])

        try FileManager.default.removeItem(at: j.file)
        XCTAssertTrue(try j.save(record(scene: 6)))
        XCTAssertEqual(try j.read()?.scene, 6, "a journal deleted meanwhile is written again")
        let replaced = j.file.deletingLastPathComponent().appendingPathComponent("other")
        try Data("{}".utf8).write(to: replaced)
        XCTAssertEqual(rename(replaced.path, j.file.path), 0)
        XCTAssertTrue(try j.save(record(scene: 7)))
        XCTAssertEqual(try j.read()?.scene, 7, "a journal replaced meanwhile is written, not the file it replaced")
        var huge = record(scene: 8)
        huge.sceneTitle = String(repeating: "x", count: 5000)
        XCTAssertTrue(try j.save(huge))
        XCTAssertEqual(try j.read(), huge, "a record over a page goes through a temporary file")
        XCTAssertTrue(try j.save(record(scene: 9)))
        XCTAssertEqual(try j.read(), record(scene: 9))
        j.end()
        XCTAssertNil(try j.read())
    }

    func testADamagedJournalIsAnErrorNamingTheFile() async throws {
        let j = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": dir.path])
        try FileManager.default.createDirectory(at: j.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"deck\":".utf8).write(to: j.file)
        XCTAssertThrowsError(try j.read()) { XCTAssertTrue("\($0)".hasPrefix(j.file.path), "\($0)") }
    }

    func testAnUnwritableFolderIsAnErrorNamingTheFile() async throws {
        let blocker = dir.appendingPathComponent("file")
        try Data().write(to: blocker)
        var j = TalkJournal(deckPath: "/talks/t.pdf", environment: ["XDG_STATE_HOME": blocker.path])
        XCTAssertThrowsError(try j.save(record())) { XCTAssertTrue("\($0)".contains(j.file.path), "\($0)") }
    }

    func testResumeCountsDowntimeOnlyWhileRunning() async {
        XCTAssertEqual(record(elapsed: 100, at: 1000).elapsed(resumingAt: 1060), 160, "the speaker talked on while Podium was down")
        XCTAssertEqual(record(elapsed: 100, paused: true, at: 1000).elapsed(resumingAt: 1060), 100)
        XCTAssertEqual(record(started: false, elapsed: 0, at: 1000).elapsed(resumingAt: 1060), 0)
        XCTAssertEqual(record(elapsed: 100, at: 1000).resumeQuestion(sceneCount: 10, now: 1625),
                       "Resume the interrupted talk at scene 4 “Results”, 12:05 elapsed? Return, Page Down or F5 resumes · Esc twice starts fresh")
        XCTAssertEqual(record(scene: 12, elapsed: 100, paused: true).resumeQuestion(sceneCount: 5, now: 5000),
                       "Resume the interrupted talk at scene 5 (the deck's last: it has 5 scenes now, the talk was at scene 13), 1:40 elapsed (paused)? Return, Page Down or F5 resumes · Esc twice starts fresh")
        XCTAssertFalse(record(scene: 0, started: false, elapsed: 0).isWorthResuming)
        XCTAssertTrue(record(scene: 2, started: false, elapsed: 0).isWorthResuming)
    }

    /// A room frozen on one scene while the speaker went on stays frozen on that scene after a
    /// resume; when its scene is gone from the deck, the room is covered black instead of
    /// showing the speaker's scene.
    /// A registry with scene kind "a" and a deck of five "a" scenes titled S0…S4.
    func fiveScenes() -> (PluginRegistry, Deck) {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        return (r, Deck(title: "T", scenes: (0..<5).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json"))
    }

    func testAFrozenRoomStaysFrozenOnWhatItSawAcrossAResume() async {
        var now = 50.0
        let (r, deck) = fiveScenes()
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { now })
        p.audience.resize(to: Size(800, 450))
        p.goTo(1); p.perform(.freeze); p.goTo(3); now += 5
        let rec = p.journalRecord(now: 9000)
        XCTAssertEqual(rec.frozenScene, 1); XCTAssertEqual(rec.frozenSceneTitle, "S1"); XCTAssertEqual(rec.scene, 3)

        let q = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { now })
        q.audience.resize(to: Size(800, 450))
        q.resume(from: rec, now: 9001)
        XCTAssertTrue(q.isFrozen); XCTAssertEqual(q.frozenScene, 1, "frozen on what the room saw")
        XCTAssertEqual(q.currentIndex, 3, "the speaker is where they were")
        XCTAssertEqual(q.audienceMode, .normal)

        // The frozen scene is gone: covered, never the speaker's scene.
        let changed = Deck(title: "T", scenes: [0, 2, 3, 4].map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json")
        let c = Presentation(deck: changed, registry: r, metrics: FixedMetrics(), clock: { now })
        c.audience.resize(to: Size(800, 450))
        c.resume(from: rec, now: 9001)
        XCTAssertEqual(c.audienceMode, .black); XCTAssertFalse(c.isFrozen)
        XCTAssertEqual(c.currentIndex, 2, "S3, found in the changed deck")
    }

    /// Trial 15 m7: `f` before the talk's first advance (on its first scene, timer not started)
    /// is a place worth resuming: a restart after a kill resumes with the room still frozen.
    func testAFreezeBeforeTheFirstAdvanceIsResumed() async {
        let (r, deck) = fiveScenes()
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        p.audience.resize(to: Size(800, 450))
        XCTAssertFalse(p.journalRecord(now: 0).isWorthResuming, "nothing happened yet")
        p.perform(.freeze)
        let rec = p.journalRecord(now: 0)
        XCTAssertFalse(rec.started); XCTAssertEqual(rec.scene, 0); XCTAssertEqual(rec.frozenScene, 0)
        XCTAssertTrue(rec.isWorthResuming, "the room is frozen: a restart must keep it so")

        let q = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        q.audience.resize(to: Size(800, 450))
        q.resume(from: rec, now: 0)
        XCTAssertTrue(q.isFrozen); XCTAssertEqual(q.frozenScene, 0)
        XCTAssertFalse(q.talk.isStarted, "still before the first advance")
    }

    func testPresentationRecordsAndResumesItsPlace() async {
        var now = 50.0
        let (r, deck) = fiveScenes()
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { now })
        p.goTo(2); now += 42; p.perform(.pauseTimer)
        let rec = p.journalRecord(now: 9000)
        var expected = TalkJournal.Record(deck: "/talks/t.json", scene: 2, sceneTitle: "S2", sceneKind: "a", page: nil, started: true, elapsed: 42, paused: true, savedAt: 9000)
        expected.sceneStart = 0   // the talk started on going to scene 2
        XCTAssertEqual(rec, expected)

        let q = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { now })
        q.resume(from: rec, now: 9999)
        XCTAssertEqual(q.currentIndex, 2)
        XCTAssertEqual(q.elapsed, 42); XCTAssertTrue(q.talk.isPaused)
        XCTAssertEqual(q.talk.sceneElapsed(at: now), 42, "the time on the scene is kept too")
        let running = TalkJournal.Record(deck: "/talks/t.json", scene: 9, sceneTitle: nil, page: nil, started: true, elapsed: 60, paused: false, savedAt: 100)
        q.resume(from: running, now: 130)
        XCTAssertEqual(q.currentIndex, 4, "clamped to the deck")
        XCTAssertEqual(q.elapsed, 90); XCTAssertFalse(q.talk.isPaused)
        now += 10
        XCTAssertEqual(q.elapsed, 100, "and runs on")

        // The deck changed before the relaunch (a scene inserted at the start): S2 is found.
        let changed = Deck(title: "T", scenes: ([DeckScene(kind: "a", title: "New")] + (0..<5).map { DeckScene(kind: "a", title: "S\($0)") }), path: "/talks/t.json")
        let r2 = Presentation(deck: changed, registry: r, metrics: FixedMetrics(), clock: { now })
        r2.resume(from: rec, now: 9999)
        XCTAssertEqual(r2.currentIndex, 3)
        XCTAssertEqual(r2.title(at: 3), "S2")
    }

    /// A room the speaker had blacked out (or whited out) stays covered across a crash: the
    /// journal keeps the cover, the room keeps it while the resume question is open, resuming
    /// keeps it, and only starting fresh uncovers the room.
    func testACoveredRoomStaysCoveredAcrossAResume() async throws {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        let deck = Deck(title: "T", scenes: (0..<5).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        p.goTo(3)
        XCTAssertNil(p.journalRecord(now: 0).audienceMode, "an uncovered room journals no cover")
        // Covered before the talk started, on its first scene: still worth resuming (a crash
        // must not uncover the room).
        let q0 = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        XCTAssertFalse(q0.journalRecord(now: 0).isWorthResuming)
        q0.audienceMode = .white
        XCTAssertTrue(q0.journalRecord(now: 0).isWorthResuming)
        p.audienceMode = .black
        let rec = p.journalRecord(now: 0)
        XCTAssertEqual(rec.audienceMode, "black")
        XCTAssertTrue(rec.differs(from: { var r = rec; r.audienceMode = nil; return r }()), "a blackout is a change worth saving")
        var journal = TalkJournal(deckPath: "/talks/t.json", environment: ["XDG_STATE_HOME": dir.path])
        XCTAssertTrue(try journal.save(rec))
        XCTAssertEqual(try journal.read()?.audienceMode, "black", "kept on disk")

        for confirm in [true, false] {
            let q = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
            q.askToResume(rec, now: { 0 }, holding: "answer", onConfirm: { q.resume(from: rec, now: 0) }, onCancel: {})
            XCTAssertEqual(q.audienceMode, .black, "covered while the speaker decides")
            XCTAssertTrue(q.audienceState.isCovered)
            q.answerQuestion(confirm)
            XCTAssertEqual(q.audienceMode, confirm ? .black : .normal, confirm ? "resumed: still covered" : "started fresh: uncovered")
            XCTAssertEqual(q.currentIndex, confirm ? 3 : 0)
        }
        let direct = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        var white = rec; white.audienceMode = "white"
        direct.resume(from: white, now: 0)   // `--resume`, and the restart after a crash
        XCTAssertEqual(direct.audienceMode, .white)
        var odd = rec; odd.audienceMode = "purple"
        let fresh = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        fresh.resume(from: odd, now: 0)
        XCTAssertEqual(fresh.audienceMode, .normal, "an unknown cover is ignored")
    }

    /// One podium per deck, but one just told to quit lets go within moments (its `quit` reply
    /// comes before its exit): a launch waits `graceSeconds` for the lock before refusing.
    func testTheTalkLockWaitsBrieflyForAPodiumThatIsQuitting() async throws {
        let env = ["XDG_STATE_HOME": dir.path]
        // The other podium: a flock on the deck's lock file, as TalkLock takes it.
        let lockFile = TalkJournal(deckPath: "/talks/t.pdf", environment: env).file.deletingPathExtension().appendingPathExtension("lock").path
        try FileManager.default.createDirectory(atPath: (lockFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let other = open(lockFile, O_RDWR | O_CREAT, 0o600)
        XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), 0)
        XCTAssertThrowsError(try TalkLock.acquire(deckPath: "/talks/t.pdf", environment: env, graceSeconds: 0), "held: refused")
        // It lets go 0.3 s later, while this launch waits.
        Thread.detachNewThread { usleep(300_000); close(other) }
        XCTAssertNotNil(try TalkLock.acquire(deckPath: "/talks/t.pdf", environment: env, graceSeconds: 1.5), "taken once the other let go")
    }

    /// A PDF with overlays: the question names the slide as the console's position label does
    /// (`slide 2/3 (2/2)`), not the page as a scene number the speaker never sees.
    func testTheQuestionNamesTheSlideOfAPDFWithOverlays() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "pdf", summary: "") { _, _ in RecordingScene("P") }]))
        // Pages 1, 2a, 2b, 3: page labels group the second and third into slide 2.
        let labels = ["1", "2", "2", "3"]
        // Titled and named as the PDF opener does: "Page 2" is no name beside the slide's number.
        let deck = Deck(title: "T", scenes: labels.map { var s = DeckScene(kind: "pdf", title: "Page \($0)", slide: $0); s.placeName = ""; return s }, path: "/talks/t.pdf")
        let rec = TalkJournal.Record(deck: "/talks/t.pdf", scene: 2, sceneTitle: "Page 2", sceneKind: "pdf", page: 3,
                                     position: ["page": 3], started: true, elapsed: 100, paused: true, savedAt: 0)
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        XCTAssertEqual(p.resumeQuestion(for: rec, now: 0),
                       "Resume the interrupted talk at slide 2/3 (2/2), 1:40 elapsed (paused)? Return, Page Down or F5 resumes · Esc twice starts fresh")
        // No page number beside the slide's (trial 18 m7). The same name for a restart's notice
        // (trial 16 m7: "killed on scene 3 “Page 2”").
        XCTAssertEqual(p.placeName(of: 2), "slide 2/3 (2/2)")
        XCTAssertEqual(Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "pdf"), DeckScene(kind: "pdf")], path: "/t.json"), registry: r,
                                    metrics: FixedMetrics(), clock: { 0 }).placeName(of: 1), "scene 2", "no overlays: scenes")
    }

    /// The deck (a PDF) shrank before the relaunch: the question names a scene that exists, with
    /// its title as the deck has it now, says the talk was further on, and resumes there.
    func testAShrunkDeckResumesAtItsLastSceneAndTheQuestionSaysSo() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "pdf", summary: "") { _, _ in RecordingScene("P") }]))
        let rec = TalkJournal.Record(deck: "/talks/t.pdf", scene: 9, sceneTitle: "10", sceneKind: "pdf", page: 10,
                                     position: ["page": 10], started: true, elapsed: 100, paused: true, savedAt: 0)
        let shrunk = Deck(title: "T", scenes: (1...4).map { DeckScene(kind: "pdf", title: "\($0)") }, path: "/talks/t.pdf")
        let p = Presentation(deck: shrunk, registry: r, metrics: FixedMetrics(), clock: { 0 })
        XCTAssertEqual(p.resumeTarget(for: rec).scene, 3)
        XCTAssertTrue(p.resumeTarget(for: rec).clamped)
        XCTAssertEqual(p.resumeQuestion(for: rec, now: 0),
                       "Resume the interrupted talk at scene 4 “4” (the deck's last: it has 4 scenes now, the talk was at scene 10), 1:40 elapsed (paused)? Return, Page Down or F5 resumes · Esc twice starts fresh")
        p.resume(from: rec, now: 0)
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertTrue((p.currentScene as? RecordingScene)?.received.isEmpty ?? true, "the old scene's page is not handed to another scene")
        // Still long enough: the same scene, not clamped, named as the deck has it.
        let same = Deck(title: "T", scenes: (1...12).map { DeckScene(kind: "pdf", title: "\($0)") }, path: "/talks/t.pdf")
        let q = Presentation(deck: same, registry: r, metrics: FixedMetrics(), clock: { 0 })
        XCTAssertFalse(q.resumeTarget(for: rec).clamped)
        XCTAssertEqual(q.resumeQuestion(for: rec, now: 0), "Resume the interrupted talk at scene 10 “10”, 1:40 elapsed (paused)? Return, Page Down or F5 resumes · Esc twice starts fresh")
    }

    /// The deck shrank while the resume question was open (a reload): the question is worded
    /// again exactly as a launch with the shrunk deck words it, and Return resumes there.
    func testAReloadWhileTheResumeQuestionIsOpenWordsItAgain() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "pdf", summary: "") { _, _ in RecordingScene("P") }]))
        let rec = TalkJournal.Record(deck: "/talks/t.pdf", scene: 7, sceneTitle: "Page 5", sceneKind: "pdf", page: 8,
                                     position: ["page": 8], started: true, elapsed: 100, paused: true, savedAt: 0)
        let eight = Deck(title: "T", scenes: (1...8).map {
            var s = DeckScene(kind: "pdf", title: $0 == 8 ? "Page 5" : "\($0)")
            if $0 == 8 { s.placeName = "" }   // as the PDF opener names a page titled by its number
            return s
        }, path: "/talks/t.pdf")
        let p = Presentation(deck: eight, registry: r, metrics: FixedMetrics(), clock: { 0 })
        var resumed = false
        p.askToResume(rec, now: { 0 }, holding: "answer", onConfirm: { p.resume(from: rec, now: 0); resumed = true }, onCancel: {})
        XCTAssertEqual(p.question, "Resume the interrupted talk at scene 8, 1:40 elapsed (paused)? Return, Page Down or F5 resumes · Esc twice starts fresh")

        let four = Deck(title: "T", scenes: (1...4).map { DeckScene(kind: "pdf", title: "\($0)") }, path: "/talks/t.pdf")
        p.replaceDeck(four)
        let atLaunch = Presentation(deck: four, registry: r, metrics: FixedMetrics(), clock: { 0 }).resumeQuestion(for: rec, now: 0)
        XCTAssertEqual(p.question, atLaunch)
        XCTAssertEqual(p.question, "Resume the interrupted talk at scene 4 “4” (the deck's last: it has 4 scenes now, the talk was at scene 8), 1:40 elapsed (paused)? Return, Page Down or F5 resumes · Esc twice starts fresh")
        XCTAssertEqual(p.talkHold, "answer", "still holding the talk")
        XCTAssertEqual(p.console.banner.text, atLaunch, "the banner shows the new wording")
        p.answerQuestion(true)
        XCTAssertTrue(resumed)
        XCTAssertEqual(p.currentIndex, 3)
    }

    /// Relaunched without `--duration` (from a launcher, or `--resume` alone), the talk keeps
    /// the plan it had: the countdown does not jump and the amber warning still comes.
    func testResumeKeepsTheJournaledPlanUnlessTheCommandLineGivesOne() async {
        var now = 0.0
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        var planned = Deck(title: "T", durationMinutes: 20, scenes: (0..<4).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json")
        planned.lastMinutes = 3; planned.endSlide = 3
        let p = Presentation(deck: planned, registry: r, metrics: FixedMetrics(), clock: { now })
        p.goTo(1); now += 300
        let rec = p.journalRecord(now: 1000)
        XCTAssertEqual(rec.durationMinutes, 20); XCTAssertEqual(rec.lastMinutes, 3); XCTAssertEqual(rec.endSlide, 3)

        let bare = Deck(title: "T", scenes: (0..<4).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json")
        let q = Presentation(deck: bare, registry: r, metrics: FixedMetrics(), clock: { now })
        XCTAssertNil(q.talk.plannedTotal)
        q.resume(from: rec, now: 1000)
        XCTAssertEqual(q.talk.plannedTotal, 1200, "the 20 minutes come back")
        XCTAssertEqual(q.deck.lastMinutes, 3); XCTAssertEqual(q.endScene, 2)
        XCTAssertEqual(q.elapsed, 300)

        var given = bare; given.durationMinutes = 30
        let g = Presentation(deck: given, registry: r, metrics: FixedMetrics(), clock: { now })
        g.resume(from: rec, now: 1000, keepingPlan: false)
        XCTAssertEqual(g.talk.plannedTotal, 1800, "--duration on this command line wins")

        // An end time, once the talk started, is journaled as the length it had become.
        var ending = bare; ending.endTimeMinutes = 23 * 60 + 59
        let e = Presentation(deck: ending, registry: r, metrics: FixedMetrics(), clock: { now })
        e.goTo(1)
        let er = e.journalRecord(now: 1000)
        XCTAssertNil(er.endTimeMinutes)
        XCTAssertEqual(er.durationMinutes, e.talk.plannedTotal.map { $0 / 60 })
        XCTAssertNotNil(er.durationMinutes)
    }
}
