import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// PodiumKit is built with library evolution and its ABI is pinned by a baseline
/// (`Sources/PodiumKit/ABI/PodiumKit-MAJOR.MINOR.swiftinterface`, checked by
/// `scripts/abi-check.sh` with swift-api-digester). A plugin compiled against the baseline's
/// interface — the previous API a third party built with — loads and runs on this host.
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
        guard let git = Fixtures.tool("git"),
              let log = try? runProcess(git, ["-C", root.path, "log", "-1", "--format=%H", "--", "Sources/PodiumKit/ABI"]),
              log.status == 0, case let commit = log.stdout.trimmingCharacters(in: .whitespacesAndNewlines), !commit.isEmpty else {
            return root.appendingPathComponent("Plugins/Example")
        }
        let out = work.appendingPathComponent("at-baseline")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let tar = out.appendingPathComponent("example.tar").path
        let archive = try runProcess(git, ["-C", root.path, "archive", "-o", tar, commit, "Plugins/Example"])
        XCTAssertEqual(archive.status, 0, archive.stderr)
        let untar = try runProcess("/bin/tar", ["-xf", tar, "-C", out.path])
        XCTAssertEqual(untar.status, 0, untar.stderr)
        return out.appendingPathComponent("Plugins/Example")
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
        let member = "  final public func writeClipboard(_ text: Swift.String)\n"
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
        let swiftc = try XCTUnwrap(Fixtures.tool("swiftc"))
        let modules = work.appendingPathComponent("baseline/PodiumKit.swiftmodule")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try baseline, to: modules.appendingPathComponent("x86_64-unknown-linux-gnu.swiftinterface"))
        let example = try exampleAtBaseline()
        let dir = work.appendingPathComponent("plugins/example")
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
}
