import FoundationEssentials
import Glibc

/// libX11's compose cache (issue 19, launch): SDL's X11 driver opens an input method, and
/// libX11 then parses the locale's Compose table (en_US.UTF-8: 500 KB of text, ~7.5 ms of CPU)
/// on every launch unless it finds a cache of the parsed table. It reads and writes one in the
/// directory `XCOMPOSECACHE` names (or `~/.compose-cache` when that exists, which Debian does not
/// make). Podium names a private one, `$XDG_CACHE_HOME/podium/compose` (default
/// `~/.cache/podium/compose`), so every launch after the first maps the parsed table instead.
/// libX11 checks the cache against the Compose file's size and time and the user, and parses
/// the file again when they differ, so typed input (dead keys, Compose sequences) is unchanged.
public enum ComposeCache {
    /// The directory for the cache; nil when `XCOMPOSECACHE` is already set (the user's choice
    /// wins) or no absolute home is known. Pure: reads only `environment`.
    public static func directory(environment: [String: String]) -> String? {
        guard environment["XCOMPOSECACHE"] == nil else { return nil }
        if let c = environment["XDG_CACHE_HOME"], c.hasPrefix("/") { return c + "/podium/compose" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/podium/compose"
    }

    /// Makes the directory (mode 0700: libX11 uses only a cache directory owned by the user
    /// and not writable by others) and sets `XCOMPOSECACHE` to it. Call before SDL_Init. A
    /// directory that cannot be made costs only the cache: libX11 then parses as before.
    public static func prepare(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let dir = directory(environment: environment) else { return }
        guard (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil else { return }
        setenv("XCOMPOSECACHE", dir, 1)
    }
}
