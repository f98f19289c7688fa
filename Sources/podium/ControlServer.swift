import Dispatch
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// A Unix-socket server for JSON-line requests. A background thread accepts; each client gets a
/// thread that reads its lines, hands each request to the main thread (through the one
/// `MainThreadMailbox`, which wakes the SDL loop) and writes the reply back. Many clients may connect, one after another or at once.
///
/// Only the user running podium may drive the talk: the socket is mode 0600 whatever the umask,
/// and a client of another uid (SO_PEERCRED) is refused. A socket a live podium answers on is
/// never taken over. A request line is at most `maxLineBytes`; a client that sends more gets an
/// error at once, the rest of that line is read and dropped, and the client is disconnected. A slow or silent client only ever holds its own thread: the main
/// thread never reads or writes a socket, and writes to a client that does not read time out.
final class ControlServer: @unchecked Sendable {
    typealias Handler = @MainActor (String) -> String
    let path: String
    private let fd: Int32
    private let lock = ThreadLock()
    private var clients = 0
    /// Answers one request line; runs on the main thread. Set before the run loop starts.
    nonisolated(unsafe) var handler: Handler = { _ in #"{"ok":false,"error":"not ready"}"# }

    /// Longest request line, in bytes (without its newline).
    static let maxLineBytes = 1 << 20
    /// Clients served at once; more are told so and disconnected.
    static let maxClients = 32
    /// A reply not taken by the client within this many seconds ends that connection.
    static let sendTimeoutSeconds = 10

    /// Binds `path` with mode 0600. An existing socket file there is replaced only when nothing
    /// answers on it (stale, from a crashed run). Throws `ControlSocketError` naming the path when
    /// it is another kind of file, a live podium's socket, or cannot be bound.
    init(path: String) throws {
        self.path = path
        try Self.removeStaleSocket(at: path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.fd = fd
        guard fd >= 0 else { throw ControlSocketError("socket(): \(String(cString: strerror(errno)))") }
        guard var addr = Self.address(path) else { Glibc.close(fd); throw ControlSocketError("socket path too long: \(path)") }
        // Linux gives the socket file the socket inode's mode less the umask: fchmod before bind
        // makes it 0600, and chmod before listen covers systems that ignore the first.
        _ = fchmod(fd, 0o600)
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard ok == 0, chmod(path, 0o600) == 0, listen(fd, 8) == 0 else {
            let why = String(cString: strerror(errno)); Glibc.close(fd)
            throw ControlSocketError("cannot listen on \(path): \(why)")
        }
        startDetachedThread { [self] in acceptLoop() }
    }

    func close() { shutdown(fd, Int32(SHUT_RDWR)); Glibc.close(fd); unlink(path) }

    /// Replaces a stale socket from an earlier run (connect is refused), but never another file
    /// (a typo such as `--control unix:talk.json` must not delete the deck) nor a socket a live
    /// podium answers on.
    static func removeStaleSocket(at path: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFSOCK else { throw ControlSocketError("\(path) exists and is not a socket; choose another path") }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0, var addr = address(path) else { throw ControlSocketError("cannot check the socket \(path)") }
        defer { Glibc.close(probe) }
        let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        if r == 0 { throw ControlSocketError("control socket \(path) is in use by a running podium; choose another path or quit that one") }
        guard errno == ECONNREFUSED else { throw ControlSocketError("control socket \(path) exists and cannot be checked (\(String(cString: strerror(errno)))); remove it or choose another path") }
        unlink(path)
    }

    static func address(_ path: String) -> sockaddr_un? {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        return addr
    }

    /// The uid of the process at the other end of `c` (SO_PEERCRED); nil when unknown.
    static func peerUID(_ c: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Glibc hides it behind _GNU_SOURCE).
        var cred: (pid: Int32, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var len = socklen_t(MemoryLayout<(Int32, uid_t, gid_t)>.size)
        return getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 ? cred.uid : nil
    }

    private func acceptLoop() {
        while true {
            let c = accept(fd, nil, nil)
            if c < 0 { if errno == EINTR || errno == ECONNABORTED { continue }; return }
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            var tv = timeval(tv_sec: Self.sendTimeoutSeconds, tv_usec: 0)
            setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            guard Self.peerUID(c) == getuid() else { refuse(c, "this podium is controlled only by its own user"); continue }
            lock.lock(); let full = clients >= Self.maxClients; if !full { clients += 1 }; lock.unlock()
            if full { refuse(c, "too many control clients (at most \(Self.maxClients))"); continue }
            startDetachedThread { [self] in serve(c); lock.lock(); clients -= 1; lock.unlock() }
        }
    }

    private func refuse(_ c: Int32, _ why: String) {
        _ = Self.send(c, JSONValue.object(["ok": false, "error": .string(why)]).jsonString)
        Glibc.close(c)
    }

    /// Writes `text` and a newline; false when the client is gone or does not read in time.
    static func send(_ c: Int32, _ text: String) -> Bool {
        let out = Array((text + "\n").utf8)
        var off = 0
        while off < out.count {
            let w = out.withUnsafeBytes { write(c, $0.baseAddress! + off, out.count - off) }
            if w < 0, errno == EINTR { continue }
            if w <= 0 { return false }
            off += w
        }
        return true
    }

    private func serve(_ c: Int32) {
        defer { Glibc.close(c) }
        var reader = LineReader(limit: Self.maxLineBytes)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(c, &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            guard let lines = reader.feed(chunk[0..<n]) else {
                _ = Self.send(c, JSONValue.object(["ok": false, "error": .string("request longer than \(Self.maxLineBytes / (1 << 20)) MB; closing the connection")]).jsonString)
                discardRestOfLine(c, after: chunk[0..<n])
                return
            }
            for line in lines where !line.trimmingSpaces().isEmpty {
                guard Self.send(c, ask(line)) else { return }
            }
        }
    }

    /// Reads and drops the rest of an overlong line (up to its newline, at most 64 MB) before the
    /// connection is closed, so a client still sending sees the error reply rather than a broken
    /// pipe. Nothing is kept: memory stays flat whatever is sent.
    private func discardRestOfLine(_ c: Int32, after last: ArraySlice<UInt8>) {
        if last.contains(10) { return }
        var chunk = [UInt8](repeating: 0, count: 65536), dropped = 0
        var tv = timeval(tv_sec: Self.sendTimeoutSeconds, tv_usec: 0)
        setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        while dropped < 64 << 20 {
            let n = read(c, &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 || chunk[0..<n].contains(10) { return }
            dropped += n
        }
    }

    /// Hands `line` to the main thread and waits for its answer.
    private func ask(_ line: String) -> String {
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        MainThreadMailbox.shared.post { [self] in answer.text = handler(line); done.signal() }
        done.wait()
        return answer.text
    }
    private final class Answer: @unchecked Sendable { var text = "" }
}

/// Splits a byte stream into lines of at most `limit` bytes, looking at each byte once (only
/// the newly arrived bytes are searched for a newline).
struct LineReader {
    let limit: Int
    private var partial: [UInt8] = []
    init(limit: Int) { self.limit = limit }

    /// The complete lines in `bytes` (with what came before); nil once a line passes `limit`.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [String]? {
        var lines: [String] = []
        var start = bytes.startIndex
        while let nl = bytes[start...].firstIndex(of: 10) {
            guard partial.count + (nl - start) <= limit else { return nil }
            partial += bytes[start..<nl]
            lines.append(String(decoding: partial, as: UTF8.self))
            partial.removeAll(keepingCapacity: true)
            start = nl + 1
        }
        guard partial.count + (bytes.endIndex - start) <= limit else { return nil }
        partial += bytes[start...]
        return lines
    }
}

struct ControlSocketError: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }
