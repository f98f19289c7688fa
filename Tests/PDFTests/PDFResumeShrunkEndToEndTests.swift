import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A talk of PDF pages killed at page 7, relaunched after the PDF was cut to 4 pages: the resume
/// question names a page that exists (the last) and says the talk was further on; Return goes there.
final class PDFResumeShrunkEndToEndTests: PDFTestCase {
    func testResumeAfterThePDFShrankNamesAndGoesToAPageThatExists() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 8, texts: (1...8).map { "Slide \($0)" }))
        let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]
        var app = try PodiumProcess(args: [pdf, "--windowed", "--notes", "none"], environment: env, dir: dir)
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try app.send(["cmd": "goto", "index": 6])["ok"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["count"]?.int, 8)
        app.kill9()

        TestPDF.write(pdf, .init(pages: 4, texts: (1...4).map { "Slide \($0)" }))
        app = try PodiumProcess(args: [pdf, "--windowed", "--notes", "none"], environment: env, dir: dir)
        defer { app.stop() }
        let s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["count"]?.int, 4)
        let q = try XCTUnwrap(s["question"]?["text"]?.string, "\(s["question"] ?? .null)")
        XCTAssertTrue(q.hasPrefix("Resume the interrupted talk at slide 4/4 "), q)
        XCTAssertTrue(q.contains("the talk was further on"), q)
        XCTAssertEqual(try app.send(["cmd": "key", "key": "Return"])["ok"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "resumed at the last page that exists")
        XCTAssertTrue(app.log.contains("resumed at scene 4 (the journaled scene 7 is past the deck's end)"), app.log)
    }
}
