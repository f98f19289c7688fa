import XCTest
import PodiumKit
import PodiumTestSupport

/// `podium present talk.pdf` while the PDF is rewritten under it (offscreen driver, an audience
/// window with `--windowed`): a truncated in-place write, the rest of it, a write-then-rename,
/// pages removed, the file deleted and restored. The room only ever sees a whole page of the old
/// version or of the new one, the speaker gets a banner, the place and the timer hold.
final class PDFReloadEndToEndTests: PDFTestCase {
    var app: PodiumProcess!
    var shots = 0

    func near(_ a: (Int, Int, Int), _ c: (Int, Int, Int)) -> Bool { abs(a.0 - c.0) <= 8 && abs(a.1 - c.1) <= 8 && abs(a.2 - c.2) <= 8 }

    /// The colour at the centre of the page's box on the audience window now.
    func audienceBox() throws -> (Int, Int, Int) {
        shots += 1
        let shot = path("shot-\(shots).png")
        XCTAssertEqual(try app.client.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])["ok"]?.bool, true)
        let img = try PNGImage(path: shot)
        try? FileManager.default.removeItem(atPath: shot)
        let w = Double(img.width), h = Double(img.height)
        let k = min(w / 800, h / 450), pw = 800 * k, ph = 450 * k
        return img.rgb(Int((w - pw) / 2 + pw * 0.375), Int((h - ph) / 2 + ph * 0.5))
    }

    /// Screenshots the audience until it shows `new`, failing at once if it ever shows anything
    /// other than `old` or `new` (a blank, garbled or foreign page). Returns false on timeout.
    func audienceGoes(from old: (Int, Int, Int), to new: (Int, Int, Int), timeout: Double = 10, _ what: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let box = try audienceBox()
            if near(box, new) { return true }
            XCTAssertTrue(near(box, old), "\(what): the room saw \(box), neither the old page \(old) nor the new \(new)")
            if !near(box, old) { return false }
            usleep(30_000)
        }
        return false
    }

    func state() throws -> JSONValue { try app.client.send(["cmd": "state"]) }
    func banner(_ s: JSONValue) -> (text: String, kind: String)? {
        let controls = s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
        return controls.first { $0["id"]?.string == "console.banner" }.map { ($0["label"]?.string ?? "", $0["value"]?.string ?? "") }
    }
    /// Empties `file` and writes only `start` of its new contents, as a compiler midway does;
    /// the caller writes the rest to the returned handle.
    func startRewrite(_ file: String, with start: Data) throws -> FileHandle {
        let fh = try XCTUnwrap(FileHandle(forWritingAtPath: file))
        try fh.truncate(atOffset: 0)
        try fh.write(contentsOf: start)
        try fh.synchronize()
        return fh
    }
    func pdfBytes(pages: Int, shift: Int) -> Data {
        let scratch = path("scratch-\(pages)-\(shift).pdf")
        TestPDF.write(scratch, .init(pages: pages, colourShift: shift))
        return FileManager.default.contents(atPath: scratch)!
    }

    func testRewritingThePDFWhilePresentingNeverShowsABrokenPage() throws {
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 6))
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try state()["driver"]?.string, "offscreen")
        for _ in 0..<2 { XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true) }   // page 3; the timer starts
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)))

        // 1. Rewritten in place, cut off halfway (a compiler still writing): the old page stays,
        //    a page not shown before still comes from the old version, the speaker is told.
        let v2 = pdfBytes(pages: 6, shift: 1)
        let fh = try startRewrite(talk, with: v2.prefix(v2.count / 2))
        var s = try c.waitForState(timeout: 10) { self.banner($0)?.kind == "error" }
        let error = try XCTUnwrap(banner(s), "a banner on the presenter screen")
        XCTAssertEqual(error.kind, "error")
        XCTAssertTrue(error.text.contains("talk.pdf"), error.text)
        XCTAssertTrue(app.log.contains("refused"), app.log)
        for _ in 0..<5 { XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)), "the half-written file changes nothing for the room") }
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 4])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(4)), "a page first shown now still comes from the version on screen")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        let elapsedBefore = try XCTUnwrap(try state()["timers"]?["elapsed"]?.number)

        // 2. The rest of the write: the new version replaces it, same page, timer running on.
        try fh.write(contentsOf: v2.suffix(from: v2.count / 2))
        try fh.close()
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(2), to: TestPDF.colour(3), "in-place rewrite"), "the new version reached the room")
        s = try c.waitForState { self.banner($0)?.kind != "error" }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "the same page")
        XCTAssertEqual(s["scene"]?["count"]?.int, 6)
        XCTAssertEqual(s["timers"]?["running"]?.bool, true)
        XCTAssertGreaterThanOrEqual(s["timers"]?["elapsed"]?.number ?? 0, elapsedBefore, "the timer was not reset")
        XCTAssertTrue(app.log.contains("reloaded"), app.log)
        // A page not shown yet comes from the new version too (no cached page of the old file).
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 4])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(5)), "page 5 of the new version")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 3])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(4)), "page 4 of the new version, visited before the reload")

        // 3. Write-then-rename (editors, latexmk): seen through the folder watch.
        let v3 = pdfBytes(pages: 6, shift: 2)
        let tmp = path(".talk.pdf.tmp")
        _ = FileManager.default.createFile(atPath: tmp, contents: v3)
        XCTAssertEqual(rename(tmp, talk), 0)
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(4), to: TestPDF.colour(5), "write-then-rename"))
        XCTAssertEqual(try state()["scene"]?["index"]?.int, 3)

        // 4. Pages removed, the one on screen among them: the room keeps its picture until the
        //    speaker moves (trial 33 F4: it was sent to the page now at that number, which can be
        //    a backup slide or one not reached yet); the console is on the last page.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 5])["ok"]?.bool, true)
        let v4 = pdfBytes(pages: 3, shift: 0)
        _ = FileManager.default.createFile(atPath: tmp, contents: v4)
        XCTAssertEqual(rename(tmp, talk), 0)
        s = try c.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2)
        XCTAssertTrue(banner(s)?.text.contains("is not in talk.pdf any more: the room keeps its picture until you move") == true, "\(String(describing: banner(s)))")
        for _ in 0..<3 { XCTAssertTrue(near(try audienceBox(), TestPDF.colour(7)), "the room keeps the removed page, not blank paper or another page") }
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)), "the speaker moved: the new version's page")

        // 5. Deleted: the room keeps the page, the speaker is told; Ctrl+R says the same.
        try FileManager.default.removeItem(atPath: talk)
        s = try c.waitForState(timeout: 10) { self.banner($0)?.kind == "error" }
        XCTAssertTrue(banner(s)?.text.contains("not found") == true, "\(String(describing: banner(s)))")
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+R"])["ok"]?.bool, true)
        XCTAssertEqual(banner(try state())?.kind, "error")
        for _ in 0..<3 { XCTAssertTrue(near(try audienceBox(), TestPDF.colour(2)), "the page on screen stays") }

        // 6. Back again: reloaded; Ctrl+R reloads by hand too.
        _ = FileManager.default.createFile(atPath: talk, contents: pdfBytes(pages: 3, shift: 1))
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(2), to: TestPDF.colour(3), "restored"))
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+R"])["ok"]?.bool, true)
        s = try state()
        XCTAssertEqual(banner(s)?.kind, "info", "\(String(describing: banner(s)))")
        XCTAssertEqual(s["timers"]?["running"]?.bool, true)
        XCTAssertGreaterThan(s["timers"]?["elapsed"]?.number ?? 0, elapsedBefore)
        XCTAssertEqual(app.stop(), 0)
    }

    /// A page range scene keeps its page through a reload, and through kill -9 and `--resume`.
    func testAPageRangeKeepsItsPageThroughAReloadAndACrash() throws {
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 6))
        let deck = path("range.json")
        try #"{ "title": "Range", "scenes": [ { "kind": "title", "parameters": { "heading": "Hi" } }, { "kind": "pdf", "parameters": { "file": "talk.pdf", "pages": "2-5" } } ] }"#
            .write(toFile: deck, atomically: true, encoding: .utf8)
        let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]
        app = try PodiumProcess(args: [deck, "--windowed"], environment: env, dir: dir)
        defer { app.stop() }
        XCTAssertEqual(try state()["driver"]?.string, "offscreen")
        for _ in 0..<3 { XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Right"])["ok"]?.bool, true) }
        XCTAssertEqual(try state()["scene"]?["title"]?.string, "Page 4")
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(3)))

        let tmp = path(".talk.pdf.tmp")
        _ = FileManager.default.createFile(atPath: tmp, contents: pdfBytes(pages: 6, shift: 1))
        XCTAssertEqual(rename(tmp, talk), 0)
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(3), to: TestPDF.colour(4), "range reload"), "page 4 of the new version")
        var s = try state()
        XCTAssertEqual(s["scene"]?["index"]?.int, 1)
        XCTAssertEqual(s["scene"]?["title"]?.string, "Page 4", "still page 4 inside the range")

        kill(app.process.processIdentifier, SIGKILL)
        XCTAssertTrue([SIGKILL, 128 + SIGKILL].contains(reap(app.process)), "killed by SIGKILL")
        app = try PodiumProcess(args: [deck, "--windowed", "--resume"], environment: env, dir: dir)
        s = try state()
        XCTAssertEqual(s["scene"]?["index"]?.int, 1)
        XCTAssertEqual(s["scene"]?["title"]?.string, "Page 4", "resumed on page 4 of the range")
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(4)))
        XCTAssertEqual(app.stop(), 0)
    }

    /// A new version with another title renames both windows (the task bar said the old title).
    func testAReloadRenamesTheWindows() throws {
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 3, title: "First Version"))
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        func titles(_ s: JSONValue) -> [String] { s["windows"]?.array?.compactMap { $0["title"]?.string } ?? [] }
        var s = try app.client.waitForState { $0["windows"]?.array?.count == 2 }
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(titles(s), ["Podium Presenter — First Version", "Podium Audience — First Version"])
        TestPDF.write(path("new.pdf"), .init(pages: 3, title: "Second Version"))
        XCTAssertEqual(rename(path("new.pdf"), talk), 0)
        s = try app.client.waitForState(timeout: 15) { $0["deck"]?["title"]?.string == "Second Version" }
        XCTAssertEqual(titles(s), ["Podium Presenter — Second Version", "Podium Audience — Second Version"], "the windows carry the new title")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A reload that cuts pages says which talk.pdfpc entries it left out and that the planned
    /// end slide is past the end, on the presenter (trial 9: only in the log).
    func testAReloadThatCutsPagesSaysWhatOfTalkPdfpcItLeftOut() throws {
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 10))
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "endSlide": 4, "pages": [{"idx": 0, "note": "one"}, {"idx": 4, "note": "five"}, {"idx": 9, "note": "ten"}]}"#,
                                   to: path("talk.pdfpc"))
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        XCTAssertEqual(try state()["driver"]?.string, "offscreen")
        TestPDF.write(path("new.pdf"), .init(pages: 4))
        XCTAssertEqual(rename(path("new.pdf"), talk), 0)
        let s = try app.client.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 4 }
        let text = banner(s)?.text ?? ""
        // The file left as it was while the PDF lost pages (`PdfpcStaleness`): the entries of
        // pages whose content is gone are left out and named.
        XCTAssertTrue(text.hasPrefix("Reloaded talk.pdf; talk.pdfpc: talk.pdf changed since this file was read (10 pages then, 4 now): its hidden pages and notes were moved with their pages; not found in the new talk.pdf, left out: the note of page 5, the note of page 10"), text)
        XCTAssertTrue(app.log.contains("warning: the planned end slide 5 (endSlide in \(path("talk.pdfpc"))) is past the talk's 4 slides"), app.log)

        let r = try runProcess(TestPaths.podium, ["check", talk], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: the planned end slide 5 (endSlide in \(path("talk.pdfpc"))) is past the talk's 4 slides: the talk ends at its last slide"), r.stderr)
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 18 F2: talk.pdfpc saved with a typo mid-talk keeps the version read before: the
    /// hidden page stays out of the talk, the countdown from its duration stays, and the banner
    /// names the error's place and says so.
    func testATalkPdfpcTypoKeepsTheVersionReadBefore() throws {
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 5))
        let good = "{\"pdfpcFormat\":2,\"duration\":20,\"pages\":[\n {\"idx\":4,\"hidden\":true},\n {\"idx\":1,\"hidden\":true}\n]}"
        try writePdfpcSavedEarlier(good, to: path("talk.pdfpc"))
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        var s = try state()
        XCTAssertEqual(s["scene"]?["count"]?.int, 3)
        XCTAssertEqual(s["timers"]?["remaining"]?.int, 1200)
        try good.replacingOccurrences(of: "true}\n]", with: "true},\n]").write(toFile: path("talk.pdfpc"), atomically: false, encoding: .utf8)
        s = try app.client.waitForState(timeout: 15) { (self.banner($0)?.text ?? "").contains("talk.pdfpc") }
        let text = banner(s)?.text ?? ""
        XCTAssertTrue(text.hasPrefix("Reloaded talk.pdfpc; talk.pdfpc: not valid JSON: line 4, column 1"), text)
        XCTAssertTrue(text.hasSuffix("(the version read before is kept)"), text)
        XCTAssertEqual(s["scene"]?["count"]?.int, 3, "the hidden pages stay out of the talk")
        XCTAssertNotNil(s["timers"]?["remaining"]?.int, "the countdown stays")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 28 m7: a talk.pdfpc written in chunks (a program saving it in parts) flashed "not
    /// valid JSON" at every pause. A reload whose only news is a sidecar that cannot be read says
    /// so once the files are still for the refusals' patience (2 s); the complete file, written
    /// before, reloads and nothing was said of the parts.
    func testATalkPdfpcWrittenInChunksSaysNothingOfItsParts() throws {
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 5))
        try writePdfpcSavedEarlier(#"{"pdfpcFormat":2,"pages":[{"idx":4,"hidden":true}]}"#, to: path("talk.pdfpc"))
        app = try PodiumProcess(args: [talk, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        XCTAssertEqual(try state()["scene"]?["count"]?.int, 4)
        let new = #"{"pdfpcFormat":2,"pages":[{"idx":3,"hidden":true},{"idx":4,"hidden":true}]}"#
        let fh = try XCTUnwrap(FileHandle(forWritingAtPath: path("talk.pdfpc")))
        try fh.truncate(atOffset: 0)
        var banners: Set<String> = []
        for (i, part) in [new.prefix(20), new.dropFirst(20).prefix(25), new.dropFirst(45)].enumerated() {
            try fh.write(contentsOf: Data(part.utf8))
            try fh.synchronize()
            // A pause longer than the reload gate's, shorter than the patience.
            let until = Date().addingTimeInterval(i < 2 ? 1.0 : 3.0)
            while Date() < until {
                if let b = banner(try state())?.text, !b.isEmpty { banners.insert(b) }
                usleep(50_000)
            }
        }
        try fh.close()
        XCTAssertTrue(app.log.contains("talk.pdfpc: not valid JSON"), "the parts were read and refused: \(app.log)")
        XCTAssertFalse(banners.contains { $0.contains("not valid JSON") }, "nothing said of the parts: \(banners)")
        let s = try app.client.waitForState(timeout: 10) { $0["scene"]?["count"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["count"]?.int, 3, "the complete file reloaded: two pages hidden")
        XCTAssertEqual(app.stop(), 0)
    }

    /// The same on a real X server with two monitors (Xorg dummy driver): the audience window on
    /// the second monitor only ever shows whole pages.
    func testRewritingThePDFOnTheXorgRig() throws {
        let rig = try XorgRig(monitors: ["1280x800", "1280x720"])
        defer { rig.stop() }
        let talk = path("talk.pdf")
        TestPDF.write(talk, .init(pages: 4))
        app = try PodiumProcess(args: [talk], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let s = try app.client.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server, not a fallback")
        XCTAssertEqual(s["windows"]?.array?.last?["display"]?.string, "DUMMY1", "the audience on the second monitor")
        XCTAssertEqual(try app.client.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(1)))

        let v2 = pdfBytes(pages: 4, shift: 1)
        let fh = try startRewrite(talk, with: v2.prefix(v2.count / 3))
        _ = try app.client.waitForState { self.banner($0)?.kind == "error" }
        for _ in 0..<3 { XCTAssertTrue(near(try audienceBox(), TestPDF.colour(1)), "the old page stays") }
        try fh.write(contentsOf: v2.suffix(from: v2.count / 3))
        try fh.close()
        XCTAssertTrue(try audienceGoes(from: TestPDF.colour(1), to: TestPDF.colour(2), "in-place rewrite on X11"))
        let after = try state()
        XCTAssertEqual(after["scene"]?["index"]?.int, 1)
        XCTAssertEqual(after["timers"]?["running"]?.bool, true)
        XCTAssertEqual(app.stop(), 0)
    }
}
