import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The built-in plugins are shared libraries beside the executable, opened like external ones
/// only when used (issue 16 part 3, issue 19's launch): `podium present talk.pdf` goes through
/// the PDF plugin's deck opener and loads neither GStreamer, ICU, libxml2 nor GLU; `podium bands`
/// is the band-list plugin's command; the executable imports no plugin module.
final class BuiltInPluginTests: PDFTestCase {
    var env: [String: String] { TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]) { $1 } }

    /// The shared objects mapped into process `pid`, by file name.
    func mappedLibraries(_ pid: Int32) throws -> Set<String> {
        // Read to the end: a /proc file reports size 0, and a read by size stops after one page.
        let maps = try runProcess("/bin/cat", ["/proc/\(pid)/maps"]).stdout
        return Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map { ($0 as NSString).lastPathComponent } }.filter { $0.contains(".so") })
    }

    func testPresentPDFOpensOnlyThePDFPlugin() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 4, outline: [("Opening", 0)]))
        let app = try PodiumProcess(args: [pdf, "--notes", "none", "--page", "3"], environment: env, dir: dir)
        defer { app.stop() }
        let s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen", "SDL used the driver asked for")
        XCTAssertEqual(s["scene"]?["count"]?.int, 4)
        XCTAssertEqual(s["scene"]?["kind"]?.string, "pdf")
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "--page 3: slide 3")
        let libs = try mappedLibraries(app.process.processIdentifier)
        XCTAssertTrue(libs.contains("libPDFScene.so"), "the PDF plugin's library is open: \(libs.sorted())")
        XCTAssertTrue(libs.contains { $0.hasPrefix("libpoppler-glib.so") }, libs.sorted().description)
        // (GStreamer comes with the PDF plugin itself, for movies on PDF pages; GLU with the
        // renderer's polygon fill.)
        for absent in ["libMediaScene.so", "libBandListScene.so", "libMapSearchScene.so", "libWebSearchScene.so", "libicui18n.so", "libxml2.so"] {
            XCTAssertFalse(libs.contains { $0.hasPrefix(absent) }, "\(absent) is not loaded for a PDF talk")
        }
        XCTAssertTrue(app.log.contains("first frame of both windows"), app.log)
    }

    func testPDFOptionsBelongToPDFDecksOnly() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 2))
        let ok = try runProcess(TestPaths.podium, ["check", pdf, "--no-grouping", "--notes", "none"], environment: env)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("2 scenes (pdf ×2)"), ok.stdout)
        let badNotes = try runProcess(TestPaths.podium, ["check", pdf, "--notes", "sideways"], environment: env)
        XCTAssertEqual(badNotes.status, 2)
        XCTAssertTrue(badNotes.stderr.hasPrefix("podium: --notes expects right, left, bottom, top, none or auto, got \"sideways\"\nusage:"), badNotes.stderr)
        let json = try runProcess(TestPaths.podium, ["check", TestPaths.demoDeck, "--no-grouping"], environment: env)
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stderr.hasPrefix("podium: --no-grouping applies to a deck of *.pdf (e.g. talk.pdf), not \(TestPaths.demoDeck)"), json.stderr)
        let page = try runProcess(TestPaths.podium, ["check", pdf, "--page", "9"], environment: env)
        XCTAssertEqual(page.status, 2)
        XCTAssertTrue(page.stderr.hasPrefix("podium: --page expects a slide number 1…2, got \"9\""), page.stderr)
    }

    func testBuiltInsAreFoundBesideTheExecutableAndLoadOnlyOnDemand() throws {
        let lazy = try runProcess(TestPaths.podium, ["plugins", "--json"], environment: env)
        XCTAssertEqual(lazy.status, 0, lazy.stderr)
        let found = try JSONValue.parse(Data(lazy.stdout.utf8))
        XCTAssertEqual(found["loaded"]?.array?.count, 0, "nothing is opened to list them")
        let ids = (found["notLoaded"]?.array ?? []).compactMap { $0["id"]?.string }
        XCTAssertEqual(Set(ids), ["org.podium.title", "org.podium.band-list", "org.podium.gallery", "org.podium.map-search", "org.podium.web-search", "org.podium.pdf", "org.podium.media"])
        let exeDir = URL(fileURLWithPath: TestPaths.podium).resolvingSymlinksInPath().deletingLastPathComponent().path
        XCTAssertTrue((found["notLoaded"]?.array ?? []).allSatisfy { $0["path"]?.string?.hasPrefix(exeDir + "/lib") == true }, lazy.stdout)
        let all = try runProcess(TestPaths.podium, ["plugins", "--json", "--load"], environment: env)
        let loaded = try JSONValue.parse(Data(all.stdout.utf8))
        XCTAssertEqual(loaded["loaded"]?.array?.count, 7, "every built-in library opens and matches its manifest: \(all.stdout)")
        XCTAssertEqual(loaded["refused"], [])
        // A folder without them: each is refused with the reason, and a deck using one fails clearly.
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try runProcess(TestPaths.podium, ["check", TestPaths.demoDeck], environment: env.merging(["PODIUM_BUILTIN_PLUGINS": empty.path]) { $1 })
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("podium: plugin refused: \(empty.path)/libTitleScene.so: built-in plugin org.podium.title is missing"), missing.stderr)
    }

    func testBandsIsTheBandListPluginsCommand() throws {
        let help = try runProcess(TestPaths.podium, ["--help"], environment: env)
        XCTAssertTrue(help.stdout.contains("Plugin commands"), help.stdout)
        XCTAssertTrue(help.stdout.contains("  bands export|import FILE [--store PATH]"), help.stdout)
        let store = dir.appendingPathComponent("bands.sqlite").path
        let export = try runProcess(TestPaths.podium, ["bands", "export", "-", "--store", store], environment: env)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(try JSONValue.parse(Data(export.stdout.utf8)).array?.count, 12, "a new store is seeded from Assets/Bands")
        let usage = try runProcess(TestPaths.podium, ["bands", "export"], environment: env)
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "podium: bands needs export FILE or import FILE\nusage: podium bands export|import FILE [--store PATH]\n")
        let unknown = try runProcess(TestPaths.podium, ["bandz"], environment: env)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("podium: unknown command or option \"bandz\"\nusage: podium present"), unknown.stderr)
    }

    /// scripts/check-host-imports.sh passes on the tree and fails on a copy that imports a plugin
    /// (or Foundation).
    func testExecutableImportsNoPluginModule() throws {
        let script = TestPaths.root.appendingPathComponent("scripts/check-host-imports.sh").path
        let r = try runProcess(script, [], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("PDFScene") && r.stdout.contains("BandListScene"), r.stdout)
        let copy = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: script, toPath: copy.appendingPathComponent("scripts/check-host-imports.sh").path)
        try FileManager.default.copyItem(at: TestPaths.root.appendingPathComponent("Package.swift"), to: copy.appendingPathComponent("Package.swift"))
        try FileManager.default.copyItem(at: TestPaths.root.appendingPathComponent("Sources/podium"), to: copy.appendingPathComponent("Sources/podium"))
        try "import Foundation\n@testable import MediaScene\n".write(to: copy.appendingPathComponent("Sources/podium/Sneaky.swift"), atomically: true, encoding: .utf8)
        let bad = try runProcess(copy.appendingPathComponent("scripts/check-host-imports.sh").path, [], environment: env)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("imports the plugin module MediaScene"), bad.stderr)
        // Foundation in the executable again (issue 19: a PDF talk maps FoundationEssentials alone).
        XCTAssertTrue(bad.stdout.contains("Sneaky.swift:1:import Foundation") && bad.stderr.contains("imports FoundationEssentials, not Foundation"), bad.stdout + bad.stderr)
    }
}
