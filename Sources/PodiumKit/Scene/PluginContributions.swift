import FoundationEssentials

// What a plugin contributes besides scene kinds (API 2.1): deck openers for file types,
// command-line subcommands, and per-kind checks of the files a scene uses. Every field added to
// `PluginDescriptor` and `SceneKind` for these has a default, so a 2.0 plugin is a valid 2.1 one.

/// A command-line option of a deck opener (`--notes right`, `--no-grouping`). The host accepts it
/// only when the deck being opened is one this opener opens; otherwise it is a usage error.
public struct PluginOption: Equatable, Sendable {
    /// The option as typed, with its dashes: `"--notes"`.
    public var name: String
    /// True for `--name VALUE` (or `--name=VALUE`), false for a flag.
    public var takesValue: Bool
    /// One line for `podium --help`: `"right|left|bottom|top|none|auto  Beamer's notes half"`.
    public var summary: String

    /// An option named with its dashes (`"--notes"`); `takesValue` false makes it a flag.
    public init(name: String, takesValue: Bool, summary: String) {
        self.name = name; self.takesValue = takesValue; self.summary = summary
    }
}

/// Opens a file given as the deck (`podium present talk.pdf`) as scenes of the plugin's kinds.
/// The host picks the opener by the file's extension; a JSON deck needs no opener.
public struct DeckOpener {
    /// File name extensions it opens, without the dot, lowercase (`["pdf"]`); matched ignoring case.
    public var extensions: [String]
    /// One line for `podium --help`: what the file becomes (`"one pdf scene per page"`).
    public var summary: String
    /// Options only this opener accepts.
    public var options: [PluginOption]
    /// Opens the file. Throws `DeckOpenerError` (a bad option value, or a file that cannot be a
    /// deck); any other error is reported as a problem with the file. Runs on the main thread,
    /// before the talk starts and again for each reload (inside `PluginDescriptor.loadFresh`).
    public var open: (DeckOpenRequest) throws -> OpenedDeck

    /// An opener for `extensions` (stored lowercased, so `"PDF"` and `"pdf"` are alike).
    public init(extensions: [String], summary: String, options: [PluginOption] = [],
                open: @escaping (DeckOpenRequest) throws -> OpenedDeck) {
        self.extensions = extensions.map { $0.lowercased() }; self.summary = summary; self.options = options; self.open = open
    }

    /// Whether `path` has one of `extensions` (ignoring case).
    public func opens(_ path: String) -> Bool {
        let ext = path.pathExtensionText.lowercased()
        return !ext.isEmpty && extensions.contains(ext)
    }
}

/// What the host hands a deck opener.
public struct DeckOpenRequest {
    /// The file, absolute and standardized.
    public var path: String
    /// The opener's own flags that were given (`"--no-grouping"`).
    public var flags: Set<String>
    /// The opener's own value options that were given (`["--notes": "right"]`).
    public var values: [String: String]

    /// A request for the file at `path`; tests build one directly, the host fills it from the
    /// command line.
    public init(path: String, flags: Set<String> = [], values: [String: String] = [:]) {
        self.path = path; self.flags = flags; self.values = values
    }
}

/// A deck made by a `DeckOpener`: scenes of registered kinds, and what a file beside the deck
/// says about the talk (pdfpc's `talk.pdfpc`). The host validates every scene as it would a JSON
/// deck's, then applies the command line's timing options over these.
public struct OpenedDeck {
    /// One scene of an opened deck, as a JSON deck's scene entry would give it; the host validates
    /// it with its kind's `validate`.
    public struct Scene {
        /// The registered ``SceneKind/name`` that shows it (`"pdf"`); an unknown kind is reported
        /// like one in a JSON deck.
        public var kind: String
        /// Shown in the overview, the console and the log; nil: the host shows the kind's name.
        public var title: String?
        /// Presenter notes (Markdown).
        public var notes: String
        /// The scene's parameters, as the `parameters` object of a JSON deck's scene; checked by
        /// the kind's `validate`.
        public var parameters: [String: JSONValue]
        /// Scenes with the same key in a row are one slide (Beamer's overlays); nil: a slide of its own.
        public var slide: String?
        /// Reads what the scene shows, as fingerprints that stay the same when the file changes
        /// around it, strictest first, each unique within the deck (a PDF page: `InkPageKeys` of
        /// its text and size, then of its text without digits). A reload keeps the speaker on the
        /// scene with the same first fingerprint, else the same second …, before it looks at
        /// titles, so a slide inserted before the current one does not move the talk. Called
        /// only by a reload (reading a PDF's text costs about 2 ms a page: not at launch), first
        /// on a background thread, then again on the main thread, where it must return what it
        /// read (keep it). Nil: kind and title only. (API 3.x, added.)
        public var content: (@Sendable () -> [String])? = nil
        /// Reads the words the scene shows (`PageMapping.words`), read after `content` and kept
        /// alike: a scene whose content changed and whose unchanged neighbours leave it more than
        /// one place is placed at the one sharing most of its words. Nil: no such guess. (API 3.x, added.)
        public var words: (@Sendable () -> [String])? = nil
        /// The name the console shows beside its number for this scene's place, when it is not
        /// the whole `title` (`ScenePlaceNaming`): the title without the page number it carries
        /// (`Methods (p. 8)` → `Methods`), or "" when it names nothing else (`Page 7`). Nil: the
        /// title. The overview, `state` and the log keep the title. (API 3.x, added.)
        public var placeName: String? = nil
        /// A scene of `kind`; content, words and place name are set afterwards when the opener can
        /// read them.
        public init(kind: String, title: String? = nil, notes: String = "", parameters: [String: JSONValue] = [:], slide: String? = nil) {
            self.kind = kind; self.title = title; self.notes = notes; self.parameters = parameters; self.slide = slide
        }
    }
    /// The talk's title, in place of a JSON deck's `title`.
    public var title: String
    /// The scenes in talk order; the first is shown first.
    public var scenes: [Scene]
    /// Warnings for the speaker (one line each), shown like a scene's `SceneFileCheck.warning`.
    public var warnings: [String] = []
    /// Problems with a file beside the deck that must not stop the talk (a typo in the notes
    /// sidecar), one line each naming the file, field and value: `podium check` reports them as
    /// errors (exit 2); `present` and a reload go on without what could not be read and show them
    /// in the presenter's banner.
    public var problems: [String] = []
    /// Files besides the deck itself whose change should reload the talk (a notes sidecar),
    /// absolute; they need not exist yet.
    public var watchedFiles: [String] = []
    /// Planned length in minutes, the time of day the talk ends (minutes after midnight), when
    /// the countdown turns amber (minutes before the end) and the last slide of the talk
    /// (1-based), as a file beside the deck says; nil: not said.
    public var durationMinutes: Double?
    /// The time of day the talk ends, in minutes after midnight (`17:30` is 1050); nil: not said.
    public var endTimeMinutes: Int?
    /// Minutes before the end at which the countdown turns amber; nil: not said.
    public var lastMinutes: Double?
    /// The talk's last slide, 1-based, counted as the speaker sees slides; nil: not said.
    public var endSlide: Int?
    /// Where each of those four values came from, for the speaker's messages about it, keyed
    /// "duration" (also for an end time), "lastMinutes" and "endSlide": the file and the place in
    /// it, as the speaker would look for it (`talk.pdf's \pdfpcsetup`,
    /// `/talks/talk.pdfpc`). A key left out: the host names the file beside the deck. (API 3.x, added.)
    public var timingSources: [String: String] = [:]
    /// No longer asked: `--page N` counts slides as the speaker sees them (the position, the
    /// slide prompt), like `--end-slide`, whatever the file. Kept so plugins built against API
    /// 3.0 still load; the host ignores it.
    public var sceneForPage: ((Int) throws -> Int)?

    /// A deck of `scenes` with no warnings, problems, watched files or timing.
    public init(title: String, scenes: [Scene]) { self.title = title; self.scenes = scenes }
}

/// A deck opener's refusal. `option`: a command-line option's value is wrong (a usage error, exit
/// 2 with the usage); `file`: the file cannot be a deck (exit 2 naming the file and `field`).
public struct DeckOpenerError: Error, CustomStringConvertible {
    /// Which refusal: `option` (exit 2 with the usage) or `file` (exit 2 naming the file).
    public enum Kind: Sendable { case option, file }
    /// Whether an option's value or the file itself is wrong.
    public var kind: Kind
    /// One line for the speaker, without the file name or field (the host adds them).
    public var message: String
    /// Where in the file, when known (`"pages[3]"`); empty for the whole file.
    public var field: String

    /// A refusal of `kind` saying `message`; `field` locates it in the file when known.
    public init(_ kind: Kind, _ message: String, field: String = "") { self.kind = kind; self.message = message; self.field = field }
    public var description: String { message }
}

/// A `podium NAME …` subcommand supplied by a plugin (`podium bands export FILE`). The host's own
/// commands come first: a plugin cannot replace `present` or `check`.
public struct PluginCommand {
    /// The word after `podium`: lowercase letters, digits and `-`.
    public var name: String
    /// One line for `podium --help`.
    public var summary: String
    /// The arguments' shape for the usage text: `"export|import FILE [--store PATH]"`.
    public var usage: String
    /// Runs the command; returns the exit code (0 success, 1 runtime failure, 2 bad input).
    /// Throw `PluginCommandUsageError` for bad arguments (the host prints it with the usage,
    /// exit 2); any other error is printed and exits 1.
    public var run: (PluginCommandContext) throws -> Int32

    /// A subcommand `name` (lowercase letters, digits and `-`) that runs `run`.
    public init(name: String, summary: String, usage: String, run: @escaping (PluginCommandContext) throws -> Int32) {
        self.name = name; self.summary = summary; self.usage = usage; self.run = run
    }
}

/// What a plugin command runs with.
public struct PluginCommandContext {
    /// The arguments after the command's name, as given.
    public var arguments: [String]
    /// The process environment.
    public var environment: [String: String]
    /// The plugin's data directory (`$XDG_DATA_HOME/podium/<plugin id>`), as scenes get it; not created.
    public var dataDirectory: URL
    /// The plugin's assets directory (built-in plugins: `Assets/`).
    public var assetsDirectory: URL

    /// A context as the host makes it; tests pass their own directories.
    public init(arguments: [String], environment: [String: String], dataDirectory: URL, assetsDirectory: URL) {
        self.arguments = arguments; self.environment = environment; self.dataDirectory = dataDirectory; self.assetsDirectory = assetsDirectory
    }
}

/// Bad arguments to a plugin command: the host prints `podium: <message>` and the usage, exit 2.
public struct PluginCommandUsageError: Error, CustomStringConvertible {
    /// What was wrong with the arguments, one line without the `podium:` prefix.
    public var message: String
    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What `SceneKind.checkFiles` is asked.
public struct SceneFileCheckRequest {
    /// The deck's directory, for relative paths in the parameters.
    public var deckDirectory: URL
    /// True right before a reload: also refuse files that look half written; skip slow probes
    /// (a reload must not wait on them).
    public var complete: Bool
    /// True for `podium check` only: run slow probes too (GStreamer's discoverer on a clip, up
    /// to seconds each). Never at launch, where they would hold up the first frame.
    public var probe: Bool
    /// The checking plugin's assets folder (a built-in plugin's: `Assets/`), for what a scene
    /// uses by default (the web search's shipped pages, the band list's seed). The host's
    /// registry fills it in before it asks the kind; nil only in a request a test makes.
    public var assetsDirectory: URL?
    /// The checking plugin's data directory as its scenes get it (`$XDG_DATA_HOME/podium/<id>`,
    /// not created), for what a scene keeps there by default (the band list's store). Filled
    /// in by the host's registry, as `assetsDirectory`; read it, never write there.
    public var dataDirectory: URL?
    /// A request; the host's registry fills in `assetsDirectory` and `dataDirectory`.
    public init(deckDirectory: URL, complete: Bool, probe: Bool = false) {
        self.deckDirectory = deckDirectory; self.complete = complete; self.probe = probe
    }
}

/// The result of checking one scene's files: a problem (`podium check` fails, a reload is
/// refused) and a warning for the speaker (the presenter's banner, `podium check`), one line each.
public struct SceneFileCheck: Equatable, Sendable {
    /// Why the scene cannot be shown (`podium check` fails, a reload is refused); nil when there is
    /// none.
    public var problem: String?
    /// Something the speaker should know that does not stop the scene; nil when there is none.
    public var warning: String?
    /// A result; both nil (the default) is ``SceneFileCheck/fine``.
    public init(problem: String? = nil, warning: String? = nil) { self.problem = problem; self.warning = warning }
    /// No problem and no warning.
    public static let fine = SceneFileCheck()
}
