import Foundation
import PodiumKit

/// One link of the talk: what the room reads under the QR code, and the URL it encodes.
struct Link: Equatable {
    var title: String
    var url: String

    /// URLs longer than this are refused: a QR code for them gets too dense to scan from the back
    /// of a room (and past ~2300 bytes does not exist at all).
    static let maxURLLength = 1000

    /// Checks a URL typed by the speaker or written in a deck: http or https with a host, no
    /// spaces, at most `maxURLLength` characters. Returns the reason it is refused, or nil.
    static func problem(withURL s: String) -> String? {
        let shown = quoted(s)
        if s.isEmpty { return "the URL is empty" }
        if s.count > maxURLLength { return "the URL is longer than \(maxURLLength) characters (\(s.count))" }
        if s.contains(where: { $0.isWhitespace || $0.isNewline }) { return "the URL \(shown) contains spaces" }
        if s.unicodeScalars.contains(where: { [.control, .format].contains($0.properties.generalCategory) }) {
            return "the URL \(shown) contains control characters"
        }
        guard let c = URLComponents(string: s), let scheme = c.scheme?.lowercased() else {
            return "\(shown) is not a URL (expected http://… or https://…)"
        }
        guard scheme == "http" || scheme == "https" else { return "\(shown) is not an http or https URL" }
        guard let host = c.host, !host.isEmpty else { return "\(shown) has no host name" }
        return nil
    }

    /// The links in `value` (an array of `{"title": …, "url": …}`), checked; errors name the
    /// JSON path under `path`, e.g. `scenes[0].parameters.links[1].url: … is not an http or https URL`.
    static func list(from value: JSONValue, path: String) throws -> [Link] {
        guard let items = value.array else {
            throw SceneParameterError(path: path, message: "expected an array of {\"title\", \"url\"}, found \(value.typeName) \(shown(value))")
        }
        return try items.enumerated().map { i, item in
            let at = "\(path)[\(i)]"
            guard let o = item.object else {
                throw SceneParameterError(path: at, message: "expected an object {\"title\", \"url\"}, found \(item.typeName) \(shown(item))")
            }
            func string(_ key: String) throws -> String {
                guard let v = o[key] else { throw SceneParameterError(path: "\(at).\(key)", message: "missing required string") }
                guard let s = v.string else { throw SceneParameterError(path: "\(at).\(key)", message: "expected string, found \(v.typeName) \(shown(v))") }
                return s
            }
            let url = try string("url")
            if let why = problem(withURL: url) { throw SceneParameterError(path: "\(at).url", message: why) }
            let title = o["title"] == nil ? url : try string("title")
            return Link(title: title, url: url)
        }
    }

    var json: JSONValue { ["title": .string(title), "url": .string(url)] }

    /// A JSON value for an error message: strings as `quoted`, others as JSON cut to 60 characters.
    static func shown(_ v: JSONValue) -> String {
        if let s = v.string { return quoted(s) }
        let j = v.jsonString
        return j.count > 60 ? "\(j.prefix(57))…" : j
    }

    /// `s` for an error message: in quotes, cut to 60 characters (saying how long it was), and
    /// with control characters escaped (`\u{1B}`), so a pasted value cannot flood or steer the
    /// terminal or the presenter view.
    static func quoted(_ s: String) -> String {
        let escaped = { (t: Substring) in
            t.unicodeScalars.map { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
        }
        return s.count > 60 ? "\"\(escaped(s.prefix(57)))…\" (\(s.count) characters)" : "\"\(escaped(s[...]))\""
    }
}
