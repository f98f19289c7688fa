import FoundationEssentials
import PodiumKit

/// Scenes skipped by their deck entry (kind and parameters) rather than by index, so a skip
/// outlives a reload (trial 20 M2: every save of the deck made the skipped scene again and it
/// crashed the talk again; three saves in a minute ended it), and a plugin whose `validate`
/// crashes or hangs on an entry costs that entry, not the talk (trial 20 M1: the restart read the
/// same deck and ran the same `validate` again, three times, then the room saw the desktop).
/// An entry whose kind or parameters changed is another scene: it is tried afresh.
extension SceneCode {
    /// Skipped entries by `identity`: the index skips of a deck replaced by a reload
    /// (`reloading(from:)`), and the entries whose `validate` crashed or hung the talk (the
    /// crash watcher's restart, `validating`).
    public nonisolated(unsafe) static var skippedEntries: [String: SceneCrash] = [:]

    /// Set by the executable: told the identity and kind of the entry whose plugin `validate`
    /// runs now ("identity kind"), nil once it returned, so a restart after a crash or hang
    /// there skips that entry instead of calling the plugin again. Nil: nothing is recorded.
    public nonisolated(unsafe) static var validating: ((String?) -> Void)?

    /// The entries whose `validate` crashed or hung the talk so far, counted by kind (carried to
    /// each restart, `carriedKindCounts`).
    public nonisolated(unsafe) static var validateCrashesByKind: [String: Int] = [:]

    /// Whether `kind`'s `validate` crashed or hung the talk on `kindSkipLimit` entries: every
    /// entry of that kind is then skipped for the rest of the talk, without calling `validate`
    /// (review27: a deck with more bad entries than the carry holds ran a dropped one's
    /// `validate` again at each restart, and a hanging one kept the room black for good).
    public nonisolated static func isSkipped(kind: String) -> Bool {
        validateCrashesByKind[kind, default: 0] >= kindSkipLimit || skippedScenesByKind[kind, default: 0] >= kindSkipLimit
    }

    /// The scenes skipped after their plugin code crashed or hung the talk (`skipped`), counted
    /// by kind in the deck as each restart read it (`countSkippedScenes(in:)`). A kind with
    /// `kindSkipLimit` of them is skipped whole too (trial 32 F4: one plugin's bug in every poll
    /// scene spent the plugin code's 12 restarts, one scene each, and the 13th ended the talk).
    public nonisolated(unsafe) static var skippedScenesByKind: [String: Int] = [:]

    /// Counts the skipped scenes of `scenes` (the deck as read) by kind; returns the kinds that
    /// this count skips whole now and did not before.
    @discardableResult
    public static func countSkippedScenes(in scenes: [DeckScene]) -> [String] {
        let before = Set(skippedScenesByKind.filter { $0.value >= kindSkipLimit }.keys)
        skippedScenesByKind = Dictionary(grouping: skipped.keys.filter { scenes.indices.contains($0) }, by: { scenes[$0].kind }).mapValues(\.count)
        return skippedScenesByKind.filter { $0.value >= kindSkipLimit && !before.contains($0.key) }.keys.sorted()
    }
    /// This many entries of one kind whose `validate` crashed or hung the talk skip the kind.
    public nonisolated static let kindSkipLimit = 3

    /// Counts a `validate` of `kind` that crashed or hung the talk; the kind is skipped from its
    /// `kindSkipLimit`th entry on. Returns whether it is skipped now.
    @discardableResult
    public nonisolated static func countValidateCrash(kind: String) -> Bool {
        validateCrashesByKind[kind, default: 0] += 1
        return isSkipped(kind: kind)
    }

    /// The counts as carried to the watcher's next restart: "kind count" per kind, joined by
    /// ","; a skipped kind has at least `kindSkipLimit`. Kind names hold no space or comma
    /// (`SceneKind.name`); any that would are left out.
    public nonisolated static func carriedKindCounts() -> String {
        validateCrashesByKind.sorted { $0.key < $1.key }.filter { !$0.key.contains(" ") && !$0.key.contains(",") && !$0.key.contains("\n") }
            .prefix(8).map { "\($0.key) \($0.value)" }.joined(separator: ",")
    }

    /// Takes the counts `carriedKindCounts` wrote (malformed ones are left out); the kinds at the
    /// limit are skipped from now on.
    public nonisolated static func adoptCarriedKindCounts(_ text: String) {
        for entry in text.split(separator: ",") {
            let f = entry.split(separator: " ")
            guard f.count == 2, let n = Int(f[1]), n >= 1 else { continue }
            validateCrashesByKind[String(f[0])] = n
        }
    }

    /// Hex digits in an entry's `identity`; a journal's key of another length is no identity.
    public nonisolated static let identityLength = 12

    /// A short stable name of an entry: 12 hex digits of FNV-1a over its kind and its parameters
    /// as sorted-key JSON (`JSONValue.jsonString`). 48 bits: a few dozen entries never collide
    /// in practice; it is carried to the restart in the watcher's 511 bytes.
    public nonisolated static func identity(kind: String, parameters: [String: JSONValue]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (kind + "\n" + JSONValue.object(parameters).jsonString).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash & 0xffff_ffff_ffff, radix: 16)
        return String(repeating: "0", count: identityLength - hex.count) + hex
    }

    /// `identity(kind:parameters:)` of a deck entry.
    public nonisolated static func identity(of entry: DeckScene) -> String { identity(kind: entry.kind, parameters: entry.parameters.values) }

    /// The index in `scenes` of the entry with `identity`: `preferring` when that entry has it
    /// (one of several equal entries, where the talk was), else the first; nil when none has.
    public nonisolated static func index(of identity: String, in scenes: [DeckScene], preferring: Int? = nil) -> Int? {
        if let i = preferring, scenes.indices.contains(i), self.identity(of: scenes[i]) == identity { return i }
        return scenes.firstIndex { self.identity(of: $0) == identity }
    }

    /// The skip of `entry` by its kind and parameters, if any.
    nonisolated static func skip(for entry: DeckScene) -> SceneCrash? {
        skippedEntries.isEmpty ? nil : skippedEntries[identity(of: entry)]
    }

    /// Runs the kind's `validate` (`body`) on `parameters` marked for the crash watcher
    /// (`validating`); a skipped entry's is not run at all (the scene is an error card when made).
    nonisolated static func validate(kind: String, _ parameters: SceneParameters, _ body: () throws -> Void) rethrows {
        guard validating != nil || !skippedEntries.isEmpty || !validateCrashesByKind.isEmpty else { return try body() }
        if isSkipped(kind: kind) { return }
        let id = identity(kind: kind, parameters: parameters.values)
        if skippedEntries[id] != nil { return }
        validating?("\(id) \(kind)")
        defer { validating?(nil) }
        try body()
    }

    /// A reload replaces the deck whose scenes were `old`: each skipped index becomes a skipped
    /// entry, so the same entry stays skipped in the new deck wherever it is. The crashes in a
    /// row count from 1 again (`didForget`), for the scenes that are tried.
    static func reloading(from old: [DeckScene]) {
        for (i, crash) in skipped where old.indices.contains(i) {
            skippedEntries[identity(of: old[i])] = crash
        }
        skipped = [:]
        didForget?()
    }

    /// Every skip of this talk by entry, for the journal (`TalkJournal.Record.skippedScenes`):
    /// the skipped entries, and each skipped index of `scenes` (the deck now) as its entry. Nil
    /// when nothing is skipped (then no cost per place built).
    static func journaledSkips(of scenes: [DeckScene]) -> [String: SceneCrash]? {
        if skipped.isEmpty { return skippedEntries.isEmpty ? nil : skippedEntries }
        var all = skippedEntries
        for (i, crash) in skipped where scenes.indices.contains(i) {
            all[identity(of: scenes[i])] = crash
        }
        return all.isEmpty ? nil : all
    }

    /// The scenes of `scenes` skipped by their entry (`skippedEntries`), in deck order.
    public static func skippedByEntry(in scenes: [DeckScene]) -> [Int] {
        skippedEntries.isEmpty ? [] : scenes.indices.filter { skip(for: scenes[$0]) != nil }
    }

    /// Skips the entries a journal kept (`journaledSkips`) that this talk does not skip yet;
    /// returns how many were new. Before the deck is read: a skipped entry's `validate` is not run.
    @discardableResult
    public static func adoptJournaledSkips(_ skips: [String: SceneCrash]) -> Int {
        let new = skips.filter { skippedEntries[$0.key] == nil && $0.key.count == identityLength }
        skippedEntries.merge(new) { kept, _ in kept }
        return new.count
    }

    /// The skipped entries as carried to the watcher's next restart: "identity times kind index
    /// resumesAt checking" per entry (-1: no place; checking 1 or 0), joined by ",".
    public nonisolated static func carriedEntries(_ entries: [String: SceneCrash]) -> String {
        entries.keys.sorted().prefix(maxCarriedEntries).compactMap { id in entries[id].map { (id, $0) } }
            .map { "\($0.0) \($0.1.times) \($0.1.kind.rawValue) \($0.1.index) \($0.1.resumesAt ?? -1) \($0.1.checking ? 1 : 0)" }
            .joined(separator: ",")
    }

    /// The entries `carriedEntries(_:)` wrote; malformed ones are left out.
    public nonisolated static func skippedEntries(carried text: String) -> [String: SceneCrash] {
        var result: [String: SceneCrash] = [:]
        for entry in text.split(separator: ",") {
            let f = entry.split(separator: " ").map(String.init)
            guard f.count == 6, f[0].count == 12, let t = Int(f[1]), t >= 1, let kind = SceneCrash.Kind(rawValue: f[2]),
                  let i = Int(f[3]), let r = Int(f[4]) else { continue }
            result[f[0]] = SceneCrash(index: i, times: t, kind: kind, resumesAt: r < 0 ? nil : r, checking: f[5] == "1")
        }
        return result
    }

    /// At most this many skipped entries are carried (~30 bytes each of the watcher's 511).
    nonisolated static let maxCarriedEntries = 6
}
