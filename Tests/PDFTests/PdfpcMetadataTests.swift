import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// pdfpc.sty's `\pdfpcsetup{…}` settings live in the PDF's XMP metadata, where pdfpc reads them
/// (trial 29 F1: ignored, End showed the room the backup slide and the countdown was lost); and
/// Beamer's notes on the left (or top) are told by where its navigation bar sits (trial 29 F2:
/// the room read the notes for the whole talk).
final class PdfpcMetadataTests: PDFTestCase {
    /// As hyperxmp writes pdfpc.sty's schema (texlive 2022, pdfpc.sty 0.7.0): inside its own
    /// `rdf:Description`, nested in hyperxmp's.
    static func packet(_ entries: [String: String]) -> String {
        let pdfpc = entries.sorted { $0.key < $1.key }.map { "      <pdfpc:\($0.key)>\($0.value)</pdfpc:\($0.key)>" }.joined(separator: "\n")
        return """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
          <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
              <dc:format>application/pdf</dc:format>
              <pdf:Producer>pdfTeX-1.40.24</pdf:Producer>
              <rdf:Description xmlns:pdfpc="https://github.com/pdfpc/pdfpc">
        \(pdfpc)
              </rdf:Description>
            </rdf:Description>
          </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    func testReadsPdfpcStysSettingsAsPdfpcDoes() throws {
        let m = try XCTUnwrap(PdfpcMetadata.read(xmp: Self.packet(["Duration": "20", "EndUserSlide": "4", "LastMinutes": "5",
                                                                      "NotesPosition": "left", "DisableMarkdown": "false"])))
        XCTAssertEqual(m.durationMinutes, 20)
        XCTAssertEqual(m.lastMinutes, 5)
        XCTAssertEqual(m.endSlide, 5, "EndUserSlide counts from 0, as pdfpc reads it (the same as talk.pdfpc's endSlide)")
        XCTAssertEqual(m.notesPosition, .left)
        XCTAssertEqual(m.ignored, [])
        let e = try XCTUnwrap(PdfpcMetadata.read(xmp: Self.packet(["EndTime": "10:30", "NotesPosition": "none"])))
        XCTAssertEqual(e.endTime, "10:30")
        XCTAssertNil(e.notesPosition, "\"none\" (pdfpc.sty loaded before Beamer's notes option) leaves the half to the detection")
        let bad = try XCTUnwrap(PdfpcMetadata.read(xmp: Self.packet(["Duration": "twenty", "EndTime": "25:00", "NotesPosition": "middle"])))
        XCTAssertNil(bad.durationMinutes); XCTAssertNil(bad.endTime); XCTAssertNil(bad.notesPosition)
        XCTAssertEqual(bad.ignored, ["pdfpc:Duration \"twenty\" in the PDF's metadata is not a number of minutes: not used",
                                     "pdfpc:EndTime \"25:00\" in the PDF's metadata is not a time HH:MM: not used",
                                     "pdfpc:NotesPosition \"middle\" in the PDF's metadata is not right, left, top or bottom: not used"])
        XCTAssertNil(PdfpcMetadata.read(xmp: Self.packet([:])), "no pdfpc entry: nothing")
        XCTAssertNil(PdfpcMetadata.read(xmp: "<x:xmpmeta"), "XML that does not parse: nothing")
    }

    /// A slide + notes PDF with pdfpc.sty's settings (notes on the left) and no talk.pdfpc: the
    /// room gets the right half, the talk its plan; talk.pdfpc's values go first where it has them.
    func testTheDeckTakesTheNotesHalfAndThePlanFromThePDF() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 6, width: 1600, height: 450, notesLeft: true))
        TestPDF.appendUpdate(pdf, xmp: Self.packet(["Duration": "20", "EndUserSlide": "3", "LastMinutes": "5", "NotesPosition": "left"]))
        XCTAssertEqual(try PDFDeck(path: pdf).layout, .left, "pdfpc:NotesPosition over the page shape")
        XCTAssertEqual(try PDFDeck(path: pdf, notes: .right).layout, .right, "--notes over the PDF's settings")
        let opened = try PDFDeckOpener.open(DeckOpenRequest(path: pdf))
        XCTAssertEqual(opened.durationMinutes, 20); XCTAssertEqual(opened.lastMinutes, 5); XCTAssertEqual(opened.endSlide, 4)
        XCTAssertEqual(opened.scenes.first?.parameters["notes"]?.string, "left")

        try #"{"pdfpcFormat": 2, "endTime": "10:30", "notesPosition": "right"}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let both = try PDFDeckOpener.open(DeckOpenRequest(path: pdf))
        XCTAssertNil(both.durationMinutes, "talk.pdfpc's planned end (an end time) is the plan; the PDF's duration is not mixed in")
        XCTAssertEqual(both.endTimeMinutes, 10 * 60 + 30)
        XCTAssertEqual(both.lastMinutes, 5, "what talk.pdfpc does not say comes from the PDF")
        XCTAssertEqual(both.endSlide, 4)
        XCTAssertEqual(both.scenes.first?.parameters["notes"]?.string, "right", "talk.pdfpc's notesPosition first")

        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("talk.pdfpc read: end time 10:30, last minutes 5, end slide 4"), r.stdout)
        try FileManager.default.removeItem(atPath: path("talk.pdfpc"))
        let alone = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertTrue(alone.stdout.contains("notes: the left half of each page, to the presenter only"), alone.stdout)
        XCTAssertTrue(alone.stdout.contains("timing: duration 20 min, last minutes 5, end slide 4 (pdfpc settings in talk.pdf, or options)"), alone.stdout)
    }

    /// Without pdfpc.sty: the notes half is the one without Beamer's navigation bar.
    func testTheNavigationBarTellsWhichHalfIsTheSlide() throws {
        let frames: [ClosedRange<Int>?] = [0...0, 1...2, 1...2, 3...3]
        // pdflatex + pgfpages's labels (the frame's number, then the notes page's, per sheet):
        // not used, so the frames come from the bars, read in the slide half.
        func write(_ name: String, _ o: TestPDF.Options) -> String {
            let pdf = TestPDF.write(path(name), o)
            let nums = [1, 2, 2, 3].enumerated().map { "\(2 * $0) << /P (\($1)) >> \(2 * $0 + 1) << /S /D /St \($0 + 1) >>" }.joined(separator: " ")
            TestPDF.appendUpdate(pdf, catalogEntries: "/PageLabels << /Nums [\(nums)] >>")
            return pdf
        }
        let texts = ["Title", "Points one", "Points one two", "End"]
        let left = write("left.pdf", .init(pages: 4, width: 1600, height: 450, notesLeft: true, texts: texts, textSize: 12,
                                           creator: "LaTeX with Beamer class", beamerFrames: frames))
        let right = write("right.pdf", .init(pages: 4, width: 1600, height: 450, notesRight: true, texts: texts, textSize: 12,
                                             creator: "LaTeX with Beamer class", beamerFrames: frames))
        let plain = write("plain.pdf", .init(pages: 4, width: 1600, height: 450, notesLeft: true, texts: texts, textSize: 12))
        XCTAssertEqual(NotesDetection.layout(of: try PDFDocument(path: left)), .left, "the bar in the right half: the slide is there")
        XCTAssertEqual(NotesDetection.layout(of: try PDFDocument(path: right)), .right)
        XCTAssertEqual(NotesDetection.layout(of: try PDFDocument(path: plain)), .right, "no bar: Beamer's default, notes on the right")
        XCTAssertEqual(try PDFDeck(path: left).pages.map(\.slide), ["frame 1", "frame 2", "frame 2", "frame 4"], "frames read from the slide half")
        let b = BeamerFrames.Link(x1: 10, y1: 1, x2: 18, y2: 10)
        XCTAssertEqual(NotesDetection.slideSide(shape: .bottom, bars: [(b, Size(800, 900))]), .top, "a bar in the lower half of a tall page")
        XCTAssertEqual(NotesDetection.slideSide(shape: .bottom, bars: [(BeamerFrames.Link(x1: 10, y1: 451, x2: 18, y2: 460), Size(800, 900))]), .bottom)
        XCTAssertEqual(NotesDetection.slideSide(shape: .right, bars: [(BeamerFrames.Link(x1: 900, y1: 1, x2: 908, y2: 10), Size(1600, 450)),
                                                                      (b, Size(1600, 450))]), .right, "bars on both sides: the default kept")
    }
}
