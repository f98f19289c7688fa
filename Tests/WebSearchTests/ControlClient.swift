import Foundation
import PodiumKit

/// A JSON-lines client for `podium present --control unix:PATH`.
final class ControlClient {
    private let fd: Int32
    private var buffer = [UInt8]()

    /// Connects, retrying until `timeout` seconds pass (the app needs a moment to listen).
    init(path: String, timeout: Double = 30) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            if ok == 0 { fd = s; return }
            close(s)
            if Date() > deadline { throw NSError(domain: "ControlClient", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot connect to \(path)"]) }
            usleep(50_000)
        }
    }
    deinit { close(fd) }

    /// Sends one request and returns the parsed reply.
    func send(_ request: JSONValue) throws -> JSONValue {
        let out = Array((request.jsonString + "\n").utf8)
        _ = out.withUnsafeBytes { write(fd, $0.baseAddress, out.count) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !buffer.contains(10) {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw NSError(domain: "ControlClient", code: 2, userInfo: [NSLocalizedDescriptionKey: "connection closed"]) }
            buffer += chunk[0..<n]
        }
        let nl = buffer.firstIndex(of: 10)!
        let line = Data(buffer[..<nl]); buffer.removeSubrange(...nl)
        return try JSONValue.parse(line)
    }

    /// Every control of `window` ("presenter" or "audience") in the `state` reply.
    func controls(_ window: String) throws -> [JSONValue] {
        let s = try send(["cmd": "state"])
        return s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
    }

    /// The value of the control with `id`, nil when it is not shown.
    func value(of id: String, in window: String = "presenter") throws -> String? {
        try controls(window).first { $0["id"]?.string == id }?["value"]?.string
    }

    /// Polls `state` until `condition` holds or `timeout` seconds pass; returns whether it held.
    func wait(timeout: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline { if try condition() { return true }; usleep(50_000) }
        return try condition()
    }
}
