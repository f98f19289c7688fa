import FoundationEssentials
import Glibc

/// Where external plugins are looked for, in this order (the first plugin with a given id wins):
/// 1. `--plugin-path DIR[:DIR…]` on the command line,
/// 2. `PODIUM_PLUGIN_PATH=DIR[:DIR…]`,
/// 3. `$XDG_DATA_HOME/podium/plugins` (default `~/.local/share/podium/plugins`).
///
/// Each directory is either one plugin (it holds a `plugin.json`) or a folder of plugin
/// directories, one per plugin.
public struct PluginSearchPath: Equatable {
    public struct Entry: Equatable {
        public var directory: URL
        /// Where the entry came from, for messages: "--plugin-path", "PODIUM_PLUGIN_PATH", "XDG_DATA_HOME"
        /// or "the default, XDG_DATA_HOME unset".
        public var source: String
        /// Named explicitly by the user: a missing directory is reported, not skipped.
        public var explicit: Bool
    }
    public var entries: [Entry]

    public init(commandLine: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        var out: [Entry] = []
        func add(_ list: String?, _ source: String) {
            for p in (list ?? "").split(separator: ":") where !p.isEmpty {
                out.append(Entry(directory: URL(fileURLWithPath: String(p)).standardizedFileURL, source: source, explicit: true))
            }
        }
        add(commandLine, "--plugin-path")
        add(environment["PODIUM_PLUGIN_PATH"], "PODIUM_PLUGIN_PATH")
        let xdg = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let data = xdg ?? URL(fileURLWithPath: environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path).appendingPathComponent(".local/share")
        // Named for what chose it: an author looking for a copy put in the other folder sees why.
        out.append(Entry(directory: data.appendingPathComponent("podium/plugins").standardizedFileURL,
                         source: xdg == nil ? "the default, XDG_DATA_HOME unset" : "XDG_DATA_HOME", explicit: false))
        // The same directory named twice is searched once.
        var seen = Set<String>()
        entries = out.filter { seen.insert($0.directory.resolvingSymlinksInPath().path).inserted }
    }

    /// What one search directory holds: plugin directories, and things that look like plugins
    /// but cannot be (reported as refused, with the reason).
    public struct Found: Equatable {
        public var pluginDirectories: [URL] = []
        public var problems: [PluginRegistry.Refused] = []
    }

    /// Lists the plugin directories under every entry, in search order.
    public func discover() -> Found {
        let fm = FileManager.default
        var found = Found()
        for e in entries {
            var isDir: Bool = false
            guard fm.fileExists(atPath: e.directory.path, isDirectory: &isDir), isDir else {
                if e.explicit { found.problems.append(.init(origin: e.directory.path, reason: "plugin directory (from \(e.source)) does not exist or is not a directory")) }
                continue
            }
            if fm.fileExists(atPath: e.directory.appendingPathComponent("plugin.json").path) {
                found.pluginDirectories.append(e.directory); continue
            }
            let children = ((try? fm.contentsOfDirectory(atPath: e.directory.path)) ?? []).sorted()
            for name in children where !name.hasPrefix(".") {
                let child = e.directory.appendingPathComponent(name)
                var childIsDir: Bool = false
                _ = fm.fileExists(atPath: child.path, isDirectory: &childIsDir)
                if childIsDir {
                    if fm.fileExists(atPath: child.appendingPathComponent("plugin.json").path) { found.pluginDirectories.append(child) }
                    else if ((try? fm.contentsOfDirectory(atPath: child.path)) ?? []).contains(where: { $0.hasSuffix(".so") }) {
                        found.problems.append(.init(origin: child.path, reason: "no plugin.json next to the shared library"))
                    }
                } else if name.hasSuffix(".so") {
                    found.problems.append(.init(origin: child.path, reason: "a shared library outside a plugin directory: put it in \(e.directory.path)/<name>/ with a plugin.json"))
                }
            }
        }
        return found
    }
}
