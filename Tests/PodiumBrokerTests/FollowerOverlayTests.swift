import Foundation
import PodiumBroker
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene that shows a "mark" over its content (a stand-in for the PDF scene's drawings):
/// its overlay is `{"marks": N}`; what it was handed on a follower is kept.
@MainActor
final class MarkScene: AudienceOverlayMirroring {
    let title = "mark"
    let presenterView = View(), audienceView = View()
    var marks = 0
    /// Characters of filler in the overlay (a scene that ignores the byte limit).
    var padding = 0
    var applied: [JSONValue] = []
    var audienceOverlayRevision: Int { marks }
    func audienceOverlay(maxBytes: Int) -> JSONValue {
        marks == 0 ? .null : padding > 0 ? ["marks": .number(Double(marks)), "pad": .string(String(repeating: "x", count: padding))] : ["marks": .number(Double(marks))]
    }
    func applyAudienceOverlay(_ overlay: JSONValue) throws {
        if overlay["marks"]?.string != nil { throw JSONPathError(path: "drawings.overlay.marks", message: "expected a number, found \(overlay["marks"]!.found)") }
        applied.append(overlay)
    }
}

/// The host's side of mirrored overlays: the presenter publishes the current scene's overlay
/// when it changes, at most every `overlayInterval` per scene (a timer sends the held-back
/// change); a follower hands each scene its own overlay once.
@MainActor
final class FollowerOverlayTests: XCTestCase {
    var now = 100.0
    var p: Presentation!
    var made: [MarkScene] = []

    override func setUp() async throws {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test.mark", name: "Mark", version: "1.0.0", sceneKinds: [
            SceneKind(name: "mark", summary: "a scene with an overlay") { [weak self] _, _ in
                let s = MarkScene(); self?.made.append(s); return s
            },
        ]))
        let scenes = (0..<3).map { DeckScene(kind: "mark", title: "M\($0)", parameters: SceneParameters([:], path: "scenes[\($0)]")) }
        p = Presentation(deck: Deck(title: "T", scenes: scenes, path: "/tmp/follow-overlay-unit.json"), registry: r, metrics: FixedMetrics(),
                         clock: { [unowned self] in self.now })
    }

    func scene(_ i: Int) -> MarkScene { p.scene(at: i) as! MarkScene }

    func testPublishesTheOverlayAtMostTwentyTimesASecondAndTheLastChangeByTimer() async throws {
        let pub = try BrokerPublisher(url: BrokerURL(parsing: "mqtt://127.0.0.1:9/unit"), caFile: nil, presentation: p, deckFiles: { [] }, timers: { _ in .null })
        defer { pub.stop() }
        var said: [String] = []
        pub.log = { said.append($0) }
        XCTAssertEqual(pub.last?.drawings, ["scene": 0, "overlay": .null], "a mirroring scene with nothing over it")
        let seq0 = pub.last!.seq
        now += 0.1; scene(0).marks = 1; pub.tick()
        XCTAssertEqual(pub.last?.drawings, ["scene": 0, "overlay": ["marks": 1]])
        XCTAssertEqual(pub.last!.seq, seq0 + 1)
        // Ten changes within 50 ms: held back, then the newest goes out when the timer fires.
        for m in 2...11 { now += 0.004; scene(0).marks = m; pub.tick() }
        XCTAssertEqual(pub.last!.seq, seq0 + 1, "no message sooner than 50 ms after the last")
        XCTAssertNotNil(p.timers.nextDeadline, "a timer is set")
        now = 100.149; p.timers.fire(now: now)
        XCTAssertEqual(pub.last!.seq, seq0 + 1, "not yet: 50 ms after the last message")
        now = 100.15; p.timers.fire(now: now)
        XCTAssertEqual(pub.last?.drawings, ["scene": 0, "overlay": ["marks": 11]], "the newest change, not lost")
        XCTAssertEqual(pub.last!.seq, seq0 + 2)
        pub.tick()
        XCTAssertEqual(pub.last!.seq, seq0 + 2, "nothing changed, nothing sent")
        // Another scene goes out at once, with its own overlay.
        now += 0.001
        scene(1).marks = 7
        p.next(); pub.tick()
        XCTAssertEqual(pub.last?.scene, 1)
        XCTAssertEqual(pub.last?.drawings, ["scene": 1, "overlay": ["marks": 7]])
        XCTAssertEqual(said, [])
        // A scene over the limit: its overlay is not sent (nor anything of it), and the log says so.
        now += 1; scene(1).padding = TalkState.maxOverlayBytes; scene(1).marks = 8; pub.tick()
        XCTAssertEqual(pub.last?.drawings, ["scene": 1, "overlay": .null])
        XCTAssertLessThan(pub.last!.json.jsonString.utf8.count, 4096)
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said.first?.contains("overlay of scene 2 is 262") == true && said.first?.contains("over the 262144-byte limit; not sent") == true, "\(said)")
    }

    /// Frozen: `frozenDrawings` keeps the overlay the room's frozen frame has, while `drawings`
    /// goes on; a follower that joins during the freeze freezes with the first, then takes the second.
    func testAFreezeKeepsTheFrozenFramesOverlayForLateJoiners() async throws {
        let pub = try BrokerPublisher(url: BrokerURL(parsing: "mqtt://127.0.0.1:9/unit"), caFile: nil, presentation: p, deckFiles: { [] }, timers: { _ in .null })
        defer { pub.stop() }
        now += 1; scene(0).marks = 1; pub.tick()
        p.setFrozen(true); pub.tick()
        XCTAssertEqual(pub.last?.frozenDrawings, ["scene": 0, "overlay": ["marks": 1]])
        now += 1; scene(0).marks = 2; pub.tick()
        XCTAssertEqual(pub.last?.drawings, ["scene": 0, "overlay": ["marks": 2]], "drawn on behind the freeze")
        XCTAssertEqual(pub.last?.frozenDrawings, ["scene": 0, "overlay": ["marks": 1]], "what the room's frozen frame shows")
        let state = try XCTUnwrap(pub.last)
        XCTAssertEqual(try TalkState(payload: Data(state.json.jsonString.utf8)), state, "round trip")
        p.setFrozen(false); pub.tick()
        XCTAssertEqual(pub.last?.frozenDrawings, .null)

        // A follower's own presentation (the same deck) joins with that frozen state.
        let follower = Presentation(deck: p.deck, registry: p.registry, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        let session = try FollowerSession(url: BrokerURL(parsing: "mqtt://127.0.0.1:9/unit"), caFile: nil, presentation: follower, deckHash: pub.deckHash)
        defer { session.stop() }
        session.apply(state)
        XCTAssertTrue(follower.isFrozen)
        let shown = try XCTUnwrap(follower.scene(at: 0) as? MarkScene)
        XCTAssertEqual(shown.applied, [["marks": 1], ["marks": 2]], "frozen with the room's overlay, then the current one behind the freeze")
    }

    func testAFollowerHandsEachSceneItsOwnOverlayOnceAndLogsOneItCannotRead() async throws {
        let session = try FollowerSession(url: BrokerURL(parsing: "mqtt://127.0.0.1:9/unit"), caFile: nil, presentation: p, deckHash: "sha256:aa")
        defer { session.stop() }
        var said: [String] = []
        session.log = { said.append($0) }
        var seq = 0
        func state(_ scene: Int, _ drawings: JSONValue, pointer: Point? = nil) -> TalkState {
            seq += 1
            return TalkState(run: "r", seq: seq, sentAt: 0, deckHash: "sha256:aa", deckTitle: "T", sceneCount: 3, scene: scene, slide: scene, overlay: 0,
                             audienceMode: "normal", frozen: false, frozenScene: nil, pointer: pointer, drawings: drawings)
        }
        session.apply(state(0, ["scene": 0, "overlay": ["marks": 2]]))
        XCTAssertEqual(scene(0).applied, [["marks": 2]])
        session.apply(state(0, ["scene": 0, "overlay": ["marks": 2]], pointer: Point(0.5, 0.5)))
        XCTAssertEqual(scene(0).applied.count, 1, "a pointer move does not hand the same overlay again")
        session.apply(state(1, ["scene": 0, "overlay": ["marks": 3]]))
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertEqual(scene(1).applied, [.null], "another scene's overlay is not this scene's: nothing over it")
        XCTAssertEqual(scene(0).applied.count, 1)
        session.apply(state(1, ["scene": 1, "overlay": ["marks": "x"]]))
        XCTAssertEqual(session.status, .following, "an unreadable overlay does not stop following")
        XCTAssertTrue(said.contains { $0.contains("ignored the drawings of scene 2") && $0.contains("drawings.overlay.marks") }, "\(said)")
        session.apply(state(1, .null))
        XCTAssertEqual(scene(1).applied, [.null], "null again: already shown")
        session.apply(state(1, ["scene": 1, "overlay": ["marks": 4]]))
        XCTAssertEqual(scene(1).applied, [.null, ["marks": 4]])
    }
}
