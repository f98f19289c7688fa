// Moved from Plugins/WebSearch so every scene (web search, PDF links) opens links the same safe way.
import Foundation

/// A link that is safe to hand to a browser: an absolute `http` or `https` URL with a host, no
/// user info, no control characters or whitespace. Everything else (`file:`, `javascript:`,
/// `data:`, relative paths, option-looking strings such as `--help`) is refused, so what reaches
/// `xdg-open` can only ever open a web page.
public struct WebLink: Equatable, Sendable, CustomStringConvertible {
    public let url: URL
    public var description: String { url.absoluteString }

    /// Why a link was refused, worded for the presenter.
    public struct Refusal: Error, Equatable, CustomStringConvertible { public var description: String }

    /// Validates `text`; throws `Refusal` naming the problem.
    public init(_ text: String) throws {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { throw Refusal(description: "this page has no web address") }
        guard !t.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) else {
            throw Refusal(description: "the address contains spaces or control characters")
        }
        guard let u = URL(string: t) ?? t.addingPercentEncoding(withAllowedCharacters: Self.allowed).flatMap(URL.init(string:)) else {
            throw Refusal(description: "\(SafeText.quote(String(t.prefix(60)))) is not a valid address")
        }
        guard let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Refusal(description: "only http and https links open in the browser (this one is \(u.scheme.map { "\($0):" } ?? "relative"))")
        }
        guard let host = u.host, !host.isEmpty else { throw Refusal(description: "the address has no host") }
        guard u.user == nil, u.password == nil else { throw Refusal(description: "addresses with a user name or password are not opened") }
        url = u
    }

    /// URL characters plus what percent-encoding should leave alone in an IRI.
    private static let allowed = CharacterSet.urlQueryAllowed.union(.urlPathAllowed).union(CharacterSet(charactersIn: "#%"))
}

/// Opens links in the desktop's browser with `xdg-open URL`: the executable is started directly
/// with the URL as its only argument (Foundation `Process`, no shell), so nothing in the URL is
/// ever interpreted as a command. Only `WebLink`s are accepted.
public struct BrowserOpener: Sendable {
    /// The program to run; `xdg-open` from `PATH` by default, replaceable in tests.
    public var executable: String
    public init(executable: String = "xdg-open") { self.executable = executable }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Starts the opener and returns without waiting for the browser; a reaper thread waits for
    /// the opener to exit (this machine's init does not reap orphans). Throws `Failure` when the
    /// program is missing or cannot start.
    public func open(_ link: WebLink) throws {
        let box = ProcessBox(try start(link))
        Thread { box.process.waitUntilExit() }.start()
    }

    /// Starts the opener as `open(_:)` does and calls `exited` with its exit status (on a thread
    /// of its own) when it ends: `xdg-open` ends once the browser has the link (0), or when it
    /// could not open it (1 bad arguments, 2 no such file, 3 no tool found, 4 the action failed:
    /// xdg-open(1)); with some desktops it lasts until the browser closes. Throws `Failure`
    /// when the program is missing or cannot start.
    public func open(_ link: WebLink, exited: @escaping @Sendable (Int32) -> Void) throws {
        let box = ProcessBox(try start(link))
        Thread { box.process.waitUntilExit(); exited(box.process.terminationStatus) }.start()
    }

    /// What an `xdg-open` exit status means, for a message (xdg-open(1)); "" for 0.
    public static func meaning(ofExitStatus status: Int32) -> String {
        switch status {
        case 0: return ""
        case 1: return "bad arguments"
        case 2: return "a file it needed does not exist"
        case 3: return "no browser or tool to open it with was found"
        case 4: return "the browser did not start"
        default: return "exit status \(status)"
        }
    }

    /// Runs the opener and waits for it to exit (tests); returns its exit status.
    public func openAndWait(_ link: WebLink) throws -> Int32 {
        let p = try start(link)
        p.waitUntilExit()
        return p.terminationStatus
    }

    private func start(_ link: WebLink) throws -> Process {
        guard let path = Self.resolve(executable) else {
            throw Failure(description: "\(executable) not found (install xdg-utils to open links in a browser)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = [link.url.absoluteString]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        // The browser's own complaints (a shell script's errors, "running as root") are not the
        // talk's log; a failure reaches the speaker through the exit status (`open(_:exited:)`).
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { throw Failure(description: "cannot start \(path): \(error.localizedDescription)") }
        return p
    }

    /// An absolute path as is; a bare name looked up in `PATH`.
    static func resolve(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

private final class ProcessBox: @unchecked Sendable {
    let process: Process
    init(_ p: Process) { process = p }
}
