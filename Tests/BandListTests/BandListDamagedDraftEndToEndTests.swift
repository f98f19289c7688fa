import BandListScene
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 m9 through the real binary: a damaged `bands.sqlite.draft.json` is moved aside at
/// launch and the console's banner says so, naming the file; typing then keeps a new draft.
extension BandListEndToEndTests {
    func testADamagedDraftIsMovedAsideAndTheConsoleSaysSo() throws {
        let draft = store + ".draft.json", damaged = Data(#"{"broken": "#.utf8)
        try damaged.write(to: URL(fileURLWithPath: draft))
        let app = try PodiumProcess(args: [dir.appendingPathComponent("deck.json").path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"].merging(env) { $1 }, dir: dir)
        defer { app.stop() }
        let s = try app.client.waitForState(timeout: 30) { $0["console"]?["notice"]?.string != nil }
        let notice = s["console"]?["notice"]?.string ?? ""
        XCTAssertTrue(notice.contains("bands.sqlite.draft.json") && notice.contains("kept as bands.sqlite.draft.corrupt-"), notice)
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("bands.sqlite.draft.corrupt-") }
        XCTAssertEqual(aside.count, 1, "\(aside)")
        let kept = dir.appendingPathComponent(try XCTUnwrap(aside.first, "not moved aside"))
        XCTAssertEqual(try Data(contentsOf: kept), damaged, "nothing the speaker had is lost")
        XCTAssertTrue(app.log.contains(kept.path), app.log)
        XCTAssertEqual(try value(app, "bands.name"), "Radiohead")
        try click(app, "bands.name")
        try app.send(["cmd": "key", "key": "End"])
        try app.send(["cmd": "type", "text": "!"])
        XCTAssertEqual(try Data(contentsOf: kept), damaged)
        XCTAssertEqual(app.stop(), 0)
    }
}
