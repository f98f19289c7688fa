import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A deck replaced by a new version keeps the talk's place and timers; the gate waits for files
/// to settle; positions map by page label.
@MainActor
final class ReloadTests: XCTestCase {
    var made: [RecordingScene] = []
    var contexts: [SceneContext] = []
    var now = 100.0

    func registry() -> PluginRegistry {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "spot", summary: "") { _, _ in SpotScene() },
            SceneKind(name: "a", summary: "") { _, ctx in
                let s = RecordingScene("A\(self.made.count)"); self.made.append(s); self.contexts.append(ctx); return s
            },
        ]))
        return r
    }
    func deck(_ titles: [String], duration: Double? = nil) -> Deck {
        Deck(title: "T", durationMinutes: duration, scenes: titles.map { DeckScene(kind: "a", title: $0, notes: "notes \($0)") }, path: "/tmp/t.json")
    }

    func testReplacingTheDeckKeepsPlaceTimersAndUnchangedScenes() async {
        let p = Presentation(deck: deck(["1", "2", "3", "4"], duration: 10), registry: registry(), metrics: FixedMetrics(), clock: { self.now })
        p.next(); p.next()                 // the timer starts on the first advance
        now += 30
        p.perform(.pauseTimer)             // paused at 0:30
        now += 100
        let oldScene = p.currentScene
        XCTAssertEqual(p.elapsed, 30)

        p.replaceDeck(deck(["1", "2", "3", "4", "5"], duration: 20))
        XCTAssertEqual(p.currentIndex, 2, "same page")
        XCTAssertTrue(p.currentScene === oldScene, "an unchanged scene is kept, not made again")
        XCTAssertTrue(p.audience.content.subviews.first?.subviews.first === (p.currentScene as? RecordingScene)?.audienceView, "the room sees the new scene")
        XCTAssertEqual(p.elapsed, 30, "the paused timer is untouched")
        XCTAssertTrue(p.talk.isPaused)
        XCTAssertEqual(p.sceneCount, 5)
        XCTAssertEqual(p.talk.plannedTotal, 1200, "the plan comes from the new deck")
        p.perform(.pauseTimer); now += 5
        XCTAssertEqual(p.elapsed, 35, "and runs on after the reload")
        p.replaceDeck(deck(["1", "2", "3 (new title)", "4", "5"], duration: 20))
        XCTAssertFalse(p.currentScene === oldScene, "a changed scene is made again from the new deck")
        XCTAssertTrue(p.audience.content.subviews.first?.subviews.first === (p.currentScene as? RecordingScene)?.audienceView, "the room sees the new scene")
        XCTAssertEqual(p.elapsed, 35, "the timer is untouched")
    }

    func testPagesRemovedClampAndAMovedLabelIsFollowed() async {
        let p = Presentation(deck: deck(["a", "b", "c", "d"]), registry: registry(), metrics: FixedMetrics(), clock: { self.now })
        p.goTo(3)
        p.replaceDeck(deck(["a", "b"]))
        XCTAssertEqual(p.currentIndex, 1, "clamped to the last scene")
        p.replaceDeck(deck(["new", "a", "b"]))
        XCTAssertEqual(p.currentIndex, 2, "page b moved one on: follow its label")
        XCTAssertEqual(p.title(at: p.currentIndex), "b")
    }

    func testScenesOfTheOldDeckCannotTouchTheNewOne() async {
        let p = Presentation(deck: deck(["1", "2"]), registry: registry(), metrics: FixedMetrics(), clock: { self.now })
        let old = contexts[0]
        p.replaceDeck(deck(["1 changed", "2"]))
        old.reportError(SceneParameterError(path: "x", message: "late failure"))
        XCTAssertTrue(p.currentScene is RecordingScene, "no error card in the new scene's place")
        contexts.last?.reportError(SceneParameterError(path: "x", message: "now"))
        XCTAssertFalse(p.currentScene is RecordingScene, "the new scene's own error still shows")
    }

    func testAPlaceInsideTheSceneIsKeptAndJournaled() async {
        let d = Deck(title: "T", scenes: [DeckScene(kind: "a"), DeckScene(kind: "spot", title: "S")], path: "/tmp/t.json")
        let p = Presentation(deck: d, registry: registry(), metrics: FixedMetrics(), clock: { self.now })
        p.goTo(1)
        (p.currentScene as? SpotScene)?.spot = 7
        XCTAssertEqual(p.journalRecord(now: 0).position, ["spot": 7])
        p.replaceDeck(d)
        XCTAssertEqual((p.currentScene as? SpotScene)?.spot, 7, "the new scene was sent to the old one's place")
        let q = Presentation(deck: d, registry: registry(), metrics: FixedMetrics(), clock: { self.now })
        q.resume(from: p.journalRecord(now: 0), now: 0)
        XCTAssertEqual(q.currentIndex, 1)
        XCTAssertEqual((q.currentScene as? SpotScene)?.spot, 7, "and a resume goes there too")
    }

    func testReloadPositionRules() async {
        func a(_ t: [String]) -> [ReloadPosition.Anchor] { t.map { ReloadPosition.Anchor(kind: "pdf", title: $0) } }
        XCTAssertEqual(ReloadPosition.index(from: 1, old: a(["x", "y", "z"]), new: a(["x", "y", "z"])), 1)
        XCTAssertEqual(ReloadPosition.index(from: 2, old: a(["x", "y", "z"]), new: a(["x", "z"])), 1, "the page with the same label")
        XCTAssertEqual(ReloadPosition.index(from: 2, old: a(["x", "y", "z"]), new: a(["p", "q", "r", "s"])), 2, "no label matches: same index")
        XCTAssertEqual(ReloadPosition.index(from: 5, old: a(["1", "2", "3", "4", "5", "6"]), new: a(["a", "b"])), 1, "clamped")
        // Beamer overlays share a label: the nearest one to the old index wins.
        XCTAssertEqual(ReloadPosition.index(from: 3, old: a(["1", "2", "3", "3b"]), new: a(["3b", "1", "2", "x", "3b"])), 4)
        XCTAssertEqual(ReloadPosition.index(from: 0, old: a(["1"]), new: []), 0)
        // Repeated titles (trial 9): a scene inserted at the top keeps the talk on the second
        // "Demo", not the first; a page inserted in front keeps the third overlay of slide "2".
        XCTAssertEqual(ReloadPosition.index(from: 3, old: a(["Intro", "Demo", "Results", "Demo", "Results", "End"]),
                                            new: a(["New opener", "Intro", "Demo", "Results", "Demo", "Results", "End"])), 4)
        XCTAssertEqual(ReloadPosition.index(from: 3, old: a(["1", "2", "2", "2", "3", "4"]), new: a(["0", "1", "2", "2", "2", "3", "4"])), 4)
        XCTAssertEqual(ReloadPosition.index(from: 2, old: a(["A", "X", "A"]), new: a(["A", "A"])), 1, "the scene before it removed")
        XCTAssertEqual(ReloadPosition.index(from: 1, old: a(["A", "Old title", "C"]), new: a(["A", "New title", "C"])), 1,
                       "the current scene retitled: it stays where it was")
    }

    /// Trial 16 M2: Beamer's labels are frame numbers, so a frame inserted before the current one
    /// gives the new frame the current one's label; the page with the same content wins.
    func testReloadPositionFindsThePageWithTheSameContentFirst() async {
        func a(_ pages: [(String, String)]) -> [ReloadPosition.Anchor] { pages.map { p in ReloadPosition.Anchor(kind: "pdf", title: p.0, content: { [p.1] }) } }
        let old = a([("1", "intro"), ("2", "method"), ("3", "results"), ("4", "end")])
        XCTAssertEqual(ReloadPosition.index(from: 2, old: old, new: a([("1", "intro"), ("2", "method"), ("3", "extra"), ("4", "results"), ("5", "end")])), 3,
                       "the same page, not the inserted one with its label")
        // Overlays: the same overlay of the slide.
        XCTAssertEqual(ReloadPosition.index(from: 3, old: a([("1", "intro"), ("2", "a"), ("2", "a+b"), ("2", "a+b+c"), ("3", "end")]),
                                            new: a([("1", "intro"), ("2", "zero"), ("3", "a"), ("3", "a+b"), ("3", "a+b+c"), ("4", "end")])), 4)
        // No page with its content (edited, or hidden now: not in the deck): the label rule, then the index.
        XCTAssertEqual(ReloadPosition.index(from: 2, old: old, new: a([("1", "intro"), ("2", "method"), ("3", "results, fixed"), ("4", "end")])), 2)
        XCTAssertEqual(ReloadPosition.index(from: 3, old: old, new: a([("1", "intro"), ("2", "x"), ("3", "y")])), 2, "clamped")
        // Scenes without a fingerprint (a JSON deck) keep the label rule.
        XCTAssertEqual(ReloadPosition.index(from: 1, old: [.init(kind: "title", title: "A"), .init(kind: "title", title: "B")],
                                            new: [.init(kind: "title", title: "B"), .init(kind: "title", title: "A")]), 0)
        // Fingerprints strictest first: Beamer's footline "3 / 4" changes every page's text when a
        // frame is inserted; the looser one (without digits) still finds the page.
        func b(_ pages: [(String, String, String)]) -> [ReloadPosition.Anchor] { pages.map { p in .init(kind: "pdf", title: p.0, content: { [p.1, p.2] }) } }
        XCTAssertEqual(ReloadPosition.index(from: 2, old: b([("1", "intro 1/4", "intro /"), ("2", "method 2/4", "method /"), ("3", "results 3/4", "results /"), ("4", "end 4/4", "end /")]),
                                            new: b([("1", "intro 1/5", "intro /"), ("2", "method 2/5", "method /"), ("3", "extra 3/5", "extra /"),
                                                    ("4", "results 4/5", "results /"), ("5", "end 5/5", "end /")])), 3)
        XCTAssertEqual(ReloadPosition.index(from: 1, old: b([("1", "a 1", "a"), ("2", "a 2", "a.2")]), new: b([("1", "a 2", "a.2"), ("2", "a 1", "a")])), 0,
                       "the strict fingerprint wins over the loose one")
        // The kind counts too.
        XCTAssertEqual(ReloadPosition.index(of: .init(kind: "pdf", title: "9", content: { ["results"] }), near: 0,
                                            in: [.init(kind: "gallery", title: "x", content: { ["results"] }), .init(kind: "pdf", title: "1", content: { ["results"] })]), 1)
    }

    func testGateWaitsUntilTheFilesStayStill() async {
        var g = ReloadGate(settle: 0.3)
        let f = "/tmp/talk.pdf"
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 10)], at: 0), .idle, "no change reported")
        g.changed(at: 1)
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 100)], at: 1), .wait(until: 1.3))
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 200)], at: 1.3), .wait(until: 1.6), "still growing: wait again")
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 200)], at: 1.4), .wait(until: 1.6))
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 200)], at: 1.6), .ready)
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 200)], at: 2), .idle, "loaded: idle until the next change")
        g.changed(at: 3)   // e.g. a touch that leaves the signature the same: still waits to settle
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 200)], at: 3), .wait(until: 3.3))
        XCTAssertEqual(g.poll([f: FileSignature(exists: true, size: 200)], at: 3.3), .ready)
    }

    func testFileSignatureSeesARenameAndARemoval() async throws {
        let dir = TestPaths.tempDir("podium-reload")
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("talk.pdf").path
        XCTAssertFalse(FileSignature.of(f).exists)
        try Data("one".utf8).write(to: URL(fileURLWithPath: f))
        let first = FileSignature.of(f)
        XCTAssertEqual(first.size, 3)
        let tmp = dir.appendingPathComponent("talk.pdf.tmp").path
        try Data("two".utf8).write(to: URL(fileURLWithPath: tmp))
        XCTAssertEqual(rename(tmp, f), 0)
        XCTAssertNotEqual(FileSignature.of(f).inode, first.inode, "write-then-rename gives another inode")
        try FileManager.default.removeItem(atPath: f)
        XCTAssertFalse(FileSignature.of(f).exists)
    }
}

/// A scene with a place inside it (as a PDF page range has).
final class SpotScene: ScenePositionKeeping {
    let title = "S"
    let presenterView = View(), audienceView = View()
    var spot = 0
    var position: [String: JSONValue] { ["spot": .number(Double(spot))] }
    func receive(_ p: SceneParameters) { if let n = try? p.number("spot") { spot = Int(n) } }
}
