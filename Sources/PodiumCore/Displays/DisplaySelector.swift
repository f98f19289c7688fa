import FoundationEssentials
import PodiumKit
import Glibc

/// How the user named a display on the command line (`--audience-display NAME|INDEX`,
/// `--presenter-display …`): by SDL's index in the enumeration, or by name.
public enum DisplaySelector: Equatable, Sendable, CustomStringConvertible {
    case index(Int)
    case name(String)

    /// A non-negative integer is an index; anything else is a name. Throws `DisplaySelectorError`
    /// for an empty string or a negative index, naming `option` and the value.
    public init(parsing text: String, option: String) throws {
        let t = text.trimmingSpaces()
        guard !t.isEmpty else { throw DisplaySelectorError(option: option, value: text, problem: "expected a display name or index") }
        if let i = Int(t) {
            guard i >= 0 else { throw DisplaySelectorError(option: option, value: text, problem: "a display index is 0 or more") }
            self = .index(i)
        } else {
            self = .name(t)
        }
    }

    /// The connected display this selects: the index, or the name (exact first, then ignoring
    /// case, then the EDID model, e.g. "DELL U2415").
    public func match(in displays: [DisplayInfo]) -> DisplayInfo? {
        switch self {
        case let .index(i): return displays.first { $0.index == i }
        case let .name(n):
            return displays.first { $0.name == n } ?? displays.first { $0.name.lowercased() == n.lowercased() }
                ?? displays.first { $0.model?.lowercased() == n.lowercased() }
        }
    }

    /// Throws `DisplaySelectorError` naming `option`, the value and the connected displays when
    /// this is a name that matches none of `displays`. (An index that is not connected is not an
    /// error: the caller warns and uses the default until it appears.)
    public func requireKnownName(in displays: [DisplayInfo], option: String) throws {
        guard case let .name(n) = self, match(in: displays) == nil else { return }
        let connected = displays.isEmpty ? "none" : displays.map { "\"\($0.name)\"\($0.label.dropFirst($0.name.count))" }.joined(separator: ", ")
        throw DisplaySelectorError(option: option, value: String(n.prefix(80)), problem: "no connected display has this name; connected: \(connected)")
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
