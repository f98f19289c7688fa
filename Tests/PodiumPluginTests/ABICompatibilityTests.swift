import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// PodiumKit is built with library evolution and its ABI is pinned by a baseline
/// (`Sources/PodiumKit/ABI/PodiumKit-MAJOR.MINOR.swiftinterface`, checked by
/// `scripts/abi-check.sh` with swift-api-digester). A plugin compiled against the baseline's
/// interface — the API a third party built with — loads and runs on this host; one compiled
/// against the previous major's baseline is refused, naming both versions, and never loaded.
final class ABICompatibilityTests: XCTestCase {
    var work: URL!
    override func setUpWithError() throws {
        work = try Fixtures.temporaryDirectory("abi")
        addTeardownBlock { [work] in try? FileManager.default.removeItem(at: work!) }
    }

    var script: String { Fixtures.packageRoot.appendingPathComponent("scripts/abi-check.sh").path }
    var baseline: URL {
        get throws {
            let dir = Fixtures.packageRoot.appendingPathComponent("Sources/PodiumKit/ABI")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swiftinterface") }.sorted()
            return dir.appendingPathComponent(try XCTUnwrap(names.last, "no ABI baseline committed"))
        }
    }

    /// The Example plugin as it was when the baseline was cut (the commit that last changed
    /// `Sources/PodiumKit/ABI`): a plugin written for that API, not for today's. Outside a git
    /// checkout, the tree's own copy.
    func exampleAtBaseline() throws -> URL {
        let root = Fixtures.packageRoot
        guard let commit = try? lastCommit(touching: ["Sources/PodiumKit/ABI"]) else {
            return root.appendingPathComponent("Plugins/Example")
        }
        return try extract(["Plugins/Example"], at: commit, into: "at-baseline").appendingPathComponent("Plugins/Example")
    }

    /// The newest commit (hash) that added or changed one of `paths` (git pathspecs), merges
    /// included (`-m`: a merge that resolved the baseline counts; plain `git log` skips merges'
    /// diffs and would name a commit from one side of it); throws outside a git checkout.
    func lastCommit(touching paths: [String], filter: String = "ACMRD") throws -> String {
        let git = try XCTUnwrap(Fixtures.tool("git"), "git is needed to find an older API")
        let log = try runProcess(git, ["-C", Fixtures.packageRoot.path, "log", "-m", "-1", "--diff-filter=\(filter)", "--format=%H", "--"] + paths)
        let commit = log.stdout.split(separator: "\n").first.map(String.init) ?? ""
        guard log.status == 0, !commit.isEmpty else { throw Failure("no commit touches \(paths) (\(log.stderr))") }
        return commit
    }
    struct Failure: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

    /// `paths` as they were at `commit`, extracted into `work/<name>`.
    func extract(_ paths: [String], at commit: String, into name: String) throws -> URL {
        let git = try XCTUnwrap(Fixtures.tool("git"))
        let out = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let tar = out.appendingPathComponent("tree.tar").path
        let archive = try runProcess(git, ["-C", Fixtures.packageRoot.path, "archive", "-o", tar, commit] + paths)
        XCTAssertEqual(archive.status, 0, archive.stderr)
        let untar = try runProcess("/bin/tar", ["-xf", tar, "-C", out.path])
        XCTAssertEqual(untar.status, 0, untar.stderr)
        return out
    }

    /// Compiles the Example plugin's sources in `example` against the PodiumKit interface
    /// `interface` (not this tree's sources), in Swift 5 mode as a third party may, linked to this
    /// host's libPodiumKit.so, into a plugin folder with its manifest and assets. Returns the
    /// folder to pass as `--plugin-path`.
    func buildExample(_ example: URL, against interface: URL, into name: String) throws -> URL {
        let swiftc = try XCTUnwrap(Fixtures.tool("swiftc"))
        let modules = work.appendingPathComponent("\(name)-kit/PodiumKit.swiftmodule")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: interface, to: modules.appendingPathComponent("x86_64-unknown-linux-gnu.swiftinterface"))
        let path = work.appendingPathComponent(name), dir = path.appendingPathComponent("example")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let sources = try FileManager.default.contentsOfDirectory(atPath: example.appendingPathComponent("Sources/ExampleScene").path)
            .filter { $0.hasSuffix(".swift") }.map { example.appendingPathComponent("Sources/ExampleScene/\($0)").path }
        let lib = Fixtures.podium.deletingLastPathComponent().path
        let b = try runProcess(swiftc, ["-emit-library", "-module-name", "ExampleScene", "-swift-version", "5",
                                          "-I", modules.deletingLastPathComponent().path, "-module-cache-path", work.appendingPathComponent("cache").path,
                                          "-L", lib, "-lPodiumKit", "-o", dir.appendingPathComponent("libExampleScene.so").path] + sources)
        XCTAssertEqual(b.status, 0, "\(b.stdout)\n\(b.stderr)")
        for item in ["plugin.json", "Assets"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        return path
    }

    /// CI's gate: this build's ABI is the baseline's, or the major version was raised.
    func testThisBuildKeepsTheBaselineABI() throws {
        let r = try runProcess(script, [])
        XCTAssertEqual(r.status, 0, "\(r.stdout)\n\(r.stderr)")
        XCTAssertTrue(r.stdout.contains("abi-check: PodiumKit"), r.stdout)
    }

    /// A removed public member without a major bump fails the check, naming the member.
    func testARemovedMemberFailsTheCheck() throws {
        let base = try baseline
        let text = try String(contentsOf: base, encoding: .utf8)
        let member = "  @_Concurrency.MainActor final public func writeClipboard(_ text: Swift.String)\n"
        XCTAssertTrue(text.contains(member), "the baseline has WindowRoot.writeClipboard")
        let current = work.appendingPathComponent("current.swiftinterface")
        try text.replacingOccurrences(of: member, with: "").write(to: current, atomically: true, encoding: .utf8)
        let r = try runProcess(script, [base.path, current.path])
        XCTAssertEqual(r.status, 1, "\(r.stdout)\n\(r.stderr)")
        XCTAssertTrue(r.stdout.contains("writeClipboard"), r.stdout)
        XCTAssertTrue(r.stderr.contains("a break needs a major version bump"), r.stderr)
    }

    /// The Example plugin compiled against the baseline's interface (not this tree's sources) and
    /// linked to this host's libPodiumKit.so, as a plugin built for the previous minor is: it loads
    /// and draws its scene.
    func testExampleBuiltAgainstTheBaselineRunsOnThisHost() throws {
        let dir = try buildExample(try exampleAtBaseline(), against: try baseline, into: "plugins").appendingPathComponent("example")
        let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": work.path]
        let list = try runPodium(["plugins", "--json", "--load", "--plugin-path", dir.deletingLastPathComponent().path], environment: env)
        let json = try JSONValue.parse(Data(list.stdout.utf8))
        XCTAssertEqual(json["refused"], [], list.stdout)
        XCTAssertNotNil(json["loaded"]?.array?.first { $0["id"]?.string == "org.podium.example" }, list.stdout)

        let deck = work.appendingPathComponent("deck.json")
        try ##"{"title": "ABI", "scenes": [{"kind": "example", "parameters": {"color": "#ff8800"}}]}"##.write(to: deck, atomically: true, encoding: .utf8)
        let out = work.appendingPathComponent("example.png").path
        let r = try runPodium(["snapshot", deck.path, "--plugin-path", dir.deletingLastPathComponent().path,
                                                        "--scene", "0", "--view", "audience", "--size", "320x180", "--out", out], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertGreaterThan(try PNGImage(path: out).fraction(near: (0xFF, 0x88, 0x00)), 0.6, "the plugin's scene is drawn")
    }

    /// The Example as it was when the previous major's baseline was cut (API 2.1, whose scenes
    /// and views were not main-actor types), compiled against that baseline: refused from its
    /// manifest with a reason naming both versions, never opened, and a deck using its kind gets
    /// a clear error instead of a crash. With a manifest that claims this host's API, the
    /// library itself is still refused.
    func testExampleBuiltAgainstThePreviousMajorIsRefused() throws {
        let host = PluginDescriptor.hostAPIVersion
        let abi = "Sources/PodiumKit/ABI/PodiumKit-\(host.major - 1).*.swiftinterface"
        let commit: String
        do { commit = try lastCommit(touching: [abi], filter: "AM") } catch { throw XCTSkip("no API \(host.major - 1).x baseline in this checkout's history: \(error)") }
        let old = try extract(["Plugins/Example", "Sources/PodiumKit/ABI"], at: commit, into: "previous-major")
        let interface = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: old.appendingPathComponent("Sources/PodiumKit/ABI").path)
            .filter { $0.hasPrefix("PodiumKit-\(host.major - 1).") }.sorted().last)
        let version = String(interface.dropFirst("PodiumKit-".count).dropLast(".swiftinterface".count))
        let path = try buildExample(old.appendingPathComponent("Plugins/Example"), against: old.appendingPathComponent("Sources/PodiumKit/ABI/\(interface)"), into: "old-plugins")
        let manifest = path.appendingPathComponent("example/plugin.json")
        XCTAssertTrue(try String(contentsOf: manifest, encoding: .utf8).contains(#""api": "\#(version)""#), "the old Example says API \(version)")

        let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": work.path]
        let list = try runPodium(["plugins", "--json", "--load", "--plugin-path", path.path], environment: env)
        XCTAssertEqual(list.status, 0, list.stderr)
        let json = try JSONValue.parse(Data(list.stdout.utf8))
        XCTAssertNil(json["loaded"]?.array?.first { $0["id"]?.string == "org.podium.example" }, list.stdout)
        XCTAssertEqual(json["refused"], [["path": .string(manifest.path),
                                          "reason": .string("plugin API \(version) on a \(host) host (major versions differ: rebuild the plugin against PodiumKit \(host))")]], list.stdout)

        let deck = work.appendingPathComponent("old.json")
        try ##"{"title": "Old", "scenes": [{"kind": "example"}]}"##.write(to: deck, atomically: true, encoding: .utf8)
        let check = try runPodium(["check", deck.path, "--plugin-path", path.path], environment: env)
        XCTAssertNotEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stderr.contains("Program crashed") || check.stderr.contains("Fatal error"), check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains("plugin API \(version) on a \(host) host"), "the deck's error says why: \(check.stdout)\n\(check.stderr)")

        // A manifest edited to claim this host's API: the library built for the old one is refused too.
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: #""api": "\#(version)""#, with: #""api": "\#(host)""#).write(to: manifest, atomically: true, encoding: .utf8)
        let lying = try runPodium(["plugins", "--json", "--load", "--plugin-path", path.path], environment: env)
        XCTAssertEqual(lying.status, 0, lying.stderr)
        let refused = try JSONValue.parse(Data(lying.stdout.utf8))["refused"]?.array ?? []
        XCTAssertEqual(refused.count, 1, lying.stdout)
        XCTAssertEqual(refused.first?["path"]?.string, path.appendingPathComponent("example/libExampleScene.so").path, lying.stdout)
        XCTAssertTrue(refused.first?["reason"]?.string?.hasPrefix("cannot load: built against another PodiumKit API than this host's \(host), although plugin.json says \(host): rebuild the plugin against PodiumKit \(host) (") == true, lying.stdout)
        XCTAssertNil(try JSONValue.parse(Data(lying.stdout.utf8))["loaded"]?.array?.first { $0["id"]?.string == "org.podium.example" }, lying.stdout)
    }
}
