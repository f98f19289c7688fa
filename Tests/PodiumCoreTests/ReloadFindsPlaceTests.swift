import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A reload that finds the place by content reads the scenes' content off the main thread
/// (`replaceDeckFindingPlace`): the console handles input meanwhile, the version on screen stays,
/// and what the speaker pressed acts on the new version at the right place afterwards.
@MainActor
final class ReloadFindsPlaceTests: XCTestCase {
    var made: [RecordingScene] = []

    func registry() -> PluginRegistry {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "pdf", summary: "") { _, _ in let s = RecordingScene("S\(self.made.count)"); self.made.append(s); return s },
        ]))
        return r
    }
    /// Pages as (label, content key); `read` runs on every content read (on whatever thread reads).
    func deck(_ pages: [(String, String)], read: @escaping @Sendable () -> Void = {}) -> Deck {
        Deck(title: "T", scenes: pages.map { page in
            var s = DeckScene(kind: "pdf", title: page.0, parameters: SceneParameters(["page": .string(page.1)]))
            s.content = { read(); return [page.1] }
            return s
        }, path: "/tmp/t.pdf")
    }
    /// Runs the main thread's mailbox until `condition` holds (at most 30 s).
    func drain(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition() && Date() < deadline {
            MainThreadMailbox.shared.drain()
            RunLoop.current.run(until: Date().addingTimeInterval(0.005))
        }
        return condition()
    }

    func testTheMainThreadHandlesAKeyWhileTheContentIsReadAndTheKeyActsOnTheNewVersion() async {
        // The background read waits until the main thread has handled a key: had the read run on
        // the main thread, the key could not come first (the wait would time out).
        let handled = Latch(), waitedForMain = Latch()
        let old = deck([("1", "intro"), ("2", "method"), ("3", "results"), ("4", "end")]) {
            if handled.wait(seconds: 20) { waitedForMain.open() }
        }
        let p = Presentation(deck: old, registry: registry(), metrics: FixedMetrics(), clock: { 100 })
        p.goTo(1)   // "method"
        let room = p.audience.content.subviews.first?.subviews.first
        // A frame inserted before it: label "2" is now the new frame's.
        var doneAt: Int?
        p.replaceDeckFindingPlace(deck([("1", "intro"), ("2", "extra"), ("3", "method"), ("4", "results"), ("5", "end")])) { _ in doneAt = p.currentIndex }
        XCTAssertTrue(p.isFindingReloadPlace)
        p.press(Key("Page Down"))   // next, pressed during the search
        XCTAssertEqual(p.currentIndex, 1, "the key waits for the new version")
        XCTAssertEqual(p.sceneCount, 4, "the version on screen stays meanwhile")
        XCTAssertTrue(p.audience.content.subviews.first?.subviews.first === room, "the room keeps its picture")
        handled.open()
        XCTAssertTrue(drain { !p.isFindingReloadPlace }, "the search ends")
        XCTAssertTrue(waitedForMain.isOpen, "the content was read while the main thread handled the key")
        XCTAssertEqual(doneAt, 2, "the reload found “method” by its content")
        XCTAssertEqual(p.sceneCount, 5)
        XCTAssertEqual(p.currentIndex, 3, "then the key moved the new version on from there")
        XCTAssertEqual(p.title(at: p.currentIndex), "4")
    }

    func testALaterReloadSupersedesAndAGoToFollowsItsScene() async {
        let gate = Latch()
        let old = deck([("1", "a"), ("2", "b"), ("3", "c")]) { _ = gate.wait(seconds: 20) }
        let p = Presentation(deck: old, registry: registry(), metrics: FixedMetrics(), clock: { 100 })
        var done: [String] = []
        p.replaceDeckFindingPlace(deck([("1", "a"), ("2", "b"), ("3", "c"), ("4", "d")])) { _ in done.append("first") }
        p.replaceDeckFindingPlace(deck([("1", "x"), ("2", "a"), ("3", "b"), ("4", "c")])) { _ in done.append("second") }
        XCTAssertTrue(p.goTo(2), "“c”, asked for by its old index")
        XCTAssertEqual(p.currentIndex, 0)
        gate.open()
        XCTAssertTrue(drain { !p.isFindingReloadPlace && done.count == 1 })
        MainThreadMailbox.shared.drain()
        XCTAssertEqual(done, ["second"], "the superseded reload is dropped")
        XCTAssertEqual(p.sceneCount, 4)
        XCTAssertEqual(p.currentIndex, 3, "“c” in the new version")
    }

    func testWithoutContentTheDeckIsReplacedAtOnce() async {
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "pdf", title: "1")], path: "/tmp/t.json"), registry: registry(), metrics: FixedMetrics(), clock: { 100 })
        var seconds: Double?
        p.replaceDeckFindingPlace(Deck(title: "T", scenes: [DeckScene(kind: "pdf", title: "1"), DeckScene(kind: "pdf", title: "2")], path: "/tmp/t.json")) { seconds = $0 }
        XCTAssertEqual(seconds, 0)
        XCTAssertFalse(p.isFindingReloadPlace)
        XCTAssertEqual(p.sceneCount, 2)
    }
}

/// Opened once on one thread; another waits for it.
private final class Latch: @unchecked Sendable {
    private let c = NSCondition()
    private var opened = false
    var isOpen: Bool { c.lock(); defer { c.unlock() }; return opened }
    func open() { c.lock(); opened = true; c.broadcast(); c.unlock() }
    /// Whether it opened within `seconds`.
    func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        c.lock(); defer { c.unlock() }
        while !opened, c.wait(until: deadline) {}
        return opened
    }
}
