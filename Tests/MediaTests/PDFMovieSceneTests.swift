import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import PDFScene

/// A PDF page's movie inside a real `Presentation` (no platform): where the room sees its frames,
/// and the host's keys and audience modes reaching it.
@MainActor
final class PDFMovieSceneTests: XCTestCase {
    var dir: URL!
    let clock = { ProcessInfo.processInfo.systemUptime }

    override func setUp() async throws {
        dir = TestPaths.tempDir("podium-pdf-movie-scene")
        setenv("PODIUM_AUDIO", "null", 1)
        _ = try TestClips.redThenBlue(in: dir, seconds: 2)
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    /// A deck of a blank scene, the movie's page, and the PDF's plain second page; the movie's
    /// page is current.
    func makePresentation(_ annotation: MoviePDF.Annotation, copies: Int = 1) throws -> (Presentation, PDFScene) {
        try MoviePDF.write(dir.appendingPathComponent("talk.pdf"), annotation, copies: copies, secondPage: true)
        let r = PluginRegistry()
        r.register(PDFPlugin.descriptor())
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "blank", summary: "") { _, _ in BlankScene() },
        ]))
        func page(_ n: Int) -> DeckScene {
            DeckScene(kind: "pdf", parameters: SceneParameters(["file": "talk.pdf", "page": .number(Double(n))], path: "scenes[\(n)].parameters", baseDirectory: dir))
        }
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "blank"), page(1), page(2)], path: dir.appendingPathComponent("talk.json").path)
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: clock)
        p.presenter.resize(to: Size(1200, 800)); p.audience.resize(to: Size(1024, 768))
        p.next()
        return (p, try XCTUnwrap(p.scene(at: 1) as? PDFScene))
    }

    func testFramesAreDrawnOverTheMoviesRectangleAndTheHostsModesReachIt() async throws {
        let (p, scene) = try makePresentation(.uri("redblue.webm?autostart"))
        let movie = try XCTUnwrap(scene.movies.current.first, "no movie on the page")
        XCTAssertTrue(pump(p) { movie.player?.isPlaying == true && movie.audienceVideo.frameBitmap != nil }, "the autostart movie did not play")
        // The 16:9 page fills the 1024-point width, centred (y 96…672); the movie is at
        // (0.5, 0.2) of it, 0.4 × 0.4 of the page, and the 16:9 clip fills it.
        let frame = try XCTUnwrap(movie.audienceVideo.frameBitmap)
        p.audience.layoutIfNeeded()
        let drawn = p.audience.drawList().commands.compactMap { c -> Rect? in
            if case let .bitmap(b, r, _) = c, b === frame { return r } else { return nil }
        }
        let r = try XCTUnwrap(drawn.first, "the frame is not drawn on the audience view")
        XCTAssertEqual(r.minX, 512, accuracy: 1); XCTAssertEqual(r.minY, 96 + 0.2 * 576, accuracy: 1)
        XCTAssertEqual(r.width, 0.4 * 1024, accuracy: 1); XCTAssertEqual(r.height, 0.4 * 576, accuracy: 1)

        assertBlackoutMutesAndFreezePauses(p, movie)
        // playPause on the page: the scene takes it.
        XCTAssertTrue(p.press(Key("k")))   // the key map's playPause
        XCTAssertFalse(movie.player!.isPlaying); XCTAssertFalse(movie.wantsPlaying)
        XCTAssertTrue(p.press(Key("k")))   // the key map's playPause
        XCTAssertTrue(movie.player!.isPlaying)
        // Leaving the page pauses; the next page has no movie and ignores playPause.
        p.next()
        XCTAssertFalse(movie.player!.isPlaying, "leaving the page must pause")
        _ = p.press(Key("k"))
        XCTAssertFalse(movie.player!.isPlaying)
        XCTAssertEqual(p.currentIndex, 2)
    }

    func testAMovieWaitsForTheSpeakerAndThePageShowsMeanwhile() async throws {
        let (p, scene) = try makePresentation(.launch("redblue.webm"))
        let movie = try XCTUnwrap(scene.movies.current.first)
        XCTAssertTrue(pump(p, seconds: 3) { movie.player?.isPrerolled == true })
        XCTAssertFalse(movie.player!.isPlaying, "a movie without autostart played on its own")
        XCTAssertTrue(movie.audienceVideo.isHidden, "the room sees the prerolled frame before the speaker started it")
        XCTAssertTrue(p.press(Key("k")))   // the key map's playPause
        XCTAssertTrue(pump(p) { movie.player?.isPlaying == true })
        XCTAssertFalse(movie.audienceVideo.isHidden)
    }

    func testAPageOfThousandsOfMoviesPlaysOnlyTheFirstEight() async throws {
        let (p, scene) = try makePresentation(.launch("redblue.webm"), copies: 2000)
        XCTAssertEqual(scene.movies.current.count, PDFPageMovies.maxMovies)
        XCTAssertEqual(PDFPageMovies.maxMovies, 8)
        XCTAssertTrue(p.press(Key("k")))
        XCTAssertTrue(pump(p) { scene.movies.current.first?.player?.isPlaying == true })
    }

    func testCorruptClipPutsTheDiscoverersReasonOnTheErrorCardAndTheRoomKeepsThePage() async throws {
        try Data("this is a text file, not a movie\n".utf8).write(to: dir.appendingPathComponent("clip.mp4"))
        let (p, scene) = try makePresentation(.launch("clip.mp4"))
        let movie = try XCTUnwrap(scene.movies.current.first)
        XCTAssertTrue(pump(p) { movie.failure != nil }, "no error from GStreamer")
        let reason = "Cannot play clip.mp4: GStreamer cannot play it: Could not determine type of stream."
        func card() -> String? { p.presenter.controlTree().first { $0.id == "pdf.movie.error" }?.label }
        XCTAssertTrue(pump(p) { card() == reason }, "error card: \(card() ?? "none")")
        XCTAssertTrue(p.press(Key("k")), "k is still the page's")
        XCTAssertFalse(movie.wantsPlaying)
        XCTAssertTrue(movie.audienceVideo.isHidden, "the room sees more than the page")
        XCTAssertEqual(p.currentIndex, 1, "the talk stays where it was")
    }
}
