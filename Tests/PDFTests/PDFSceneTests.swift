import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The scene with a stand-in host: internal links ask the host for the page's scene, web links
/// go through the safe browser opener, bad pages and parameters are refused with clear errors.
/// The stand-in host for PDF scenes: the deck, data and assets all in `dir`.
@MainActor func pdfHost(_ dir: URL) -> FakeSceneContext {
    FakeSceneContext(pluginID: "org.podium.pdf", dataDirectory: dir, assetsDirectory: dir, deckDirectory: dir)
}

/// The pages a PDF scene asked the host to open (every one a `pdf` scene).
@MainActor func openedPages(_ host: FakeSceneContext, file: StaticString = #filePath, line: UInt = #line) -> [[String: JSONValue]] {
    XCTAssertEqual(host.opened.filter { $0.kind != "pdf" }.map(\.kind), [], "only pdf scenes", file: file, line: line)
    return host.opened.map(\.parameters)
}

@MainActor
final class PDFSceneTests: PDFTestCase {

    /// The status line names the file's page as such, its label only when that is not the
    /// number (trial 29 m3: "Page 5 (5 of 10)" beside the console's "slide 3/6" read as a second
    /// numbering of the talk).
    func testTheStatusLineNamesTheFilesPage() async throws {
        TestPDF.write(dir.appendingPathComponent("roman.pdf").path, .init(pages: 3, labels: [0: "i", 1: "ii", 2: "iii"]))
        TestPDF.write(dir.appendingPathComponent("plain.pdf").path, .init(pages: 3))
        let roman = try PDFScene(SceneParameters(["file": "roman.pdf", "page": 2]), pdfHost(dir))
        XCTAssertEqual(roman.presenter.status.text, "PDF page 2 of 3 (label ii) · roman.pdf")
        let plain = try PDFScene(SceneParameters(["file": "plain.pdf", "page": 3]), pdfHost(dir))
        XCTAssertEqual(plain.presenter.status.text, "PDF page 3 of 3 · plain.pdf")
    }

    func testLinksAndSegues() async throws {
        TestPDF.write(dir.appendingPathComponent("links.pdf").path, .init(pages: 6, outline: [("Start", 0)]))
        let host = pdfHost(dir)
        let scene = try PDFScene(SceneParameters(["file": "links.pdf", "page": 2]), host)
        XCTAssertEqual(scene.title, "Page 2")
        scene.follow(.page(4))
        scene.follow(.relative(-1))
        scene.follow(.page(99))
        XCTAssertEqual(openedPages(host), [["file": "links.pdf", "page": 5], ["file": "links.pdf", "page": 1]], "pages are 1-based, out of range ignored")

        // Web links: only http(s), started as `opener URL` with no shell.
        let record = dir.appendingPathComponent("opened.txt").path
        let script = dir.appendingPathComponent("opener.sh")
        try "#!/bin/sh\nprintf '%s' \"$1\" > \(record)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        scene.opener = BrowserOpener(executable: script.path)
        scene.follow(.uri("file:///etc/passwd"))
        XCTAssertTrue(host.logs.last?.contains("only http and https links open") ?? false, "\(host.logs)")
        scene.follow(.uri("https://example.org/a b;$(reboot)"))
        XCTAssertTrue(host.logs.last?.contains("link not opened") ?? false, "\(host.logs)")
        scene.follow(.uri("https://example.org/talk?x=1"))
        // The shell creates the file before printf fills it: wait for the content, not the file.
        for _ in 0..<100 where ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").isEmpty { usleep(20_000) }
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), "https://example.org/talk?x=1")

        // A segue to a page with no scene of its own shows it here; another file's is ignored.
        scene.receive(SceneParameters(["file": "links.pdf", "page": 6]))
        XCTAssertEqual(scene.page, 5)
        scene.receive(SceneParameters(["file": "other.pdf", "page": 1]))
        XCTAssertEqual(scene.page, 5)
    }

    /// Becoming current and leaving on a page without movies asks the host for no redraw (the host
    /// draws both windows on a scene change anyway; each request also worded the console's
    /// title and next caption again, twice an advance: issue 19).
    func testAPageWithoutMoviesAsksNoRedrawWhenItBecomesCurrentOrLeaves() async throws {
        TestPDF.write(dir.appendingPathComponent("plain.pdf").path, .init(pages: 3))
        let host = pdfHost(dir)
        let scene = try PDFScene(SceneParameters(["file": "plain.pdf", "page": 2]), host)
        let before = host.displayRequests
        scene.didBecomeCurrent()
        scene.willResignCurrent()
        XCTAssertEqual(host.displayRequests, before)
    }

    func testParameterAndPageErrors() async throws {
        TestPDF.write(dir.appendingPathComponent("two.pdf").path, .init(pages: 2))
        let host = pdfHost(dir)
        XCTAssertThrowsError(try PDFScene(SceneParameters(["file": "two.pdf", "page": 3]), host)) {
            XCTAssertEqual("\($0)", "two.pdf: page 3 does not exist (the PDF has 2 pages)")
        }
        let validate = PDFPlugin.descriptor().sceneKinds[0].validate
        XCTAssertThrowsError(try validate(SceneParameters(["file": "two.pdf", "page": 1.5], path: "scenes[1].parameters"))) {
            XCTAssertEqual("\($0)", "scenes[1].parameters.page: expected a page number 1, 2, …, found 1.5")
        }
        XCTAssertThrowsError(try validate(SceneParameters(["file": "two.pdf", "notes": "middle"], path: "p"))) {
            XCTAssertEqual("\($0)", "p.notes: expected auto, none, right, left, bottom or top, found \"middle\"")
        }
        XCTAssertThrowsError(try validate(SceneParameters(["page": 1], path: "p"))) { XCTAssertEqual("\($0)", "p.file: missing required string") }
        XCTAssertNoThrow(try validate(SceneParameters(["file": "missing.pdf"])), "a missing file is the scene's error card, not a deck error")
    }
}
