import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The remote's slide pictures are pushed when what they show changes, and only then: a phone on
/// the control link gets both pictures on joining, a new pair after `next`, and nothing while
/// the talk stands still (redraw requests that change no pixel — a page rendered ahead, the
/// console's clock — send nothing). Their cost shows in `state` (remote.pictures).
final class RemotePictureTests: XCTestCase {
    func testPicturesArePushedWhenTheyChangeAndOnlyThen() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        let dir = TestPaths.tempDir("remote-pictures")
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let state = try app.client.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen", "SDL used the driver the test asked for")
        let url = try XCTUnwrap(state["remote"]?["url"]?.string)
        let r = try runProcess("/usr/bin/python3", ["-c", """
            import json, sys, time, urllib.parse
            sys.path.insert(0, sys.argv[1])
            import remote_client
            u = urllib.parse.urlsplit(sys.argv[2])
            ws = remote_client.WS(u.hostname, u.port, urllib.parse.parse_qs(u.query)["t"][0], f"http://{u.hostname}:{u.port}", width=600)
            def pictures(seconds):
                kinds, end = [], time.time() + seconds
                while time.time() < end:
                    ws.pending.clear()   # (until would count what it kept from the last call again)
                    ws.until(lambda op, p: kinds.append(p[0]) if op == 2 else None, max(0.1, end - time.time()))
                return kinds
            out = {"joined": pictures(3), "still": pictures(3)}
            ws.send({"cmd": "next"})
            out["afterNext"] = pictures(3)
            out["stillAfterNext"] = pictures(3)
            print(json.dumps(out))
            """, TestPaths.root.appendingPathComponent("Tests/Remote").path, url], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        let seen = try JSONValue.parse(Data(r.stdout.utf8))
        func kinds(_ k: String) -> [Int] { seen[k]?.array?.compactMap(\.int) ?? [-1] }
        XCTAssertEqual(kinds("joined").sorted(), [0, 1], "both pictures once on joining: \(seen)")
        XCTAssertEqual(kinds("still"), [], "nothing while the talk stands still: \(seen)")
        XCTAssertEqual(Set(kinds("afterNext")), [0, 1], "a new current and next picture after next: \(seen)")
        XCTAssertEqual(kinds("stillAfterNext"), [], "\(seen)")
        let pictures = try XCTUnwrap(app.client.send(["cmd": "state"])["remote"]?["pictures"])
        XCTAssertGreaterThanOrEqual(pictures["batches"]?.int ?? 0, 2)
        XCTAssertGreaterThan(pictures["drawCPUms"]?.number ?? 0, 0)
        XCTAssertGreaterThan(pictures["encodeCPUms"]?.number ?? 0, 0)
    }
}
