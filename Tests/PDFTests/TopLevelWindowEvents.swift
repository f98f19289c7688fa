import Foundation
import PodiumTestSupport
import XCTest

/// Every change of the X server's top-level windows (children of the root: a window manager's
/// frames, or the clients themselves without one) from `start` to `stop`, as the server reports
/// them (`xev -root -event substructure`: create, configure, map, unmap, reparent, destroy, with
/// geometry), so a test can say where a window was at every moment, not only at the moments it
/// happened to grab the screen.
final class TopLevelWindowEvents {
    /// One top-level window event: its type, the window it is about, and the fields that came with it.
    struct Event {
        let type: String, window: UInt
        /// ReparentNotify: the new parent; CreateNotify: the root.
        let parent: UInt?
        let x: Int?, y: Int?, width: Int?, height: Int?, border: Int?
    }

    private let rig: XorgRig
    private let output: String
    private let xev: ChildProcess
    private var marks = 0

    /// Starts watching the rig's root window; returns once the watcher is seen to receive events.
    init(rig: XorgRig, file: String) throws {
        self.rig = rig; output = file
        xev = try ChildProcess("/usr/bin/env", ["xev", "-root", "-event", "substructure", "-event", "property"],
                               environment: rig.environment, stdout: .file(file), stderr: .null)
        try sync()
    }
    deinit { xev.stop() }

    /// Returns once every event the server sent before this call is in the output: a property
    /// set on the root now comes after them (the server delivers events in order).
    func sync() throws {
        marks += 1
        let atom = "_PODIUM_TEST_MARK_\(marks)"
        let deadline = Date().addingTimeInterval(30)
        repeat {
            _ = try runProcess("/usr/bin/env", ["xprop", "-root", "-f", atom, "8s", "-set", atom, "1"], environment: rig.environment)
            if ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("(\(atom))") { return }
            usleep(50_000)
        } while Date() < deadline
        throw NSError(domain: "TopLevelWindowEvents", code: 1, userInfo: [NSLocalizedDescriptionKey: "xev did not report the root's property \(atom)"])
    }

    /// Ends the watch (after `sync`, so nothing sent until now is missed) and returns the events.
    func stop() throws -> [Event] {
        try sync()
        xev.stop()
        return Self.parse(try String(contentsOfFile: output, encoding: .utf8))
    }

    /// The client windows (X ids) whose state was asked of the window manager (`_NET_WM_STATE`
    /// client messages to the root: fullscreen on or off, maximised, …), in the order asked; after
    /// `stop`.
    func stateRequests() throws -> [UInt] {
        try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\n\n").compactMap { block in
            let b = block.trimmingCharacters(in: .whitespacesAndNewlines)
            guard b.hasPrefix("ClientMessage event"), b.contains("(_NET_WM_STATE)") else { return nil }
            return Self.matches(#"window 0x([0-9a-f]+)"#, b).first.flatMap { UInt($0[0], radix: 16) }
        }
    }

    /// xev's blocks (blank-line separated): "MapNotify event, serial 19, synthetic NO, window ROOT,\n
    /// event ROOT, window 0x40020b, override NO"; the window is the second one named.
    static func parse(_ text: String) -> [Event] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let b = block.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let type = b.split(separator: " ").first.map(String.init), type.hasSuffix("Notify"), type != "PropertyNotify" else { return nil }
            func hex(_ name: String) -> [UInt] {
                matches(#"\#(name) 0x([0-9a-f]+)"#, b).compactMap { UInt($0[0], radix: 16) }
            }
            let windows = hex("window")
            guard windows.count >= 2 else { return nil }
            func int(_ name: String) -> Int? { matches(#"\#(name) (-?\d+)"#, b).first.flatMap { Int($0[0]) } }
            let pos = matches(#"\((-?\d+),(-?\d+)\)"#, b).first
            return Event(type: type, window: windows[1], parent: hex("parent").first,
                         x: pos.flatMap { Int($0[0]) }, y: pos.flatMap { Int($0[1]) },
                         width: int("width"), height: int("height"), border: int("border_width"))
        }
    }

    private static func matches(_ pattern: String, _ s: String) -> [[String]] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        return re.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { m in
            (1..<m.numberOfRanges).map { Range(m.range(at: $0), in: s).map { String(s[$0]) } ?? "" }
        }
    }

    /// The moments `client`'s window reached `area` (x, y, width, height; root coordinates): each
    /// event after which it, or a frame a window manager reparented it into, was a mapped
    /// top-level window whose rectangle (borders included) overlapped `area`. Described for a
    /// failure message; empty when it never did.
    static func showings(of client: UInt, in events: [Event], overlapping area: (x: Int, y: Int, width: Int, height: Int)) -> [String] {
        // Its frames, from any reparenting of it (a window manager makes a new one at each map).
        let frames = Set(events.filter { $0.type == "ReparentNotify" && $0.window == client }.compactMap(\.parent))
        let watched = frames.union([client])
        struct State { var x = 0, y = 0, width = 0, height = 0, border = 0, mapped = false, topLevel = true }
        var states: [UInt: State] = [:]
        var found: [String] = []
        for (i, e) in events.enumerated() where watched.contains(e.window) {
            var s = states[e.window] ?? State()
            switch e.type {
            case "CreateNotify", "ConfigureNotify":
                s.x = e.x ?? s.x; s.y = e.y ?? s.y; s.width = e.width ?? s.width; s.height = e.height ?? s.height; s.border = e.border ?? s.border
            case "GravityNotify": s.x = e.x ?? s.x; s.y = e.y ?? s.y
            case "MapNotify": s.mapped = true
            case "UnmapNotify", "DestroyNotify": s.mapped = false
            case "ReparentNotify":
                // Reported to the root as the old parent (into a frame) or the new one (back).
                s.topLevel = !frames.contains(e.parent ?? 0) && e.parent != client
                if s.topLevel { s.x = e.x ?? s.x; s.y = e.y ?? s.y }
            default: break
            }
            states[e.window] = s
            let w = s.width + 2 * s.border, h = s.height + 2 * s.border
            let overlaps = s.x < area.x + area.width && s.x + w > area.x && s.y < area.y + area.height && s.y + h > area.y
            if s.mapped, s.topLevel, overlaps {
                let what = e.window == client ? "the window" : "its frame"
                found.append("event \(i) \(e.type): \(what) 0x\(String(e.window, radix: 16)) mapped at \(s.x),\(s.y) \(w)x\(h)")
            }
        }
        return found
    }

    /// The X id of the client window whose title starts with `title` (`xdotool search`).
    func client(titled title: String) throws -> UInt {
        let ids = try runProcess("/usr/bin/env", ["xdotool", "search", "--name", "^" + title], environment: rig.environment).stdout
        return try XCTUnwrap(ids.split(separator: "\n").first.flatMap { UInt($0) }, "no X window titled \(title)")
    }
}
