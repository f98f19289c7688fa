import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// glibc's setenv of a new variable reallocates the environment array and frees the old one, so
/// a getenv on another thread at that moment walks freed memory: a talk died of a SIGSEGV at
/// launch, with no message, before its control socket opened (CrashingPluginEndToEndTests, about
/// one class run in ten). Pango's font map loads fontconfig on a thread of its own, whose getenv
/// calls (its config, every font cache) came 15 ms before the main thread's setenv of
/// XCOMPOSECACHE. The launch now changes the environment before any such thread runs. A small
/// LD_PRELOAD library notes every setenv and every getenv on a thread other than the main one;
/// none of the latter may come before the last of the former.
final class LaunchEnvironmentRaceTests: XCTestCase {
    static let shim = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/syscall.h>
        #include <unistd.h>
        static int out = -1;
        static void note(char kind, const char *name) {
            if (out < 0) {
                int (*real_open)(const char *, int, ...) = dlsym(RTLD_NEXT, "open");
                char *(*real_getenv)(const char *) = dlsym(RTLD_NEXT, "getenv");
                const char *path = real_getenv("ENV_RACE_LOG");
                if (!path) return;
                out = real_open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
                if (out < 0) return;
            }
            dprintf(out, "%d %c %s\\n", getpid(), kind, name);
        }
        int setenv(const char *name, const char *value, int overwrite) {
            int (*real)(const char *, const char *, int) = dlsym(RTLD_NEXT, "setenv");
            note('S', name);
            return real(name, value, overwrite);
        }
        char *getenv(const char *name) {
            char *(*real)(const char *) = dlsym(RTLD_NEXT, "getenv");
            if (syscall(SYS_gettid) != getpid()) note('G', name);
            return real(name);
        }
        """

    func testNoOtherThreadReadsTheEnvironmentBeforeTheLaunchsLastSetenv() throws {
        guard let cc = ["/usr/bin/cc", "/usr/bin/gcc"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no C compiler for the LD_PRELOAD library")
        }
        let dir = TestPaths.tempDir("env-race")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("shim.c"), library = dir.appendingPathComponent("shim.so").path
        try Self.shim.write(to: source, atomically: true, encoding: .utf8)
        let built = try runProcess(cc, ["-shared", "-fPIC", "-o", library, source.path, "-ldl"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let log = dir.appendingPathComponent("env.log").path
        // As a test launches a talk: watched (LastGoodDeck, PODIUM_CRASH_WATCHED), offscreen.
        let app = try PodiumProcess(args: [TestPaths.titleDeck(2, title: "Env", in: dir), "--windowed"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "SWIFT_BACKTRACE": "enable=no",
                                                  "PODIUM_RESTART_ON_CRASH": "1", "LD_PRELOAD": library, "ENV_RACE_LOG": log],
                                    dir: dir)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["count"]?.int, 2, app.log)
        XCTAssertEqual(app.stop(), 0, app.log)
        // The talk's own lines (the watcher is another process).
        let talk = "\(app.process.processIdentifier) "
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix(talk) }.map { $0.dropFirst(talk.count) }
        let lastSet = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("S XCOMPOSECACHE") }, "the launch sets XCOMPOSECACHE: \(lines.prefix(20))")
        XCTAssertTrue(lines.contains { $0.hasPrefix("G ") }, "the font map's thread reads the environment at all (else this checks nothing): \(lines.prefix(20))")
        let setsAfterLaunch = lines.indices.filter { lines[$0].hasPrefix("S ") }
        let last = setsAfterLaunch.last ?? lastSet
        let early = lines[..<last].filter { $0.hasPrefix("G ") }
        XCTAssertEqual(early, [], "getenv on another thread before the launch's last setenv (\(lines[last])): \(early.prefix(10))")
    }
}
