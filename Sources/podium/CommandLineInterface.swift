import Foundation
import PodiumCore
import PodiumKit

/// `podium <command> [options]`. Hand-written parsing: swift-argument-parser is not in the
/// toolchain and packages cannot be fetched here.
enum CommandLineInterface {
    static let version = "0.1.0"
    static let usage = """
    usage: podium present [DECK] [--windowed] [--control unix:PATH] [--audience-display NAME|INDEX] [--presenter-display NAME|INDEX]
           podium displays [--json]
           podium check DECK
           podium snapshot [DECK] --scene N --view presenter|audience --size WxH --out FILE.png
           podium bands export|import FILE [--store PATH]
           podium --help | --version
    """
    static let help = """
    Podium \(version): presentations on two screens, with scene plugins.

    Commands:
      present [DECK]   Run a deck (default: the built-in demo). Presenter view on the primary
                       display, audience view fullscreen on the other one.
        --windowed                  No fullscreen; with one display, the audience gets a window.
        --control unix:PATH         Listen for JSON-line commands on a Unix socket.
        --audience-display N|NAME   Choose the audience display (index or name).
        --presenter-display N|NAME  Choose the presenter display.
      displays [--json]  List every display SDL reports, with bounds, DPI and modes.
      check DECK         Validate a deck; exit 2 naming the file, JSON path and problem.
      snapshot [DECK] --scene N --view presenter|audience --size WxH --out FILE.png
                         Render one view headless (SDL's offscreen driver) to a PNG.
      bands export|import FILE [--store PATH]
                         The band-list catalogue as JSON (FILE "-" exports to stdout). Import
                         validates every record first and replaces the catalogue all or nothing.

    Keys while presenting: →/Space/PageDown next, ←/Backspace/PageUp previous, b/. blackout,
    w whiteout, Home/End first/last, q or Ctrl+Q quit.
    """

    struct UsageError: Error, CustomStringConvertible { var description: String }

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let cmd = args.first else { print(usage); return 2 }
            let rest = Array(args.dropFirst())
            switch cmd {
            case "--help", "-h", "help": print(help); return 0
            case "--version": print("podium \(version)"); return 0
            case "present": return try PresentCommand(try Options(rest, flags: ["--windowed"], values: ["--control", "--audience-display", "--presenter-display", "--plugin-path"])).run()
            case "displays": return try DisplaysCommand.run(try Options(rest, flags: ["--json"], values: []))
            case "check": return try CheckCommand.run(try Options(rest, flags: [], values: []))
            case "snapshot": return try SnapshotCommand.run(try Options(rest, flags: [], values: ["--scene", "--view", "--size", "--out"]))
            case "bands": return try BandsCommand.run(try Options(rest, flags: [], values: ["--store"]))
            default: throw UsageError(description: "unknown command or option \"\(cmd)\"")
            }
        } catch let e as UsageError {
            FileHandle.standardError.write(Data("podium: \(e)\n\(usage)\n".utf8)); return 2
        } catch let e as DeckError {
            FileHandle.standardError.write(Data("podium: \(e)\n".utf8)); return 2
        } catch {
            FileHandle.standardError.write(Data("podium: \(error)\n".utf8)); return 1
        }
    }

    /// Parsed options: boolean flags, `--name VALUE` (or `--name=VALUE`) values, positionals.
    struct Options {
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var positional: [String] = []
        init(_ args: [String], flags allowed: Set<String>, values takesValue: Set<String>) throws {
            var i = 0
            while i < args.count {
                let a = args[i]
                if a.hasPrefix("--") {
                    let parts = a.split(separator: "=", maxSplits: 1).map(String.init)
                    if allowed.contains(a) { flags.insert(a) }
                    else if takesValue.contains(parts[0]) {
                        if parts.count == 2 { values[parts[0]] = parts[1] }
                        else { i += 1; guard i < args.count else { throw UsageError(description: "\(a) needs a value") }; values[a] = args[i] }
                    } else { throw UsageError(description: "unknown option \"\(a)\"") }
                } else { positional.append(a) }
                i += 1
            }
        }
    }
}

/// Plugins compiled into this binary.
enum BuiltInPlugins {
    static func registry() -> PluginRegistry {
        let r = PluginRegistry()
        for d in BuiltInPluginList.all { r.register(d) }
        return r
    }
}

enum CheckCommand {
    static func run(_ o: CommandLineInterface.Options) throws -> Int32 {
        guard o.positional.count == 1 else { throw CommandLineInterface.UsageError(description: "check needs exactly one DECK") }
        let deck = try Deck.load(path: o.positional[0], kinds: BuiltInPlugins.registry().validators)
        print("\(o.positional[0]): OK — \"\(deck.title)\", \(deck.scenes.count) scene\(deck.scenes.count == 1 ? "" : "s") (\(deck.scenes.map(\.kind).joined(separator: ", ")))")
        return 0
    }
}
