import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// `podium <command> [options]`. Hand-written parsing: swift-argument-parser is not in the
/// toolchain and packages cannot be fetched here.
enum CommandLineInterface {
    static let version = "0.1.0"
    static let usage = """
    usage: podium present [DECK|TALK.pdf] [--notes right|left|bottom|top|none] [--no-grouping] [--duration MIN | --end-time HH:MM] [--last-minutes MIN] [--end-slide N] [--page N] [--start-time HH:MM] [--windowed [presenter|audience|both]] [--switch-screens] [--control unix:PATH] [--remote [ADDR:]PORT] [--broker mqtt://HOST[:PORT]/TALK] [--audience-display NAME|INDEX] [--presenter-display NAME|INDEX] [--keymap FILE] [--resume] [--plugin-path DIR]
           podium follow mqtt://HOST[:PORT]/TALK [DECK] [--display NAME|INDEX] [--windowed] [--control unix:PATH] [--broker-ca FILE] [--broker-password-file FILE]
           podium displays [--json] [--audience-display NAME|INDEX] [--presenter-display NAME|INDEX] [--switch-screens]
           podium check DECK|TALK.pdf [--plugin-path DIR]
           podium snapshot [DECK] --scene N --view presenter|audience [--size WxH] --out FILE.png [--plugin-path DIR]
           podium plugins [--json] [--load] [--plugin-path DIR]
           podium --help | --version
    """
    static let help = """
    Podium \(version): presentations on two screens, with scene plugins.

    Commands:
      present [DECK]   Run a deck (default: the built-in demo). Presenter view on the primary
                       display, audience view fullscreen on the other one.
        --windowed [presenter|audience|both]
                                    No fullscreen for that view (alone: both); with one display
                                    a windowed audience gets a window, else the preview.
        --switch-screens            Presenter on the second display, audience on the first.
        --start-time HH:MM          Count down to the start on the presenter; the talk timer
                                    starts then (or on the first advance).
        --control unix:PATH         Listen for JSON-line commands on a Unix socket.
        --remote [ADDR:]PORT        Phone remote over HTTP + WebSocket (default address 127.0.0.1);
                                    pair by scanning the code in the presenter view.
        --broker mqtt[s]://[USER@]HOST[:PORT][/TALK]
                                    Publish the talk's state to an MQTT broker for follower
                                    screens (podium follow). Password: --broker-password-file
                                    FILE or $PODIUM_BROKER_PASSWORD; --broker-ca FILE for mqtts.
        --audience-display N|NAME   Choose the audience display (index or name).
        --presenter-display N|NAME  Choose the presenter display.
        --keymap FILE               Console key bindings (JSON; Assets/keymap.example.json).
        --resume                    After a crash: go back to the journaled scene and timer
                                    without asking (otherwise the presenter screen asks).
        --notes right|left|bottom|top|none|auto
                                    With a PDF: Beamer's notes on the second screen; that half of
                                    each page goes to the presenter's notes panel, the other to the
                                    audience. auto (the default) detects it from the page shape.
      present TALK.pdf   A PDF as the deck: one scene per page, titles from the outline and page
                       labels, notes from TALK.notes.json. check and snapshot take a PDF too.
                       Consecutive pages with one page label (Beamer's overlays) are one slide:
                       next/previous step through overlays, Shift+PageDown/PageUp (Shift+→/←)
                       jump a slide, the overview shows one thumbnail per slide.
        --no-grouping               Every page is a slide of its own.
        --duration MIN              Planned length of the talk (over the deck's and talk.pdfpc's).
        --end-time HH:MM            The talk ends then: its length is the time left when it starts.
        --last-minutes MIN          The countdown turns amber this many minutes before the end.
        --end-slide N               The talk ends at slide N (timer plan, End key); later slides
                                    are backup (End again reaches them).
        --page N                    Start on slide N; the timer still starts on the first
                                    advance. Both count slides as the position and the slide
                                    prompt do (a Beamer frame's overlays are one slide).
                       A PDF's talk.pdfpc (pdfpc 4.5+) is read: notes, duration, last minutes,
                       end time, end slide, hidden pages, forced overlays. pdfpc's option
                       spellings (-d, -e, -l, -P, -n, -g, -w, -s, -t) work; the others say what
                       Podium does instead.
      follow mqtt://HOST[:PORT]/TALK [DECK]
                       A follower screen: the audience view of the same deck, fullscreen on
                       this machine's display (--display N|NAME), in step with the presenter
                       publishing to TALK (present --broker). Refuses a deck that differs.
      displays [--json]  List every display by the name xrandr / the compositor uses (with EDID
                         make and model), bounds, DPI and modes, and which display each view gets
                         (same --audience/--presenter-display and --switch-screens options; the choice saved in
                         $XDG_CONFIG_HOME/podium/displays.json for these displays applies).
      check DECK         Validate a deck; exit 2 naming the file, JSON path and problem.
      snapshot [DECK] --scene N --view presenter|audience [--size WxH] --out FILE.png
                         Render one view headless (SDL's offscreen driver) to a PNG; N is the
                         scene's index from 0, as the control socket's goto takes it (default 0);
                         --size in pixels (default 1920x1080).
      plugins [--json]   List scene plugins: loaded (id, version, scene kinds, path), found
                         but not opened, and refused (path and reason).
        --load                      Open every plugin's library now (runs its code).

    present, check, snapshot and plugins find external plugins in --plugin-path DIR[:DIR…],
    then $PODIUM_PLUGIN_PATH, then $XDG_DATA_HOME/podium/plugins (docs/WritingPlugins.md); a
    plugin's library is opened only when the deck uses one of its kinds. Folders and files
    writable by others, or owned by another user than you or root, are refused.

    Keys while presenting: →/Space/PageDown/Return next, ←/Backspace/PageUp previous, b/. blackout,
    w whiteout, f freeze, Esc back to live, t pause the timer, F5 restart from the first scene,
    Shift+F5 start the timer here, Shift+PageDown/Shift+PageUp (Shift+→/←) next/previous slide,
    Tab (nothing focused) or o overview, ? all keys, Ctrl+=/Ctrl+- notes size, s swap the
    presenter and audience displays, Home/End first/last, q or Ctrl+Q quit, digits then Return
    (or g) go to that slide; a click on the audience window or preview is next, a right click
    previous, the wheel steps (MouseLeft/MouseRight/WheelUp/WheelDown in --keymap).
    """

    struct UsageError: Error, CustomStringConvertible { var description: String }
    /// A well-formed command refused for the state it found (the deck presented by another
    /// podium, no display server): exit 2 like a usage error, without the usage text under it.
    struct Refusal: Error, CustomStringConvertible { var description: String }

    /// The first argument whose bytes are not UTF-8, shown with those bytes as `\xNN`; nil when
    /// every argument is UTF-8.
    static func argumentNotUTF8() -> String? {
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            let shown = bytes.prefix(160).map { $0 >= 0x20 && $0 < 0x7f ? String(UnicodeScalar($0)) : String(cFormat: "\\x%02x", $0) }.joined()
            return "\"\(shown)\""
        }
        return nil
    }

    @MainActor static func run(_ args: [String]) -> Int32 {
        do {
            guard let cmd = args.first else { print(usage + PluginCommands.usageLines()); return 2 }
            let rest = Array(args.dropFirst())
            switch cmd {
            case "--help", "-h", "help": print(help + PluginCommands.helpSection()); return 0
            case "--version": print("podium \(version)"); return 0
            case "present": return try PresentCommand(try deckOptions(try PdfpcOptions.translate(rest), flags: presentFlags, values: presentValues)).run()
            case "displays": return try DisplaysCommand.run(try Options(rest, flags: ["--json", "--windowed", "--switch-screens"], values: ["--audience-display", "--presenter-display"]))
            case "follow": return try FollowCommand(try deckOptions(rest, flags: FollowCommand.flags, values: FollowCommand.values)).run()
            case "check": return try CheckCommand.run(try deckOptions(try PdfpcOptions.translate(rest), flags: [], values: Set(TalkOptions.names)))
            case "snapshot": return try SnapshotCommand.run(try deckOptions(rest, flags: [], values: ["--scene", "--view", "--size", "--out"]))
            case "plugins": return PluginsCommand.run(try pluginOptions(rest, flags: ["--json", "--load"], values: []))
            default: return try PluginCommands.run(cmd, rest)
            }
        } catch let e as PluginCommands.UsageError {
            printError("podium: \(e.message)\nusage: podium \(e.command) \(e.usage)"); return 2
        } catch let e as UsageError {
            printError("podium: \(e)\n\(usage)\(PluginCommands.usageLines())"); return 2
        } catch let e as Refusal {
            printError("podium: \(e)"); return 2
        } catch let e as DeckError {
            for one in e.all { printError("podium: \(SceneNumbers.spelled("\(one)"))") }   // every problem, one line each
            return 2
        } catch let e as KeyMapError {
            for one in e.all { printError("podium: \(SceneNumbers.spelled("\(one)"))") }   // every problem, one line each
            return 2
        } catch {
            printError("podium: \(error)"); return 1
        }
    }

    static let presentFlags = Set(["--windowed", "--resume"] + HostOptions.flags)
    static let presentValues = Set(["--control", "--audience-display", "--presenter-display", "--keymap", "--remote", "--broker"] + TalkOptions.names + HostOptions.values + BrokerOptions.names)
    /// Every option `present` takes (its own; deck openers' come on top), for errors elsewhere.
    static var presentOptions: Set<String> { presentFlags.union(presentValues) }

    /// Options of a command that opens a deck: `pluginOptions` and the options of every plugin's
    /// deck opener (`--notes` of the PDF plugin); `DeckSource` refuses those of another opener
    /// than the deck's. `--plugin-path` is read first, as it decides which openers there are.
    static func deckOptions(_ args: [String], flags: Set<String>, values: Set<String>) throws -> Options {
        BuiltInPlugins.pluginPath = PluginCommands.prescan("--plugin-path", in: args)
        let openers = BuiltInPlugins.registry().allDeckOpenerOptions
        return try pluginOptions(args, flags: flags.union(openers.flags), values: values.union(openers.values))
    }

    /// Options of a command that loads external plugins: accepts `--plugin-path` and remembers it
    /// for `BuiltInPlugins.registry()`.
    static func pluginOptions(_ args: [String], flags: Set<String>, values: Set<String>) throws -> Options {
        let o = try Options(args, flags: flags, values: values.union(["--plugin-path"]))
        BuiltInPlugins.pluginPath = o.values["--plugin-path"]
        return o
    }

    /// A command that takes one DECK refuses a second word instead of ignoring it (a typo after
    /// `--windowed`, e.g. `--windowed audiance`, would otherwise pass unseen).
    static func refuseExtraArguments(_ o: Options, command: String) throws {
        guard o.positional.count > 1 else { return }
        let extra = SafeText.quote(o.positional.dropFirst().joined(separator: " "))
        let hint = o.flags.contains("--windowed") ? " (--windowed takes presenter, audience or both)" : ""
        throw UsageError(description: "\(command) takes one DECK, got also \(extra)\(hint)")
    }

    /// A DECK word right after a flag that names no file is more likely a value for that flag
    /// than a deck (trial 16 m8: `present --windowed sideways` said "sideways: cannot read
    /// file"): says so, naming the flag, what it takes, and the file the deck would have been.
    static func refuseMisplacedValue(_ o: Options) throws {
        // A word such as "sideways" or "yes"; "talk.pdf" or "slides/x" that is missing is a deck's path.
        guard let deck = o.positional.first, let flag = o.flagBeforeDeck, !deck.contains("/"), !deck.contains("."),
              !FileManager.default.fileExists(atPath: deck) else { return }
        let takes = flag == "--windowed" ? "takes presenter, audience or both (e.g. --windowed=audience)" : "takes no value"
        let file = URL(fileURLWithPath: deck).standardizedFileURL.path
        throw UsageError(description: "\(SafeText.quote(deck)) follows \(flag), which \(takes), and is no deck either (no file \(SafeText.quote(file)))")
    }

    /// Parsed options: boolean flags, `--name VALUE` (or `--name=VALUE`) values, positionals.
    /// Each value option takes one value: given again with another value it is refused, naming
    /// both, rather than the first dropped unsaid (trial 13 F11: `--control unix:A --control
    /// unix:B` listened on B alone).
    struct Options {
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var positional: [String] = []
        /// The flag (an option without a value) that came right before the first positional.
        var flagBeforeDeck: String?
        init(_ args: [String], flags allowed: Set<String>, values takesValue: Set<String>) throws {
            var i = 0
            func set(_ name: String, _ value: String) throws {
                if let first = values[name], first != value {
                    let several = name == "--plugin-path" ? " (several folders: DIR:DIR)" : ""
                    throw UsageError(description: "\(name) is given twice (\(SafeText.quote(first)), then \(SafeText.quote(value))): it takes one value; give it once\(several)")
                }
                values[name] = value
            }
            while i < args.count {
                let a = args[i]
                if a.hasPrefix("--") {
                    let parts = a.split(separator: "=", maxSplits: 1).map(String.init)
                    if allowed.contains(a) { flags.insert(a) }
                    else if takesValue.contains(parts[0]) {
                        if parts.count == 2 { try set(parts[0], parts[1]) }
                        else { i += 1; guard i < args.count else { throw UsageError(description: "\(a) needs a value") }; try set(a, args[i]) }
                    } else {
                        // pdfpc's -s is --switch-screens: an option of present, not of check.
                        let elsewhere = CommandLineInterface.presentOptions.contains(parts[0]) ? " here: it is an option of `podium present`" : ""
                        throw UsageError(description: "unknown option \(SafeText.quote(a))\(elsewhere)")
                    }
                } else {
                    if positional.isEmpty, i > 0, allowed.contains(args[i - 1]) { flagBeforeDeck = args[i - 1] }
                    positional.append(a)
                }
                i += 1
            }
        }
    }
}

/// The plugins a command uses: those compiled into this binary, then external ones from the
/// plugin search path. Refusals are logged to stderr (`podium plugins` lists them in full).
enum BuiltInPlugins {
    /// `--plugin-path` of the running command, set by `CommandLineInterface.pluginOptions`.
    nonisolated(unsafe) static var pluginPath: String?

    /// The registry of the running command, made on first use (`registry()`).
    nonisolated(unsafe) private static var shared: PluginRegistry?

    /// Built-in plugins (`BuiltInPluginList`, shared libraries beside the executable), then
    /// external ones found on the search path; no library is opened until a deck or command uses
    /// one of its kinds, openers or commands, or at once with `openAll` (`podium plugins --load`).
    /// With the defaults, one registry per process (the command's).
    static func registry(logRefusals: Bool = true, openAll: Bool = false) -> PluginRegistry {
        let common = logRefusals && !openAll
        if common, let r = shared { return r }
        let r = PluginRegistry()
        if logRefusals {
            r.onRefuse = { x in printError("podium: plugin refused: \(x.origin): \(x.reason)") }
        }
        let dir = BuiltInPluginList.directory
        for m in BuiltInPluginList.manifests { PluginLoader.addBuiltIn(m, directory: dir, into: r) }
        PluginLoader.loadAll(searchPath, into: r, open: openAll)
        if common { shared = r }
        return r
    }
    static var searchPath: PluginSearchPath { PluginSearchPath(commandLine: pluginPath) }
}

enum CheckCommand {
    static func run(_ o: CommandLineInterface.Options) throws -> Int32 {
        guard o.positional.count == 1 else { throw CommandLineInterface.UsageError(description: "check needs exactly one DECK") }
        let registry = BuiltInPlugins.registry()
        let deck: Deck
        do { deck = try DeckSource.load(o.positional[0], registry: registry, options: o) }
        catch let e as DeckError where !e.validScenes.isEmpty {
            // Every problem in one run: the deck's, then the files of the scenes that were valid.
            for one in e.all { printError("podium: \(SceneNumbers.spelled("\(one)"))") }
            let directory = URL(fileURLWithPath: o.positional[0]).standardizedFileURL.deletingLastPathComponent()
            let valid = e.validScenes.sorted { $0.key < $1.key }.map { (offset: $0.key, element: $0.value) }
            for p in DeckSource.fileProblems(valid, directory: directory, registry: registry) { printError("podium: \(o.positional[0]): \(SceneNumbers.spelled(p))") }
            return 2
        }
        // The opener's problems (a notes sidecar with a typo) do not stop a talk but are errors here.
        let checks = DeckSource.fileChecks(Array(deck.scenes.enumerated()), directory: deck.directory, registry: registry)
        let problems = deck.openerProblems + DeckSource.problems(checks)
        for p in problems { printError("podium: \(o.positional[0]): \(SceneNumbers.spelled(p))") }
        if !problems.isEmpty { return 2 }
        for w in DeckSource.notesWarnings(deck, checks: checks) { printError("podium: warning: \(SceneNumbers.spelled(w))") }
        print("\(o.positional[0]): OK — \(SafeText.quote(deck.title)), \(deck.scenes.count) scene\(deck.scenes.count == 1 ? "" : "s") (\(kindsSummary(deck.scenes.map(\.kind))))\(CheckSummary.slides(deck))")
        if let line = CheckSummary.pdfNotes(deck, deckPath: o.positional[0]) { print(line) }
        if let line = CheckSummary.pdfpc(deck, deckPath: o.positional[0]) { print(line) }
        return 0
    }
}

/// Writes `text` and a newline to stderr, control, escape and bidi characters made visible
/// (`SafeText.escape`), so nothing quoted from a file, a server or a peer can drive the terminal.
func printError(_ text: String) { SafeText.log(text) }

/// The scene kinds in deck order, runs of one kind counted: "title, band-list, pdf ×20, title"
/// (a 20 000-scene deck was one 140 000-character line).
func kindsSummary(_ kinds: [String]) -> String {
    var runs: [(kind: String, count: Int)] = []
    for k in kinds { if runs.last?.kind == k { runs[runs.count - 1].count += 1 } else { runs.append((k, 1)) } }
    let shown = runs.prefix(12).map { $0.count > 1 ? "\($0.kind) ×\($0.count)" : $0.kind }
    return (shown + (runs.count > 12 ? ["… \(runs.count - 12) more runs"] : [])).joined(separator: ", ")
}
