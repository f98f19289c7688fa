import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `podium` child (present or follow) with a control socket, a private HOME and SDL's
/// offscreen driver, in a folder of its own: the test support's `PodiumProcess`.
public final class PodiumChild {
    public let podium: PodiumProcess
    public let name: String
    public var process: Process { podium.process }
    public var client: ControlClient! { podium.client }
    public var log: String { podium.log }

    public init(_ args: [String], name: String, dir: URL, env extra: [String: String]) throws {
        self.name = name
        let own = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        var env = ["XDG_RUNTIME_DIR": own.path, "SDL_VIDEODRIVER": "offscreen"]
        for (k, v) in extra { env[k] = v }
        podium = try PodiumProcess(args: Array(args.dropFirst()), environment: env, dir: own,
                                   removing: ["PODIUM_BROKER_USER", "PODIUM_BROKER_PASSWORD"], command: args[0])
    }
    public func killHard() { kill(process.processIdentifier, SIGKILL); podium.waitForExit(seconds: 5) }
    public func stop() { stopped() }
    /// Asks it to quit and waits; the exit status.
    @discardableResult
    public func stopped() -> Int32 { podium.stop() }
}

/// A real mosquitto on a free loopback port, with a config of its own (no persistence, so a
/// restart loses retained messages: the presenter must publish again).
public final class Mosquitto {
    public static let binary = "/usr/sbin/mosquitto"
    public static let passwd = "/usr/bin/mosquitto_passwd"
    public let port: Int
    public let config: String
    public var process: ChildProcess?

    /// `example`: a shipped config whose `listener`, `acl_file` and `password_file` lines are
    /// pointed at this test's port and files.
    /// `extra`: more config lines (a TLS listener's files).
    public init(dir: URL, example: String? = nil, acl: String? = nil, passwordFile: String? = nil, extra: [String] = []) throws {
        port = Self.freePort()
        config = dir.appendingPathComponent("mosquitto.conf").path
        var lines: [String]
        if let example {
            lines = try String(contentsOfFile: example, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { l in
                if l.hasPrefix("listener ") { return "listener \(port) 127.0.0.1" }
                if l.hasPrefix("acl_file "), let acl { return "acl_file \(acl)" }
                if l.hasPrefix("password_file "), let passwordFile { return "password_file \(passwordFile)" }
                return String(l)
            }
        } else {
            lines = ["listener \(port) 127.0.0.1", "allow_anonymous true"]
        }
        lines += extra
        // As root, mosquitto would drop to its own user, who cannot read this test's files.
        if getuid() == 0 { lines.append("user root") }
        lines += ["persistence false", "log_dest file \(dir.appendingPathComponent("mosquitto.log").path)"]
        try lines.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        try start()
    }

    public func start() throws {
        let p = try ChildProcess(Self.binary, ["-c", config], stdout: .null, stderr: .null)
        process = p
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port) {
            guard Date() < deadline, p.isRunning else {
                p.stop(signal: SIGKILL, seconds: 5); process = nil
                throw NSError(domain: "Mosquitto", code: 1, userInfo: [NSLocalizedDescriptionKey: "mosquitto did not listen on \(port)"])
            }
            usleep(20_000)
        }
    }

    public func kill() { process?.stop(signal: SIGKILL, seconds: 5); process = nil }
    public func stop() { process?.stop(seconds: 5); process = nil }

    public static func freePort() -> Int {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var a = sockaddr_in(); a.sin_family = sa_family_t(AF_INET); a.sin_addr.s_addr = inet_addr("127.0.0.1"); a.sin_port = 0
        _ = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
        return Int(UInt16(bigEndian: a.sin_port))
    }

    public static func accepts(_ port: Int) -> Bool {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var a = sockaddr_in(); a.sin_family = sa_family_t(AF_INET); a.sin_addr.s_addr = inet_addr("127.0.0.1"); a.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
    }
}
