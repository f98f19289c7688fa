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
        XCTAssertEqual(f.endSlide, 3, "pdfpc counts endSlide from 0")
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
        for (content, expected) in [(#"{"pdfpcFormat": 2, "duration": "20", "endSlide": 1}"#, "duration: expected a number ≥ 0, found \"20\""),
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
            if content.contains("endSlide") { XCTAssertEqual(s["timers"]?["endScene"]?.int, 1, "what could be read is used (endSlide 1: slide 2)") }
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
        try #"{"pdfpcFormat": 2, "duration": 15, "lastMinutes": 3, "endSlide": 1}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertTrue(r.stdout.contains("talk.pdfpc read: duration 15 min, last minutes 3, end slide 2"), r.stdout)
    }

    /// Trial 25 m6: `check` says where a PDF's notes are and how many pages have text notes,
    /// as `present` will use them: Beamer's right half detected from the page shape, none on
    /// plain pages, and a note from talk.pdfpc counted.
    func testCheckSaysWhereTheNotesAreAndHowManyPagesHaveThem() throws {
        let home = TestPaths.privateHome(in: dir)
        let right = TestPDF.write(path("talk.pdf"), .init(pages: 4, width: 1600, height: 450, notesRight: true))
        var r = try runProcess(TestPaths.podium, ["check", right], environment: home)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("notes: the right half of each page, to the presenter only; text notes on 0 of 4 pages"), r.stdout)
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 1, "label": "2", "overlay": 0, "note": "say hello"}]}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        r = try runProcess(TestPaths.podium, ["check", right, "--no-grouping"], environment: home)
        XCTAssertTrue(r.stdout.contains("; text notes on 1 of 4 pages"), r.stdout)
        let plain = TestPDF.write(path("plain.pdf"), .init(pages: 1))
        r = try runProcess(TestPaths.podium, ["check", plain], environment: home)
        XCTAssertTrue(r.stdout.contains("notes: none on the pages (each page is shown whole to both screens); text notes on 0 of 1 page"), r.stdout)
    }

    /// Trial 20 #12: pdfpc writes its 0-based end slide (0: the first); a value that is no slide
    /// number is refused, naming the file, field and value; a format version Podium does not
    /// know is said.
    func testEndSlideCountsFromZeroAndAnUnknownFormatIsSaid() throws {
        func read(_ json: String) -> PdfpcFile { PdfpcFile.readable(Data(json.utf8), file: "talk.pdfpc", pageCount: 3) }
        XCTAssertEqual(read(#"{"pdfpcFormat": 2, "endSlide": 0}"#).endSlide, 1, "the first slide")
        XCTAssertEqual(read(#"{"pdfpcFormat": 2, "endSlide": 0}"#).ignored, [])
        for bad in ["-1", "1.5", "\"2\""] {
            let f = read(#"{"pdfpcFormat": 2, "endSlide": "# + bad + "}")
            XCTAssertNil(f.endSlide)
            XCTAssertEqual(f.problems.map { "\($0)" }, ["talk.pdfpc: endSlide: expected a slide number ≥ 0 (pdfpc counts from 0: 0 is the first slide), found \(bad)"])
        }
        XCTAssertEqual(read(#"{"pdfpcFormat": 3, "duration": 5}"#).ignored,
                       ["pdfpcFormat 3 is not a format version Podium knows (2, written by pdfpc 4.5 and later): read as version 2"])
        XCTAssertEqual(read(#"{"pdfpcFormat": 3, "duration": 5}"#).durationMinutes, 5, "read all the same")
    }

    /// Trial 20 #12: `check` says what it did not read or use: a FIFO or a folder named
    /// talk.pdfpc (it said "talk.pdfpc read"), `lastMinutes` with no duration or end time (as
    /// `--last-minutes` alone is refused), an unknown `pdfpcFormat`.
    func testCheckSaysWhatOfTalkPdfpcItDidNotReadOrUse() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let file = path("talk.pdfpc"), home = TestPaths.privateHome(in: dir)
        XCTAssertEqual(mkfifo(file, 0o600), 0)
        var r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(r.status, 2, "a file it cannot read is a problem, as in the notes sidecar: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("\(file): not a regular file but a FIFO (named pipe) (the file is left out)"), r.stderr)
        XCTAssertFalse(r.stdout.contains("talk.pdfpc read"), r.stdout)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(file): "), r.stderr)
        XCTAssertFalse(r.stdout.contains("talk.pdfpc read"), r.stdout)
        try FileManager.default.removeItem(atPath: file)

        try #"{"pdfpcFormat": 3, "lastMinutes": 30}"#.write(toFile: file, atomically: true, encoding: .utf8)
        r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: \(file): lastMinutes 30 needs a planned end (a duration or end time there, or --duration MIN / --end-time HH:MM): not used"), r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: \(file): pdfpcFormat 3 is not a format version Podium knows"), r.stderr)
        XCTAssertFalse(r.stdout.contains("last minutes"), r.stdout)
        r = try runProcess(TestPaths.podium, ["check", pdf, "--duration", "45"], environment: home)
        XCTAssertTrue(r.stdout.contains("talk.pdfpc read; timing: duration 45 min (--duration); last minutes 30 (talk.pdfpc)"), "with a duration it is used, each value said with its source: \(r.stdout)")
        XCTAssertFalse(r.stderr.contains("lastMinutes"), r.stderr)
    }
}
