import FoundationEssentials
import Glibc
import PodiumKit

/// `TalkJournal.Record` written as JSON by hand: the very bytes `JSONEncoder` makes with
/// `.sortedKeys` (keys in code-point order, nil fields left out, `/` escaped as `\/`, a double
/// as its `description` without a trailing `.0`, `JSONValue` numbers as `JSONValue.encode` gives
/// them). The place is encoded on every advance before the room's frame (so a crash drawing it
/// resumes there); `JSONEncoder`'s generic path took 0.10–0.12 ms of the key → first audience
/// pixel on the bench rig (issue 19, perf over revisits), this a few microseconds.
/// `PlaceJSONTests` compares the bytes with `JSONEncoder`'s.
enum PlaceJSON {
    /// A value JSON cannot hold (a NaN or infinite number), as `JSONEncoder` refuses it:
    /// names the field.
    struct NonFiniteNumber: Error, CustomStringConvertible {
        var field: String
        var description: String { "the talk's place has a number JSON cannot hold in \(field)" }
    }

    static func encode(_ r: TalkJournal.Record) throws -> Data {
        var w = Writer()
        w.out.reserveCapacity(384 + r.deck.utf8.count)
        w.begin()
        // Code-point order of the keys (upper case before lower, "startTime" before "started").
        if let v = r.audienceMode { w.key("audienceMode"); w.string(v) }
        w.key("deck"); w.string(r.deck)
        if let v = r.durationMinutes { w.key("durationMinutes"); try w.double(v, "durationMinutes") }
        w.key("elapsed"); try w.double(r.elapsed, "elapsed")
        if let v = r.endSlide { w.key("endSlide"); w.int(v) }
        if let v = r.endTimeMinutes { w.key("endTimeMinutes"); w.int(v) }
        if let v = r.frozenScene { w.key("frozenScene"); w.int(v) }
        if let v = r.frozenSceneKind { w.key("frozenSceneKind"); w.string(v) }
        if let v = r.frozenSceneTitle { w.key("frozenSceneTitle"); w.string(v) }
        if let v = r.lastMinutes { w.key("lastMinutes"); try w.double(v, "lastMinutes") }
        if let v = r.leftScenes { w.key("leftScenes"); try w.leftScenes(v) }
        if let v = r.page { w.key("page"); w.int(v) }
        w.key("paused"); w.bool(r.paused)
        if let v = r.position { w.key("position"); try w.object(v, "position") }
        if let v = r.removedSceneTitle { w.key("removedSceneTitle"); w.string(v) }
        w.key("savedAt"); try w.double(r.savedAt, "savedAt")
        w.key("scene"); w.int(r.scene)
        if let v = r.sceneKind { w.key("sceneKind"); w.string(v) }
        if let v = r.sceneStart { w.key("sceneStart"); try w.double(v, "sceneStart") }
        if let v = r.sceneState { w.key("sceneState"); try w.value(v, "sceneState") }
        if let v = r.sceneTitle { w.key("sceneTitle"); w.string(v) }
        if let v = r.skippedScenes { w.key("skippedScenes"); w.skips(v) }
        if let v = r.startTime { w.key("startTime"); try w.double(v, "startTime") }
        w.key("started"); w.bool(r.started)
        w.end()
        return Data(w.out)
    }

    struct Writer {
        var out: [UInt8] = []
        private var first = true

        mutating func begin() { out.append(UInt8(ascii: "{")); first = true }
        mutating func end() { out.append(UInt8(ascii: "}")); first = false }
        mutating func key(_ k: String) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            string(k)
            out.append(UInt8(ascii: ":"))
        }
        mutating func bool(_ b: Bool) { out.append(contentsOf: (b ? "true" : "false").utf8) }
        mutating func int(_ i: Int) { out.append(contentsOf: String(i).utf8) }
        mutating func double(_ d: Double, _ field: String) throws {
            guard d.isFinite else { throw NonFiniteNumber(field: field) }
            var s = d.description
            if s.hasSuffix(".0") { s.removeLast(2) }
            out.append(contentsOf: s.utf8)
        }
        mutating func string(_ s: String) {
            out.append(UInt8(ascii: "\""))
            for b in s.utf8 {
                switch b {
                case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
                case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
                case UInt8(ascii: "/"): out.append(contentsOf: [92, 47])
                case 0x0A: out.append(contentsOf: [92, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [92, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [92, UInt8(ascii: "t")])
                case 0x08: out.append(contentsOf: [92, UInt8(ascii: "b")])
                case 0x0C: out.append(contentsOf: [92, UInt8(ascii: "f")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
                default: out.append(b)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        /// As `JSONValue.encode(to:)`: a whole number below 1e15 as an integer.
        mutating func value(_ v: JSONValue, _ field: String) throws {
            switch v {
            case .null: out.append(contentsOf: "null".utf8)
            case let .bool(b): bool(b)
            case let .number(n):
                if n == n.rounded(), abs(n) < 1e15 { int(Int(n)) } else { try double(n, field) }
            case let .string(s): string(s)
            case let .array(a):
                out.append(UInt8(ascii: "["))
                for (i, e) in a.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    try value(e, field)
                }
                out.append(UInt8(ascii: "]"))
            case let .object(o): try object(o, field)
            @unknown default:   // a kind of value PodiumKit may add: JSONEncoder's own bytes
                let e = JSONEncoder()
                e.outputFormatting = [.sortedKeys]
                out.append(contentsOf: try e.encode(v))
            }
        }
        /// `Record.leftScenes`: an array of objects with their keys sorted.
        mutating func leftScenes(_ left: [TalkJournal.Record.LeftScene]) throws {
            out.append(UInt8(ascii: "["))
            for (i, l) in left.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                var inner = Writer()
                inner.begin()
                inner.key("kind"); inner.string(l.kind)
                inner.key("scene"); inner.int(l.scene)
                inner.key("state"); try inner.value(l.state, "leftScenes")
                if let t = l.title { inner.key("title"); inner.string(t) }
                inner.end()
                out.append(contentsOf: inner.out)
            }
            out.append(UInt8(ascii: "]"))
        }
        /// `Record.skippedScenes`: an object by identity, each `SceneCrash` with its keys sorted.
        mutating func skips(_ s: [String: SceneCrash]) {
            var inner = Writer()
            inner.begin()
            for id in s.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
                let c = s[id]!
                inner.key(id)
                inner.begin()
                inner.key("checking"); inner.bool(c.checking)
                inner.key("index"); inner.int(c.index)
                inner.key("kind"); inner.string(c.kind.rawValue)
                if let r = c.resumesAt { inner.key("resumesAt"); inner.int(r) }
                inner.key("times"); inner.int(c.times)
                inner.end()
            }
            inner.end()
            out.append(contentsOf: inner.out)
        }
        mutating func object(_ o: [String: JSONValue], _ field: String) throws {
            var inner = Writer()
            inner.begin()
            // Code-point order, as JSONEncoder's sorted keys.
            for k in o.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
                inner.key(k)
                try inner.value(o[k]!, field)
            }
            inner.end()
            out.append(contentsOf: inner.out)
        }
    }
}
