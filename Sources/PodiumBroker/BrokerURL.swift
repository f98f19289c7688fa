import FoundationEssentials
import Glibc
import PodiumKit

/// Where the talk's state goes: `mqtt://[USER[:PASSWORD]@]HOST[:PORT][/TOPIC]`, or `mqtts://` for
/// TLS. PORT defaults to 1883 (8883 with TLS); TOPIC (one or more `/`-separated levels, no MQTT
/// wildcards) defaults to `podium`. Percent-escapes in USER and PASSWORD are decoded.
public struct BrokerURL: Equatable, Sendable, CustomStringConvertible {
    public var tls: Bool
    public var host: String
    public var port: Int
    public var topic: String
    public var username: String?
    public var password: String?

    public static let defaultTopic = "podium"

    /// Throws `BrokerURLError` naming the part that is wrong (the password is never quoted).
    public init(parsing text: String) throws {
        func fail(_ why: String) -> BrokerURLError { BrokerURLError(message: "\(why) in broker URL \(SafeText.quote(BrokerURL.redact(text)))") }
        let scheme: String
        if text.hasPrefix("mqtt://") { scheme = "mqtt" } else if text.hasPrefix("mqtts://") { scheme = "mqtts" }
        else { throw fail("expected mqtt://HOST[:PORT][/TOPIC] or mqtts://…") }
        tls = scheme == "mqtts"
        var rest = Substring(text.dropFirst(scheme.count + 3))
        let slash = rest.firstIndex(of: "/")
        let authority = slash.map { rest[..<$0] } ?? rest
        rest = slash.map { rest[rest.index(after: $0)...] } ?? ""
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let u = PercentEncoding.decode(parts[0]), !u.isEmpty else { throw fail("empty or badly escaped user name") }
            username = u
            if parts.count == 2 {
                guard let p = PercentEncoding.decode(parts[1]) else { throw fail("badly escaped password") }
                password = p
            }
        }
        // [v6]:port or host:port
        var h = hostPort, portText: Substring?
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            h = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
            let after = hostPort[hostPort.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw fail("unexpected text after the IPv6 address") }
        } else if let colon = hostPort.lastIndex(of: ":") {
            h = hostPort[..<colon]; portText = hostPort[hostPort.index(after: colon)...]
        }
        guard !h.isEmpty else { throw fail("no host") }
        guard h.allSatisfy({ $0.isLetter || $0.isNumber || "-._:".contains($0) }) else { throw fail("host \(SafeText.quote(String(h))) has characters a host name cannot have") }
        host = String(h)
        if let pt = portText {
            guard let p = Int(pt), (1...65535).contains(p) else { throw fail("port \(SafeText.quote(String(pt))) is not 1…65535") }
            port = p
        } else { port = tls ? 8883 : 1883 }
        let t = rest.hasSuffix("/") ? rest.dropLast() : rest
        topic = t.isEmpty ? Self.defaultTopic : String(t)
        if let why = Self.topicProblem(topic) { throw fail(why) }
    }

    /// Why `topic` cannot name a talk (nil when it can): MQTT forbids wildcards in published
    /// topics, and empty levels or a leading `$` would hide it from ordinary subscriptions.
    static func topicProblem(_ topic: String) -> String? {
        if topic.utf8.count > 200 { return "topic longer than 200 bytes" }
        if topic.contains("+") || topic.contains("#") { return "topic \(SafeText.quote(topic)) contains an MQTT wildcard (+ or #)" }
        if topic.hasPrefix("$") { return "topic \(SafeText.quote(topic)) starts with $ (reserved by brokers)" }
        if topic.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return "topic \(SafeText.quote(topic)) has an empty level (//)" }
        if topic.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "topic contains a control character" }
        return nil
    }

    /// The talk's retained state message.
    public var stateTopic: String { topic + "/state" }
    /// "online" while the presenter is connected, "offline" (its will) once it is gone.
    public var presenceTopic: String { topic + "/presenter" }

    /// The URL without the password (for logs and the control socket's `state`).
    public var description: String {
        let user = username.map { PercentEncoding.encode($0, alsoAllowed: "!$&'()*+,-.;=_~") + "@" } ?? ""
        let h = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(user)\(h):\(port)/\(topic)"
    }

    /// `text` with any password replaced by `***` (for error messages about a URL that did not parse).
    static func redact(_ text: String) -> String {
        guard let schemeEnd = text.firstRange(of: "://") else { return text }
        let afterScheme = text[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        guard let at = afterScheme[..<authorityEnd].lastIndex(of: "@"),
              let colon = afterScheme[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}

public struct BrokerURLError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
