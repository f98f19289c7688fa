import PodiumCore
import XCTest

/// `podium check` and the reload notices name a scene by its JSON path (`scenes[2]`, counted
/// from 0) and, at the end, as the console numbers it ("3 / 6"): "(scene 3)".
final class SceneNumbersTests: XCTestCase {
    func testAPathGetsTheConsolesNumberAtTheEndOfItsLine() {
        XCTAssertEqual(SceneNumbers.spelled("d.json: scenes[2].parameters.zoom: expected number, found string \"near\""),
                       "d.json: scenes[2].parameters.zoom: expected number, found string \"near\" (scene 3)")
        XCTAssertEqual(SceneNumbers.spelled("scenes[0]: talk.pdf: encrypted"), "scenes[0]: talk.pdf: encrypted (scene 1)")
        XCTAssertEqual(SceneNumbers.spelled("a: scenes[11].kind: x\nb: sceens: unknown field\nc: scenes[1].time: y"),
                       "a: scenes[11].kind: x (scene 12)\nb: sceens: unknown field\nc: scenes[1].time: y (scene 2)", "per line")
    }

    func testLinesWithoutAScenePathOrAlreadyNumberedAreLeftAlone() {
        XCTAssertEqual(SceneNumbers.spelled("d.json: duration: expected a number"), "d.json: duration: expected a number")
        XCTAssertEqual(SceneNumbers.spelled("scenes[2] (scene 3): x"), "scenes[2] (scene 3): x")
        XCTAssertEqual(SceneNumbers.spelled("scenes[x]: not an index"), "scenes[x]: not an index")
    }
}
