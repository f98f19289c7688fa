import Foundation
import PodiumTestSupport
import XCTest

/// `make docs` (scripts/docs.sh): PodiumKit's API reference builds with docc, and a docc warning
/// (here a link to a symbol that does not exist) fails the build.
final class DocsBuildTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("docs") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func docs(catalog: URL? = nil) throws -> ProcessResult {
        var env = ["HOME": dir.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "XDG_DATA_HOME": dir.appendingPathComponent("data").path, "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
                   "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DOCS_OUT": dir.appendingPathComponent("out").path]
        if let catalog { env["DOCS_CATALOG"] = catalog.path }
        return try runProcess(TestPaths.root.appendingPathComponent("scripts/docs.sh").path, [], environment: env, cwd: TestPaths.root)
    }

    func testTheAPIReferenceBuildsWithoutWarnings() throws {
        let r = try docs()
        XCTAssertEqual(r.status, 0, r.stderr.suffix(2000).description)
        let site = dir.appendingPathComponent("out/site")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("documentation/podiumkit/index.html").path))
        for page in ["popoveranchor", "listindexpath", "scenecontext", "slider"] {
            let json = site.appendingPathComponent("data/documentation/podiumkit/\(page).json")
            XCTAssertTrue(FileManager.default.fileExists(atPath: json.path), "a page for \(page)")
        }
        // Doc comments made it in: PopoverAnchor's first sentence.
        let anchor = try String(contentsOf: site.appendingPathComponent("data/documentation/podiumkit/popoveranchor.json"), encoding: .utf8)
        XCTAssertTrue(anchor.contains("What a popover or action sheet points at."))
    }

    func testADocCWarningFailsTheBuild() throws {
        let catalog = dir.appendingPathComponent("Broken.docc")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let page = "# ``PodiumKit``\n\nSee ``NoSuchTypeInPodiumKit``.\n"
        try Data(page.utf8).write(to: catalog.appendingPathComponent("PodiumKit.md"))
        let r = try docs(catalog: catalog)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue((r.stdout + r.stderr).contains("NoSuchTypeInPodiumKit"), r.stderr.suffix(2000).description)
    }
}
