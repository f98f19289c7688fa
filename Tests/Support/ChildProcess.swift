import Foundation

/// The one way tests start a process that keeps running (podium, a display server, a window
/// manager, a stand-in web server): its environment is this process's plus `environment`
/// without the variables in `removing`, with HOME and the XDG_* directories inside `home`
/// when given, else inside a fresh temporary folder unless `environment` names HOME (a test run
/// by hand has the user's HOME); it is always waited for (`stop`, `waitForExit`), since this machine's init does
/// not reap orphans. Programs run to completion go through `runProcess` / `runPodium`.
public final class ChildProcess {
    /// Where a standard stream goes.
    public enum Stream {
        case null
        /// This test process's own stream.
        case inherit
        /// A pipe the test reads (`stdout`, `stderr`) or writes (`stdin`).
        case pipe
        /// Appended to the file at this path (created).
        case file(String)
    }
    public let process = Process()
    public private(set) var stdin: Pipe?, stdout: Pipe?, stderr: Pipe?
    /// Set once it was waited for: reaping twice could wait on a pid that is no longer ours.
    public private(set) var exitStatus: Int32?
    /// The temporary HOME made for it when the test gave none, removed once it was waited for.
    private var ownHome: URL?

    public init(_ executable: String, _ args: [String], environment: [String: String] = [:], removing: [String] = [],
                home: URL? = nil, cwd: URL? = nil, stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .inherit) throws {
        signal(SIGPIPE, SIG_IGN)   // a child that died fails the test instead of killing the process
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        for k in removing { env[k] = nil }
        if environment["HOME"] == nil {
            let h = home ?? TestPaths.tempDir("child-home")
            if home == nil { ownHome = h }
            for (k, v) in TestPaths.privateHome(in: h) { env[k] = v }
        }
        // A crash must fail the test that met it, not be healed by a restarted podium that no
        // test waits for (`CrashRestart`; its own tests turn it back on).
        env["PODIUM_RESTART_ON_CRASH"] = "0"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let cwd { process.currentDirectoryURL = cwd }
        var files: [String: FileHandle] = [:]   // stdout and stderr to one file share its handle
        func attach(_ s: Stream, reading: Bool) -> (Any?, Pipe?) {
            switch s {
            case .null: return (FileHandle.nullDevice, nil)
            case .inherit: return (nil, nil)
            case .pipe: let p = Pipe(); return (p, p)
            case let .file(path):
                if reading { return (FileHandle(forReadingAtPath: path), nil) }
                if let h = files[path] { return (h, nil) }
                if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
                let h = FileHandle(forWritingAtPath: path)
                h?.seekToEndOfFile()
                files[path] = h
                return (h, nil)
            }
        }
        let i = attach(stdin, reading: true), o = attach(stdout, reading: false), e = attach(stderr, reading: false)
        if let h = i.0 { process.standardInput = h }
        if let h = o.0 { process.standardOutput = h }
        if let h = e.0 { process.standardError = h }
        self.stdin = i.1; self.stdout = o.1; self.stderr = e.1
        try process.run()
    }

    public var isRunning: Bool { exitStatus == nil && process.isRunning }

    /// Sends `signal` (unless it already exited) and waits up to `seconds`, then SIGKILL.
    /// Returns the exit status (128 + N when signal N ended it, as shells report it).
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, seconds: Double = 10) -> Int32 {
        if isRunning { kill(process.processIdentifier, signal) }
        return waitForExit(seconds: seconds)
    }

    /// Waits for it to exit by itself; SIGKILL after `seconds`. Returns the exit status.
    @discardableResult
    public func waitForExit(seconds: Double = 10) -> Int32 {
        if let exitStatus { return exitStatus }
        let s = reap(process, seconds: seconds)
        exitStatus = s
        if let ownHome { try? FileManager.default.removeItem(at: ownHome) }
        return s
    }
}
