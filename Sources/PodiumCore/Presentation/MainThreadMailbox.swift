import FoundationEssentials
import PodiumKit
import Glibc

/// Work posted from any thread for the main thread (`SceneContext.runOnMain`). The platform's run
/// loop sleeps in SDL, so posting calls `wake` (set by the platform to push an SDL user event, as
/// the control server does) and the loop calls `drain()` when that event arrives.
public final class MainThreadMailbox: @unchecked Sendable {
    /// The process has one main thread, hence one mailbox.
    public static let shared = MainThreadMailbox()

    private let lock = ThreadLock()
    private var pending: [@Sendable @MainActor () -> Void] = []
    private var wakeUp: (@Sendable () -> Void)?

    /// Wakes the main thread's run loop; callable from any thread. Without one (no run loop, e.g.
    /// `podium snapshot`), posted work waits for an explicit `drain()`.
    public var wake: (@Sendable () -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return wakeUp }
        set {
            // Work posted before the run loop installed its wake-up (scenes made at launch) would
            // otherwise wait for someone else's post.
            lock.lock(); wakeUp = newValue; let waiting = !pending.isEmpty; lock.unlock()
            if waiting { newValue?() }
        }
    }

    public init() {}

    /// Queues `body` and wakes the main thread.
    public func post(_ body: @escaping @Sendable @MainActor () -> Void) {
        lock.lock(); pending.append(body); let w = wakeUp; lock.unlock()
        w?()
    }

    /// Runs everything posted so far, in order, on the main actor.
    @MainActor public func drain() {
        lock.lock(); let work = pending; pending.removeAll(); lock.unlock()
        for w in work { w() }
    }
}
