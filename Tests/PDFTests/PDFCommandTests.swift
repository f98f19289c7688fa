import XCTest
import PodiumKit
import PodiumTestSupport

/// `podium check` and `podium snapshot` with a PDF as the deck, bad PDFs in a JSON deck, and
/// Beamer's notes halves, looked at through the PNGs the real binary writes.
final class PDFCommandTests: PDFTestCase {
    let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]

    func snapshot(_ deck: String, scene: Int = 0, view: String = "audience", size: String, extra: [String] = []) throws -> PNGImage {
        let out = path("shot-\(scene)-\(view)-\(size).png")
        let r = try runProcess(TestPaths.podium, ["snapshot", deck, "--scene", "\(scene)", "--view", view, "--size", size, "--out", out] + extra, environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("driver offscreen"), r.stdout)
        return try PNGImage(path: out)
    }
    func near(_ a: (Int, Int, Int), _ c: (Int, Int, Int), _ tol: Int = 8) -> Bool { abs(a.0 - c.0) <= tol && abs(a.1 - c.1) <= tol && abs(a.2 - c.2) <= tol }

    /// The box (x 25–50 %, y 25–75 % of a 16:9 page) at 1280×720 fills the window; at 1000×1000
    /// the page is letterboxed (562 px tall, centred) in black.
    func testSnapshotOfAPDFPageAtTwoSizes() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let wide = try snapshot(pdf, scene: 2, size: "1280x720")
        XCTAssertTrue(near(wide.rgb(480, 360), TestPDF.colour(2)), "\(wide.rgb(480, 360))")
        XCTAssertTrue(near(wide.rgb(322, 182), TestPDF.colour(2)), "box top-left")
        XCTAssertTrue(near(wide.rgb(317, 360), (255, 255, 255)), "paper left of the box")
        XCTAssertTrue(near(wide.rgb(5, 5), (255, 255, 255)), "no letterbox at 16:9")

        let square = try snapshot(pdf, scene: 2, size: "1000x1000")
        let top = (1000 - 562) / 2
        XCTAssertTrue(near(square.rgb(500, 100), (0, 0, 0)), "black letterbox above the page")
        XCTAssertTrue(near(square.rgb(500, 900), (0, 0, 0)), "and below")
        XCTAssertTrue(near(square.rgb(500, top + 5), (255, 255, 255)), "paper starts at y \(top)")
        XCTAssertTrue(near(square.rgb(375, top + 281), TestPDF.colour(2)), "box centre: \(square.rgb(375, top + 281))")
        XCTAssertTrue(near(square.rgb(245, top + 281), (255, 255, 255)), "left of the box at 25 %")
    }

    func testBeamerNotesHalves() throws {
        let pdf = TestPDF.write(path("beamer.pdf"), .init(pages: 2, width: 1600, height: 450, notesRight: true))
        let audience = try snapshot(pdf, size: "1280x720", extra: ["--notes", "right"])
        XCTAssertTrue(near(audience.rgb(480, 360), TestPDF.colour(0)), "the slide half fills the audience view: \(audience.rgb(480, 360))")
        XCTAssertEqual(audience.fraction(near: (255, 230, 0), tolerance: 12), 0, "no notes for the room")
        let presenter = try snapshot(pdf, view: "presenter", size: "1280x800", extra: ["--notes", "right"])
        XCTAssertGreaterThan(presenter.fraction(near: (255, 230, 0), tolerance: 12), 0.005, "the presenter sees the notes half (in the notes panel)")
        let r = try runProcess(TestPaths.podium, ["snapshot", pdf, "--notes", "middle", "--out", path("x.png")], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--notes expects right, left, bottom, top, none or auto, got \"middle\""), r.stderr)
    }

    func testCheckReportsBadPDFsAndTheRestOfTheDeckGoesOn() throws {
        let good = TestPDF.write(path("good.pdf"), .init(pages: 20))
        let ok = try runProcess(TestPaths.podium, ["check", good])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("OK — \"Generated Talk\", 20 scenes"), ok.stdout)

        _ = FileManager.default.createFile(atPath: path("slides.pdf"), contents: Data("PK\u{3}\u{4} a zip".utf8))
        TestPDF.encrypted(path("locked.pdf"))
        TestPDF.zeroPages(path("none.pdf"))
        let notPDF = try runProcess(TestPaths.podium, ["check", path("slides.pdf")])
        XCTAssertEqual(notPDF.status, 2)
        XCTAssertTrue(notPDF.stderr.contains("\(path("slides.pdf")): not a PDF file"), notPDF.stderr)

        let deck = """
        { "title": "Mixed", "scenes": [
          { "kind": "title", "parameters": { "heading": "Still here" } },
          { "kind": "pdf", "parameters": { "file": "locked.pdf" } },
          { "kind": "pdf", "parameters": { "file": "none.pdf" } },
          { "kind": "pdf", "parameters": { "file": "good.pdf", "page": 21 } },
          { "kind": "pdf", "parameters": { "file": "good.pdf", "page": 4 } } ] }
        """
        try deck.write(toFile: path("mixed.json"), atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.podium, ["check", path("mixed.json")])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("scenes[1]: \(path("locked.pdf")): encrypted"), r.stderr)
        XCTAssertTrue(r.stderr.contains("scenes[2]: \(path("none.pdf")): the PDF has no pages"), r.stderr)
        XCTAssertTrue(r.stderr.contains("scenes[3]: good.pdf: page 21 does not exist (the PDF has 20 pages)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("scenes[4]"), r.stderr)

        // Presenting: the bad scene is an error card naming the file for the speaker (the room
        // keeps the scene before it); the others render.
        let card = try snapshot(path("mixed.json"), scene: 1, view: "presenter", size: "960x540")
        XCTAssertGreaterThan(card.fraction(near: (0xFF, 0x45, 0x3A), tolerance: 40), 0.001, "the error card's red heading")
        let room = try snapshot(path("mixed.json"), scene: 1, size: "960x540")
        XCTAssertEqual(room.fraction(near: (0xFF, 0x45, 0x3A), tolerance: 40), 0, "the room sees no error card")
        let page = try snapshot(path("mixed.json"), scene: 4, size: "960x540")
        XCTAssertTrue(near(page.rgb(360, 270), TestPDF.colour(3)), "page 4 of good.pdf: \(page.rgb(360, 270))")
    }
}
