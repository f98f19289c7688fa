import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MediaScene
import PodiumMedia

/// A media scene inside a real `Presentation` (no platform): GStreamer plays a clip made at test
/// time, frames hop to the main thread through the host's mailbox, and the host's blackout and
/// freeze reach the scene through `SceneContext.observeAudience`.
@MainActor
final class MediaSceneTests: XCTestCase {
    var dir: URL!
    var clip: URL!
    let clock = { ProcessInfo.processInfo.systemUptime }

    override func setUp() async throws {
        dir = TestPaths.tempDir("podium-media")
        setenv("PODIUM_AUDIO", "null", 1)   // no sound device in tests: audio to a fakesink
        clip = try TestClips.redThenBlue(in: dir)
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    /// A deck of a blank scene, then one media scene with `parameters` (plus the clip as `file`).
    func makePresentation(_ parameters: [String: JSONValue] = [:], file: URL? = nil) throws -> (Presentation, MediaScene) {
        let r = PluginRegistry()
        r.register(MediaPlugin.descriptor())
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "blank", summary: "") { _, _ in BlankScene() },
        ]))
        var v = parameters; v["file"] = .string((file ?? clip).lastPathComponent)
        let deck = Deck(title: "T", scenes: [
            DeckScene(kind: "blank"),
            DeckScene(kind: "media", parameters: SceneParameters(v, path: "scenes[1].parameters", baseDirectory: dir)),
        ], path: dir.appendingPathComponent("talk.json").path)
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: clock)
        p.presenter.resize(to: Size(1200, 800)); p.audience.resize(to: Size(1024, 768))
        p.next()
        let scene = try XCTUnwrap(p.scene(at: 1) as? MediaScene)
        return (p, scene)
    }

    /// Mean colour of the frame's centre 10×10 pixels.
    func centre(_ b: Bitmap?) -> (r: Int, g: Int, b: Int)? {
        guard let b else { return nil }
        var s = [0, 0, 0]
        for y in b.height / 2 - 5..<b.height / 2 + 5 { for x in b.width / 2 - 5..<b.width / 2 + 5 {
            for c in 0..<3 { s[c] += Int(b.pixels[y * b.stride + x * 4 + c]) }
        } }
        return (s[0] / 100, s[1] / 100, s[2] / 100)
    }
    func isRed(_ b: Bitmap?) -> Bool { centre(b).map { $0.r > 200 && $0.g < 60 && $0.b < 60 } ?? false }
    func isBlue(_ b: Bitmap?) -> Bool { centre(b).map { $0.b > 200 && $0.r < 60 && $0.g < 60 } ?? false }

    func testFramesArriveAndFillTheAudienceLetterboxed() async throws {
        let (p, scene) = try makePresentation()
        XCTAssertTrue(pump(p) { isRed(scene.audienceVideo.frameBitmap) }, "no red frame: \(String(describing: centre(scene.audienceVideo.frameBitmap)))")
        let frame = try XCTUnwrap(scene.audienceVideo.frameBitmap)
        XCTAssertEqual(frame.width, 160); XCTAssertEqual(frame.height, 90)
        // The audience window draws it at 16:9 across the full 1024 points, centred vertically.
        let drawn = p.audience.drawList().commands.compactMap { c -> Rect? in
            if case let .bitmap(b, r, _) = c, b === frame { return r } else { return nil }
        }
        XCTAssertEqual(drawn.count, 1)
        let r = try XCTUnwrap(drawn.first)
        XCTAssertEqual(r.width, 1024, accuracy: 0.5); XCTAssertEqual(r.height, 576, accuracy: 0.5)
        XCTAssertEqual(r.minY, 96, accuracy: 0.5)
        // It plays on into the blue second; the presenter sees the same frames.
        XCTAssertTrue(pump(p) { isBlue(scene.audienceVideo.frameBitmap) })
        XCTAssertTrue(scene.controls.video.frameBitmap === scene.audienceVideo.frameBitmap)
    }

    func testPlayPauseKeyHoldsTheFrameAndResumes() async throws {
        let (p, scene) = try makePresentation()
        XCTAssertTrue(pump(p) { scene.player?.isPlaying == true && scene.audienceVideo.frameBitmap != nil })
        XCTAssertTrue(p.press(Key("k")))   // the key map's playPause, handled by the scene
        XCTAssertEqual(p.currentIndex, 1, "k must not advance")
        XCTAssertFalse(scene.wantsPlaying); XCTAssertFalse(try XCTUnwrap(scene.player).isPlaying)
        XCTAssertEqual(scene.controls.playPause.title, "Play")
        pump(p, seconds: 0.3)
        let held = scene.player?.position, heldFrame = scene.audienceVideo.frameBitmap
        pump(p, seconds: 0.6)
        XCTAssertEqual(try XCTUnwrap(scene.player?.position), try XCTUnwrap(held), accuracy: 0.05, "position moved while paused")
        XCTAssertTrue(scene.audienceVideo.frameBitmap === heldFrame, "a new frame arrived while paused")
        scene.controls.playPause.activate()   // the presenter's button
        XCTAssertTrue(pump(p) { (scene.player?.position ?? 0) > (held ?? 0) + 0.2 })
        XCTAssertEqual(scene.controls.playPause.title, "Pause")
    }

    func testSeekSliderLandsOnTheBlueSecond() async throws {
        let (p, scene) = try makePresentation(["autoplay": .bool(false)])
        XCTAssertTrue(pump(p) { isRed(scene.audienceVideo.frameBitmap) })   // prerolled first frame
        XCTAssertFalse(try XCTUnwrap(scene.player).isPlaying)
        XCTAssertTrue(pump(p) { scene.controls.seek.maximumValue > 1.5 }, "duration not shown")
        XCTAssertEqual(scene.controls.remaining.text, "-0:02")
        scene.controls.seek.userSet(1.5)
        XCTAssertTrue(pump(p) { isBlue(scene.audienceVideo.frameBitmap) }, "seek did not show the blue second")
        XCTAssertEqual(try XCTUnwrap(scene.player?.lastFrameTime), 1.5, accuracy: 1.0 / 30 + 0.001)
        XCTAssertTrue(pump(p, seconds: 2) { scene.controls.elapsed.text == "0:01" }, scene.controls.elapsed.text)
        XCTAssertEqual(scene.controls.remaining.text, "-0:00")
    }

    func testStartAndLoopRestartAtStart() async throws {
        let (p, scene) = try makePresentation(["start": .number(1.2), "end": .number(1.8), "loop": .bool(true)])
        // Never a frame from before start (the red second), not even while the seek waits.
        var sawRed = false
        XCTAssertTrue(pump(p) { sawRed = sawRed || isRed(scene.audienceVideo.frameBitmap); return isBlue(scene.audienceVideo.frameBitmap) })
        XCTAssertFalse(sawRed, "a frame from before start reached the room")
        // The 0.6 s segment loops: the position passes its end and comes back near 1.2 s.
        var sawLate = false, sawRestart = false
        pump(p, seconds: 4) {
            let t = scene.player?.lastFrameTime ?? 0
            if t > 1.6 { sawLate = true }
            if sawLate && t < 1.4 { sawRestart = true }
            XCTAssertGreaterThanOrEqual(t, 1.15); XCTAssertLessThan(t, 1.85)
            return sawRestart
        }
        XCTAssertTrue(sawRestart, "no loop back to start")
        XCTAssertTrue(isBlue(scene.audienceVideo.frameBitmap))
    }

    func testEndWithoutLoopStopsAndPlayStartsAgain() async throws {
        let (p, scene) = try makePresentation(["end": .number(0.5)])
        XCTAssertTrue(pump(p) { scene.player?.isPlaying == true })
        XCTAssertTrue(pump(p) { !scene.wantsPlaying }, "did not stop at end")
        XCTAssertTrue(isRed(scene.audienceVideo.frameBitmap))
        XCTAssertEqual(scene.controls.playPause.title, "Play")
        _ = p.press(Key("k"))
        XCTAssertTrue(pump(p) { scene.player?.isPlaying == true && (scene.player?.position ?? 1) < 0.4 })
    }

    func testLeavingPausesAndComingBackResumes() async throws {
        let (p, scene) = try makePresentation()
        XCTAssertTrue(pump(p) { (scene.player?.position ?? 0) > 0.3 })
        p.previous()
        XCTAssertFalse(try XCTUnwrap(scene.player).isPlaying)
        XCTAssertTrue(scene.player!.isMuted)
        pump(p, seconds: 0.2)
        let left = try XCTUnwrap(scene.player?.position)
        pump(p, seconds: 0.5)
        XCTAssertEqual(try XCTUnwrap(scene.player?.position), left, accuracy: 0.05)
        p.next()
        XCTAssertTrue(scene.player!.isPlaying); XCTAssertFalse(scene.player!.isMuted)
        XCTAssertTrue(pump(p) { (scene.player?.position ?? 0) > left + 0.2 })
    }

    func testLeavingWithStopGoesBackToStart() async throws {
        let (p, scene) = try makePresentation(["onLeave": .string("stop")])
        XCTAssertTrue(pump(p) { isBlue(scene.audienceVideo.frameBitmap) })
        p.previous()
        XCTAssertTrue(pump(p) { isRed(scene.audienceVideo.frameBitmap) }, "stop did not return to the start")
        XCTAssertFalse(scene.player!.isPlaying)
    }

    func testBlackoutMutesAndFreezePauses() async throws {
        let (p, scene) = try makePresentation()
        XCTAssertTrue(pump(p) { scene.player?.isPlaying == true })
        assertBlackoutMutesAndFreezePauses(p, scene.playback)
    }
}

extension MediaSceneTests {
    /// What the audience view draws: bitmaps and images.
    func drawn(_ p: Presentation) -> (bitmaps: Int, images: [String]) {
        var bitmaps = 0, images: [String] = []
        for c in p.audience.drawList().commands {
            if case .bitmap = c { bitmaps += 1 }
            if case let .image(path, _, _) = c { images.append(path) }
        }
        return (bitmaps, images)
    }

    /// A file that is not a clip (a text file named .mp4) passes the deck's check of the file's
    /// existence, then fails in GStreamer: the presenter reads why, the room sees the poster.
    func testCorruptClipShowsTheErrorToThePresenterAndThePosterToTheRoom() async throws {
        let poster = try TestClips.poster(in: dir)
        let fake = dir.appendingPathComponent("clip.mp4")
        try Data("this is a text file, not a movie\n".utf8).write(to: fake)
        let (p, scene) = try makePresentation(["poster": .string(poster.lastPathComponent)], file: fake)
        XCTAssertTrue(pump(p) { scene.failure != nil }, "no error from GStreamer")
        // The discoverer's reason replaces GStreamer's generic runtime error.
        XCTAssertTrue(pump(p) { scene.controls.status.text == "Cannot play clip.mp4: GStreamer cannot play it: Could not determine type of stream." },
                      scene.controls.status.text)
        XCTAssertFalse(scene.controls.playPause.isEnabled)
        XCTAssertEqual(p.currentIndex, 1, "the talk stays where it was")
        let d = drawn(p)
        XCTAssertEqual(d.bitmaps, 0); XCTAssertEqual(d.images, [poster.path])
        XCTAssertTrue(p.press(Key("k")), "k is still the scene's"); XCTAssertFalse(scene.wantsPlaying)
        p.next(); p.previous()   // the talk goes on around it
    }

    /// A file cut short (half of it, as a copy that did not finish): it plays what is there and
    /// stops on its last frame as at its end; k plays it again from the start.
    func testClipThatEndsEarlyStopsOnItsLastFrame() async throws {
        let whole = try Data(contentsOf: clip)
        let cut = dir.appendingPathComponent("cut.webm")
        try whole.prefix(whole.count / 2).write(to: cut)
        let (p, scene) = try makePresentation(file: cut)
        var lines: [String] = []
        p.log = { lines.append($0) }
        XCTAssertTrue(pump(p) { scene.player?.isPlaying == true })
        XCTAssertTrue(pump(p) { !scene.wantsPlaying }, "never ended")
        XCTAssertNil(scene.failure)
        XCTAssertLessThan(try XCTUnwrap(scene.player?.lastFrameTime), 1.9, "it ended early")
        XCTAssertNotNil(scene.audienceVideo.frameBitmap, "the room keeps the last frame")
        XCTAssertTrue(scene.audienceVideo.showsFrame)
        XCTAssertEqual(scene.controls.playPause.title, "Play")
        // Trial 20 m10: it ended silently, the controls reading 0:02 / -0:00 as if played to the end.
        let at = try XCTUnwrap(scene.playback.cutShortAt, "said to be cut short")
        XCTAssertEqual(scene.controls.status.text, "cut.webm ended at \(MediaControls.clock(at)) of its 0:02: the file is cut short (the room keeps its last frame)")
        XCTAssertEqual(scene.controls.elapsed.text, MediaControls.clock(at), "where it ended, not the end it claimed")
        XCTAssertNotEqual(scene.controls.remaining.text, "-0:00")
        XCTAssertEqual(lines.filter { $0.contains("the file is cut short") }.count, 1, "logged once, naming the file: \(lines)")
        XCTAssertTrue(lines.contains { $0.contains("\(cut.path): ended at ") }, "\(lines)")
        XCTAssertTrue(p.press(Key("k")))
        XCTAssertTrue(pump(p) { scene.player?.isPlaying == true && (scene.player?.lastFrameTime ?? 9) < 0.5 })
        XCTAssertEqual(p.currentIndex, 1)
    }

    /// A whole clip played to its end (and one stopped at its `end`) is not said to be cut short.
    func testAWholeClipIsNotSaidToBeCutShort() async throws {
        for parameters: [String: JSONValue] in [[:], ["end": .number(0.5)]] {
            let (p, scene) = try makePresentation(parameters)
            XCTAssertTrue(pump(p) { scene.player?.isPlaying == true })
            XCTAssertTrue(pump(p) { !scene.wantsPlaying }, "never ended")
            XCTAssertNil(scene.playback.cutShortAt, "\(parameters)")
            XCTAssertEqual(scene.controls.status.text, "redblue.webm")
            XCTAssertEqual(scene.controls.remaining.text, "-0:00")
        }
    }

    /// Audio only: the poster stays, the time runs.
    func testAudioClipPlaysUnderItsPoster() async throws {
        let poster = try TestClips.poster(in: dir), tone = try TestClips.tone(in: dir)
        let (p, scene) = try makePresentation(["poster": .string(poster.lastPathComponent), "volume": .number(0.3)], file: tone)
        XCTAssertTrue(pump(p) { (scene.player?.position ?? 0) > 0.3 })
        XCTAssertNil(scene.failure)
        XCTAssertEqual(scene.player?.volume, 0.3)
        let d = drawn(p)
        XCTAssertEqual(d.bitmaps, 0); XCTAssertEqual(d.images, [poster.path])
        XCTAssertEqual(scene.controls.remaining.text, "-0:04")
        scene.controls.volume.userSet(0.8)
        XCTAssertEqual(scene.player?.volume ?? 0, 0.8, accuracy: 0.001)
    }
}

final class BlankScene: Scene {
    let title = "Blank"
    let presenterView = View(), audienceView = View()
}
