import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file named from outside Podium (a deck, a PDF, a key map, notes, an import, an image, a
/// plugin manifest), opened once and checked on the open descriptor, so what was checked is what
/// is read (no stat-then-open race):
///
/// - opened `O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC`, so a FIFO or a device never blocks
///   the open (blocking mode is restored once the descriptor is known to be a regular file);
/// - a regular file: not a directory, FIFO, socket or device;
/// - not on `/proc`, `/sys` or similar kernel file systems (their files claim to be regular and
///   empty, then read forever or fail with EIO, e.g. `/proc/self/mem`);
/// - at most `maxBytes` long (checked on `fstat` and again while reading, in case it grows).
///
/// Plugins use it too (it is in PodiumKit). For a library that insists on a path (SQLite, SDL_image),
/// call `InputFile.check(_:)` first; prefer handing over the bytes or the descriptor when the
/// library accepts them (poppler does: `poppler_document_new_from_fd` with `takeDescriptor()`).
public final class InputFile {
    /// The path as given (for messages).
    public let path: String
    /// Size in bytes when opened.
    public let size: Int
    /// The limit the file was opened with, in bytes.
    public let maxBytes: Int
    private var fd: Int32

    /// 256 MiB: larger than any deck, PDF or image a talk needs, small enough to hold in memory.
    public static let defaultLimit = 256 << 20

    /// Opens and checks `path`. Throws `InputFileError` naming the path and what is wrong with it.
    public init(path: String, maxBytes: Int = InputFile.defaultLimit) throws {
        self.path = path; self.maxBytes = maxBytes
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw InputFileError(path: path, reason: Self.openFailure(errno)) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { let e = errno; Glibc.close(fd); throw InputFileError(path: path, reason: .unreadable(Self.text(e))) }
        let fail = { (r: InputFileError.Reason) -> InputFileError in Glibc.close(fd); return InputFileError(path: path, reason: r) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail(.directory)
        case S_IFIFO: throw fail(.notRegular("a FIFO (named pipe)"))
        case S_IFSOCK: throw fail(.notRegular("a socket"))
        case S_IFCHR, S_IFBLK: throw fail(.notRegular("a device"))
        default: throw fail(.notRegular("a special file"))
        }
        if Self.isKernelFile(fd) { throw fail(.kernelFile) }
        guard Int(st.st_size) <= maxBytes else { throw fail(.tooLarge(size: Int(st.st_size), limit: maxBytes)) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
        size = Int(st.st_size)
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// The open descriptor (owned by this object; valid until it is released or taken).
    public var descriptor: Int32 { fd }

    /// Gives the descriptor away (for an API that closes it itself, such as poppler's
    /// `poppler_document_new_from_fd`); this object no longer closes it.
    public func takeDescriptor() -> Int32 { defer { fd = -1 }; return fd }

    /// Reads up to `count` bytes from the current position (fewer at the end of the file).
    /// Throws `InputFileError` when a read fails (EIO and the like).
    public func read(upTo count: Int) throws -> Data {
        precondition(fd >= 0, "InputFile.read after takeDescriptor")
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: min(max(count, 1), 1 << 20))
        while out.count < count {
            let n = Glibc.read(fd, &chunk, min(chunk.count, count - out.count))
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw InputFileError(path: path, reason: .unreadable(Self.text(errno))) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// Reads the whole file; throws `InputFileError` when it fails or grows past `maxBytes`.
    public func readAll() throws -> Data {
        let d = try read(upTo: maxBytes + 1)
        guard d.count <= maxBytes else { throw InputFileError(path: path, reason: .tooLarge(size: d.count, limit: maxBytes)) }
        return d
    }

    /// Opens, checks and reads `path` whole. Throws `InputFileError`.
    public static func read(_ path: String, maxBytes: Int = InputFile.defaultLimit) throws -> Data {
        try InputFile(path: path, maxBytes: maxBytes).readAll()
    }

    /// Checks `path` as `init` does and closes it again: for libraries that only take a path.
    /// Throws `InputFileError`.
    public static func check(_ path: String, maxBytes: Int = InputFile.defaultLimit) throws {
        _ = try InputFile(path: path, maxBytes: maxBytes)
    }

    /// Whether the open file lives under /proc or /sys (where it really is, symlinks resolved,
    /// as the kernel reports it in /proc/self/fd; `fstatfs` is not exposed to Swift's Glibc).
    static func isKernelFile(_ fd: Int32) -> Bool {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/fd/\(fd)", &buf, buf.count - 1)
        guard n > 0 else { return false }
        let real = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return real.hasPrefix("/proc/") || real.hasPrefix("/sys/")
    }

    static func openFailure(_ e: Int32) -> InputFileError.Reason {
        switch e {
        case ENOENT, ENOTDIR: .missing
        case EACCES, EPERM: .unreadable("permission denied")
        case ENXIO: .notRegular("a device or socket")
        default: .unreadable(text(e))
        }
    }
    static func text(_ e: Int32) -> String { String(cString: strerror(e)) }
}

/// Why a file named from outside cannot be used. `description` names the path, e.g.
/// `talk.pdf: is a directory, not a file`.
public struct InputFileError: Error, CustomStringConvertible, Equatable {
    /// What is wrong with the file; ``InputFileError/problem`` puts it in words.
    public enum Reason: Equatable, Sendable {
        /// No file at the path (`ENOENT`, or a path component that is not a directory).
        case missing
        /// The file exists but cannot be opened or read; the words say why (`permission denied`, or
        /// `strerror`'s text).
        case unreadable(String)
        /// The path names a directory.
        case directory
        /// A FIFO, socket, device, …: the words say which.
        case notRegular(String)
        /// A file on /proc, /sys and the like.
        case kernelFile
        /// Bigger than the limit (both in bytes).
        case tooLarge(size: Int, limit: Int)
    }
    /// The path as given (``InputFileError/description`` escapes it for printing).
    public var path: String
    /// Why the file cannot be used.
    public var reason: Reason
    /// An error for `path` with `reason`.
    public init(path: String, reason: Reason) { self.path = path; self.reason = reason }

    /// The problem without the path ("is a directory, not a file").
    public var problem: String {
        switch reason {
        case .missing: "file not found"
        case let .unreadable(why): "cannot read file (\(why))"
        case .directory: "is a directory, not a file"
        case let .notRegular(what): "not a regular file but \(what)"
        case .kernelFile: "not a regular file but a kernel file (/proc, /sys)"
        case let .tooLarge(size, limit): "too large (\(Self.megabytes(size)); at most \(Self.megabytes(limit)))"
        }
    }
    public var description: String { "\(SafeText.escape(path)): \(problem)" }

    static func megabytes(_ n: Int) -> String {
        n < 1 << 20 ? "\(n) bytes" : String(cFormat: "%.1f MB", Double(n) / Double(1 << 20))
    }
}
