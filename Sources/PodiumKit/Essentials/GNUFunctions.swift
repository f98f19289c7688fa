import Glibc

/// glibc's GNU extensions that Swift's Glibc module leaves out (it is built without
/// `_GNU_SOURCE`), looked up once by name in the process's own libc.
enum GNUFunctions {
    nonisolated(unsafe) private static let libc = dlopen(nil, RTLD_NOW)

    /// `pthread_setname_np(thread, name)`: the thread's name in `/proc/PID/task/TID/comm`, perf
    /// and gdb (what Foundation's `Thread.name` set).
    static let setThreadName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32)? =
        dlsym(libc, "pthread_setname_np").map { unsafeBitCast($0, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self) }

    /// `posix_spawn_file_actions_addclosefrom_np(actions, from)` (glibc 2.34): the child closes
    /// every descriptor from `from` up.
    static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(libc, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }
}
