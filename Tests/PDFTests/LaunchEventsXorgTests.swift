import Foundation
import PodiumTestSupport
import XCTest

/// Launch (issue 19), on the Xorg rig (no window manager), mechanisms only, no timing:
/// - without a session bus, SDL's start runs no `dbus-launch` (libdbus's autolaunch forked the
///   talk and searched PATH for it while the main thread waited; with Debian's dbus-x11 it starts
///   a dbus-daemon that outlives the talk): a `dbus-launch` first on PATH records any call;
/// - the windows' setup events (Expose, geometry, focus) are taken before the first frames, so
///   neither window is drawn whole a second time after the first frame of both (once more at
///   most when the server delivers one late, and never again after the last of them);
/// - each window's surface is warmed when first shown (its pages made on another thread).
final class LaunchEventsXorgTests: XorgPDFTestCase {
    func testNoDBusAutolaunchAndNoSecondWholeFrameAfterTheFirstFrames() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let bin = dir.appendingPathComponent("bin"), called = dir.appendingPathComponent("dbus-launch-called")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("dbus-launch")
        try "#!/bin/sh\necho \"$@\" >> '\(called.path)'\nexit 1\n".write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_LAUNCH_TRACE": "1", "PATH": path,
                                           "XDG_RUNTIME_DIR": dir.appendingPathComponent("run").path]) { $1 }
        let app = try PodiumProcess(args: [pdf], environment: env, dir: dir, removing: ["DBUS_SESSION_BUS_ADDRESS"])
        defer { app.stop() }
        let s = try app.client.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        // Both first frames, then a second of quiet for any late frame.
        let end = Date().addingTimeInterval(20)
        while Date() < end, !app.log.contains("first frame of both windows") { usleep(20_000) }
        usleep(1_000_000)
        let log = app.log
        XCTAssertFalse(FileManager.default.fileExists(atPath: called.path),
                       "dbus-launch was run: \((try? String(contentsOf: called, encoding: .utf8)) ?? "")")
        let lines = log.split(separator: "\n").map(String.init)
        let both = try XCTUnwrap(lines.firstIndex { $0.contains("first frame of both windows") }, log)
        let exposed = lines.indices.filter { lines[$0].contains("window event exposed") }
        XCTAssertFalse(exposed.isEmpty, "the windows were exposed: \(log)")
        XCTAssertTrue(exposed.allSatisfy { $0 < both }, "every setup Expose handled before the first frames:\n\(log)")
        // The X server may still deliver a setup event after the first frames (seen in CI under
        // load: both Exposes 1 ms after the presenter's first frame), which repaints once more;
        // without the setup events taken first each window was drawn whole 4 to 7 times.
        let lastSetup = lines.lastIndex { $0.contains("window event exposed") || $0.contains("window event geometryChanged") } ?? 0
        for (window, size) in [("audience", "1920×1080"), ("presenter", "1280×800")] {
            let whole = lines.indices.filter { lines[$0].contains("\(window) frame drawn, damage [0, 0, \(size)]") }
            XCTAssertTrue((1...2).contains(whole.count), "the \(window) window drawn whole once, twice at most:\n\(log)")
            XCTAssertLessThanOrEqual(whole.filter { $0 > lastSetup }.count, 1, "the \(window) window drawn whole once after its last setup event:\n\(log)")
        }
        // Each window's surface was made and its pages made on another thread when it was
        // first shown, before its first frame wrote all of it (`PlatformWindow.warmSurface`).
        let windows = try app.client.send(["cmd": "state"])["windows"]?.array ?? []
        XCTAssertEqual(windows.count, 2, "\(windows)")
        for w in windows { XCTAssertEqual(w["surfacesWarmed"]?.int, 1, "the \(w["role"]?.string ?? "?") window's surface warmed once") }
        XCTAssertEqual(app.stop(), 0)
    }
}
