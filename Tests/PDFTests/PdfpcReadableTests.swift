import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// A talk.pdfpc Podium cannot read in full never stops the talk (trial 11, F8): `present` starts
/// with what could be read and says what was left out; `check` stays strict. An overlay with no
/// note has its slide's (F11). `check` counts slides and says talk.pdfpc was read (F14).
final class PdfpcReadableTests: PDFTestCase {
    let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]

    func testAFieldOfTheWrongTypeIsLeftOutAndTheRestRead() throws {
        let f = PdfpcFile.readable(Data(#"{"pdfpcFormat": 2, "duration": "20", "endSlide": 2, "pages": [{"idx": 0, "note": "kept"}, {"idx": "x"}, {"idx": 1, "hidden": "yes"}]}"#.utf8),
                                   file: "talk.pdfpc", pageCount: 3)
        XCTAssertNil(f.durationMinutes)
        XCTAssertEqual(f.endSlide, 2)
        XCTAssertEqual(f.notes, [0: "kept"])
        XCTAssertEqual(f.hidden, [])
        XCTAssertEqual(f.problems.map { "\($0)" }, ["talk.pdfpc: duration: expected a number ≥ 0, found \"20\"",
                                                    "talk.pdfpc: pages[1].idx: expected a page index 0…2, found \"x\"",
                                                    "talk.pdfpc: pages[2].hidden: expected true or false, found string"])
        let old = PdfpcFile.readable(Data("[file]\ntalk.pdf\n[notes]\n### 1\nHi".utf8), file: "talk.pdfpc", pageCount: 3)
        XCTAssertEqual(old.notes, [:])
        XCTAssertTrue(old.problems.first.map { "\($0)" }?.contains("pdfpc's old text format") == true)
    }

    func testPresentStartsWithAnUnreadablePdfpcAndCheckRefusesIt() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        for (content, expected) in [(#"{"pdfpcFormat": 2, "duration": "20", "endSlide": 2}"#, "duration: expected a number ≥ 0, found \"20\""),
                                    ("[file]\ntalk.pdf\n[notes]\n### 1\nOld notes", "pdfpc's old text format")] {
            try content.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
            let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
            XCTAssertEqual(r.status, 2, "check stays strict: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(expected), r.stderr)

            let app = try PodiumProcess(args: [pdf, "--windowed"], environment: env, dir: dir)
            defer { app.stop() }
            let s = try app.client.send(["cmd": "state"])
            XCTAssertEqual(s["driver"]?.string, "offscreen")
            XCTAssertEqual(s["scene"]?["count"]?.int, 3, "the talk started")
            let controls = s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
            let banner = controls.first { $0["id"]?.string == "console.banner" }?["label"]?.string ?? ""
            XCTAssertTrue(banner.contains("talk.pdfpc") && banner.contains(expected), "the speaker is told why: \(banner)")
            if content.contains("endSlide") { XCTAssertEqual(s["timers"]?["endScene"]?.int, 1, "what could be read is used (endSlide 2)") }
            XCTAssertEqual(app.stop(), 0)
            XCTAssertTrue(app.log.contains("warning: ") && app.log.contains(expected), app.log)
        }
    }

    func testOverlaysWithoutANoteHaveTheirSlides() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 6, beamerLabels: ["1", "2", "2", "2", "3", "3"]))
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 1, "label": "2", "overlay": 0, "note": "the overlays slide"}, {"idx": 3, "label": "2", "overlay": 2, "note": "its own"}, {"idx": 5, "label": "3", "overlay": 1, "note": "last overlay only"}]}"#
            .write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.map(\.notes), ["", "the overlays slide", "the overlays slide", "its own", "", "last overlay only"],
                       "inherited forward within a slide only; an overlay's own note wins")
        XCTAssertEqual(try PDFDeck(path: pdf, grouping: false).pages.map(\.notes)[2], "", "--no-grouping: every page its own slide")
        // Podium's own sidecar keeps its meaning: "#2" is page 2 only; the pdfpc note is still inherited.
        try ##"{"#2": "page two only"}"##.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try PDFDeck(path: pdf).pages.map(\.notes)[1...2], ["page two only\n\nthe overlays slide", "the overlays slide"])
    }

    func testCheckCountsSlidesAndSaysThePdfpcWasRead() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, beamerLabels: PDFOverlayTests.labels))
        let home = TestPaths.privateHome(in: dir)
        var r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("5 scenes (pdf ×5), 3 slides (a slide's overlays count as one)"), r.stdout)
        XCTAssertFalse(r.stdout.contains(".pdfpc"), r.stdout)
        try #"{"pdfpcFormat": 2, "duration": 15, "lastMinutes": 3, "endSlide": 2}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertTrue(r.stdout.contains("talk.pdfpc read: duration 15 min, last minutes 3, end slide 2"), r.stdout)
    }
}
