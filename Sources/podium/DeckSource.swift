import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// Where a command's deck comes from: a JSON deck file, or a file a plugin's deck opener opens by
/// its extension (`podium present talk.pdf`: the PDF plugin makes one `pdf` scene per page).
/// The host names no plugin: it asks the registry.
enum DeckSource {
    /// Loads `path`: through the deck opener for its extension, with the opener's own options
    /// (`--notes`, `--no-grouping` for a PDF), else as a JSON deck; then the talk options
    /// (`TalkOptions`) apply over what the file says. Throws `DeckError` naming the file and
    /// problem, or a usage error for a bad option value or an option of another opener.
    /// `keepingBadScenes` (`present`, a reload, `follow`, `snapshot`; not `check`): a JSON deck's
    /// scene whose parameters alone are wrong is kept with its problems
    /// (`DeckScene.parameterProblems`) and shown as an error card.
    static func load(_ path: String, registry: PluginRegistry, options: CommandLineInterface.Options, keepingBadScenes: Bool = false) throws -> Deck {
        let found: (opener: DeckOpener, pluginID: String)?
        do { found = try registry.deckOpener(for: path) } catch { throw DeckError(file: path, path: "", message: "\(error)") }
        try refuseOtherOpenersOptions(path, registry: registry, options: options)
        guard let opener = found?.opener else {
            var deck = try loadJSON(path, registry: registry, keepingBadScenes: keepingBadScenes)
            try TalkOptions.apply(&deck, opened: nil, options: options)
            return deck
        }
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let own = Set(opener.options.map(\.name))
        let request = DeckOpenRequest(path: full, flags: options.flags.intersection(own), values: options.values.filter { own.contains($0.key) })
        let opened: OpenedDeck
        do { opened = try opener.open(request) }
        catch let e as DeckOpenerError where e.kind == .option { throw CommandLineInterface.UsageError(description: e.message) }
        catch let e as DeckOpenerError { throw DeckError(file: path, path: e.field, message: e.message) }
        catch { throw DeckError(file: path, path: "", message: "\(error)") }
        var deck = Deck(title: opened.title, scenes: try scenes(of: opened, path: path, registry: registry), path: full)
        deck.watchedFiles = opened.watchedFiles
        deck.openerWarnings = opened.warnings
        deck.openerProblems = opened.problems
        try TalkOptions.apply(&deck, opened: opened, options: options)
        return deck
    }

    /// A JSON deck; its last good version (`LastGoodDeck`) when resuming a talk whose file does
    /// not load now (a typo saved, then a crash), said first in the banner.
    private static func loadJSON(_ path: String, registry: PluginRegistry, keepingBadScenes: Bool) throws -> Deck {
        do {
            // Read once: the bytes loaded are the ones kept.
            let data = try Deck.read(path: path)
            let deck = try Deck.parse(data, path: URL(fileURLWithPath: path).standardizedFileURL.path, displayName: path,
                                      kinds: registry.validators, available: { registry.kindNames },
                                      unknownKind: { registry.unavailability(ofKind: $0) }, keepingBadScenes: keepingBadScenes)
            LastGoodDeck.keep(data, of: path)
            return deck
        } catch let error as DeckError {
            guard let data = LastGoodDeck.copy(for: path),
                  var deck = try? Deck.parse(data, path: URL(fileURLWithPath: path).standardizedFileURL.path, displayName: path,
                                             kinds: registry.validators, available: { registry.kindNames },
                                             unknownKind: { registry.unavailability(ofKind: $0) }, keepingBadScenes: keepingBadScenes)
            else { throw error }
            let name = path.pathLastComponent
            printError("podium: \(error); the restarted talk shows the version it showed before (\(LastGoodDeck.copyPath(for: path))), until the file loads again")
            deck.openerProblems.insert("\(name) does not load now (\(error.message)): the talk goes on with the version shown before the restart, and reloads once the file is fixed", at: 0)
            return deck
        }
    }

    /// The opener's scenes, validated by their kinds as a JSON deck's are.
    private static func scenes(of opened: OpenedDeck, path: String, registry: PluginRegistry) throws -> [DeckScene] {
        guard !opened.scenes.isEmpty else { throw DeckError(file: path, path: "", message: "the deck opener made no scenes") }
        let validators = registry.validators, directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        return try opened.scenes.enumerated().map { i, s in
            guard let validate = validators[s.kind] else {
                if let why = registry.unavailability(ofKind: s.kind) { throw DeckError(file: path, path: "scenes[\(i)].kind", message: "\(why)") }
                throw DeckError(file: path, path: "scenes[\(i)].kind", message: Deck.unknownKindMessage(s.kind, available: registry.kindNames))
            }
            let p = SceneParameters(s.parameters, path: "scenes[\(i)].parameters", baseDirectory: directory)
            do { try validate(p) } catch let e as SceneParameterError {
                var first = DeckError(file: path, path: e.path, message: e.message)
                first.more = e.more.map { DeckError(file: path, path: $0.path, message: $0.message) }
                throw first
            }
            var scene = DeckScene(kind: s.kind, title: s.title, notes: s.notes, parameters: p, slide: s.slide)
            scene.content = s.content
            scene.words = s.words
            scene.placeName = s.placeName
            return scene
        }
    }

    /// An opener's option given with a deck another opener (or none) opens is a usage error, so
    /// nothing given on the command line is silently ignored.
    private static func refuseOtherOpenersOptions(_ path: String, registry: PluginRegistry, options: CommandLineInterface.Options) throws {
        let all = registry.allDeckOpenerOptions, own = registry.deckOpenerOptions(for: path)
        let given = options.flags.intersection(all.flags).union(Set(options.values.keys).intersection(all.values))
        guard let wrong = given.subtracting(own).sorted().first else { return }
        let owners = registry.deckExtensionsAccepting(wrong)
        throw CommandLineInterface.UsageError(description: "\(wrong) applies to a deck of \(owners.map { "*.\($0)" }.joined(separator: ", ")) (e.g. talk.\(owners.first ?? "pdf")), not \(path)")
    }

    /// Warnings for the speaker, one line each, what matters to the room first: what the scene
    /// kinds' file checks (`checks`, `check`'s own run with slow probes) say of what a scene
    /// shows (a PDF whose pages look like slide + notes shown whole: the room reads the notes; a
    /// band list's `select` naming no band), then the deck opener's (page labels not used).
    /// `check` prints them all.
    static func notesWarnings(_ deck: Deck, checks: [(offset: Int, check: SceneFileCheck)]) -> [String] {
        var seen: Set<String> = []
        return (checks.compactMap(\.check.warning) + deck.openerWarnings).filter { seen.insert($0).inserted }
    }

    /// What the scene kinds' file checks warn of: the room will see what it should not.
    static func roomWarnings(_ deck: Deck, registry: PluginRegistry) -> [String] {
        let request = SceneFileCheckRequest(deckDirectory: deck.directory, complete: false)
        return deck.scenes.compactMap { registry.checkFiles(kind: $0.kind, $0.parameters, request).warning }
    }

    /// `present`'s warnings, in the order of the banner, which shows the first (trial 14 F3: the
    /// room-reads-the-notes warning was hidden behind the page-label one): what the room would
    /// see first, then the opener's problems (a notes sidecar's typo: those notes are missing),
    /// then its other warnings.
    static func launchWarnings(_ deck: Deck, registry: PluginRegistry) -> [String] {
        let room = roomWarnings(deck, registry: registry)
        var seen: Set<String> = []
        return (room + deck.openerProblems + deck.openerWarnings).filter { seen.insert($0).inserted }
    }

    /// One line for the presenter's banner from `lines` (their paths shown relative to the deck's
    /// folder): the first, and how many more the log has.
    static func bannerLine(_ lines: [String], directory: URL, limit: Int = 240) -> String? {
        guard let first = lines.first?.replacing(directory.path + "/", with: "") else { return nil }
        let more = lines.count > 1 ? " (and \(lines.count - 1) more in the log)" : ""
        return (first.count > limit ? first.prefix(limit - 1) + "…" : first) + more
    }

    /// The files a running talk depends on, absolute: the deck, what its opener asked to watch
    /// (a PDF's notes sidecar), each scene's `file`, and the key map. A reload watches these.
    static func files(of deck: Deck, options: CommandLineInterface.Options) -> [String] {
        var out = [deck.path] + deck.watchedFiles
        for s in deck.scenes {
            guard let f = s.parameters.values["file"]?.string else { continue }
            out.append(f.hasPrefix("/") ? f : deck.directory.appendingPathComponent(f).standardizedFileURL.path)
        }
        if let k = options.values["--keymap"] { out.append(URL(fileURLWithPath: k).standardizedFileURL.path) }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// The problems of the scenes kept with them (`keepingBadScenes`), one line each.
    static func parameterProblems(_ deck: Deck) -> [String] { deck.scenes.flatMap(\.parameterProblems) }

    /// The same as warnings for the log, each naming the file, the scene (also as the speaker
    /// counts it, "scene 3") and the parameter, then `consequence`: what the command does with
    /// that scene (`present`: "that scene shows an error card on the presenter view").
    static func parameterWarnings(_ deck: Deck, _ consequence: String) -> [String] {
        parameterProblems(deck).map { "warning: \(SceneNumbers.spelled($0)); \(consequence)" }
    }

    /// Problems the scene kinds' file checks find by opening each scene's files (the PDF plugin
    /// opens each `pdf` scene's file, the media plugin runs GStreamer's discoverer on each clip, a
    /// PDF's movies too), one line each naming the scene and the problem. With `complete` (before
    /// a reload) files that look half written are problems too, and slow probes are skipped.
    static func fileProblems(_ deck: Deck, registry: PluginRegistry, complete: Bool = false) -> [String] {
        fileProblems(Array(deck.scenes.enumerated()), directory: deck.directory, registry: registry, complete: complete)
    }

    /// The same for `scenes` (each with its index in the deck) of a deck in `directory`.
    static func fileProblems(_ scenes: [(offset: Int, element: DeckScene)], directory: URL, registry: PluginRegistry, complete: Bool = false) -> [String] {
        problems(fileChecks(scenes, directory: directory, registry: registry, complete: complete))
    }

    /// What the scene kinds' file checks say of each of `scenes`, with its index in the deck:
    /// problems and warnings of one run, so `check` probes each file once.
    static func fileChecks(_ scenes: [(offset: Int, element: DeckScene)], directory: URL, registry: PluginRegistry, complete: Bool = false) -> [(offset: Int, check: SceneFileCheck)] {
        let request = SceneFileCheckRequest(deckDirectory: directory, complete: complete, probe: !complete)
        return scenes.map { i, s in (i, registry.checkFiles(kind: s.kind, s.parameters, request)) }
    }

    /// The problems of `checks`, one line each starting with the scene (`scenes[3]`).
    static func problems(_ checks: [(offset: Int, check: SceneFileCheck)]) -> [String] {
        checks.compactMap { i, c in c.problem.map { $0.hasPrefix("scenes[\(i)]") ? $0 : "scenes[\(i)]: \($0)" } }
    }
}
