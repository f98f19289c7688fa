import CPoppler
import Foundation
import PodiumKit

/// One rendered bitmap's identity: page, the region of it shown, and the exact pixel size.
public struct PageKey: Hashable, Sendable {
    public var page: Int
    public var region: Rect
    public var pixelWidth: Int, pixelHeight: Int
    public init(page: Int, region: Rect, pixelWidth: Int, pixelHeight: Int) {
        self.page = page; self.region = region; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }
    /// The window size and region this key belongs to (a "group" in the cache budget).
    var group: Group { Group(region: region, pixelWidth: pixelWidth, pixelHeight: pixelHeight) }
    struct Group: Hashable { var region: Rect; var pixelWidth: Int, pixelHeight: Int }
}

/// Rendered pages of one document, shared by every scene showing that file, with a worker thread
/// that renders neighbours ahead of time so an advance finds its page ready, and renders pages
/// asked for with `request` (previews), which never wait for a render.
///
/// **Two documents.** The worker renders from its own poppler document (opened from the same
/// file when it starts): poppler documents are not thread-safe, and with one shared document
/// the main thread's calls (links, a page needed at once) would wait for a heavy page the
/// worker is rendering, for seconds.
///
/// **Memory budget.** At most `pagesPerGroup` (3: the current page, the next and the previous)
/// bitmaps per window size and region, and at most `byteBudget` (256 MB) in all; the least
/// recently used go first. A page is `4 × width × height` bytes: 8.3 MB at 1920×1080, 33 MB at
/// 3840×2160, so a 4K audience window plus a presenter window hold about 110 MB here. Each
/// window's renderer adds one texture per bitmap it is drawing now (the presenter's audience
/// preview draws the audience's bitmap scaled down).
public final class PageCache: @unchecked Sendable {
    public let document: PDFDocument
    /// Which opening of the file this is (`PageCaches`): a reloaded file gets a new cache with a
    /// higher generation, so no bitmap of the old file is ever shown for the new one.
    public let generation: Int
    public static let pagesPerGroup = 3
    public static let byteBudget = 256 << 20

    private let cond = NSCondition()
    private var entries: [PageKey: (bitmap: Bitmap, used: UInt64)] = [:]
    private var pending: [PageKey] = []
    private var inFlight: PageKey?
    private var clock: UInt64 = 0
    private var worker: Thread?
    /// Set when a reload replaced this cache: the worker ends and nothing more is kept.
    private var retired = false
    /// Requested keys (`request`) and who to tell when each is rendered.
    private var requested: [PageKey] = []
    private var waiters: [PageKey: [@Sendable () -> Void]] = [:]
    /// Requested keys that failed to render: not asked for again and again.
    private var failed: Set<PageKey> = []
    /// Pages rendered by the worker and by the caller (tests, benchmarks).
    public private(set) var prefetchedCount = 0, renderedOnDemandCount = 0

    public init(document: PDFDocument, generation: Int = 0) { self.document = document; self.generation = generation }

    /// The bitmap for `key`: from the cache, waiting for the worker if it is rendering exactly
    /// this key, else rendered now on the calling thread. Nil when poppler/cairo fail.
    public func bitmap(_ key: PageKey) -> Bitmap? {
        cond.lock()
        while inFlight == key { cond.wait() }
        if let b = touch(key) { cond.unlock(); return b }
        pending.removeAll { $0 == key }
        cond.unlock()
        guard let b = render(key) else { return nil }
        cond.lock()
        renderedOnDemandCount += 1
        if !retired { insert(b, for: key) }
        cond.unlock()
        return b
    }

    /// The cached bitmap for `key`, never rendering.
    public func cached(_ key: PageKey) -> Bitmap? {
        cond.lock(); defer { cond.unlock() }
        return touch(key)
    }

    /// Asks the worker to render `keys` (in order) that are not cached yet; replaces earlier
    /// requests, which a newer current page makes stale.
    public func prefetch(_ keys: [PageKey]) {
        cond.lock()
        pending = retired ? [] : keys.filter { entries[$0] == nil && $0 != inFlight && !requested.contains($0) }
        startWorkerIfNeeded()
        cond.signal()
        cond.unlock()
    }

    /// The cached bitmap for `key`, or nil after asking the worker to render it; `ready` is
    /// called (on the worker thread) once it is in the cache. Never renders on the calling
    /// thread: for previews, which show something else meanwhile. Requests go before prefetches.
    public func request(_ key: PageKey, ready: @escaping @Sendable () -> Void) -> Bitmap? {
        cond.lock(); defer { cond.unlock() }
        if let b = touch(key) { return b }
        guard !failed.contains(key), !retired else { return nil }
        waiters[key, default: []].append(ready)
        if !requested.contains(key) && inFlight != key { requested.append(key) }
        pending.removeAll { $0 == key }
        startWorkerIfNeeded()
        cond.signal()
        return nil
    }

    /// Called with the lock held.
    private func startWorkerIfNeeded() {
        guard worker == nil, !retired, !pending.isEmpty || !requested.isEmpty else { return }
        let t = Thread { [weak self] in self?.work() }
        t.name = "podium-pdf-prerender"
        t.stackSize = 1 << 20
        worker = t
        t.start()
    }

    /// Waits until the worker has nothing left to do (tests, benchmarks).
    public func waitUntilIdle() {
        cond.lock()
        while !retired && (!pending.isEmpty || !requested.isEmpty || inFlight != nil) { cond.wait() }
        cond.unlock()
    }

    /// Number of bitmaps and bytes held now.
    public var usage: (count: Int, bytes: Int) {
        cond.lock(); defer { cond.unlock() }
        return (entries.count, entries.values.reduce(0) { $0 + $1.bitmap.byteCount })
    }

    /// Ends the worker and drops the bitmaps (a reload replaced this file); scenes still holding
    /// the cache can render on demand from its document until they go.
    func retire() {
        cond.lock()
        retired = true; pending = []; requested = []; waiters = [:]; entries = [:]
        cond.broadcast()
        cond.unlock()
    }

    private func work() {
        // Lower priority than the main thread (nice 10, this thread only): on a busy machine the
        // console's input, timers and control socket go first, pre-rendering after.
        podium_lower_thread_priority(10)
        // Its own poppler document over the same bytes (never the file again: it may have been
        // rewritten since); when that fails the worker shares `document`.
        let own = try? document.reopened()
        while true {
            cond.lock()
            while pending.isEmpty && requested.isEmpty && !retired { cond.wait() }
            if retired { worker = nil; cond.unlock(); return }
            let key = requested.isEmpty ? pending.removeFirst() : requested.removeFirst()
            inFlight = key
            cond.unlock()
            let b = render(key, with: own ?? document)
            cond.lock()
            if let b { insert(b, for: key); prefetchedCount += 1 } else { failed.insert(key) }
            inFlight = nil
            let told = waiters.removeValue(forKey: key) ?? []
            cond.broadcast()
            cond.unlock()
            // Also on failure: the waiter then draws its placeholder for good, not a stale page.
            told.forEach { $0() }
        }
    }

    private func render(_ key: PageKey, with doc: PDFDocument? = nil) -> Bitmap? {
        // The same file opened again could have changed size: only use it when the pages match.
        let d = doc.flatMap { $0.pageSizes == document.pageSizes ? $0 : nil } ?? document
        return d.render(page: key.page, crop: key.region, pixelWidth: key.pixelWidth, pixelHeight: key.pixelHeight)
    }

    /// Called with the lock held.
    private func touch(_ key: PageKey) -> Bitmap? {
        guard let e = entries[key] else { return nil }
        clock += 1
        entries[key] = (e.bitmap, clock)
        return e.bitmap
    }

    /// Adds a bitmap and evicts to the budget. Called with the lock held.
    private func insert(_ b: Bitmap, for key: PageKey) {
        clock += 1
        entries[key] = (b, clock)
        let group = entries.filter { $0.key.group == key.group }.sorted { $0.value.used < $1.value.used }
        for old in group.dropLast(Self.pagesPerGroup) { entries[old.key] = nil }
        var bytes = entries.values.reduce(0) { $0 + $1.bitmap.byteCount }
        for old in entries.sorted(by: { $0.value.used < $1.value.used }) where bytes > Self.byteBudget && old.key != key {
            entries[old.key] = nil
            bytes -= old.value.bitmap.byteCount
        }
    }
}

/// One `PageCache` per file for the whole process, so the scenes of one PDF (one per page) share
/// a document, a cache and a worker. Opening failures are not kept: a fixed file opens next time.
///
/// A reload opens files afresh inside `loadFresh`: the scenes on screen keep the caches they
/// hold, and the new ones replace them only when the caller commits (the new version is sound).
public enum PageCaches {
    nonisolated(unsafe) private static var byPath: [String: PageCache] = [:]
    /// Caches opened during `loadFresh`, not yet in use.
    nonisolated(unsafe) private static var staged: [String: PageCache]?
    nonisolated(unsafe) private static var generations = 0
    private static let lock = NSLock()

    /// The cache for the PDF at `path` (absolute), opening it on first use (inside `loadFresh`:
    /// opening it again from the file). Throws `PDFError`.
    public static func cache(for path: String) throws -> PageCache {
        lock.lock(); defer { lock.unlock() }
        if let c = staged?[path] ?? (staged == nil ? byPath[path] : nil) { return c }
        generations += 1
        let c = PageCache(document: try PDFDocument(path: path), generation: generations)
        if staged != nil { staged?[path] = c } else { byPath[path] = c }
        return c
    }

    /// Runs `body` (load and check a new version of the deck) with every file it asks for opened
    /// afresh. When `body` returns true the fresh caches replace the old ones (which are
    /// retired); when it returns false or throws they are dropped and the old ones stay.
    public static func loadFresh(_ body: () throws -> Bool) rethrows -> Bool {
        lock.lock(); staged = [:]; lock.unlock()
        var keep = false
        defer {
            lock.lock()
            let fresh = staged ?? [:]
            staged = nil
            var replaced: [PageCache] = []
            if keep { for (path, c) in fresh { if let old = byPath[path] { replaced.append(old) }; byPath[path] = c } }
            lock.unlock()
            replaced.forEach { $0.retire() }
            if !keep { fresh.values.forEach { $0.retire() } }
        }
        keep = try body()
        return keep
    }

    /// Waits until every document's worker is idle (headless snapshots: previews then find
    /// their pages in the cache).
    public static func waitUntilAllIdle() {
        lock.lock(); let all = Array(byPath.values); lock.unlock()
        all.forEach { $0.waitUntilIdle() }
    }
}
