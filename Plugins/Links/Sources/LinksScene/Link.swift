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
        let shown = s.count > 80 ? "\"\(s.prefix(77))…\"" : "\"\(s)\""
        if s.isEmpty { return "the URL is empty" }
        if s.count > maxURLLength { return "the URL is longer than \(maxURLLength) characters (\(s.count))" }
        if s.contains(where: { $0.isWhitespace || $0.isNewline }) { return "the URL \(shown) contains spaces" }
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
            throw SceneParameterError(path: path, message: "expected an array of {\"title\", \"url\"}, found \(value.typeName) \(value.jsonString.prefix(40))")
        }
        return try items.enumerated().map { i, item in
            let at = "\(path)[\(i)]"
            guard let o = item.object else {
                throw SceneParameterError(path: at, message: "expected an object {\"title\", \"url\"}, found \(item.typeName) \(item.jsonString.prefix(40))")
            }
            func string(_ key: String) throws -> String {
                guard let v = o[key] else { throw SceneParameterError(path: "\(at).\(key)", message: "missing required string") }
                guard let s = v.string else { throw SceneParameterError(path: "\(at).\(key)", message: "expected string, found \(v.typeName) \(v.jsonString.prefix(40))") }
                return s
            }
            let url = try string("url")
            if let why = problem(withURL: url) { throw SceneParameterError(path: "\(at).url", message: why) }
            let title = o["title"] == nil ? url : try string("title")
            return Link(title: title, url: url)
        }
    }

    var json: JSONValue { ["title": .string(title), "url": .string(url)] }
}
