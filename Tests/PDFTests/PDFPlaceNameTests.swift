import XCTest
import PodiumKit
@testable import PDFScene
import PodiumTestSupport

/// The PDF plugin says what of a page's stand-in title names it beside the console's slide
/// number (`PageTitles.placeName`, `ScenePlaceNaming`, `OpenedDeck.Scene.placeName`): a numeric
/// page number is a second number for the place (trial 18 m7), a label that is not a number is
/// a name; an outline entry names only the page it points at (trial 20 #11).
@MainActor
final class PDFPlaceNameTests: PDFTestCase {
    func testANumericPageNumberIsNoName() async throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 6, outline: [("Start", 0), ("Method", 3)]))
        let deck = try PDFDeckOpener.open(DeckOpenRequest(path: pdf))
        XCTAssertEqual(deck.scenes.map(\.title), ["Start", "Page 2", "Page 3", "Method", "Page 5", "Page 6"])
        XCTAssertEqual(deck.scenes.map(\.placeName), ["Start", "", "", "Method", "", ""])
        let bare = TestPDF.write(path("bare.pdf"), .init(pages: 2))
        XCTAssertEqual(try PDFDeckOpener.open(DeckOpenRequest(path: bare)).scenes.map(\.placeName), ["", ""], "Page 1, Page 2: the number alone")

        // Labels that are not numbers are names.
        let roman = TestPDF.write(path("roman.pdf"), .init(pages: 3, labels: [0: "i", 1: "ii", 2: "A-1"]))
        let doc = try PDFDocument(path: roman)
        XCTAssertEqual((0..<3).map { PageTitles.placeName(of: $0, in: doc) }, ["Page i", "Page ii", "Page A-1"])
        let backup = TestPDF.write(path("backup.pdf"), .init(pages: 3, labels: [0: "i", 1: "ii", 2: "A-1"], outline: [("Backup", 0)]))
        XCTAssertEqual((0..<3).map { PageTitles.placeName(of: $0, in: try! PDFDocument(path: backup)) }, ["Backup", "Page ii", "Page A-1"])
    }

    /// Beamer's outline has its sections only, each pointing at the section's first frame: the
    /// frames after it are not named with the section (trial 20 #11: "Next: Intro" for the
    /// Overlays frame, `Intro (p. 7)` in `state`).
    func testASectionNamesOnlyItsFirstPage() async throws {
        let pdf = TestPDF.write(path("beamer.pdf"), .init(pages: 7, outline: [("Intro", 0), ("Results", 5)]))
        let deck = try PDFDeckOpener.open(DeckOpenRequest(path: pdf))
        XCTAssertEqual(deck.scenes.map(\.title), ["Intro", "Page 2", "Page 3", "Page 4", "Page 5", "Results", "Page 7"])
        XCTAssertEqual(deck.scenes.map(\.placeName), ["Intro", "", "", "", "", "Results", ""])
    }

    /// A page range's scene names its place as its page turns (`ScenePlaceNaming`).
    func testARangeNamesThePageItShows() async throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 8, outline: [("Start", 0), ("Method", 3)]))
        let scene = try PDFScene(SceneParameters(["file": "talk.pdf", "pages": "2-5"]), pdfHost(dir))
        XCTAssertEqual(scene.title, "Page 2")
        XCTAssertEqual(scene.placeName, "")
        for _ in 0..<2 { XCTAssertTrue(scene.handle(.next)) }
        XCTAssertEqual(scene.title, "Method")
        XCTAssertEqual(scene.placeName, "Method")
        XCTAssertTrue(scene.handle(.next))
        XCTAssertEqual(scene.title, "Page 5")
        XCTAssertEqual(scene.placeName, "")
    }
}
