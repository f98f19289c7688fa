import CSDL2
import CSDL2Image
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Runs `.build/debug/podium` with arguments and environment; returns exit status and output.
func runPodium(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, out: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: TestPaths.podium)
    p.arguments = args
    p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
    let pipe = Pipe()
    p.standardOutput = pipe; p.standardError = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Pixels of a PNG, read with SDL_image (fast enough for full 1920×1080 frames), as colours.
struct DecodedPNG {
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
