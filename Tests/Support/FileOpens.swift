import Foundation
import Glibc

/// Counts the opens of files in one folder, by any process, from `init` on (inotify: whatever
/// code opened them). A close between two opens keeps the kernel from merging them into one
/// event. For tests that a file is read once.
public final class FileOpens {
    private let fd: Int32
    private var counted: [String: Int] = [:]

    /// Watches `folder`; nil when inotify refuses (no descriptors, a folder gone).
    public init?(folder: String) {
        fd = inotify_init1(Int32(IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        guard inotify_add_watch(fd, folder, UInt32(IN_OPEN | IN_CLOSE_NOWRITE)) >= 0 else { close(fd); return nil }
    }

    deinit { close(fd) }

    /// How many times the file `name` (in the folder) was opened since `init`.
    public func count(of name: String) -> Int {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.mask, Int(e.len))
                }
                let start = offset + MemoryLayout<inotify_event>.size
                let file = String(decoding: buffer[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
                if mask & UInt32(IN_OPEN) != 0 { counted[file, default: 0] += 1 }
                offset = start + length
            }
        }
        return counted[name] ?? 0
    }
}
