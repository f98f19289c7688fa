import Foundation

/// How the user named a display on the command line (`--audience-display NAME|INDEX`,
/// `--presenter-display …`): by SDL's index in the enumeration, or by name.
public enum DisplaySelector: Equatable, Sendable, CustomStringConvertible {
    case index(Int)
    case name(String)

    /// A non-negative integer is an index; anything else is a name. Throws `DisplaySelectorError`
    /// for an empty string or a negative index, naming `option` and the value.
    public init(parsing text: String, option: String) throws {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { throw DisplaySelectorError(option: option, value: text, problem: "expected a display name or index") }
        if let i = Int(t) {
            guard i >= 0 else { throw DisplaySelectorError(option: option, value: text, problem: "a display index is 0 or more") }
            self = .index(i)
        } else {
            self = .name(t)
        }
    }

    /// The connected display this selects: the index, or the name (exact first, then ignoring case).
    public func match(in displays: [DisplayInfo]) -> DisplayInfo? {
        switch self {
        case let .index(i): return displays.first { $0.index == i }
        case let .name(n):
            return displays.first { $0.name == n } ?? displays.first { $0.name.lowercased() == n.lowercased() }
        }
    }

    public var description: String {
        switch self {
        case let .index(i): return "display \(i)"
        case let .name(n): return "\"\(n)\""
        }
    }
}

public struct DisplaySelectorError: Error, CustomStringConvertible {
    public var option: String, value: String, problem: String
    public var description: String { "\(option) \"\(value)\": \(problem)" }
}
