import Foundation
import PodiumTestSupport
import XCTest

/// Launch (issue 19): libX11 parses the locale's Compose table at every launch (~7.5 ms) unless
/// it finds its cache; podium names a private cache directory (`ComposeCache`), so the first
/// launch writes the parsed table there and later ones map it. libX11 keeps no cache for root,
/// so podium runs as nobody here. Mechanism only: the file written, then mapped; no timing.
final class ComposeCacheXorgTests: XorgPDFTestCase {
    /// Starts `podium present pdf` as nobody, waits for both first frames, hands the running
    /// process's memory map to `inspect` (once it names `mapping`, for at most 10 s more: libX11
    /// may open the locale's table a moment after the first frames; once in a CI run it was not
    /// mapped yet at that point), then stops it (SIGTERM) and waits for it.
    func present(_ pdf: String, home: URL, mapping: String? = nil, inspect: (String) throws -> Void = { _ in }) throws -> String {
        let env = TestPaths.privateHome(in: home).merging(rig.environment) { $1 }.merging(["LANG": "C.UTF-8"]) { $1 }
        let log = home.appendingPathComponent("podium.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        // setpriv and env exec: the process is podium itself, so its /proc/PID/maps is podium's.
        p.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "-i"] + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [TestPaths.podium, "present", pdf]
        p.standardError = try FileHandle(forWritingTo: log)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() }; p.waitUntilExit() }
        let text = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let end = Date().addingTimeInterval(30)
        while Date() < end, p.isRunning, !text().contains("first frame of both windows") { usleep(20_000) }
        XCTAssertTrue(text().contains("first frame of both windows"), text())
        if p.isRunning {
            // Read whole by cat, as the other tests read maps: String(contentsOfFile:) got only the
            // first part of this procfs file (fonts and caches, no libraries, no Compose cache).
            let maps = { (try? runProcess("/bin/cat", ["/proc/\(p.processIdentifier)/maps"]).stdout) ?? "" }
            let until = Date().addingTimeInterval(10)
            while let m = mapping, Date() < until, p.isRunning, !maps().contains(m) { usleep(50_000) }
            try inspect(maps())
        }
        return text()
    }

    func testTheComposeTableIsCachedInPodiumsCacheDirectoryAndMappedNextTime() throws {
        let home = dir.appendingPathComponent("nobody")
        if let why = nobodyCannotRunPodium(home: home) { throw XCTSkip(why) }
        guard FileManager.default.fileExists(atPath: "/usr/share/X11/locale/en_US.UTF-8/Compose") else { throw XCTSkip("no en_US.UTF-8 Compose table (libx11-data)") }
        let pdf = home.appendingPathComponent("talk.pdf").path
        TestPDF.write(pdf, .init(pages: 2))
        chmod(pdf, 0o644)
        let cacheDir = TestPaths.privateHome(in: home)["XDG_CACHE_HOME"]! + "/podium/compose"

        let first = try present(pdf, home: home)
        XCTAssertTrue(first.contains("video driver x11"), first)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: cacheDir)) ?? []
        XCTAssertEqual(files.count, 1, "libX11 wrote the parsed Compose table to \(cacheDir): \(files)")
        var st = stat()
        XCTAssertEqual(stat(cacheDir, &st), 0)
        XCTAssertEqual(st.st_mode & 0o077, 0, "private to the user, as libX11 requires")

        // The next launch maps the cache instead of parsing the table.
        _ = try present(pdf, home: home, mapping: cacheDir + "/" + (files.first ?? "?")) { maps in
            XCTAssertTrue(maps.contains(cacheDir + "/" + (files.first ?? "?")), "the cache is mapped:\n\(maps.split(separator: "\n").filter { $0.contains("/") }.map { $0.split(separator: " ").last ?? "" }.joined(separator: "\n"))")
        }
    }
}
