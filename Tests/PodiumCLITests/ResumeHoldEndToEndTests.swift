import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// While the resume question is open on the presenter view, nothing else may move or change the
/// talk: the control socket and the phone remote get a refusal naming the question, `state`
/// says it is open, and the audience view stays black until the speaker answers (a key on the
/// presenter view, or the phone's next, which resumes as a clicker's key does).
final class ResumeHoldEndToEndTests: XCTestCase {
    var dir: URL!
    var deck: String!
    var env: [String: String] { ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"] }
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("e2e-resume-hold")
        deck = dir.appendingPathComponent("talk.json").path
        let scenes = (1...5).map { #"{ "kind": "title", "title": "Part \#($0)", "parameters": { "heading": "Part \#($0)" } }"# }
        try #"{ "title": "Hold", "scenes": [\#(scenes.joined(separator: ","))] }"#.write(toFile: deck, atomically: true, encoding: .utf8)
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func testTheResumeQuestionHoldsTheControlSocketAndTheRemote() throws {
        var app = try PodiumProcess(args: [deck, "--windowed"], environment: env, dir: dir)
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "offscreen")
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        app.kill9()

        app = try PodiumProcess(args: [deck, "--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { app.stop() }
        var s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true, "state says the question is open: \(s["question"] ?? .null)")
        XCTAssertTrue(s["question"]?["text"]?.string?.contains("scene 4") == true, "\(s["question"] ?? .null)")
        let before = dir.appendingPathComponent("before.png").path
        XCTAssertEqual(try app.send(["cmd": "screenshot", "window": "audience", "path": .string(before)])["ok"]?.bool, true)

        // Everything that would move or change the talk is refused, saying why.
        let refused: [JSONValue] = [
            ["cmd": "next"], ["cmd": "previous"], ["cmd": "goto", "index": 2], ["cmd": "key", "key": "Home"],
            ["cmd": "key", "key": "b"], ["cmd": "freeze"], ["cmd": "blackout"], ["cmd": "whiteout"], ["cmd": "pauseTimer"],
            ["cmd": "overview"], ["cmd": "pointer", "x": 100, "y": 100], ["cmd": "click", "window": "audience", "x": 10, "y": 10],
            ["cmd": "type", "text": "x"], ["cmd": "hover", "window": "presenter", "x": 10, "y": 10], ["cmd": "swap"],
        ]
        for r in refused {
            let reply = try app.send(r)
            XCTAssertEqual(reply["ok"]?.bool, false, "\(r) during the resume question: \(reply)")
            XCTAssertTrue(reply["error"]?.string?.contains("waiting for the speaker to answer the resume question") == true, "\(reply)")
        }
        // The phone remote too (control token), the pointer included.
        let url = try XCTUnwrap(s["remote"]?["url"]?.string)
        let port = try XCTUnwrap(URLComponents(string: url)?.port)
        let token = try XCTUnwrap(URLComponents(string: url)?.queryItems?.first { $0.name == "t" }?.value)
        let phone = try runProcess("/usr/bin/python3", ["-c", """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import remote_client as rc
            ws = rc.WS("127.0.0.1", int(sys.argv[2]), sys.argv[3])
            out = {"status": ws.status}
            pushed = ws.until(rc.text("state"))
            out["hold"] = pushed and pushed.get("hold")
            for name, req in [("pointer", {"cmd": "pointer", "fx": 0.5, "fy": 0.5}), ("answer", {"cmd": "key", "key": "Return"}),
                              ("goto", {"cmd": "goto", "index": 2})]:
                ws.pending.clear(); ws.send(req)
                out[name] = ws.until(rc.text(None, lambda m: "ok" in m))
            print(json.dumps(out))
            """, TestPaths.root.appendingPathComponent("Tests/Remote").path, "\(port)", token], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(phone.status, 0, phone.stderr)
        let seen = try JSONValue.parse(Data(phone.stdout.utf8))
        XCTAssertEqual(seen["status"]?.int, 101)
        XCTAssertTrue(seen["hold"]?.string?.contains("resume question") == true, "the phone is told why: \(seen)")
        for k in ["pointer", "answer", "goto"] {
            XCTAssertEqual(seen[k]?["ok"]?.bool, false, "\(k) from the phone: \(seen[k] ?? .null)")
            XCTAssertTrue(seen[k]?["error"]?.string?.contains("resume question") == true, "\(seen[k] ?? .null)")
        }

        // Nothing moved and the room saw nothing of it.
        s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 0)
        XCTAssertEqual(s["audienceMode"]?.string, "black", "the room is black while the speaker decides, not on the title slide")
        XCTAssertEqual(s["frozen"]?.bool, false)
        XCTAssertEqual(s["pointer"], .null)
        XCTAssertEqual(s["overview"]?["open"]?.bool, false)
        XCTAssertEqual(s["timers"]?["running"]?.bool, false)
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true, "still asking")
        let after = dir.appendingPathComponent("after.png").path
        XCTAssertEqual(try app.send(["cmd": "screenshot", "window": "audience", "path": .string(after)])["ok"]?.bool, true)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: before)), try Data(contentsOf: URL(fileURLWithPath: after)),
                       "the audience view did not change while the question was open")

        // The phone's next answers as a clicker's would: back at scene 4, the room sees it, and
        // the talk moves again.
        let resumed = try runProcess("/usr/bin/python3", ["-c", """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import remote_client as rc
            ws = rc.WS("127.0.0.1", int(sys.argv[2]), sys.argv[3])
            ws.until(rc.text("state"))
            ws.pending.clear(); ws.send({"cmd": "next"})
            print(json.dumps(ws.until(rc.text(None, lambda m: "ok" in m))))
            """, TestPaths.root.appendingPathComponent("Tests/Remote").path, "\(port)", token], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try JSONValue.parse(Data(resumed.stdout.utf8))["ok"]?.bool, true, resumed.stdout)
        s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "resumed, not moved on")
        XCTAssertEqual(s["question"], .null)
        XCTAssertEqual(s["audienceMode"]?.string, "normal")
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["index"]?.int, 4)
        XCTAssertEqual(app.stop(), 0, app.log)
    }
}
