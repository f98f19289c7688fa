import Foundation
import PodiumTestSupport
import XCTest

/// Every seed of the fuzz corpus, every shipped file `Tests/Fuzz/seeds.txt` names, and every crash
/// `make fuzz` ever found (`Tests/Fuzz/Corpus/TARGET`, `Tests/Fuzz/Crashes/TARGET`) goes through its parser again in the
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
        // Shipped files that seed a target too (`Tests/Fuzz/seeds.txt`: TARGET PATH per line).
        let seeds = try String(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fuzz/seeds.txt"), encoding: .utf8)
        var byTarget: [String: [String]] = [:]
        for line in seeds.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard f.count == 2 else { continue }
            let path = TestPaths.root.appendingPathComponent(f[1]).path
            XCTAssertTrue(fm.fileExists(atPath: path), "seeds.txt names \(f[1]), which is gone")
            byTarget[f[0], default: []].append(path)
        }
        for (target, files) in byTarget.sorted(by: { $0.key < $1.key }) {
            let r = try runProcess(fuzz, [target] + files)
            XCTAssertEqual(r.status, 0, "seeds/\(target): \(r.stdout)\(r.stderr)")
            ran += files.count
        }
        XCTAssertGreaterThan(ran, 20, "the seed corpus is there")
    }
}
