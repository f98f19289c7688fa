import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MediaScene
import PodiumMedia

/// `podium check` on media scenes: the parameters, then GStreamer's discoverer.
final class MediaCheckTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-media") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func params(_ v: [String: JSONValue]) -> SceneParameters { SceneParameters(v, path: "scenes[0].parameters", baseDirectory: dir) }

    func testParametersAreRangeCheckedAndNamed() throws {
        let clip = try TestClips.redThenBlue(in: dir)
        let o = try MediaOptions(params(["file": .string(clip.lastPathComponent), "start": .number(0.5), "end": .number(1.5),
                                         "volume": .number(0.25), "loop": .bool(true), "autoplay": .bool(false), "onLeave": .string("stop")]))
        XCTAssertEqual(o.file.path, clip.path)
        XCTAssertEqual(o.start, 0.5); XCTAssertEqual(o.end, 1.5); XCTAssertEqual(o.volume, 0.25)
        XCTAssertTrue(o.loop); XCTAssertFalse(o.autoplay); XCTAssertEqual(o.onLeave, .stop)

        let cases: [([String: JSONValue], String)] = [
            (["file": .string("missing.webm")], "scenes[0].parameters.file: file not found: \(dir.path)/missing.webm"),
            (["file": .string(clip.lastPathComponent), "volume": .number(1.5)], "scenes[0].parameters.volume"),
            (["file": .string(clip.lastPathComponent), "start": .number(-1)], "scenes[0].parameters.start"),
            (["file": .string(clip.lastPathComponent), "start": .number(2), "end": .number(1)], "scenes[0].parameters.end: end (1.0 s) must be after start (2.0 s)"),
            (["file": .string(clip.lastPathComponent), "poster": .string("still.png")], "scenes[0].parameters.poster: file not found"),
            (["file": .string(clip.lastPathComponent), "onLeave": .string("rewind")], "scenes[0].parameters.onLeave: expected pause or stop"),
            (["file": .string(clip.lastPathComponent), "loop": .string("yes")], "scenes[0].parameters.loop: expected boolean"),
        ]
        for (v, expected) in cases {
            XCTAssertThrowsError(try MediaOptions(params(v)), "\(v)") { e in
                XCTAssertTrue("\(e)".hasPrefix(expected), "\(e)")
            }
        }
    }

    /// A talk's video is often over the 256 MB cap for files read whole: GStreamer streams it.
    func testLargeClipIsNotRefusedForItsSize() throws {
        let big = dir.appendingPathComponent("big.webm")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        XCTAssertEqual(truncate(big.path, 300 << 20), 0)   // sparse: no disk used
        XCTAssertEqual(try MediaOptions(params(["file": .string("big.webm")])).file.path, big.path)
    }

    func testDiscovererAcceptsAPlayableClip() throws {
        let clip = try TestClips.redThenBlue(in: dir)
        let probe = MediaProbe.run(clip)
        XCTAssertNil(probe.problem)
        XCTAssertEqual(probe.videoStreams, 1); XCTAssertEqual(probe.audioStreams, 1)
        XCTAssertEqual(probe.width, 160); XCTAssertEqual(probe.height, 90)
        XCTAssertEqual(probe.duration, 2, accuracy: 0.2)
        XCTAssertNil(MediaPlugin.fileProblem(params(["file": .string(clip.lastPathComponent)]), deckDirectory: dir))
        XCTAssertEqual(MediaPlugin.fileProblem(params(["file": .string(clip.lastPathComponent), "start": .number(5)]), deckDirectory: dir),
                       "scenes[0].parameters.start: 5.0 s is past the end of redblue.webm (2.0 s long)")
    }

    func testTextFileRenamedMP4IsNamedWithWhyItCannotPlay() throws {
        let fake = dir.appendingPathComponent("clip.mp4")
        try Data("just some text, not a movie\n".utf8).write(to: fake)
        let problem = try XCTUnwrap(MediaPlugin.fileProblem(params(["file": .string("clip.mp4")]), deckDirectory: dir))
        XCTAssertTrue(problem.hasPrefix("scenes[0].parameters.file: \(fake.path): GStreamer cannot play it"), problem)
        XCTAssertTrue(problem.contains("Could not determine type of stream"), problem)
    }

    func testMissingCodecIsNamed() throws {
        for e in ["h265parse", "avdec_h265", "libde265dec"] where TestClips.hasElement(e) {
            throw XCTSkip("\(e) is installed: H.265 is not a missing codec on this machine")
        }
        let clip = try TestClips.h265(in: dir)
        let problem = try XCTUnwrap(MediaPlugin.fileProblem(params(["file": .string(clip.lastPathComponent)]), deckDirectory: dir))
        XCTAssertTrue(problem.hasPrefix("scenes[0].parameters.file: \(clip.path): GStreamer cannot play it: missing plugin: H.265 decoder"), problem)
    }

    /// The same through the command line: exit 2 and one line per bad scene, naming it.
    func testPodiumCheckReportsEachBadClip() throws {
        let clip = try TestClips.redThenBlue(in: dir)
        try Data("not a movie".utf8).write(to: dir.appendingPathComponent("text.mp4"))
        let deck = dir.appendingPathComponent("talk.json")
        try Data("""
        {"title": "Clips", "scenes": [
          {"kind": "media", "parameters": {"file": "\(clip.lastPathComponent)", "start": 0.5, "volume": 0.5}},
          {"kind": "media", "parameters": {"file": "text.mp4"}}
        ]}
        """.utf8).write(to: deck)
        let r = try runProcess(TestPaths.podium, ["check", deck.path], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("scenes[1].parameters.file: \(dir.path)/text.mp4: GStreamer cannot play it"), r.stderr)
        XCTAssertFalse(r.stderr.contains("scenes[0]"), r.stderr)

        try Data("""
        {"title": "Clips", "scenes": [{"kind": "media", "parameters": {"file": "\(clip.lastPathComponent)"}}]}
        """.utf8).write(to: deck)
        let ok = try runProcess(TestPaths.podium, ["check", deck.path], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("1 scene (media)"), ok.stdout)
    }
}
