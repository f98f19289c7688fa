import FoundationEssentials

/// A scene's parameters from the deck (`"parameters": {…}`), with typed accessors whose errors name
/// the JSON path, e.g. `scenes[2].parameters.rating: expected number, found string "ten"`.
public struct SceneParameters: Sendable {
    /// The parameter object's members as parsed; prefer the typed accessors, whose errors name the
    /// path.
    public let values: [String: JSONValue]
    /// JSON path of this object in the deck, used in error messages (e.g. `scenes[2].parameters`).
    public let path: String
    /// Folder that relative file paths resolve against (the deck's); nil when not known.
    public let baseDirectory: URL?
    /// While `collectingProblems` runs: where the typed accessors note a bad value (and answer
    /// nil, as if absent) instead of throwing, so one check lists every problem of a scene.
    private let sink: ProblemSink?
    /// Parameters `values` found at JSON `path` in the deck; relative file paths resolve against
    /// `baseDirectory`.
    public init(_ values: [String: JSONValue] = [:], path: String = "parameters", baseDirectory: URL? = nil) {
        self.values = values; self.path = path; self.baseDirectory = baseDirectory; sink = nil
    }
    private init(_ p: SceneParameters, sink: ProblemSink) {
        values = p.values; path = p.path; baseDirectory = p.baseDirectory; self.sink = sink
    }

    /// Runs `check` (a kind's `validate`) so that it finds every problem: the typed accessors note
    /// a value of the wrong type or out of range and answer nil instead of throwing, and what
    /// `check` throws at the end is added unless it is about a field already noted (a required
    /// field that was of the wrong type). Returns the problems in the order found; empty: valid.
    public func collectingProblems(_ check: (SceneParameters) throws -> Void) -> [SceneParameterError] {
        let sink = ProblemSink()
        do { try check(SceneParameters(self, sink: sink)) }
        catch let e as SceneParameterError { for one in e.all where !sink.problems.contains(where: { $0.path == one.path }) { sink.note(one) } }
        // `JSONValue`'s own accessors name the whole path already (trial 30 m8: it was said twice).
        catch let e as JSONPathError { if !sink.problems.contains(where: { $0.path == e.path }) { sink.note(SceneParameterError(path: e.path, message: e.message)) } }
        catch { sink.note(SceneParameterError(path: path, message: "\(error)")) }
        return sink.problems
    }

    /// `e` thrown, or noted while collecting (the accessor then answers nil).
    private func fail<T>(_ e: SceneParameterError) throws -> T? {
        guard let sink else { throw e }
        sink.note(e)
        return nil
    }

    /// The readable file named at `key` (absolute, or relative to `baseDirectory`); nil when the
    /// key is absent. Throws `SceneParameterError` naming the field and the resolved path when it
    /// is missing, a directory or unreadable — so `podium check` catches it before the talk.
    public func existingFile(_ key: String) throws -> URL? {
        guard let s = try string(key) else { return nil }
        let url = s.hasPrefix("/") || baseDirectory == nil ? URL(fileURLWithPath: s) : baseDirectory!.appendingPathComponent(s)
        do { try InputFile.check(url.path) }
        catch let e as InputFileError { return try fail(SceneParameterError(path: "\(path).\(key)", message: "\(e.problem): \(SafeText.escape(url.path))")) }
        return url
    }

    /// The string at `key`; nil when absent. Throws when present with another type.
    public func string(_ key: String) throws -> String? { try get(key, "string") { $0.string } }
    /// The number at `key`, unbounded; nil when absent or null. Throws ``SceneParameterError`` when
    /// present with another type. For a bounded number use ``SceneParameters/number(_:in:)``.
    public func number(_ key: String) throws -> Double? { try get(key, "number") { $0.number } }
    /// The whole number at `key` within `range`; nil when absent. Throws `SceneParameterError`
    /// naming the path and range for anything else (2.5, 1e300, "ten").
    public func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        try checked(key) { try $0.integer(at: "\(path).\(key)", in: range) }
    }
    /// The finite number at `key` within `range`; nil when absent. Throws `SceneParameterError`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        try checked(key) { try $0.number(at: "\(path).\(key)", in: range) }
    }
    private func checked<T>(_ key: String, _ f: (JSONValue) throws -> T) throws -> T? {
        guard let v = values[key], v != .null else { return nil }
        do { return try f(v) } catch let e as JSONPathError { return try fail(SceneParameterError(path: e.path, message: e.message)) }
    }
    /// The boolean at `key`; nil when absent or null. Throws ``SceneParameterError`` for another
    /// type (`0` and `"true"` are not booleans).
    public func bool(_ key: String) throws -> Bool? { try get(key, "boolean") { $0.bool } }
    /// The array of strings at `key`; nil when absent or null. Throws ``SceneParameterError`` when
    /// it is not an array or holds anything but strings.
    public func stringArray(_ key: String) throws -> [String]? {
        // The first element that is not a string is named (trial 32 m9: "found array" said not which).
        if let a = values[key]?.array, let i = a.firstIndex(where: { $0.string == nil }) {
            return try fail(SceneParameterError(path: "\(path).\(key)[\(i)]", message: "expected string, found \(Self.found(a[i]))"))
        }
        return try get(key, "array of strings") { v in v.array?.compactMap(\.string) }
    }
    /// The string at `key`, which must be present. Throws ``SceneParameterError`` when it is absent
    /// or of another type; while `collectingProblems` runs, notes that and answers "", so the
    /// check reads on and lists the scene's other problems too (trial 32 m9: the guide's
    /// `validate` stopped at the first).
    public func requiredString(_ key: String) throws -> String {
        if let s = try string(key) { return s }
        // Of another type, `string` noted it already (or threw).
        if values[key] == nil || values[key] == .null { let _: String? = try fail(SceneParameterError(path: "\(path).\(key)", message: "missing required string")) }
        return ""
    }

    private func get<T>(_ key: String, _ type: String, _ f: (JSONValue) -> T?) throws -> T? {
        guard let v = values[key], v != .null else { return nil }
        guard let t = f(v) else {
            return try fail(SceneParameterError(path: "\(path).\(key)", message: "expected \(type), found \(Self.found(v))"))
        }
        return t
    }

    /// What a bad value is, for a message: `number 3`, `boolean true`, `string "ten"`, `array`.
    private static func found(_ v: JSONValue) -> String { v.number != nil || v.bool != nil ? "\(v.typeName) \(v.jsonString)" : v.found }
}

/// A bad scene parameter: `path` is the JSON path in the deck. A check that lists every problem
/// of a scene throws the first with the others in `more` (`all`).
public struct SceneParameterError: Error, CustomStringConvertible, Equatable {
    /// Where in the deck, as a JSON path (`scenes[2].parameters.rating`).
    public var path: String
    /// What is wrong, without the path (`expected number, found string "ten"`).
    public var message: String
    /// Further problems of the same scene, in order.
    public var more: [SceneParameterError] = []
    /// An error at `path` saying `message`, with no further problems.
    public init(path: String, message: String) { self.path = path; self.message = message }
    /// This problem and every further one.
    public var all: [SceneParameterError] { [SceneParameterError(path: path, message: message)] + more }
    /// `path: message`, one line per problem.
    public var description: String { all.map { "\($0.path): \($0.message)" }.joined(separator: "\n") }
}

/// The problems `SceneParameters.collectingProblems` notes, from whichever thread checks.
private final class ProblemSink: @unchecked Sendable {
    private let lock = ThreadLock()
    private var noted: [SceneParameterError] = []
    var problems: [SceneParameterError] { lock.withLock { noted } }
    func note(_ e: SceneParameterError) { lock.withLock { noted.append(e) } }
}
