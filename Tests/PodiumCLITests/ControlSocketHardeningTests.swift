import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The control socket under attack (issue 21): only its owner may drive the talk, a live talk's
/// socket is never taken over, hostile requests get an error reply and the talk goes on.
final class ControlSocketHardeningTests: XCTestCase {
    var dir: URL!
    var env: [String: String] {
        let home = dir.appendingPathComponent("home").path
        return ["HOME": home, "XDG_DATA_HOME": "\(home)/data", "XDG_CONFIG_HOME": "\(home)/config", "XDG_CACHE_HOME": "\(home)/cache",
                "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]
    }
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("harden-socket")
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func start() throws -> PodiumProcess {
        let app = try PodiumProcess(args: ["--windowed"], environment: env, dir: dir)
        let s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen", "SDL used the driver the test asked for")
        return app
    }

    /// A raw connection for clients that misbehave.
    func connectRaw(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard ok == 0 else { close(fd); throw NSError(domain: "connect", code: Int(errno)) }
        setReceiveTimeout(fd, seconds: 60)
        return fd
    }
    func readLine(_ fd: Int32) -> String? {
        var out = [UInt8](), b: UInt8 = 0
        while read(fd, &b, 1) == 1 { if b == 10 { return String(decoding: out, as: UTF8.self) }; out.append(b) }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    func testHugeAndNonIntegerNumbersInRequestsGetErrors() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let count = try c.send(["cmd": "state"])["scene"]?["count"]?.int ?? 0
        for (line, error) in [
            (#"{"cmd":"goto","index":1e19}"#, "index: expected an integer 0–\(count - 1), found 1e+19"),
            (#"{"cmd":"goto","index":-1e300}"#, "index: expected an integer 0–\(count - 1), found -1e+300"),
            (#"{"cmd":"goto","index":1.5}"#, "index: expected an integer 0–\(count - 1), found 1.5"),
            (#"{"cmd":"goto","index":"1"}"#, "index: expected an integer 0–\(count - 1), found string \"1\""),
            (#"{"cmd":"frame-times","frames":1e300}"#, "frames: expected an integer 1–500, found 1e+300"),
            (#"{"cmd":"pointer","x":1e300,"y":0}"#, "x: expected a number"),
        ] {
            let r = try c.sendRaw(line)
            XCTAssertEqual(r["ok"]?.bool, false, line)
            XCTAssertTrue(r["error"]?.string?.hasPrefix(error) == true, "\(line): \(r)")
        }
        let long = try c.sendRaw(#"{"cmd":"\#(String(repeating: "\u{1b}", count: 5000))"}"#)
        XCTAssertLessThan(long["error"]?.string?.count ?? .max, 600, "the bad value is quoted short")
        XCTAssertFalse(long["error"]?.string?.contains("\u{1b}") ?? true, "and escaped")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 1, "the talk goes on")
    }

    /// Requests that answered "ok" and did nothing useful (trial 13 F11): `type` with no control
    /// focused (the text went nowhere) and `screenshot` to a relative path (written relative to
    /// the talk's working directory, not the client's) are refused, saying what to do instead;
    /// after a click on a field, `type` reaches it.
    func testTypeWithNothingFocusedAndARelativeScreenshotPathAreRefused() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let typed = try c.send(["cmd": "type", "text": "abc"])
        XCTAssertEqual(typed["ok"]?.bool, false, "\(typed)")
        XCTAssertTrue(typed["error"]?.string?.contains("nothing on the presenter view has the keyboard focus") == true, "\(typed)")
        let shot = try c.send(["cmd": "screenshot", "path": "relative.png"])
        XCTAssertEqual(shot["ok"]?.bool, false, "\(shot)")
        XCTAssertTrue(shot["error"]?.string?.contains("absolute") == true, "\(shot)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("relative.png").path))
        let absolute = dir.appendingPathComponent("shot.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "path": .string(absolute)])["ok"]?.bool, true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: absolute))
    }

    func testSocketIsPrivateWhateverTheUmask() throws {
        let old = umask(0)
        let app: PodiumProcess
        do { app = try PodiumProcess(args: ["--windowed"], environment: env, dir: dir); umask(old) } catch { umask(old); throw error }
        defer { app.stop() }
        var st = stat()
        XCTAssertEqual(stat(app.socketPath, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600, "mode \(String(st.st_mode & 0o777, radix: 8)) under umask 000")
    }

    func testSecondPodiumRefusesALiveSocketAndReplacesAStaleOne() throws {
        let app = try start()
        XCTAssertEqual(try app.client.send(["cmd": "next"])["ok"]?.bool, true)
        // Another deck, so the one-podium-per-deck lock lets it through to the socket check.
        let other = dir.appendingPathComponent("other.json").path
        try #"{ "title": "Other", "scenes": [ { "kind": "title", "parameters": { "heading": "Other" } } ] }"#.write(toFile: other, atomically: true, encoding: .utf8)
        let second = try runProcess("/usr/bin/timeout", ["-k", "5", "60", TestPaths.podium, "present", other, "--windowed", "--control", "unix:\(app.socketPath)"], environment: env)
        XCTAssertNotEqual(second.status, 0)
        XCTAssertTrue(second.stderr.contains("control socket \(app.socketPath) is in use by a running podium"), second.stderr)
        let fresh = try ControlClient(path: app.socketPath)
        XCTAssertEqual(try fresh.send(["cmd": "state"])["scene"]?["index"]?.int, 1, "the socket still belongs to the first podium")
        app.stop()

        // A socket nobody answers on (a crashed run) is replaced.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in app.socketPath.utf8.enumerated() { raw[i] = b } }
        XCTAssertEqual(withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }, 0)
        close(fd)
        let again = try PodiumProcess(args: ["--windowed"], environment: env, dir: dir)
        defer { again.stop() }
        XCTAssertEqual(try again.client.send(["cmd": "state"])["scene"]?["index"]?.int, 0, "a new podium took the stale socket")
    }

    func testOverlongLineIsRefusedAndTheConnectionClosed() throws {
        let app = try start()
        defer { app.stop() }
        let fd = try connectRaw(app.socketPath)
        defer { close(fd) }
        // 3 MB without a newline: all of it is taken (and dropped), the error comes at once.
        let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 1 << 20)
        for i in 0..<3 {
            var off = 0
            while off < chunk.count { let w = chunk.withUnsafeBytes { write(fd, $0.baseAddress! + off, chunk.count - off) }; XCTAssertGreaterThan(w, 0, "MB \(i)"); guard w > 0 else { break }; off += w }
        }
        let reply = try XCTUnwrap(readLine(fd), "an error reply")
        XCTAssertEqual(write(fd, "\n", 1), 1, "the client's newline ends the overlong line")
        let v = try JSONValue.parse(Data(reply.utf8))
        XCTAssertEqual(v["ok"]?.bool, false)
        XCTAssertEqual(v["error"]?.string, "request longer than 1 MB; closing the connection")
        var b: UInt8 = 0
        XCTAssertLessThanOrEqual(read(fd, &b, 1), 0, "then the connection is closed")
        // A line just under the limit is still read (and answered as malformed JSON).
        let c2 = try connectRaw(app.socketPath)
        defer { close(c2) }
        let near = [UInt8](repeating: UInt8(ascii: " "), count: (1 << 20) - 20) + Array(#"{"cmd":"state"}"#.utf8) + [10]
        var off = 0
        while off < near.count { let w = near.withUnsafeBytes { write(c2, $0.baseAddress! + off, near.count - off) }; guard w > 0 else { break }; off += w }
        XCTAssertEqual(try JSONValue.parse(Data((readLine(c2) ?? "").utf8))["ok"]?.bool, true)
    }

    func testSilentAndNonReadingClientsDoNotStallTheTalk() throws {
        let app = try start()
        defer { app.stop() }
        let silent = try connectRaw(app.socketPath)
        let half = try connectRaw(app.socketPath)
        XCTAssertEqual(write(half, "{\"cmd\":\"sta", 11), 11)
        // A client that sends many requests and never reads the (large) state replies.
        let flooder = try connectRaw(app.socketPath)
        var flags = fcntl(flooder, F_GETFL); flags |= O_NONBLOCK; _ = fcntl(flooder, F_SETFL, flags)
        let req = Array(#"{"cmd":"state"}"#.utf8) + [10]
        for _ in 0..<2000 { if write(flooder, req, req.count) < 0 { break } }
        defer { close(silent); close(half); close(flooder) }
        let c = try ControlClient(path: app.socketPath)
        for i in 1...3 {
            XCTAssertEqual(try c.send(["cmd": "goto", "index": .number(Double(i % 2))])["ok"]?.bool, true)
        }
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 1, "another client is served while those hang about")
    }

    func testOtherUsersAreRefused() throws {
        try XCTSkipUnless(getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                          && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs root, setpriv and /usr/bin/python3 to act as user nobody")
        let app = try start()
        defer { app.stop() }
        // Open the file mode up so only the SO_PEERCRED check stands between nobody and the talk.
        XCTAssertEqual(chmod(dir.path, 0o755), 0)
        XCTAssertEqual(chmod(app.socketPath, 0o666), 0)
        let script = """
        import socket, sys
        s = socket.socket(socket.AF_UNIX); s.settimeout(20); s.connect(sys.argv[1])
        try: s.sendall(b'{"cmd":"next"}\\n')
        except OSError: pass  # podium may have refused and closed already
        print(s.makefile("rb").readline().decode().strip())
        """
        let r = try runAsNobody("/usr/bin/python3", ["-c", script, app.socketPath], home: dir.appendingPathComponent("nobody"))
        XCTAssertTrue(r.stdout.contains("this podium is controlled only by its own user"), r.stdout + r.stderr)
        XCTAssertEqual(try app.client.send(["cmd": "state"])["scene"]?["index"]?.int, 0, "nobody's next was not performed")
    }
}
