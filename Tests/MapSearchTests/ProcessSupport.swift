import CSDL2
import CSDL2Image
import Foundation
import PodiumKit
import XCTest

/// Runs `.build/debug/podium` with arguments and environment; returns exit status and output.
func runPodium(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, out: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Fixtures.podium)
    p.arguments = args
    p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
    let pipe = Pipe()
    p.standardOutput = pipe; p.standardError = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Pixels of a PNG, read with SDL_image, as RGBA colours.
struct PNGImage {
    let width: Int, height: Int
    private let bytes: [UInt8]
    init(path: String) throws {
        guard let raw = IMG_Load(path) else { throw NSError(domain: "png", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot load \(path)"]) }
        defer { SDL_FreeSurface(raw) }
        guard let s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else { throw NSError(domain: "png", code: 2) }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w); height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch)
        let base = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var b = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height { for x in 0..<(width * 4) { b[y * width * 4 + x] = base[y * pitch + x] } }
        bytes = b
    }
    func color(_ x: Int, _ y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
    /// Share of pixels exactly `c` (alpha ignored).
    func share(of c: Color) -> Double {
        var n = 0
        for i in stride(from: 0, to: bytes.count, by: 4) where bytes[i] == c.r && bytes[i + 1] == c.g && bytes[i + 2] == c.b { n += 1 }
        return Double(n) / Double(width * height)
    }
}

/// A JSON-lines client for `podium present --control unix:PATH`.
final class ControlClient {
    private let fd: Int32
    private var buffer = Data()

    /// Connects, retrying while the server starts (up to `timeout` seconds).
    init(path: String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                let p = Array(path.utf8.prefix(raw.count - 1)) + [0]
                raw.copyBytes(from: p)
            }
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            if ok == 0 { fd = s; return }
            close(s)
            if Date() > deadline { throw NSError(domain: "control", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot connect to \(path)"]) }
            usleep(100_000)
        }
    }
    deinit { close(fd) }

    /// Sends one request and returns the parsed answer.
    func send(_ request: JSONValue) throws -> JSONValue {
        let line = Data((request.jsonString + "\n").utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, line.count) }
        while !buffer.contains(10) {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw NSError(domain: "control", code: 2, userInfo: [NSLocalizedDescriptionKey: "connection closed"]) }
            buffer.append(contentsOf: chunk[0..<n])
        }
        let i = buffer.firstIndex(of: 10)!
        let answer = buffer[buffer.startIndex..<i]
        buffer = Data(buffer[(i + 1)...])
        return try JSONValue.parse(Data(answer))
    }
}
