import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 11 F4: the phone remote and the stage display count slides as the console and the
/// go-to-slide prompt do (a PDF's overlays are one slide), not PDF pages: the pushed state has a
/// `slide` object, and remote.js / stage.js show its `position`.
final class RemoteSlideNumbersTests: PDFTestCase {
    var env: [String: String] { TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]) { $1 } }

    func testThePushedStateCountsSlidesAsTheConsoleDoes() throws {
        // Pages 1, 2, 2, 2, 3: three slides, the second with three overlays.
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, beamerLabels: ["1", "2", "2", "2", "3"]))
        let app = try PodiumProcess(args: [pdf, "--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let c = app.client!
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        let url = try XCTUnwrap(state["remote"]?["url"]?.string)
        for _ in 0..<3 { _ = try c.send(["cmd": "next"]) }   // page 4: slide 2's third overlay
        let console = try c.send(["cmd": "state"])
        XCTAssertEqual(console["slide"]?["position"]?.string, "slide 2/3 (3/3)")
        // A phone's WebSocket (Tests/Remote/remote_client.py) prints the state pushed to it.
        let remoteDir = TestPaths.root.appendingPathComponent("Tests/Remote").path
        let r = try runProcess("/usr/bin/python3", ["-c", """
            import json, sys, urllib.parse
            sys.path.insert(0, sys.argv[2])
            import remote_client
            u = urllib.parse.urlsplit(sys.argv[1])
            ws = remote_client.WS(u.hostname, u.port, urllib.parse.parse_qs(u.query)["t"][0], f"http://{u.hostname}:{u.port}")
            print(json.dumps(ws.until(remote_client.text("state"))))
            """, url, remoteDir], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        let pushed = try JSONValue.parse(Data(r.stdout.utf8))
        XCTAssertEqual(pushed["scene"]?["index"]?.int, 3, "the scene (PDF page) is still there for scripts")
        XCTAssertEqual(pushed["slide"]?["position"]?.string, "slide 2/3 (3/3)", "what the console shows: \(pushed["slide"] ?? .null)")
        XCTAssertEqual(pushed["slide"]?["index"]?.int, 1)
        XCTAssertEqual(pushed["slide"]?["count"]?.int, 3)
        XCTAssertEqual(pushed["slide"]?["overlay"]?.int, 2)
        XCTAssertEqual(pushed["slide"]?["overlays"]?.int, 3)
    }
}
