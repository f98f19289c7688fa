import FoundationEssentials

/// A parsed JSON value that keeps booleans and numbers apart (JSONSerialization on Linux does not).
public enum JSONValue: Equatable, Sendable, Codable, CustomStringConvertible {
    /// The six JSON types; every number is a `Double`, and an object's keys are unordered.
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .number(n): if n == n.rounded(), abs(n) < 1e15 { try c.encode(Int(n)) } else { try c.encode(n) }
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        }
    }

    /// Parses UTF-8 JSON text (RFC 8259, any value at the top) with jansson, strictly: a
    /// duplicate key in an object, a trailing comma, a comment or a number beyond `Double` is an
    /// error. Numbers come back as `Double` (integers beyond 2^53 lose precision, as before).
    /// Nesting deeper than jansson's 2048 levels is an error, never a stack overflow.
    /// Throws `JSONValue.ParseError` saying where and what, e.g. `line 3, column 3: '}' expected
    /// near '"scenes"'` (lines from 1, columns in characters from 1, as jansson counts them).
    public static func parse(_ data: Data) throws -> JSONValue {
        try JanssonReader.parse(data)
    }

    /// Whether `data` looks like UTF-16 text rather than UTF-8 (a byte-order mark, or every
    /// other byte of its first four 0, as ASCII is in UTF-16), so that an error can say "save it
    /// as UTF-8" instead of calling the file binary. (API 3.x, appended.)
    public static func looksLikeUTF16(_ data: Data) -> Bool {
        let b = Array(data.prefix(4))
        return b.starts(with: [0xFF, 0xFE]) || b.starts(with: [0xFE, 0xFF])
            || b.count == 4 && (b[0] == 0 && b[2] == 0 && b[1] != 0 && b[3] != 0 || b[1] == 0 && b[3] == 0 && b[0] != 0 && b[2] != 0)
    }

    /// Why ``JSONValue/parse(_:)`` refused its input: `message` says where (line and column from 1)
    /// and what.
    public struct ParseError: Error, CustomStringConvertible { public var message: String; public var description: String { message } }

    /// Compact JSON text with sorted keys (stable output for the control socket and files). A
    /// non-finite number, which JSON cannot hold, is written as null (trial 32 m7: one NaN in a
    /// plugin's geometry made the whole state reply `null`).
    public var jsonString: String {
        let e = JSONEncoder(); e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? e.encode(self)) ?? (try? e.encode(finite)) ?? Data("null".utf8), as: UTF8.self)
    }

    /// This value with every non-finite number replaced by null.
    private var finite: JSONValue {
        switch self {
        case let .number(n): n.isFinite ? self : .null
        case let .array(a): .array(a.map(\.finite))
        case let .object(o): .object(o.mapValues(\.finite))
        default: self
        }
    }
    public var description: String { jsonString }

    /// The JSON type name used in error messages ("string", "number", …).
    public var typeName: String {
        switch self {
        case .null: "null"; case .bool: "boolean"; case .number: "number"; case .string: "string"
        case .array: "array"; case .object: "object"
        }
    }
    /// The member `key` of an object; nil when this is not an object or has no such key.
    public subscript(key: String) -> JSONValue? { if case let .object(o) = self { o[key] } else { nil } }
    /// The text of a string; nil for any other type.
    public var string: String? { if case let .string(s) = self { s } else { nil } }
    /// The value of a number; nil for any other type (`"3"` is a string, not a number).
    public var number: Double? { if case let .number(n) = self { n } else { nil } }
    /// The number as an `Int` when it is a whole number Int can hold; nil for 2.5, 1e19, 1e300.
    /// For numbers from outside prefer `integer(at:in:)`, whose error names the path and range.
    public var int: Int? { number.flatMap { Int(exactly: $0) } }
    /// The value of a boolean; nil for any other type (0 and 1 are numbers).
    public var bool: Bool? { if case let .bool(b) = self { b } else { nil } }
    /// The elements of an array; nil for any other type.
    public var array: [JSONValue]? { if case let .array(a) = self { a } else { nil } }
    /// The members of an object; nil for any other type.
    public var object: [String: JSONValue]? { if case let .object(o) = self { o } else { nil } }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral v: String) { self = .string(v) }
    public init(integerLiteral v: Int) { self = .number(Double(v)) }
    public init(floatLiteral v: Double) { self = .number(v) }
    public init(booleanLiteral v: Bool) { self = .bool(v) }
    public init(arrayLiteral v: JSONValue...) { self = .array(v) }
    public init(dictionaryLiteral v: (String, JSONValue)...) { self = .object(Dictionary(v, uniquingKeysWith: { $1 })) }
}

/// Range-checked numbers from outside (decks, band imports, control requests, server answers):
/// the one place a JSON number becomes an `Int` or a bounded `Double`, so nothing traps on
/// 1e19, 1e300 or a fraction, and every refusal says where, what was found and what is allowed.
extension JSONValue {
    /// The whole number in `range`. Throws `JSONPathError`, e.g.
    /// `[0].rating: expected an integer 0–10, found 1e+300`.
    public func integer(at path: String, in range: ClosedRange<Int>) throws -> Int {
        guard let i = int, range.contains(i) else {
            throw JSONPathError(path: path, message: "expected an integer \(range.lowerBound)–\(range.upperBound), found \(found)")
        }
        return i
    }

    /// The finite number in `range` (NaN and infinities never pass). Throws `JSONPathError`, e.g.
    /// `duration: expected a number 0–1440, found 1e+300`.
    public func number(at path: String, in range: ClosedRange<Double>) throws -> Double {
        guard let n = number, n.isFinite, range.contains(n) else {
            throw JSONPathError(path: path, message: "expected a number \(range.lowerBound.short)–\(range.upperBound.short), found \(found)")
        }
        return n
    }

    /// What a message says was found: a number as written, a string quoted and cut short
    /// (`SafeText.quote`), otherwise the type.
    public var found: String {
        switch self {
        case .number: jsonString
        case let .string(s): "string " + SafeText.quote(s)
        default: typeName
        }
    }
}

/// A JSON value that breaks a rule: `path` is where (`scenes[2].time`, `index`, `[0].rating`).
public struct JSONPathError: Error, CustomStringConvertible, Equatable {
    /// Where the value is, e.g. `scenes[2].time`; "" for the top level (the description then is the
    /// message alone).
    public var path: String
    /// What is wrong, without the path: `expected an integer 0–10, found 1e+300`.
    public var message: String
    /// An error at `path` saying `message`.
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
