@testable import BandListScene
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 m9: a damaged draft file (`bands.sqlite.draft.json`) was ignored without a word, then
/// overwritten by the first key typed. It is now moved aside as the Links plugin's store is
/// (`<name>.corrupt-<UTC time>.json`), and the speaker is told, naming the file.
extension BandListSceneTests {
    func testADamagedDraftIsMovedAsideAndTheSpeakerIsTold() async throws {
        scene = nil
        let draft = URL(fileURLWithPath: storePath + ".draft.json"), damaged = Data(#"{"broken": "#.utf8)
        try damaged.write(to: draft)
        scene = try makeScene(["select": "Radiohead", "locale": "en_US"])
        XCTAssertEqual(node("bands.name")?.value, "Radiohead", "the form shows the stored band")
        let aside = try FileManager.default.contentsOfDirectory(atPath: draft.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("bands.sqlite.draft.corrupt-") && $0.hasSuffix(".json") }
        XCTAssertEqual(aside.count, 1, "moved aside: \(aside)")
        let kept = draft.deletingLastPathComponent().appendingPathComponent(try XCTUnwrap(aside.first))
        XCTAssertEqual(try Data(contentsOf: kept), damaged, "nothing the speaker had is lost")
        XCTAssertEqual(context.told.count, 1, "\(context.told)")
        XCTAssertTrue(context.told.first?.contains("bands.sqlite.draft.json") == true && context.told.first?.contains(kept.lastPathComponent) == true,
                      "\(context.told)")
        XCTAssertTrue(context.logs.contains { $0.contains(kept.path) }, "the log names the whole path: \(context.logs)")
        // The first key typed keeps the new edits in a new draft; the damaged one stays aside.
        click("bands.name"); root.dispatch(.key(Key("End"))); root.dispatch(.text("!"))
        XCTAssertEqual(scene.keptEdits.readAll().map(\.name), ["Radiohead!"])
        XCTAssertEqual(try Data(contentsOf: kept), damaged)
    }
}
