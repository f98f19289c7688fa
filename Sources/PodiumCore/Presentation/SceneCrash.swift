import PodiumKit

/// A crash or hang of the talk laid to one scene's plugin code (`SceneCode`; the crash watcher
/// passes it to the restart as `PODIUM_CRASHED_SCENE`), what the restart does about it, and
/// what the log, the presenter notice and the error card say, in the same words: scenes by
/// their 1-based number and title (`Presentation.sceneName(at:)`), "stopped responding" for a
/// hang, "crashed" for a crash.
/// Codable: the journal keeps the skipped ones (`TalkJournal.Record.skippedScenes`).
public struct SceneCrash: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case crash, hang }

    /// The scene (0-based) whose plugin code ran.
    public var index: Int
    /// Crashes or hangs in a row in that scene (counted by the watcher; a reload starts again at 1).
    public var times: Int
    public var kind: Kind
    /// The scene (0-based) the restart resumes at, the one the room saw; nil when unknown (the
    /// talk before kept no place).
    public var resumesAt: Int?
    /// The code was the kind's `validate`, checking the scene's parameters as the deck was read
    /// (a reload, a launch): the scene is skipped at once, as a restart reads the same deck and
    /// would run that code again before its first frame (trial 20 M1).
    public var checking = false

    public init(index: Int, times: Int, kind: Kind, resumesAt: Int?, checking: Bool = false) {
        self.index = index; self.times = times; self.kind = kind; self.resumesAt = resumesAt; self.checking = checking
    }

    /// How long a skip lasts, as the notices and cards say it: a reload keeps a skipped scene
    /// skipped (trial 20 M2: every save of the deck made it again and it crashed the talk again,
    /// three saves ended it); an entry whose kind or parameters changed is a new scene, tried afresh.
    public static let until = "until its parameters change"

    /// The room was on another scene: the code ran for the console (the next preview making or
    /// drawing the next scene, trial 10 F6) or for a scene out of sight. The restart resumes
    /// elsewhere and would run that code again at once for the preview, stopping the talk a
    /// second time for a scene the room never needed.
    public var roomWasElsewhere: Bool { resumesAt.map { $0 != index } ?? false }

    /// Whether the restart skips the scene (an error card for the speaker until a reload): at
    /// once when the room was elsewhere; the room's own scene gets a second try first.
    public var skips: Bool { times >= 2 || roomWasElsewhere || checking }

    /// "crashed" or "stopped responding".
    public var verb: String { kind == .hang ? "stopped responding" : "crashed" }

    /// What the restart logs and tells the speaker (the presenter view only), `name` being
    /// `Presentation.spokenName(of: index)`, e.g. "scene 3 “Buggy”" (a PDF page: "slide 6/7"),
    /// and `room` what the room sees beside the skipped scene's card once resumed
    /// (`Presentation.roomBesideCard`, e.g. "stays black").
    public func restartMessage(name: String, room: String) -> (log: String, notice: String) {
        let capital = name.prefix(1).uppercased() + name.dropFirst()
        if checking {
            let line = "Podium \(verb) in the plugin code checking \(name) (reading the deck) and restarted; \(name) is skipped \(Self.until)."
            return (line, line)
        }
        if roomWasElsewhere {
            let line = "Podium \(verb) in \(name) while the room was on another scene and restarted; \(name) is skipped \(Self.until)."
            return (line, line)
        }
        if times >= 2 {
            // The restart resumes on its card; the room had seen it, then black: it gets the
            // plain background, not the scene before (`Presentation.heldAudienceFrame`), or the
            // cover it had before the crash.
            let line = "Podium \(verb) again in \(name) and restarted; that scene is skipped \(Self.until), and the room \(room)."
            return (line, line)
        }
        if kind == .hang {
            return ("\(name) stopped responding (its plugin code hung the talk); restarted",
                    "\(capital) stopped responding; restarted. If it hangs again, that scene is skipped.")
        }
        return ("the talk crashed in the plugin code of \(name); restarted",
                "Podium crashed in \(name) and restarted. If it crashes there again, that scene is skipped.")
    }

    /// What the restart logs and tells the speaker when the code was the scene's
    /// `willResignCurrent` as the talk left it for `target` (named as `name` is), where the
    /// restart resumes (trial 32 F5).
    public func leavingMessage(name: String, target: String) -> String {
        "Podium \(verb) in \(name) as the talk left it for \(target), and restarted there; \(name) is skipped \(Self.until)."
    }

    /// The log line when the skipped scene is first asked for (`name` as above).
    public func skipLogLine(name: String) -> String {
        let how = checking ? "while its parameters were checked" : roomWasElsewhere ? "while the room was on another scene" : "\(times) times in a row"
        return "\(name) \(kind == .hang ? "stopped the talk responding" : "crashed the talk") \(how); skipped \(Self.until)"
    }

    /// The error card's heading and text (its plugin is named on the card already).
    public var card: (heading: String, error: String) {
        let heading = kind == .hang ? "This scene stopped the talk responding" : "This scene crashed the talk"
        let what = kind == .hang ? "stopped Podium responding" : "crashed Podium"
        let when = checking ? "while checking this scene's parameters as the deck was read (Podium restarted)"
            : roomWasElsewhere ? "while the room was on another scene (Podium restarted)"
            : "\(times) times in a row here (Podium restarted after each time)"
        return (heading, "its plugin \(what) \(when). It is skipped \(Self.until): a reload keeps it skipped.")
    }

    /// The card of a scene skipped with its whole kind (`SceneCode.isSkipped(kind:)`).
    public static func kindCard(kind: String) -> (heading: String, error: String) {
        let when = SceneCode.validateCrashesByKind[kind, default: 0] >= SceneCode.kindSkipLimit
            ? "while checking the parameters of \(SceneCode.kindSkipLimit) \(SafeText.quote(kind)) scenes as the deck was read"
            : "in \(SceneCode.kindSkipLimit) \(SafeText.quote(kind)) scenes"
        return ("This scene's plugin crashed the talk",
                "its plugin crashed or hung Podium \(when) (Podium restarted after each time), so every \(SafeText.quote(kind)) scene is skipped until the talk is started again.")
    }

    /// The scenes a talk skips, as carried to the watcher's next restart (`CrashRestart.carry`):
    /// "index times kind resumesAt" per scene (-1: no place), joined by ",". Each restart skips
    /// them again, not only the scene of the crash it follows: else after a crash elsewhere the
    /// skipped scene was made again and stopped the talk once more (trial 17, M2: two crashes
    /// ended a talk that had skipped its bad scene).
    public static func carried(_ skipped: [Int: SceneCrash]) -> String {
        skipped.keys.sorted().prefix(maxCarried).compactMap { skipped[$0] }
            .map { "\($0.index) \($0.times) \($0.kind.rawValue) \($0.resumesAt ?? -1)" }.joined(separator: ",")
    }

    /// The scenes `carried(_:)` wrote; malformed entries are left out.
    public static func skipped(carried text: String) -> [Int: SceneCrash] {
        var result: [Int: SceneCrash] = [:]
        for entry in text.split(separator: ",") {
            let f = entry.split(separator: " ").map(String.init)
            guard f.count == 4, let i = Int(f[0]), i >= 0, let t = Int(f[1]), t >= 1, let kind = Kind(rawValue: f[2]), let r = Int(f[3]) else { continue }
            result[i] = SceneCrash(index: i, times: t, kind: kind, resumesAt: r < 0 ? nil : r)
        }
        return result
    }

    /// At most this many skipped scenes are carried (the watcher keeps 511 bytes of carried values
    /// for every key together; ~16 bytes each).
    static let maxCarried = 12

    /// Parses `PODIUM_CRASHED_SCENE` ("index times" and, from a watcher that knows it, the
    /// scene's entry: `SceneCode.identity`) with the watcher's `PODIUM_CRASH_KIND` ("hang", else
    /// a crash); nil when no scene's code ran or the value is not two such numbers (and an
    /// identity).
    public init?(environment value: String, kind: String?, resumesAt: Int?) {
        let parts = value.split(separator: " ")
        guard parts.count == 2 || Self.identity(environment: value) != nil, let i = Int(parts[0]), let t = Int(parts[1]), i >= 0, t >= 1 else { return nil }
        self.init(index: i, times: t, kind: kind == "hang" ? .hang : .crash, resumesAt: resumesAt)
    }

    /// The entry (`SceneCode.identity`) `PODIUM_CRASHED_SCENE` names, nil when it names none.
    public static func identity(environment value: String) -> String? {
        let parts = value.split(separator: " ")
        guard parts.count == 3, parts[2].count == SceneCode.identityLength, parts[2].allSatisfy(\.isHexDigit) else { return nil }
        return String(parts[2])
    }

    /// This crash, counted in the deck the crashed talk read, in `scenes`, the deck its restart
    /// read (edited in between, maybe: review31 #8, an insert before the scene skipped the
    /// inserted one and the move after a crash was not made). The scene is the entry
    /// `identity` names, at its index if it is there still; the place the room was (`resumesAt`)
    /// is `movedTo` (the move under way, found by its own entry) or moves by as much as the scene
    /// did. Without an identity (a watcher that names none) the index stands; nil when the entry is
    /// gone from `scenes`.
    public func found(identity: String?, in scenes: [DeckScene], movedTo: Int?) -> SceneCrash? {
        guard let identity else { return self }
        guard let i = SceneCode.index(of: identity, in: scenes, preferring: index) else { return nil }
        var found = self
        found.index = i
        found.resumesAt = movedTo ?? resumesAt.map { max(0, $0 + i - index) }
        return found
    }
}
