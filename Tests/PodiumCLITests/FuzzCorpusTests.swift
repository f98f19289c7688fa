import Foundation
import PodiumTestSupport
import XCTest

/// Every seed of the fuzz corpus and every crash `make fuzz` ever found
/// (`Tests/Fuzz/Corpus/TARGET`, `Tests/Fuzz/Crashes/TARGET`) goes through its parser again in the
/// normal build (`podium-fuzz TARGET FILE…`): a trap or a hang there is a regression.
final class FuzzCorpusTests: XCTestCase {
    func testEveryCorpusAndCrashInputParsesWithoutATrap() throws {
        let fuzz = TestPaths.root.appendingPathComponent(".build/debug/podium-fuzz").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: fuzz), "build first: swift build")
        let fm = FileManager.default
        var ran = 0
        for kind in ["Corpus", "Crashes"] {
            let base = TestPaths.root.appendingPathComponent("Tests/Fuzz/\(kind)")
            for target in (try? fm.contentsOfDirectory(atPath: base.path))?.sorted() ?? [] where !target.hasPrefix(".") {
                let files = ((try? fm.contentsOfDirectory(atPath: base.appendingPathComponent(target).path)) ?? [])
                    .filter { !$0.hasPrefix(".") }.map { base.appendingPathComponent("\(target)/\($0)").path }
                guard !files.isEmpty else { continue }
                let r = try runProcess(fuzz, [target] + files)
                XCTAssertEqual(r.status, 0, "\(kind)/\(target): \(r.stdout)\(r.stderr)")
                ran += files.count
            }
        }
        XCTAssertGreaterThan(ran, 20, "the seed corpus is there")
    }
}
