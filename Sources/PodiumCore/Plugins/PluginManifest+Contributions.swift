import FoundationEssentials
import Glibc
import PodiumKit

/// What a manifest says a plugin contributes besides scene kinds (API 2.1), all optional:
///
/// ```json
/// "entry": "podium_plugin_entry_pdf",
/// "deckOpeners": [{ "extensions": ["pdf"], "flags": ["--no-grouping"], "values": ["--notes"] }],
/// "commands": [{ "name": "bands", "summary": "The band catalogue as JSON", "usage": "export|import FILE" }]
/// ```
///
/// The host reads these before opening the library: it parses the command line with the
/// openers' options, picks the plugin to open by a deck's extension or a command's name, and
/// lists commands in `podium --help`. On opening, the library's descriptor must say the same.
extension PluginManifest {
    public struct DeckOpenerInfo: Equatable, Sendable {
        public var extensions: [String]
        public var flags: [String]
        public var values: [String]
        public init(extensions: [String], flags: [String] = [], values: [String] = []) {
            self.extensions = extensions.map { $0.lowercased() }.sorted(); self.flags = flags.sorted(); self.values = values.sorted()
        }
        /// The manifest's view of a descriptor's opener (to compare the two).
        public init(_ o: DeckOpener) {
            self.init(extensions: o.extensions, flags: o.options.filter { !$0.takesValue }.map(\.name), values: o.options.filter(\.takesValue).map(\.name))
        }
        public func opens(_ path: String) -> Bool {
            let ext = path.pathExtensionText.lowercased()
            return !ext.isEmpty && extensions.contains(ext)
        }
    }
    public struct CommandInfo: Equatable, Sendable {
        public var name: String
        public var summary: String
        public var usage: String
        public init(name: String, summary: String, usage: String = "") { self.name = name; self.summary = summary; self.usage = usage }
    }

    mutating func parseContributions(_ o: [String: JSONValue]) throws {
        func strings(_ v: JSONValue?, _ field: String, pattern: ManifestName, example: String) throws -> [String] {
            guard let v else { return [] }
            guard let a = v.array, a.count <= 64 else { throw Invalid(field: field, message: "expected an array of at most 64 strings, found \(v.typeName)") }
            return try a.enumerated().map { i, e in
                guard let s = e.string, s.utf8.count <= 64, pattern.matches(s) else {
                    throw Invalid(field: "\(field)[\(i)]", message: "expected a string like \(example), found \(e.jsonString.prefix(40))")
                }
                return s
            }
        }
        func objects(_ key: String) throws -> [[String: JSONValue]] {
            guard let v = o[key], v != .null else { return [] }
            guard let a = v.array, a.count <= 64 else { throw Invalid(field: key, message: "expected an array of at most 64 objects, found \(v.typeName)") }
            return try a.enumerated().map { i, e in
                guard let obj = e.object else { throw Invalid(field: "\(key)[\(i)]", message: "expected an object, found \(e.typeName)") }
                return obj
            }
        }
        if let e = o["entry"], e != .null {
            guard let s = e.string, s.utf8.count <= 128, ManifestName.symbol.matches(s) else {
                throw Invalid(field: "entry", message: "expected a C symbol name like \"podium_plugin_entry\", found \(e.jsonString.prefix(40))")
            }
            entry = s
        }
        let option = ManifestName.option
        deckOpeners = try objects("deckOpeners").enumerated().map { i, d in
            let f = "deckOpeners[\(i)]"
            let ext = try strings(d["extensions"], "\(f).extensions", pattern: .fileExtension, example: "\"pdf\"")
            guard !ext.isEmpty else { throw Invalid(field: "\(f).extensions", message: "missing or empty (the file extensions it opens, e.g. [\"md\"])") }
            return DeckOpenerInfo(extensions: ext, flags: try strings(d["flags"], "\(f).flags", pattern: option, example: "\"--no-grouping\""),
                                  values: try strings(d["values"], "\(f).values", pattern: option, example: "\"--notes\""))
        }
        commands = try objects("commands").enumerated().map { i, c in
            let f = "commands[\(i)]"
            guard let name = c["name"]?.string, name.utf8.count <= 32, ManifestName.command.matches(name) else {
                throw Invalid(field: "\(f).name", message: "expected lower-case letters, digits and '-' (e.g. \"bands\"), found \((c["name"] ?? .null).jsonString.prefix(40))")
            }
            guard let summary = c["summary"]?.string, !summary.isEmpty, summary.utf8.count <= 200 else {
                throw Invalid(field: "\(f).summary", message: "expected one line of text (at most 200 bytes)")
            }
            let usage = c["usage"]?.string ?? ""
            return CommandInfo(name: name, summary: SafeText.escape(summary), usage: SafeText.escape(String(usage.prefix(200))))
        }
    }
}
