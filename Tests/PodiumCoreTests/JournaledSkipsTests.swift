import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Closing note 16 (plugsafe11 gap): the scenes a talk skips after its plugin code crashed or
/// hung it were kept only in the crash watcher's memory, so a `podium present --resume` by hand
/// (the watcher killed with the talk) ran that code again and the talk died again. They are kept
/// with the journal, by entry (kind and parameters), and a launch reading it skips them too.
@MainActor
final class JournaledSkipsTests: XCTestCase {
    var checked: [String] = []

    override func setUp() async throws { SceneCode.skipped = [:]; SceneCode.skippedEntries = [:] }
    override func tearDown() async throws { SceneCode.skipped = [:]; SceneCode.skippedEntries = [:] }

    func registry() -> PluginRegistry {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "probe", summary: "", validate: { p in self.checked.append((try? p.string("mode")) ?? "") }) { _, _ in SceneCodeTests.ProbeScene("made") },
        ]))
        return r
    }

    func deck(_ r: PluginRegistry, bad: String = "bad") throws -> Deck {
        let json = Data(#"{ "title": "T", "scenes": [ { "kind": "probe", "parameters": { "mode": "fine" } }, { "kind": "probe", "title": "Crashed twice", "parameters": { "mode": "crash" } }, { "kind": "probe", "title": "Bad", "parameters": { "mode": "\#(bad)" } } ] }"#.utf8)
        return try Deck.parse(json, path: "/tmp/journaled-skips.json", kinds: r.validators)
    }

    func testAResumeWithoutTheWatcherSkipsWhatTheJournalSaysWasSkipped() async throws {
        let state = TestPaths.tempDir("journaled-skips")
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["HOME": state.path, "XDG_STATE_HOME": state.path]
        let r = registry()

        // The watcher's restart: scene 2 skipped by index (its `make` crashed twice), the entry
        // "bad" by identity (its `validate` crashed as the deck was read).
        let bad = SceneCode.identity(kind: "probe", parameters: ["mode": .string("bad")])
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 2, kind: .crash, resumesAt: 1)]
        SceneCode.skippedEntries = [bad: SceneCrash(index: -1, times: 1, kind: .hang, resumesAt: nil, checking: true)]
        let restarted = Presentation(deck: try deck(r), registry: r, metrics: FixedMetrics(), clock: { 100 })
        restarted.goTo(0)
        var journal = TalkJournal(deckPath: "/tmp/journaled-skips.json", environment: env)
        try journal.save(restarted.journalRecord(now: 1000))

        // The watcher and the talk are killed; `present --resume` by hand knows nothing of them
        // but the journal on disk.
        SceneCode.skipped = [:]; SceneCode.skippedEntries = [:]
        let record = try XCTUnwrap(try TalkJournal(deckPath: "/tmp/journaled-skips.json", environment: env).read())
        XCTAssertEqual(SceneCode.adoptJournaledSkips(try XCTUnwrap(record.skippedScenes, "the journal keeps the skips")), 2)
        checked = []
        let resumed = Presentation(deck: try deck(r), registry: r, metrics: FixedMetrics(), clock: { 100 })
        XCTAssertEqual(checked, ["fine"], "no skipped entry is checked: the validate that stopped the talk is not run again")
        resumed.resume(from: record, now: 1001)
        XCTAssertTrue(resumed.goTo(1))
        XCTAssertTrue(resumed.currentScene is ErrorCardScene, "the scene that crashed twice is not made again")
        XCTAssertTrue(resumed.currentScene.presenterView.accessibilityLabel?.contains("crashed Podium 2 times in a row here") == true,
                      resumed.currentScene.presenterView.accessibilityLabel ?? "")
        XCTAssertTrue(resumed.goTo(2))
        XCTAssertTrue(resumed.currentScene.presenterView.accessibilityLabel?.contains("stopped Podium responding while checking this scene's parameters") == true,
                      resumed.currentScene.presenterView.accessibilityLabel ?? "")
        XCTAssertEqual(SceneCode.adoptJournaledSkips(record.skippedScenes ?? [:]), 0, "nothing new a second time")
    }

    /// Changing the skipped entry's parameters tries it afresh, as a reload does; and a talk
    /// that skips nothing journals no skips.
    func testAnEntryWithOtherParametersIsTriedAfresh() async throws {
        let r = registry()
        XCTAssertNil(Presentation(deck: try deck(r), registry: r, metrics: FixedMetrics(), clock: { 100 }).journalRecord(now: 1).skippedScenes)
        let bad = SceneCode.identity(kind: "probe", parameters: ["mode": .string("bad")])
        SceneCode.adoptJournaledSkips([bad: SceneCrash(index: -1, times: 1, kind: .crash, resumesAt: nil, checking: true)])
        checked = []
        let p = Presentation(deck: try deck(r, bad: "fixed"), registry: r, metrics: FixedMetrics(), clock: { 100 })
        XCTAssertEqual(checked, ["fine", "crash", "fixed"])
        XCTAssertTrue(p.goTo(2))
        XCTAssertFalse(p.currentScene is ErrorCardScene)
    }
}
