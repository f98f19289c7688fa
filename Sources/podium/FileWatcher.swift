import FoundationEssentials
import PodiumKit
import Glibc

/// Watches files for changes with Linux inotify, read on a thread of its own that sleeps in
/// poll(2) (not a Dispatch read source: that starts libdispatch's manager thread and its worker
/// pool's monitor, a timer waking the talk every second for good; issue 19, idle). It watches
/// each file's folder, not the file, so a write-then-rename (editors, latexmk) and a
/// deleted-then-recreated file are seen as well as a rewrite in place. A symbolic link is
/// followed: the folders of the files it leads to are watched too. `onChange` gets the changed
/// path on that thread (not the main thread). Unchecked sendable: what the thread reads is
/// guarded by `lock` or never changes; `watch` and `stop` run on the main thread.
final class FileWatcher: @unchecked Sendable {
    private let fd: Int32
    /// The reading thread's wake-up to stop (it closes `fd` and the pipe's read end as it ends);
    /// nil until it runs.
    private var stopPipe: (read: Int32, write: Int32)?
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
        if stopPipe == nil, !stopped { startReading(&problems) }
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
        guard let p = stopPipe else { close(fd); return }
        var b: UInt8 = 1
        _ = write(p.write, &b, 1)
        close(p.write)
    }

    /// Starts the thread that reads the events (held weakly: the owner's `stop` or deinit ends it).
    private func startReading(_ problems: inout [String]) {
        var p: [Int32] = [-1, -1]
        guard pipe(&p) == 0 else { problems.append("cannot watch files (\(String(cString: strerror(errno))))"); return }
        for f in p { _ = fcntl(f, F_SETFD, FD_CLOEXEC) }
        let fd = self.fd, wake = p[0]
        let started = startDetachedThread(name: "podium-files", stackSize: 256 << 10) { [weak self] in
            defer { close(fd); close(wake) }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            while true {
                if poll(&fds, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    // Short of memory for a moment: tried again, so the watcher does not die quietly.
                    if errno == ENOMEM || errno == EAGAIN { usleep(100_000); continue }
                    return
                }
                if fds[1].revents != 0 { return }
                guard let self else { return }
                if fds[0].revents & Int16(POLLIN) != 0 { self.drain() }
            }
        }
        guard started else {
            close(p[0]); close(p[1])
            problems.append("cannot watch files (no thread to read their changes)")
            return
        }
        stopPipe = (p[0], p[1])
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
