import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file Podium writes whole or not at all (a screenshot, a snapshot): the bytes go to a
/// temporary file beside `path`, are flushed to the disk (`fsync`), and only then renamed over
/// it, so a full disk, a write error or a crash never leaves an empty or cut-short file where the
/// old one was, and the caller learns of the failure instead of reporting success.
public enum OutputFile {
    /// Replaces the file at `path` with `bytes`. Throws `OutputFileError` naming the path and the
    /// system's reason ("No space left on device", "Read-only file system", …); the temporary
    /// file is removed then. An existing `path` must be a regular file: a device (`/dev/full`)
    /// or a FIFO is refused rather than replaced.
    public static func replace(_ path: String, with bytes: [UInt8]) throws {
        func failure(_ what: String, _ code: Int32 = errno) -> OutputFileError {
            OutputFileError(path: path, reason: "\(what): \(String(cString: strerror(code)))")
        }
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw OutputFileError(path: path, reason: "not a regular file (a device, a folder or a FIFO)")
        }
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw failure("cannot create a file in its folder") }
        var done = 0
        var problem: OutputFileError?
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { problem = failure("cannot write", n == 0 ? EIO : errno); break }
            done += n
        }
        if problem == nil, fsync(fd) != 0 { problem = failure("cannot write") }
        if close(fd) != 0, problem == nil { problem = failure("cannot write") }
        if problem == nil, rename(temp, path) != 0 { problem = failure("cannot replace it") }
        if let problem { unlink(temp); throw problem }
    }
}

/// A file that could not be written: names it and says why.
public struct OutputFileError: Error, CustomStringConvertible, Equatable {
    /// The path as given (``OutputFileError/description`` escapes it for printing).
    public var path: String
    /// Why, without the path: the step that failed and `strerror`'s text (`cannot write: No space left on device`).
    public var reason: String
    public var description: String { "\(SafeText.escape(path)): \(reason)" }
}
