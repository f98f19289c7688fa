import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The phone remote under attack, all on loopback (issue 18, part 1's security proof):
/// Tests/Remote/remote_attack.py sends no token, wrong tokens, cross-origin WebSocket upgrades,
/// path traversal (plain and encoded), oversized messages, headers and URLs, a client that never
/// reads, and holds 200 idle connections; after each it drives the talk through the local control
/// socket, which must still answer and advance. The view token cannot drive the talk.
final class RemoteSecurityTests: XCTestCase {
    var dir: URL!
    var env: [String: String] { ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"] }
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("remote-security")
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func testHostileClientsGetNothingAndTheTalkGoesOn() throws {
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let state = try app.client.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen", "SDL used the driver the test asked for")
        let url = try XCTUnwrap(state["remote"]?["url"]?.string), viewURL = try XCTUnwrap(state["remote"]?["viewUrl"]?.string)
        let script = TestPaths.root.appendingPathComponent("Tests/Remote/remote_attack.py").path
        let r = try runProcess("/usr/bin/python3", [script, url, viewURL, app.socketPath], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        let seen = try JSONValue.parse(Data(r.stdout.utf8))

        // Every page, file and the upgrade: 401 without a token, 403 with a wrong one.
        let noToken = try XCTUnwrap(seen["noToken"]?.object)
        XCTAssertEqual(noToken.count, 10)
        for (path, status) in noToken { XCTAssertEqual(status.int, 401, "no token: \(path)") }
        let wrong = try XCTUnwrap(seen["wrongToken"]?.object)
        XCTAssertEqual(wrong.count, 37)
        for (path, status) in wrong { XCTAssertEqual(status.int, 403, "wrong token: \(path)") }
        // A WebSocket upgrade with the right token but another origin is refused; the page's own is not.
        let cross = try XCTUnwrap(seen["crossOrigin"]?.object)
        XCTAssertEqual(cross.count, 5)
        for (origin, status) in cross { XCTAssertEqual(status.int, 403, "origin \(origin)") }
        XCTAssertEqual(seen["sameOrigin"]?.int, 101)
        // Traversal, plain and encoded (%2e%2e, %2f, //, backslash, %5c, NUL, double encoding):
        // refused (400) or not found (404), and no byte of a file outside the pages.
        let traversal = try XCTUnwrap(seen["traversal"]?.object)
        XCTAssertEqual(traversal.count, 18)
        for (path, status) in traversal { XCTAssertTrue([400, 404].contains(status.int ?? 0), "\(path): \(status)") }
        XCTAssertEqual(seen["traversalLeaks"], .array([]))
        // Oversized: a WebSocket message over 64 KB ends its connection unanswered (close 1009, or
        // a reset while it was still sending); a 1 MB header or 200 KB URL is refused or dropped.
        for k in ["oversizedText", "oversizedBinary"] {
            XCTAssertTrue(seen[k] == .number(1009) || seen[k] == .string("reset"), "\(k): \(seen[k] ?? .null)")
        }
        for k in ["oversizedHeader", "oversizedURL"] {
            XCTAssertTrue([0, 400, 413, 414, 431].contains(seen[k]?.int ?? -1), "\(k): \(seen[k] ?? .null) (0: closed unanswered)")
        }
        // A client that never reads holds nothing up: every advance reached a reading viewer, and
        // podium did not queue pictures without end (40 advances of 1600-pixel pictures).
        XCTAssertEqual(seen["slowClientPushed"]?.int, 40)
        XCTAssertLessThan(seen["slowClientGrewKB"]?.int ?? .max, 128 << 10, "resident memory grew by \(seen["slowClientGrewKB"] ?? .null) KB")
        // 200 idle connections held open: a phone still pairs and the stage page is served.
        XCTAssertEqual(seen["idleNewPhone"]?.int, 101)
        XCTAssertEqual(seen["idlePhoneHello"]?.bool, true)
        XCTAssertEqual(seen["idlePage"]?.int, 200)
        // After every attack the control socket answered and next/previous moved the audience view.
        for k in ["tokenPresenting", "originPresenting", "traversalPresenting", "oversizedPresenting", "slowPresenting", "idlePresenting", "finalPresenting"] {
            XCTAssertEqual(seen[k], .bool(true), "\(k): the talk stopped (\(seen[k] ?? .null))")
        }
        XCTAssertEqual(try app.client.send(["cmd": "state"])["scene"]?["index"]?.int, state["scene"]?["index"]?.int)
    }

    /// The view token (stage display, audience page, a colleague's phone) watches and cannot drive:
    /// every request that would change the talk is refused over its WebSocket, and the talk stays
    /// where it was; the same requests with the control token do change it.
    func testTheViewTokenCannotDriveTheTalk() throws {
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let before = try app.client.send(["cmd": "state"])
        XCTAssertEqual(before["driver"]?.string, "offscreen")
        let url = try XCTUnwrap(before["remote"]?["url"]?.string), viewURL = try XCTUnwrap(before["remote"]?["viewUrl"]?.string)
        let requests = [#"{"cmd":"next"}"#, #"{"cmd":"previous"}"#, #"{"cmd":"goto","index":2}"#, #"{"cmd":"blackout"}"#,
                        #"{"cmd":"whiteout"}"#, #"{"cmd":"freeze"}"#, #"{"cmd":"overview"}"#, #"{"cmd":"pauseTimer"}"#,
                        #"{"cmd":"pointer","fx":0.5,"fy":0.5}"#, #"{"cmd":"key","key":"Right"}"#, #"{"cmd":"click","x":10,"y":10}"#,
                        #"{"cmd":"type","text":"x"}"#, #"{"cmd":"swap"}"#, #"{"cmd":"quit"}"#, "not json"]
        // Sends each request over a WebSocket opened with `link` and prints the replies as JSON.
        func over(_ link: String, _ requests: [String]) throws -> [JSONValue] {
            let r = try runProcess("/usr/bin/python3", ["-c", """
                import json, sys, urllib.parse
                sys.path.insert(0, sys.argv[1])
                import remote_client
                u = urllib.parse.urlsplit(sys.argv[2])
                ws = remote_client.WS(u.hostname, u.port, urllib.parse.parse_qs(u.query)["t"][0], f"http://{u.hostname}:{u.port}")
                ws.until(remote_client.text("hello"))
                replies = []
                for req in sys.argv[3:]:
                    ws.pending.clear(); ws.send_bytes(req.encode())
                    replies.append(ws.until(remote_client.text(None, lambda m: "ok" in m)))
                print(json.dumps(replies))
                """, TestPaths.root.appendingPathComponent("Tests/Remote").path, link] + requests, environment: TestPaths.privateHome(in: dir))
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(JSONValue.parse(Data(r.stdout.utf8)).array)
        }
        let view = try over(viewURL, requests)
        XCTAssertEqual(view.count, requests.count)
        for (req, reply) in zip(requests, view) {
            XCTAssertEqual(reply["ok"], .bool(false), "\(req) over the view link: \(reply)")
            XCTAssertTrue(reply["error"]?.string?.contains("view-only") == true, "\(reply)")
        }
        // Nothing changed for the room (and podium is still running: it answered).
        let after = try app.client.send(["cmd": "state"])
        XCTAssertEqual(after["scene"]?["index"], before["scene"]?["index"])
        XCTAssertEqual(after["audienceMode"]?.string, "normal")
        XCTAssertEqual(after["frozen"]?.bool, false)
        XCTAssertEqual(after["pointer"], .null)
        XCTAssertEqual(after["overview"], before["overview"])
        XCTAssertEqual(after["timers"]?["paused"], before["timers"]?["paused"])
        // The control link's `next` does move it: the refusals above were the token, not the request.
        XCTAssertEqual(try over(url, [#"{"cmd":"next"}"#]).first?["ok"]?.bool, true)
        XCTAssertEqual(try app.client.send(["cmd": "state"])["scene"]?["index"]?.int, (before["scene"]?["index"]?.int ?? -9) + 1)
    }
}
