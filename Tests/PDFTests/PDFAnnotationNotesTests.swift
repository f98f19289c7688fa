import XCTest
import PodiumKit
import PDFScene
import PodiumTestSupport

/// Comments that are not printed (`/Subtype /Text` without the Print flag, as pdfpc's
/// `\pdfpcnote` and office "export comments" make) are the speaker's: never drawn for the room or
/// in the previews, their text in the page's notes. Printed annotations still show; links work.
final class PDFAnnotationNotesTests: PDFTestCase {
    static let magenta = (255, 0, 255), cyan = (0, 255, 255), yellow = (255, 255, 0)
    static let hidden = "Mention the 2024 numbers."
    /// As pdfpc.sty's `\pdfpcnote` writes it: `/F 6`, Hidden and Print (trial 29 m1: dropped as printed).
    static let pdfpcNote = "PDFPC note: slow down here."

    /// Two pages; page 1 has a non-printing sticky note with a magenta appearance (bottom right),
    /// a printed one in cyan (top right), a link (bottom left, unit 0.05–0.175 × 0.82–0.95) to
    /// page 2 and a hidden, printing one in yellow (top left, pdfpc.sty's `\pdfpcnote`).
    func annotated() -> String {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2))
        func appearance(_ rgb: String) -> String {
            let content = "\(rgb) rg 0 0 200 100 re f"
            return "<< /Type /XObject /Subtype /Form /BBox [0 0 200 100] /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
        }
        TestPDF.appendUpdate(pdf, annotate: (page: 0, annots: 4, objects: { first in [
            "<< /Type /Annot /Subtype /Text /Rect [560 40 760 140] /F 0 /Contents (\(Self.hidden)) /AP << /N \(first + 4) 0 R >> >>",
            "<< /Type /Annot /Subtype /Text /Rect [560 300 760 400] /F 4 /Contents (Printed comment.) /AP << /N \(first + 5) 0 R >> >>",
            "<< /Type /Annot /Subtype /Link /Rect [40 22 140 81] /Border [0 0 0] /Dest (page2) >>",
            "<< /Type /Annot /Subtype /Text /Rect [40 300 240 400] /F 6 /Contents (\(Self.pdfpcNote)) /AP << /N \(first + 6) 0 R >> >>",
            appearance("1 0 1"), appearance("0 1 1"), appearance("1 1 0"),
        ] }))
        return pdf
    }

    func count(_ img: PNGImage, _ c: (Int, Int, Int)) -> Int {
        img.count(x: 0, y: 0, w: img.width, h: img.height) { abs(Int($0.r) - c.0) <= 10 && abs(Int($0.g) - c.1) <= 10 && abs(Int($0.b) - c.2) <= 10 }
    }

    func testNonPrintingCommentsAreNotDrawnAndBecomeNotes() throws {
        let pdf = annotated()
        let doc = try PDFDocument(path: pdf)
        XCTAssertEqual(doc.annotationNotes(page: 0), [Self.hidden, Self.pdfpcNote], "only the comments that are not drawn: not printed, or hidden")
        XCTAssertEqual(doc.annotationNotes(page: 1), [])
        XCTAssertEqual(doc.links(page: 0).map(\.target), [.page(1)], "the link is still there")
        let b = try XCTUnwrap(doc.render(page: 0, pixelWidth: 800, pixelHeight: 450))
        func count(_ c: (Int, Int, Int)) -> Int {   // BGRA
            (0..<450).reduce(0) { n, y in n + (0..<800).filter { x in
                let i = y * b.stride + x * 4
                return abs(Int(b.pixels[i + 2]) - c.0) <= 10 && abs(Int(b.pixels[i + 1]) - c.1) <= 10 && abs(Int(b.pixels[i]) - c.2) <= 10
            }.count }
        }
        XCTAssertEqual(count(Self.magenta), 0, "the non-printing comment is not drawn")
        XCTAssertEqual(count(Self.yellow), 0, "nor the hidden one")
        XCTAssertGreaterThan(count(Self.cyan), 10_000, "a printed annotation is")

        try #"{"1": "Welcome."}"#.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try PDFDeck(path: pdf).pages.map(\.notes), ["Welcome.\n\n\(Self.hidden)\n\n\(Self.pdfpcNote)", ""], "sidecar notes first, then the comments")
    }

    func testAudienceAndPreviewsNeverShowTheCommentEndToEnd() throws {
        let pdf = annotated()
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        for w in ["audience", "presenter"] {
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": .string(w), "path": .string(path("\(w).png"))])["ok"]?.bool, true)
            let img = try PNGImage(path: path("\(w).png"))
            XCTAssertEqual(count(img, Self.magenta), 0, "no comment on the \(w) window (page, previews)")
            XCTAssertEqual(count(img, Self.yellow), 0, "no hidden comment on the \(w) window")
            XCTAssertGreaterThan(count(img, Self.cyan), 500, "the printed annotation on the \(w) window")
        }
        // The link under where the comment sits in the page's other corner still works.
        let s = try c.send(["cmd": "state"])
        let f = try XCTUnwrap(s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == "pdf.page" }?["frame"])
        let fx = f["x"]!.number!, fy = f["y"]!.number!, fw = f["width"]!.number!, fh = f["height"]!.number!
        let k = min(fw / 800, fh / 450), pw = 800 * k, ph = 450 * k
        XCTAssertEqual(try c.send(["cmd": "click", "window": "presenter", "x": .number(fx + (fw - pw) / 2 + pw * 0.11), "y": .number(fy + (fh - ph) / 2 + ph * 0.88)])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 1, "the link went to page 2")
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("error"), app.log)
    }
}
