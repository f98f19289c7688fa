import CCrashWatch
import Foundation
import PodiumSDL

// Entry point: parse the command line and run one command. Exit codes: 0 success, 1 runtime
// failure, 2 usage or validation error.
PlatformProcess.prepare()
LaunchTrace.mark("main")
let status = CommandLineInterface.run(Array(CommandLine.arguments.dropFirst()))
// Out without exit()'s C++ static destructors (poppler's, fontconfig's): a page-render or media
// worker thread may still be inside those libraries, and tearing them down under it crashed a
// clean quit now and then (SIGSEGV after "quit"). Everything Podium keeps is on disk by now
// (journal and sidecars renamed whole, SQLite committed); stdio is flushed first.
fflush(nil)
// An end on purpose, whatever the status: the crash watcher (`CrashRestart`) restarts nothing.
podium_crash_watch_ended()
_exit(status)
