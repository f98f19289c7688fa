import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// Beamer's `show notes on second screen` (pgfpages): hyperref labels the logical pages, two per
/// sheet (the slide's label at 2i, the notes page's number at 2i + 1), so grouping overlays by
/// the sheets' labels merged the title page with the next frame (trial 11, F3). Such labels are
/// not used; `check` and the log say so.
final class PDFNotesScreenLabelsTests: PDFTestCase {
    /// The frames of the trial's talk: title, a frame with four overlays, one, three overlays, …
    static let sheetLabels = ["1", "2", "2", "2", "2", "3", "4", "4", "4", "5", "6"]

    /// Writes `pages` sheets with `/PageLabels` as pdflatex + pgfpages writes them (logical pages).
    func writeNotesScreenPDF(_ name: String, notesRight: Bool = true) -> String {
        let n = Self.sheetLabels.count
        let pdf = TestPDF.write(path(name), .init(pages: n, width: notesRight ? 1600 : 800, height: 450, notesRight: notesRight, creator: "LaTeX with Beamer class"))
        let nums = (0..<n).map { "\(2 * $0) << /P (\(Self.sheetLabels[$0])) >> \(2 * $0 + 1) << /S /D /St \($0 + 1) >>" }.joined(separator: " ")
        TestPDF.appendUpdate(pdf, catalogEntries: "/PageLabels << /Nums [\(nums)] >>")
        return pdf
    }

    func testPgfpagesLabelsAreNotUsedToGroupOverlays() throws {
        let pdf = writeNotesScreenPDF("talk.pdf")
        let doc = try PDFDocument(path: pdf)
        // Poppler reads the logical pages' labels for the sheets (1, 1, 2, 2, 2, 3, …): they are
        // replaced by the sheets' numbers, so no two sheets are titled alike (trial 16, m7).
        XCTAssertTrue(doc.labelsAreLogicalPages)
        XCTAssertEqual(doc.labels, (1...Self.sheetLabels.count).map(String.init))
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(Array(deck.pages.map(\.title).prefix(4)), ["Page 1", "Page 2", "Page 3", "Page 4"])
        XCTAssertEqual(deck.layout, .right, "the notes half is detected from the page shape")
        XCTAssertEqual(Set(deck.pages.compactMap(\.slide)).count, Self.sheetLabels.count, "every sheet a slide of its own: the title page is not merged with the next")
        XCTAssertEqual(deck.labelWarning, PageLabelTrust.warning(file: "talk.pdf"))
        XCTAssertNil(try PDFDeck(path: pdf, grouping: false).labelWarning, "--no-grouping asked for it: nothing to say")

        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: talk.pdf: its page labels count the notes pages too (Beamer's notes on the second screen), so overlays are not grouped"), r.stderr)
        XCTAssertTrue(r.stdout.contains("\(Self.sheetLabels.count) scenes (pdf ×\(Self.sheetLabels.count))"), r.stdout)
        XCTAssertFalse(r.stdout.contains("slides"), "not grouped: " + r.stdout)
    }

    /// `--notes none` on such a PDF gives two warnings; the banner showed the page-label one and
    /// hid "the room sees the notes" in the log (trial 14 F3). What the room sees comes first.
    func testTheRoomSeesTheNotesWarningLeadsTheBanner() throws {
        let pdf = writeNotesScreenPDF("talk.pdf")
        let app = try PodiumProcess(args: [pdf, "--windowed", "--notes", "none"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let s = try app.client!.send(["cmd": "state"])
        let presenter = s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
        let banner = try XCTUnwrap(presenter.first { $0["id"]?.string == "console.banner" }?["label"]?.string)
        XCTAssertTrue(banner.hasPrefix("talk.pdf: the pages look like slide + notes"), banner)
        XCTAssertTrue(banner.contains("so the room sees the notes; --notes right splits them"), banner)
        XCTAssertTrue(banner.hasSuffix("(and 1 more in the log)"), "the page-label warning after it, in the log: \(banner)")
        XCTAssertTrue(app.log.contains("its page labels count the notes pages too"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }

    /// With a `\note` on its frames, pgfpages' logical pages are no longer two per sheet: pdflatex
    /// labelled six frames of trial 17's talk (each with a note, no overlay) 1, 1, 1, 2, 2, 2, which
    /// grouped them into two "slides" (go to slide 2 showed the fourth frame). A Beamer PDF with a
    /// notes half never groups by its labels.
    func testBeamerNotesLabelsOfAnyPatternAreNotUsed() throws {
        let labels = ["1", "1", "1", "2", "2", "2"]
        let pdf = TestPDF.write(path("talk4.pdf"), .init(pages: 6, width: 1600, height: 450, beamerLabels: labels, notesRight: true, creator: "LaTeX with Beamer class"))
        let deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.compactMap(\.slide), (1...6).map { "page \($0)" }, "every sheet a slide of its own")
        XCTAssertEqual(deck.pages.map(\.title), (1...6).map { "Page \($0)" })
        XCTAssertEqual(deck.labelWarning, PageLabelTrust.warning(file: "talk4.pdf"))
        // The same labels on a wide PDF that Beamer did not make are the sheets' own.
        let other = TestPDF.write(path("other.pdf"), .init(pages: 6, width: 1600, height: 450, beamerLabels: labels, notesRight: true))
        XCTAssertEqual(try PDFDeck(path: other).pages.compactMap(\.slide), labels)
    }

    /// Labels that belong to the sheets still group overlays, with notes on the second screen
    /// (made by another program than Beamer) or without; the same label pattern on slides without
    /// a notes half is trusted.
    func testSheetLabelsStillGroup() throws {
        let right = TestPDF.write(path("right.pdf"), .init(pages: 5, width: 1600, height: 450, beamerLabels: PDFOverlayTests.labels, notesRight: true))
        XCTAssertEqual(try PDFDeck(path: right).pages.map(\.slide), PDFOverlayTests.labels)
        XCTAssertNil(try PDFDeck(path: right).labelWarning)
        let plain = writeNotesScreenPDF("plain.pdf", notesRight: false)
        let deck = try PDFDeck(path: plain)
        XCTAssertEqual(deck.layout, NotesLayout.none)
        XCTAssertNil(deck.labelWarning)
        XCTAssertEqual(Array(deck.pages.compactMap(\.slide).prefix(3)), ["1", "1", "2"], "labels taken as they are")
        XCTAssertEqual(Array(deck.pages.map(\.title).prefix(3)), ["Page 1", "Page 1", "Page 2"], "titled by their labels")
        let r = try runProcess(TestPaths.podium, ["check", right], environment: TestPaths.privateHome(in: dir))
        XCTAssertTrue(r.stdout.contains("5 scenes (pdf ×5), 3 slides (a slide's overlays count as one)"), r.stdout)
    }
}
