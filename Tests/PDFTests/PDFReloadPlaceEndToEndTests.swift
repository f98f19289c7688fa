import XCTest
import PodiumKit
import PodiumTestSupport

/// Trial 16 M2: a Beamer talk recompiled while presenting keeps the speaker on the page they were
/// on, found by its content (Beamer's page labels are frame numbers, which a frame inserted
/// earlier shifts); it never lands on a page talk.pdfpc hides; a talk.pdfpc left as it was while
/// the PDF's page count changed is said on the presenter's banner.
extension PDFReloadEndToEndTests {
    /// A Beamer-like PDF: one page per entry, its text and label as given.
    func writeBeamer(_ file: String, _ pages: [(text: String, label: String)], shift: Int = 0) {
        var o = TestPDF.Options()
        o.pages = pages.count
        o.texts = pages.map(\.text)
        o.beamerLabels = pages.map(\.label)
        o.colourShift = shift
        TestPDF.write(file, o)
    }
    /// Writes `pages` to a scratch file and renames it over `talk` (latexmk's way): one change.
    func recompile(_ talk: String, _ pages: [(text: String, label: String)], shift: Int = 0) {
        let tmp = path(".talk-new.pdf")
        writeBeamer(tmp, pages, shift: shift)
        XCTAssertEqual(rename(tmp, talk), 0)
    }
    func presentOffscreen(_ talk: String) throws {
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        XCTAssertEqual(try state()["driver"]?.string, "offscreen")
    }

    func testAFrameInsertedBeforeTheCurrentOverlayKeepsTheTalkOnThatOverlay() throws {
        let talk = path("talk.pdf")
        writeBeamer(talk, [("Intro", "1"), ("Method", "2"), ("Results: a", "3"), ("Results: a and b", "3"), ("End", "4")])
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 3])["ok"]?.bool, true)   // Results, overlay 2/2
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(3)))
        // A frame "Extra" before Results: it takes label 3, Results becomes 4.
        recompile(talk, [("Intro", "1"), ("Method", "2"), ("Extra", "3"), ("Results: a", "4"), ("Results: a and b", "4"), ("End", "5")])
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(3), to: TestPDF.colour(4), "frame inserted"), "the room is on Results' second overlay of the new version")
        let s = try state()
        XCTAssertEqual(s["scene"]?["count"]?.int, 6)
        XCTAssertEqual(s["scene"]?["index"]?.int, 4, "the same overlay, not the inserted frame")
        XCTAssertTrue(app.log.contains("scene 4 → 5"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }

    /// A theme printing "3 / 4" in the footline: every page's text changes when a frame is
    /// inserted; the page is still found by its text without the digits.
    func testAFootlinePageCountDoesNotLoseThePage() throws {
        let talk = path("talk.pdf")
        writeBeamer(talk, [("Intro 1 / 4", "1"), ("Method 2 / 4", "2"), ("Results 3 / 4", "3"), ("End 4 / 4", "4")])
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)))
        recompile(talk, [("Intro 1 / 5", "1"), ("Method 2 / 5", "2"), ("Extra 3 / 5", "3"), ("Results 4 / 5", "4"), ("End 5 / 5", "5")])
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(2), to: TestPDF.colour(3), "frame inserted, footline renumbered"), "the room is on Results")
        XCTAssertEqual(try state()["scene"]?["index"]?.int, 3)
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 19 F3 a): on Overlays 2/3, a frame inserted before it and "Second point" edited,
    /// recompiled once: the room stays on Overlays 2/3 (placed by the unchanged pages around it,
    /// as talk.pdfpc's notes are), not the inserted frame that took its label, and the log says so.
    func testAnOverlayEditedWithAFrameInsertedBeforeItKeepsTheTalkOnThatOverlay() throws {
        let talk = path("talk.pdf")
        // Short texts: TestPDF's large type runs off the page, and poppler reads only what is on it.
        writeBeamer(talk, [("Title", "1"), ("Over a", "2"), ("Over a b", "2"), ("Over a b c", "2"), ("Results", "3"), ("End", "4")])
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)   // Overlays 2/3
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)))
        recompile(talk, [("Title", "1"), ("Agenda", "2"), ("Over a", "3"), ("Over a B", "3"), ("Over a B c", "3"), ("Results", "4"), ("End", "5")])
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(2), to: TestPDF.colour(3), "frame inserted, overlay edited"), "the room is on the edited overlay 2/3")
        let s = try app.client.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 7 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "Overlays 2/3, not Agenda")
        XCTAssertTrue(waitUntil(10) { self.app.log.contains("scene 3 → 4 (place found by its neighbours") }, app.log)
        XCTAssertEqual(app.stop(), 0)
    }

    /// The speaker cuts a slide before the current one, fixes a typo on it and hides the backup
    /// slide's new index in talk.pdfpc: no page has the old content, the label rule picks the
    /// fixed page, and the old page number (3, now the hidden backup) is never shown.
    func testAReloadNeverLandsOnAPageTalkPdfpcHides() throws {
        let talk = path("talk.pdf"), pdfpc = path("talk.pdfpc")
        writeBeamer(talk, [("Intro", "1"), ("Method", "2"), ("Results", "3"), ("Backup", "4")])
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 3, "hidden": true}]}"#.write(toFile: pdfpc, atomically: true, encoding: .utf8)
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try state()["scene"]?["count"]?.int, 3, "Backup is hidden")
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)))
        // Both saved within the reload's settling time: one reload. Shift 2: Results, fixed is
        // orange, the hidden Backup red, neither the old Results' blue.
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 2, "hidden": true}]}"#.write(toFile: pdfpc, atomically: true, encoding: .utf8)
        recompile(talk, [("Intro", "1"), ("Results, fixed", "2"), ("Backup", "3")], shift: 2)
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(2), to: TestPDF.colour(3), "slide cut, backup hidden"), "the room is on the fixed Results")
        let s = try app.client.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 2 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 1)
        for _ in 0..<3 { XCTAssertTrue(near(try audienceBox(), TestPDF.colour(3)), "never the hidden Backup (\(TestPDF.colour(4)))") }
        // Method and Results gone, one page between Intro and the end: the one sharing Results'
        // words, on a guess, which the log and the speaker are told (trial 19 F3).
        XCTAssertTrue(waitUntil(10) { self.app.log.contains("scene 3 → 2 (place found on a guess") }, app.log)
        let said = banner(try state())?.text ?? ""
        XCTAssertTrue(said.contains("place is a guess by its words"), said)
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 29 m4: the slide on screen cut, recompiled twice as pdflatex and latexmk do: the
    /// first reload places the talk by label and says "check it"; the second, a moment later,
    /// finds that place again by content and says the same, not a plain "Reloaded talk.pdf".
    func testAGuessedPlaceIsStillSaidAfterTheSecondWriteOfTheSameVersion() throws {
        let talk = path("talk.pdf")
        writeBeamer(talk, [("Intro", "1"), ("Method", "2"), ("Results", "3"), ("End", "4")])
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)   // Results
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)))
        let cut: [(text: String, label: String)] = [("Intro", "1"), ("Method", "2"), ("End", "3")]
        recompile(talk, cut)
        XCTAssertTrue(waitUntil(10) { self.app.log.contains("scene 3 → 3 (place found by label") }, app.log)
        let first = try app.client.waitForState(timeout: 10) { (self.banner($0)?.text ?? "").contains("check it") }
        XCTAssertTrue((banner(first)?.text ?? "").hasPrefix("Reloaded talk.pdf; the slide on screen was not found"), banner(first)?.text ?? "")
        recompile(talk, cut)   // the compiler's second write: the same pages
        XCTAssertTrue(waitUntil(10) { self.app.log.contains("scene 3 → 3 (place found by content") }, app.log)
        let said = banner(try state())?.text ?? ""
        XCTAssertEqual(said, banner(first)?.text, "the second reload still says the place was guessed")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 16's talk.pdfpc repro, trial 17 m1: on Method, a frame inserted earlier, talk.pdfpc
    /// not saved again. The talk stays on its page, the file's note and hidden page move with
    /// their pages (the room never sees the hidden backup; Results keeps its note and is shown),
    /// and the presenter's banner says so.
    func testAStaleTalkPdfpcFollowsItsPagesAndIsSaid() throws {
        let talk = path("talk.pdf"), pdfpc = path("talk.pdfpc")
        writeBeamer(talk, [("Intro", "1"), ("Method", "2"), ("Results", "3"), ("End", "4"), ("Hidden backup", "5")])
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "pages": [{"idx": 2, "note": "Results: say 42 slowly"}, {"idx": 4, "hidden": true}]}"#, to: pdfpc)
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(1)))
        XCTAssertFalse((banner(try state())?.text ?? "").contains("talk.pdfpc"), "no warning while the file fits")
        recompile(talk, [("Intro", "1"), ("Extra", "2"), ("Method", "3"), ("Results", "4"), ("End", "5"), ("Hidden backup", "6")])
        // Deck: Intro, Extra, Method, Results, End (the backup, now index 5, still hidden).
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(1), to: TestPDF.colour(2), "frame inserted, talk.pdfpc stale"), "the room is on Method")
        let s = try app.client.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 5 && $0["scene"]?["index"]?.int == 2 }
        let text = banner(s)?.text ?? ""
        XCTAssertEqual(banner(s)?.kind, "error", text)
        XCTAssertTrue(text.hasPrefix("Reloaded talk.pdf; talk.pdfpc: talk.pdf changed since this file was read (5 pages then, 6 now): its hidden pages and notes were moved with their pages"), text)
        XCTAssertFalse(try app.controls("audience").contains { ($0["label"]?.string ?? "").contains("talk.pdfpc") }, "console only")
        XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Page Down"])["ok"]?.bool, true)
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(2), to: TestPDF.colour(3), "Page Down"), "Results, not hidden")
        XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Page Down"])["ok"]?.bool, true)
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(3), to: TestPDF.colour(4), "Page Down"), "End")
        XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Page Down"])["ok"]?.bool, true)
        for _ in 0..<3 { XCTAssertTrue(near(try audienceBox(), TestPDF.colour(4)), "never the hidden backup (\(TestPDF.colour(5)))") }
        // Saved again (as pdfpc would, for the new pages): taken as fitting, nothing more said.
        try #"{"pdfpcFormat": 2, "pages": [{"idx": 3, "note": "Results: say 42 slowly"}, {"idx": 5, "hidden": true}]}"#
            .write(toFile: pdfpc, atomically: true, encoding: .utf8)
        let fixed = try app.client.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 5 && self.banner($0)?.kind != "error" }
        XCTAssertEqual(fixed["scene"]?["index"]?.int, 4, "still End")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 18 F3: on the third overlay, a frame inserted earlier and the hidden backup and the
    /// slide after it both edited, recompiled once: the next Page Down goes to the edited slide
    /// after the backup, never to the backup, and nothing is said to be left out.
    func testTheHiddenBackupEditedWithTheSlideAfterItStaysHidden() throws {
        let talk = path("talk.pdf")
        writeBeamer(talk, [("Intro", "1"), ("Ov a", "2"), ("Ov ab", "2"), ("Ov abc", "2"), ("Bk", "3"), ("Res", "4"), ("End", "5")])
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "duration": 20, "pages": [{"idx": 4, "hidden": true}]}"#, to: path("talk.pdfpc"))
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 3])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(3)))
        recompile(talk, [("Intro", "1"), ("Agenda", "2"), ("Ov a", "3"), ("Ov ab", "3"), ("Ov abc", "3"), ("Bk spare", "4"), ("Find", "5"), ("End", "6")])
        // The third overlay is page index 4 now; the edited backup (5) hidden, Find (6) next.
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(3), to: TestPDF.colour(4), "recompiled"), "the room stays on the third overlay")
        let s = try app.client.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 7 }
        XCTAssertFalse((banner(s)?.text ?? "").contains("left out"), banner(s)?.text ?? "")
        XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Page Down"])["ok"]?.bool, true)
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(4), to: TestPDF.colour(6), "Page Down"), "Find, never the hidden backup (\(TestPDF.colour(5)))")
        XCTAssertEqual(app.stop(), 0)
    }

    /// The pages' text is read off the main thread (held here by a test hook until a file
    /// exists): meanwhile the console answers and takes a key, the room keeps its page, and the
    /// key acts on the new version from the page found by its content.
    func testTheConsoleTakesAKeyWhileTheReloadReadsThePagesText() throws {
        let talk = path("talk.pdf"), release = path("release-text")
        writeBeamer(talk, [("Intro", "1"), ("Method", "2"), ("Results", "3"), ("End", "4")])
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
                                                                       "PODIUM_PDF_HOLD_PAGE_TEXT": release], dir: dir)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)   // Method
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(1)))
        recompile(talk, [("Intro", "1"), ("Extra", "2"), ("Method", "3"), ("Results", "4"), ("End", "5")])
        XCTAssertTrue(waitUntil(15) { self.app.log.contains("finding the place by the pages' content") }, app.log)
        // The main thread answers while the text is read: the key is taken, the old version stays.
        XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Page Down"])["ok"]?.bool, true)
        let during = try state()
        XCTAssertEqual(during["scene"]?["count"]?.int, 4, "the version on screen stays")
        XCTAssertEqual(during["scene"]?["index"]?.int, 1, "the key waits for the new version")
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(1)), "the room keeps its page")
        XCTAssertFalse(app.log.contains("reloaded "), app.log)
        FileManager.default.createFile(atPath: release, contents: Data())
        // Method is found at index 2 by its text; Page Down then goes on to Results.
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(1), to: TestPDF.colour(3), "the text read, then the key"), "the room is on Results")
        let s = try app.client.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 5 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "Results, one on from Method")
        XCTAssertTrue(app.log.contains("scene 2 → 3 (place found by content"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }
}
