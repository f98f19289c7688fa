import Foundation
import PodiumKit

/// The C entry point `podium` looks up after `dlopen`.
@_cdecl("podium_plugin_entry")
public func podiumPluginEntry() -> UnsafeRawPointer {
    PluginEntry.export { LinksPlugin.descriptor() }
}

/// The `links` scene kind: the talk's links, the selected one as a QR code for the room.
///
/// Parameters (all optional):
/// - `links` (array of `{"title": string, "url": "http(s)://…"}`): seeds the saved list the
///   first time (while no list is saved yet); `title` defaults to the URL.
/// - `select` (string): the title of the link to show first; default: the first link.
/// - `list` (string, default `links`): the saved list's name, `<data directory>/<list>.json`,
///   so two talks can keep separate lists. Letters, digits, `.`, `_` and `-`.
public enum LinksPlugin {
    public static func descriptor() -> PluginDescriptor {
        PluginDescriptor(id: "org.podium.links", name: "Links", version: "1.0.0", sceneKinds: [
            SceneKind(name: "links", summary: "The talk's links as QR codes; the speaker adds, edits and picks them",
                      validate: { p in _ = try Settings(p) },
                      make: { p, context in try LinksScene(settings: Settings(p), context: context) }),
        ])
    }
}

/// The deck's parameters, checked (also by `podium check`).
struct Settings {
    var seed: [Link]
    var select: String?
    var list: String

    init(_ p: SceneParameters) throws {
        seed = try p.values["links"].map { try Link.list(from: $0, path: "\(p.path).links") } ?? []
        select = try p.string("select")
        list = try p.string("list") ?? "links"
        let allowed = list.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0) }
        guard !list.isEmpty, list.count <= 64, allowed, !list.hasPrefix(".") else {
            throw SceneParameterError(path: "\(p.path).list", message: "expected a name of letters, digits, '.', '_' or '-' (at most 64, not starting with '.'), found \(Link.quoted(list))")
        }
    }
}
