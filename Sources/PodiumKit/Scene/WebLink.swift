// Moved from Plugins/WebSearch so every scene (web search, PDF links) opens links the same safe way.
import FoundationEssentials
import Glibc

/// A link that is safe to hand to a browser: an absolute `http` or `https` URL with a host, no
/// user info, no control characters or whitespace. Everything else (`file:`, `javascript:`,
/// `data:`, relative paths, option-looking strings such as `--help`) is refused, so what reaches
/// `xdg-open` can only ever open a web page.
public struct WebLink: Equatable, Sendable, CustomStringConvertible {
    /// The validated address: absolute `http` or `https`, with a host and no user info.
    public let url: URL
    public var description: String { url.absoluteString }

    /// Why a link was refused, worded for the presenter.
    public struct Refusal: Error, Equatable, CustomStringConvertible { public var description: String }

    /// Validates `text`; throws `Refusal` naming the problem.
    public init(_ text: String) throws {
        let t = text.trimmingSpaces()
        guard !t.isEmpty else { throw Refusal(description: "this page has no web address") }
        guard !t.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) else {
            throw Refusal(description: "the address contains spaces or control characters")
        }
        guard let u = URL(string: t) ?? URL(string: Self.percentEncoded(t)) else {
            throw Refusal(description: "\(SafeText.quote(String(t.prefix(60)))) is not a valid address")
        }
        guard let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Refusal(description: "only http and https links open in the browser (this one is \(u.scheme.map { "\($0):" } ?? "relative"))")
        }
        guard let host = u.host, !host.isEmpty else { throw Refusal(description: "the address has no host") }
        guard u.user == nil, u.password == nil else { throw Refusal(description: "addresses with a user name or password are not opened") }
        url = u
    }

    /// `text` with every UTF-8 byte outside Foundation's `urlQueryAllowed` ∪ `urlPathAllowed`
    /// and `#%` written as `%XX`: an IRI's letters become a URL.
    static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text, alsoAllowed: "!$&'()*+,-./:;=?@_~#%")
    }
}

/// Opens links in the desktop's browser with `xdg-open URL`: the executable is started directly
/// with the URL as its only argument (`posix_spawn`, no shell), so nothing in the URL is
/// ever interpreted as a command. Only `WebLink`s are accepted.
public struct BrowserOpener: Sendable {
    /// The program to run; `xdg-open` from `PATH` by default, replaceable in tests.
    public var executable: String
    /// An opener that runs `executable` (looked up in `PATH` unless it contains a slash) with the
    /// URL as its only argument.
    public init(executable: String = "xdg-open") { self.executable = executable }

    /// The opener could not be started (the program is missing or not executable); `description`
    /// says which and why.
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Starts the opener and returns without waiting for the browser; a reaper thread waits for
    /// the opener to exit (this machine's init does not reap orphans). Throws `Failure` when the
    /// program is missing or cannot start.
    public func open(_ link: WebLink) throws {
        let child = try start(link)
        startDetachedThread { _ = Self.waitForExit(child) }
    }

    /// Starts the opener as `open(_:)` does and calls `exited` with its exit status (on a thread
    /// of its own) when it ends: `xdg-open` ends once the browser has the link (0), or when it
    /// could not open it (1 bad arguments, 2 no such file, 3 no tool found, 4 the action failed:
    /// xdg-open(1)); with some desktops it lasts until the browser closes. Throws `Failure`
    /// when the program is missing or cannot start.
    public func open(_ link: WebLink, exited: @escaping @Sendable (Int32) -> Void) throws {
        let child = try start(link)
        startDetachedThread { exited(Self.waitForExit(child)) }
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
        Self.waitForExit(try start(link))
    }

    /// The child's exit status, or the signal that ended it (as Foundation's
    /// `Process.terminationStatus`).
    private static func waitForExit(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 { if errno != EINTR { return -1 } }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }

    /// Starts the opener with the link as its one argument, standard input, output and error on
    /// /dev/null, no other descriptor of the talk's, in a process group of its own, with every
    /// signal unblocked and at its default action (as Foundation's `Process` did).
    private func start(_ link: WebLink) throws -> pid_t {
        guard let path = Self.resolve(executable) else {
            throw Failure(description: "\(executable) not found (install xdg-utils to open links in a browser)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions); defer { posix_spawn_file_actions_destroy(&actions) }
        // The browser's own complaints (a shell script's errors, "running as root") are not the
        // talk's log; a failure reaches the speaker through the exit status (`open(_:exited:)`).
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        _ = GNUFunctions.addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes); defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none); sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none); posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup(link.url.absoluteString), nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let failed = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        if failed != 0 { throw Failure(description: "cannot start \(path): \(String(cString: strerror(failed)))") }
        return child
    }

    /// An absolute path as is; a bare name looked up in `PATH`.
    static func resolve(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
