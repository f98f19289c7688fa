import Foundation
import PodiumKit

/// The one driver for a long-running `podium` child process in tests: started with HOME and
/// the XDG_* directories inside `dir` (unless `environment` names its own), its stdout and
/// stderr in `dir/podium.log`, driven over its control socket, and always waited for (this
/// machine's init does not reap orphans).
public final class PodiumProcess {
    public let child: ChildProcess
    public var process: Process { child.process }
    /// The control socket ("" without one).
    public let socketPath: String
    public let logPath: String
    /// The control-socket client (nil without `control`).
    public private(set) var client: ControlClient!
    /// Set once it was waited for.
    public var exitStatus: Int32? { child.exitStatus }

    /// Starts `podium COMMAND --control unix:dir/control.sock ARGS` (COMMAND `present` unless
    /// given, or `follow`), or `podium COMMAND ARGS` without `control`, and with `control` waits until the socket answers (throwing at once
    /// if podium exits first). `environment` is added to this process's, without the variables
    /// named in `removing` (a display server the test must not reach); `cwd` is the working
    /// directory.
    public init(args: [String] = [], environment: [String: String], dir: URL, removing: [String] = [],
                control: Bool = true, cwd: URL? = nil, command: String = "present") throws {
        guard FileManager.default.isExecutableFile(atPath: TestPaths.podium) else {
            throw NSError(domain: "PodiumProcess", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(TestPaths.podium) is missing: run `swift build` first"])
        }
        socketPath = control ? dir.appendingPathComponent("control.sock").path : ""
        logPath = dir.appendingPathComponent("podium.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        child = try ChildProcess(TestPaths.podium, [command] + (control ? ["--control", "unix:\(socketPath)"] : []) + args,
                                 environment: environment, removing: removing, home: dir, cwd: cwd,
                                 stdout: .file(logPath), stderr: .file(logPath))
        guard control else { return }
        do { client = try ControlClient(path: socketPath, alive: { [child] in child.isRunning }) } catch {
            // How it ended (128 + N: signal N) says what the log may not: a crash at launch with
            // Swift's backtracer off writes nothing.
            let status = child.waitForExit(seconds: 5)
            let how = status > 128 ? "ended by signal \(status - 128) (\(String(cString: strsignal(status - 128))))" : "exit status \(status)"
            throw NSError(domain: "PodiumProcess", code: 2, userInfo: [NSLocalizedDescriptionKey: "podium did not open its control socket (\(error.localizedDescription); \(how)); log:\n\(self.log)"])
        }
    }
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends one request and returns the parsed reply.
    @discardableResult
    public func send(_ request: JSONValue) throws -> JSONValue { try client.send(request) }

    /// The control tree of a window ("presenter" or "audience") from `state`.
    public func controls(_ window: String) throws -> [JSONValue] {
        let s = try send(["cmd": "state"])
        return s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
    }
    public func control(_ id: String, in window: String = "presenter") throws -> JSONValue? {
        try controls(window).first { $0["id"]?.string == id }
    }

    /// Asks it to quit, then kills it if needed, and waits. Returns the exit status.
    @discardableResult
    public func stop(seconds: Double = 5) -> Int32 {
        if exitStatus == nil, process.isRunning { _ = try? client?.send(["cmd": "quit"]) }
        return waitForExit(seconds: seconds)
    }

    /// Waits for it to exit by itself (after a quit or a signal it was sent); SIGKILL after
    /// `seconds`. Returns the exit status (128 + N when signal N ended it, as shells report it).
    @discardableResult
    public func waitForExit(seconds: Double = 10) -> Int32 {
        client = nil   // closes the socket
        return child.waitForExit(seconds: seconds)
    }

    /// SIGKILL: no chance to flush or close anything.
    public func kill9() {
        if exitStatus == nil { kill(process.processIdentifier, SIGKILL) }
        waitForExit()
    }
}

/// Runs `.build/debug/podium ARGS` to completion with HOME and the XDG_* directories in a fresh
/// temporary directory (removed afterwards) unless `environment` names its own.
public func runPodium(_ args: [String], environment: [String: String] = [:], cwd: URL? = nil) throws -> ProcessResult {
    let home = TestPaths.tempDir("podium-home")
    defer { try? FileManager.default.removeItem(at: home) }
    return try runProcess(TestPaths.podium, args, environment: TestPaths.privateHome(in: home).merging(environment) { $1 }, cwd: cwd)
}
