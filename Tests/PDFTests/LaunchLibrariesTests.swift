import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// What a launch loads (issue 19): libraries only some talks need are opened when first used,
/// not at start: the remote's (libsoup and everything it links, libqrencode) only with
/// `--remote`, libmosquitto with libcrypto only for follower screens, GLU with OpenGL only when a
/// shape is drawn, GStreamer only when a movie plays, Foundation (with its ICU data) only when a
/// plugin that imports it is (a PDF talk needs FoundationEssentials alone); and the first frame of both windows comes before work a timer put off (the
/// next scene, made for the console's next preview).
final class LaunchLibrariesTests: PDFTestCase {
    var env: [String: String] { TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]) { $1 } }

    /// The shared objects mapped into process `pid`, by file name.
    func mappedLibraries(_ pid: Int32) throws -> Set<String> {
        // Read to the end: a /proc file reports size 0, and a read by size stops after one page.
        let maps = try runProcess("/bin/cat", ["/proc/\(pid)/maps"]).stdout
        return Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map { ($0 as NSString).lastPathComponent } }.filter { $0.contains(".so") })
    }

    /// A folder for PODIUM_BUILTIN_PLUGINS: links to the built-in scene plugins (trusted where they
    /// are), and with `remoteServer` a copy of the remote's server library.
    func pluginsFolder(_ name: String, remoteServer: Bool) throws -> URL {
        let plugins = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let exeDir = URL(fileURLWithPath: TestPaths.podium).resolvingSymlinksInPath().deletingLastPathComponent()
        for lib in try FileManager.default.contentsOfDirectory(atPath: exeDir.path) where lib.hasSuffix("Scene.so") {
            try FileManager.default.createSymbolicLink(at: plugins.appendingPathComponent(lib), withDestinationURL: exeDir.appendingPathComponent(lib))
        }
        let server = "libPodiumRemoteServer.so"
        if remoteServer { try FileManager.default.copyItem(at: exeDir.appendingPathComponent(server), to: plugins.appendingPathComponent(server)) }
        return plugins
    }

    func testAPDFTalkMapsNeitherTheRemoteNorGLU() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 3))
        let app = try PodiumProcess(args: [pdf], environment: env, dir: dir)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "state"])["driver"]?.string, "offscreen", "SDL used the driver asked for")
        XCTAssertTrue(waitUntil(10) { app.log.contains("first frame of both windows") }, app.log)
        let libs = try mappedLibraries(app.process.processIdentifier)
        XCTAssertTrue(libs.contains { $0.hasPrefix("libpoppler-glib.so") }, "the talk is up, its PDF plugin loaded: \(libs.sorted())")
        XCTAssertTrue(libs.contains { $0.hasPrefix("libpango-1.0.so") }, libs.sorted().description)
        for absent in ["libsoup-3.0.so", "libqrencode.so", "libPodiumRemoteServer.so", "libGLU.so", "libOpenGL.so", "libmosquitto.so", "libssl.so", "libcrypto.so"] {
            XCTAssertFalse(libs.contains { $0.hasPrefix(absent) }, "\(absent) is not loaded without --remote, --broker or a shape: \(libs.sorted())")
        }
        // GStreamer and what only it links, until a movie plays (PDFMovieEndToEndTests: then it
        // is); SDL_image and libexif until a picture is decoded or encoded; cmark until Markdown is parsed.
        for absent in ["libgstreamer-1.0.so", "libgstapp-1.0.so", "libgstbase-1.0.so", "libgstvideo-1.0.so", "libgstaudio-1.0.so", "libgstpbutils-1.0.so", "liborc-0.4.so", "libdw-", "libunwind.so",
                       "libSDL2_image-2.0.so", "libcmark-gfm", "libexif.so"] {
            XCTAssertFalse(libs.contains { $0.hasPrefix(absent) }, "\(absent) is not loaded by a PDF talk without movies, pictures or Markdown notes: \(libs.sorted())")
        }
        // The executable and everything a PDF talk loads import FoundationEssentials, not
        // Foundation: libFoundation with FoundationInternationalization and ICU's data is ~6 MB
        // resident and ~3 ms of start (docs/Performance.md, "Foundation out of a PDF talk").
        for absent in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            XCTAssertFalse(libs.contains(absent), "\(absent) is not loaded by a PDF talk: \(libs.sorted())")
        }
        XCTAssertTrue(libs.contains("libFoundationEssentials.so"), libs.sorted().description)
        // The whole count, so a library linked again at start shows here (GStreamer's were 12 of
        // 127 on X11; this talk on the offscreen driver maps 112 in a debug build).
        XCTAssertLessThanOrEqual(libs.count, 113, "libraries mapped by a PDF talk at start: \(libs.sorted())")
    }

    func testRemoteOpensItsLibrariesWhenAsked() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 2))
        let app = try PodiumProcess(args: [pdf, "--remote", "127.0.0.1:0"], environment: env, dir: dir)
        defer { app.stop() }
        XCTAssertTrue(waitUntil(10) { app.log.contains("remote control http://127.0.0.1:") }, app.log)
        let libs = try mappedLibraries(app.process.processIdentifier)
        for present in ["libsoup-3.0.so", "libqrencode.so", "libPodiumRemoteServer.so"] {
            XCTAssertTrue(libs.contains { $0.hasPrefix(present) }, "\(present) is loaded for --remote: \(libs.sorted())")
        }
    }

    /// Without the server library the launch stops before any window, naming the file.
    func testAMissingRemoteLibraryStopsTheLaunchClearly() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 2))
        let plugins = try pluginsFolder("plugins", remoteServer: false)
        let r = try runProcess(TestPaths.podium, ["present", pdf, "--remote", "127.0.0.1:0"], environment: env.merging(["PODIUM_BUILTIN_PLUGINS": plugins.path]) { $1 })
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("podium: --remote: cannot load \(plugins.path)/libPodiumRemoteServer.so: "), r.stderr)
        XCTAssertFalse(r.stderr.contains("video driver"), "stopped before SDL started: \(r.stderr)")
    }

    /// The server library passes the plugins' trust checks: one in a folder others may write to
    /// is not loaded.
    func testAnUntrustedRemoteLibraryIsNotLoaded() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 2))
        let plugins = try pluginsFolder("open", remoteServer: true)
        XCTAssertEqual(chmod(plugins.path, 0o777), 0)
        let r = try runProcess(TestPaths.podium, ["present", pdf, "--remote", "127.0.0.1:0"], environment: env.merging(["PODIUM_BUILTIN_PLUGINS": plugins.path]) { $1 })
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("podium: --remote: \(plugins.path)/libPodiumRemoteServer.so is not loaded: "), r.stderr)
        XCTAssertFalse(r.stderr.contains("video driver"), "stopped before SDL started: \(r.stderr)")
    }

    /// The demo's second scene (band list: ICU collation over a SQLite store) is made for the
    /// console's next preview by a timer, which the run loop's first turn does not fire: it is
    /// made after both windows' first frame.
    /// The band list imports Foundation: its library brings libFoundation into a process whose
    /// executable links only FoundationEssentials, and the scene is made and shown.
    func testTheNextSceneIsMadeAfterTheFirstFrame() throws {
        let app = try PodiumProcess(args: [TestPaths.demoDeck], environment: env, dir: dir)
        defer { app.stop() }
        XCTAssertTrue(waitUntil(20) { app.log.contains("[org.podium.band-list]") }, app.log)
        let log = app.log
        guard let frame = log.range(of: "first frame of both windows"), let bands = log.range(of: "[org.podium.band-list]") else { return XCTFail(log) }
        XCTAssertLessThan(frame.lowerBound, bands.lowerBound, log)
        XCTAssertTrue(try mappedLibraries(app.process.processIdentifier).contains("libFoundation.so"), "the band list's library brought Foundation")
        XCTAssertEqual(try app.client.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertTrue(waitUntil(10) { (try? app.client.send(["cmd": "state"]))?["scene"]?["index"]?.int == 1 }, app.log)
        XCTAssertEqual(try app.client.send(["cmd": "state"])["scene"]?["kind"]?.string, "band-list", app.log)
    }
}
