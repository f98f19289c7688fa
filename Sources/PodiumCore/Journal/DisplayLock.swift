import FoundationEssentials
import Glibc
import PodiumKit

/// One room per display server: a second `podium present` of another deck (opened, say, to check
/// a slide during questions) would put its audience view fullscreen on the projector of the
/// running talk, over the speaker's blackout. An advisory lock (`LockFile`) per display server,
/// `display-<hash>.lock` beside the talk journals, naming the holder's pid and deck.
/// `--windowed` audience views and headless drivers take no lock: they cannot cover a projector.
/// On X11 the lock is a selection on the X server instead (PodiumSDL's `AudienceLock`), one per
/// server whatever HOME or XDG_STATE_HOME a process has; this file lock is for Wayland, and for an
/// X server that cannot be asked.
public final class DisplayLock {
    private let file: LockFile
    private init(file: LockFile) { self.file = file }

    /// The display server a `present` with this environment reaches, as "x11 :0" or
    /// "wayland wayland-1"; nil for SDL's headless drivers (offscreen, dummy) or no server at all.
    /// Follows SDL 2.26's choice: `SDL_VIDEODRIVER`'s first driver, else x11 when `DISPLAY` is set.
    public static func server(environment: [String: String]) -> String? {
        func value(_ k: String) -> String? { environment[k].flatMap { $0.isEmpty ? nil : $0 } }
        let driver = value("SDL_VIDEODRIVER")?.split(separator: ",").first.map(String.init)
        switch driver {
        case "offscreen", "dummy", "evdev": return nil
        case "wayland": return value("WAYLAND_DISPLAY").map { "wayland \($0)" }
        case "x11": return value("DISPLAY").map { "x11 \(x11Server($0))" }
        default: return value("DISPLAY").map { "x11 \(x11Server($0))" } ?? value("WAYLAND_DISPLAY").map { "wayland \($0)" }
        }
    }

    /// The X server a `DISPLAY` names, one spelling for each: `:0`, `:0.0` and `unix:0` are the
    /// same local server (the screen number after the dot is not part of it, and `unix` is the
    /// local socket, Xlib's XOpenDisplay(3)).
    static func x11Server(_ display: String) -> String {
        guard let colon = display.lastIndex(of: ":") else { return display }
        var host = String(display[..<colon])
        let number = display[display.index(after: colon)...].split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        if host == "unix" { host = "" }
        return "\(host):\(number)"
    }

    /// Takes the lock for `server` (from `server(environment:)`) on behalf of the deck at
    /// `deckPath`. Nil when the lock file cannot be made (the talk goes on unguarded). Throws
    /// `DisplayLockError` naming the other podium's pid and deck when it still holds the display
    /// after `graceSeconds` (seconds).
    public static func acquire(server: String, deckPath: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               graceSeconds: Double = 1.5) throws -> DisplayLock? {
        let folder = TalkJournal(deckPath: deckPath, environment: environment).file.deletingLastPathComponent()
        let path = folder.appendingPathComponent("display-\(TalkJournal.hash(server)).lock").path
        do { return try LockFile.take(path, detail: [deckPath], graceSeconds: graceSeconds).map(DisplayLock.init) }
        catch let held as LockFile.Held { throw DisplayLockError(server: server, pid: held.pid, deck: held.detail.first) }
    }
}

/// Another podium presents on the display server.
public struct DisplayLockError: Error, CustomStringConvertible {
    public var server: String
    public var pid: Int?
    public var deck: String?
    /// `server` as `DisplayLock.server` spells it; the holder's `pid` and `deck` when known.
    public init(server: String, pid: Int?, deck: String?) { self.server = server; self.pid = pid; self.deck = deck }
    public var description: String {
        let who = "another podium\(pid.map { " (pid \($0))" } ?? "")"
        let what = deck.map { " is presenting \(SafeText.quote($0))" } ?? " is presenting"
        return "\(who)\(what) on this display (\(server)): its audience view holds the projector. "
            + "Quit that talk first (q or Ctrl+Q on its presenter screen); --windowed opens this deck in windows on your own screen"
    }
}
