import CX11Present

/// What the X server does with the talk's windows when its process dies without closing its X
/// connection (SIGKILL, the out-of-memory killer): X's own close-down mode. While a crash watcher
/// runs, the server keeps them (RetainTemporary), so the room keeps the last frame until the
/// watcher's black cover is up, instead of the bare desktop for ~25 ms; the watcher then frees
/// them (XKillClient). A quit on purpose sets the default back first (DestroyAll).
@MainActor public enum X11CloseDown {
    /// Keeps `window`'s X connection's windows past the process's death
    /// (`podium_x11_retain_on_death`). Returns the X resource the watcher names to free them, or
    /// 0 when not on X11 (nothing set).
    public static func retainOnDeath(_ window: PlatformWindow) -> UInt {
        guard SDLVideo.currentDriver == "x11" else { return 0 }
        return UInt(podium_x11_retain_on_death(UnsafeMutableRawPointer(window.sdl)))
    }

    /// The default again: the connection's windows go with it. Before SDL closes its display
    /// (`SDLVideo.stop`); nothing when `retainOnDeath` was never set.
    public static func destroyOnClose() { podium_x11_destroy_on_close() }

    /// Frees the windows the X server kept of earlier talks that died with nobody to free them
    /// (the talk and its crash watcher killed together, `pkill -9 podium`): a dead console, a
    /// stale room (`podium_x11_free_dead_windows`: titled "Podium …", their `_NET_WM_PID` gone;
    /// a live talk's are never touched). On a connection of its own, before this process maps
    /// its windows. Returns what was freed ("pid N “title”, …"), nil when nothing was or not on X11.
    public static func freeDeadTalksWindows() -> String? {
        guard SDLVideo.currentDriver == "x11" else { return nil }
        var report = [CChar](repeating: 0, count: 2048)
        guard podium_x11_free_dead_windows(nil, &report, report.count) > 0 else { return nil }
        return String(decoding: report.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
