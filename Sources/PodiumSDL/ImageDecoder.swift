import CSDL2
import Dispatch
import FoundationEssentials
import PodiumKit
import Glibc

/// Decodes image files into SDL surfaces on a background thread, one at a time (decoding is
/// CPU-bound, and two cores are shared with the rest of the talk). Textures are made from the
/// surfaces on the main thread, in `Renderer`.
final class ImageDecoder: @unchecked Sendable {
    private let queue = DispatchQueue(label: "podium.image-decoder", qos: .userInitiated)
    private let lock = ThreadLock()
    private var finished: [(String, Result<UnsafeMutablePointer<SDL_Surface>, ImageError>)] = []
    private var running = 0
    private var discarded = false

    /// Decodes `path`; `wake` is called on the decoding thread when the result can be taken.
    func decode(_ path: String, wake: @escaping @Sendable () -> Void) {
        lock.lock(); running += 1; lock.unlock()
        queue.async { [self] in
            let r = ImageFile.decode(path)
            lock.lock()
            running -= 1
            if discarded { if case let .success(s) = r { SDL_FreeSurface(s) } } else { finished.append((path, r)) }
            lock.unlock()
            wake()
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
