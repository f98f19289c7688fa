import Foundation
import PodiumTestSupport
import XCTest

/// The package root, found from this file's path (Tests/PodiumHotplugTests/Support/Rigs.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Polls `body` every 20 ms until it returns non-nil or `seconds` pass; nil on timeout.
func poll<T>(_ seconds: Double = 10, _ body: () throws -> T?) rethrows -> T? {
    let end = Date().addingTimeInterval(seconds)
    repeat {
        if let v = try body() { return v }
        usleep(20_000)
    } while Date() < end
    return nil
}

/// Runs a tool to completion; returns its stdout. Throws with stderr on a non-zero exit.
@discardableResult
func runTool(_ tool: String, _ args: [String], env: [String: String] = [:]) throws -> String {
    let r = tool.hasPrefix("/") ? try runProcess(tool, args, environment: env) : try runProcess("/usr/bin/env", [tool] + args, environment: env)
    guard r.status == 0 else { throw RigError("\(tool) \(args.joined(separator: " ")) exited \(r.status): \(r.stderr)") }
    return r.stdout
}

struct RigError: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

/// A display server started from `Tests/Rig/` in the foreground (so this process reaps it) and
/// stopped by `stop()`, which waits for it.
class Rig {
    let dir: String
    let script: String
    private var server: ChildProcess?
    /// Environment for clients: DISPLAY, or WAYLAND_DISPLAY + XDG_RUNTIME_DIR.
    var clientEnv: [String: String] = [:]

    /// Starts `script` (in Tests/Rig) with `run DIR args`; nil: no display server (offscreen).
    init(script: String?, args: [String]) throws {
        dir = NSTemporaryDirectory() + "podium-hotplug-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        self.script = script.map { packageRoot.appendingPathComponent("Tests/Rig/\($0)").path } ?? ""
        guard script != nil else { return }
        server = try ChildProcess(self.script, ["run", dir] + args)
    }

    /// HOME and XDG_* for a podium on this rig: `home`, by default one folder in the rig's
    /// directory shared by every podium on it (so a relaunch sees the saved display choice).
    func homeEnv(_ home: String? = nil) throws -> [String: String] {
        let home = home ?? dir + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var env = ["HOME": home]
        for (k, sub) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")] {
            env[k] = home + "/" + sub
        }
        return env
    }
    /// The environment for a `podium` command run on this rig with `runTool`.
    func podiumEnv(_ home: String? = nil) throws -> [String: String] { try homeEnv(home).merging(clientEnv) { $1 } }

    func control(_ args: [String]) throws -> String { try runTool(script, [args[0], dir] + args.dropFirst()) }

    func stop() {
        if !script.isEmpty { _ = try? runTool(script, ["stop", dir]); server?.waitForExit() }
        try? FileManager.default.removeItem(atPath: dir)
    }

    static func require(_ tools: [String]) throws {
        for t in tools where !["/usr/bin/\(t)", "/usr/sbin/\(t)", "/bin/\(t)"].contains(where: FileManager.default.isExecutableFile(atPath:)) {
            throw XCTSkip("\(t) is not installed (make test installs the rig's packages)")
        }
    }
}

/// No display server: SDL's offscreen driver (one fixed display, no hot-plug, no input).
final class OffscreenRig: Rig {
    init() throws {
        try super.init(script: nil, args: [])
        clientEnv = ["SDL_VIDEODRIVER": "offscreen"]
    }
}

/// Xorg with the dummy driver: one RandR output per size; `plug`/`mode` add and change outputs.
final class XorgRig: Rig {
    init(_ sizes: [String]) throws {
        try Rig.require(["Xorg", "xrandr", "cvt"])
        try super.init(script: "xorg-rig.sh", args: sizes)
        guard poll(20, { FileManager.default.fileExists(atPath: dir + "/ready") ? true : nil }) != nil else {
            stop(); throw RigError("Xorg rig did not become ready; see \(dir)/xorg.log")
        }
        let display = try String(contentsOfFile: dir + "/display", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        clientEnv = ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"]
    }
    func plug(_ n: Int, _ size: String) throws { _ = try control(["plug", String(n), size]) }
    func mode(_ n: Int, _ size: String) throws { _ = try control(["mode", String(n), size]) }
    /// Switches output DUMMYn off (RandR; the dummy driver never reports a real unplug).
    func unplug(_ n: Int) throws { _ = try control(["unplug", String(n)]) }

    private var windowManager: ChildProcess?
    /// Starts openbox (a stacking EWMH window manager) on this server and waits until it manages
    /// the screen; `stop` ends it. Before any podium starts.
    func startOpenbox() throws {
        try Rig.require(["openbox", "xprop"])
        windowManager = try ChildProcess("/usr/bin/openbox", [], environment: try homeEnv(dir + "/openbox-home").merging(clientEnv) { $1 }, stderr: .null)
        guard poll(10, { (try? runTool("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], env: clientEnv))?.contains("window id") == true ? true : nil }) != nil else {
            throw RigError("openbox did not take the screen")
        }
    }

    override func stop() {
        windowManager?.stop()
        super.stop()
    }
}

/// A nested sway whose outputs are windows in a headless parent sway: real unplug and plug.
final class SwayRig: Rig {
    init(outputs: Int) throws {
        try Rig.require(["sway", "swaymsg", "setpriv", "unshare", "Xwayland", "xhost"])
        try super.init(script: "sway-rig.sh", args: [String(outputs)])
        guard let env = poll(20, { try? String(contentsOfFile: dir + "/env", encoding: .utf8) }) else {
            stop(); throw RigError("sway rig did not become ready; see \(dir)/parent.log and nested.log")
        }
        for line in env.split(separator: "\n") {
            let kv = line.replacingOccurrences(of: "export ", with: "").split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { clientEnv[kv[0]] = kv[1] }
        }
        // Wayland by default; a test may switch to x11 (Xwayland), whose DISPLAY is kept.
        clientEnv["SDL_VIDEODRIVER"] = "wayland"
    }
    /// Pulls output `name` (e.g. "WL-2").
    func unplug(_ name: String) throws { _ = try control(["unplug", name]) }
    /// Plugs a new output; returns its name (WL-3, WL-4, …).
    func plug() throws -> String { try control(["plug"]).trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Says in the test log how often the rig had to wake the nested sway from wlroots 0.15's stall
    /// after `create_output` (see `wake_nested` in sway-rig.sh), so a rise shows up in CI logs.
    override func stop() {
        if let wakes = try? String(contentsOfFile: dir + "/wakes", encoding: .utf8) {
            print("sway rig: woke the nested sway after a late answer:\n\(wakes)", terminator: "")
        }
        super.stop()
    }

    /// Runs a sway command in the nested compositor (a `for_window` rule, say).
    func command(_ words: String) throws { _ = try control(["command", words]) }

    /// What output `name` shows now, read back from the nested compositor (grim).
    func grab(_ name: String) throws -> PNGImage {
        try Rig.require(["grim"])
        let path = dir + "/grab-\(name)-\(UUID().uuidString.prefix(6)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try control(["grab", name, path])
        return try PNGImage(path: path)
    }

    /// Sends the window titled `title` a close request, as its close button or Alt+F4 would.
    func close(window title: String) throws { _ = try control(["close", title]) }

    /// The nested compositor's view of the windows: title → (output name, fullscreen, focused, visible).
    func compositorWindows() throws -> [String: (output: String, fullscreen: Bool, focused: Bool, visible: Bool)] {
        let json = try runTool(script, ["tree", dir])
        guard let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        var out: [String: (String, Bool, Bool, Bool)] = [:]
        func walk(_ n: [String: Any], output: String) {
            var o = output
            if n["type"] as? String == "output" { o = n["name"] as? String ?? "" }
            if n["type"] as? String == "con" || n["type"] as? String == "floating_con", let name = n["name"] as? String,
               n["pid"] != nil {
                out[name] = (o, (n["fullscreen_mode"] as? Int ?? 0) != 0, n["focused"] as? Bool ?? false, n["visible"] as? Bool ?? false)
            }
            for k in ["nodes", "floating_nodes"] { for c in n[k] as? [[String: Any]] ?? [] { walk(c, output: o) } }
        }
        walk(root, output: "")
        return out
    }
}

/// Distinct colours inside `rect` (x, y, width, height in pixels) of a screenshot PNG, decoded
/// with the test support's SDL2_image reader.
func distinctColors(png path: String, in rect: [Double]) throws -> Int {
    let image = try PNGImage(path: path)
    return image.distinctColors(x: Int(rect[0]), y: Int(rect[1]), w: Int(rect[2]), h: Int(rect[3]))
}
