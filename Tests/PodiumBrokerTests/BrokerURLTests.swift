import PodiumBroker
import PodiumKit
import XCTest

/// `--broker` and `podium follow` URLs: defaults, credentials kept out of logs, clear refusals.
final class BrokerURLTests: XCTestCase {
    func testDefaultsAndParts() throws {
        let a = try BrokerURL(parsing: "mqtt://broker.example")
        XCTAssertEqual([a.host, String(a.port), a.topic], ["broker.example", "1883", "podium"])
        XCTAssertFalse(a.tls)
        let b = try BrokerURL(parsing: "mqtts://alice:s%3Acret@10.0.0.5:9999/venue/hall-b/")
        XCTAssertEqual([b.host, String(b.port), b.topic, b.username, b.password], ["10.0.0.5", "9999", "venue/hall-b", "alice", "s:cret"])
        XCTAssertTrue(b.tls)
        XCTAssertEqual(b.stateTopic, "venue/hall-b/state")
        XCTAssertEqual(b.description, "mqtts://alice@10.0.0.5:9999/venue/hall-b")
        XCTAssertEqual(try BrokerURL(parsing: "mqtts://h").port, 8883)
        XCTAssertEqual(try BrokerURL(parsing: "mqtt://[::1]:1884/t").host, "::1")
    }

    func testRefusalsNameThePartAndHideThePassword() {
        for (text, part) in [("http://h/t", "expected mqtt://"), ("mqtt://h:0/t", "port"), ("mqtt://h:99999", "port"),
                             ("mqtt:///t", "no host"), ("mqtt://h/a/+/b", "wildcard"), ("mqtt://h/a//b", "empty level"),
                             ("mqtt://h/$SYS/x", "starts with $"), ("mqtt://u:hunter2@h:x/t", "port")] {
            XCTAssertThrowsError(try BrokerURL(parsing: text), text) { e in
                XCTAssertTrue("\(e)".contains(part), "\(text): \(e)")
                XCTAssertFalse("\(e)".contains("hunter2"), "\(e)")
            }
        }
    }
}

/// The versioned state payload: round trip, unknown fields ignored, bad fields named.
final class TalkStateTests: XCTestCase {
    let state = TalkState(run: "ab12", seq: 7, sentAt: 1_700_000_000_000, deckHash: "sha256:00", deckTitle: "T", sceneCount: 5, scene: 3,
                          slide: 2, overlay: 1, audienceMode: "black", frozen: true, frozenScene: 2, pointer: Point(0.25, 0.5))

    func testRoundTripAndUnknownFields() throws {
        XCTAssertEqual(try TalkState(payload: Data(state.json.jsonString.utf8)), state)
        guard case var .object(o) = state.json else { return XCTFail() }
        o["drawings"] = ["strokes": [1, 2]]; o["futureField"] = "x"
        let back = try TalkState(payload: Data(JSONValue.object(o).jsonString.utf8))
        XCTAssertEqual(back.scene, 3)
        XCTAssertEqual(back.drawings, ["strokes": [1, 2]])
    }

    func testBadFieldsAreNamed() {
        func payload(_ change: (inout [String: JSONValue]) -> Void) -> Data {
            guard case var .object(o) = state.json else { return Data() }
            change(&o); return Data(JSONValue.object(o).jsonString.utf8)
        }
        let cases: [(Data, String)] = [
            (Data("nope".utf8), "not JSON"), (Data("[1]".utf8), "expected an object"),
            (payload { $0["v"] = 2 }, "v2"), (payload { $0["scene"] = 5 }, "scene"),
            (payload { $0["audienceMode"] = "grey" }, "audienceMode"), (payload { $0["deck"] = ["title": "x", "scenes": 5] }, "deck.hash"),
            (payload { $0["pointer"] = ["fx": "a"] }, "pointer"), (Data(count: TalkState.maxBytes + 1), "limit"),
        ]
        for (data, field) in cases {
            XCTAssertThrowsError(try TalkState(payload: data)) { XCTAssertTrue("\($0)".contains(field), "\(field): \($0)") }
        }
    }
}
