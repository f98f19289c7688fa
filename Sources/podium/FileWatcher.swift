import Dispatch
import FoundationEssentials
import PodiumKit
import Glibc

/// Watches files for changes with Linux inotify, read through a Dispatch read source (libdispatch
/// on Linux has no file-system object sources). It watches each file's folder, not the file, so
/// a write-then-rename (editors, latexmk) and a deleted-then-recreated file are seen as well as a
/// rewrite in place. A symbolic link is followed: the folders of the files it leads to are
/// watched too. `onChange` gets the changed path, on a Dispatch queue (not the main thread).
final class FileWatcher {
    private let fd: Int32
    private var source: DispatchSourceRead?
    /// Watch descriptor → folder, and the file names watched in each folder.
    private var folders: [Int32: String] = [:]
    private var names: [String: Set<String>] = [:]
    /// `watch` runs on the main thread, `drain` on the watcher's queue.
    private let lock = ThreadLock()
    private let onChange: @Sendable (String) -> Void

    /// Throws when inotify is unavailable (the caller logs it; Ctrl+R still reloads).
    init(onChange: @escaping @Sendable (String) -> Void) throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        self.onChange = onChange
    }

    deinit { stop() }

    /// Watches exactly `paths` (absolute) from now on, replacing the earlier set. A folder that
    /// does not exist is logged by the caller through `problems`.
    func watch(_ paths: [String]) -> [String] {
        lock.lock(); defer { lock.unlock() }
        for wd in folders.keys { inotify_rm_watch(fd, wd) }
        folders = [:]; names = [:]
        for p in paths.flatMap(Self.linkChain) {
            let u = URL(fileURLWithPath: p)
            names[u.deletingLastPathComponent().path, default: []].insert(u.lastPathComponent)
        }
        var problems: [String] = []
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for folder in names.keys {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd < 0 { problems.append("\(folder): cannot watch (\(String(cString: strerror(errno))))"); continue }
            folders[wd] = folder
        }
        if source == nil {
            let s = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "podium.file-watcher"))
            s.setEventHandler { [weak self] in self?.drain() }
            s.setCancelHandler { [fd] in close(fd) }
            s.resume()
            source = s
        }
        return problems
    }

    /// `path` and, when it is a symbolic link, every path its chain of links leads to (at most
    /// 40 hops, Linux's own limit, path_resolution(7)): an editor writes the file a link points
    /// to (a deck linked from a repository), and re-pointing the link changes the link's folder.
    static func linkChain(_ path: String) -> [String] {
        var chain = [path]
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        while chain.count <= 40 {
            let current = chain[chain.count - 1]
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let next = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL.path
            guard !chain.contains(next) else { break }
            chain.append(next)
        }
        return chain
    }

    private var stopped = false
    func stop() {
        guard !stopped else { return }
        stopped = true
        if let s = source { s.cancel(); source = nil } else { close(fd) }
    }

    /// Reads every pending inotify event and reports the watched files among them.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            var offset = 0
            var changed: Set<String> = []
            lock.lock()
            buffer.withUnsafeBytes { raw in
                while offset + MemoryLayout<inotify_event>.size <= n {
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: any watched file may have changed.
                        for (folder, files) in names { for f in files { changed.insert(folder + "/" + f) } }
                    } else if let folder = folders[event.wd], names[folder]?.contains(name) == true { changed.insert(folder + "/" + name) }
                    offset = nameStart + Int(event.len)
                }
            }
            lock.unlock()
            changed.forEach(onChange)
        }
    }
}
