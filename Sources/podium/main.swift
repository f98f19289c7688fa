import CCrashWatch
import FoundationEssentials
import Glibc
import PodiumSDL

// Entry point: parse the command line and run one command. Exit codes: 0 success, 1 runtime
// failure, 2 usage or validation error.
PlatformProcess.prepare()
LaunchTrace.mark("main")
let status: Int32
if let bad = CommandLineInterface.argumentNotUTF8() {
    // Swift's arguments replace such bytes with U+FFFD: the file opened would be another name.
    printError("podium: the argument \(bad) is not valid UTF-8 (a file name from an older system, say Latin-1): "
        + "podium reads names as UTF-8; rename it, e.g. convmv -f latin1 -t utf8 --notest FILE")
    status = 2
} else {
    status = CommandLineInterface.run(Array(CommandLine.arguments.dropFirst()))
}
// Out without exit()'s C++ static destructors (poppler's, fontconfig's): a page-render or media
// worker thread may still be inside those libraries, and tearing them down under it crashed a
// clean quit now and then (SIGSEGV after "quit"). Everything Podium keeps is on disk by now
// (journal and sidecars renamed whole, SQLite committed); stdio is flushed first.
fflush(nil)
// An end on purpose, whatever the status: the crash watcher (`CrashRestart`) restarts nothing.
podium_crash_watch_ended()
_exit(status)
