import XCTest
import PodiumKit
import PodiumTestSupport

/// `talk.notes.json` with a typo, end to end (offscreen driver): `check` reports it as an error
/// naming the file and line, `present` starts anyway and says so on the presenter only, and a
/// reload with a typo keeps the last good notes (trial 8: the launch was refused, and every
/// reload of the PDF with it).
final class PDFNotesSidecarEndToEndTests: PDFTestCase {
    func banner(_ s: JSONValue) -> (text: String, kind: String)? {
        let controls = s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
        return controls.first { $0["id"]?.string == "console.banner" }.map { ($0["label"]?.string ?? "", $0["value"]?.string ?? "") }
    }

    func testANotesTypoNeverStopsTheTalk() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let notes = path("talk.notes.json")
        try #"{ "1": "note one", "#.write(toFile: notes, atomically: true, encoding: .utf8)

        let check = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(check.status, 2, "check still reports it as an error: \(check.stderr)")
        XCTAssertTrue(check.stderr.contains("\(notes): not valid JSON: line 1, column"), check.stderr)

        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["scene"]?["count"]?.int, 3, "the talk started")
        let warned = try XCTUnwrap(banner(s))
        XCTAssertEqual(warned.kind, "error")
        XCTAssertTrue(warned.text.contains("talk.notes.json: not valid JSON: line 1"), warned.text)
        XCTAssertTrue(app.log.contains("warning: \(notes): not valid JSON"), app.log)

        // Fixed: reloaded, the warning goes. Then saved mid-edit with a typo: the PDF's reload goes
        // on with the notes read before, and the speaker is told.
        try #"{"1": "note one"}"#.write(toFile: notes, atomically: true, encoding: .utf8)
        s = try c.waitForState(timeout: 10) { self.banner($0)?.text.hasPrefix("Reloaded") == true }
        XCTAssertEqual(banner(s)?.kind, "info")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        try #"{"1": "note one", "2": 5}"#.write(toFile: notes, atomically: true, encoding: .utf8)
        s = try c.waitForState(timeout: 10) { self.banner($0)?.kind == "error" }
        let kept = try XCTUnwrap(banner(s)).text
        XCTAssertTrue(kept.hasPrefix("Reloaded talk.notes.json; "), "the sidecar's reload, not the PDF's (trial 17 m10): \(kept)")
        XCTAssertTrue(kept.contains("\"2\": expected a string or an array of strings, found number 5 (the notes read before are kept)"), kept)
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "the place holds")
        XCTAssertFalse(app.log.contains("refused"), app.log)
    }
}
