import Foundation
@testable import PodiumCore
import PodiumKit
import XCTest

/// The talk's place is written by hand (`PlaceJSON`, issue 19: `JSONEncoder` cost 0.10–0.12 ms
/// of every advance before the room's frame). The watcher and the journal must keep the same
/// bytes as before: `JSONEncoder`'s with sorted keys, byte for byte, for records with every
/// field, none of the optional ones, strings needing escapes and scene states of every kind.
final class PlaceJSONTests: XCTestCase {
    func jsonEncoder(_ r: TalkJournal.Record) throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return try e.encode(r)
    }

    func full() -> TalkJournal.Record {
        var r = TalkJournal.Record(deck: "/home/me/talks/Große Rede \"final\"\\v2.pdf", scene: 12, sceneTitle: "Tabs\tnew\nline \u{1}\u{1f} é 😀 \u{2028}",
                                   sceneKind: "pdf", page: 13, position: ["zoom": .number(1.5), "at": .array([.number(3), .number(-0.25), .null]),
                                                                          "Page": .bool(true), "b10": .string("x/y"), "b9": .object(["z": .number(1e20), "a": .number(1e-7)])],
                                   started: true, elapsed: 1234.567, paused: false, savedAt: 1_764_654_000.123456)
        r.sceneState = .object(["text": "Sigur Rós", "search": "part 3", "n": .number(123456789012345678), "neg": .number(-0.0)])
        r.durationMinutes = 45; r.endTimeMinutes = 17 * 60 + 30; r.lastMinutes = 2.5; r.endSlide = 19
        r.audienceMode = "black"; r.sceneStart = 1200.25
        r.frozenScene = 11; r.frozenSceneTitle = "Frozen / here"; r.frozenSceneKind = "pdf"; r.startTime = 1_764_650_000
        r.removedSceneTitle = "Cut “here”"
        r.leftScenes = [.init(scene: 2, kind: "bands", title: "The \"Bands\" / all", state: .object(["selected": .number(7), "z": .array([.null, .bool(true)])])),
                        .init(scene: 5, kind: "map", title: nil, state: .string("café"))]
        r.skippedScenes = ["00ab12cd34ef": SceneCrash(index: 2, times: 2, kind: .crash, resumesAt: 1),
                           "0000000000a9": SceneCrash(index: -1, times: 1, kind: .hang, resumesAt: nil, checking: true)]
        return r
    }

    func testTheBytesAreJSONEncodersWithSortedKeys() async throws {
        let bare = TalkJournal.Record(deck: "/t.pdf", scene: 0, sceneTitle: nil, page: nil, started: false, elapsed: 0, paused: false, savedAt: 0)
        var states = TalkJournal.Record(deck: "d", scene: 3, sceneTitle: "", page: 1, started: true, elapsed: -0.5, paused: true, savedAt: 5e-324)
        var records = [bare, full()]
        for s: JSONValue in [.null, .bool(false), .number(42), .number(0.1), .string("q\"\\/"), .array([]), .object([:])] {
            states.sceneState = s; records.append(states)
        }
        for r in records {
            let mine = try PlaceEncoder.encode(r)
            XCTAssertEqual(String(decoding: mine, as: UTF8.self), String(decoding: try jsonEncoder(r), as: UTF8.self))
            // (A scene state of JSON null reads back as none, with JSONEncoder's bytes too.)
            if r.sceneState != .null { XCTAssertEqual(try JSONDecoder().decode(TalkJournal.Record.self, from: mine), r) }
        }
    }

    func testANumberJSONCannotHoldIsRefusedNamingItsField() async throws {
        var r = full(); r.elapsed = .nan
        XCTAssertThrowsError(try PlaceEncoder.encode(r)) { XCTAssertEqual("\($0)", "the talk's place has a number JSON cannot hold in elapsed") }
        r = full(); r.sceneState = .array([.number(.infinity)])
        XCTAssertThrowsError(try PlaceEncoder.encode(r)) { XCTAssertEqual("\($0)", "the talk's place has a number JSON cannot hold in sceneState") }
        XCTAssertThrowsError(try jsonEncoder(r), "JSONEncoder refuses it too")
    }
}
