import Foundation
import PodiumTestSupport
import XCTest

/// The `podium` binary's commands, exit codes and messages.
final class CommandLineTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("cli") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func podium(_ args: String...) throws -> ProcessResult {
        try runProcess(TestPaths.podium, args, environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"])
    }
    func write(_ name: String, _ text: String) -> String {
        let p = dir.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return p
    }

    /// A speaker's slips before the talk starts are refused with a message, not shown to the room:
    /// a misspelt PDF name, a misspelt key in the key map, no display server at all.
    func testPresentRefusesWhatWouldGoWrongInFrontOfTheRoom() throws {
        let missing = dir.appendingPathComponent("tlak.pdf").path
        let r = try podium("present", missing)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("podium: \(missing): file not found"), r.stderr)
        let keys = write("keys.json", #"{"next": ["PageDwn"]}"#)
        let k = try podium("present", TestPaths.demoDeck, "--keymap", keys)
        XCTAssertEqual(k.status, 2, k.stderr)
        XCTAssertTrue(k.stderr.contains(#"keys.json: next[0]: "PageDwn" is not a key"#), k.stderr)
        // Every problem of the key map in one run, an unknown action with a suggestion.
        let km = write("km.json", #"{"next": ["PageDown", "Hyper+Q"], "blakout": ["b"]}"#)
        let both = try podium("present", TestPaths.demoDeck, "--keymap", km)
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains(#"podium: \#(km): "blakout": unknown action; did you mean "blackout"?"#), both.stderr)
        XCTAssertTrue(both.stderr.contains(#"podium: \#(km): next[1]: "Hyper+Q" is not a key"#), both.stderr)
        // No display server and no SDL_VIDEODRIVER: SDL would fall back to offscreen windows.
        let none = try runProcess("/usr/bin/env", ["-u", "SDL_VIDEODRIVER", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", TestPaths.podium, "present", TestPaths.demoDeck],
                                  environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertTrue(none.stderr.contains("no display server reached"), none.stderr)
        XCTAssertFalse(none.stderr.contains("usage:"), "a refusal, not a usage mistake: \(none.stderr)")
    }

    /// A display index that is not connected is not an error (it may be plugged in later), but
    /// `displays` says so, as `present` does, instead of quietly showing the default.
    func testDisplaysWarnsAboutAnIndexNotConnected() throws {
        let r = try podium("displays", "--audience-display", "5")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("--audience-display display 5 is not connected"), r.stderr)
        XCTAssertFalse(try podium("displays", "--audience-display", "0").stderr.contains("not connected"))
    }

    /// A second word after the deck is refused, not ignored: `--windowed audiance` (a typo of a
    /// mode) must not start a talk with both views windowed.
    func testPresentRefusesAnExtraWord() throws {
        let r = try podium("present", TestPaths.demoDeck, "--windowed", "audiance")
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("present takes one DECK, got also \"audiance\" (--windowed takes presenter, audience or both)"), r.stderr)
    }

    /// Trial 16 m8: a word after a flag, naming no file, is a misplaced value rather than the
    /// deck: the error names the flag, what it takes and the file the deck would have been.
    /// A missing path that looks like a deck's keeps the deck's error.
    func testAWordAfterAFlagIsNotTakenForTheDeck() throws {
        func present(_ args: String...) throws -> ProcessResult {
            // Under `timeout`: a talk that started anyway is ended (exit 124) and fails the test.
            try runProcess("/usr/bin/timeout", ["-k", "5", "60", TestPaths.podium, "present"] + args,
                           environment: TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen"]) { $1 })
        }
        let r = try present("--windowed", "sideways")
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("podium: \"sideways\" follows --windowed, which takes presenter, audience or both (e.g. --windowed=audience), and is no deck either (no file \"/"), r.stderr)
        XCTAssertTrue(r.stderr.contains("/sideways\")\n"), r.stderr)
        XCTAssertFalse(r.stderr.contains("cannot read file"), r.stderr)
        let resume = try present("--resume", "yes")
        XCTAssertEqual(resume.status, 2, resume.stderr)
        XCTAssertTrue(resume.stderr.hasPrefix("podium: \"yes\" follows --resume, which takes no value, and is no deck either"), resume.stderr)
        let missing = dir.appendingPathComponent("talk.json").path
        let deck = try present("--windowed", missing)
        XCTAssertEqual(deck.status, 2, deck.stderr)
        XCTAssertTrue(deck.stderr.contains("\(missing): cannot read file (no such file)"), deck.stderr)
    }

    /// An option that takes one value, given twice with two values, is refused naming both
    /// (trial 13 F11: `--control unix:A --control unix:B` listened on B alone, A dropped unsaid).
    func testAValueOptionGivenTwiceIsRefused() throws {
        let a = dir.appendingPathComponent("a.sock").path, b = dir.appendingPathComponent("b.sock").path
        // Under `timeout`: a talk that started anyway is ended (exit 124) and fails the test.
        let r = try runProcess("/usr/bin/timeout", ["-k", "5", "60", TestPaths.podium, "present", TestPaths.demoDeck, "--control", "unix:" + a, "--control=unix:" + b],
                               environment: TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen"]) { $1 })
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("podium: --control is given twice (\"unix:\(a)\", then \"unix:\(b)\"): it takes one value; give it once\n"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: a) || FileManager.default.fileExists(atPath: b), "nothing listens")
        // The same value twice is no conflict (a script adding its default to the speaker's).
        let same = try runProcess(TestPaths.podium, ["check", TestPaths.demoDeck, "--duration", "20", "--duration=20"], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(same.status, 0, same.stderr)
    }

    func testHelpVersionAndUsageErrors() throws {
        let help = try podium("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("present [DECK]"))
        XCTAssertEqual(try podium("--version").stdout, "podium 0.1.0\n")
        let bad = try podium("--frobnicate")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown command or option \"--frobnicate\""))
        XCTAssertTrue(bad.stderr.contains("usage: podium present"))
        let badOpt = try podium("check", "--nope", "x.json")
        XCTAssertEqual(badOpt.status, 2)
        XCTAssertTrue(badOpt.stderr.contains("unknown option \"--nope\""))
        // pdfpc habits (trial 8): `podium talk.pdf`, and pdfpc's -s given to check.
        let asPdfpc = try podium("talk.pdf")
        XCTAssertEqual(asPdfpc.status, 2)
        XCTAssertTrue(asPdfpc.stderr.hasPrefix("podium: unknown command or option \"talk.pdf\": to present it, podium present talk.pdf\n"), asPdfpc.stderr)
        let presentOnly = try podium("check", TestPaths.demoDeck, "-s")
        XCTAssertEqual(presentOnly.status, 2)
        XCTAssertTrue(presentOnly.stderr.hasPrefix("podium: unknown option \"--switch-screens\" here: it is an option of `podium present`\n"), presentOnly.stderr)
    }

    func testCheckAcceptsDemoAndNamesProblems() throws {
        let ok = try podium("check", TestPaths.demoDeck)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("OK"))

        let unknown = write("unknown.json", #"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"x"}},{"kind":"slides"}]}"#)
        let r1 = try podium("check", unknown)
        XCTAssertEqual(r1.status, 2)
        XCTAssertTrue(r1.stderr.contains("\(unknown): scenes[1].kind: unknown scene kind \"slides\" (available: "), r1.stderr)
        XCTAssertTrue(r1.stderr.contains("band-list"))

        let missing = write("missing.json", #"{"scenes":[{"kind":"title","parameters":{"heading":"x"}}]}"#)
        XCTAssertTrue(try podium("check", missing).stderr.contains("missing.json: title: missing required field"))

        let wrongType = write("wrong.json", #"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":["x"]}}]}"#)
        let r3 = try podium("check", wrongType)
        XCTAssertEqual(r3.status, 2)
        XCTAssertTrue(r3.stderr.contains("scenes[0].parameters.heading: expected string, found array"), r3.stderr)

        let r4 = try podium("check", dir.appendingPathComponent("absent.json").path)
        XCTAssertEqual(r4.status, 2)
        XCTAssertTrue(r4.stderr.contains("absent.json: cannot read file"), r4.stderr)

        let badUTF8 = dir.appendingPathComponent("latin1.json").path
        _ = FileManager.default.createFile(atPath: badUTF8, contents: Data([0x7B, 0x22, 0x74, 0xE9, 0x22, 0x7D]))
        let r5 = try podium("check", badUTF8)
        XCTAssertEqual(r5.status, 2)
        XCTAssertTrue(r5.stderr.contains("latin1.json: invalid UTF-8 at byte 3"), r5.stderr)
    }

    /// One `check` lists every problem (trial 8: a parameter error hid the missing PDF of
    /// another scene, and a damaged band store passed, to be an error card in the talk).
    func testCheckListsParameterAndFileProblemsTogether() throws {
        let store = dir.appendingPathComponent("text.sqlite")
        try Data("hello, not SQLite at all, but long enough to have a header".utf8).write(to: store)
        let deck = write("two.json", #"{"title":"t","scenes":[{"kind":"title","parameters":{"heading":3}},{"kind":"pdf","parameters":{"file":"missing.pdf"}},{"kind":"band-list","parameters":{"store":"text.sqlite"}}]}"#)
        let r = try podium("check", deck)
        XCTAssertEqual(r.status, 2)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("scenes[0].parameters.heading: expected string, found number") }, r.stderr)
        XCTAssertTrue(lines.contains { $0.contains("scenes[1]") && $0.contains("missing.pdf") }, r.stderr)
        XCTAssertTrue(lines.contains { $0.contains("scenes[2].parameters.store: ") && $0.contains("text.sqlite") && $0.contains("band store") }, r.stderr)
        XCTAssertEqual(try Data(contentsOf: store), Data("hello, not SQLite at all, but long enough to have a header".utf8), "check never writes the store")
    }

    /// Every problem of one scene in one run: a misspelt name and a wrong type together, two
    /// wrong values together, and a latitude out of range said as such (trial 8: one error per
    /// scene; `{"latitude": 95}` said "latitude and longitude go together").
    func testCheckListsEveryProblemOfAScene() throws {
        let deck = write("scenes.json", #"{"title":"t","scenes":[{"kind":"title","parameters":{"heading":3,"subtitel":"x"}},{"kind":"map-search","parameters":{"latitude":95}},{"kind":"map-search","parameters":{"latitude":95,"longitude":200,"zoom":"near"}}]}"#)
        let r = try podium("check", deck)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
            podium: \(deck): scenes[0].parameters.subtitel: unknown parameter of a "title" scene; did you mean "subtitle"? (known: heading, subtitle, background) (scene 1)
            podium: \(deck): scenes[0].parameters.heading: expected string, found number 3 (scene 1)
            podium: \(deck): scenes[1].parameters.latitude: expected a number -85–85, found 95 (scene 2)
            podium: \(deck): scenes[2].parameters.latitude: expected a number -85–85, found 95 (scene 3)
            podium: \(deck): scenes[2].parameters.longitude: expected a number -180–180, found 200 (scene 3)
            podium: \(deck): scenes[2].parameters.zoom: expected number, found string "near" (scene 3)

            """)
    }

    func testCheckCatchesMissingFilesBeforeTheTalk() throws {
        let seed = write("seed.json", #"{"title":"T","scenes":[{"kind":"band-list","parameters":{"seed":"nope.json"}}]}"#)
        let r1 = try podium("check", seed)
        XCTAssertEqual(r1.status, 2)
        XCTAssertTrue(r1.stderr.contains("scenes[0].parameters.seed: file not found: \(dir.path)/nope.json"), r1.stderr)
        let map = write("map.json", #"{"title":"T","scenes":[{"kind":"map-search","parameters":{"map":"/etc/passwd"}}]}"#)
        let r2 = try podium("check", map)
        XCTAssertEqual(r2.status, 2)
        XCTAssertTrue(r2.stderr.contains("scenes[0].parameters.map: not a map file"), r2.stderr)
    }

    func testSnapshotOfBandListShowsTheBands() throws {
        let out = dir.appendingPathComponent("bands.png").path
        let r = try podium("snapshot", "--scene", "1", "--view", "presenter", "--size", "1280x800", "--out", out)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("driver offscreen"))
        let img = try PNGImage(path: out)
        XCTAssertEqual(img.width, 1280); XCTAssertEqual(img.height, 800)
        // The list column (left, below the toolbar) carries light text of many rows.
        let ink = img.count(x: 10, y: 60, w: 180, h: 700) { $0.r > 200 && $0.g > 200 && $0.b > 200 }
        XCTAssertGreaterThan(ink, 600, "band names drawn in the list")
        // The selected row (Radiohead) is tinted blue.
        XCTAssertGreaterThan(img.count(x: 0, y: 60, w: 230, h: 700) { $0.b > 90 && Int($0.b) > Int($0.r) + 50 }, 3000, "the selected row is tinted")

        let audience = dir.appendingPathComponent("aud.png").path
        XCTAssertEqual(try podium("snapshot", "--scene", "1", "--view", "audience", "--size", "1920x1080", "--out", audience).status, 0)
        let a = try PNGImage(path: audience)
        XCTAssertEqual(a.width, 1920)
        XCTAssertGreaterThan(a.count(x: 800, y: 250, w: 1000, h: 250) { $0.r > 220 && $0.g > 220 }, 5000, "band name large on the right")
    }

    func testControlSocketNeverReplacesAnOrdinaryFile() throws {
        let deck = write("talk.json", #"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"x"}}]}"#)
        let r = try podium("present", deck, "--control", "unix:\(deck)")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(deck) exists and is not a socket"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: deck), "the deck was not deleted")
    }

    /// Trial 18 m6: `podium` found on PATH (argv[0] "podium"), run from another folder, found no
    /// built-in deck ("…/Assets/Decks/demo.json: cannot read file"): the assets are found from
    /// the binary itself.
    func testTheBuiltInDeckIsFoundFromAnyFolder() throws {
        let bin = URL(fileURLWithPath: TestPaths.podium).deletingLastPathComponent().path
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let env = TestPaths.privateHome(in: dir).merging(["PATH": "\(bin):/usr/bin:/bin", "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]) { $1 }
        let r = try runProcess("/usr/bin/env", ["podium", "snapshot", "--out", "demo.png"], environment: env, cwd: elsewhere)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("demo.png").path), r.stdout + r.stderr)
    }

    func testSnapshotRejectsBadArguments() throws {
        let r = try podium("snapshot", "--scene", "9", "--out", dir.appendingPathComponent("x.png").path)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--scene 9 is out of range: --scene takes a scene's index, counted from 0 as the control socket's goto is (scene 1 is --scene 0); the deck has 6 scenes, indices 0–5"), r.stderr)
        let r2 = try podium("snapshot", "--size", "big", "--out", "x.png")
        XCTAssertEqual(r2.status, 2)
        XCTAssertTrue(r2.stderr.contains("--size expects WxH"))
        // Trailing parts are refused, not dropped; too large says so (trial 22 m8).
        for bad in ["800x600x", "800x600x4", "x800x600"] {
            let r = try podium("snapshot", "--size", bad, "--out", "x.png")
            XCTAssertEqual(r.status, 2, bad)
            XCTAssertTrue(r.stderr.contains("--size expects WxH, e.g. 1920x1080, got \"\(bad)\""), "\(bad): \(r.stderr)")
        }
        let huge = try podium("snapshot", "--size", "16385x100", "--out", "x.png")
        XCTAssertEqual(huge.status, 2)
        XCTAssertTrue(huge.stderr.contains("--size \"16385x100\" is too large: each side at most 8192 pixels"), huge.stderr)
        // A PNG that cannot be written is bad input too (exit 2, naming the folder), found before the render.
        let r3 = try podium("snapshot", "--out", "/nonexistent-podium-dir/x.png")
        XCTAssertEqual(r3.status, 2, r3.stderr)
        XCTAssertTrue(r3.stderr.contains("no folder \"/nonexistent-podium-dir\" to write it in"), r3.stderr)
    }
}
