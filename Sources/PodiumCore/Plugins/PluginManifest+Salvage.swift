import FoundationEssentials
import Glibc
import PodiumKit

extension PluginManifest {
    /// What a refused `plugin.json` still says about its plugin: its `id` (else `folder`) and the
    /// scene kinds it lists, read leniently from a manifest that failed `parse` (a wrong field,
    /// no id, a library outside the folder; for text that is not JSON at all, from the text).
    /// Only for messages: a deck using one of those kinds then hears that the plugin was refused
    /// and why, not "unknown scene kind". The kinds are read as leniently: a single string
    /// (`"sceneKinds": "hello"`), a misspelt field (`"kinds"`, `"SceneKinds"`), kinds in upper
    /// case (`"Hello"`, which a deck writes `hello`). Nil when no kind can be made out.
    static func salvage(_ data: Data, folder: String) -> PluginManifest? {
        var id: String?, kinds: [String] = []
        if let o = (try? JSONValue.parse(data))?.object {
            id = o["id"]?.string
            // The field as spelt, else any field naming kinds (the nearest to "sceneKinds" first).
            let field = o["sceneKinds"] ?? o.keys.filter { $0.lowercased().contains("kind") }
                .min { NameSuggestion.distance($0, "sceneKinds") < NameSuggestion.distance($1, "sceneKinds") }.flatMap { o[$0] }
            kinds = field?.array?.compactMap(\.string) ?? field?.string.map { [$0] } ?? []
        } else {
            let text = String(decoding: data.prefix(PluginLoader.maxManifestBytes), as: UTF8.self)
            id = firstMatch(#""id"\s*:\s*"([^"\\]*)""#, in: text).first
            if let list = firstMatch(#""sceneKinds"\s*:\s*(\[[^\]]*|"[^"\\]*")"#, in: text).first {
                kinds = allMatches(#""([^"\\]*)""#, in: list)
            }
        }
        kinds = kinds.map { $0.lowercased() }.filter { ManifestName.kind.matches($0) }
        guard !kinds.isEmpty else { return nil }
        let name = id.flatMap { ManifestName.id.matches($0) ? $0 : nil } ?? folder
        return PluginManifest(id: name, name: name, version: "", api: APIVersion(major: 0, minor: 0), library: "", sceneKinds: kinds)
    }

    private static func firstMatch(_ pattern: String, in text: String) -> [String] {
        guard let re = try? Regex(pattern), let m = text.firstMatch(of: re) else { return [] }
        return m.output.dropFirst().compactMap { $0.substring.map(String.init) }
    }

    private static func allMatches(_ pattern: String, in text: String) -> [String] {
        guard let re = try? Regex(pattern) else { return [] }
        return text.matches(of: re).compactMap { $0.output.count > 1 ? $0.output[1].substring.map(String.init) : nil }
    }
}
