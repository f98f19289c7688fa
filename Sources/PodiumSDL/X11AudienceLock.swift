import CX11Present
import FoundationEssentials
import Glibc
import PodiumCore

/// One talk's audience view per X server screen, held on the X server itself: the selection
/// `_PODIUM_AUDIENCE_S<screen>` (`podium_x11_audience_claim`). The file lock (`DisplayLock`) lives
/// under the user's state folder, so a second `present` with another HOME or XDG_STATE_HOME (a
/// second account, sudo) was not refused and covered the room (trial 10 F1); a selection has one
/// owner per server whoever asks, and ends with the owner's connection, so with the process
/// however it ends (a crash restart takes it over from the crash watcher's cover, which took it from
/// the talk before it died: `handover`).
public final class X11AudienceLock {
    /// The screen whose selection is held.
    public let screen: Int
    private init(screen: Int) { self.screen = screen }
    deinit { podium_x11_audience_release() }

    /// Claims the selection on the X server `display` names (`DISPLAY`) for the deck at `deckPath`.
    /// Nil when the server cannot be reached (the caller falls back to the file lock). Throws
    /// `DisplayLockError` (naming `server`, the holder's pid and deck) when another process still
    /// holds it after `graceSeconds` seconds (a talk that is quitting lets go within that).
    /// `handover`: a crash restart's token (`CrashRestart.handover`): the crash watcher's cover,
    /// which took the selection from the talk before it died, hands it over to this process only.
    public static func acquire(display: String?, server: String, deckPath: String, handover: String? = nil,
                               graceSeconds: Double = 1.5) throws -> X11AudienceLock? {
        let deadline = Date().addingTimeInterval(graceSeconds)
        while true {
            var screen: Int32 = 0, pid = -1
            var deck = [CChar](repeating: 0, count: 4096)
            switch podium_x11_audience_claim(display, deckPath, handover, &screen, &pid, &deck, deck.count) {
            case 1: return X11AudienceLock(screen: Int(screen))
            case 0 where Date() >= deadline:
                let holder = String(decoding: deck.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw DisplayLockError(server: server, pid: pid > 0 ? pid : nil, deck: holder.isEmpty ? nil : holder)
            case 0: usleep(100_000)
            default: return nil
            }
        }
    }
}

/// The one-room-per-display lock for a `present` reaching `server` (`DisplayLock.server`): on X11
/// the selection on the server (`X11AudienceLock`), by construction one per server; elsewhere
/// (Wayland), or when the X server cannot be asked, the file lock under the user's state folder
/// (`DisplayLock`). Nil when no lock could be made (the talk goes on unguarded). Throws
/// `DisplayLockError` when another talk holds the display. Keep the result for the talk's life.
public enum AudienceLock {
    public static func acquire(server: String, deckPath: String, handover: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AnyObject? {
        if server.hasPrefix("x11 "), let lock = try X11AudienceLock.acquire(display: environment["DISPLAY"], server: server, deckPath: deckPath, handover: handover) {
            return lock
        }
        return try DisplayLock.acquire(server: server, deckPath: deckPath, environment: environment)
    }

    /// The holder, when another talk holds the display at once (no grace): asked by a `--windowed`
    /// talk, which takes no lock but must then keep off the room's display. Claims and lets go at
    /// once when free (a talk starting meanwhile waits out its grace). Nil when free or unknown.
    public static func heldElsewhere(server: String, deckPath: String,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> DisplayLockError? {
        do {
            if server.hasPrefix("x11 "), try X11AudienceLock.acquire(display: environment["DISPLAY"], server: server, deckPath: deckPath, graceSeconds: 0) != nil {
                return nil
            }
            _ = try DisplayLock.acquire(server: server, deckPath: deckPath, environment: environment, graceSeconds: 0)
            return nil
        } catch let held as DisplayLockError { return held } catch { return nil }
    }
}
