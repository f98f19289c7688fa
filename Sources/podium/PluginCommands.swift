import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// `podium NAME …` for a command a plugin contributes (`podium bands` from the band-list plugin):
/// looked up in the registry after the host's own commands, so a plugin cannot replace them; the
/// plugin's library is opened only for its own command. `--help` and the usage list them.
enum PluginCommands {
    /// Bad arguments to a plugin command: printed with that command's usage (exit 2).
    struct UsageError: Error { var command: String, usage: String, message: String }

    /// Runs plugin command `name` with `arguments` (`--plugin-path DIR` is taken out first: it
    /// says where to find the plugin). Throws the host's `UsageError` for an unknown command.
    static func run(_ name: String, _ arguments: [String]) throws -> Int32 {
        guard !name.hasPrefix("-") else { throw CommandLineInterface.UsageError(description: "unknown command or option \(SafeText.quote(name))") }
        var args = arguments
        BuiltInPlugins.pluginPath = prescan("--plugin-path", in: args, removing: &args)
        let registry = BuiltInPlugins.registry()
        guard let (command, pluginID) = try registry.command(named: name) else {
            // `podium talk.pdf`, as pdfpc is started: say how to present it.
            let ext = name.pathExtensionText.lowercased()
            let deckLike = FileManager.default.fileExists(atPath: name) || ext == "json" || registry.deckExtensions.contains(ext)
            let hint = deckLike ? ": to present it, podium present \(name.contains(" ") ? SafeText.quote(name) : name)" : ""
            throw CommandLineInterface.UsageError(description: "unknown command or option \(SafeText.quote(name))\(hint)")
        }
        do { return try command.run(registry.commandContext(pluginID: pluginID, arguments: args)) }
        catch let e as PluginCommandUsageError { throw UsageError(command: name, usage: command.usage, message: e.message) }
    }

    /// The value of `--name VALUE` or `--name=VALUE` in `args`, read before the full parse.
    static func prescan(_ option: String, in args: [String]) -> String? {
        var copy = args
        return prescan(option, in: args, removing: &copy)
    }

    private static func prescan(_ option: String, in args: [String], removing out: inout [String]) -> String? {
        var value: String?, rest: [String] = [], i = 0
        while i < args.count {
            let a = args[i]
            if a == option, i + 1 < args.count { value = args[i + 1]; i += 2; continue }
            if a.hasPrefix(option + "=") { value = String(a.dropFirst(option.count + 1)); i += 1; continue }
            rest.append(a); i += 1
        }
        out = rest
        return value
    }

    /// The plugin commands' lines for the usage text (each starting with a newline).
    static func usageLines() -> String {
        BuiltInPlugins.registry(logRefusals: false).commandList.map { "\n       podium \($0.name) \($0.usage)" }.joined()
    }

    /// `--help`'s section on what plugins contribute: commands, and the files they open as decks
    /// with the options that apply to those only. Nothing is opened to list them.
    static func helpSection() -> String {
        let r = BuiltInPlugins.registry(logRefusals: false)
        var out = "\n\nPlugin commands (from the plugins found now; `podium plugins` lists them):"
        for c in r.commandList { out += "\n  \(c.name) \(c.usage)\n      \(c.summary)" }
        if r.commandList.isEmpty { out += "\n  (none)" }
        out += "\n\nDecks plugins open (present, check and snapshot take them; their options apply to them only):"
        for ext in r.deckExtensions {
            let options = r.deckOpenerOptions(for: "deck.\(ext)").sorted()
            out += "\n  *.\(ext)" + (options.isEmpty ? "" : "  options: \(options.joined(separator: ", "))")
        }
        return out
    }
}
