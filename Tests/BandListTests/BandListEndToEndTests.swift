import BandListScene
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The real binary, driven over its control socket under SDL's offscreen driver: add, edit and
/// delete a band, check the presenter's controls and the audience view, prove a second process
/// sees each edit and that SIGKILL right after a save loses nothing.
final class BandListEndToEndTests: XCTestCase {
    var dir: URL!
    var store: String { dir.appendingPathComponent("bands.sqlite").path }
    var env: [String: String] { ["XDG_DATA_HOME": dir.appendingPathComponent("xdg").path] }

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("bands-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let deck = #"{"title":"E2E","scenes":[{"kind":"band-list","title":"Bands","parameters":{"store":"bands.sqlite","select":"Radiohead","locale":"en_US"}}]}"#
        try Data(deck.utf8).write(to: dir.appendingPathComponent("deck.json"))
    }
    override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func click(_ app: PodiumProcess, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try app.send(["cmd": "click", "id": .string(id)])
        XCTAssertEqual(r["ok"], true, "click \(id): \(r)", file: file, line: line)
    }
    func value(_ app: PodiumProcess, _ id: String) throws -> String? { try app.control(id)?["value"]?.string }
    func label(_ app: PodiumProcess, _ id: String, _ window: String = "presenter") throws -> String? { try app.control(id, in: window)?["label"]?.string }
    func isPNG(_ path: String) -> Bool { (try? Data(contentsOf: URL(fileURLWithPath: path)).prefix(8)) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }

    func testAddEditDeleteThroughTheControlSocketThenSIGKILLLosesNothing() throws {
        let app = try PodiumProcess(args: [dir.appendingPathComponent("deck.json").path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"].merging(env) { $1 }, dir: dir)
        defer { if app.process.isRunning { app.kill9() } }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"], "offscreen")
        XCTAssertEqual(try value(app, "bands.name"), "Radiohead")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Radiohead")
        let before = dir.appendingPathComponent("before.png").path
        XCTAssertEqual(try app.send(["cmd": "screenshot", "window": "presenter", "path": .string(before)])["ok"], true)

        // Add: a new band, its empty name focused, so typing is its name.
        // The room sees none of it until Save: not the empty band, not the typing.
        try click(app, "bands.add")
        XCTAssertEqual(try value(app, "bands.name"), "")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Radiohead", "an added band is not shown before Save")
        try app.send(["cmd": "type", "text": "The Smiths"])
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Radiohead", "typing is not shown before Save")
        try click(app, "bands.touring.on-tour")
        try click(app, "bands.seen-live")
        let slider = try XCTUnwrap(app.control("bands.rating")?["frame"])
        let x = slider["x"]!.number! + 11 + (slider["width"]!.number! - 22) * 0.7, y = slider["y"]!.number! + slider["height"]!.number! / 2
        try app.send(["cmd": "click", "x": .number(x), "y": .number(y)])
        XCTAssertEqual(try value(app, "bands.rating"), "7")
        try click(app, "bands.notes")
        try app.send(["cmd": "type", "text": "Manchester.\nThe Queen Is Dead."])
        try click(app, "bands.save")
        XCTAssertEqual(try label(app, "bands.message"), "Saved.")
        XCTAssertEqual(try app.control("bands.list")?["value"]?.string, "The Smiths")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "The Smiths", "Save shows it to the room")
        XCTAssertEqual(try label(app, "bands.audience.facts", "audience"), "★★★½☆  7/10\nOn Tour\n✓ Seen live")
        let after = dir.appendingPathComponent("after.png").path
        XCTAssertEqual(try app.send(["cmd": "screenshot", "window": "presenter", "path": .string(after)])["ok"], true)
        XCTAssertTrue(isPNG(before) && isPNG(after))
        // The audience preview in the presenter (single display) shows the edit; the console's
        // toolbar, which the edit does not touch, stays the same.
        let scale = try XCTUnwrap(app.send(["cmd": "state"])["windows"]?.array?.first?["scale"]?.number)
        let pf = try XCTUnwrap(app.control("console.preview")?["frame"])
        let preview = Rect(pf["x"]!.number!, pf["y"]!.number!, pf["width"]!.number!, pf["height"]!.number!).scaled(by: scale)
        XCTAssertNotEqual(try pngRegionDigest(before, preview), try pngRegionDigest(after, preview))
        let toolbar = Rect(0, 0, 200, 40).scaled(by: scale)
        XCTAssertEqual(try pngRegionDigest(before, toolbar), try pngRegionDigest(after, toolbar))

        // A second process sees the saved band while the first still runs.
        let export = try runPodium(["bands", "export", "-", "--store", store], environment: env)
        XCTAssertEqual(export.status, 0, export.stderr)
        let exported = try BandJSON.decode(Data(export.stdout.utf8), file: "stdout", baseDirectory: dir)
        XCTAssertEqual(exported.first { $0.name == "The Smiths" },
                       Band(name: "The Smiths", notes: "Manchester.\nThe Queen Is Dead.", rating: 7, touringStatus: .onTour, seenLive: true))

        // Delete: asks in a sheet at the button; a second press shows no second sheet.
        try click(app, "bands.add")
        try app.send(["cmd": "type", "text": "Temporary"])
        try click(app, "bands.save")
        try click(app, "bands.delete")
        var popovers = try app.send(["cmd": "state"])["popovers"]?.array ?? []
        XCTAssertEqual(popovers.map { $0["source"] }, ["bands.delete"])
        XCTAssertEqual(try label(app, "sheet.bands.delete.action.0"), "Delete Band")
        try app.send(["cmd": "click", "id": "bands.delete"])
        popovers = try app.send(["cmd": "state"])["popovers"]?.array ?? []
        XCTAssertLessThanOrEqual(popovers.count, 1, "never a second sheet")
        XCTAssertEqual(try value(app, "bands.name"), "Temporary", "nothing deleted without the sheet's button")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Temporary", "the room sees the delete only once confirmed")
        if popovers.isEmpty { try click(app, "bands.delete") }
        try click(app, "sheet.bands.delete.action.0")
        XCTAssertTrue(try BandStore(path: store).all().allSatisfy { $0.name != "Temporary" })
        XCTAssertNil(try app.control("bands.list")?["value"]?.string, "no band is selected after a delete")
        XCTAssertNil(try app.control("bands.audience.name", in: "audience"), "confirmed: the room sees no neighbour")
        XCTAssertEqual(try label(app, "bands.audience.all", "audience")?.contains("Temporary"), false, "the room sees every name but the deleted one")

        // Rename, save, and SIGKILL straight after the reply: the store has the rename.
        let smiths = try XCTUnwrap(BandStore(path: store).all().first { $0.name == "The Smiths" })
        // The Smiths' row may be cut off by the list's bottom edge: focus the list on the row
        // above (The Beatles) and go down with the keyboard.
        try click(app, "bands.list.row.\(try XCTUnwrap(BandStore(path: store).all().first { $0.name == "The Beatles" }?.id))")
        try app.send(["cmd": "key", "key": "Down"])
        XCTAssertEqual(try app.control("bands.list")?["value"]?.string, "The Smiths")
        try click(app, "bands.name")
        try app.send(["cmd": "key", "key": "End"])
        try app.send(["cmd": "type", "text": " (UK)"])
        XCTAssertEqual(try value(app, "bands.name"), "The Smiths (UK)")
        try click(app, "bands.save")
        XCTAssertEqual(try label(app, "bands.message"), "Saved.")
        app.kill9()
        // The signal, or 128 + it when Foundation reaped the process first (see Reap.swift).
        XCTAssertTrue([SIGKILL, 128 + SIGKILL].contains(app.exitStatus ?? 0), "killed by SIGKILL: \(String(describing: app.exitStatus))")
        let reopened = try BandStore(path: store)
        XCTAssertEqual(try reopened.band(id: smiths.id)?.name, "The Smiths (UK)")
        XCTAssertEqual(try reopened.all().count, 13)
    }

    /// Trial 9 F9, on the Xorg rig (a real audience window on a second monitor): notes typed and
    /// not saved, then a click on another band and back. The room's frame is the same as before
    /// the typing, its text and the store (and `bands export`) have none of it; the form has it
    /// back, unsaved; only Save shows it to the room.
    func testTypingIsNeverStoredOrShownByAClickOnAnotherBand() throws {
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        let app = try PodiumProcess(args: [dir.appendingPathComponent("deck.json").path],
                                    environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }.merging(env) { $1 }, dir: dir)
        defer { app.stop() }
        let s = try app.client.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(s["windows"]?.array?.last?["display"]?.string, "DUMMY1")
        func room(_ name: String) throws -> [UInt8] {
            let path = dir.appendingPathComponent("\(name).png").path
            let r: JSONValue = try app.send(["cmd": "screenshot", "window": "audience", "path": .string(path)])
            XCTAssertEqual(r["ok"], true)
            return try PNGImage(path: path).rgba
        }
        func exported() throws -> String {
            let r = try runPodium(["bands", "export", "-", "--store", store], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        let before = try room("before")
        let notesBefore = try XCTUnwrap(label(app, "bands.audience.notes", "audience"))
        let bands = try BandStore(path: store).all()
        let queen = try XCTUnwrap(bands.first { $0.name == "Queen" }), radiohead = try XCTUnwrap(bands.first { $0.name == "Radiohead" })

        try click(app, "bands.notes")
        try app.send(["cmd": "key", "key": "Ctrl+End"])
        try app.send(["cmd": "type", "text": " PRIVATE typing"])
        try click(app, "bands.list.row.\(queen.id)")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Queen")
        try click(app, "bands.list.row.\(radiohead.id)")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Radiohead")
        XCTAssertEqual(try label(app, "bands.audience.notes", "audience"), notesBefore, "the room's text has none of the typing")
        XCTAssertFalse(before.isEmpty)
        XCTAssertTrue(try room("after") == before, "the room's frame is the one before the typing")
        XCTAssertFalse(try BandStore(path: store).all().contains { $0.notes.contains("PRIVATE") }, "nothing stored")
        XCTAssertFalse(try exported().contains("PRIVATE"), "bands export has none of it")
        XCTAssertTrue(try value(app, "bands.notes")?.hasSuffix(" PRIVATE typing") == true, "the typing is back in the form")

        try click(app, "bands.save")
        XCTAssertTrue(try label(app, "bands.audience.notes", "audience")?.hasSuffix(" PRIVATE typing") == true, "Save shows it to the room")
        XCTAssertTrue(try exported().contains("PRIVATE typing"))
        XCTAssertEqual(app.stop(), 0, app.log)
    }

    /// Trial 9 F14: an editor saves the deck (another scene's notes changed) while the speaker
    /// types in the band list's notes: the reload keeps the band-list scene as it is, its field
    /// keeps the focus, and the words typed after the reload land in the field, unsaved.
    func testTypingGoesOnAcrossADeckReloadOfAnotherScene() throws {
        func deck(_ notes: String) -> String {
            #"{"title":"E2E","scenes":[{"kind":"band-list","title":"Bands","parameters":{"store":"bands.sqlite","select":"Radiohead","locale":"en_US"}},"#
                + #"{"kind":"title","title":"Questions","notes":"\#(notes)","parameters":{"heading":"Questions"}}]}"#
        }
        let path = dir.appendingPathComponent("deck.json").path
        try deck("Questions. Mention").write(toFile: path, atomically: false, encoding: .utf8)
        let app = try PodiumProcess(args: [path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"].merging(env) { $1 }, dir: dir)
        defer { if app.process.isRunning { app.kill9() } }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"], "offscreen")
        try click(app, "bands.notes")
        try app.send(["cmd": "key", "key": "Ctrl+End"])
        try app.send(["cmd": "type", "text": " typing during reload"])
        try deck("Questions! Mention").write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path + ".tmp", path), 0)
        let deadline = Date().addingTimeInterval(15)
        while !app.log.contains("reloaded") && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(app.log.contains("reloaded \(path)"), app.log)
        try app.send(["cmd": "type", "text": " and more"])
        let notes = try value(app, "bands.notes") ?? "none"
        XCTAssertTrue(notes.hasSuffix("Roskilde. typing during reload and more"), notes)
        XCTAssertNil(try label(app, "bands.message"), "the form was not made again from the draft")
        XCTAssertFalse(try BandStore(path: store).all().contains { $0.notes.contains("typing") }, "still unsaved")
        XCTAssertEqual(app.stop(), 0, app.log)
    }

    /// Notes typed and not saved survive SIGTERM and Ctrl+Q: the relaunched talk's form has
    /// them back, unsaved, and Save stores them.
    func testTypedNotesSurviveSIGTERMAndCtrlQ() throws {
        let args = [dir.appendingPathComponent("deck.json").path]
        let environment = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"].merging(env) { $1 }
        var app = try PodiumProcess(args: args, environment: environment, dir: dir)
        defer { if app.process.isRunning { app.kill9() } }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"], "offscreen")
        try click(app, "bands.notes")
        try app.send(["cmd": "key", "key": "Ctrl+End"])
        try app.send(["cmd": "type", "text": " Typed before SIGTERM."])
        try app.send(["cmd": "key", "key": "Escape"])
        kill(app.process.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(), 0, app.log)
        XCTAssertFalse(try BandStore(path: store).all().first { $0.name == "Radiohead" }!.notes.contains("SIGTERM"), "nothing saved behind the speaker's back")

        app = try PodiumProcess(args: args, environment: environment, dir: dir)
        var notes = try value(app, "bands.notes") ?? "none"
        XCTAssertTrue(notes.hasSuffix("Typed before SIGTERM."), notes)
        try click(app, "bands.notes")
        try app.send(["cmd": "key", "key": "Ctrl+End"])
        try app.send(["cmd": "type", "text": " And before Ctrl+Q."])
        _ = try? app.send(["cmd": "key", "key": "Ctrl+Q"])
        XCTAssertEqual(app.waitForExit(), 0, app.log)

        app = try PodiumProcess(args: args, environment: environment, dir: dir)
        notes = try value(app, "bands.notes") ?? "none"
        XCTAssertTrue(notes.hasSuffix("Typed before SIGTERM. And before Ctrl+Q."), notes)
        try click(app, "bands.save")
        XCTAssertTrue(try BandStore(path: store).all().first { $0.name == "Radiohead" }!.notes.hasSuffix("And before Ctrl+Q."))
        XCTAssertEqual(app.stop(), 0, app.log)
    }

    /// A new band typed and not saved survives SIGTERM like edits do: the relaunched talk has it
    /// in the form, unsaved, with no row in the store and not in the room, until Save.
    func testAnUnsavedNewBandSurvivesSIGTERMWithoutARow() throws {
        let deck = [dir.appendingPathComponent("deck.json").path]
        var app = try PodiumProcess(args: deck, environment: ["SDL_VIDEODRIVER": "offscreen"].merging(env) { $1 }, dir: dir)
        defer { if app.process.isRunning { app.kill9() } }
        try click(app, "bands.add")
        try app.send(["cmd": "type", "text": "Blur"])
        kill(app.process.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(), 0, app.log)
        XCTAssertEqual(try BandStore(path: store).all().count, 12, "no row for the new band")

        app = try PodiumProcess(args: deck, environment: ["SDL_VIDEODRIVER": "offscreen"].merging(env) { $1 }, dir: dir)
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"], "offscreen")
        XCTAssertEqual(try value(app, "bands.name"), "Blur")
        XCTAssertNil(try app.control("bands.list")?["value"]?.string, "no row selected")
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Radiohead", "the room does not see the draft")
        try click(app, "bands.save")
        XCTAssertEqual(try BandStore(path: store).all().filter { $0.name == "Blur" }.count, 1)
        XCTAssertEqual(try label(app, "bands.audience.name", "audience"), "Blur")
        XCTAssertEqual(app.stop(), 0, app.log)
    }

    /// Import follows the band list's name rule (trial 15: only the form did): names trimmed, the
    /// same band twice refused naming the file, both records and the value; the store keeps what
    /// it had.
    func testImportTrimsNamesAndRefusesTheSameBandTwice() throws {
        let good = dir.appendingPathComponent("good.json"), twice = dir.appendingPathComponent("twice.json")
        try Data(#"[{"name":" Blur "},{"name":"Pulp"}]"#.utf8).write(to: good)
        try Data(#"[{"name":"Oasis"},{"name":"Suede"},{"name":"oasis "}]"#.utf8).write(to: twice)
        var r = try runPodium(["bands", "import", good.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try BandStore(path: store).all().map(\.name), ["Blur", "Pulp"])
        r = try runPodium(["bands", "import", twice.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
            podium: \(twice.path): [2] "oasis ": name: “Oasis” ([0]) is already in the file (names differing only in case or spaces are the same band)
            podium: nothing imported; \(store) is unchanged

            """)
        XCTAssertEqual(try BandStore(path: store).all().map(\.name), ["Blur", "Pulp"])
    }

    /// Trial 22 m6: a store's own export names an old row's image deleted since; importing it
    /// back imports every band, that one without its image, with a warning naming the file.
    func testAnExportWithAnImageGoneSinceImportsWithAWarning() throws {
        let old = try BandStore(path: store)
        try old.replaceAll(with: [Band(name: "Blur"), Band(name: "Pulp", rating: 8)])
        let gone = dir.appendingPathComponent("img1.png").path
        _ = try sqlite(store, "UPDATE band SET image_path = '\(gone)' WHERE name = 'Pulp'")
        let out = dir.appendingPathComponent("out.json").path
        var r = try runPodium(["bands", "export", out, "--store", store], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let other = dir.appendingPathComponent("other.sqlite").path
        r = try runPodium(["bands", "import", out, "--store", other], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "podium: warning: \(out): [1] \"Pulp\": image: \(gone): cannot be read (file not found); imported without its image\n")
        XCTAssertEqual(try BandStore(path: other).all().map { "\($0.name) \($0.rating) \($0.imagePath ?? "-")" }, ["Blur 0 -", "Pulp 8 -"])
    }

    /// Trial 22 m6: a refused import into a store that is not there leaves no store behind (it
    /// left one seeded with the 12 demo bands, and the next import said "replacing 12").
    func testARefusedImportCreatesNoStore() throws {
        let new = dir.appendingPathComponent("new.sqlite").path
        let bad = dir.appendingPathComponent("bad.json"), good = dir.appendingPathComponent("good.json")
        try Data(#"[{"name":"Blur"#.utf8).write(to: bad)
        var r = try runPodium(["bands", "import", bad.path, "--store", new], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: new), "bad JSON: no store")
        // Refused after the store is opened: the image copy cannot be written (a file where
        // the copies' folder would be).
        try Data("image bytes".utf8).write(to: dir.appendingPathComponent("blur.png"))
        try Data(#"[{"name":"Blur","image":"blur.png"},{"name":"Pulp"}]"#.utf8).write(to: good)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: new + ".images"))
        r = try runPodium(["bands", "import", good.path, "--store", new], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("podium: \(new): could not keep a copy of the image blur.png in new.sqlite.images ("), r.stderr)
        for f in [new, new + "-wal", new + "-shm"] { XCTAssertFalse(FileManager.default.fileExists(atPath: f), f) }
        XCTAssertEqual(try String(contentsOfFile: new + ".images", encoding: .utf8), "in the way", "what was there is left")
        try FileManager.default.removeItem(atPath: new + ".images")
        r = try runPodium(["bands", "import", good.path, "--store", new], environment: env)
        XCTAssertEqual(r.stdout, "imported 2 bands from \(good.path) into \(new) (a new store)\n", r.stderr)
    }

    func testImportValidatesAndKeepsTheStoreOnError() throws {
        let good = dir.appendingPathComponent("good.json"), bad = dir.appendingPathComponent("bad.json")
        try Data(#"[{"name":"Blur","rating":7},{"name":"Pulp","touring":"Disbanded"}]"#.utf8).write(to: good)
        try Data(#"[{"name":"Oasis"},{"name":"Suede","rating":12}]"#.utf8).write(to: bad)
        var r = try runPodium(["bands", "import", good.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        // A new store is not seeded first: "replacing 12" named demo bands the user never had
        // (trial 22 m6).
        XCTAssertEqual(r.stdout, "imported 2 bands from \(good.path) into \(store) (a new store)\n")
        r = try runPodium(["bands", "import", good.path, "--store", store], environment: env)
        XCTAssertEqual(r.stdout, "imported 2 bands from \(good.path) into \(store) (replacing 2)\n")
        r = try runPodium(["bands", "import", bad.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "podium: \(bad.path): [1] \"Suede\": rating: expected an integer 0–10, found 12\npodium: nothing imported; \(store) is unchanged\n")
        XCTAssertEqual(try BandStore(path: store).all().map(\.name), ["Blur", "Pulp"])
        // Every bad record in one run (trial 8: the blank name of [1] and "maybe" of [2] came one
        // fix at a time).
        try Data(#"[{"name":"Suede","rating":12},{"name":"","rating":3},{"name":"X","touring":"maybe"}]"#.utf8).write(to: bad)
        r = try runPodium(["bands", "import", bad.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
            podium: \(bad.path): [0] "Suede": rating: expected an integer 0–10, found 12
            podium: \(bad.path): [1] "": name: required, must not be blank
            podium: \(bad.path): [2] "X": touring: expected one of "On Tour", "Off Tour", "Disbanded", found string "maybe"
            podium: nothing imported; \(store) is unchanged

            """)
        XCTAssertEqual(try BandStore(path: store).all().map(\.name), ["Blur", "Pulp"])
        let out = dir.appendingPathComponent("out.json")
        r = try runPodium(["bands", "export", out.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try BandJSON.load(out).map(\.name), ["Blur", "Pulp"])
        // A folder that is not there: the system's reason, not Foundation's sentence, and exit 2
        // as for an import FILE that cannot be read and other bad input (trial 16 m8).
        let nowhere = dir.appendingPathComponent("no/such/dir/x.json").path
        r = try runPodium(["bands", "export", nowhere, "--store", store], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "podium: \(nowhere): cannot write (no such file or directory)\n")
        // The default store is the scene's: bands.sqlite in the plugin's data directory.
        r = try runPodium(["bands", "export", "-"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("xdg/podium/org.podium.band-list/bands.sqlite").path))
        XCTAssertEqual(try BandJSON.decode(Data(r.stdout.utf8), file: "-", baseDirectory: dir).count, 12, "a new default store is seeded")
        // A damaged store is named and left alone.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: store))
        r = try runPodium(["bands", "import", good.path, "--store", store], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("podium: \(store): not a readable band store"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: store, encoding: .utf8), "garbage")
        r = try runPodium(["bands", "frobnicate", "x"], environment: env)
        XCTAssertEqual(r.status, 2)
        // `podium check` knows the scene's parameters.
        let deck = dir.appendingPathComponent("bad-deck.json")
        try Data(#"{"title":"T","scenes":[{"kind":"band-list","parameters":{"store":5}}]}"#.utf8).write(to: deck)
        r = try runPodium(["check", deck.path], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("scenes[0].parameters.store: expected string, found number 5"), r.stderr)
    }
}
