import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// The one list of the plugins shipped in `Plugins/`. Each is a shared library built beside the
/// executable (`Package.swift`'s `.dynamic` products: `libPDFScene.so` next to `podium`) and
/// handled like an external plugin: these manifests (plugin.json's format) make its kinds, deck
/// openers and commands known, and its library is opened only when a deck or a command uses one,
/// so a talk of PDF pages never loads GStreamer, ICU, libxml2 or GLU. On opening, the library's
/// descriptor must match its manifest here (`PluginLoader`). The executable imports none of them.
enum BuiltInPluginList {
    static let manifestsJSON = #"""
    [
      {"id": "org.podium.title", "name": "Title", "version": "1.0.0", "library": "libTitleScene.so",
       "entry": "podium_plugin_entry_title", "sceneKinds": ["title"]},
      {"id": "org.podium.band-list", "name": "Band List", "version": "1.1.0", "library": "libBandListScene.so",
       "entry": "podium_plugin_entry_band_list", "sceneKinds": ["band-list"],
       "commands": [{"name": "bands", "usage": "export|import FILE [--store PATH]",
                     "summary": "The band-list catalogue as JSON (FILE \"-\" exports to stdout); import validates every record first and replaces the catalogue all or nothing"}]},
      {"id": "org.podium.gallery", "name": "Interface Kit Gallery", "version": "1.0.0", "library": "libGalleryScene.so",
       "entry": "podium_plugin_entry_gallery", "sceneKinds": ["gallery"]},
      {"id": "org.podium.map-search", "name": "Map Search", "version": "1.0.0", "library": "libMapSearchScene.so",
       "entry": "podium_plugin_entry_map_search", "sceneKinds": ["map-search"]},
      {"id": "org.podium.web-search", "name": "Web Search", "version": "1.0.0", "library": "libWebSearchScene.so",
       "entry": "podium_plugin_entry_web_search", "sceneKinds": ["web-search"]},
      {"id": "org.podium.pdf", "name": "PDF", "version": "1.0.0", "library": "libPDFScene.so",
       "entry": "podium_plugin_entry_pdf", "sceneKinds": ["pdf"],
       "deckOpeners": [{"extensions": ["pdf"], "flags": ["--no-grouping"], "values": ["--notes"]}]},
      {"id": "org.podium.media", "name": "Media", "version": "1.0.0", "library": "libMediaScene.so",
       "entry": "podium_plugin_entry_media", "sceneKinds": ["media"]}
    ]
    """#

    /// The manifests, each with the host's API version (built-in plugins are built with the host).
    static var manifests: [PluginManifest] {
        let api = JSONValue.string(PluginDescriptor.hostAPIVersion.description)
        guard case let .array(list)? = try? JSONValue.parse(Data(manifestsJSON.utf8)) else { preconditionFailure("BuiltInPluginList.manifestsJSON is not a JSON array") }
        return list.map { entry in
            guard case var .object(o) = entry else { preconditionFailure("BuiltInPluginList: not an object") }
            o["api"] = api
            do { return try PluginManifest.parse(Data(JSONValue.object(o).jsonString.utf8)) }
            catch { preconditionFailure("BuiltInPluginList: \(error)") }
        }
    }

    /// Where the libraries are: beside the executable (`.build/release`, `.build/debug`, or an
    /// install's bin folder); `PODIUM_BUILTIN_PLUGINS` names another folder.
    static var directory: URL {
        if let d = ProcessInfo.processInfo.environment["PODIUM_BUILTIN_PLUGINS"], !d.isEmpty { return URL(fileURLWithPath: d) }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
