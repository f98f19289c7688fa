import FoundationEssentials
import PodiumKit
import Glibc

/// The speaker's choice of presenter and audience display, remembered per set of connected
/// displays, so the next launch with the same displays uses it. Each display is known by name +
/// native size and, when it has an EDID, by its monitor (make, model, serial): a saved swap is
/// then used only with the very monitors it was made with, never with another projector that
/// happens to be on the same connector at the same size (trial 13 F2). Kept in
/// `$XDG_CONFIG_HOME/podium/displays.json`:
///
///     {"version": 1, "choices": [{"displays": [{"name": "eDP-1", "width": 1920, "height": 1080},
///                                              {"name": "HDMI-1", "width": 1920, "height": 1080, "make": "EPS", "model": "EPSON PJ", "serial": "X4K1"}],
///                                 "presenter": {"name": "eDP-1", …}, "audience": {"name": "HDMI-1", …}, "saved": "2026-12-01T17:50:00Z"}]}
///
/// `make`, `model`, `serial` and `saved` are optional (files written before them have none): a
/// display saved without them matches only a display that reports no EDID, as before.
/// Most recent first; at most `limit` sets are kept.
public struct DisplayChoices: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var displays: Set<DisplayIdentity>
        public var presenter: DisplayIdentity
        public var audience: DisplayIdentity
        /// The monitor of each display that had one (EDID) when the choice was made.
        public var monitors: [DisplayIdentity: DisplayMonitor]
        /// When the choice was made; nil in files written before it was recorded.
        public var saved: Date?
        public init(displays: Set<DisplayIdentity>, presenter: DisplayIdentity, audience: DisplayIdentity,
                    monitors: [DisplayIdentity: DisplayMonitor] = [:], saved: Date? = nil) {
            self.displays = displays; self.presenter = presenter; self.audience = audience; self.monitors = monitors; self.saved = saved
        }

        /// The choice for `connected` as it is now (each display's identity and monitor).
        public init(displays connected: [DisplayInfo], presenter: DisplayIdentity, audience: DisplayIdentity, saved: Date?) {
            var monitors: [DisplayIdentity: DisplayMonitor] = [:]
            for d in connected { if let m = d.monitor { monitors[d.identity] = m } }
            self.init(displays: Set(connected.map(\.identity)), presenter: presenter, audience: audience, monitors: monitors, saved: saved)
        }

        /// Whether this choice was made with exactly these displays: the same names and sizes, and
        /// for each the same monitor (none for a display without EDID).
        public func matches(_ connected: [DisplayInfo]) -> Bool {
            Set(connected.map(\.identity)) == displays && connected.allSatisfy { monitors[$0.identity] == $0.monitor }
        }

        /// Same displays, same monitors (what `remember` replaces).
        func sameSet(as other: Entry) -> Bool { displays == other.displays && monitors == other.monitors }
    }
    public private(set) var entries: [Entry] = []
    public static let limit = 32

    public init(entries: [Entry] = []) { self.entries = Array(entries.prefix(Self.limit)) }

    /// The choice saved for exactly this set of displays, if any (monitors not compared: for
    /// displays without EDID, and for looking at the file).
    public func choice(for displays: Set<DisplayIdentity>) -> Entry? { entries.first { $0.displays == displays } }

    /// The choice saved for exactly these connected displays and their monitors (`Entry.matches`).
    public func choice(for connected: [DisplayInfo]) -> Entry? { entries.first { $0.matches(connected) } }

    /// Saves `entry` for its set of displays (replacing an older choice for the same set).
    public mutating func remember(_ entry: Entry) {
        entries.removeAll { $0.sameSet(as: entry) }
        entries.insert(entry, at: 0)
        if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
    }

    // MARK: JSON

    /// Parses the file's content. Throws `DisplayChoicesError` naming `file`, the JSON path and
    /// the bad value (at most 80 characters of it).
    public init(json data: Data, file: String) throws {
        func fail(_ path: String, _ problem: String) -> DisplayChoicesError { DisplayChoicesError(file: file, path: path, problem: problem) }
        guard let root = (try? JSONValue.parse(data)).map(Self.plain) as? [String: Any] else {
            throw fail("$", "not a JSON object")
        }
        guard root["version"] as? Int == 1 else { throw fail("$.version", "expected 1, got \(Self.quote(root["version"]))") }
        guard let list = root["choices"] as? [Any] else { throw fail("$.choices", "expected an array, got \(Self.quote(root["choices"]))") }
        func identity(_ v: Any?, _ path: String) throws -> DisplayIdentity {
            guard let o = v as? [String: Any] else { throw fail(path, "expected an object with name, width and height, got \(Self.quote(v))") }
            guard let name = o["name"] as? String, !name.isEmpty, name.count <= 256 else {
                throw fail(path + ".name", "expected a display name (1 to 256 characters), got \(Self.quote(o["name"]))")
            }
            func size(_ key: String) throws -> Int {
                guard let i = o[key] as? Int ?? (o[key] as? Double).flatMap({ Int(exactly: $0) }), (1...100_000).contains(i) else {
                    throw fail("\(path).\(key)", "expected a whole number of pixels from 1 to 100000, got \(Self.quote(o[key]))")
                }
                return i
            }
            return DisplayIdentity(name: name, nativeWidth: try size("width"), nativeHeight: try size("height"))
        }
        func monitor(_ v: Any?, _ path: String) throws -> DisplayMonitor? {
            guard let o = v as? [String: Any] else { return nil }
            func text(_ key: String) throws -> String? {
                guard let x = o[key] else { return nil }
                guard let t = x as? String, !t.isEmpty, t.count <= 256 else {
                    throw fail("\(path).\(key)", "expected text of 1 to 256 characters (from the monitor's EDID), got \(Self.quote(x))")
                }
                return t
            }
            let m = DisplayMonitor(make: try text("make"), model: try text("model"), serial: try text("serial"))
            return m.isEmpty ? nil : m
        }
        var entries: [Entry] = []
        for (i, item) in list.prefix(Self.limit).enumerated() {
            let p = "$.choices[\(i)]"
            guard let o = item as? [String: Any] else { throw fail(p, "expected an object, got \(Self.quote(item))") }
            guard let ds = o["displays"] as? [Any], (2...16).contains(ds.count) else {
                throw fail(p + ".displays", "expected an array of 2 to 16 displays, got \(Self.quote(o["displays"]))")
            }
            var monitors: [DisplayIdentity: DisplayMonitor] = [:]
            let set = Set(try ds.enumerated().map { i, d in
                let id = try identity(d, "\(p).displays[\(i)]")
                if let m = try monitor(d, "\(p).displays[\(i)]") { monitors[id] = m }
                return id
            })
            var saved: Date?
            if let v = o["saved"] {
                guard let t = v as? String, let d = try? Self.dateFormat.parse(t) else {
                    throw fail(p + ".saved", "expected a UTC time as 2026-12-01T17:50:00Z, got \(Self.quote(v))")
                }
                saved = d
            }
            let presenter = try identity(o["presenter"], p + ".presenter"), audience = try identity(o["audience"], p + ".audience")
            guard set.contains(presenter) else { throw fail(p + ".presenter", "\(presenter) is not one of this entry's displays") }
            guard set.contains(audience), audience != presenter else {
                throw fail(p + ".audience", "\(audience) is not one of this entry's displays other than the presenter's")
            }
            entries.append(Entry(displays: set, presenter: presenter, audience: audience, monitors: monitors, saved: saved))
        }
        self.init(entries: entries)
    }

    /// The file's content (stable order, so an unchanged choice writes the same bytes).
    public var json: Data {
        func id(_ i: DisplayIdentity) -> [String: Any] { ["name": i.name, "width": i.nativeWidth, "height": i.nativeHeight] }
        let choices: [[String: Any]] = entries.map { e in
            func display(_ i: DisplayIdentity) -> [String: Any] {
                var o = id(i), m = e.monitors[i]
                for (k, v) in [("make", m?.make), ("model", m?.model), ("serial", m?.serial)] { if let v { o[k] = v } }
                return o
            }
            var o: [String: Any] = [
                "displays": e.displays.sorted { ($0.name, $0.nativeWidth, $0.nativeHeight) < ($1.name, $1.nativeWidth, $1.nativeHeight) }.map(display),
                "presenter": id(e.presenter), "audience": id(e.audience)]
            if let d = e.saved { o["saved"] = Self.dateFormat.format(d) }
            return o
        }
        let encoder = JSONEncoder(); encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try? encoder.encode(Self.value(["version": 1, "choices": choices]))
        return (data ?? Data()) + Data("\n".utf8)
    }

    /// `saved`: ISO 8601 in UTC, to the second ("2026-12-01T17:50:00Z").
    private static var dateFormat: Date.ISO8601FormatStyle { Date.ISO8601FormatStyle() }

    /// A parsed value as the loosely typed tree the checks read (whole numbers as `Int`, as
    /// `JSONSerialization`'s NSNumber answered `as? Int`; null as `JSONNull`, as its NSNull).
    private static func plain(_ v: JSONValue) -> Any {
        switch v {
        case let .bool(b): return b
        case let .number(n): return n == n.rounded() && abs(n) < 9e15 ? Int(n) : n
        case let .string(s): return s
        case let .array(a): return a.map(plain)
        case let .object(o): return o.mapValues(plain)
        default: return JSONNull()
        }
    }

    private struct JSONNull: CustomStringConvertible { var description: String { "null" } }

    /// The tree `json` builds (strings, whole numbers, arrays, objects) as a `JSONValue`.
    private static func value(_ v: Any) -> JSONValue {
        switch v {
        case let s as String: return .string(s)
        case let i as Int: return .number(Double(i))
        case let a as [Any]: return .array(a.map(value))
        case let o as [String: Any]: return .object(o.mapValues(value))
        default: return .null
        }
    }

    private static func quote(_ v: Any?) -> String {
        guard let v else { return "nothing" }
        let s = (v as? String).map { "\"\($0)\"" } ?? "\(v)"
        let escaped = s.unicodeScalars.map { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format ? "?" : String($0) }.joined()
        return escaped.count > 80 ? String(escaped.prefix(80)) + "…" : escaped
    }
}

public struct DisplayChoicesError: Error, CustomStringConvertible, Equatable {
    public var file: String, path: String, problem: String
    public var description: String { "\(file): \(path): \(problem)" }
}

/// Reading and writing `displays.json`.
public enum DisplayChoicesFile {
    /// `$XDG_CONFIG_HOME/podium/displays.json` (default `~/.config/podium/displays.json`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config"
        return config + "/podium/displays.json"
    }

    /// The saved choices; empty when the file does not exist. Throws `DisplayChoicesError` for a
    /// file that is not a regular file, larger than 1 MB, unreadable or invalid.
    public static func load(path: String) throws -> DisplayChoices {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return DisplayChoices() }
            throw DisplayChoicesError(file: path, path: "$", problem: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw DisplayChoicesError(file: path, path: "$", problem: "not a regular file")
        }
        guard st.st_size <= 1 << 20 else { throw DisplayChoicesError(file: path, path: "$", problem: "larger than 1 MB") }
        var data = Data(), chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw DisplayChoicesError(file: path, path: "$", problem: "cannot read: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        return try DisplayChoices(json: data, file: path)
    }

    /// Writes `choices` atomically (a temporary file in the same folder, then rename), creating
    /// the folder. Throws the underlying file error.
    public static func save(_ choices: DisplayChoices, path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try choices.json.write(to: url, options: .atomic)
    }
}
