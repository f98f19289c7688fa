import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit
import PodiumSDL

/// `podium displays`: what SDL reports, like SDL's testdisplayinfo, and which display each view
/// would get (`--audience-display`/`--presenter-display` as for `present`).
@MainActor
enum DisplaysCommand {
    static func run(_ o: CommandLineInterface.Options) throws -> Int32 {
        try SDLVideo.start()
        defer { SDLVideo.stop() }
        let ds = SDLVideo.namedDisplays()
        try requireKnownNames(o, in: ds)
        for w in absentDisplayWarnings(o, in: ds) { printError("podium: \(w)") }
        // The choice `podium present` would make with the same options.
        var policy = try PresentCommand(o).makeDisplayPolicy()
        policy.remembered = (try? DisplayChoicesFile.load(path: DisplayChoicesFile.defaultPath())) ?? DisplayChoices()
        let change = policy.update(ds, at: 0)
        let a = policy.assignment
        // Why, when it is not the plain rule (the built-in panel over the primary, a saved swap).
        let why = [change?.presenterReason.map { _ in "the built-in panel; the primary display is \((ds.first { $0.isPrimary } ?? ds.first)?.name ?? "")" },
                   change?.appliedChoice.map { _ in "a swap saved in displays.json" }].compactMap { $0 }
        let audience: String
        switch a.audience {
        case let .display(d): audience = d.name
        case .preview: audience = "presenter preview (one display)"
        case .window: audience = "a window on the presenter display"
        case let .mirror(d): audience = "\(d.name), which mirrors the presenter display: the audience view covers the console there"
        }
        if o.flags.contains("--json") {
            print(JSONValue.object(["driver": .string(SDLVideo.currentDriver), "displays": .array(ds.map(\.json)),
                                    "presenterDisplay": a.presenter.map { .string($0.name) } ?? .null,
                                    "audienceDisplay": a.audienceDisplay.map { .string($0.name) } ?? .null]).jsonString)
            return 0
        }
        print("video driver: \(SDLVideo.currentDriver); \(ds.count) display\(ds.count == 1 ? "" : "s")")
        for d in ds {
            print("\(d.index): \(d.label)\(d.index == 0 ? " (primary)" : "")")
            print("   bounds \(d.bounds)  usable \(d.usableBounds)  dpi \(d.dpi.map { String(cFormat: "%.0f", $0) } ?? "unknown")")
            print("   current \(d.currentMode?.description ?? "unknown"); modes: \(d.modes.map(\.description).joined(separator: ", "))")
        }
        print("presenter view: \(a.presenter?.name ?? "none")\(why.isEmpty ? "" : " (\(why.joined(separator: "; ")))")")
        print("audience view: \(audience)")
        return 0
    }
}

extension DisplaysCommand {
    /// A `--audience-display`/`--presenter-display` name that no connected display has is a
    /// usage error listing the connected names (a typo must not silently pick the default).
    static func requireKnownNames(_ o: CommandLineInterface.Options, in displays: [DisplayInfo]) throws {
        for option in ["--audience-display", "--presenter-display"] {
            guard let v = o.values[option], let s = try? DisplaySelector(parsing: v, option: option) else { continue }
            do { try s.requireKnownName(in: displays, option: option) }
            catch { throw CommandLineInterface.UsageError(description: "\(error)") }
        }
    }
}

extension DisplaysCommand {
    /// One line for each display index chosen on the command line that is not connected.
    static func absentDisplayWarnings(_ o: CommandLineInterface.Options, in displays: [DisplayInfo]) -> [String] {
        ["--audience-display", "--presenter-display"].compactMap { option in
            guard let v = o.values[option], let s = try? DisplaySelector(parsing: v, option: option),
                  s.match(in: displays) == nil else { return nil }
            return "\(option) \(s) is not connected (connected: \(displays.map { "\($0.index) \"\($0.label)\"" }.joined(separator: ", "))); "
                + "using the default until it appears"
        }
    }
}

extension Rect {
    var json: JSONValue { ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)] }
}

extension DisplayInfo {
    var json: JSONValue {
        var o: [String: JSONValue] = ["index": .number(Double(index)), "name": .string(name), "bounds": bounds.json,
                                      "usableBounds": usableBounds.json,
                                      "modes": .array(modes.map { .string($0.description) })]
        o["dpi"] = dpi.map { .number($0.rounded()) } ?? .null
        o["currentMode"] = currentMode.map { .string($0.description) } ?? .null
        o["make"] = make.map { .string($0) } ?? .null
        o["model"] = model.map { .string($0) } ?? .null
        return .object(o)
    }
}
