import Foundation
import PodiumCore
import PodiumKit
import PodiumSDL

/// `podium displays`: what SDL reports, like SDL's testdisplayinfo.
enum DisplaysCommand {
    static func run(_ o: CommandLineInterface.Options) throws -> Int32 {
        try SDLVideo.start()
        defer { SDLVideo.stop() }
        let ds = SDLVideo.displays()
        if o.flags.contains("--json") {
            print(JSONValue.object(["driver": .string(SDLVideo.currentDriver), "displays": .array(ds.map(\.json))]).jsonString)
            return 0
        }
        print("video driver: \(SDLVideo.currentDriver); \(ds.count) display\(ds.count == 1 ? "" : "s")")
        for d in ds {
            print("\(d.index): \(d.name)\(d.index == 0 ? " (primary)" : "")")
            print("   bounds \(d.bounds)  usable \(d.usableBounds)  dpi \(d.dpi.map { String(format: "%.0f", $0) } ?? "unknown")")
            print("   current \(d.currentMode?.description ?? "unknown"); modes: \(d.modes.map(\.description).joined(separator: ", "))")
        }
        return 0
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
        return .object(o)
    }
}
