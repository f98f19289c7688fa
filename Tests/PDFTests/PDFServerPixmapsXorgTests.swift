import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Audience pages kept in the X server as pixmaps and presented there (issue 19), on a real X
/// server (Xorg dummy, presenter 1280×800, audience 1920×1080), SDL's software renderer, keys
/// through XTEST. What the room sees is read back from the X server itself (`X11Screen`, its own
/// connection) before anything else draws, and must equal the frame Podium means to show (its
/// `screenshot`, drawn by SDL); an advance to a page uploaded ahead must be one server copy and no
/// client-side copy of the page.
final class PDFServerPixmapsXorgTests: XorgPDFTestCase {
    func start(_ pdf: TestPDF.Options = .init(pages: 6), env extra: [String: String] = [:]) throws -> PodiumProcess {
        TestPDF.write(path("talk.pdf"), pdf)
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"].merging(extra) { $1 }) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        let s = try app.client!.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        return app
    }

    func audience(_ s: JSONValue) -> JSONValue? { s["windows"]?.array?.first { $0["role"]?.string == "audience" } }
    func server(_ s: JSONValue, _ key: String) -> Int { audience(s)?["serverPixmaps"]?[key]?.int ?? -1 }
    func copies(_ s: JSONValue) -> Int { audience(s)?["bitmapCopies"]?.int ?? -1 }

    /// The audience window's pixels as the X server has them (R, G, B, A), and its size.
    func room(_ c: ControlClient) throws -> (rgba: [UInt8], w: Int, h: Int) {
        let b = try XCTUnwrap(audience(try c.send(["cmd": "state"]))?["bounds"])
        let (x, y, w, h) = (Int(b["x"]!.number!), Int(b["y"]!.number!), Int(b["width"]!.number!), Int(b["height"]!.number!))
        let px = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: x, y: y, width: w, height: h), "read the screen of \(rig.display)")
        return (px, w, h)
    }

    /// The frame Podium means the room to see (its tree drawn by SDL into a PNG). Call after
    /// `room`: the screenshot also presents that frame through SDL.
    func intended(_ c: ControlClient, _ name: String) throws -> PNGImage {
        let r = try c.send(["cmd": "screenshot", "window": "audience", "source": "tree", "path": .string(path(name))])
        XCTAssertEqual(r["source"]?.string, "tree", "drawn by SDL: \(r)")
        return try PNGImage(path: path(name))
    }

    /// Pixels whose R, G or B differ.
    func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var n = 0
        for i in stride(from: 0, to: a.count, by: 4) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] { n += 1 }
        return n
    }

    /// Asserts the room shows exactly the intended frame, and that frame shows page `page`'s box.
    func assertRoomShows(_ c: ControlClient, page: Int, box: (x: Int, y: Int), _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try room(c)
        let want = try intended(c, "page\(page).png")
        XCTAssertEqual(r.w, want.width, what, file: file, line: line)
        XCTAssertEqual(differing(r.rgba, want.rgba), 0, "\(what): the room's pixels are the intended frame", file: file, line: line)
        let i = (box.y * r.w + box.x) * 4
        let c = TestPDF.colour(page)
        XCTAssertEqual([Int(r.rgba[i]), Int(r.rgba[i + 1]), Int(r.rgba[i + 2])], [c.0, c.1, c.2], "\(what): page \(page + 1)'s box on the screen", file: file, line: line)
    }

    /// Presses `key` and waits until the audience was presented `presents` times from pixmaps.
    func press(_ key: String, _ c: ControlClient, position: String, presents: Int) throws -> JSONValue {
        try xdotool("key", key)
        // A generous bound (it returns as soon as the state is there): on a loaded machine 5 s
        // ran out and the last state came back silently, failing the copy checks (issue 19).
        return try c.waitForState(timeout: 20) { $0["slide"]?["position"]?.string == position && self.server($0, "presents") >= presents }
    }

    /// Right from the first page once the second is in its pixmap: the second page shown from it.
    func secondPageFromItsPixmap(_ c: ControlClient) throws -> JSONValue {
        let s = try c.waitForState { self.server($0, "ahead") >= 1 }
        return try press("Right", c, position: "2 / 6", presents: server(s, "presents") + 1)
    }

    /// `s` again once no page went into a pixmap for half a second.
    func settled(_ c: ControlClient, _ s: JSONValue) throws -> JSONValue {
        var s = s, quiet = 0
        while quiet < 5 {
            usleep(100_000)
            let t = try c.send(["cmd": "state"])
            quiet = server(t, "uploads") == server(s, "uploads") ? quiet + 1 : 0
            s = t
        }
        return s
    }

    /// First visits: the page after the next is not rendered yet when an advance's frame names
    /// the pages ahead, so the page behind was named alone and went into the room's one pixmap,
    /// to be replaced by the next page a moment later (two 8 MB unpacks an advance). One now.
    func testAFirstVisitPutsOnlyThePageAheadIntoThePixmap() throws {
        let app = try start(.init(pages: 8))
        defer { app.stop() }
        let c = app.client!
        var s = try settled(c, try c.waitForState { self.server($0, "ahead") >= 1 })
        let uploads = server(s, "uploads")
        for page in 2...6 {
            s = try press("Right", c, position: "\(page) / 8", presents: server(s, "presents") + 1)
            s = try settled(c, try c.waitForState { self.server($0, "ahead") >= 1 })
        }
        XCTAssertEqual(server(s, "uploads") - uploads, 5, "one page into the pixmap an advance, the next: \(String(describing: audience(s)))")
        XCTAssertEqual(app.stop(), 0)
    }

    func testAdvancesAndARevisitArePresentedFromServerPixmapsWithTheRightPixels() throws {
        try checkAdvances(mode: "shm-pixmap")
    }

    /// The same where the server offers no shared-memory pixmaps (pages put by XShmPutImage) or
    /// no MIT-SHM at all (XPutImage).
    func testPagesPutIntoPixmapsWithoutSharedPixmapsAreRightToo() throws {
        try checkAdvances(mode: "shm-put", env: ["PODIUM_SERVER_PIXMAPS_PUT": "1"])
        try checkAdvances(mode: "put", env: ["PODIUM_SERVER_PIXMAPS_NO_SHM": "1"])
    }

    /// Right ×3, Left ×3 over a 6-page deck: each an X server copy of a pixmap, no client-side
    /// page copy, and the room's pixels the intended frame; except the first step back, which
    /// SDL draws (one pixmap is kept: the page ahead in the direction of the last step,
    /// `PagePixmapPolicy`), with the same pixels.
    func checkAdvances(mode: String, env: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try start(env: env)
        defer { app.stop() }
        let c = app.client!
        // Inside the page's box (unit 0.25…0.5 × 0.25…0.75 of the 1920×1080 page).
        let box = (x: 1920 * 3 / 8, y: 1080 / 2)
        var s = try c.waitForState { self.server($0, "uploads") >= 1 }
        XCTAssertEqual(audience(s)?["serverPixmaps"]?["mode"]?.string, mode, "how pages reach the server", file: file, line: line)
        try assertRoomShows(c, page: 0, box: box, "first page", file: file, line: line)
        // Forward, then stepping back page by page: the previous page is uploaded ahead too.
        let steps = [("Right", 1, "2 / 6", true), ("Right", 2, "3 / 6", true), ("Right", 3, "4 / 6", true),
                     ("Left", 2, "3 / 6", false), ("Left", 1, "2 / 6", true), ("Left", 0, "1 / 6", true)]
        for (key, page, position, byServer) in steps {
            // The page ahead in its pixmap (after the first step back: the previous page).
            s = try c.waitForState { self.server($0, "ahead") >= 1 }
            // And no upload for half a second: the worker's page arrived and went into its pixmap.
            s = try settled(c, s)
            let presents = server(s, "presents"), before = copies(s)
            if !byServer {
                try xdotool("key", key)
                s = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == position && self.copies($0) > before }
                XCTAssertEqual(server(s, "presents"), presents, "\(key) to page \(page + 1): the page ahead was the next one, so SDL draws this one", file: file, line: line)
                try assertRoomShows(c, page: page, box: box, "\(key) to page \(page + 1) (drawn by SDL)", file: file, line: line)
                continue
            }
            s = try press(key, c, position: position, presents: presents + 1)
            XCTAssertEqual(server(s, "presents"), presents + 1, "\(key) to page \(page + 1): one frame presented by the X server", file: file, line: line)
            XCTAssertEqual(copies(s), before, "\(key) to page \(page + 1): no client-side copy of a page", file: file, line: line)
            XCTAssertEqual(server(s, "presentsDone"), server(s, "presents"),
                           "\(key) to page \(page + 1): the server had presented the page before Podium drew anything else", file: file, line: line)
            try assertRoomShows(c, page: page, box: box, "\(key) to page \(page + 1)", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(server(try c.send(["cmd": "state"]), "pixmaps"), 1, "the page ahead only (PagePixmapPolicy)", file: file, line: line)
        XCTAssertEqual(app.stop(), 0, file: file, line: line)
    }

    func testALetterboxedPageIsCopiedWithItsBarsFilled() throws {
        // 4:3 pages on the 16:9 audience: a 1440×1080 page between two bars.
        let app = try start(.init(pages: 4, width: 800, height: 600))
        defer { app.stop() }
        let c = app.client!
        let box = (x: 240 + 1440 * 3 / 8, y: 1080 / 2)
        var s = try c.waitForState { self.server($0, "uploads") >= 1 }
        try assertRoomShows(c, page: 0, box: box, "first page")
        s = try c.waitForState { self.server($0, "ahead") >= 1 }
        let presents = server(s, "presents"), before = copies(s)
        s = try press("Right", c, position: "2 / 4", presents: presents + 1)
        XCTAssertEqual(copies(s), before, "no client-side copy of a page")
        let r = try room(c)
        XCTAssertEqual(Array(r.rgba[0..<3]), Array(r.rgba[(1919 * 4)..<(1919 * 4 + 3)]), "both bars the same colour")
        try assertRoomShows(c, page: 1, box: box, "the letterboxed page and its bars")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A talk on page 2, presented by the X server from its pixmap, and the room's pixels then.
    func startOnPageTwoFromItsPixmap() throws -> (app: PodiumProcess, state: JSONValue, plain: (rgba: [UInt8], w: Int, h: Int)) {
        let app = try start()
        let c = app.client!
        let s = try c.waitForState { self.server($0, "ahead") >= 1 }
        let shown = try press("Right", c, position: "2 / 6", presents: server(s, "presents") + 1)
        return (app, shown, try room(c))
    }

    func testAnOverlayAfterAServerPresentAndItsRemovalShowTheRightPage() throws {
        var (app, s, plain) = try startOnPageTwoFromItsPixmap()   // page 2 as the server presented it
        defer { app.stop() }
        let c = app.client!
        let box = (x: 1920 * 3 / 8, y: 1080 / 2)
        // The spotlight over the page the server presented: drawn by SDL, over a surface that
        // never held that page.
        try xdotool("key", "l")
        let p = try XCTUnwrap(audience(s)?["bounds"])
        try xdotool("mousemove", String(Int(p["x"]!.number!) + 300), String(Int(p["y"]!.number!) + 300))
        let lit = try c.waitForState(timeout: 5) { _ in (try? self.differing(self.room(c).rgba, plain.rgba)) ?? 0 > 10000 }
        let withSpot = try room(c)
        XCTAssertGreaterThan(differing(withSpot.rgba, plain.rgba), 10000, "the spotlight is on the audience: \(String(describing: audience(lit)))")
        XCTAssertEqual(differing(withSpot.rgba, try intended(c, "spot.png").rgba), 0, "the spotlit page, no stale pixels")
        let lit2 = try c.send(["cmd": "state"])
        let presentsBefore = server(lit2, "presents"), copiesBefore = copies(lit2)
        try xdotool("key", "l")
        s = try c.waitForState(timeout: 5) { self.server($0, "presents") > presentsBefore || self.copies($0) > copiesBefore }
        // The page shown gave its pixmap to the page ahead (`PagePixmapPolicy`): SDL draws it.
        XCTAssertGreaterThan(copies(s), copiesBefore, "the plain page again, drawn by SDL from its packed bytes")
        let back = try room(c)
        XCTAssertEqual(differing(back.rgba, plain.rgba), 0, "the spotlight gone: the same page as before it")
        try assertRoomShows(c, page: 1, box: box, "after the spotlight")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A black or white screen over a page the server presented, then lifted: the page shown has
    /// no pixmap of its own (it went to the page ahead, `PagePixmapPolicy`), so SDL draws it again
    /// from its packed bytes, and the room's pixels are exactly that page's.
    func testABlackOrWhiteScreenLiftedShowsThePageAgain() throws {
        let (app, _, plain) = try startOnPageTwoFromItsPixmap()
        defer { app.stop() }
        let c = app.client!
        let box = (x: 1920 * 3 / 8, y: 1080 / 2)
        for (key, value) in [("b", UInt8(0)), ("w", UInt8(255))] {
            try xdotool("key", key)
            _ = try c.waitForState(timeout: 5) { _ in (try? self.room(c).rgba.allSatisfy { $0 == value || $0 == 255 }) ?? false }
            XCTAssertTrue(try room(c).rgba.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == value }, "\(key): the whole room \(value == 0 ? "black" : "white")")
            let before = try c.send(["cmd": "state"])
            try xdotool("key", key)
            _ = try c.waitForState(timeout: 5) { self.copies($0) > self.copies(before) || self.server($0, "presents") > self.server(before, "presents") }
            _ = try c.waitForState(timeout: 5) { _ in (try? self.differing(self.room(c).rgba, plain.rgba)) == 0 }
            XCTAssertEqual(differing(try room(c).rgba, plain.rgba), 0, "\(key) again: the page as the server presented it before")
            try assertRoomShows(c, page: 1, box: box, "\(key) lifted")
        }
        XCTAssertEqual(app.stop(), 0)
    }

    /// While the X server presents the room from pixmaps, the window surface SDL draws into (a
    /// whole window of shared memory) holds no pages: they are given back after a server
    /// present and painted again by the next frame SDL draws (a step against the direction of
    /// travel, the screenshot), which still shows the right page.
    func testTheRoomsWindowSurfaceHoldsNoPagesWhileTheServerPresents() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let box = (x: 1920 * 3 / 8, y: 1080 / 2)
        func resident(_ s: JSONValue) -> Int { audience(s)?["surfaceResidentBytes"]?.int ?? -1 }
        var s = try c.waitForState { self.server($0, "ahead") >= 1 }
        for (key, page, position, byServer) in [("Right", 1, "2 / 6", true), ("Right", 2, "3 / 6", true), ("Left", 1, "2 / 6", false), ("Left", 0, "1 / 6", true)] {
            s = try c.waitForState { self.server($0, "ahead") >= 1 }
            let presents = server(s, "presents"), before = copies(s)
            try xdotool("key", key)
            s = try c.waitForState(timeout: 5) {
                $0["slide"]?["position"]?.string == position && (byServer ? self.server($0, "presents") > presents : self.copies($0) > before)
            }
            if byServer {
                XCTAssertEqual(resident(s), 0, "\(key) to page \(page + 1), presented by the server: no page of the window surface held")
            } else {
                XCTAssertGreaterThan(resident(s), 0, "\(key) to page \(page + 1), drawn by SDL into the window surface")
            }
            // Reading the room back repaints the surface (the screenshot): the next present hands it back again.
            try assertRoomShows(c, page: page, box: box, "\(key) to page \(page + 1)")
        }
        XCTAssertGreaterThanOrEqual(audience(try c.send(["cmd": "state"]))?["surfaceReleases"]?.int ?? 0, 3)
        XCTAssertEqual(app.stop(), 0)
    }

    func testAHotPlugToAnotherSizeDropsThePixmapsAndTheNewSizeIsRight() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        var s = try secondPageFromItsPixmap(c)
        let uploads = server(s, "uploads")
        try rig.unplug(1)
        _ = try c.waitForState(timeout: 10) { $0["displays"]?.array?.count == 1 }
        try rig.plug(1, "1600x900")
        s = try c.waitForState(timeout: 10) {
            self.audience($0)?["bounds"]?["width"]?.number == 1600 && self.audience($0)?["visible"]?.bool == true && self.server($0, "ahead") >= 1
        }
        XCTAssertEqual(audience(s)?["bounds"]?["width"]?.number, 1600, "the audience on the new display")
        XCTAssertGreaterThanOrEqual(server(s, "pixmaps"), 1, "the next page uploaded again at the new size: \(String(describing: audience(s)))")
        XCTAssertLessThanOrEqual(server(s, "pixmaps"), 1, "the 1920×1080 pixmap went with the old size: \(String(describing: audience(s)))")
        _ = uploads
        let box = (x: 1600 * 3 / 8, y: 900 / 2)
        try assertRoomShows(c, page: 1, box: box, "the page at 1600×900")
        s = try c.waitForState { self.server($0, "ahead") >= 1 }
        s = try press("Right", c, position: "3 / 6", presents: server(s, "presents") + 1)
        try assertRoomShows(c, page: 2, box: box, "an advance at 1600×900")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Pages sharing their template (the generated deck: white, a box and a number differing):
    /// after a page presented from its pixmap, an advance copies only the tiles in which the pages
    /// differ, forward and (once the pixmaps follow the new direction, `PagePixmapPolicy`) back,
    /// and the room then shows exactly the new page; with `PODIUM_TILE_COPIES=0` every advance
    /// from a pixmap copies the whole page.
    func testAnAdvanceBetweenPagesSharingTheirTemplateCopiesOnlyTheTilesThatDiffer() throws {
        let page = 1920 * 1080
        for tiles in [true, false] {
            let app = try start(env: tiles ? [:] : ["PODIUM_TILE_COPIES": "0"])
            defer { app.stop() }
            let c = app.client!
            var s = try c.waitForState { self.server($0, "ahead") >= 1 }
            // Page 2 from its pixmap over page 1 drawn by SDL: the whole page.
            s = try press("Right", c, position: "2 / 6", presents: server(s, "presents") + 1)
            // (key, position, what the room's copy is): a tile copy after a page from its pixmap;
            // the first step against the direction is drawn by SDL, the next copies the whole page.
            enum Copy { case tiles, sdl, whole }
            var rooms: [[UInt8]] = []
            for (key, position, copy) in [("Right", "3 / 6", Copy.tiles), ("Right", "4 / 6", .tiles), ("Left", "3 / 6", .sdl),
                                          ("Left", "2 / 6", .whole), ("Left", "1 / 6", .tiles)] {
                if copy != .sdl {
                    // The page ahead is uploaded after the last step: "pixmaps >= 2" alone was
                    // already true of the pages before it, and the key then went to SDL (CI: 0
                    // pixels copied). Wait for an upload after the last press (seldom it came before
                    // the press's state: then this waits 5 s for nothing and goes on).
                    let before = server(s, "uploads")
                    s = try c.waitForState(timeout: 5) { self.server($0, "uploads") > before }
                    // The page ahead is a prefetch, in SCHED_IDLE: with every core busy it waits.
                    s = try c.waitForState(timeout: 30) { self.server($0, "ahead") >= 1 }
                    XCTAssertGreaterThanOrEqual(server(s, "ahead"), 1, "before \(key) to \(position): the page ahead in its pixmap")
                }
                let copied = server(s, "pixelsCopied"), tilePresents = server(s, "tilePresents"), presents = server(s, "presents")
                let clipped = server(s, "clippedCopies")
                s = try press(key, c, position: position, presents: copy == .sdl ? 0 : presents + 1)
                let n = server(s, "pixelsCopied") - copied
                switch (copy, tiles) {
                case (.tiles, true):
                    XCTAssertEqual(server(s, "tilePresents"), tilePresents + 1, "\(key) to \(position): only differing tiles copied")
                    XCTAssertGreaterThan(n, page / 20, "\(key) to \(position): the box and the number copied")
                    XCTAssertLessThan(n, page / 3, "\(key) to \(position): the shared white not copied (\(n) pixels)")
                    XCTAssertEqual(server(s, "clippedCopies"), clipped + 1, "\(key) to \(position): the tiles in one clipped copy, not one request each")
                case (.tiles, false), (.whole, _):
                    XCTAssertEqual(server(s, "tilePresents"), tiles ? tilePresents : 0)
                    XCTAssertEqual(n, page, "\(key) to \(position) copies the whole page")
                case (.sdl, _): break
                }
                rooms.append(try room(c).rgba)
            }
            // The room after the last step: exactly page 1 (read back before anything was drawn
            // by SDL; a screenshot draws through SDL, so it comes last), and pages differ.
            XCTAssertEqual(differing(rooms[4], try intended(c, "first.png").rgba), 0, "tiles \(tiles): Left to page 1, exactly page 1")
            XCTAssertGreaterThan(differing(rooms[0], rooms[1]), 0, "pages 3 and 4 differ on the screen")
            s = try press("Right", c, position: "2 / 6", presents: 0)
            s = try press("Right", c, position: "3 / 6", presents: 0)
            XCTAssertEqual(differing(rooms[0], try intended(c, "third.png").rgba), 0, "tiles \(tiles): Right to page 3, exactly page 3")
            XCTAssertEqual(app.stop(), 0)
        }
    }

    /// Trial 27 m3: the control socket's screenshot is what the X server shows (the room's real
    /// pixels, a page copied from a pixmap included), read without drawing: an advance right
    /// after a screenshot is still a tile copy (drawing the tree again through SDL, as the
    /// screenshot did, left the renderer without the frame shown: the next advance was drawn by
    /// SDL, no tile copy).
    func testAScreenshotIsWhatTheServerShowsAndLeavesTheNextAdvancesTileCopy() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        var s = try secondPageFromItsPixmap(c)
        for (page, position) in [(1, "3 / 6"), (2, "4 / 6"), (3, "5 / 6")] {
            let before = server(s, "uploads")
            s = try c.waitForState(timeout: 5) { self.server($0, "uploads") > before }
            s = try c.waitForState(timeout: 30) { self.server($0, "ahead") >= 1 }
            let room = try room(c)
            let shot = try c.send(["cmd": "screenshot", "window": "audience", "path": .string(path("shown\(page).png"))])
            XCTAssertEqual(shot["source"]?.string, "server", "read from the X server: \(shot)")
            let png = try PNGImage(path: path("shown\(page).png"))
            XCTAssertEqual([png.width, png.height], [room.w, room.h])
            XCTAssertEqual(differing(png.rgba, room.rgba), 0, "page \(page + 1): the screenshot is the room's pixels")
            let i = ((1080 / 2) * room.w + 1920 * 3 / 8) * 4, want = TestPDF.colour(page)
            XCTAssertEqual([Int(png.rgba[i]), Int(png.rgba[i + 1]), Int(png.rgba[i + 2])], [want.0, want.1, want.2], "page \(page + 1)'s box")
            let tilePresents = server(s, "tilePresents")
            s = try press("Right", c, position: position, presents: server(s, "presents") + 1)
            XCTAssertEqual(server(s, "tilePresents"), tilePresents + 1, "Right to \(position), right after a screenshot: a tile copy")
        }
        XCTAssertEqual(app.stop(), 0)
    }

    func testTheKillSwitchLeavesEveryFrameToSDL() throws {
        let app = try start(env: ["PODIUM_SERVER_PIXMAPS": "0"])
        defer { app.stop() }
        let c = app.client!
        _ = try c.waitForState { $0["slide"]?["position"]?.string == "1 / 6" }
        try xdotool("key", "Right")
        let s = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == "2 / 6" }
        XCTAssertEqual(audience(s)?["serverPixmaps"], .null, "PODIUM_SERVER_PIXMAPS=0: no pixmaps")
        try assertRoomShows(c, page: 1, box: (x: 1920 * 3 / 8, y: 1080 / 2), "page 2 drawn by SDL")
        XCTAssertEqual(app.stop(), 0)
    }
}
