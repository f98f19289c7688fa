import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The `pages` parameter: parsing and checking the range, stepping through it with the clicker
/// keys, the presenter's next page and title, and links into a range scene.
@MainActor
final class PDFPageRangeTests: PDFTestCase {
    let validate = PDFPlugin.descriptor().sceneKinds[0].validate

    func testParsesRanges() async throws {
        XCTAssertEqual(try PDFSceneOptions.parseRange("3-7", path: "p"), 2...6)
        XCTAssertEqual(try PDFSceneOptions.parseRange(" 2 - 5 ", path: "p"), 1...4)
        XCTAssertEqual(try PDFSceneOptions.parseRange("4", path: "p"), 3...3, "one page is a range too")
        XCTAssertEqual(try PDFSceneOptions.parseRange("5-5", path: "p"), 4...4)
    }

    func testRefusesBadRangesNamingTheField() async throws {
        let cases: [(JSONValue, String)] = [
            ("3-", "expected a page range like \"3-7\", found \"3-\""),
            ("a-b", "expected a page range like \"3-7\", found \"a-b\""),
            ("1-2-3", "expected a page range like \"3-7\", found \"1-2-3\""),
            ("", "expected a page range like \"3-7\", found \"\""),
            ("-4", "expected a page range like \"3-7\", found \"-4\""),
            ("0-3", "pages are numbered from 1, found \"0-3\""),
            ("7-3", "empty range \"7-3\" (the first page is after the last)"),
        ]
        for (value, message) in cases {
            XCTAssertThrowsError(try validate(SceneParameters(["file": "t.pdf", "pages": value], path: "scenes[2].parameters"))) {
                XCTAssertEqual("\($0)", "scenes[2].parameters.pages: \(message)")
            }
        }
        XCTAssertThrowsError(try validate(SceneParameters(["file": "t.pdf", "pages": 3], path: "scenes[2].parameters"))) {
            XCTAssertTrue("\($0)".hasPrefix("scenes[2].parameters.pages: "), "\($0)")
        }
        XCTAssertThrowsError(try validate(SceneParameters(["file": "t.pdf", "pages": "1-2", "page": 1], path: "scenes[2].parameters"))) {
            XCTAssertEqual("\($0)", "scenes[2].parameters.pages: give either page or pages, not both")
        }
    }

    func testRangeOutsideTheFile() async throws {
        TestPDF.write(path("six.pdf"), .init(pages: 6))
        let p = SceneParameters(["file": "six.pdf", "pages": "4-9"], path: "scenes[1].parameters")
        let expected = "scenes[1].parameters.pages: pages 4-9 are not all in six.pdf (it has 6 pages)"
        XCTAssertEqual(PDFPlugin.fileProblem(p, deckDirectory: dir), expected)
        XCTAssertThrowsError(try PDFScene(p, pdfHost(dir))) { XCTAssertEqual("\($0)", expected) }
        XCTAssertNil(PDFPlugin.fileProblem(SceneParameters(["file": "six.pdf", "pages": "2-6"]), deckDirectory: dir))
    }

    func testNextAndPreviousStepThroughTheRangeThenLetTheDeckMoveOn() async throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 8, outline: [("Start", 0), ("Method", 3)]))
        let scene = try PDFScene(SceneParameters(["file": "talk.pdf", "pages": "2-5"]), pdfHost(dir))
        let next = try XCTUnwrap(scene.presenterView as? PDFPresenterView).next
        XCTAssertEqual(scene.page, 1)
        XCTAssertEqual(scene.title, "Page 2")
        XCTAssertEqual(next.page, 2, "the presenter sees page 3 next")
        var seen = [scene.page]
        for _ in 0..<3 {
            // What the console's "Next scene:" caption goes by (`SceneStepping`, trial 17 m6).
            XCTAssertTrue(scene.hasNextStep, "page \(scene.page + 1): next stays in the range")
            XCTAssertTrue(scene.handle(.next))
            seen.append(scene.page)
        }
        XCTAssertEqual(seen, [1, 2, 3, 4])
        XCTAssertEqual(scene.title, "Page 5")
        XCTAssertTrue(next.isHidden, "no next page after the range's last")
        XCTAssertFalse(scene.hasNextStep, "on the range's last page next goes to the deck")
        XCTAssertFalse(scene.handle(.next), "the deck moves on after page 5")
        XCTAssertEqual(scene.page, 4)
        XCTAssertFalse(scene.handle(.blackout), "blackout is the host's")
        XCTAssertFalse(scene.handleUnhandledKey(Key("Right")), "raw keys are not actions: the key map decides")
        for _ in 0..<3 { XCTAssertTrue(scene.handle(.previous)) }
        XCTAssertEqual(scene.page, 1)
        XCTAssertFalse(next.isHidden)
        XCTAssertFalse(scene.handle(.previous), "before page 2 the deck goes back")

        let single = try PDFScene(SceneParameters(["file": "talk.pdf", "page": 3]), pdfHost(dir))
        XCTAssertFalse(single.handleUnhandledKey(Key("Right")), "a one-page scene leaves keys to the deck")
        XCTAssertFalse(single.hasNextStep, "a one-page scene has no step of its own")
    }

    func testLinksIntoARange() async throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 8))
        let host = pdfHost(dir)
        let scene = try PDFScene(SceneParameters(["file": "talk.pdf", "pages": "2-5"]), host)
        scene.follow(.page(3))
        XCTAssertEqual(scene.page, 3, "a page of its own range shows here")
        XCTAssertEqual(openedPages(host), [])
        scene.follow(.page(6))
        XCTAssertEqual(openedPages(host), [["file": "talk.pdf", "page": 7]], "other pages go through the host")
        scene.receive(SceneParameters(["file": "talk.pdf", "page": 2]))
        XCTAssertEqual(scene.page, 1)

        let accepts = try XCTUnwrap(PDFPlugin.descriptor().sceneKinds[0].accepts)
        let range = SceneParameters(["file": "talk.pdf", "pages": "2-5"])
        XCTAssertTrue(accepts(range, ["file": "talk.pdf", "page": 4]))
        XCTAssertFalse(accepts(range, ["file": "talk.pdf", "page": 6]))
        XCTAssertFalse(accepts(range, ["file": "other.pdf", "page": 4]))
        XCTAssertFalse(accepts(SceneParameters(["file": "talk.pdf", "page": 4]), ["file": "talk.pdf", "page": 4]), "single pages match exactly")
    }
}
