import Foundation

/// The speaker's choice of presenter and audience display, remembered per set of connected
/// displays (each known by name + native size), so the next launch with the same displays uses
/// it. Kept in `$XDG_CONFIG_HOME/podium/displays.json`:
///
///     {"version": 1, "choices": [{"displays": [{"name": "eDP-1", "width": 1920, "height": 1080}, …],
///                                 "presenter": {"name": "eDP-1", …}, "audience": {"name": "HDMI-1", …}}]}
///
/// Most recent first; at most `limit` sets are kept.
public struct DisplayChoices: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var displays: Set<DisplayIdentity>
        public var presenter: DisplayIdentity
        public var audience: DisplayIdentity
        public init(displays: Set<DisplayIdentity>, presenter: DisplayIdentity, audience: DisplayIdentity) {
            self.displays = displays; self.presenter = presenter; self.audience = audience
        }
    }
    public private(set) var entries: [Entry] = []
    public static let limit = 32

    public init(entries: [Entry] = []) { self.entries = Array(entries.prefix(Self.limit)) }

    /// The choice saved for exactly this set of displays, if any.
    public func choice(for displays: Set<DisplayIdentity>) -> Entry? { entries.first { $0.displays == displays } }

    /// Saves `entry` for its set of displays (replacing an older choice for the same set).
    public mutating func remember(_ entry: Entry) {
        entries.removeAll { $0.displays == entry.displays }
        entries.insert(entry, at: 0)
        if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
    }

    // MARK: JSON

    /// Parses the file's content. Throws `DisplayChoicesError` naming `file`, the JSON path and
    /// the bad value (at most 80 characters of it).
    public init(json data: Data, file: String) throws {
        func fail(_ path: String, _ problem: String) -> DisplayChoicesError { DisplayChoicesError(file: file, path: path, problem: problem) }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
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
                guard let n = o[key] as? NSNumber, let i = Int(exactly: n.doubleValue), (1...100_000).contains(i) else {
                    throw fail("\(path).\(key)", "expected a whole number of pixels from 1 to 100000, got \(Self.quote(o[key]))")
                }
                return i
            }
            return DisplayIdentity(name: name, nativeWidth: try size("width"), nativeHeight: try size("height"))
        }
        var entries: [Entry] = []
        for (i, item) in list.prefix(Self.limit).enumerated() {
            let p = "$.choices[\(i)]"
            guard let o = item as? [String: Any] else { throw fail(p, "expected an object, got \(Self.quote(item))") }
            guard let ds = o["displays"] as? [Any], (2...16).contains(ds.count) else {
                throw fail(p + ".displays", "expected an array of 2 to 16 displays, got \(Self.quote(o["displays"]))")
            }
            let set = Set(try ds.enumerated().map { try identity($1, "\(p).displays[\($0)]") })
            let presenter = try identity(o["presenter"], p + ".presenter"), audience = try identity(o["audience"], p + ".audience")
            guard set.contains(presenter) else { throw fail(p + ".presenter", "\(presenter) is not one of this entry's displays") }
            guard set.contains(audience), audience != presenter else {
                throw fail(p + ".audience", "\(audience) is not one of this entry's displays other than the presenter's")
            }
            entries.append(Entry(displays: set, presenter: presenter, audience: audience))
        }
        self.init(entries: entries)
    }

    /// The file's content (stable order, so an unchanged choice writes the same bytes).
    public var json: Data {
        func id(_ i: DisplayIdentity) -> [String: Any] { ["name": i.name, "width": i.nativeWidth, "height": i.nativeHeight] }
        let choices: [[String: Any]] = entries.map { e in
            ["displays": e.displays.sorted { ($0.name, $0.nativeWidth, $0.nativeHeight) < ($1.name, $1.nativeWidth, $1.nativeHeight) }.map(id),
             "presenter": id(e.presenter), "audience": id(e.audience)]
        }
        let data = try? JSONSerialization.data(withJSONObject: ["version": 1, "choices": choices], options: [.prettyPrinted, .sortedKeys])
        return (data ?? Data()) + Data("\n".utf8)
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
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
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
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw DisplayChoicesError(file: path, path: "$", problem: "not a regular file")
        }
        guard st.st_size <= 1 << 20 else { throw DisplayChoicesError(file: path, path: "$", problem: "larger than 1 MB") }
        let data = try handle.readToEnd() ?? Data()
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
