/// A scene's parameters from the deck (`"parameters": {…}`), with typed accessors whose errors name
/// the JSON path, e.g. `scenes[2].parameters.rating: expected number, found string "ten"`.
public struct SceneParameters: Sendable {
    public let values: [String: JSONValue]
    /// JSON path of this object in the deck, used in error messages (e.g. `scenes[2].parameters`).
    public let path: String
    public init(_ values: [String: JSONValue] = [:], path: String = "parameters") { self.values = values; self.path = path }

    /// The string at `key`; nil when absent. Throws when present with another type.
    public func string(_ key: String) throws -> String? { try get(key, "string") { $0.string } }
    public func number(_ key: String) throws -> Double? { try get(key, "number") { $0.number } }
    public func bool(_ key: String) throws -> Bool? { try get(key, "boolean") { $0.bool } }
    public func stringArray(_ key: String) throws -> [String]? {
        try get(key, "array of strings") { v in v.array.flatMap { a in a.allSatisfy { $0.string != nil } ? a.compactMap(\.string) : nil } }
    }
    /// The string at `key`, which must be present.
    public func requiredString(_ key: String) throws -> String {
        guard let s = try string(key) else { throw SceneParameterError(path: "\(path).\(key)", message: "missing required string") }
        return s
    }

    private func get<T>(_ key: String, _ type: String, _ f: (JSONValue) -> T?) throws -> T? {
        guard let v = values[key], v != .null else { return nil }
        guard let t = f(v) else {
            throw SceneParameterError(path: "\(path).\(key)", message: "expected \(type), found \(v.typeName) \(v.jsonString.prefix(40))")
        }
        return t
    }
}

/// A bad scene parameter: `path` is the JSON path in the deck.
public struct SceneParameterError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}
