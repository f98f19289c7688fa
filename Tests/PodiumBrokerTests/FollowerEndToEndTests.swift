import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Follower screens through a real mosquitto on a free loopback port: `podium present --broker`
/// and several `podium follow` processes (SDL's offscreen driver, each with a private HOME).
final class FollowerEndToEndTests: XCTestCase {
    var dir: URL!
    var broker: Mosquitto!
    var processes: [PodiumChild] = []

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Mosquitto.binary), "mosquitto is not installed (make test-deps)")
        dir = TestPaths.tempDir("follow")
    }

    override func tearDown() {
        for p in processes { p.stop() }
        broker?.stop()
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    /// A deck of `count` title scenes in `dir/name`, its headings marked with `tag`.
    func deck(_ name: String, count: Int, tag: String = "") throws -> String {
        let scenes = (0..<count).map { i -> JSONValue in ["kind": "title", "title": .string("S\(i)"), "parameters": ["heading": .string("Slide \(i)\(tag)")]] }
        let path = dir.appendingPathComponent(name).path
        try Data(JSONValue.object(["title": .string("Follow \(name)"), "scenes": .array(scenes)]).jsonString.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func present(_ deck: String, url: String, name: String = "presenter", env: [String: String] = [:], extra: [String] = []) throws -> PodiumChild {
        let p = try PodiumChild(["present", deck, "--broker", url] + extra, name: name, dir: dir, env: env)
        processes.append(p); return p
    }

    func follow(_ deck: String, url: String, name: String, env: [String: String] = [:], extra: [String] = []) throws -> PodiumChild {
        let p = try PodiumChild(["follow", url, deck] + extra, name: name, dir: dir, env: env)
        processes.append(p); return p
    }

    func scene(_ p: PodiumChild) throws -> Int { try p.client.send(["cmd": "state"])["scene"]?["index"]?.int ?? -1 }
    func followState(_ p: PodiumChild) throws -> JSONValue { try p.client.send(["cmd": "state"])["follow"] ?? .null }

    /// Waits until every follower shows `index` (following), failing with their states otherwise.
    func waitAll(_ followers: [PodiumChild], on index: Int, timeout: Double = 30, _ why: String) throws {
        for f in followers {
            let s = try f.client.waitForState(timeout: timeout) { $0["scene"]?["index"]?.int == index && $0["follow"]?["status"]?.string == "following" }
            XCTAssertEqual(s["scene"]?["index"]?.int, index, "\(why): \(f.name) \(s["follow"] ?? .null)\n\(f.log)")
            XCTAssertEqual(s["follow"]?["cover"], .null, "\(why): \(f.name) still covered")
        }
    }

    /// One presenter, three followers, 200 advances: all end on the presenter's page, none ever
    /// shows a page the presenter had left (forward-only applied scenes), and the presenter
    /// advance → follower frame latency is printed (p50/p99), not asserted.
    func testThreeFollowersKeepStepThroughTwoHundredAdvancesAndABrokerRestartAndAKilledFollower() throws {
        broker = try Mosquitto(dir: dir)
        let d = try deck("talk.json", count: 260)
        let url = "mqtt://127.0.0.1:\(broker.port)/conf/hall-a"
        let presenter = try present(d, url: url)
        let followers = try (1...3).map { try follow(d, url: url, name: "follower\($0)") }
        for f in followers {
            let s = try f.client.send(["cmd": "state"])
            XCTAssertEqual(s["driver"]?.string, "offscreen", "SDL chose \(s["driver"] ?? .null)")
            XCTAssertEqual(s["window"]?["fullscreen"]?.bool, true)
        }
        try waitAll(followers, on: 0, "start")
        let b = try presenter.client.send(["cmd": "state"])["broker"]
        XCTAssertEqual(b?["connected"]?.bool, true, "\(b ?? .null)")
        XCTAssertEqual(b?["topic"]?.string, "conf/hall-a/state")
        XCTAssertEqual(b?["url"]?.string, url)

        for _ in 0..<200 {
            XCTAssertEqual(try presenter.client.send(["cmd": "next"])["ok"]?.bool, true)
            usleep(25_000)
        }
        XCTAssertEqual(try scene(presenter), 200)
        try waitAll(followers, on: 200, "after 200 advances")
        var latencies: [Double] = []
        for f in followers {
            let h = try f.client.send(["cmd": "history"])["history"]?.array ?? []
            let scenes = h.compactMap { $0["scene"]?.int }, seqs = h.compactMap { $0["seq"]?.int }
            XCTAssertEqual(scenes, scenes.sorted(), "\(f.name) went back to a page the presenter had left: \(scenes)")
            XCTAssertEqual(seqs, seqs.sorted(), "\(f.name) applied an older state after a newer one")
            XCTAssertEqual(Set(scenes).count, scenes.count, "\(f.name) applied one page twice")
            XCTAssertGreaterThan(scenes.count, 150, "\(f.name) skipped most advances: \(scenes.count) applied")
            latencies += h.dropFirst().compactMap { e in e["renderedAt"]?.number.flatMap { r in e["sentAt"]?.number.map { r - $0 } } }
        }
        latencies.sort()
        if !latencies.isEmpty {
            print(String(format: "follower latency (presenter publish → follower frame), %d advances × 3 followers: p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                         latencies.count / 3 + 1, latencies[latencies.count / 2], latencies[min(latencies.count - 1, latencies.count * 99 / 100)], latencies.last!))
        }

        // The broker dies mid-talk (no persistence: its retained state is gone with it).
        broker.kill()
        let lost = try followers[0].client.waitForState(timeout: 15) { $0["follow"]?["connected"]?.bool == false }
        XCTAssertEqual(lost["follow"]?["indicator"]?.string, "broker offline · reconnecting", "the discreet indicator: \(lost["follow"] ?? .null)")
        XCTAssertEqual(lost["scene"]?["index"]?.int, 200, "the last frame stays")
        XCTAssertEqual(lost["follow"]?["cover"], .null, "no cover over the last frame")
        // The talk goes on meanwhile; it must not wait on the broker.
        for _ in 0..<5 {
            let t0 = Date()
            XCTAssertEqual(try presenter.client.send(["cmd": "next"])["ok"]?.bool, true)
            XCTAssertLessThan(Date().timeIntervalSince(t0), 2, "an advance waited on the missing broker")
        }
        XCTAssertEqual(try scene(presenter), 205)
        try broker.start()
        try waitAll(followers, on: 205, timeout: 40, "after the broker restarted")
        XCTAssertEqual(try followers[0].client.send(["cmd": "state"])["follow"]?["indicator"], .null, "indicator gone once reconnected")

        // kill -9 a follower; a new one with the same deck catches up from the retained state.
        followers[1].killHard()
        XCTAssertEqual(try presenter.client.send(["cmd": "next"])["ok"]?.bool, true)
        try waitAll([followers[0], followers[2]], on: 206, "after one follower died")
        let again = try follow(d, url: url, name: "follower2-again")
        try waitAll([again], on: 206, "restarted follower")
        XCTAssertEqual(try followState(again)["received"]?.int, 1, "caught up from the one retained message")
        XCTAssertEqual(presenter.process.isRunning, true)
    }

    /// A follower whose deck differs by one heading says so on its screen and never shows a slide;
    /// blackout, freeze and the frozen scene reach a follower that joins late.
    func testDifferentDeckIsRefusedAndLateJoinerSeesTheRoomsFrozenFrame() throws {
        broker = try Mosquitto(dir: dir)
        let d = try deck("talk.json", count: 6)
        let other = try deck("other.json", count: 6, tag: ".")
        let url = "mqtt://127.0.0.1:\(broker.port)/talk"
        let presenter = try present(d, url: url)
        _ = try presenter.client.send(["cmd": "goto", "index": 2])
        _ = try presenter.client.send(["cmd": "freeze"])
        _ = try presenter.client.send(["cmd": "goto", "index": 4])
        let wrong = try follow(other, url: url, name: "wrong-deck")
        let late = try follow(d, url: url, name: "late")
        let w = try wrong.client.waitForState { $0["follow"]?["status"]?.string == "mismatch" }
        XCTAssertEqual(w["follow"]?["status"]?.string, "mismatch", "\(w)")
        XCTAssertTrue(w["follow"]?["cover"]?.string?.contains("not the presenter's") == true, "the screen says so: \(w["follow"] ?? .null)")
        XCTAssertEqual(w["scene"]?["index"]?.int, 0, "a mismatched follower does not move")
        // What the room sees on that screen: the cover's message, no slide (dark pixels, no heading).
        let shot = dir.appendingPathComponent("wrong.png").path
        _ = try wrong.client.send(["cmd": "screenshot", "path": .string(shot)])
        let png = try PNGImage(path: shot)
        XCTAssertEqual(png.pixel(2, 2).r, 0x12, "the cover fills the screen")

        let s = try late.client.waitForState { $0["frozen"]?.bool == true && $0["scene"]?["index"]?.int == 4 }
        XCTAssertEqual(s["frozen"]?.bool, true)
        XCTAssertEqual(s["scene"]?["index"]?.int, 4)
        let h = try late.client.send(["cmd": "history"])["history"]?.array ?? []
        XCTAssertEqual(h.count, 1)
        // What that screen shows is scene 2's frame (frozen there), not scene 4 behind it:
        // compared with `podium snapshot` of each scene at the follower's size.
        let frozenShot = dir.appendingPathComponent("late.png").path
        let shot2 = try late.client.send(["cmd": "screenshot", "path": .string(frozenShot)])
        let (sw, hgt) = (shot2["width"]?.int ?? 0, shot2["height"]?.int ?? 0)
        var env = TestPaths.privateHome(in: dir.appendingPathComponent("snap")); env["SDL_VIDEODRIVER"] = "offscreen"
        func snapshot(_ i: Int) throws -> PNGImage {
            let out = dir.appendingPathComponent("scene\(i).png").path
            let r = try runProcess(TestPaths.podium, ["snapshot", d, "--scene", "\(i)", "--view", "audience", "--size", "\(sw)x\(hgt)", "--out", out], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try PNGImage(path: out)
        }
        func differing(_ a: PNGImage, _ b: PNGImage) -> Int {
            guard a.width == b.width, a.height == b.height else { return Int.max }
            return stride(from: 0, to: a.rgba.count, by: 4).filter { i in (0..<3).contains { abs(Int(a.rgba[i + $0]) - Int(b.rgba[i + $0])) > 24 } }.count
        }
        let seen = try PNGImage(path: frozenShot), two = try snapshot(2), four = try snapshot(4)
        let off2 = differing(seen, two), off4 = differing(seen, four)
        XCTAssertLessThan(off2, sw * hgt / 200, "the frozen frame is not scene 2's (\(off2) pixels differ)")
        XCTAssertGreaterThan(off4, off2 * 2 + 50, "the screen shows scene 4, which the room must not see yet")
        _ = try presenter.client.send(["cmd": "blackout"])
        XCTAssertEqual(try late.client.waitForState { $0["audienceMode"]?.string == "black" }["audienceMode"]?.string, "black")
        _ = try presenter.client.send(["cmd": "freeze"])
        _ = try presenter.client.send(["cmd": "blackout"])
        let live = try late.client.waitForState { $0["audienceMode"]?.string == "normal" && $0["frozen"]?.bool == false }
        XCTAssertEqual(live["frozen"]?.bool, false)
        XCTAssertEqual(live["scene"]?["index"]?.int, 4)
        // The presenter leaves: the screen keeps the talk's last frame with a small note.
        XCTAssertEqual(presenter.stopped(), 0)
        let gone = try late.client.waitForState { $0["follow"]?["indicator"]?.string == "presenter offline" }
        XCTAssertEqual(gone["follow"]?["indicator"]?.string, "presenter offline", "\(gone["follow"] ?? .null)")
        XCTAssertEqual(gone["scene"]?["index"]?.int, 4)
        XCTAssertEqual(gone["follow"]?["cover"], .null)
    }

    /// The shipped mosquitto example (Assets/Broker): password file + ACL, the presenter may
    /// write the talk, followers only read; an unknown user is refused; the password stays out of
    /// `state`; credentials from a file and from the environment.
    func testPasswordFileAndACLFromTheShippedExample() throws {
        let pw = dir.appendingPathComponent("passwd").path
        for (user, pass) in [("presenter", "pres-secret"), ("screen", "screen-secret")] {
            let r = try runProcess(Mosquitto.passwd, (FileManager.default.fileExists(atPath: pw) ? [] : ["-c"]) + ["-b", pw, user, pass])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        broker = try Mosquitto(dir: dir, example: TestPaths.root.appendingPathComponent("Assets/Broker/mosquitto-follow.conf").path,
                               acl: TestPaths.root.appendingPathComponent("Assets/Broker/follow.acl").path, passwordFile: pw)
        let d = try deck("talk.json", count: 5)
        let base = "mqtt://127.0.0.1:\(broker.port)/podium/main-hall"
        let secretFile = dir.appendingPathComponent("presenter.secret")
        try Data("pres-secret\n".utf8).write(to: secretFile)
        let presenter = try present(d, url: "mqtt://presenter@127.0.0.1:\(broker.port)/podium/main-hall", extra: ["--broker-password-file", secretFile.path])
        let screen = try follow(d, url: base, name: "screen", env: ["PODIUM_BROKER_USER": "screen", "PODIUM_BROKER_PASSWORD": "screen-secret"])
        let stranger = try follow(d, url: "mqtt://nobody:guess@127.0.0.1:\(broker.port)/podium/main-hall", name: "stranger")
        _ = try presenter.client.send(["cmd": "goto", "index": 3])
        try waitAll([screen], on: 3, "reader with the follower account")
        let st = try presenter.client.send(["cmd": "state"])
        XCTAssertEqual(st["broker"]?["connected"]?.bool, true, "\(st["broker"] ?? .null)\n\(presenter.log)")
        XCTAssertFalse(st.jsonString.contains("pres-secret"), "the password leaked into state")
        let refused = try stranger.client.waitForState { $0["follow"]?["problem"]?.string?.contains("refused") == true }
        XCTAssertEqual(refused["follow"]?["connected"]?.bool, false)
        XCTAssertEqual(refused["follow"]?["status"]?.string, "waiting", "\(refused["follow"] ?? .null)")
        XCTAssertNotNil(refused["follow"]?["cover"]?.string, "a refused follower shows no slide")

        // A follower account that tries to drive the talk: the broker's ACL drops its messages.
        let other = try deck("rogue.json", count: 5)
        let rogue = try present(other, url: "mqtt://screen:screen-secret@127.0.0.1:\(broker.port)/podium/main-hall", name: "rogue")
        XCTAssertEqual(try rogue.client.waitForState { $0["broker"]?["connected"]?.bool == true }["broker"]?["connected"]?.bool, true)
        _ = try rogue.client.send(["cmd": "goto", "index": 1])
        usleep(1_500_000)
        let after = try screen.client.send(["cmd": "state"])
        XCTAssertEqual(after["follow"]?["status"]?.string, "following", "the reader account's publish reached the follower: \(after["follow"] ?? .null)")
        XCTAssertEqual(after["scene"]?["index"]?.int, 3)
    }
}

extension FollowerEndToEndTests {
    /// mqtts:// with a private CA (made here with openssl): presenter and follower given the CA
    /// with --broker-ca follow; a follower that only trusts the system's CAs does not connect and
    /// shows no slide.
    func testTLSWithAPrivateCA() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "openssl is not installed (make test-deps)")
        let ca = dir.appendingPathComponent("ca.crt").path, caKey = dir.appendingPathComponent("ca.key").path
        let crt = dir.appendingPathComponent("broker.crt").path, key = dir.appendingPathComponent("broker.key").path
        let csr = dir.appendingPathComponent("broker.csr").path, ext = dir.appendingPathComponent("san.ext").path
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(toFile: ext, atomically: true, encoding: .utf8)
        for args in [["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", ca, "-days", "2", "-subj", "/CN=Podium test CA"],
                     ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1"],
                     ["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", caKey, "-CAcreateserial", "-out", crt, "-days", "2", "-extfile", ext]] {
            let r = try runProcess("/usr/bin/openssl", args)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        if getuid() == 0 { chmod(key, 0o644) }
        broker = try Mosquitto(dir: dir, extra: ["cafile \(ca)", "certfile \(crt)", "keyfile \(key)"])
        let d = try deck("talk.json", count: 4)
        let url = "mqtts://127.0.0.1:\(broker.port)/tls-talk"
        let presenter = try present(d, url: url, extra: ["--broker-ca", ca])
        let screen = try follow(d, url: url, name: "screen", extra: ["--broker-ca", ca])
        let untrusting = try follow(d, url: url, name: "untrusting")
        _ = try presenter.client.send(["cmd": "goto", "index": 2])
        try waitAll([screen], on: 2, "over TLS")
        XCTAssertEqual(try presenter.client.send(["cmd": "state"])["broker"]?["url"]?.string, url)
        let u = try untrusting.client.waitForState { $0["follow"]?["cover"]?.string?.contains("certificate verify failed") == true }
        XCTAssertTrue(u["follow"]?["problem"]?.string?.contains("certificate verify failed") == true, "why it is not connected: \(u["follow"] ?? .null)")
        XCTAssertTrue(u["follow"]?["cover"]?.string?.contains("certificate verify failed") == true, "the screen says why")
        XCTAssertEqual(u["follow"]?["connected"]?.bool, false, "connected to a broker whose certificate no system CA signed: \(u["follow"] ?? .null)")
        XCTAssertEqual(u["follow"]?["status"]?.string, "waiting")
        XCTAssertEqual(u["scene"]?["index"]?.int, 0)
        XCTAssertNotNil(u["follow"]?["cover"]?.string)
    }

    /// A PDF talk frozen on page 3 while the speaker moved on to page 6: a screen that joins
    /// then shows page 3 as drawn (not a blank or half-drawn frame), compared with `podium snapshot`.
    func testLateJoinerFrozenOnAPDFPageShowsThatPage() throws {
        broker = try Mosquitto(dir: dir)
        let pdf = dir.appendingPathComponent("talk.pdf").path
        let r = try runProcess("/usr/bin/python3", [TestPaths.root.appendingPathComponent("scripts/bench_common.py").path, pdf])
        XCTAssertEqual(r.status, 0, r.stderr)
        let url = "mqtt://127.0.0.1:\(broker.port)/pdf-talk"
        let presenter = try present(pdf, url: url)
        _ = try presenter.client.send(["cmd": "goto", "index": 2])
        usleep(300_000)
        _ = try presenter.client.send(["cmd": "freeze"])
        _ = try presenter.client.send(["cmd": "goto", "index": 5])
        let late = try follow(pdf, url: url, name: "late-pdf")
        let s = try late.client.waitForState { $0["frozen"]?.bool == true && $0["follow"]?["status"]?.string == "following" }
        XCTAssertEqual(s["scene"]?["index"]?.int, 5)
        usleep(500_000)
        let shotPath = dir.appendingPathComponent("late-pdf.png").path
        let shot = try late.client.send(["cmd": "screenshot", "path": .string(shotPath)])
        let (sw, sh) = (shot["width"]?.int ?? 0, shot["height"]?.int ?? 0)
        var env = TestPaths.privateHome(in: dir.appendingPathComponent("snap")); env["SDL_VIDEODRIVER"] = "offscreen"
        let ref = dir.appendingPathComponent("page3.png").path
        let sr = try runProcess(TestPaths.podium, ["snapshot", pdf, "--scene", "2", "--view", "audience", "--size", "\(sw)x\(sh)", "--out", ref], environment: env)
        XCTAssertEqual(sr.status, 0, sr.stderr)
        let a = try PNGImage(path: shotPath), b = try PNGImage(path: ref)
        XCTAssertEqual([a.width, a.height], [b.width, b.height])
        let off = stride(from: 0, to: min(a.rgba.count, b.rgba.count), by: 4).filter { i in (0..<3).contains { abs(Int(a.rgba[i + $0]) - Int(b.rgba[i + $0])) > 40 } }.count
        XCTAssertLessThan(off, sw * sh / 50, "the frozen frame is not page 3 as drawn (\(off) of \(sw * sh) pixels differ)")
    }

    /// Bad broker options are usage errors (exit 2) that name the problem and never print the password.
    func testBadBrokerOptionsAreUsageErrors() throws {
        let d = try deck("talk.json", count: 2)
        var env = TestPaths.privateHome(in: dir); env["SDL_VIDEODRIVER"] = "offscreen"
        for (args, words) in [(["present", d, "--broker", "http://h/t"], "expected mqtt://"),
                              (["present", d, "--broker", "mqtt://u:hunter2@h:70000/t"], "port"),
                              (["follow"], "needs the talk's broker URL"),
                              (["present", d, "--broker-ca", "/etc/hostname"], "applies with --broker"),
                              (["follow", "mqtt://h/a/#", d], "wildcard"),
                              (["follow", "mqtt://h/t", d, "--broker-ca", "/nonexistent"], "applies to mqtts://"),
                              (["follow", "mqtts://h/t", d, "--broker-ca", "/nonexistent"], "cannot read the file"),
                              (["follow", "mqtt://h/t", d, "--broker-password-file", "/nonexistent"], "--broker-password-file")] {
            let r = try runProcess(TestPaths.podium, args, environment: env)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(words), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("hunter2"), r.stderr)
        }
    }
}
