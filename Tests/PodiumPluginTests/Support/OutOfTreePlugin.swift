import Foundation
import PodiumTestSupport
import XCTest

/// Builds one of the repository's third-party plugins (`Plugins/<folder>`) OUT of tree, as
/// docs/WritingPlugins.md tells an author to: a copy of its package in a temp folder, then
/// `PODIUM_SOURCE=<repo> swift build`, then an install into a plugin directory.
enum OutOfTreePlugin {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Copies `items` of `Plugins/<folder>` to `work/<folder>`, builds it, and installs `install`
    /// (paths in the built package, e.g. `.build/debug/libX.so`, `plugin.json`) flat into
    /// `work/plugins/<directory>`. Returns `work/plugins`, a folder to pass as `--plugin-path`.
    /// Throws `Failure` with the compiler's output when the build fails.
    /// `edit`, when given, changes the copy before it is built (a test's deliberate bug).
    static func build(_ folder: String, copying items: [String], install: [String], as directory: String, in work: URL,
                      edit: ((URL) throws -> Void)? = nil) throws -> URL {
        let fm = FileManager.default
        let src = work.appendingPathComponent(folder)
        try fm.createDirectory(at: src, withIntermediateDirectories: true)
        let original = Fixtures.packageRoot.appendingPathComponent("Plugins/\(folder)")
        for item in items { try fm.copyItem(at: original.appendingPathComponent(item), to: src.appendingPathComponent(item)) }
        try edit?(src)
        guard let swift = Fixtures.tool("swift") else { throw Failure(description: "swift not found on PATH") }
        let b = try runProcess(swift, ["build"], environment: ["PODIUM_SOURCE": Fixtures.packageRoot.path], cwd: src)
        guard b.status == 0 else { throw Failure(description: "swift build of Plugins/\(folder) failed:\n\(b.stdout)\n\(b.stderr)") }
        let dir = work.appendingPathComponent("plugins/\(directory)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        for item in install {
            let from = src.appendingPathComponent(item)
            try fm.copyItem(at: from, to: dir.appendingPathComponent(from.lastPathComponent))
        }
        return dir.deletingLastPathComponent()
    }
}

/// A test class whose tests share one out-of-tree build of a plugin, made once for the class:
/// subclasses name it in `plugin`, and each test gets `plugins` (the `--plugin-path` folder) and
/// a fresh `work` folder, removed after the test.
class OutOfTreePluginTestCase: XCTestCase {
    struct Plugin {
        var folder: String, copying: [String], install: [String], directory: String
        /// Changes the copied package before it is built (`OutOfTreePlugin.build`).
        var edit: ((URL) throws -> Void)? = nil
    }
    /// The plugin this class builds. Subclasses override.
    class var plugin: Plugin? { nil }

    nonisolated(unsafe) private static var builds: [String: (work: URL, plugins: Result<URL, Error>)] = [:]

    override class func setUp() {
        super.setUp()
        guard let p = plugin else { return }
        do {
            let work = try Fixtures.temporaryDirectory(p.directory)
            builds[p.directory] = (work, Result { try OutOfTreePlugin.build(p.folder, copying: p.copying, install: p.install, as: p.directory, in: work, edit: p.edit) })
        } catch { builds[p.directory] = (FileManager.default.temporaryDirectory, .failure(error)) }
    }

    override class func tearDown() {
        if let p = plugin, let b = builds.removeValue(forKey: p.directory) { try? FileManager.default.removeItem(at: b.work) }
        super.tearDown()
    }

    var plugins: URL!
    var work: URL!

    override func setUpWithError() throws {
        guard let p = Self.plugin, let b = Self.builds[p.directory] else { throw XCTSkip("no plugin to build") }
        switch b.plugins {
        case let .success(dir): plugins = dir
        case let .failure(error): XCTFail("\(error)"); throw XCTSkip("Plugins/\(p.folder) did not build")
        }
        work = try Fixtures.temporaryDirectory("run")
        addTeardownBlock { [work] in try? FileManager.default.removeItem(at: work!) }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Fixtures.podium.path), "build podium first: swift build")
    }
}
