import CSDL2
import FoundationEssentials
import PodiumKit
import Glibc

/// Decodes image files into SDL surfaces on a background thread, one at a time (decoding is
/// CPU-bound, and two cores are shared with the rest of the talk). Textures are made from the
/// surfaces on the main thread, in `Renderer`. The thread is started when work comes and ends
/// when none is left: not a Dispatch queue, whose first work starts libdispatch's worker pool
/// and its monitor, a timer waking the talk every second for good (issue 19, idle).
final class ImageDecoder: @unchecked Sendable {
    private let lock = ThreadLock()
    private var finished: [(String, Result<UnsafeMutablePointer<SDL_Surface>, ImageError>)] = []
    private var jobs: [(path: String, wake: @Sendable () -> Void)] = []
    private var running = 0
    private var threadRuns = false
    private var discarded = false

    /// Decodes `path`; `wake` is called on the decoding thread when the result can be taken (on
    /// the caller's, after decoding there, when no thread can start).
    func decode(_ path: String, wake: @escaping @Sendable () -> Void) {
        lock.lock()
        running += 1
        jobs.append((path, wake))
        let start = !threadRuns
        threadRuns = true
        lock.unlock()
        if start, !startDetachedThread(name: "podium-images", { [self] in work() }) { work() }
    }

    /// Decodes the jobs in order until none is left.
    private func work() {
        while true {
            lock.lock()
            guard !jobs.isEmpty else { threadRuns = false; lock.unlock(); return }
            let job = jobs.removeFirst()
            lock.unlock()
            let r = ImageFile.decode(job.path)
            lock.lock()
            running -= 1
            if discarded { if case let .success(s) = r { SDL_FreeSurface(s) } } else { finished.append((job.path, r)) }
            lock.unlock()
            job.wake()
        }
    }

    /// Results since the last call, in the order they finished.
    func takeFinished() -> [(String, Result<UnsafeMutablePointer<SDL_Surface>, ImageError>)] {
        lock.lock(); defer { lock.unlock() }
        let out = finished; finished.removeAll(); return out
    }

    /// Decodes begun and not yet taken.
    var outstanding: Int { lock.lock(); defer { lock.unlock() }; return running + finished.count }

    /// The renderer is going away: free what is done, and what finishes later.
    func discard() {
        lock.lock(); discarded = true; let f = finished; finished.removeAll(); lock.unlock()
        for case let (_, .success(s)) in f { SDL_FreeSurface(s) }
    }
}
