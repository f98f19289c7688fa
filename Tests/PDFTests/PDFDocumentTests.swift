import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// Opening, metadata, links and rendering of PDFs the tests write with cairo.
final class PDFDocumentTests: PDFTestCase {

    func testLabelsOutlineTitleAndLinks() throws {
        let p = TestPDF.write(path("meta.pdf"), .init(pages: 3, labels: [0: "i", 1: "ii"], outline: [("Intro", 0), ("Results", 2)],
                                                     links: [(0, (0.8, 0.8, 0.15, 0.15), .page(2)), (1, (0.0, 0.0, 0.2, 0.2), .uri("https://example.org/x"))]))
        let doc = try PDFDocument(path: p)
        XCTAssertEqual(doc.pageCount, 3)
        XCTAssertEqual(doc.title, "Generated Talk")
        XCTAssertEqual(doc.labels, ["i", "ii", "3"], "labels from /PageLabels, numbers where the PDF gives none")
        XCTAssertEqual(doc.outline.map(\.title), ["Intro", "Results"])
        XCTAssertEqual(doc.outline.map(\.page), [0, 2])
        XCTAssertEqual(doc.pageSizes[0], Size(800, 450))
        let l0 = doc.links(page: 0), l1 = doc.links(page: 1)
        XCTAssertEqual(l0.map(\.target), [.page(2)])
        XCTAssertEqual(l0[0].area.minX, 0.8, accuracy: 0.001, "top-left origin, unit page coordinates")
        XCTAssertEqual(l0[0].area.minY, 0.8, accuracy: 0.001)
        XCTAssertEqual(l0[0].area.width, 0.15, accuracy: 0.001)
        XCTAssertEqual(l1.map(\.target), [.uri("https://example.org/x")])
        XCTAssertEqual(doc.links(page: 2), [])
        XCTAssertEqual(PageTitles.title(of: 0, in: doc), "Intro")
        XCTAssertEqual(PageTitles.title(of: 1, in: doc), "Page ii", "an entry names the page it points at only")
        XCTAssertEqual(PageTitles.title(of: 2, in: doc), "Results")
    }

    /// Trial 24 m4: a frame's outline entry points at its first overlay; the overlays after it
    /// (the same label) keep the title, the next slide does not take it.
    func testAFramesTitleNamesAllItsOverlays() throws {
        let doc = try PDFDocument(path: TestPDF.write(path("overlays.pdf"), .init(pages: 5, outline: [("Frame two", 1)], beamerLabels: ["1", "2", "2", "2", "3"])))
        XCTAssertEqual(doc.labels, ["1", "2", "2", "2", "3"])
        XCTAssertEqual((0..<5).map { PageTitles.title(of: $0, in: doc) }, ["Page 1", "Frame two", "Frame two", "Frame two", "Page 3"])
        XCTAssertEqual(PageTitles.placeName(of: 3, in: doc), "Frame two")
    }

    func testTitlesWithoutOutlineUseLabels() throws {
        let doc = try PDFDocument(path: TestPDF.write(path("plain.pdf"), .init(pages: 2, title: nil, labels: [0: "i", 1: "A-1"])))
        XCTAssertNil(doc.title)
        XCTAssertEqual(PageTitles.title(of: 0, in: doc), "Page i")
        XCTAssertEqual(PageTitles.title(of: 1, in: doc), "Page A-1")
    }

    /// The coloured box covers x 25–50 %, y 25–75 % of the page; at two pixel sizes it lands on
    /// exactly those pixels.
    func testRenderedBoxLandsWhereExpectedAtTwoSizes() throws {
        let doc = try PDFDocument(path: TestPDF.write(path("box.pdf"), .init(pages: 2)))
        for (w, h) in [(800, 450), (1920, 1080)] {
            let b = try XCTUnwrap(doc.render(page: 1, pixelWidth: w, pixelHeight: h))
            XCTAssertEqual(b.width, w); XCTAssertEqual(b.height, h)
            XCTAssertTrue(b.isOpaque)
            let green = TestPDF.colour(1)
            func px(_ x: Int, _ y: Int) -> (Int, Int, Int) {
                let i = y * b.stride + x * 4   // BGRA
                return (Int(b.pixels[i + 2]), Int(b.pixels[i + 1]), Int(b.pixels[i]))
            }
            func near(_ a: (Int, Int, Int), _ c: (Int, Int, Int)) -> Bool { abs(a.0 - c.0) < 6 && abs(a.1 - c.1) < 6 && abs(a.2 - c.2) < 6 }
            XCTAssertTrue(near(px(w * 3 / 8, h / 2), green), "box centre at \(w)x\(h): \(px(w * 3 / 8, h / 2))")
            XCTAssertTrue(near(px(w / 4 + 2, h / 4 + 2), green), "box top-left corner inside")
            XCTAssertTrue(near(px(w / 4 - 3, h / 2), (255, 255, 255)), "white paper left of the box")
            XCTAssertTrue(near(px(w / 2 + 3, h / 4 - 3), (255, 255, 255)), "white paper above-right of the box")
            XCTAssertTrue(near(px(w * 3 / 8, h * 3 / 4 + 3), (255, 255, 255)), "white paper below the box")
        }
    }

    func testRenderingAHalfForBeamerNotes() throws {
        let doc = try PDFDocument(path: TestPDF.write(path("notes.pdf"), .init(pages: 1, width: 1600, height: 450, notesRight: true)))
        let slide = try XCTUnwrap(doc.render(page: 0, crop: NotesLayout.right.region(forAudience: true), pixelWidth: 400, pixelHeight: 225))
        let notes = try XCTUnwrap(doc.render(page: 0, crop: NotesLayout.right.region(forAudience: false), pixelWidth: 400, pixelHeight: 225))
        func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) { let i = y * b.stride + x * 4; return (Int(b.pixels[i + 2]), Int(b.pixels[i + 1]), Int(b.pixels[i])) }
        XCTAssertEqual(rgb(slide, 150, 112).0, 220, "the slide half has the red box at its 25–50 %")
        XCTAssertEqual(rgb(slide, 390, 10).0, 255, "and white paper, no grey notes")
        XCTAssertEqual(rgb(notes, 200, 50).2 < 40 && rgb(notes, 200, 50).0 > 240, true, "the notes half has the yellow band: \(rgb(notes, 200, 50))")
        XCTAssertEqual(rgb(notes, 200, 200).0, 128, accuracy: 2, "on grey")
    }

    func testBadFilesNameTheFileAndProblem() throws {
        _ = FileManager.default.createFile(atPath: path("slides.pdf"), contents: Data("<html>not a pdf</html>".utf8))
        _ = FileManager.default.createFile(atPath: path("empty.pdf"), contents: Data())
        TestPDF.encrypted(path("locked.pdf"))
        TestPDF.zeroPages(path("none.pdf"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestPDF.write(path("whole.pdf"), .init(pages: 4))))
        _ = FileManager.default.createFile(atPath: path("cut.pdf"), contents: whole.prefix(200))

        func problem(_ name: String) -> PDFError.Problem? {
            do { _ = try PDFDocument(path: path(name)); return nil } catch let e as PDFError {
                XCTAssertTrue(e.description.hasPrefix(path(name) + ": "), "names the file: \(e)")
                return e.problem
            } catch { XCTFail("\(error)"); return nil }
        }
        XCTAssertEqual(problem("missing.pdf"), .missing)
        XCTAssertEqual(problem("slides.pdf"), .notPDF("\"<html>not a \""))
        XCTAssertEqual(problem("empty.pdf"), .notPDF("nothing (empty file)"))
        XCTAssertEqual(problem("locked.pdf"), .encrypted)
        XCTAssertEqual(problem("none.pdf"), .noPages)
        guard case .damaged = problem("cut.pdf") else { return XCTFail("a PDF cut after 200 bytes is damaged") }
        XCTAssertEqual("\(PDFError(file: "t.pdf", .encrypted))", "t.pdf: encrypted (needs a password; Podium opens unencrypted PDFs only)")
    }
}
