import CLZ4
import CPoppler
import FoundationEssentials
import Glibc
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
/// **Two workers.** Pages a window or preview waits for (`request`, `prepare`, a window's current
/// page) are rendered by a demand worker at the main thread's priority; pages ahead (`prefetch`)
/// by a prefetch worker in SCHED_IDLE, each with its own document. With one worker lowered for
/// the prefetches, a first visit under full CPU load waited 1.3–2.8 s behind them (issue 19).
/// A page asked for while the prefetch worker renders it is rendered again by the demand worker,
/// which never waits for an idle-priority thread.
///
/// **Memory.** Every page rendered is packed (LZ4) on the worker and kept in a store bounded in
/// bytes (`PageStore`, `packedByteBudget`), so a page shown before is never rendered again while
/// the store holds it; the prefetch worker, when it has nothing to render, packs the stored
/// pages again densely (Zstandard for large, flat pages, else LZ4HC: `PageRepack.swift`). The
/// bitmaps handed out hold only the packed bytes (`PackedPage`): the renderer unpacks them
/// straight into their textures, so a page costs its texture and a few hundred KB, not a second
/// full-size copy. Bitmaps kept: at most `pagesPerGroup` (3: the current page, the next and the
/// previous) per window size and region, and at most `byteBudget` in all,
/// least recently used first out; a bitmap still held elsewhere (a view, a texture) is returned
/// again, so its texture stays valid. Previews drawn smaller than their view (`PageResizer`) get their
/// own renders at their pixel size, and the sizes asked for are remembered per view size
/// (`derived`), so prefetching a page also prepares its previews.
public final class PageCache: @unchecked Sendable {
    public let document: PDFDocument
    /// Which opening of the file this is (`PageCaches`): a reloaded file gets a new cache with a
    /// higher generation, so no bitmap of the old file is ever shown for the new one.
    public let generation: Int
    public static let pagesPerGroup = 3
    public static let byteBudget = 256 << 20
    /// Bytes of compressed pages kept, for every cache (tests); nil: the store's budget follows
    /// the pages the windows show (`PageStoreBudget`, `noteWindowPage`).
    nonisolated(unsafe) public static var packedByteBudget: Int?
    /// Preview sizes remembered per view size.
    static let derivedLimit = 4

    private let cond = ThreadCondition()
    private var entries: [PageKey: (bitmap: Bitmap, used: UInt64)] = [:]
    private var store = PageStore(byteBudget: PageCache.packedByteBudget ?? PageStoreBudget.bytes(forPagePixels: []))
    /// Pixels of the page each window shows now (`noteWindowPage`), by window.
    private var windowPages: [PageWindow: Int] = [:]
    private var live: [PageKey: WeakBitmap] = [:]
    /// Preview sizes asked for (`sized`) per view size and region, most recent last.
    private var derived: [PageKey.Group: [PageKey.Group]] = [:]
    private var pending: [PageKey] = []
    /// The key each worker renders now (`Lane`).
    private var demanding: PageKey?, prefetching: PageKey?
    private var clock: UInt64 = 0
    private var demandWorker = false, prefetchWorker = false
    /// Set when a reload replaced this cache: the worker ends whenever it runs out of work.
    private var retired = false
    /// A reload replaced this cache (`retire`): its views belong to a version no longer shown.
    var isRetired: Bool { cond.lock(); defer { cond.unlock() }; return retired }
    /// Requested keys (`request`) and who to tell when each is rendered.
    private var requested: [PageKey] = []
    private var waiters: [PageKey: [@Sendable () -> Void]] = [:]
    /// Requested keys that failed to render: not asked for again and again.
    private var failed: Set<PageKey> = []
    /// Pages rendered by the worker and by the caller (tests, benchmarks), and bitmaps made from
    /// the store instead of rendered.
    public private(set) var prefetchedCount = 0, renderedOnDemandCount = 0, fromStoreCount = 0
    /// Redraws the windows (set by the scenes; called on the worker thread) when a preview size
    /// asked for by the renderer is ready.
    public var redraw: (@Sendable () -> Void)? {
        get { cond.lock(); defer { cond.unlock() }; return redrawHook }
        set { cond.lock(); redrawHook = newValue; cond.unlock() }
    }
    private var redrawHook: (@Sendable () -> Void)?
    /// Bytes evicted since the heap was last trimmed.
    private var freedSinceTrim = 0

    public init(document: PDFDocument, generation: Int = 0) {
        self.document = document; self.generation = generation
    }

    /// The bitmap for `key`: from the cache or the store, waiting for the worker if it is
    /// rendering exactly this key, else rendered now on the calling thread. Nil when
    /// poppler/cairo fail.
    public func bitmap(_ key: PageKey) -> Bitmap? {
        cond.lock()
        // The demand worker's render is waited for; one in SCHED_IDLE is not (rendered here).
        while demanding == key { cond.wait() }
        if let b = lookup(key) ?? stored(key) { cond.unlock(); return b }
        pending.removeAll { $0 == key }
        // Asked of the worker (`prepare`, `request`) but not started: rendered here instead, once.
        let told = requested.contains(key) ? waiters.removeValue(forKey: key) ?? [] : []
        requested.removeAll { $0 == key }; askedFirst.remove(key)
        cond.unlock()
        defer { told.forEach { $0() } }
        guard let full = render(key) else { return nil }
        // Packed here too: a full-size page kept as it is would hold 8 MB (33 MB at 4K) besides
        // its texture for as long as the cache keeps it.
        let packed = PackedPage(full)
        let b = packed.flatMap { bitmap(of: $0, for: key) } ?? full
        cond.lock()
        renderedOnDemandCount += 1
        freedSinceTrim += packed == nil ? 0 : 2 * key.byteCount
        insert(b, for: key); if let packed { store.insert(packed, for: key) }
        cond.unlock()
        return b
    }

    /// The bitmap for `key` when it is ready within `seconds` (cached, stored, or rendered by the
    /// worker meanwhile); else nil, and `ready` is called on the worker thread once it is. Never
    /// renders on the calling thread: for the current page while the window can keep showing the
    /// page before it, so a page that takes seconds to render holds neither input nor timers.
    public func bitmap(_ key: PageKey, waitingAtMost seconds: Double, ready: @escaping @Sendable () -> Void) -> Bitmap? {
        cond.lock()
        let asked = requested.contains(key) || demanding == key
        // A window's current page goes before every request still queued: clicking fast through
        // heavy pages queued each one behind the last, and the room waited for every page it
        // had skipped (seconds of a stale page; trial 8).
        if asked, demanding != key { requested.removeAll { $0 == key }; requested.insert(key, at: 0); askedFirst.insert(key) }
        cond.unlock()
        // One waiter per pending key: the view asks again on every frame until it is ready.
        if !asked, let b = request(key, first: true, ready: ready) { return b }
        cond.lock(); defer { cond.unlock() }
        // A page that kept a window waiting once is not waited for again (the next frame, the
        // other window's view of it): each frame would otherwise pay the whole wait.
        let deadline = Date(timeIntervalSinceNow: slowPages.contains(key.page) ? 0 : seconds)
        while true {
            if let b = lookup(key) ?? stored(key) { return b }
            if failed.contains(key) { return nil }
            if !cond.wait(until: deadline) {
                let b = lookup(key) ?? stored(key)
                if b == nil { slowPages.insert(key.page) }
                return b
            }
        }
    }

    /// Pages whose render outlasted a wait for them (`bitmap(_:waitingAtMost:ready:)`).
    private var slowPages: Set<Int> = []

    /// Called before each render, on whichever thread renders (tests: a page made slow on purpose).
    nonisolated(unsafe) static var willRender: (@Sendable (PageKey) -> Void)?

    /// The page each window showed last (`noteShown`): what a new page's view keeps showing
    /// while its own page renders.
    private var shown: [PageWindow: PageKey] = [:]
    func noteShown(_ window: PageWindow, _ key: PageKey) { cond.lock(); shown[window] = key; cond.unlock() }
    func lastShown(_ window: PageWindow) -> PageKey? { cond.lock(); defer { cond.unlock() }; return shown[window] }

    /// The bitmap for `key` if it is cached or stored, never rendering.
    public func cached(_ key: PageKey) -> Bitmap? {
        cond.lock(); defer { cond.unlock() }
        return lookup(key) ?? stored(key)
    }

    /// The largest rendering of `key`'s page and region at another pixel size that is ready now
    /// (cached, held by a view or texture, or stored), never rendering; nil when there is none.
    /// What a window shows scaled, at once, while its page renders at the window's new size (a
    /// projector plugged in, a mode change, a resize), instead of blocking on the render.
    func standIn(for key: PageKey) -> Bitmap? {
        cond.lock(); defer { cond.unlock() }
        func same(_ k: PageKey) -> Bool { k.page == key.page && k.region == key.region && k != key }
        let candidates = entries.keys.filter(same) + live.filter { same($0.key) && $0.value.bitmap != nil }.map(\.key)
            + store.keys.filter(same)
        guard let best = candidates.max(by: { $0.pixelWidth * $0.pixelHeight < $1.pixelWidth * $1.pixelHeight }) else { return nil }
        return lookup(best) ?? stored(best)
    }

    /// Asks the worker to render `keys` (in order) that are not ready yet, and the preview sizes
    /// asked for before of the pages `previews` (at the size of `keys`' views). Newer keys go
    /// first; older ones stay behind them (a few at most), since another view's prefetch of the
    /// same frame is not stale.
    public func prefetch(_ keys: [PageKey], previews: [Int] = []) {
        cond.lock()
        var all = keys
        for k in keys.prefix(1) {
            for p in previews where (0..<document.pageCount).contains(p) {
                for g in derived[k.group] ?? [] { all.append(PageKey(page: p, region: g.region, pixelWidth: g.pixelWidth, pixelHeight: g.pixelHeight)) }
            }
        }
        let fresh = all.filter { needsWork($0) }
        pending = Array((fresh + pending.filter { !fresh.contains($0) && needsWork($0) }).prefix(16))
        // Nothing new (an advance among pages already ready): no worker is woken for nothing.
        if !fresh.isEmpty {
            startWorkerIfNeeded()
            cond.broadcast()   // two workers wait on it
        }
        cond.unlock()
    }

    /// The cached bitmap for `key`, or nil after asking the worker to render it; `ready` is
    /// called (on the worker thread) once it is in the cache. Never renders on the calling
    /// thread: for previews, which show something else meanwhile. Requests go before prefetches.
    /// With `first`, the key goes before every other request (a window's current page).
    public func request(_ key: PageKey, first: Bool = false, ready: @escaping @Sendable () -> Void) -> Bitmap? {
        request(key, first: first, smallFirst: false, ready: ready)
    }

    /// `request`; with `smallFirst`, the key goes before larger renders queued after the first.
    private func request(_ key: PageKey, first: Bool = false, smallFirst: Bool, ready: @escaping @Sendable () -> Void) -> Bitmap? {
        cond.lock(); defer { cond.unlock() }
        if let b = lookup(key) ?? stored(key) { return b }
        guard !failed.contains(key) else { return nil }
        waiters[key, default: []].append(ready)
        if !requested.contains(key) && demanding != key {
            requested.insert(key, at: first ? 0 : smallFirst ? smallFirstIndex(key) : requested.count)
            if first { askedFirst.insert(key) }
        }
        pending.removeAll { $0 == key }
        startWorkerIfNeeded()
        cond.broadcast()
        return nil
    }

    /// The bitmap for `key` if it is ready; else nil, and `key` is put off for the demand worker
    /// until `startAhead()` (the window's frame done), calling `ready` (on the worker thread) once
    /// it is in the cache: a page named ahead of an advance (`PDFPageView.drawNeighboursAhead`).
    /// Asked at once (`request`) while the room's frame was built, its render at the main
    /// thread's priority ran on the other core while the X server copied the advance's page, on
    /// every first visit (server done 3–15 ms after the press instead of ≈ 2 under load, issue 19);
    /// and the `prefetch` of the same frame, just before, could hand it to the prefetch worker
    /// too (a second render, if that worker took it first). A key put off is left out of
    /// `prefetch` until it starts.
    public func ahead(_ key: PageKey, ready: @escaping @Sendable () -> Void) -> Bitmap? {
        cond.lock(); defer { cond.unlock() }
        if let b = lookup(key) ?? stored(key) { return b }
        guard !failed.contains(key) else { return nil }
        waiters[key, default: []].append(ready)
        guard !requested.contains(key), demanding != key, !putOff.contains(key) else { return nil }   // in hand already
        pending.removeAll { $0 == key }
        putOff.append(key)
        return nil
    }

    /// Hands the keys `ahead` put off to the demand worker (at the main thread's priority: ready
    /// before the next advance also on a machine whose every core is busy, where the prefetch
    /// worker in SCHED_IDLE may get no time). Nothing when none is put off.
    public func startAhead() {
        cond.lock(); defer { cond.unlock() }
        guard !putOff.isEmpty else { return }
        for k in putOff where !requested.contains(k) && demanding != k { requested.append(k) }
        putOff.removeAll()
        startWorkerIfNeeded()
        cond.broadcast()
    }

    /// Keys `ahead` put off until `startAhead`.
    private var putOff: [PageKey] = []

    /// Asks the worker for `key` ahead of everything but earlier requests, without a callback:
    /// a frame walked before its window exists (`DrawList.isPreparing`) names the pages the
    /// first frames will show, so the worker renders them while the windows are made and the
    /// first frame finds them ready (or waits for the render in flight) instead of rendering
    /// on the main thread.
    /// With `first` (the room's page) it goes before every other request.
    public func prepare(_ key: PageKey, first: Bool = false) { _ = request(key, first: first) {} }

    /// `key` for a preview drawn smaller than its view (`PageResizer`): ready or nil, as
    /// `request`; when it is rendered the windows are redrawn (`redraw`). The size is remembered
    /// for the view size of `source`, so prefetching that view's next pages prepares it too.
    func sized(_ key: PageKey, from source: PageKey) -> Bitmap? {
        cond.lock()
        if key.group != source.group {
            var d = derived[source.group] ?? []
            if !d.contains(key.group) {
                d.append(key.group)
                derived[source.group] = Array(d.suffix(Self.derivedLimit))
            }
        }
        // Asked every frame until ready: one waiter is enough.
        let waiting = requested.contains(key) || demanding == key
        let hook = redrawHook
        cond.unlock()
        return waiting ? cached(key) : request(key, smallFirst: Self.previewsFirst) { hook?() }
    }

    /// Where a preview's size goes among the requests (called with the lock held): after the
    /// keys asked `first` (the room's page; a window's current page), before every larger render
    /// queued behind them. A preview costs a fraction of a page; at launch the console's two
    /// previews were queued behind the speaker's page and the next page at the room's size (a
    /// page ahead, which no first frame shows), so the console was drawn once without them and
    /// twice more as each came (issue 19: "settled" 50–75 ms after the first frame of both
    /// windows). Now the console's first frame, which waits for the speaker's page, finds them.
    private func smallFirstIndex(_ key: PageKey) -> Int {
        let pixels = key.pixelWidth * key.pixelHeight
        var at = 0
        while at < requested.count, askedFirst.contains(requested[at]) || requested[at].pixelWidth * requested[at].pixelHeight <= pixels { at += 1 }
        return at
    }

    /// Requested keys asked `first`, still queued (`smallFirstIndex`). Called with the lock held.
    private var askedFirst: Set<PageKey> = []

    /// Called with the lock held.
    private func startWorkerIfNeeded() {
        if !demandWorker, !requested.isEmpty { demandWorker = startWorker(.demand) }
        if !prefetchWorker, !pending.isEmpty { prefetchWorker = startWorker(.prefetch) }
    }

    /// Starts the lane's worker; true when it runs.
    private func startWorker(_ lane: Lane) -> Bool {
        startDetachedThread(name: lane == .demand ? "podium-pdf-render" : "podium-pdf-prerender", stackSize: 1 << 20) { [weak self] in self?.work(lane) }
    }

    /// Which worker: the one for pages a view waits for (`requested`, normal priority) or the
    /// one for pages ahead (`pending`, SCHED_IDLE).
    private enum Lane { case demand, prefetch }

    /// Waits until the worker has nothing left to do (tests, benchmarks).
    public func waitUntilIdle() {
        cond.lock()
        while (!pending.isEmpty || !requested.isEmpty || demanding != nil || prefetching != nil) { cond.wait() }
        cond.unlock()
    }

    /// Number of bitmaps kept and the bytes they hold.
    public var usage: (count: Int, bytes: Int) {
        cond.lock(); defer { cond.unlock() }
        return (entries.count, entries.values.reduce(0) { $0 + $1.bitmap.byteCount })
    }

    /// Which window a page view draws the current page in, for the store's budget.
    public enum PageWindow: Hashable, Sendable { case audience, presenter }

    /// Tells the store the pixel size of the page `window` shows now: its budget follows the
    /// windows (`PageStoreBudget`), so a resize or a display change (4K) moves it, and a budget
    /// that shrank evicts at once.
    func noteWindowPage(_ window: PageWindow, pixels: Int) {
        cond.lock(); defer { cond.unlock() }
        guard windowPages[window] != pixels else { return }
        windowPages[window] = pixels
        store.byteBudget = Self.packedByteBudget ?? PageStoreBudget.bytes(forPagePixels: Array(windowPages.values))
    }

    /// The store's budget in bytes now.
    public var packedByteBudget: Int {
        cond.lock(); defer { cond.unlock() }
        return store.byteBudget
    }

    /// Number of compressed pages in the store and their bytes.
    public var packedUsage: (count: Int, bytes: Int) {
        cond.lock(); defer { cond.unlock() }
        return (store.count, store.bytes)
    }

    /// Drops the queued work and the bitmaps, and ends the worker once it has nothing to do (a
    /// reload replaced this file). The cache still serves the scenes that hold it: a scene a
    /// reload kept, or one still on screen until the new version shows, asks again and the worker
    /// starts again for it. (Refusing them left the room on blank paper for the rest of the talk
    /// after the overview had made every scene and Ctrl+R kept them all: trial 11, F2.)
    func retire() {
        cond.lock()
        // Requests stay (a view waits to be told); prefetches, pages put off ahead and pages kept go.
        retired = true; pending = []; putOff = []; entries = [:]; live = [:]
        store.removeAll()
        cond.broadcast()
        cond.unlock()
    }

    private func work(_ lane: Lane) {
        let demand = lane == .demand
        cond.lock()
        if demand { demandThreadID = podium_thread_id() } else { workerThreadID = podium_thread_id() }
        cond.unlock()
        // Its own poppler document over the same bytes (never the file again: it may have been
        // rewritten since); when that fails the worker shares `document`.
        let own = try? document.reopened()
        // The demand worker keeps the main thread's priority: what it renders, a window or
        // preview waits for (at launch, the first frames). Lowered once, for good: an
        // unprivileged thread cannot raise it again.
        if !demand { lowerPriority() }
        while true {
            cond.lock()
            func queued() -> Bool { demand ? !requested.isEmpty : !pending.isEmpty }
            while !queued() && !retired { if demand || !repackOne() { idle() } }
            // Retired and nothing asked for: the thread ends (a scene a reload kept that asks
            // again starts another).
            if !queued() {
                if demand { demandWorker = false } else { prefetchWorker = false }
                cond.unlock(); return
            }
            let key = demand ? requested.removeFirst() : pending.removeFirst()
            askedFirst.remove(key)
            // Rendered meanwhile by the other worker (or the caller): only the waiters to tell.
            if entries[key] != nil || store.contains(key) {
                let told = waiters.removeValue(forKey: key) ?? []
                cond.broadcast(); cond.unlock()
                told.forEach { $0() }
                continue
            }
            if demand { demanding = key } else { prefetching = key }
            cond.unlock()
            // Packed at once: the full-size pixels go back to the heap before the next render.
            var b = render(key, with: own ?? document)
            let packed = b.flatMap { PackedPage($0) }
            if let small = packed.flatMap({ bitmap(of: $0, for: key) }) { b = small }
            cond.lock()
            // The other worker (or the caller) may have finished it first: theirs stays, so a
            // view holding it keeps the same bitmap (and texture).
            let first = lookup(key) == nil && !store.contains(key)
            if let b, first {
                insert(b, for: key)
                prefetchedCount += 1
                if let packed { store.insert(packed, for: key) }
                // The render's pixels and LZ4's output buffer were freed just now.
                freedSinceTrim += 2 * key.byteCount
                // Done for both workers: the other one does not render it again.
                requested.removeAll { $0 == key }; pending.removeAll { $0 == key }; askedFirst.remove(key)
            } else if b == nil { failed.insert(key) }
            let told = waiters.removeValue(forKey: key) ?? []
            let trim = freedSinceTrim >= Self.trimAfter
            if trim { freedSinceTrim = 0 }
            cond.broadcast()
            cond.unlock()
            // Freed page buffers back to the system, here on the worker, not on the main thread.
            if trim { podium_malloc_trim() }
            // Also on failure: the waiter then draws its placeholder for good, not a stale page.
            // Told before the key stops being in flight, so `waitUntilIdle` means told.
            told.forEach { $0() }
            cond.lock()
            if demand { demanding = nil } else { prefetching = nil }
            cond.broadcast(); cond.unlock()
        }
    }

    /// Lower priority than the main thread (nice 10, this thread only): on a busy machine the
    /// console's input, timers and control socket go first, pre-rendering after. And SCHED_IDLE
    /// where allowed: the worker starts the next page the moment an advance names it, while the
    /// X server is presenting that advance; at nice 10 it kept its core then and the server's copy
    /// waited (first visits ~3 ms slower than revisits on 2 cores). In SCHED_IDLE any thread that
    /// wakes takes its core at once; it still has every idle core.
    private func lowerPriority() {
        podium_lower_thread_priority(10)
        if Self.idleScheduling { _ = podium_idle_thread_priority() }
    }

    /// Waits for work (called with the lock held). After `idleTrimDelay` (half a second) with nothing to do,
    /// page buffers freed since the last trim go back to the system (`malloc_trim`, every
    /// thread's heap): a talk resting on a slide holds no freed render buffers (8 MB each at
    /// 1920×1080). Not while paging fast: the next render would fault them in again.
    private func idle() {
        guard freedSinceTrim > 0 else { cond.wait(); return }
        let timedOut = !cond.wait(until: Date(timeIntervalSinceNow: Self.idleTrimDelay))
        guard timedOut, pending.isEmpty, requested.isEmpty, !retired, freedSinceTrim > 0 else { return }
        freedSinceTrim = 0
        idleTrims += 1
        cond.unlock()
        podium_malloc_trim()
        cond.lock()
    }

    /// Packs one stored page again densely (`PackedPage.repacked`), if one is left: the
    /// prefetch worker's work when it has nothing to render (in SCHED_IDLE, so it never holds a
    /// core another thread wants). Called with the lock held, which it drops meanwhile; false
    /// when there was nothing to do (`PODIUM_PAGE_REPACK=0`: never, for A/B).
    private func repackOne() -> Bool {
        guard Self.repackStored, let (key, old) = store.nextToRepack() else { return false }
        repacking = key
        cond.unlock()
        let dense = old.repacked()
        cond.lock()
        repacking = nil
        // The old copy was the store's alone: freed here, and the idle trim hands it back.
        freedSinceTrim += store.replace(key, old: old, with: dense)
        cond.broadcast()
        return true
    }

    /// Whether stored pages are packed again densely when the prefetch worker is idle.
    static let repackStored = ProcessInfo.processInfo.environment["PODIUM_PAGE_REPACK"] != "0"
    /// The key being packed again now.
    private var repacking: PageKey?

    /// Waits until the prefetch worker has packed again every stored page that no bitmap holds
    /// (tests). Only while a prefetch worker runs: pages are packed again by it alone.
    public func waitUntilRepacked() {
        cond.lock()
        while repacking != nil || (Self.repackStored && prefetchWorker && store.nextToRepack() != nil) { cond.wait() }
        cond.unlock()
    }

    /// Stored pages packed again (or found not to get smaller), of those kept (tests).
    public var repackedUsage: (repacked: Int, count: Int) {
        cond.lock(); defer { cond.unlock() }
        return (store.repackedCount, store.count)
    }

    /// Whether previews' sizes go before larger queued renders (`PODIUM_PREVIEWS_FIRST=0`: at
    /// the end, as before, for A/B).
    static let previewsFirst = ProcessInfo.processInfo.environment["PODIUM_PREVIEWS_FIRST"] != "0"
    /// Whether the worker runs in SCHED_IDLE (`PODIUM_RENDER_IDLE=0`: nice 10 only, for A/B).
    static let idleScheduling = ProcessInfo.processInfo.environment["PODIUM_RENDER_IDLE"] != "0"
    /// The prefetch worker's and the demand worker's thread ids once they run (tests read their
    /// scheduling policy).
    var workerID: Int? { cond.lock(); defer { cond.unlock() }; return workerThreadID }
    var demandWorkerID: Int? { cond.lock(); defer { cond.unlock() }; return demandThreadID }
    private var workerThreadID: Int?, demandThreadID: Int?

    /// Seconds with nothing to render before freed page buffers are handed back.
    static let idleTrimDelay = 0.5
    /// Trims made after the worker went idle (tests).
    public private(set) var idleTrims = 0

    /// Bytes freed (renders packed, bitmaps evicted) after which the worker hands free heap
    /// memory back to the system (`malloc_trim`): glibc keeps freed page buffers otherwise (tens
    /// of MB). Only after renders, so a revisit, which renders nothing, pays nothing for it.
    static let trimAfter = 16 << 20

    private func render(_ key: PageKey, with doc: PDFDocument? = nil) -> Bitmap? {
        Self.willRender?(key)
        // The same file opened again could have changed size: only use it when the pages match.
        let d = doc.flatMap { $0.pageSizes == document.pageSizes ? $0 : nil } ?? document
        return d.render(page: key.page, crop: key.region, pixelWidth: key.pixelWidth, pixelHeight: key.pixelHeight, resizer: resizer(key))
    }

    private func resizer(_ key: PageKey) -> PageResizer { PageResizer(cache: self, source: key) }

    /// A bitmap of the stored page for `key`, kept. Called with the lock held.
    private func stored(_ key: PageKey) -> Bitmap? {
        guard let b = store.take(key).flatMap({ bitmap(of: $0, for: key) }) else { return nil }
        fromStoreCount += 1
        insert(b, for: key)
        return b
    }

    /// A bitmap of `packed`, the page for `key`, that renders the page again if those bytes ever
    /// fail to unpack (`unreadable`).
    private func bitmap(of packed: PackedPage, for key: PageKey) -> Bitmap? {
        packed.whenUnreadable { [weak self] page, dst, stride in self?.unreadable(page, key, into: dst, stride: stride) ?? false }
        return packed.bitmap(resizer: resizer(key))
    }

    /// Stored bytes for `key` that failed to unpack (damaged memory; trial 27 m2, forced there by
    /// fault injection): without this the room showed that page black at every visit. They are
    /// forgotten (store, cache), so the views, redrawn, ask again; on the main thread (where every
    /// frame is drawn) the page is rendered again now, kept, and written to `dst` at `stride`, so
    /// the frame being drawn shows it rather than a blank page. False when it cannot be (another
    /// thread, or poppler fails too).
    private func unreadable(_ broken: PackedPage, _ key: PageKey, into dst: UnsafeMutableRawPointer, stride: Int) -> Bool {
        cond.lock()
        store.remove(key, ifItIs: broken)
        if entries[key]?.bitmap.pixelSource === broken { entries[key] = nil }
        if live[key]?.bitmap?.pixelSource === broken { live[key] = nil }
        unreadableCount += 1
        let hook = redrawHook
        cond.unlock()
        defer { hook?() }
        // Written only where it is exactly the damaged page's size (the destination was made for
        // that page: a texture, the window surface, a pixmap).
        guard podium_thread_id() == getpid(), let full = render(key), full.width == broken.width, full.height == broken.height,
              stride >= full.width * 4 else { return false }
        let row = full.width * 4
        full.pixels.withUnsafeBytes { src in
            for y in 0..<full.height { (dst + y * stride).copyMemory(from: src.baseAddress! + y * full.stride, byteCount: row) }
        }
        let packed = PackedPage(full)
        let b = packed.flatMap { bitmap(of: $0, for: key) } ?? full
        cond.lock()
        renderedOnDemandCount += 1
        if lookup(key) == nil { insert(b, for: key); if let packed { store.insert(packed, for: key) } }
        cond.unlock()
        return true
    }

    /// Stored pages whose bytes failed to unpack (tests).
    public private(set) var unreadableCount = 0

    /// Replaces the stored bytes of `key` with `page`, and forgets its bitmap, so the next ask
    /// gets `page` (tests: damaged bytes).
    func replaceStored(_ key: PageKey, with page: PackedPage) {
        cond.lock(); store.insert(page, for: key); entries[key] = nil; live[key] = nil; cond.unlock()
    }

    /// Whether the worker has anything to do for `key`. Called with the lock held.
    private func needsWork(_ key: PageKey) -> Bool {
        !(entries[key] != nil || live[key]?.bitmap != nil || store.contains(key) || key == demanding || key == prefetching || requested.contains(key)
          || putOff.contains(key) || failed.contains(key))
    }

    /// Called with the lock held.
    private func lookup(_ key: PageKey) -> Bitmap? {
        if let e = entries[key] {
            clock += 1
            entries[key] = (e.bitmap, clock)
            return e.bitmap
        }
        // Evicted but still held by a view or a texture: the same object, not a second copy.
        guard let b = live[key]?.bitmap else { return nil }
        insert(b, for: key)
        return b
    }

    /// Adds a bitmap and evicts to the budget. Called with the lock held.
    private func insert(_ b: Bitmap, for key: PageKey) {
        clock += 1
        entries[key] = (b, clock)
        live[key] = WeakBitmap(b)
        let group = entries.filter { $0.key.group == key.group }.sorted { $0.value.used < $1.value.used }
        for old in group.dropLast(Self.pagesPerGroup) { evict(old.key) }
        var bytes = entries.values.reduce(0) { $0 + $1.bitmap.byteCount }
        for old in entries.sorted(by: { $0.value.used < $1.value.used }) where bytes > Self.byteBudget && old.key != key {
            evict(old.key)
            bytes -= old.value.bitmap.byteCount
        }
        if live.count > 4 * entries.count + 64 { live = live.filter { $0.value.bitmap != nil } }
    }

    /// Called with the lock held.
    private func evict(_ key: PageKey) {
        guard let e = entries.removeValue(forKey: key) else { return }
        freedSinceTrim += e.bitmap.byteCount
    }
}

/// A bitmap held weakly (`PageCache.live`).
private struct WeakBitmap {
    weak var bitmap: Bitmap?
    init(_ b: Bitmap) { bitmap = b }
}

extension PageKey {
    /// Bytes of the unpacked page (4 per pixel).
    var byteCount: Int { pixelWidth * pixelHeight * 4 }
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
    private static let lock = ThreadLock()

    /// The cache for the PDF at `path` (absolute), opening it on first use (inside `loadFresh`:
    /// opening it again from the file). Throws `PDFError`.
    public static func cache(for path: String) throws -> PageCache {
        lock.lock(); defer { lock.unlock() }
        PageRenderHold.installFromEnvironment()
        if let c = staged?[path] ?? (staged == nil ? byPath[path] : nil) { return c }
        let document: PDFDocument
        do { document = try PDFDocument(path: path) }
        catch let e as PDFError {
            // A restart while the file is broken: the version the talk showed (never on a reload,
            // which keeps the version on screen instead).
            guard staged == nil, let copy = PDFLastGoodCopy.reopen(path, after: e) else { throw e }
            document = copy
        }
        generations += 1
        let c = PageCache(document: document, generation: generations)
        if staged != nil { staged?[path] = c } else { byPath[path] = c; PDFLastGoodCopy.keep(document) }
        return c
    }

    /// Runs `body` (load and check a new version of the deck) with every file it asks for opened
    /// afresh. When `body` returns true the fresh caches replace the old ones (which are
    /// retired), except where the file's bytes did not change (the old cache stays, pages and
    /// all); when it returns false or throws they are dropped and the old ones stay.
    public static func loadFresh(_ body: () throws -> Bool) rethrows -> Bool {
        lock.lock(); staged = [:]; lock.unlock()
        var keep = false
        defer {
            lock.lock()
            let fresh = staged ?? [:]
            staged = nil
            var replaced: [PageCache] = [], unused: [PageCache] = []
            for (path, c) in fresh {
                // The same bytes as the document in use (Ctrl+R with the file unchanged): the
                // cache in use stays, with its rendered pages and its worker; the scenes a reload
                // keeps hold it, and a retired cache under the room's page was trial 11's F2.
                if keep, let old = byPath[path], !old.document.hasSameBytes(as: c.document) { replaced.append(old); byPath[path] = c; PDFLastGoodCopy.keep(c.document) }
                else if keep, byPath[path] == nil { byPath[path] = c; PDFLastGoodCopy.keep(c.document) }
                else { unused.append(c) }
            }
            lock.unlock()
            replaced.forEach { $0.retire() }
            unused.forEach { $0.retire() }
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
