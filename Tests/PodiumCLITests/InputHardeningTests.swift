import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Hostile input to the real binary (cases from the reliability probe, issue 21): huge numbers,
/// directories, FIFOs and /proc files where files are expected, scenes without titles, values
/// that would flood or drive the terminal. Nothing may trap or hang; every refusal names the file.
final class InputHardeningTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("harden-input")
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    /// Runs podium with a private HOME and XDG folders, the offscreen driver, and a deadline:
    /// a hang is killed by `timeout` (exit 124/137) and fails the test instead of the suite.
    func podium(_ args: String...) throws -> ProcessResult {
        let home = dir.appendingPathComponent("home").path
        let env = ["HOME": home, "XDG_DATA_HOME": "\(home)/data", "XDG_CONFIG_HOME": "\(home)/config", "XDG_CACHE_HOME": "\(home)/cache",
                   "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "PODIUM_PLUGIN_PATH": ""]
        return try runProcess("/usr/bin/timeout", ["-k", "5", "60", TestPaths.podium] + args, environment: env, cwd: dir)
    }
    func write(_ name: String, _ text: String) -> String {
        let p = dir.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return p
    }
    func assertRefused(_ r: ProcessResult, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, 2, "refused with exit 2, not a trap (132/133/134/139) or a hang (124/137): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains(text), "expected \(text) in: \(r.stderr)", file: file, line: line)
    }

    // MARK: Numbers

    func testHugeDurationAndTimeAreRefusedByCheckAndSnapshot() throws {
        let duration = write("duration.json", #"{"title": "x", "duration": 1e300, "scenes": [{"kind": "title", "title": "t", "parameters": {"heading": "h"}}]}"#)
        let time = write("time.json", #"{"title": "x", "scenes": [{"kind": "title", "title": "t", "time": 9.3e18, "parameters": {"heading": "h"}}]}"#)
        assertRefused(try podium("check", duration), "duration.json: duration: expected a number 0–1440, found 1e+300 (minutes)")
        assertRefused(try podium("snapshot", duration, "--view", "presenter", "--size", "800x600", "--out", dir.appendingPathComponent("d.png").path), "duration: expected a number 0–1440")
        assertRefused(try podium("check", time), "time.json: scenes[0].time: expected a number 0–86400, found 9.3e+18 (seconds)")
        let ok = write("ok.json", #"{"title": "x", "duration": 1440, "scenes": [{"kind": "title", "title": "t", "time": 86400, "parameters": {"heading": "h"}}]}"#)
        let shot = try podium("snapshot", ok, "--view", "presenter", "--size", "800x600", "--out", dir.appendingPathComponent("ok.png").path)
        XCTAssertEqual(shot.status, 0, "the longest plan allowed is shown: \(shot.stderr)")
    }

    /// A snapshot that cannot be written whole says so and leaves no empty file (trial 9: a full
    /// disk and /dev/full were "wrote …", exit 0, and a 0-byte PNG).
    func testASnapshotOnAFullDiskOrADeviceFailsAndLeavesNothing() throws {
        let deck = TestPaths.titleDeck(1, title: "T", in: dir)
        let r = try podium("snapshot", deck, "--out", "/dev/full")
        XCTAssertNotEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stderr.contains("/dev/full: not a regular file"), r.stderr)
        XCTAssertFalse(r.stdout.contains("wrote"), r.stdout)

        // A 64 KiB tmpfs with an old picture, then filled: the old picture is kept as it was.
        let full = dir.appendingPathComponent("full").path
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        let mounted = try runProcess("/usr/bin/env", ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full])
        try XCTSkipUnless(mounted.status == 0, "cannot mount a tmpfs here (\(mounted.stderr)); needs root outside a restricted container")
        defer { _ = try? runProcess("/usr/bin/env", ["umount", full]) }
        let out = full + "/shot.png"
        let old = Data("an older picture".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: out, contents: old))
        _ = FileManager.default.createFile(atPath: full + "/filler", contents: Data(count: 60 * 1024))
        let f = try podium("snapshot", deck, "--out", out)
        XCTAssertNotEqual(f.status, 0, f.stdout)
        XCTAssertTrue(f.stderr.contains("shot.png: ") && f.stderr.contains("No space left on device"), f.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: out), old, "the file there before is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: full).sorted(), ["filler", "shot.png"], "no temporary file left")
    }

    /// A file name in Latin-1 (an old USB stick, a zip): Swift's arguments replace its byte with
    /// U+FFFD, so the name opened was another and the message said "no such file" (trial 9).
    func testAFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let deck = TestPaths.titleDeck(1, title: "T", in: dir)
        // The Latin-1 name is made by the shell's printf: Foundation's Process passes only UTF-8.
        let home = dir.appendingPathComponent("home").path
        let r = try runProcess("/bin/sh", ["-c", #"n=$(printf 'Vortr\344g.json'); cp "$1" "$n" && exec timeout 60 "$0" check "$n""#, TestPaths.podium, deck],
                               environment: ["SDL_VIDEODRIVER": "offscreen", "HOME": home, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "XDG_CACHE_HOME": home],
                               cwd: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"the argument "Vortr\xe4g.json" is not valid UTF-8"#), r.stderr)
        XCTAssertFalse(r.stderr.contains("no such file"), r.stderr)
    }

    func testBandsImportWithHugeRatingIsRefusedAndStoreUntouched() throws {
        let file = write("huge-rating.json", #"[{"name": "Huge", "rating": 1e300}]"#)
        let store = dir.appendingPathComponent("bands.sqlite").path
        let r = try podium("bands", "import", file, "--store", store)
        assertRefused(r, "huge-rating.json: [0] \"Huge\": rating: expected an integer 0–10, found 1e+300")
        XCTAssertTrue(r.stderr.contains("nothing imported"), r.stderr)
    }

    // MARK: Files

    func testDirectoriesAndProcFilesWhereFilesAreExpected() throws {
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("talk.pdf").path, withIntermediateDirectories: true)
        assertRefused(try podium("check", dir.appendingPathComponent("talk.pdf").path), "talk.pdf: is a directory, not a file")
        assertRefused(try podium("check", dir.path), "is a directory, not a file")
        let deck = write("deck.json", #"{"title":"t","scenes":[{"kind":"pdf","title":"p","parameters":{"file":"talk.pdf"}}]}"#)
        assertRefused(try podium("check", deck), "talk.pdf: is a directory, not a file")
        // present and snapshot show an error card instead and go on.
        let shot = try podium("snapshot", deck, "--scene", "0", "--out", dir.appendingPathComponent("s.png").path)
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let mem = write("mem.json", #"{"title":"t","scenes":[{"kind":"pdf","title":"p","parameters":{"file":"/proc/self/mem"}}]}"#)
        assertRefused(try podium("check", mem), "/proc/self/mem: not a regular file but a kernel file")
        assertRefused(try podium("check", "/proc/self/status"), "not a regular file")
        assertRefused(try podium("present", "--keymap", dir.path), "is a directory, not a file")
    }

    func testPluginLibraryThatIsADirectoryOrFIFOIsRefusedNotRead() throws {
        for (name, make) in [("dir", { (p: String) in try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true) }),
                             ("fifo", { (p: String) in XCTAssertEqual(mkfifo(p, 0o600), 0) })] {
            let plug = dir.appendingPathComponent("plug-\(name)/p")
            try FileManager.default.createDirectory(at: plug, withIntermediateDirectories: true)
            try make(plug.appendingPathComponent("libx.so").path)
            try Data(#"{"id":"org.rel.\#(name)","name":"d","version":"1","api":"\#(PluginDescriptor.hostAPIVersion)","library":"libx.so","sceneKinds":["\#(name)lib"]}"#.utf8)
                .write(to: plug.appendingPathComponent("plugin.json"))
            let r = try podium("plugins", "--load", "--plugin-path", plug.deletingLastPathComponent().path)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("libx.so: not a regular file") || r.stdout.contains("libx.so: not a shared library"), "\(name): \(r.stdout)")
            // The manifest itself as a FIFO is refused too, without waiting for a writer.
            try FileManager.default.removeItem(at: plug.appendingPathComponent("plugin.json"))
            XCTAssertEqual(mkfifo(plug.appendingPathComponent("plugin.json").path, 0o600), 0)
            let m = try podium("plugins", "--plugin-path", plug.deletingLastPathComponent().path)
            XCTAssertEqual(m.status, 0, "\(name): \(m.stderr)")
            XCTAssertTrue(m.stdout.contains("plugin.json: not a regular file but a FIFO"), "\(name): \(m.stdout)")
        }
    }

    func testFIFOsWhereFilesAreExpectedNeverBlock() throws {
        for f in ["talk.pdf", "map.sqlite", "tiles.mbtiles", "keys.json", "bands.json"] { XCTAssertEqual(mkfifo(dir.appendingPathComponent(f).path, 0o600), 0) }
        assertRefused(try podium("check", dir.appendingPathComponent("talk.pdf").path), "talk.pdf: not a regular file but a FIFO (named pipe)")
        let map = write("map.json", #"{"title":"t","scenes":[{"kind":"map-search","title":"m","parameters":{"map":"map.sqlite"}}]}"#)
        assertRefused(try podium("check", map), "scenes[0].parameters.map: not a regular file but a FIFO")
        let tiles = write("mbtiles.json", #"{"title":"t","scenes":[{"kind":"map-search","title":"m","parameters":{"mbtiles":"tiles.mbtiles"}}]}"#)
        let shot = try podium("snapshot", tiles, "--scene", "0", "--out", dir.appendingPathComponent("s.png").path)
        XCTAssertTrue(shot.status == 0 || shot.status == 2, "answered, not hung: \(shot.status) \(shot.stderr)")
        assertRefused(try podium("present", "--keymap", dir.appendingPathComponent("keys.json").path), "keys.json: not a regular file but a FIFO")
        assertRefused(try podium("bands", "import", dir.appendingPathComponent("bands.json").path, "--store", dir.appendingPathComponent("b.sqlite").path),
                      "bands.json: not a regular file but a FIFO")
    }

    // MARK: Scene model

    func testUntitledSceneKindsCheckAndRender() throws {
        for kind in ["band-list", "web-search", "map-search"] {
            let params = kind == "map-search" ? #"{"query": "record stores"}"# : "{}"
            let deck = write("\(kind).json", #"{"title":"Untitled","scenes":[{"kind":"title","title":"one","parameters":{"heading":"One"}},{"kind":"title","title":"two","parameters":{"heading":"Two"}},{"kind":"\#(kind)","parameters":\#(params)}]}"#)
            let check = try podium("check", deck)
            XCTAssertEqual(check.status, 0, "\(kind): \(check.stderr)")
            let shot = try podium("snapshot", deck, "--scene", "2", "--view", "audience", "--size", "640x400", "--out", dir.appendingPathComponent("\(kind).png").path)
            XCTAssertEqual(shot.status, 0, "\(kind): check and present agree, the scene renders: \(shot.stderr)")
            XCTAssertFalse(shot.stderr.contains("being made"), "\(kind): \(shot.stderr)")
        }
    }

    // MARK: Messages

    /// A NUL byte is named where it is, with what the file likely is (trial 13 F11: a file of NUL
    /// bytes was "line 1, column 1: invalid token near end of file").
    func testNulBytesAreNamedNotTakenForTheEndOfTheFile() throws {
        let zeros = dir.appendingPathComponent("zeros.json").path
        _ = FileManager.default.createFile(atPath: zeros, contents: Data(count: 4096))
        let z = try podium("check", zeros)
        assertRefused(z, "zeros.json: not valid JSON: line 1, column 1 (byte 0): a NUL byte, which JSON text never has: a binary file, not text")
        XCTAssertFalse(z.stderr.contains("end of file"), z.stderr)
        let stray = dir.appendingPathComponent("stray.json").path
        _ = FileManager.default.createFile(atPath: stray, contents: Data(#"{"title": "é",\#n "scenes": ["#.utf8) + Data([0]) + Data("]}".utf8))
        assertRefused(try podium("check", stray), "stray.json: not valid JSON: line 2, column 13 (byte 28): a NUL byte")
        let utf16 = dir.appendingPathComponent("utf16.json").path
        _ = FileManager.default.createFile(atPath: utf16, contents: #"{"title": "x"}"#.data(using: .utf16LittleEndian))
        assertRefused(try podium("check", utf16), "utf16.json: not valid JSON: line 1, column 2 (byte 1): a NUL byte, which JSON text never has: the file looks like UTF-16 text: save it as UTF-8")
    }

    func testMessagesQuoteLittleAndEscapeControlCharacters() throws {
        let big = write("big.json", #"{"title":"x","scenes":[{"kind":"title","title":"t","parameters":{"heading":"h","background":"\#(String(repeating: "A", count: 10_000_000))"}}]}"#)
        let r = try podium("check", big)
        assertRefused(r, "background: expected a colour like #1a2b3c, found \"AAAA")
        XCTAssertTrue(r.stderr.contains("…\" (10,000,000 characters)"), r.stderr)
        XCTAssertLessThan(r.stderr.utf8.count, 2000, "a 10 MB value gives a short message")

        let esc = write("esc.pdf", "%!PS\u{1b}[31mRED\u{1b}]0;pwned-title\u{7}")
        let e = try podium("check", esc)
        assertRefused(e, "not a PDF file (no %PDF- header; it starts with \"%!PS\\u{1b}[31mRED")
        XCTAssertFalse(e.stderr.contains("\u{1b}"), "no raw ESC reaches the terminal")

        let bidi = write("bidi.json", #"{"title":"x","scenes":[{"kind":"title","title":"t","parameters":{"heading":"h","background":"\u202Egnp.exe\u001b[2J"}}]}"#)
        let b = try podium("check", bidi)
        assertRefused(b, "found \"\\u{202e}gnp.exe\\u{1b}[2J\"")
        XCTAssertFalse(b.stderr.contains("\u{202E}") || b.stderr.contains("\u{1b}"), b.stderr)
    }
}
