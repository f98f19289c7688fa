import Foundation
import PodiumSDL

/// Reads a patch of the X screen (`X11Screen`) over and over on a thread of its own, as fast as
/// the server answers (a read is a millisecond or two), and counts the reads in which any pixel
/// had the desktop's colour: a gap of a few milliseconds between the talk's windows and the
/// watcher's cover is caught where a grab every 20-50 ms (`RoomWatch`) may miss it.
final class RoomSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var reads = 0, desktopReads = 0, stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// `rect`: root-window pixels of display `display`; `desktop`: R, G, B (the root's colour).
    init(display: String, rect: (x: Int, y: Int, width: Int, height: Int), desktop: [UInt8]) {
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopping }) {
                guard let px = X11Screen.pixels(display: display, x: rect.x, y: rect.y, width: rect.width, height: rect.height) else { continue }
                var seen = false
                for i in stride(from: 0, to: px.count, by: 4) where px[i] == desktop[0] && px[i + 1] == desktop[1] && px[i + 2] == desktop[2] { seen = true; break }
                lock.withLock { reads += 1; if seen { desktopReads += 1 } }
            }
            finished.signal()
        }
    }

    /// How many reads so far, and how many of them showed the desktop.
    var counts: (reads: Int, desktop: Int) { lock.withLock { (reads, desktopReads) } }

    /// Ends the reading (waits for the thread); the final counts.
    func stop() -> (reads: Int, desktop: Int) {
        let first = lock.withLock { () -> Bool in defer { stopping = true }; return !stopping }
        if first { finished.wait() }
        return counts
    }
}
