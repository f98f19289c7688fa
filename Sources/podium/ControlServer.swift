import CSDL2
import Foundation
import PodiumKit

/// A Unix-socket server for JSON-line requests. A background thread accepts and reads; each
/// request is handed to the main thread (waking the SDL loop with a user event) and the reply is
/// written back on the connection. Many clients may connect, one after another or at once.
final class ControlServer: @unchecked Sendable {
    typealias Handler = (String) -> String
    let path: String
    private let fd: Int32
    private let lock = NSLock()
    private var pending: [(line: String, reply: (String) -> Void)] = []
    let wakeEventType: UInt32

    /// Binds `path` (an existing socket file there is replaced). Throws naming the path and errno.
    init(path: String) throws {
        self.path = path
        // Replace a stale socket from an earlier run, but never another file (a typo such as
        // `--control unix:talk.json` must not delete the deck).
        var st = stat()
        if lstat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFSOCK else { throw SDLControlError("\(path) exists and is not a socket; choose another path") }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        wakeEventType = SDL_RegisterEvents(1)
        guard fd >= 0 else { throw SDLControlError("socket(): \(String(cString: strerror(errno)))") }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { Glibc.close(fd); throw SDLControlError("socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard ok == 0, listen(fd, 8) == 0 else {
            let why = String(cString: strerror(errno)); Glibc.close(fd)
            throw SDLControlError("cannot listen on \(path): \(why)")
        }
        let t = Thread { [self] in acceptLoop() }
        t.start()
    }

    func close() { shutdown(fd, Int32(SHUT_RDWR)); Glibc.close(fd); unlink(path) }

    private func acceptLoop() {
        while true {
            let c = accept(fd, nil, nil)
            if c < 0 { if errno == EINTR { continue }; return }
            Thread { [self] in serve(c) }.start()
        }
    }

    private func serve(_ c: Int32) {
        defer { Glibc.close(c) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(c, &chunk, chunk.count)
            if n <= 0 { return }
            buffer += chunk[0..<n]
            while let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                let done = DispatchSemaphore(value: 0)
                var answer = ""
                lock.lock(); pending.append((line, { answer = $0; done.signal() })); lock.unlock()
                var e = SDL_Event(); e.type = wakeEventType
                SDL_PushEvent(&e)
                done.wait()
                let out = Array((answer + "\n").utf8)
                var off = 0
                while off < out.count { let w = write(c, Array(out[off...]), out.count - off); if w <= 0 { return }; off += w }
            }
        }
    }

    /// Answers every waiting request on the calling (main) thread.
    func drain(_ handle: Handler) {
        lock.lock(); let work = pending; pending.removeAll(); lock.unlock()
        for w in work { w.reply(handle(w.line)) }
    }
}

struct SDLControlError: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }
