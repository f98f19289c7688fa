import FoundationEssentials
import PodiumKit
#if canImport(Glibc)
import Glibc
#endif

/// An advisory `flock` on a small file that names its holder (first line: the pid; then any
/// detail), held for the life of the process: the kernel drops it when the process ends, even by
/// SIGKILL, so a crash never leaves it stuck.
final class LockFile {
    private let fd: Int32
    private init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    /// What the holder wrote: its pid and the lines after it.
    struct Held: Error { var pid: Int?; var detail: [String] }

    /// Takes the lock at `path`, writing `detail` after the pid. Nil when the file cannot be made
    /// (a read-only home): the caller goes on unguarded rather than not at all. Throws `Held` when
    /// another process still holds it after `graceSeconds` (seconds; a podium just told to quit
    /// replies before it exits, and lets go within them).
    static func take(_ path: String, detail: [String] = [], graceSeconds: Double) throws -> LockFile? {
        try? FileManager.default.createDirectory(atPath: path.pathDeletingLastComponent, withIntermediateDirectories: true)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return nil }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0, waited < graceSeconds { usleep(50_000); waited += 0.05 }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &buffer, buffer.count)
            close(fd)
            let lines = String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).split(separator: "\n").map(String.init)
            throw Held(pid: lines.first.flatMap { Int($0.trimmingSpaces()) }, detail: Array(lines.dropFirst()))
        }
        let text = Array((["\(getpid())"] + detail).map { $0 + "\n" }.joined().utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, text, text.count, 0)
        return LockFile(fd: fd)
    }
}
