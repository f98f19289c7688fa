import Foundation
import XCTest

/// What the X server (and the window manager) say about one of podium's windows, read with
/// xdotool, xprop and xwininfo: the truth SDL's own flags may not reflect.
struct X11WindowState: CustomStringConvertible {
    var id: String
    /// `_NET_WM_STATE` atoms, e.g. ["_NET_WM_STATE_FULLSCREEN"] (empty without a window manager).
    var netWMState: [String]
    /// ICCCM `WM_STATE`: "Normal", "Iconic", or nil when no window manager set it.
    var wmState: String?
    /// xwininfo's map state: "IsViewable", "IsUnMapped", "IsUnviewable".
    var mapState: String
    /// Position and size in root coordinates.
    var frame: [Double]

    var iconic: Bool { wmState == "Iconic" || netWMState.contains("_NET_WM_STATE_HIDDEN") }
    var description: String { "\(id): map \(mapState), WM_STATE \(wmState ?? "-"), _NET_WM_STATE \(netWMState), frame \(frame)" }

    /// The window(s) whose title starts with `title` on the rig's X display.
    static func windows(titled title: String, env: [String: String]) throws -> [X11WindowState] {
        let ids = ((try? runTool("xdotool", ["search", "--name", "^" + title], env: env)) ?? "").split(separator: "\n").map(String.init)
        return try ids.map { id in
            let props = try runTool("xprop", ["-id", id, "_NET_WM_STATE", "WM_STATE"], env: env)
            let info = try runTool("xwininfo", ["-id", id], env: env)
            var net: [String] = []
            if let line = props.split(separator: "\n").first(where: { $0.hasPrefix("_NET_WM_STATE(ATOM)") }), let eq = line.firstIndex(of: "=") {
                net = line[line.index(after: eq)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let wm = props.range(of: "window state: ").map { String(props[$0.upperBound...].prefix { !$0.isWhitespace }) }
            func field(_ name: String) -> String {
                info.split(separator: "\n").first { $0.contains(name) }.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? ""
            }
            let frame = ["Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"].map { Double(field($0)) ?? -1 }
            return X11WindowState(id: id, netWMState: net, wmState: wm, mapState: field("Map State"), frame: frame)
        }
    }
}
