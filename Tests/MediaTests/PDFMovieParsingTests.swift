import Foundation
import PDFScene
import PodiumKit
import PodiumTestSupport
import XCTest

/// Which annotations of a PDF page are movies (`PDFDocument.movies`), read by poppler from PDFs
/// written by hand the ways Beamer, hyperref and pdfpc users write them.
final class PDFMovieParsingTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-pdf-movie-parse") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func movies(_ a: MoviePDF.Annotation) throws -> [PDFMovie] {
        let url = dir.appendingPathComponent("m.pdf")
        try MoviePDF.write(url, a)
        return try PDFDocument(path: url.path).movies(page: 0)
    }

    func testLaunchLinkToAClipIsAMovieOverItsRectangle() throws {
        let m = try XCTUnwrap(try movies(.launch("run:clips/talk clip.webm")).first)
        XCTAssertEqual(m.file, "clips/talk clip.webm"); XCTAssertEqual(m.source, .link)
        XCTAssertFalse(m.autostart); XCTAssertFalse(m.loop)
        XCTAssertEqual(m.area.minX, 0.5, accuracy: 1e-6); XCTAssertEqual(m.area.minY, 0.2, accuracy: 1e-6)
        XCTAssertEqual(m.area.width, 0.4, accuracy: 1e-6); XCTAssertEqual(m.area.height, 0.4, accuracy: 1e-6)
        XCTAssertEqual(m.url(relativeTo: dir).path, dir.appendingPathComponent("clips/talk clip.webm").path)
    }

    func testPdfpcFlagsInAURILink() throws {
        let m = try XCTUnwrap(try movies(.uri("file:clip%20one.MP4?autostart&loop&start=1.5&stop=3&noprogress")).first)
        XCTAssertEqual(m.file, "clip one.MP4")
        XCTAssertTrue(m.autostart); XCTAssertTrue(m.loop)
        XCTAssertEqual(m.start, 1.5); XCTAssertEqual(m.end, 3)
        // A stop before the start is ignored rather than refusing the movie.
        XCTAssertNil(try XCTUnwrap(try movies(.uri("clip.webm?start=5&stop=2")).first).end)
    }

    func testLinksToOtherThingsAreNotMovies() throws {
        XCTAssertEqual(try movies(.uri("https://example.org/clip.mp4")), [])
        XCTAssertEqual(try movies(.launch("notes.pdf")), [])
        XCTAssertEqual(try movies(.uri("mailto:someone@example.org")), [])
    }

    func testMovieAnnotationNamesItsFile() throws {
        let m = try XCTUnwrap(try movies(.movie("beamer.webm")).first)
        XCTAssertEqual(m.file, "beamer.webm"); XCTAssertEqual(m.source, .movie)
        XCTAssertFalse(m.autostart, "\\movie waits for a click, as in pdfpc")
        XCTAssertEqual(m.area.minX, 0.5, accuracy: 1e-6)
    }

    func testScreenAnnotationWithARendition() throws {
        let m = try XCTUnwrap(try movies(.screen("screen.webm")).first)
        XCTAssertEqual(m.file, "screen.webm"); XCTAssertEqual(m.source, .screen)
        XCTAssertTrue(m.autostart, "the rendition asks to play on open")
        XCTAssertEqual(m.area.minY, 0.2, accuracy: 1e-6)
    }
}

/// `podium check`'s warnings about the movies of a `pdf` scene.
final class PDFMovieCheckTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-pdf-movie-check") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// Warnings for a PDF named `name` (documents are cached by path: one name per PDF).
    func warnings(_ name: String, _ a: MoviePDF.Annotation) throws -> [String] {
        try MoviePDF.write(dir.appendingPathComponent(name), a)
        return PDFPlugin.movieWarnings(SceneParameters(["file": .string(name), "page": 1], path: "scenes[0].parameters"), deckDirectory: dir)
    }

    func testMissingCorruptAndPlayableClips() throws {
        XCTAssertEqual(try warnings("talk.pdf", .movie("gone.webm")), ["talk.pdf page 1: movie gone.webm: file not found: \(dir.appendingPathComponent("gone.webm").path)"])
        try Data("not a movie\n".utf8).write(to: dir.appendingPathComponent("text.mp4"))
        let corrupt = try warnings("corrupt.pdf", .launch("text.mp4"))
        XCTAssertEqual(corrupt.count, 1)
        XCTAssertTrue(corrupt.first?.hasPrefix("corrupt.pdf page 1: movie text.mp4: GStreamer cannot play it") == true, "\(corrupt)")
        _ = try TestClips.redThenBlue(in: dir)
        XCTAssertEqual(try warnings("good.pdf", .uri("redblue.webm?autostart")), [])
    }

    /// `podium check talk.pdf` fails naming a page's movie that cannot play (as for a `media`
    /// scene's clip); a PDF whose movies play passes.
    func testCheckNamesAMissingMovieClip() throws {
        try MoviePDF.write(dir.appendingPathComponent("talk.pdf"), .movie("gone.webm"))
        let r = try runPodium(["check", dir.appendingPathComponent("talk.pdf").path], environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("movie gone.webm: file not found"), r.stderr)
        _ = try TestClips.redThenBlue(in: dir)
        try MoviePDF.write(dir.appendingPathComponent("good.pdf"), .uri("redblue.webm"))
        let ok = try runPodium(["check", dir.appendingPathComponent("good.pdf").path], environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }
}
