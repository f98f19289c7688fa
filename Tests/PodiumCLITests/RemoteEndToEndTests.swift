import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// `podium present --remote` (issue 18 part 1) driven from outside as a phone or a script would:
/// Tests/Remote/remote_check.py (Python's standard library: http.client and a minimal RFC 6455
/// client) talks to the real server on loopback; this test checks what it saw and what the talk
/// did, through the control socket.
final class RemoteEndToEndTests: XCTestCase {
    var dir: URL!
    var env: [String: String] { ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"] }
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("remote")
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func testPhoneRemoteRefusesStrangersAndDrivesTheTalkWithTheControlToken() throws {
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let c = app.client!
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen", "SDL used the driver the test asked for")
        let url = try XCTUnwrap(state["remote"]?["url"]?.string, "\(state["remote"] ?? .null)")
        let viewURL = try XCTUnwrap(state["remote"]?["viewUrl"]?.string)
        // Two distinct 128-bit tokens on the loopback address the system gave a port on.
        let control = try XCTUnwrap(URLComponents(string: url)?.queryItems?.first { $0.name == "t" }?.value)
        let view = try XCTUnwrap(URLComponents(string: viewURL)?.queryItems?.first { $0.name == "t" }?.value)
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        XCTAssertEqual(control.count, 32); XCTAssertEqual(view.count, 32); XCTAssertNotEqual(control, view)
        XCTAssertEqual(app.log.components(separatedBy: url).count - 1, 1, "the log prints the control URL once: \(app.log)")

        // The presenter view shows the control URL as a QR code (read back by zbarimg, an
        // independent decoder) before any phone has paired.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let png = dir.appendingPathComponent("presenter.png").path
            _ = try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(png)])
            let r = try runProcess("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png])
            XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), url, r.stderr)
            // Presenter view only: the room never sees the code.
            let audiencePNG = dir.appendingPathComponent("audience.png").path
            _ = try c.send(["cmd": "screenshot", "window": "audience", "path": .string(audiencePNG)])
            let a = try runProcess("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", audiencePNG])
            XCTAssertFalse(a.stdout.contains("t="), "the audience view shows a token: \(a.stdout)")
        }

        // A 200 MB request body without a token is refused and never held in memory.
        let port = try XCTUnwrap(URLComponents(string: url)?.port)
        let before = try XCTUnwrap(c.send(["cmd": "state"])["residentKB"]?.int)
        let post = try runProcess("/usr/bin/python3", ["-c", """
            import http.client, sys
            c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=60)
            c.putrequest("POST", "/"); c.putheader("Content-Length", str(200 << 20)); c.endheaders()
            block = bytes(1 << 20)
            for _ in range(200): c.send(block)
            print(c.getresponse().status)
            """, "\(port)"], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(post.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "401", post.stderr)
        let grown = try XCTUnwrap(c.send(["cmd": "state"])["residentKB"]?.int) - before
        XCTAssertLessThan(grown, 64 << 10, "a refused body was kept in memory (resident grew \(grown) KB)")

        let script = TestPaths.root.appendingPathComponent("Tests/Remote/remote_check.py").path
        let shot = dir.appendingPathComponent("remote-asked.png").path
        let r = try runProcess("/usr/bin/python3", [script, url, viewURL, shot], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        let seen = try JSONValue.parse(Data(r.stdout.utf8))
        // Nothing is served without the right token, to a foreign Host, or across origins.
        XCTAssertEqual(seen["noToken"]?.int, 401)
        XCTAssertEqual(seen["wrongToken"]?.int, 403)
        XCTAssertEqual(seen["scriptNoToken"]?.int, 401)
        XCTAssertEqual(seen["foreignHost"]?.int, 403, "a DNS-rebinding Host is refused")
        XCTAssertEqual(seen["traversal"]?.int, 404)
        XCTAssertEqual(seen["traversalEncoded"]?.int, 404)
        XCTAssertEqual(seen["wsNoToken"]?.int, 401)
        XCTAssertEqual(seen["wsWrongToken"]?.int, 403)
        XCTAssertEqual(seen["wsBadOrigin"]?.int, 403, "a cross-origin WebSocket upgrade is refused")
        // The page is served (with its script) to either token.
        XCTAssertEqual(seen["pageView"]?.int, 200)
        XCTAssertEqual(seen["pageLoadsScript"]?.bool, true)
        XCTAssertEqual(seen["scriptControl"]?.int, 200)
        XCTAssertGreaterThan(seen["scriptBytes"]?.int ?? 0, 1000)
        // The view token watches and cannot drive.
        XCTAssertEqual(seen["wsView"]?.int, 101)
        XCTAssertEqual(seen["viewHelloControl"]?.bool, false)
        XCTAssertEqual(seen["viewNextRefused"]?["ok"]?.bool, false)
        XCTAssertEqual(seen["viewStateAnswer"]?.string, "state")
        XCTAssertEqual(seen["viewerSawNext"]?.int, (seen["startIndex"]?.int ?? -9) + 1, "state is pushed to viewers too")
        // The control token drives next/previous and gets the new state pushed.
        XCTAssertEqual(seen["wsControl"]?.int, 101)
        XCTAssertEqual(seen["controlHelloControl"]?.bool, true)
        let start = try XCTUnwrap(seen["startIndex"]?.int)
        XCTAssertEqual(seen["nextReply"]?["ok"]?.bool, true)
        XCTAssertEqual(seen["pushedAfterNext"]?.int, start + 1)
        XCTAssertEqual(seen["previousReply"]?["ok"]?.bool, true)
        XCTAssertEqual(seen["pushedAfterPrevious"]?.int, start)
        XCTAssertEqual(seen["unknownReply"]?["ok"]?.bool, false)
        XCTAssertEqual(seen["screenshotReply"]?["ok"]?.bool, false, "the network cannot make podium write files")
        XCTAssertFalse(FileManager.default.fileExists(atPath: shot))
        XCTAssertEqual(seen["stateRemote"]?["url"]?.string, url, "the control socket's requests work over the WebSocket")
        // Both slide pictures arrived as real images.
        for k in ["picture0", "picture1"] {
            XCTAssertEqual(seen[k]?["validMagic"]?.bool, true, "\(k): \(seen[k] ?? .null)")
            XCTAssertGreaterThan(seen[k]?["bytes"]?.int ?? 0, 500, k)
        }
        // Hostile clients: a message over 64 KB ends its connection unanswered (close 1009, or a
        // reset while it was still sending); of 105 more clients only the first fill the 100
        // places (two are taken by the viewer and the remote above), the rest are closed, and the
        // remote still answers.
        let big = seen["oversizedClose"]
        XCTAssertTrue(big == .number(1009) || big == .string("reset"), "oversized message: \(big ?? .null)")
        // (97 while the oversized client's close is still under way.)
        let served = seen["crowdServed"]?.int ?? 0
        XCTAssertTrue((97...98).contains(served), "\(served) served")
        XCTAssertEqual(seen["crowdClosed"]?.int, 105 - served)
        XCTAssertEqual(seen["afterCrowd"]?.bool, true)
        XCTAssertEqual(seen["advancesWithSlowClient"]?.int, 30, "a client that never reads holds nothing up")
        // What the talk did, seen from the control socket: one scene on, the pointer where dragged
        // while the phone was there.
        let after = try c.send(["cmd": "state"])
        XCTAssertEqual(after["scene"]?["index"]?.int, start + 1)
        let audience = try XCTUnwrap(after["windows"]?.array?.first { $0["role"]?.string == "audience" }?["size"])
        let w = try XCTUnwrap(audience["width"]?.number), h = try XCTUnwrap(audience["height"]?.number)
        XCTAssertEqual(seen["statePointer"]?["x"]?.number ?? -1, w * 0.25, accuracy: 0.5)
        XCTAssertEqual(seen["statePointer"]?["y"]?.number ?? -1, h * 0.5, accuracy: 0.5)
        XCTAssertEqual(seen["pushedPointer"]?["fx"]?.number ?? -1, 0.25, accuracy: 0.001)
        // Trial 11 F5: a phone dropping mid-drag takes its dot with it; a connected phone that
        // stops refreshing its dot (out of Wi-Fi, the socket half open) loses it and stays connected.
        XCTAssertEqual(seen["dropperPointer"]?.bool, true)
        XCTAssertEqual(seen["pointerGoneWithPhone"]?.bool, true, "the dropped phone's dot stayed on the room's view")
        XCTAssertEqual(seen["silentPointer"]?.bool, true)
        XCTAssertEqual(seen["silentStillConnected"]?.bool, true)
        XCTAssertEqual(seen["staleGone"]?.bool, true, "a dot not refreshed stayed on the room's view")
        XCTAssertEqual(seen["silentAfter"]?.bool, true)
        XCTAssertEqual(after["pointer"], .null, "no phone points any more: no dot")
        XCTAssertTrue(app.log.contains("a phone left while pointing"), app.log)
    }

    /// The page in Debian's chromium (headless, phone-sized, through chromedriver and Selenium):
    /// refuses a missing or wrong token, loads with the right one, shows notes, timers and both
    /// pictures; a tap on next advances the audience view; a drag moves the audience pointer;
    /// it fits portrait and landscape. Screenshots stay in the test's folder while it runs.
    func testPhoneRemoteInARealBrowser() throws {
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let c = app.client!
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        let url = try XCTUnwrap(state["remote"]?["url"]?.string), viewURL = try XCTUnwrap(state["remote"]?["viewUrl"]?.string)
        let start = try XCTUnwrap(state["scene"]?["index"]?.int)

        // The browser script pauses mid-drag (its first line) until it reads a line from us.
        let browser = try BrowserScript("remote_browser.py", [url, viewURL, dir.path], dir: dir)
        defer { browser.finish() }
        let dragging = try browser.phase("dragging")
        XCTAssertEqual(dragging["dotDuringDrag"]?.bool, true)
        let mid = try c.send(["cmd": "state"])
        XCTAssertEqual(mid["scene"]?["index"]?.int, start + 1, "a tap on next advanced the audience view")
        let audience = try XCTUnwrap(mid["windows"]?.array?.first { $0["role"]?.string == "audience" }?["size"])
        let w = try XCTUnwrap(audience["width"]?.number)
        let px = try XCTUnwrap(mid["pointer"]?["x"]?.number, "a drag on the slide shows the audience pointer")
        XCTAssertEqual(px / w, 0.75, accuracy: 0.05, "dragged from the middle to three quarters across")
        // A phone holds the control link now: the presenter view folds the code to its status line.
        let pairing = try XCTUnwrap(mid["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array?
            .first { $0["id"]?.string == "console.remotePairing" })
        XCTAssertLessThan(pairing["frame"]?["height"]?.number ?? 999, 30, "\(pairing)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let png = dir.appendingPathComponent("presenter-paired.png").path
            _ = try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(png)])
            let z = try runProcess("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png])
            XCTAssertEqual(z.stdout, "", "no code on the presenter view once paired")
        }
        browser.proceed()
        let done = try browser.phase("done")
        XCTAssertTrue(done["wrongTokenText"]?.string?.contains("wrong token") == true, "\(done)")
        XCTAssertTrue(done["noTokenText"]?.string?.contains("missing token") == true, "\(done)")
        XCTAssertEqual(done["position"]?.string, "\(start + 1) / \(state["scene"]?["count"]?.int ?? 0)")
        XCTAssertEqual(done["positionAfterTap"]?.string, "\(start + 2) / \(state["scene"]?["count"]?.int ?? 0)")
        XCTAssertEqual(done["currentPicture"]?.array?.first?.int, 1170, "the picture is drawn at the phone's width in device pixels (390 × 3)")
        XCTAssertEqual(done["pictureReplaced"]?.bool, true)
        XCTAssertGreaterThan(done["nextPicture"]?.int ?? 0, 0)
        XCTAssertEqual(done["controlsShown"]?.bool, true)
        XCTAssertEqual(done["dotDuringDrag"]?.bool, true)
        XCTAssertFalse(done["notes"]?.string?.isEmpty ?? true, "the first scene's notes show")
        XCTAssertTrue(done["remaining"]?.string?.hasSuffix("left") == true, "\(done)")
        XCTAssertEqual(done["pageFitsWidth"]?.bool, true)
        XCTAssertEqual(done["landscapeColumns"]?.int, 2, "turned, the slides sit beside the notes")
        XCTAssertEqual(done["landscapeFitsWidth"]?.bool, true)
        XCTAssertEqual(done["viewControlsHidden"]?.bool, true, "the view link shows no controls")
        for shot in ["portrait.png", "landscape.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(shot).path), shot)
        }
    }

    /// The audience link is handed to a second room (an overflow room's PC, attendees on the
    /// venue Wi-Fi): its token opens the audience page and nothing else, and is pushed the room's
    /// picture only: no notes, timers or next slide (trial 9: it was the view token, which opens
    /// the stage display with the notes).
    func testTheAudienceLinkShowsTheRoomAndNothingElse() throws {
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let remote = try XCTUnwrap(app.client.send(["cmd": "state"])["remote"])
        let audience = try XCTUnwrap(remote["audienceUrl"]?.string)
        let tokens = try ["url", "viewUrl", "audienceUrl"].map { k in
            try XCTUnwrap(URLComponents(string: try XCTUnwrap(remote[k]?.string))?.queryItems?.first { $0.name == "t" }?.value)
        }
        XCTAssertEqual(Set(tokens).count, 3, "three different tokens: \(remote)")
        XCTAssertEqual(tokens[2].count, 32)
        let script = TestPaths.root.appendingPathComponent("Tests/Remote/audience_link_check.py").path
        let r = try runProcess("/usr/bin/python3", [script, audience, app.socketPath], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        let seen = try JSONValue.parse(Data(r.stdout.utf8))
        let files = try XCTUnwrap(seen["files"])
        for p in ["/audience", "/audience.js", "/audience.css", "/socket.js"] { XCTAssertEqual(files[p]?.int, 200, p) }
        for p in ["/", "/index.html", "/stage", "/stage.js", "/remote.js"] { XCTAssertEqual(files[p]?.int, 403, "\(p) with the audience token") }
        XCTAssertEqual(seen["pageCarriesItsToken"]?.bool, true, "the page's script links carry the audience token, not the view token")
        XCTAssertEqual(seen["ws"]?.int, 101)
        XCTAssertEqual(seen["texts"]?.array?.count, 0, "no state, hello or reply reaches the audience link: \(seen["texts"] ?? .null)")
        XCTAssertEqual(seen["pictureKinds"]?.array?.compactMap(\.int), [0], "only the room's picture, never the next slide")
        XCTAssertEqual(seen["indexAfter"]?.int, (seen["indexBefore"]?.int ?? -9) + 1, "only the control socket's next moved the talk")
    }

    func testRemoteIsOffUnlessAskedAndBadSpecsAreUsageErrors() throws {
        let app = try PodiumProcess(args: ["--windowed"], environment: env, dir: dir)
        let s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["remote"], .null)
        XCTAssertEqual(app.stop(), 0)
        for spec in ["notaport", "127.0.0.1:99999", "[::1]8080"] {
            var e = ProcessInfo.processInfo.environment
            for (k, v) in TestPaths.privateHome(in: dir) { e[k] = v }
            for (k, v) in env { e[k] = v }
            let r = try runProcess(TestPaths.podium, ["present", "--windowed", "--remote", spec], environment: e)
            XCTAssertEqual(r.status, 2, "\(spec): a usage error")
            XCTAssertTrue(r.stderr.contains("--remote expects [ADDR:]PORT") && r.stderr.contains(spec), "\(spec): \(r.stderr)")
        }
    }

    /// A busy port stops the launch before any window opens (they flashed up and closed in a
    /// trial), with exit 1 and an error naming the option and the port.
    func testABusyPortStopsTheLaunchBeforeAnyWindowOpens() throws {
        // Another server listening on a loopback port.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET); addr.sin_addr.s_addr = inet_addr("127.0.0.1"); addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &len) == 0 } }
        XCTAssertTrue(bound)
        let port = Int(UInt16(bigEndian: addr.sin_port))
        var e = ProcessInfo.processInfo.environment
        for (k, v) in TestPaths.privateHome(in: dir) { e[k] = v }
        for (k, v) in env { e[k] = v }
        e["PODIUM_LAUNCH_TRACE"] = "1"   // marks each launch step on stderr, the windows too
        for spec in ["\(port)", "127.0.0.1:\(port)"] {
            let r = try runProcess(TestPaths.podium, ["present", "--windowed", "--remote", spec], environment: e)
            XCTAssertEqual(r.status, 1, "\(spec): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--remote 127.0.0.1:\(port): port \(port) is already in use"), "\(spec): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("SDL video started"), "\(spec): the check comes before SDL starts: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("presenter window"), "\(spec): no window opened: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("launch trace"), "the trace was on: \(r.stderr)")
        }
    }
}
