import Foundation
import PodiumKit

/// Talks JSON lines to `podium present --control unix:PATH`.
public final class ControlClient {
    private let fd: Int32

    /// Connects, retrying until `timeout` seconds pass (the server may still be starting) or
    /// `alive` says the server is gone.
    public init(path: String, timeout: Double = 30, alive: () -> Bool = { true }) throws {
        // Writing to a podium that died must fail the test, not kill the whole test process.
        signal(SIGPIPE, SIG_IGN)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            if ok == 0 { fd = s; setReceiveTimeout(s); return }
            close(s)
            if Date() > deadline || !alive() {
                throw NSError(domain: "ControlClient", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot connect to \(path)\(alive() ? "" : ": the server exited")"])
            }
            usleep(50_000)
        }
    }
    deinit { close(fd) }

    /// Sends one request line and returns the parsed reply.
    @discardableResult
    public func send(_ request: JSONValue) throws -> JSONValue { try sendRaw(request.jsonString) }

    /// Sends one request and closes the connection without reading the answer.
    public func hangUpAfterSending(_ request: JSONValue) throws {
        let bytes = Array((request.jsonString + "\n").utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw NSError(domain: "ControlClient", code: 2) }
        shutdown(fd, Int32(SHUT_RDWR))
    }

    public func sendRaw(_ line: String) throws -> JSONValue {
        let bytes = Array((line + "\n").utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw NSError(domain: "ControlClient", code: 2) }
        var reply = [UInt8](), b: UInt8 = 0
        while read(fd, &b, 1) == 1 { if b == 10 { break }; reply.append(b) }
        return try JSONValue.parse(Data(reply))
    }

    /// `state` until `predicate` holds or `timeout` passes; returns the last state.
    public func waitForState(timeout: Double = 10, _ predicate: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let s = try send(["cmd": "state"])
            if predicate(s) || Date() > deadline { return s }
            usleep(50_000)
        }
    }
}

/// The Xorg dummy-driver rig (`Tests/Rig/xorg-rig.sh`): real monitors that can be plugged.
public final class XorgRig {
    public let dir: URL
    public let display: String
    static var script: String { TestPaths.root.appendingPathComponent("Tests/Rig/xorg-rig.sh").path }

    /// Starts Xorg with one monitor per size, e.g. ["1280x800", "1920x1080"].
    public init(monitors: [String]) throws {
        dir = TestPaths.tempDir("xorg")
        let r = try runProcess(Self.script, ["start", dir.path] + monitors)
        guard r.status == 0 else { throw NSError(domain: "XorgRig", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
        display = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    public func plug(_ output: Int, _ size: String) throws { _ = try runProcess(Self.script, ["plug", dir.path, "\(output)", size]) }
    public func unplug(_ output: Int) throws { _ = try runProcess(Self.script, ["unplug", dir.path, "\(output)"]) }
    /// Switches output DUMMY`output` to mode `size` (e.g. "1280x1024"); SDL sends no event for it.
    public func mode(_ output: Int, _ size: String) throws { _ = try runProcess(Self.script, ["mode", dir.path, "\(output)", size]) }
    /// Makes DUMMY`output` mirror DUMMY0 (its mode, its position); `plug` puts it beside again.
    public func mirror(_ output: Int) throws { _ = try runProcess(Self.script, ["mirror", dir.path, "\(output)"]) }
    /// Moves DUMMY`output` to (x, y), its mode kept (`xrandr --pos`: a desktop's "Extend").
    public func move(_ output: Int, x: Int, y: Int) throws { _ = try runProcess(Self.script, ["move", dir.path, "\(output)", "\(x)", "\(y)"]) }
    /// Switches DUMMY`output` on at `size` at (x, y), over another output if there is one there.
    public func place(_ output: Int, _ size: String, x: Int, y: Int) throws {
        _ = try runProcess(Self.script, ["place", dir.path, "\(output)", size, "\(x)", "\(y)"])
    }
    public func stop() {
        windowManager?.stop()
        _ = try? runProcess(Self.script, ["stop", dir.path]); try? FileManager.default.removeItem(at: dir)
    }
    private var windowManager: ChildProcess?
    /// Starts openbox (a stacking EWMH window manager: it focuses a window on a click) on this
    /// server and waits until it manages the screen (throws after 10 s); `stop` ends it. openbox
    /// is a test dependency (`make test-deps`). `config`: an rc.xml for `--config-file` (e.g.
    /// `<applications>` rules), else openbox's defaults.
    public func startWindowManager(config: String? = nil) throws {
        var args: [String] = []
        if let config {
            let path = dir.appendingPathComponent("openbox-rc.xml").path
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            args = ["--config-file", path]
        }
        windowManager = try ChildProcess("/usr/bin/openbox", args, environment: environment.merging(TestPaths.privateHome(in: dir.appendingPathComponent("wm"))) { $1 },
                                         stderr: .null)
        let deadline = Date().addingTimeInterval(10)
        while (try? runProcess("/usr/bin/env", ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment))?.stdout.contains("window id") != true {
            guard Date() < deadline else { throw NSError(domain: "XorgRig", code: 3, userInfo: [NSLocalizedDescriptionKey: "openbox did not take the screen"]) }
            usleep(50_000)
        }
    }
    /// Replaces the running openbox's rc.xml (`startWindowManager(config:)`) and has it read it
    /// again (`openbox --reconfigure`).
    public func reconfigureWindowManager(config: String) throws {
        try config.write(toFile: dir.appendingPathComponent("openbox-rc.xml").path, atomically: true, encoding: .utf8)
        let r = try runProcess("/usr/bin/openbox", ["--reconfigure"], environment: environment)
        guard r.status == 0 else { throw NSError(domain: "XorgRig", code: 4, userInfo: [NSLocalizedDescriptionKey: "openbox --reconfigure: \(r.stderr)"]) }
    }
    /// Environment for a client of this server.
    public var environment: [String: String] { ["DISPLAY": display, "SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": ""] }
}

/// A podium that stops answering fails the test after a minute instead of hanging the suite.
public func setReceiveTimeout(_ fd: Int32, seconds: Int = 60) {
    var tv = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
}
