import Foundation
import PodiumKit
import PodiumTestSupport

/// `podium present DECK --control unix:…` headless (SDL's offscreen driver, software renderer),
/// driven over its control socket with `PodiumTestSupport`'s client.
final class PodiumProcess {
    let app: PodiumTestSupport.PodiumProcess
    var process: Process { app.process }
    var log: URL { URL(fileURLWithPath: app.logPath) }

    init(deck: URL, workDirectory: URL, environment extra: [String: String] = [:]) throws {
        app = try PodiumTestSupport.PodiumProcess(
            args: [deck.path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"].merging(extra) { $1 },
            dir: workDirectory)
    }

    /// Sends one request and returns the parsed reply.
    @discardableResult
    func send(_ request: JSONValue) throws -> JSONValue { try app.client.send(request) }

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
    }

    func quit() { app.stop() }
}

/// Runs `.build/debug/podium ARGS` to completion; returns exit status, stdout and stderr.
func runPodium(_ args: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let r = try runProcess(TestPaths.podium, args, environment: extra)
    return (r.status, r.stdout, r.stderr)
}

/// A digest of the pixels of `rect` (pixels) of a PNG, so tests can tell whether one region of a
/// screenshot changed.
func pngRegionDigest(_ path: String, _ rect: Rect) throws -> String {
    let img = try PNGImage(path: path)
    var h: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a, 64-bit
    for y in Int(rect.minY)..<min(img.height, Int(rect.maxY)) {
        for x in Int(rect.minX)..<min(img.width, Int(rect.maxX)) {
            let p = img.pixel(x, y)
            for b in [p.r, p.g, p.b] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
    }
    return String(h, radix: 16)
}
