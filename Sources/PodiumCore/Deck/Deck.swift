import FoundationEssentials
import Glibc
import PodiumKit

/// A talk: a title and ordered scenes, read from a JSON deck file.
///
/// ```json
/// { "title": "Bands I Love", "duration": 20,
///   "scenes": [ { "kind": "title", "title": "Welcome", "notes": "Smile.",
///                 "parameters": { "heading": "Bands I Love" } } ] }
/// ```
public struct Deck: Sendable {
    public var title: String
    /// Planned length of the talk in minutes, if given.
    public var durationMinutes: Double?
    public var scenes: [DeckScene]
    /// Absolute path of the deck file; relative paths in parameters resolve against its folder.
    public var path: String
    /// 1-based slide where the talk ends for the timer and the End key (`--end-slide`, pdfpc's
    /// `endSlide`); slides after it are backup. Nil: the last slide.
    public var endSlide: Int?
    /// Minutes before the planned end from which the countdown turns amber (`--last-minutes`).
    public var lastMinutes: Double?
    /// 0-based scene shown first (`--page`); the timer still starts on the first advance.
    public var startScene: Int?
    /// Local time the talk ends, minutes after midnight (`--end-time HH:MM`, pdfpc's `endTime`):
    /// when the talk starts, the time left until then becomes its planned length.
    public var endTimeMinutes: Int?
    /// Where the timing came from, keyed "duration" (or the end time), "lastMinutes",
    /// "endSlide": a file beside the deck (`OpenedDeck.timingSources`) or the option that set it
    /// (`--duration`). A key left out: the deck's own file (a JSON deck's `duration`), or an
    /// opener that did not say (then the host names the file beside the deck).
    public var timingSources: [String: String] = [:]
    /// Files a reload watches besides the deck and its scenes' `file`s (a deck opener's notes
    /// sidecar, `OpenedDeck.watchedFiles`), absolute.
    public var watchedFiles: [String] = []
    /// Warnings the deck opener gave (`OpenedDeck.warnings`), one line each.
    public var openerWarnings: [String] = []
    /// Problems the deck opener found that do not stop the talk (`OpenedDeck.problems`: a notes
    /// sidecar with a typo), one line each; `check` reports them as errors.
    public var openerProblems: [String] = []

    public init(title: String, durationMinutes: Double? = nil, scenes: [DeckScene], path: String) {
        self.title = title; self.durationMinutes = durationMinutes; self.scenes = scenes; self.path = path
    }
    public var directory: URL { URL(fileURLWithPath: path).deletingLastPathComponent() }
    /// The fields a deck's top level may have.
    public static let fields = ["title", "duration", "scenes"]
    /// Largest deck file read, in bytes.
    public static let maxBytes = 64 << 20
    /// Allowed `duration`, in minutes: up to a day (the timers format hours, not eons).
    public static let durationRange: ClosedRange<Double> = 0...1440
}

/// One scene entry of a deck.
public struct DeckScene: Sendable {
    public var kind: String
    public var title: String?
    /// Presenter notes (basic Markdown).
    public var notes: String
    /// Planned time for this scene in seconds, if given.
    public var plannedSeconds: Double?
    public var parameters: SceneParameters
    /// Consecutive scenes with the same key are the overlays of one slide (`Slides`); nil: a
    /// slide of its own. A PDF's page label (Beamer gives every overlay of a frame the same one).
    public var slide: String?
    /// Reads fingerprints of what the scene shows, strictest first, from its deck opener
    /// (`OpenedDeck.Scene.content`: a PDF deck's page keys); nil for a JSON deck's scenes. A
    /// reload looks for them first (`ReloadPosition`).
    public var content: (@Sendable () -> [String])?
    /// Reads the words the scene shows (`OpenedDeck.Scene.words`); nil: not known.
    public var words: (@Sendable () -> [String])?
    /// The console's name for the scene's place beside its number, given by its deck opener for
    /// `title` (`OpenedDeck.Scene.placeName`: "" for a PDF page titled `Page 7`); nil: the title
    /// (a JSON deck's scenes: the author's title is the name). `PlaceTitle`.
    public var placeName: String?
    /// Why this scene cannot be made, one line each naming the file, the parameter and the
    /// problem (`talk.json: scenes[2].parameters.colour: unknown parameter …`). Empty for a
    /// sound scene. Set only by a load that keeps such scenes (`Deck.parse(keepingBadScenes:)`,
    /// for `present`): the talk shows an error card for it, on the presenter view only.
    public var parameterProblems: [String] = []
    public init(kind: String, title: String? = nil, notes: String = "", plannedSeconds: Double? = nil, parameters: SceneParameters = SceneParameters(), slide: String? = nil) {
        self.kind = kind; self.title = title; self.notes = notes; self.plannedSeconds = plannedSeconds; self.parameters = parameters; self.slide = slide
    }
    /// The fields a scene entry may have (its kind's own settings go in `parameters`).
    public static let fields = ["kind", "title", "notes", "time", "parameters"]
    /// Allowed `time`, in seconds: up to a day.
    public static let timeRange: ClosedRange<Double> = 0...86400
}

/// A deck that cannot be used: names the file, the JSON path (`scenes[1].kind`) and the problem.
/// `Deck.parse` reports every problem it finds: the first here, the rest in `more` (`all`).
public struct DeckError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var message: String
    /// Further problems found in the same file, in order.
    public var more: [DeckError] = []
    /// The scenes that were valid, by index, when other parts of a JSON deck were not: `check`
    /// still looks at their files, so one run lists every problem.
    public var validScenes: [Int: DeckScene] = [:]
    public init(file: String, path: String, message: String) { self.file = file; self.path = path; self.message = message }
    /// The same problems (the valid scenes beside them do not count).
    public static func == (a: DeckError, b: DeckError) -> Bool {
        a.file == b.file && a.path == b.path && a.message == b.message && a.more == b.more
    }
    /// This problem and every further one, one line each.
    public var all: [DeckError] { [DeckError(file: file, path: path, message: message)] + more }
    public var description: String { all.map(\.line).joined(separator: "\n") }
    private var line: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}

extension Deck {
    /// Reads and validates a deck file. `knownKinds` maps scene kinds to a validator (from the
    /// plugin registry); an unknown kind is an error listing the kinds available.
    /// Throws `DeckError` for an unreadable file, invalid UTF-8, malformed JSON, a missing field,
    /// a wrong type, or a scene parameter its plugin rejects.
    /// `available`, when given, names the kinds usable now for that error (the registry's: a
    /// plugin refused while the deck was read no longer counts), else `kinds`' names.
    /// `unknownKind`, when given, may explain a kind no validator has (its plugin was refused:
    /// `PluginRegistry.unavailability(ofKind:)`); its error replaces "unknown scene kind".
    /// `keepingBadScenes`: a scene whose only problems are its parameters' (a misspelt name, a
    /// wrong value) is kept with them in `DeckScene.parameterProblems` instead of failing the
    /// deck (`present`: a talk never fails to start over one scene); `check` leaves it false.
    public static func load(path: String, kinds: [String: (SceneParameters) throws -> Void],
                            available: (() -> [String])? = nil, unknownKind: ((String) -> Error?)? = nil,
                            keepingBadScenes: Bool = false) throws -> Deck {
        try parse(read(path: path), path: URL(fileURLWithPath: path).standardizedFileURL.path, displayName: path, kinds: kinds,
                  available: available, unknownKind: unknownKind, keepingBadScenes: keepingBadScenes)
    }

    /// The bytes of the deck file at `path`, as `load` reads them (at most `maxBytes`), for a
    /// caller that keeps them too (`parse` them then): the crash restart's copy of the deck
    /// loaded is those bytes, not a second read. Throws `DeckError` naming the file (missing,
    /// unreadable, a directory or device, too large).
    public static func read(path: String) throws -> Data {
        do { return try InputFile.read(path, maxBytes: Deck.maxBytes) }
        catch let e as InputFileError { throw DeckError(file: path, path: "", message: e.reason == .missing ? "cannot read file (no such file)" : e.problem) }
    }

    /// Validates deck JSON held in memory; `displayName` is used in errors. Every problem is
    /// reported (the first in the `DeckError` thrown, the others in its `more`): a misspelt
    /// field, a bad value in one scene and an unknown kind in another all show in one run.
    public static func parse(_ data: Data, path: String, displayName: String? = nil,
                             kinds: [String: (SceneParameters) throws -> Void], available: (() -> [String])? = nil,
                             unknownKind: ((String) -> Error?)? = nil, keepingBadScenes: Bool = false) throws -> Deck {
        let file = displayName ?? path
        func fail(_ p: String, _ m: String) -> DeckError { DeckError(file: file, path: p, message: m) }
        guard String(validating: data, as: UTF8.self) != nil else {
            let offset = firstInvalidUTF8(data)
            // UTF-16 text (a Windows editor's "Unicode"), as the README promises (trial 16 m5);
            // else a NUL byte near the start: an image, a PDF, an archive given as the deck (trial 15 m6).
            let what = JSONValue.looksLikeUTF16(data) ? ": the file looks like UTF-16 text: save it as UTF-8"
                : data.prefix(4096).contains(0) ? ": a binary file, not text (a deck is a JSON text file)" : ""
            throw fail("", "invalid UTF-8 at byte \(offset)" + what)
        }
        let root: JSONValue
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw fail("", "the file is empty (a deck is a JSON object: {\"title\": …, \"scenes\": […]})") }
        do { root = try JSONValue.parse(data) } catch { throw fail("", "not valid JSON: \(error)") }
        guard let obj = root.object else { throw fail("", "expected a JSON object at the top level, found \(root.typeName)") }
        var problems: [DeckError] = []
        /// Runs `body`, noting its problem and going on.
        func note(_ body: () throws -> Void) {
            do { try body() } catch is DeckErrorsNoted {} catch let e as DeckError { problems += e.all } catch { problems.append(fail("", "\(error)")) }
        }
        // A misspelt field would otherwise be ignored without a word ("sceens", "notse").
        func rejectUnknown(_ o: [String: JSONValue], _ known: [String], at p: String) {
            for key in o.keys.sorted() where !known.contains(key) {
                problems.append(fail(p.isEmpty ? key : "\(p).\(key)", "unknown field (expected one of: \(known.joined(separator: ", ")))"))
            }
        }
        rejectUnknown(obj, Deck.fields, at: "")

        func string(_ o: [String: JSONValue], _ key: String, at p: String, required: Bool) throws -> String? {
            guard let v = o[key] else {
                if required { throw fail(p.isEmpty ? key : "\(p).\(key)", "missing required field") }
                return nil
            }
            guard let s = v.string else { throw fail(p.isEmpty ? key : "\(p).\(key)", "expected string, found \(v.typeName)") }
            return s
        }
        func number(_ o: [String: JSONValue], _ key: String, at p: String, in range: ClosedRange<Double>, unit: String) throws -> Double? {
            guard let v = o[key] else { return nil }
            let where_ = p.isEmpty ? key : "\(p).\(key)"
            do { return try v.number(at: where_, in: range) }
            catch let e as JSONPathError { throw fail(where_, "\(e.message) (\(unit))") }
        }

        var title = "", duration: Double?
        note { title = try string(obj, "title", at: "", required: true)! }
        // 0 is no duration (as pdfpc's): the timer counts up, never a countdown from 0:00.
        note { duration = try number(obj, "duration", at: "", in: Deck.durationRange, unit: "minutes").flatMap { $0 > 0 ? $0 : nil } }
        // Parameter problems of scenes kept with them (`keepingBadScenes`): still listed when
        // something else fails the deck.
        var keptProblems: [DeckError] = []
        func scene(_ v: JSONValue, at p: String) throws -> DeckScene {
            guard let s = v.object else { throw fail(p, "expected object, found \(v.typeName)") }
            let kind = try string(s, "kind", at: p, required: true)!
            let before = problems.count
            rejectUnknown(s, DeckScene.fields, at: p)
            let validate = kinds[kind]
            var bad: [DeckError] = []
            if validate == nil {
                let why = unknownKind?(kind)
                // A plugin whose kinds could not be read was refused: unknown, but maybe its.
                let unknown = why == nil || (why as? PluginRegistry.PluginUnavailable)?.kindsUnknown == true
                let message = unknown ? unknownKindMessage(kind, available: available?() ?? kinds.keys.sorted()) + (why.map { "; \($0)" } ?? "") : "\(why!)"
                // Kept as a scene with a problem, as a bad parameter is (trial 32 m11: one misspelt
                // kind refused the whole talk): an error card for the speaker, its "did you mean".
                guard keepingBadScenes else { throw fail("\(p).kind", message) }
                bad = [fail("\(p).kind", message)]
            }
            var params: [String: JSONValue] = [:]
            if let pv = s["parameters"] {
                guard let po = pv.object else { throw fail("\(p).parameters", "expected object, found \(pv.typeName)") }
                params = po
            }
            let sp = SceneParameters(params, path: "\(p).parameters", baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent())
            do { try validate?(sp) } catch let e as SceneParameterError { bad = e.all.map { fail($0.path, $0.message) } }
            catch let e as PluginRegistry.PluginUnavailable { bad = [fail("\(p).kind", "\(e)")] }   // the kind's plugin, not the parameters
            catch let e as JSONPathError { bad = [fail(e.path, e.message)] }   // names its whole path
            catch { bad = [fail("\(p).parameters", "\(error)")] }
            var made: DeckScene
            do {
                made = DeckScene(kind: kind, title: try string(s, "title", at: p, required: false),
                                 notes: try string(s, "notes", at: p, required: false) ?? "",
                                 plannedSeconds: try number(s, "time", at: p, in: DeckScene.timeRange, unit: "seconds"), parameters: sp)
            } catch { problems += bad; throw error }
            // Kept only when its parameters are all that is wrong: the rest of the entry is sound.
            if keepingBadScenes, problems.count == before, !bad.isEmpty {
                made.parameterProblems = bad.map(\.description)
                keptProblems += bad
                return made
            }
            problems += bad
            guard problems.count == before else { throw DeckErrorsNoted() }
            return made
        }
        var scenes: [DeckScene] = []
        var valid: [Int: DeckScene] = [:]
        note {
            guard let scenesValue = obj["scenes"] else { throw fail("scenes", "missing required field") }
            guard let list = scenesValue.array else { throw fail("scenes", "expected array, found \(scenesValue.typeName)") }
            guard !list.isEmpty else { throw fail("scenes", "a deck needs at least one scene") }
            for (i, v) in list.enumerated() {
                note { let made = try scene(v, at: "scenes[\(i)]"); scenes.append(made); valid[i] = made }
            }
        }
        if !problems.isEmpty { problems += keptProblems }
        if var first = problems.first {
            first.more = Array(problems.dropFirst())
            first.validScenes = valid
            throw first
        }
        return Deck(title: title, durationMinutes: duration, scenes: scenes, path: path)
    }

    /// A scene whose problems were already noted.
    private struct DeckErrorsNoted: Error {}

    static func firstInvalidUTF8(_ data: Data) -> Int {
        // Decode progressively; the first prefix that fails marks the bad byte.
        var it = data.makeIterator(), decoder = UTF8(), offset = 0, start = 0
        while true {
            switch decoder.decode(&it) {
            case let .scalarValue(s): start += UTF8.width(s); offset = start
            case .emptyInput: return offset
            case .error: return start
            }
        }
    }
}
