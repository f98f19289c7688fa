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
        let m = try XCTUnwrap(PdfpcMetadata.read(xmp: Self.packet(["Duration": "20", "EndUserSlide": "5", "LastMinutes": "5",
                                                                      "NotesPosition": "left", "DisableMarkdown": "false"])))
        XCTAssertEqual(m.durationMinutes, 20)
        XCTAssertEqual(m.lastMinutes, 5)
        XCTAssertEqual(m.endSlide, 5, "EndUserSlide counts from 1 (pdfpc's pdf.vala subtracts 1; only talk.pdfpc's endSlide counts from 0)")
        XCTAssertEqual(m.notesPosition, .left)
        XCTAssertEqual(m.ignored, [])
        let e = try XCTUnwrap(PdfpcMetadata.read(xmp: Self.packet(["EndTime": "10:30", "NotesPosition": "none"])))
        XCTAssertEqual(e.endTime, "10:30")
        XCTAssertNil(e.notesPosition, "\"none\" (pdfpc.sty loaded before Beamer's notes option) leaves the half to the detection")
        let bad = try XCTUnwrap(PdfpcMetadata.read(xmp: Self.packet(["Duration": "twenty", "EndTime": "25:00", "EndUserSlide": "0", "NotesPosition": "middle"])))
        XCTAssertNil(bad.durationMinutes); XCTAssertNil(bad.endTime); XCTAssertNil(bad.endSlide); XCTAssertNil(bad.notesPosition)
        XCTAssertEqual(bad.ignored, ["pdfpc:Duration \"twenty\" in the PDF's metadata is not a number of minutes: not used",
                                     "pdfpc:EndTime \"25:00\" in the PDF's metadata is not a time HH:MM: not used",
                                     "pdfpc:EndUserSlide \"0\" in the PDF's metadata is not a slide number (from 1): not used",
                                     "pdfpc:NotesPosition \"middle\" in the PDF's metadata is not right, left, top or bottom: not used"])
        // A writer that declares no namespace: the prefix is enough, as for pdfpc.
        let bare = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><pdfpc:Duration>15</pdfpc:Duration></x:xmpmeta>"
        XCTAssertEqual(PdfpcMetadata.read(xmp: bare)?.durationMinutes, 15)
        // A packet from a hostile PDF: a DOCTYPE could declare entities that expand to gigabytes
        // (XMP forbids it); such a packet is not read at all.
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\">]>" + Self.packet(["Duration": "&a;&a;&a;"]).replacingOccurrences(of: "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>", with: "")
        XCTAssertNil(PdfpcMetadata.read(xmp: bomb))
        XCTAssertNil(PdfpcMetadata.read(xmp: Self.packet([:])), "no pdfpc entry: nothing")
        XCTAssertNil(PdfpcMetadata.read(xmp: "<x:xmpmeta"), "XML that does not parse: nothing")
    }

    /// A slide + notes PDF with pdfpc.sty's settings (notes on the left) and no talk.pdfpc: the
    /// room gets the right half, the talk its plan; the PDF's values go before talk.pdfpc's, as in
    /// pdfpc, and talk.pdfpc gives what the PDF does not.
    func testTheDeckTakesTheNotesHalfAndThePlanFromThePDF() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 6, width: 1600, height: 450, notesLeft: true))
        TestPDF.appendUpdate(pdf, xmp: Self.packet(["Duration": "20", "EndUserSlide": "4", "LastMinutes": "5", "NotesPosition": "left"]))
        XCTAssertEqual(try PDFDeck(path: pdf).layout, .left, "pdfpc:NotesPosition over the page shape")
        XCTAssertEqual(try PDFDeck(path: pdf, notes: .right).layout, .right, "--notes over the PDF's settings")
        let opened = try PDFDeckOpener.open(DeckOpenRequest(path: pdf))
        XCTAssertEqual(opened.durationMinutes, 20); XCTAssertEqual(opened.lastMinutes, 5); XCTAssertEqual(opened.endSlide, 4)
        XCTAssertEqual(opened.scenes.first?.parameters["notes"]?.string, "left")

        // As pdfpc writes it beside the PDF (copies of the settings it read, its own key names).
        try #"{"pdfpcFormat": 2, "endTime": "10:30", "lastMinutes": 2, "endSlide": 1, "beamerNotePosition": "RIGHT"}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let both = try PDFDeckOpener.open(DeckOpenRequest(path: pdf))
        XCTAssertEqual(both.durationMinutes, 20, "the PDF's planned end (a duration) is the plan; talk.pdfpc's end time is not mixed in")
        XCTAssertNil(both.endTimeMinutes)
        XCTAssertEqual(both.lastMinutes, 5); XCTAssertEqual(both.endSlide, 4)
        XCTAssertEqual(both.scenes.first?.parameters["notes"]?.string, "left", "the PDF's NotesPosition first")
        let plain = TestPDF.write(path("plain.pdf"), .init(pages: 6, width: 1600, height: 450, notesRight: true))
        TestPDF.appendUpdate(plain, xmp: Self.packet(["NotesPosition": "left"]))
        try #"{"pdfpcFormat": 2, "endTime": "10:30", "lastMinutes": 2, "endSlide": 1, "beamerNotePosition": "RIGHT"}"#.write(toFile: path("plain.pdfpc"), atomically: true, encoding: .utf8)
        let filled = try PDFDeckOpener.open(DeckOpenRequest(path: plain))
        XCTAssertEqual(filled.endTimeMinutes, 10 * 60 + 30, "what the PDF does not say comes from talk.pdfpc")
        XCTAssertEqual(filled.lastMinutes, 2); XCTAssertEqual(filled.endSlide, 2, "talk.pdfpc's endSlide counts from 0")
        XCTAssertEqual(filled.scenes.first?.parameters["notes"]?.string, "left")
        try FileManager.default.removeItem(atPath: path("plain.pdfpc"))
        XCTAssertEqual(try PDFDeck(path: plain, notes: nil).layout, .left)
        TestPDF.write(path("plain.pdf"), .init(pages: 6, width: 1600, height: 450, notesRight: true))
        try #"{"pdfpcFormat": 2, "beamerNotePosition": "LEFT"}"#.write(toFile: path("plain.pdfpc"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try PDFDeck(path: plain).layout, .left, "pdfpc's own key, in its case")

        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("talk.pdfpc read; timing: duration 20 min, last minutes 5, end slide 4 (talk.pdf's \\pdfpcsetup)"), "each value said with where it came from (review26): \(r.stdout)")
        try FileManager.default.removeItem(atPath: path("talk.pdfpc"))
        let alone = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertTrue(alone.stdout.contains("notes: the left half of each page, to the presenter only"), alone.stdout)
        XCTAssertTrue(alone.stdout.contains("timing: duration 20 min, last minutes 5, end slide 4 (talk.pdf's \\pdfpcsetup)"), alone.stdout)
        let ended = try runProcess(TestPaths.podium, ["check", pdf, "--end-slide", "2"], environment: TestPaths.privateHome(in: dir))
        XCTAssertTrue(ended.stdout.contains("timing: duration 20 min, last minutes 5 (talk.pdf's \\pdfpcsetup); end slide 2 (--end-slide)"), ended.stdout)
    }

    /// Review26: pdfpc.sty's `lastminutes` without a planned end is said as the PDF's, not sent
    /// to a talk.pdfpc that does not say it; talk.pdfpc's values beside the PDF's are named apart.
    func testAWarningAndCheckNameWhereEachValueWasWritten() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 4))
        TestPDF.appendUpdate(pdf, xmp: Self.packet(["LastMinutes": "5", "EndUserSlide": "9"]))
        let home = TestPaths.privateHome(in: dir)
        let r = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: talk.pdf's \\pdfpcsetup: lastminutes 5 needs a planned end"), "pdfpc.sty's own key: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("warning: the planned end slide 9 (enduserslide in talk.pdf's \\pdfpcsetup) is past the talk's 4 slides"), r.stderr)
        XCTAssertFalse(r.stderr.contains("talk.pdfpc"), r.stderr)
        try #"{"pdfpcFormat": 2, "duration": 30, "lastMinutes": 2}"#.write(toFile: path("talk.pdfpc"), atomically: true, encoding: .utf8)
        let both = try runProcess(TestPaths.podium, ["check", pdf], environment: home)
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertTrue(both.stdout.contains("talk.pdfpc read; timing: duration 30 min (talk.pdfpc); last minutes 5, end slide 4 (talk.pdf's \\pdfpcsetup)"), both.stdout)
        // An end time on the command line is the plan: talk.pdfpc's duration is not listed beside it.
        let ending = try runProcess(TestPaths.podium, ["check", pdf, "--end-time", "10:30"], environment: home)
        XCTAssertTrue(ending.stdout.contains("talk.pdfpc read; timing: end time 10:30 (--end-time); last minutes 5, end slide 4 (talk.pdf's \\pdfpcsetup)"), ending.stdout)
    }
}
