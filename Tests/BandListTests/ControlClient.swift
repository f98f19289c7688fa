import Foundation
import PodiumKit
import PodiumTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs `.build/debug/podium present --control unix:…` headless (SDL's offscreen driver, software
/// renderer) and talks JSON lines to it, as the end-to-end tests and people do.
final class PodiumProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/podium").path

    let process = Process()
    let socketPath: String
    let log: URL
    private var fd: Int32 = -1
    private var buffer = [UInt8]()

    init(deck: URL, workDirectory: URL, environment extra: [String: String] = [:]) throws {
        socketPath = workDirectory.appendingPathComponent("control.sock").path
        log = workDirectory.appendingPathComponent("podium.log")
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["present", deck.path, "--control", "unix:\(socketPath)"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"; env["SDL_RENDER_DRIVER"] = "software"
        for (k, v) in extra { env[k] = v }
        process.environment = env
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let h = try FileHandle(forWritingTo: log)
        process.standardOutput = h; process.standardError = h
        try process.run()
        try connect()
    }

    private func connect() throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_un(); addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in socketPath.utf8.enumerated() { raw[i] = b } }
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            if ok == 0 { return }
            close(fd)
            guard process.isRunning, Date() < deadline else {
                throw NSError(domain: "podium", code: 1, userInfo: [NSLocalizedDescriptionKey: "podium did not open its control socket: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"])
            }
            usleep(50_000)
        }
    }

    /// Sends one request and returns the parsed reply.
    @discardableResult
    func send(_ request: JSONValue) throws -> JSONValue {
        let line = Array((request.jsonString + "\n").utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, line.count) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !buffer.contains(10) {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw NSError(domain: "podium", code: 2, userInfo: [NSLocalizedDescriptionKey: "connection closed"]) }
            buffer += chunk[0..<n]
        }
        let nl = buffer.firstIndex(of: 10)!
        let reply = Data(buffer[..<nl]); buffer.removeSubrange(...nl)
        return try JSONValue.parse(reply)
    }

    /// The control tree of a window ("presenter" or "audience") from `state`.
    func controls(_ window: String) throws -> [JSONValue] {
        let s = try send(["cmd": "state"])
        return s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
    }
    func control(_ id: String, in window: String = "presenter") throws -> JSONValue? {
        try controls(window).first { $0["id"]?.string == id }
    }

    /// SIGKILL: no chance to flush or close anything.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        reap(process)
        close(fd)
    }

    func quit() {
        _ = try? send(["cmd": "quit"])
        reap(process)
        close(fd)
    }
}

/// Runs `.build/debug/podium ARGS` to completion; returns exit status, stdout and stderr.
func runPodium(_ args: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: PodiumProcess.binary)
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    for (k, v) in extra { env[k] = v }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out; p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

/// A digest of the pixels of `rect` (pixels) in an 8-bit RGB or RGBA PNG as SDL_image writes it,
/// decoded by a few lines of Python (zlib and the five PNG row filters), so tests can tell
/// whether one region of a screenshot changed.
func pngRegionDigest(_ path: String, _ rect: Rect) throws -> String {
    let script = """
    import hashlib, struct, sys, zlib
    d = open(sys.argv[1], 'rb').read(); x0, y0, w, h = map(int, sys.argv[2:6])
    i, idat = 8, b''
    while i < len(d):
        n, t = struct.unpack('>I4s', d[i:i + 8])
        if t == b'IHDR': W, H, depth, ctype = struct.unpack('>IIBB', d[i + 8:i + 18])
        if t == b'IDAT': idat += d[i + 8:i + 8 + n]
        i += 12 + n
    assert depth == 8 and ctype in (2, 6), (depth, ctype)
    bpp = 4 if ctype == 6 else 3; stride = W * bpp; raw = zlib.decompress(idat); prev = bytearray(stride); rows = []
    for y in range(H):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for k in range(stride):
            a = line[k - bpp] if k >= bpp else 0; b = prev[k]; c = prev[k - bpp] if k >= bpp else 0
            if f == 1: line[k] = (line[k] + a) & 255
            elif f == 2: line[k] = (line[k] + b) & 255
            elif f == 3: line[k] = (line[k] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[k] = (line[k] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    print(hashlib.sha1(b''.join(bytes(r[x0 * bpp:(x0 + w) * bpp]) for r in rows[y0:y0 + h])).hexdigest())
    """
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    p.arguments = ["-c", script, path] + [rect.minX, rect.minY, rect.width, rect.height].map { String(Int($0)) }
    let out = Pipe(); p.standardOutput = out
    try p.run(); p.waitUntilExit()
    let s = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard p.terminationStatus == 0, s.count == 40 else { throw NSError(domain: "png", code: Int(p.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "cannot decode \(path)"]) }
    return s
}
