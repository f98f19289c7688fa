import FoundationEssentials
import Glibc

// Locks, a condition and threads from pthreads, so Podium's libraries import FoundationEssentials
// alone: NSLock, NSCondition and Thread are in libFoundation.so, which with the ICU data and
// FoundationInternationalization it links costs a talk ~6 MB resident and ~3 ms of start
// (docs/Performance.md, "Foundation out of a PDF talk").

/// A mutual-exclusion lock (a pthread mutex), `NSLock`'s shape: `lock()`/`unlock()` around state
/// the caller keeps beside it, or `withLock`.
public final class ThreadLock: @unchecked Sendable {
    fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// An unlocked, non-recursive mutex: never lock it again from the thread that holds it (glibc's
    /// default mutex deadlocks).
    public init() { pthread_mutex_init(mutex, nil) }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    /// Blocks until the lock is free, then takes it.
    public func lock() { pthread_mutex_lock(mutex) }
    /// Releases the lock; only the thread holding it may call this.
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Takes the lock if it is free; false at once when another thread holds it.
    public func `try`() -> Bool { pthread_mutex_trylock(mutex) == 0 }
    /// Runs `body` holding the lock and returns its result; the lock is released also when `body`
    /// throws.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock(); defer { unlock() }
        return try body()
    }
}

/// A lock with a condition variable, `NSCondition`'s shape: waits release the lock while they
/// sleep and hold it again when they return.
public final class ThreadCondition: @unchecked Sendable {
    private let lockPart = ThreadLock()
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// An unlocked condition with no waiters.
    public init() { pthread_cond_init(cond, nil) }
    deinit { pthread_cond_destroy(cond); cond.deallocate() }
    /// Takes the condition's lock (held around the state the condition guards).
    public func lock() { lockPart.lock() }
    /// Releases the condition's lock.
    public func unlock() { lockPart.unlock() }
    /// Releases the lock and sleeps until signalled, then holds it again. Call with the lock held,
    /// in a loop re-checking the state: wake-ups may be spurious.
    public func wait() { pthread_cond_wait(cond, lockPart.mutex) }
    /// Waits until signalled or until `date` (the wall clock, as `NSCondition`); false when
    /// the deadline passed. A deadline already past returns false at once without releasing the
    /// lock, as swift-corelibs-foundation's `NSCondition.wait(until:)` does (its `timeSpecFrom`
    /// refuses a past date): a caller asking with no wait (`PageCache.bitmap(_:waitingAtMost: 0)`)
    /// must not let another thread in meanwhile.
    public func wait(until date: Date) -> Bool {
        guard date.timeIntervalSinceNow > 0 else { return false }
        let deadline = date.timeIntervalSince1970, whole = deadline.rounded(.down)
        var ts = timespec(tv_sec: Int(whole), tv_nsec: Int((deadline - whole) * 1e9))
        return pthread_cond_timedwait(cond, lockPart.mutex, &ts) == 0
    }
    /// Wakes one thread waiting on the condition, if any.
    public func signal() { pthread_cond_signal(cond) }
    /// Wakes every thread waiting on the condition.
    public func broadcast() { pthread_cond_broadcast(cond) }
}

/// Starts `body` on a new detached thread (`Thread.detachNewThread`), named `name` (at most 15
/// bytes show in `/proc/PID/task/*/comm`) with a stack of `stackSize` bytes when given (glibc's
/// default, 8 MB of address space, otherwise). Returns false when the thread could not start.
@discardableResult
public func startDetachedThread(name: String? = nil, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box { let body: @Sendable () -> Void; let name: String?; init(_ b: @escaping @Sendable () -> Void, _ n: String?) { body = b; name = n } }
    var attr = pthread_attr_t()
    pthread_attr_init(&attr); defer { pthread_attr_destroy(&attr) }
    pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attr, stackSize) }
    let box = Unmanaged.passRetained(Box(body, name)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, &attr, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        if let name = box.name { _ = GNUFunctions.setThreadName?(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self)) }
        box.body()
        return nil
    }, box)
    if started != 0 { Unmanaged<Box>.fromOpaque(box).release() }
    return started == 0
}
