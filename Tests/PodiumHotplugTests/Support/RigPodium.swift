import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// `podium present --control unix:…` on a rig, started and reaped by the test support's one
/// process driver (`PodiumTestSupport.PodiumProcess`), with typed `state` and waiting.
final class RigPodium {
    let app: PodiumProcess
    var process: Process { app.process }
    var log: String { app.log }

    /// `home`: the directory for HOME and the XDG_* directories (default: one in the rig's
    /// directory, shared by every podium on that rig, so a second launch sees what the first saved).
    /// `environment`: more variables for podium (test hooks such as PODIUM_TEST_X_BAD_WINDOW).
    init(rig: Rig, arguments: [String] = [], home: String? = nil, environment: [String: String] = [:]) throws {
        var env = rig.clientEnv
        env["SDL_RENDER_DRIVER"] = "software"
        // Never the user's own data or saved display choices.
        env.merge(try rig.homeEnv(home)) { $1 }
        env.merge(environment) { $1 }
        // Only the rig's display server: with the wayland driver no X display either, so nothing
        // can fall back to it.
        if rig.clientEnv["SDL_VIDEODRIVER"] == "wayland" { env["DISPLAY"] = nil }
        let removing = ["DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER"]
        do {
            app = try PodiumProcess(args: arguments, environment: env, dir: URL(fileURLWithPath: rig.dir), removing: removing, cwd: packageRoot)
        } catch { throw RigError("\(error.localizedDescription)") }
        // SDL falls back to another video driver silently: make sure it uses the rig's.
        let driver = try state().driver
        guard driver == rig.clientEnv["SDL_VIDEODRIVER"] else {
            stop(); throw RigError("SDL chose the \(driver) video driver, not \(rig.clientEnv["SDL_VIDEODRIVER"] ?? "?")")
        }
    }

    /// Sends one request and returns the reply object. Throws when podium died or answered ok:false.
    @discardableResult
    func request(_ object: [String: Any]) throws -> [String: Any] {
        guard app.client != nil, process.isRunning else { throw RigError("podium is not running; log:\n\(log)") }
        let line = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let reply: JSONValue
        do { reply = try app.client.sendRaw(line) } catch { throw RigError("podium closed the control socket (\(error)); log:\n\(log)") }
        guard let o = try JSONSerialization.jsonObject(with: Data(reply.jsonString.utf8)) as? [String: Any] else { throw RigError("reply is not an object") }
        guard o["ok"] as? Bool == true else { throw RigError("\(object) failed: \(o["error"] ?? o)") }
        return o
    }

    func state() throws -> PodiumState { PodiumState(try request(["cmd": "state"])) }

    /// Polls `state` until `condition` holds; fails the test with the last state and the log.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                 _ condition: (PodiumState) -> Bool) throws -> PodiumState {
        var last: PodiumState?
        if let s = try poll(seconds, { () throws -> PodiumState? in let s = try state(); last = s; return condition(s) ? s : nil }) { return s }
        XCTFail("timed out waiting for \(what); last state: \(last?.summary ?? "none")\nlog:\n\(log)", file: file, line: line)
        throw RigError("timed out waiting for \(what)")
    }

    /// Asks podium to quit and waits; kills it if it does not. Returns the exit status (128 + N
    /// when signal N ended it, as shells report it).
    @discardableResult
    func stop() -> Int32 { app.stop(seconds: 10) }

    /// Waits for podium to exit by itself (after a quit it was sent) and returns the exit status.
    func waitForExit(seconds: Double = 10) -> Int32 { app.waitForExit(seconds: seconds) }
}

/// Typed access to the `state` reply.
struct PodiumState {
    let raw: [String: Any]
    init(_ raw: [String: Any]) { self.raw = raw }
    struct Window {
        let raw: [String: Any]
        var display: String? { raw["display"] as? String }
        var visible: Bool { raw["visible"] as? Bool ?? false }
        var fullscreen: Bool { raw["fullscreen"] as? Bool ?? false }
        /// SDL's keyboard focus (with no keyboard device, as on the sway rig, nothing has it).
        var focused: Bool { raw["focused"] as? Bool ?? false }
        var bounds: [Double] { let b = raw["bounds"] as? [String: Double] ?? [:]; return [b["x"] ?? -1, b["y"] ?? -1, b["width"] ?? -1, b["height"] ?? -1] }
        /// The view tree's size in points.
        var size: [Double] { let s = raw["size"] as? [String: Double] ?? [:]; return [s["width"] ?? -1, s["height"] ?? -1] }
        var controls: [[String: Any]] { raw["controls"] as? [[String: Any]] ?? [] }
        /// The frame (x, y, width, height in points) of the control with `id`.
        func frame(of id: String) -> [Double]? {
            guard let c = controls.first(where: { $0["id"] as? String == id }), let f = c["frame"] as? [String: Double] else { return nil }
            return [f["x"] ?? 0, f["y"] ?? 0, f["width"] ?? 0, f["height"] ?? 0]
        }
    }
    var driver: String { raw["driver"] as? String ?? "" }
    var displays: [[String: Any]] { raw["displays"] as? [[String: Any]] ?? [] }
    var displayNames: [String] { displays.compactMap { $0["name"] as? String } }
    func bounds(ofDisplay name: String) -> [Double]? {
        guard let d = displays.first(where: { $0["name"] as? String == name }), let b = d["bounds"] as? [String: Double] else { return nil }
        return [b["x"] ?? -1, b["y"] ?? -1, b["width"] ?? -1, b["height"] ?? -1]
    }
    var roles: [String: Any] { raw["roles"] as? [String: Any] ?? [:] }
    var presenterDisplay: String? { roles["presenterDisplay"] as? String }
    var audienceDisplay: String? { roles["audienceDisplay"] as? String }
    var audiencePlacement: String? { roles["audiencePlacement"] as? String }
    var savedAudience: String? { (roles["savedAudience"] as? [String: Any])?["name"] as? String }
    var windows: [Window] { (raw["windows"] as? [[String: Any]] ?? []).map(Window.init) }
    var presenter: Window { windows.first { $0.raw["role"] as? String == "presenter" }! }
    var audience: Window { windows.first { $0.raw["role"] as? String == "audience" }! }
    var sceneIndex: Int { (raw["scene"] as? [String: Any])?["index"] as? Int ?? -1 }
    var popoverCount: Int { (raw["popovers"] as? [Any])?.count ?? -1 }
    var sdlWindowCount: Int { raw["sdlWindowCount"] as? Int ?? -1 }
    var spareAudienceWindow: Bool { raw["spareAudienceWindow"] as? Bool ?? false }
    var residentKB: Int { raw["residentKB"] as? Int ?? -1 }
    /// The audience window shown fullscreen (or borderless at the bounds) on `name`.
    func audienceIsFullscreen(on name: String) -> Bool {
        audienceDisplay == name && audiencePlacement == "display" && audience.visible && audience.display == name
            && (audience.fullscreen || audience.bounds == bounds(ofDisplay: name))
    }
    var summary: String {
        "driver \(driver), displays \(displayNames), presenter on \(presenterDisplay ?? "-"), audience \(audiencePlacement ?? "-") \(audienceDisplay ?? ""), "
            + "windows \(windows.map { "\($0.raw["role"]!): \($0.display ?? "-") \($0.bounds) fs \($0.fullscreen) visible \($0.visible) size \($0.size)" }), scene \(sceneIndex)"
    }
}
