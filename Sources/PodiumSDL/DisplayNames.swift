import CWaylandClient
import PodiumCore

extension SDLVideo {
    /// Every display SDL reports now, named as users see them in their own tools (see
    /// `displaysAsUsersName`).
    public static func namedDisplays() -> [DisplayInfo] { displaysAsUsersName(displays()) }

    /// `raw` (SDL's enumeration) renamed after the platform's own output names, with make and model:
    /// RandR outputs on X11 (and the X server's current geometry, see `X11Outputs.corrected`), the
    /// compositor's outputs on Wayland. Unchanged for other drivers or when the platform cannot
    /// be asked.
    public static func displaysAsUsersName(_ raw: [DisplayInfo]) -> [DisplayInfo] {
        switch currentDriver {
        case "x11": return X11Outputs.corrected(raw)
        case "wayland": return WaylandOutputs.named(raw)
        default: return raw
        }
    }
}

/// The compositor's output names (wl_output version 4), asked over a connection of our own.
enum WaylandOutputs {
    struct Output: Equatable { var name, description, make, model: String }
    /// The last answer, by SDL's display names: SDL names a (re)connected output anew, so the
    /// compositor is asked again only when SDL's list changes, not on every enumeration.
    nonisolated(unsafe) private static var cache: (sdlNames: [String], outputs: [Output])?

    static func outputs() -> [Output]? {
        var buf = [podium_wl_output_info](repeating: podium_wl_output_info(), count: 32)
        let n = Int(podium_wayland_outputs(&buf, 32))
        guard n >= 0 else { return nil }
        func text<T>(_ t: T) -> String { withUnsafeBytes(of: t) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
        return buf.prefix(n).map { Output(name: text($0.name), description: text($0.description), make: text($0.make), model: text($0.model)) }
    }

    /// Each SDL display matched to a compositor output: by description (what SDL 2.26 names it
    /// after), else by model, else in the compositor's order when the counts agree.
    static func named(_ raw: [DisplayInfo]) -> [DisplayInfo] {
        let sdlNames = raw.map(\.name)
        let outs: [Output]
        if let c = cache, c.sdlNames == sdlNames { outs = c.outputs } else {
            guard let o = outputs() else { return raw }
            outs = o; cache = (sdlNames, o)
        }
        var free = outs
        return raw.enumerated().map { i, d in
            let k = free.firstIndex { !$0.description.isEmpty && $0.description == d.name }
                ?? free.firstIndex { !$0.model.isEmpty && $0.model == d.name }
                ?? (outs.count == raw.count ? free.firstIndex { $0 == outs[i] } : nil)
            guard let k else { return d }
            let o = free.remove(at: k)
            var c = d
            if !o.name.isEmpty { c.name = o.name }
            c.make = o.make.isEmpty ? nil : o.make
            c.model = o.model.isEmpty ? nil : o.model
            return c
        }
    }
}
