import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A talk of PDF pages killed at page 5 of 8, relaunched; while the resume question is open the
/// PDF is rewritten with 4 pages: podium reloads, and the question is worded again for the new
/// deck (the last page, saying the talk was further on), as a launch with 4 pages words it,
/// naming the slide as the console counts it, with no page number beside it.
final class PDFResumeReloadEndToEndTests: PDFTestCase {
    func testAReloadWhileTheResumeQuestionIsOpenWordsItForTheNewDeck() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 8, texts: (1...8).map { "Slide \($0)" }))
        let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]
        var app = try PodiumProcess(args: [pdf, "--windowed", "--notes", "none"], environment: env, dir: dir)
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try app.send(["cmd": "goto", "index": 4])["ok"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["index"]?.int, 4)
        app.kill9()

        app = try PodiumProcess(args: [pdf, "--windowed", "--notes", "none"], environment: env, dir: dir)
        defer { app.stop() }
        let before = try XCTUnwrap(try app.send(["cmd": "state"])["question"]?["text"]?.string)
        XCTAssertTrue(before.hasPrefix("Resume the interrupted talk at slide 5/8, "), before)

        TestPDF.write(pdf, .init(pages: 4, texts: (1...4).map { "Slide \($0)" }))
        let deadline = Date().addingTimeInterval(15)
        var s = try app.send(["cmd": "state"])
        while s["scene"]?["count"]?.int != 4 && Date() < deadline { usleep(100_000); s = try app.send(["cmd": "state"]) }
        XCTAssertEqual(s["scene"]?["count"]?.int, 4, "reloaded")
        let q = try XCTUnwrap(s["question"]?["text"]?.string, "\(s["question"] ?? .null)")
        XCTAssertTrue(q.hasPrefix("Resume the interrupted talk at slide 4/4 "), q)
        XCTAssertTrue(q.contains("(the deck's last: the talk was further on, before the deck got shorter)"), q)
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "key", "key": "Return"])["ok"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "resumed at the last page that exists")
    }
}
