import PodiumCore
import PodiumKit
import XCTest

/// `SceneCrash`: which scene a restart skips after a crash or hang laid to its plugin code, and
/// that the log line, the presenter notice and the error card name it alike (1-based, with its
/// title; "stopped responding" for a hang, "crashed" for a crash). Trial 10 F6.
final class SceneCrashTests: XCTestCase {
    func testTheRoomsOwnSceneGetsASecondTryAnotherSceneIsSkippedAtOnce() {
        // The room was on scene index 1 and the restart resumes there; the code of index 2 (its
        // next preview) hung: the room never needed it, skip it now instead of a second hang.
        let preview = SceneCrash(index: 2, times: 1, kind: .hang, resumesAt: 1)
        XCTAssertTrue(preview.roomWasElsewhere)
        XCTAssertTrue(preview.skips)
        // The room's own scene (its place journaled there) hung once: one more try.
        let own = SceneCrash(index: 2, times: 1, kind: .hang, resumesAt: 2)
        XCTAssertFalse(own.roomWasElsewhere)
        XCTAssertFalse(own.skips)
        XCTAssertTrue(SceneCrash(index: 2, times: 2, kind: .crash, resumesAt: 2).skips, "twice in a row")
        // No place kept (the talk crashed before it journaled one): where the room was is
        // unknown, so only twice in a row skips.
        XCTAssertFalse(SceneCrash(index: 2, times: 1, kind: .crash, resumesAt: nil).skips)
        XCTAssertTrue(SceneCrash(index: 2, times: 2, kind: .crash, resumesAt: nil).skips)
    }

    func testTheWatchersValueIsParsedAndBadValuesAreNone() {
        XCTAssertEqual(SceneCrash(environment: "2 1", kind: "hang", resumesAt: 1), SceneCrash(index: 2, times: 1, kind: .hang, resumesAt: 1))
        XCTAssertEqual(SceneCrash(environment: "0 3", kind: "crash", resumesAt: nil)?.kind, .crash)
        XCTAssertEqual(SceneCrash(environment: "0 3", kind: nil, resumesAt: nil)?.kind, .crash, "an older watcher says no kind: a crash")
        for bad in ["-1 0", "2", "2 0", "a b", "", "2 1 7", "2 1 0123456789ag", "2 1 0123456789a", "2 1 0123456789ab x"] {
            XCTAssertNil(SceneCrash(environment: bad, kind: "hang", resumesAt: 0), bad)
        }
        XCTAssertEqual(SceneCrash(environment: "2 1 0123456789ab", kind: "crash", resumesAt: 1), SceneCrash(index: 2, times: 1, kind: .crash, resumesAt: 1))
        XCTAssertEqual(SceneCrash.identity(environment: "2 1 0123456789ab"), "0123456789ab")
        XCTAssertNil(SceneCrash.identity(environment: "2 1"), "an older watcher names no entry")
    }

    /// Review31 #8: a scene inserted before the crashed one (the deck saved between the crash and
    /// the restart) moved it one on; the restart skipped the inserted scene, the one now at the
    /// crashed index, and did not finish the move the speaker was making.
    func testTheCrashedSceneIsFoundByItsEntryInADeckEditedBeforeTheRestart() {
        func entry(_ title: String) -> DeckScene { DeckScene(kind: "text", parameters: SceneParameters(["title": .string(title)])) }
        let before = [entry("A"), entry("B"), entry("C"), entry("D")]
        let after = [entry("New"), entry("A"), entry("B"), entry("C"), entry("D")]
        let b = SceneCode.identity(of: before[1])
        // Scene B's code crashed while the room was on C (its preview, say).
        let crash = SceneCrash(index: 1, times: 1, kind: .crash, resumesAt: 2)
        let found = crash.found(identity: b, in: after, movedTo: nil)
        XCTAssertEqual(found?.index, 2, "B, where the edit put it")
        XCTAssertEqual(found?.resumesAt, 3, "C moved by as much")
        XCTAssertEqual(found?.roomWasElsewhere, true)
        XCTAssertEqual(found?.skips, true)
        // Leaving B for D (`movingTo`, found by D's own entry): the room goes on to D.
        XCTAssertEqual(crash.found(identity: b, in: after, movedTo: 4)?.resumesAt, 4)
        // The same deck: the same scene and place.
        XCTAssertEqual(crash.found(identity: b, in: before, movedTo: nil), crash)
        // B deleted by the edit: nothing of it to skip (not A, now at its index).
        XCTAssertNil(crash.found(identity: b, in: [entry("A"), entry("C"), entry("D")], movedTo: nil))
        // A watcher that names no entry: the index as reported.
        XCTAssertEqual(crash.found(identity: nil, in: after, movedTo: nil), crash)
        // Of two equal entries, the one at the reported index.
        let twice = [entry("B"), entry("B")]
        XCTAssertEqual(SceneCrash(index: 1, times: 1, kind: .crash, resumesAt: 1).found(identity: b, in: twice, movedTo: nil)?.index, 1)
    }

    /// The log and the notice agree: the trial's log said "scene 2 (hello) crashed the talk 2
    /// times" (0-based, no title, "crashed" for a hang) while the notice said "scene 3 “Buggy”
    /// stopped responding".
    func testLogNoticeAndCardNameTheSceneAlike() {
        let name = "scene 3 “Buggy”", plain = "sees a plain background until you leave this scene"
        let preview = SceneCrash(index: 2, times: 1, kind: .hang, resumesAt: 1)
        let m = preview.restartMessage(name: name, room: plain)
        XCTAssertEqual(m.notice, "Podium stopped responding in scene 3 “Buggy” while the room was on another scene and restarted; scene 3 “Buggy” is skipped until its parameters change.")
        XCTAssertEqual(m.log, m.notice)
        XCTAssertEqual(preview.skipLogLine(name: name), "scene 3 “Buggy” stopped the talk responding while the room was on another scene; skipped until its parameters change")
        XCTAssertEqual(preview.card.heading, "This scene stopped the talk responding")
        XCTAssertTrue(preview.card.error.contains("stopped Podium responding while the room was on another scene"), preview.card.error)

        let again = SceneCrash(index: 2, times: 2, kind: .hang, resumesAt: 2)
        XCTAssertEqual(again.restartMessage(name: name, room: plain).notice, "Podium stopped responding again in scene 3 “Buggy” and restarted; that scene is skipped until its parameters change, and the room sees a plain background until you leave this scene.")
        XCTAssertEqual(again.skipLogLine(name: name), "scene 3 “Buggy” stopped the talk responding 2 times in a row; skipped until its parameters change")

        let crash = SceneCrash(index: 2, times: 2, kind: .crash, resumesAt: 2)
        XCTAssertEqual(crash.skipLogLine(name: name), "scene 3 “Buggy” crashed the talk 2 times in a row; skipped until its parameters change")
        XCTAssertEqual(crash.card.heading, "This scene crashed the talk")
        XCTAssertTrue(crash.card.error.contains("crashed Podium 2 times in a row"), crash.card.error)

        let first = SceneCrash(index: 2, times: 1, kind: .hang, resumesAt: 2).restartMessage(name: name, room: plain)
        XCTAssertEqual(first.log, "scene 3 “Buggy” stopped responding (its plugin code hung the talk); restarted")
        XCTAssertEqual(first.notice, "Scene 3 “Buggy” stopped responding; restarted. If it hangs again, that scene is skipped.")
        let firstCrash = SceneCrash(index: 2, times: 1, kind: .crash, resumesAt: 2).restartMessage(name: name, room: plain)
        XCTAssertEqual(firstCrash.log, "the talk crashed in the plugin code of scene 3 “Buggy”; restarted")
        for line in [m.log, m.notice, again.skipLogLine(name: name), first.log, firstCrash.notice] {
            XCTAssertFalse(line.contains("scene 2"), "never the 0-based number: \(line)")
        }
    }

    /// Skipped entries (`SceneSkips.swift`) are carried to the next restart by identity, within
    /// the watcher's bytes; identities are stable and follow the kind and every parameter.
    func testSkippedEntriesAreCarriedByIdentity() {
        let a = SceneCode.identity(kind: "example", parameters: ["greeting": .string("crash"), "color": .string("#fff")])
        XCTAssertEqual(a, SceneCode.identity(kind: "example", parameters: ["color": .string("#fff"), "greeting": .string("crash")]), "key order does not matter")
        XCTAssertEqual(a.count, 12)
        XCTAssertNotEqual(a, SceneCode.identity(kind: "example", parameters: ["greeting": .string("crash!"), "color": .string("#fff")]))
        XCTAssertNotEqual(a, SceneCode.identity(kind: "other", parameters: ["greeting": .string("crash"), "color": .string("#fff")]))
        let entries = [a: SceneCrash(index: -1, times: 1, kind: .hang, resumesAt: nil, checking: true),
                       "00000000000b": SceneCrash(index: 2, times: 1, kind: .crash, resumesAt: 1)]
        let text = SceneCode.carriedEntries(entries)
        XCTAssertFalse(text.contains("\n"))
        XCTAssertEqual(SceneCode.skippedEntries(carried: text), entries)
        XCTAssertEqual(SceneCode.skippedEntries(carried: "short 1 crash 1 1 0,\(a) x crash 1 1 0"), [:], "malformed entries are left out")
        let many = Dictionary(uniqueKeysWithValues: (0..<40).map { (String(format: "%012x", $0), SceneCrash(index: 999, times: 2, kind: .crash, resumesAt: 1000)) })
        XCTAssertLessThanOrEqual(SceneCode.carriedEntries(many).utf8.count, 200, "within the watcher's 511 bytes with room for the other keys")
        XCTAssertTrue(SceneCrash(index: -1, times: 1, kind: .crash, resumesAt: nil, checking: true).skips, "a crash checking an entry skips it at once")
    }

    /// Trial 17 M2: the scenes a talk skips are carried to every later restart, each as it was
    /// skipped (the card says why), whatever a restart's own crash was.
    func testSkippedScenesAreCarriedToTheNextRestart() {
        let skipped = [2: SceneCrash(index: 2, times: 1, kind: .crash, resumesAt: 1),
                       5: SceneCrash(index: 5, times: 2, kind: .hang, resumesAt: nil)]
        let text = SceneCrash.carried(skipped)
        XCTAssertEqual(text, "2 1 crash 1,5 2 hang -1")
        XCTAssertFalse(text.contains("\n"), "one line, as the watcher's carried values are")
        XCTAssertEqual(SceneCrash.skipped(carried: text), skipped)
        XCTAssertEqual(SceneCrash.skipped(carried: text)[2]?.card.error, skipped[2]?.card.error)
        XCTAssertEqual(SceneCrash.skipped(carried: ""), [:])
        XCTAssertEqual(SceneCrash.skipped(carried: "2 1 crash 1,x,3 0 crash 1,4 1 burn 1,-1 1 crash 1").keys.sorted(), [2], "malformed entries are left out")
        let many = Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, SceneCrash(index: $0, times: 2, kind: .crash, resumesAt: 1000)) })
        XCTAssertLessThanOrEqual(SceneCrash.carried(many).utf8.count, 300, "within the watcher's 511 bytes with room for the other keys")
    }
}
