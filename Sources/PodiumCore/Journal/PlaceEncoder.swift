import FoundationEssentials
import Glibc

/// The talk's place (`TalkJournal.Record`) encoded once per change, for both keepers of it: the
/// crash watcher's memory (`podium_crash_watch_place`) and the journal on disk. Each encoded it
/// anew before (JSONEncoder, ≈ 0.1 ms a time on the bench rig: perf of the bench deck, issue 19),
/// twice on every advance.
public struct PlaceEncoder {
    private var last: (record: TalkJournal.Record, data: Data)?
    /// Records encoded so far (tests: once per change of place).
    public private(set) var encodings = 0

    public init() {}

    /// `record` as sorted-key JSON when it says something the last one given did not
    /// (`Record.differs`: another scene, pause, start, cover, or a timer that does not follow
    /// by the passing of time), else nil without encoding it. Throws what `JSONEncoder` throws.
    public mutating func encodedIfChanged(_ record: TalkJournal.Record) throws -> Data? {
        if let last, !record.differs(from: last.record) { return nil }
        var data = try Self.encode(record)
        // Too large for the watcher with the states of the scenes left, then with the scene's
        // own: the place without them.
        var kept = record
        if data.count > Self.maxBytes, kept.leftScenes != nil { kept.leftScenes = nil; data = try Self.encode(kept) }
        if data.count > Self.maxBytes, kept.sceneState != nil { kept.sceneState = nil; data = try Self.encode(kept) }
        encodings += 1
        last = (record, data)
        return data
    }

    /// The most bytes of a record the crash watcher keeps in memory (`place[2][4096]` in
    /// podium_crash_watch.c, one byte for its end): a record larger than that is kept without
    /// the states of the scenes left (`Record.leftScenes`), then without the scene's own
    /// (`Record.sceneState`).
    public static let maxBytes = 4095

    /// The one encoding of a record the watcher and the journal keep (sorted keys: the same
    /// record is the same bytes): `JSONEncoder`'s bytes, written by hand (`PlaceJSON`), as this
    /// runs before the room's frame of every advance. Throws `PlaceJSON.NonFiniteNumber` for a
    /// NaN or infinite number, which JSON cannot hold.
    public static func encode(_ record: TalkJournal.Record) throws -> Data {
        try PlaceJSON.encode(record)
    }
}
