import FoundationEssentials
import Glibc

/// The journal file held open after it is first written, so later saves rewrite it in place:
/// one `pwrite` at offset 0 and `fdatasync`, instead of a temporary file written, synced and
/// renamed over it each time. That made and freed an inode on every advance: ~0.6 ms of the
/// main thread's CPU an advance, most of it in ext4 (perf over the bench's second pass, issue 19).
///
/// In place stays all-or-nothing for what the journal guards against (Podium crashing or being
/// killed): a record of at most one page (4096 bytes) goes in by one `pwrite` of one page, which
/// a dying process cannot leave half done; the bytes past a shorter record are overwritten with
/// spaces (JSON allows trailing white space). A larger record, a file that is no longer the one
/// opened (deleted or replaced by someone else) or any error makes the caller write the file
/// the old way (temporary file and rename), after which it is opened again.
final class JournalFile {
    private var fd: Int32 = -1
    /// The file's length: a shorter record is padded to it.
    private var length = 0

    deinit { close() }

    /// Opens `path`, just written whole with `length` bytes, for rewriting in place.
    func adopt(_ path: String, length: Int) {
        close()
        fd = open(path, O_WRONLY | O_CLOEXEC)
        self.length = fd >= 0 ? length : 0
    }

    /// Writes `data` over the file at `path` in place; false when it could not (not open, the
    /// record over a page, the path no longer names the file opened, a write error): then the
    /// caller writes it the old way.
    func rewrite(_ data: Data, at path: String) -> Bool {
        guard fd >= 0, data.count <= 4096, length <= 4096 else { return false }
        var mine = stat(), named = stat()
        guard fstat(fd, &mine) == 0, stat(path, &named) == 0, mine.st_dev == named.st_dev, mine.st_ino == named.st_ino else {
            close(); return false
        }
        var bytes = [UInt8](data)
        if bytes.count < length { bytes += [UInt8](repeating: 0x20, count: length - bytes.count) }
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard written == bytes.count, fdatasync(fd) == 0 else { close(); return false }
        length = bytes.count
        return true
    }

    /// Stops rewriting (the journal ended).
    func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
        length = 0
    }
}
