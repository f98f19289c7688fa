import FoundationEssentials
import Glibc

/// No D-Bus autolaunch at launch (issue 19): SDL_Init connects to the session bus (screensaver
/// inhibition, input methods), and where the session has none (no `DBUS_SESSION_BUS_ADDRESS`,
/// no `$XDG_RUNTIME_DIR/bus`: an X session started without one, a rig, ssh -X) libdbus
/// "autolaunches": it forks the talk and runs `dbus-launch --autolaunch`, searching PATH, while
/// the main thread waits. Without dbus-launch that is a fork and failed execs (~2–18 ms on this
/// 2-core VM under load); with it (Debian's dbus-x11) a dbus-daemon is started for the X display
/// and outlives the talk. Neither is any use to a talk: with no session bus there is nothing to
/// inhibit or talk to. So for SDL_Init only, an unset address is set to one that fails at once
/// without autolaunch ("disabled:", an address type libdbus does not know), then unset again,
/// so programs the talk starts later see the environment it was given.
public enum SessionBusAutolaunch {
    /// The address to set while SDL starts: nil when the session names a bus (the address, or
    /// the runtime directory's `bus` socket libdbus looks for first). Pure: reads only its arguments.
    public static func blockingAddress(environment: [String: String], busSocketExists: (String) -> Bool) -> String? {
        guard environment["DBUS_SESSION_BUS_ADDRESS"] == nil else { return nil }
        if let run = environment["XDG_RUNTIME_DIR"], !run.isEmpty, busSocketExists(run + "/bus") { return nil }
        return "disabled:"
    }

    /// Runs `body` (SDL_Init) with autolaunch blocked when the session has no bus.
    public static func withoutAutolaunch<T>(_ body: () throws -> T) rethrows -> T {
        let env = ProcessInfo.processInfo.environment
        guard let address = blockingAddress(environment: env, busSocketExists: isSocket) else { return try body() }
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        defer { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        return try body()
    }

    private static func isSocket(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFSOCK
    }
}
