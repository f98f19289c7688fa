import Foundation

/// Locations tests need: the package root and the built `podium` binary.
public enum TestPaths {
    /// The package root (two levels above `Tests/Support`).
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The debug `podium` binary built by `swift build` / `swift build --build-tests`.
    public static var podium: String { root.appendingPathComponent(".build/debug/podium").path }
    public static var demoDeck: String { root.appendingPathComponent("Assets/Decks/demo.json").path }
    /// HOME and the XDG base directories inside `dir` (created now), so a process a test starts
    /// never reads or writes the user's data, and one test's saved state (journal, display
    /// choices, band store) never reaches another's.
    public static func privateHome(in dir: URL) -> [String: String] {
        let home = dir.appendingPathComponent("home")
        var env = ["HOME": home.path]
        for (key, sub) in [("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache")] {
            let d = home.appendingPathComponent(sub)
            try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            env[key] = d.path
        }
        return env
    }

    /// Writes `dir/talk.json`, a deck of `count` title scenes "Part 1"… titled `title`, lasting
    /// 10 minutes; returns its path.
    public static func titleDeck(_ count: Int, title: String, in dir: URL) -> String {
        let path = dir.appendingPathComponent("talk.json").path
        let scenes = (1...count).map { #"{ "kind": "title", "title": "Part \#($0)", "parameters": { "heading": "Part \#($0)" } }"# }
        try? #"{ "title": "\#(title)", "duration": 10, "scenes": [\#(scenes.joined(separator: ","))] }"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A fresh temporary directory, removed by the caller.
    public static func tempDir(_ name: String = "podium-test") -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}

/// The result of running a process to completion.
public struct ProcessResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// stdout, then stderr.
    public var output: String { stdout + stderr }
}

/// Runs `path` with `args` and waits for it (this machine's init does not reap orphans).
/// Also makes SIGPIPE harmless for the test process (a child that dies mid-conversation).
public func runProcess(_ path: String, _ args: [String], environment: [String: String] = [:], cwd: URL? = nil) throws -> ProcessResult {
    signal(SIGPIPE, SIG_IGN)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    // A test run by hand has the user's HOME: a process given none gets a fresh private one.
    let ownHome = environment["HOME"] == nil ? TestPaths.tempDir("run-home") : nil
    defer { if let ownHome { try? FileManager.default.removeItem(at: ownHome) } }
    if let ownHome { for (k, v) in TestPaths.privateHome(in: ownHome) { env[k] = v } }
    env["PODIUM_RESTART_ON_CRASH"] = "0"   // as in ChildProcess: a crash fails the test
    for (k, v) in environment { env[k] = v }
    p.environment = env
    if let cwd { p.currentDirectoryURL = cwd }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out; p.standardError = err
    try p.run()
    // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
    let errBox = DataBox()
    let group = DispatchGroup()
    group.enter(); DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let errData = errBox.data
    return ProcessResult(status: reap(p), stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}

private final class DataBox: @unchecked Sendable { var data = Data() }
