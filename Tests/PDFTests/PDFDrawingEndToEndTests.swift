import CPoppler
import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The drawing layer end to end: `podium present talk.pdf --windowed` on the offscreen driver,
/// driven through the control socket (keys from the key map, mouse drags on the presenter's page
/// view), checked by the audience window's pixels.
final class PDFDrawingEndToEndTests: PDFTestCase {
    let env = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]

    /// Where the 800×450 page sits in a view or image of `w`×`h` (centred, letterboxed).
    struct Fit {
        var x, y, w, h: Double
        init(_ x0: Double, _ y0: Double, _ bw: Double, _ bh: Double) {
            let k = min(bw / 800, bh / 450)
            w = 800 * k; h = 450 * k; x = x0 + ((bw - w) / 2).rounded(.down); y = y0 + ((bh - h) / 2).rounded(.down)
        }
        /// Unit page coordinates → view point / pixel.
        func at(_ u: Double, _ v: Double) -> (Double, Double) { (x + u * w, y + v * h) }
        func px(_ u: Double, _ v: Double) -> (Int, Int) { (Int(x + u * w), Int(y + v * h)) }
    }

    func start() throws -> PodiumProcess {
        let app = try PodiumProcess(args: [path("talk.pdf"), "--windowed"], environment: env, dir: dir)
        let s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen", "SDL chose the driver asked for")
        return app
    }

    /// The presenter's current-slide view, as the page's fit in presenter window points.
    func presenterPage(_ c: ControlClient) throws -> Fit {
        let s = try c.send(["cmd": "state"])
        let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
        let f = try XCTUnwrap(controls.first { $0["id"]?.string == "pdf.page" }?["frame"], "the presenter's page view is in the control tree")
        return Fit(f["x"]!.number!, f["y"]!.number!, f["width"]!.number!, f["height"]!.number!)
    }

    var shots = 0
    func audience(_ c: ControlClient, _ name: String) throws -> (PNGImage, Fit) {
        shots += 1
        let shot = path("\(shots)-\(name).png")
        let r = try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(r)")
        // PODIUM_KEEP_SHOTS=DIR keeps the screenshots for a look.
        if let keep = ProcessInfo.processInfo.environment["PODIUM_KEEP_SHOTS"] {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            try? FileManager.default.copyItem(atPath: shot, toPath: "\(keep)/\(name)-\(shots).png")
        }
        let img = try PNGImage(path: shot)
        return (img, Fit(0, 0, Double(img.width), Double(img.height)))
    }

    func key(_ c: ControlClient, _ k: String) throws {
        let r = try c.send(["cmd": "key", "key": .string(k)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(k): \(r)")
    }

    /// Drags across the presenter's page from unit point `a` to `b` in `n` steps.
    func drag(_ c: ControlClient, _ page: Fit, from a: (Double, Double), to b: (Double, Double), steps n: Int = 40) throws {
        let pts: [JSONValue] = (0...n).map { i in
            let t = Double(i) / Double(n)
            let (x, y) = page.at(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
            return [.number(x), .number(y)]
        }
        let r = try c.send(["cmd": "drag", "window": "presenter", "points": .array(pts)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(r)")
    }

    static func isPen(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 190 && p.g < 80 && p.b < 80 }

    /// Pen pixels in a column `x` of the image, and the rows they span.
    func penRows(_ img: PNGImage, x: Int) -> [Int] { (0..<img.height).filter { Self.isPen(img.pixel(x, $0)) } }

    /// Strokes saved for 1-based `page` of talk.pdf as it is now (by its page key).
    func strokesInSidecar(page: Int) throws -> Int {
        let v = try sidecar()
        return v["pages"]?[try pageKey(page)]?.array?.count ?? 0
    }

    func sidecar() throws -> JSONValue {
        let p = path("talk.drawings.json")
        guard FileManager.default.fileExists(atPath: p) else { return .object([:]) }
        let v = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: p)))
        XCTAssertEqual(v["podium"]?.string, "drawings")
        return v
    }

    func pageKey(_ page: Int) throws -> String { InkPageKeys.keys(of: try PDFDocument(path: path("talk.pdf")))[page - 1] }

    /// Pen stroke on the presenter → on the audience at the same page place, at the audience's
    /// resolution; undo; eraser; kept per page; under blackout and freeze; back after a restart.
    func testPenUndoEraserAndPersistence() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 3))
        var app = try start()
        var c = app.client!
        try key(c, "Right")   // page 2: a green box, so red ink stands out
        var page = try presenterPage(c)
        let (before, _) = try audience(c, "before")

        try key(c, "d")   // pen
        try drag(c, page, from: (0.1, 0.15), to: (0.9, 0.15))
        var (img, fit) = try audience(c, "stroke")
        // The stroke is where it was drawn on the page, at the audience's scale: 0.4 % of the
        // page's width thick there (a presenter-size bitmap scaled up would be blurred and wider).
        let (sx, _) = fit.px(0.5, 0.15)
        let rows = penRows(img, x: sx)
        XCTAssertFalse(rows.isEmpty, "the stroke reached the audience")
        let expected = fit.w * 0.004
        XCTAssertLessThanOrEqual(abs(Double(rows.count) - expected), 2.5, "stroke \(rows.count) px thick, expected about \(expected)")
        let centreRow = Double(rows.first! + rows.last!) / 2
        XCTAssertEqual(centreRow, fit.y + 0.15 * fit.h, accuracy: 2.5, "at 15 % of the page's height")
        for u in stride(from: 0.12, through: 0.88, by: 0.04) {
            let (x, y) = fit.px(u, 0.15)
            XCTAssertTrue(Self.isPen(img.pixel(x, y)), "ink at \(u) along the stroke")
        }
        // Nothing anywhere the speaker did not draw: every pen-coloured pixel is on the stroke.
        let band = (Int(fit.y + 0.15 * fit.h) - Int(expected) - 3, Int(fit.y + 0.15 * fit.h) + Int(expected) + 3)
        let stray = img.count(x: 0, y: 0, w: img.width, h: img.height) { Self.isPen($0) }
            - img.count(x: 0, y: band.0, w: img.width, h: band.1 - band.0) { Self.isPen($0) }
        XCTAssertEqual(stray, 0, "no ink outside the stroke's band")
        XCTAssertEqual(before.count(x: 0, y: 0, w: before.width, h: before.height) { Self.isPen($0) }, 0, "no ink before")
        XCTAssertEqual(try strokesInSidecar(page: 2), 1, "saved to the drawings sidecar at once")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("talk.notes.json")), "the notes sidecar is not touched")

        // Blackout covers it; freeze holds a new stroke back until the room is live again.
        try key(c, "b")
        (img, fit) = try audience(c, "blackout")
        XCTAssertEqual(img.count(x: 0, y: 0, w: img.width, h: img.height) { $0.r > 10 || $0.g > 10 || $0.b > 10 }, 0, "black out: nothing shows")
        try key(c, "b")
        try key(c, "f")
        try drag(c, page, from: (0.1, 0.9), to: (0.9, 0.9))
        (img, fit) = try audience(c, "frozen")
        XCTAssertTrue(penRows(img, x: fit.px(0.5, 0.9).0).filter { $0 > Int(fit.y + fit.h * 0.8) }.isEmpty, "frozen: the new stroke is not shown yet")
        try key(c, "f")
        (img, fit) = try audience(c, "thawed")
        XCTAssertFalse(penRows(img, x: fit.px(0.5, 0.9).0).filter { $0 > Int(fit.y + fit.h * 0.8) }.isEmpty, "live again: the stroke shows")

        // Ctrl+Z takes the last stroke back, then the first.
        try key(c, "Ctrl+Z")
        (img, fit) = try audience(c, "undo1")
        XCTAssertTrue(penRows(img, x: fit.px(0.5, 0.9).0).filter { $0 > Int(fit.y + fit.h * 0.8) }.isEmpty)
        XCTAssertFalse(penRows(img, x: sx).isEmpty)
        try key(c, "Ctrl+Z")
        (img, fit) = try audience(c, "undo2")
        XCTAssertEqual(img.count(x: 0, y: 0, w: img.width, h: img.height) { Self.isPen($0) }, 0, "undo removed both strokes")
        XCTAssertEqual(try strokesInSidecar(page: 2), 0)

        // The eraser removes a whole stroke it touches, and only that one.
        try drag(c, page, from: (0.1, 0.15), to: (0.9, 0.15))
        try drag(c, page, from: (0.1, 0.9), to: (0.9, 0.9))
        try key(c, "e")
        try drag(c, page, from: (0.8, 0.1), to: (0.8, 0.2), steps: 4)
        (img, fit) = try audience(c, "erased")
        XCTAssertTrue(penRows(img, x: fit.px(0.3, 0.15).0).filter { $0 < Int(fit.y + fit.h * 0.5) }.isEmpty, "the touched stroke is gone, also where the eraser did not pass")
        XCTAssertFalse(penRows(img, x: fit.px(0.3, 0.9).0).isEmpty, "the other stroke stays")
        XCTAssertEqual(try strokesInSidecar(page: 2), 1)

        // Per page: page 3 has none; back on page 2 the stroke is there.
        try key(c, "Escape")   // the eraser off; the arrow keys still page
        try key(c, "Right")
        (img, fit) = try audience(c, "page3")
        XCTAssertEqual(img.count(x: 0, y: 0, w: img.width, h: img.height) { Self.isPen($0) }, 0)
        try key(c, "Left")

        // Opened again: the drawing comes back from the sidecar.
        XCTAssertEqual(app.stop(), 0)
        app = try start()
        c = app.client!
        defer { app.stop() }
        try key(c, "Right")
        page = try presenterPage(c)
        (img, fit) = try audience(c, "reopened")
        XCTAssertFalse(penRows(img, x: fit.px(0.3, 0.9).0).isEmpty, "restored from talk.drawings.json")
        XCTAssertTrue(penRows(img, x: fit.px(0.3, 0.15).0).filter { $0 < Int(fit.y + fit.h * 0.5) }.isEmpty)

        // Without a tool a press on the page is a click again (nothing drawn).
        try drag(c, page, from: (0.1, 0.5), to: (0.2, 0.5))
        XCTAssertEqual(try strokesInSidecar(page: 2), 1)
        // The presenter's tool bar does what the keys do.
        XCTAssertEqual(try c.send(["cmd": "click", "id": "pdf.tool.penTool"])["ok"]?.bool, true)
        page = try presenterPage(c)   // the bar's row may have moved the page
        try drag(c, page, from: (0.1, 0.05), to: (0.9, 0.05))
        XCTAssertEqual(try strokesInSidecar(page: 2), 2, "the Pen button took the pen")
        try key(c, "Ctrl+Z")
        XCTAssertEqual(try c.send(["cmd": "click", "id": "pdf.tool.penTool"])["ok"]?.bool, true)
        try drag(c, page, from: (0.1, 0.05), to: (0.9, 0.05))
        XCTAssertEqual(try strokesInSidecar(page: 2), 1, "the Pen button again put it down")
        // The highlighter lets the page show through: over the green box it is green-yellow.
        try key(c, "h")
        try drag(c, page, from: (0.2, 0.5), to: (0.55, 0.5))
        (img, fit) = try audience(c, "highlighter")
        let (hx, hy) = fit.px(0.375, 0.5)
        let p = img.rgb(hx, hy), box = TestPDF.colour(1)
        XCTAssertTrue(p.0 > box.0 + 40 && p.1 >= box.1 - 10, "highlighter over the box: \(p), box \(box)")
        let (wx, wy) = fit.px(0.22, 0.5)
        let w = img.rgb(wx, wy)
        XCTAssertTrue(w.0 > 230 && w.1 > 200 && w.2 < 200, "highlighter over white paper is light yellow: \(w)")
    }

    /// The spotlight dims the audience view except a circle at the pointer; Esc ends it.
    /// A quick eraser swipe: two pointer points either side of a stroke, nothing reported on it;
    /// the path between them erases it.
    func testQuickEraserSwipeAcrossAStroke() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 2))
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        try key(c, "Right")
        let page = try presenterPage(c)
        try key(c, "d")
        try drag(c, page, from: (0.1, 0.5), to: (0.9, 0.5))
        XCTAssertEqual(try strokesInSidecar(page: 2), 1)
        try key(c, "e")
        try drag(c, page, from: (0.3, 0.2), to: (0.3, 0.8), steps: 1)
        let (img, _) = try audience(c, "swiped")
        XCTAssertEqual(img.count(x: 0, y: 0, w: img.width, h: img.height) { Self.isPen($0) }, 0, "the swipe erased the stroke")
        XCTAssertEqual(try strokesInSidecar(page: 2), 0)
    }

    /// Strokes follow their slide when the PDF is replaced: a slide inserted before it moves
    /// them with it; an unrelated PDF shows none of them, and the file keeps them.
    func testStrokesFollowTheirSlideWhenThePDFIsReplaced() throws {
        let slides = (1...8).map { "Slide \($0)" }
        TestPDF.write(path("talk.pdf"), .init(pages: 8, texts: slides))
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        func goto(_ index: Int) throws { XCTAssertEqual(try c.send(["cmd": "goto", "index": .number(Double(index))])["ok"]?.bool, true) }
        /// Ink in the stroke's band (above the page's box, which is red on some pages).
        func ink(_ name: String) throws -> Int {
            let (img, fit) = try audience(c, name)
            return img.count(x: 0, y: Int(fit.y + 0.05 * fit.h), w: img.width, h: Int(0.17 * fit.h)) { Self.isPen($0) }
        }
        /// Writes the new version beside it and moves it over talk.pdf (as a build tool does), then waits for the reload.
        func replace(_ o: TestPDF.Options) throws {
            TestPDF.write(path("new.pdf"), o)
            XCTAssertEqual(rename(path("new.pdf"), path("talk.pdf")), 0)
            _ = try c.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == o.pages }
        }
        try goto(3)   // page 4, "Slide 4"
        let page = try presenterPage(c)
        try key(c, "d")
        try drag(c, page, from: (0.1, 0.15), to: (0.9, 0.15))
        try key(c, "Escape")
        XCTAssertGreaterThan(try ink("drawn"), 0)
        XCTAssertEqual(try strokesInSidecar(page: 4), 1)

        // A slide inserted before it: the stroke is on "Slide 4", now page 5, and not on page 4.
        try replace(.init(pages: 9, texts: Array(slides[0..<3]) + ["Inserted"] + Array(slides[3...])))
        try goto(3)
        XCTAssertEqual(try ink("inserted-page4"), 0, "page 4 is the inserted slide: no ink")
        try goto(4)
        XCTAssertGreaterThan(try ink("inserted-page5"), 0, "the stroke followed its slide")
        XCTAssertEqual(try strokesInSidecar(page: 5), 1)

        // An unrelated PDF: no stroke anywhere, and the file still holds it.
        try replace(.init(pages: 8, texts: (1...8).map { "Other talk \($0)" }))
        for i in 0..<8 {
            try goto(i)
            XCTAssertEqual(try ink("unrelated-\(i + 1)"), 0, "no ink on page \(i + 1) of another PDF")
        }
        let pages = try sidecar()["pages"]?.object ?? [:]
        XCTAssertEqual(pages.values.map { $0.array?.count ?? 0 }.reduce(0, +), 1, "the stroke is kept in the file")
        XCTAssertTrue(app.log.contains("reloaded"), app.log)
    }

    func testSpotlight() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 2))
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let page = try presenterPage(c)
        try key(c, "l")
        let (x, y) = page.at(0.15, 0.5)
        XCTAssertEqual(try c.send(["cmd": "hover", "window": "presenter", "x": .number(x), "y": .number(y)])["ok"]?.bool, true)
        var (img, fit) = try audience(c, "spotlight")
        func grey(_ u: Double, _ v: Double) -> Int { let (px, py) = fit.px(u, v); let p = img.rgb(px, py); return (p.0 + p.1 + p.2) / 3 }
        XCTAssertGreaterThan(grey(0.15, 0.5), 245, "white paper inside the circle")
        XCTAssertGreaterThan(grey(0.15, 0.42), 245)
        // Lit: a disc 14 % of the page's height in radius, and not a pixel more (white paper
        // outside it would be undimmed page shown where the speaker is not pointing).
        let (cx, cy) = fit.at(0.15, 0.5), r = fit.h * 0.14
        var lit = 0, strayLit = 0
        for yy in 0..<img.height { for xx in 0..<img.width where img.pixel(xx, yy).r > 200 {
            lit += 1
            let d = ((Double(xx) + 0.5 - cx) * (Double(xx) + 0.5 - cx) + (Double(yy) + 0.5 - cy) * (Double(yy) + 0.5 - cy)).squareRoot()
            if d > r + 2 { strayLit += 1 }
        } }
        XCTAssertEqual(strayLit, 0, "nothing lit outside the circle")
        XCTAssertEqual(Double(lit), .pi * r * r, accuracy: .pi * r * r * 0.1, "the circle's area")
        for (u, v) in [(0.85, 0.15), (0.9, 0.9), (0.5, 0.1), (0.15, 0.1)] {
            XCTAssertLessThan(grey(u, v), 110, "dimmed at \(u), \(v)")
            XCTAssertGreaterThan(grey(u, v), 40, "dimmed, not black, at \(u), \(v)")
        }
        // It follows the pointer.
        let (x2, y2) = page.at(0.85, 0.15)
        _ = try c.send(["cmd": "hover", "window": "presenter", "x": .number(x2), "y": .number(y2)])
        (img, fit) = try audience(c, "moved")
        XCTAssertGreaterThan(grey(0.85, 0.15), 245)
        XCTAssertLessThan(grey(0.15, 0.5), 110)
        try key(c, "Escape")
        (img, fit) = try audience(c, "off")
        XCTAssertGreaterThan(grey(0.15, 0.5), 245)
        XCTAssertGreaterThan(grey(0.85, 0.9), 245)
        // On again and an advance with the mouse still: the circle stays where the speaker put
        // it, on the next page (it jumped to the page's centre until the mouse moved).
        try key(c, "l")
        try key(c, "Right")
        XCTAssertEqual(try c.send(["cmd": "state"])["slide"]?["position"]?.string, "2 / 2")
        (img, fit) = try audience(c, "advanced")
        XCTAssertGreaterThan(grey(0.85, 0.15), 245, "page 2 lit where the pointer was")
        XCTAssertLessThan(grey(0.55, 0.45), 110, "not round the page's centre")
    }

    /// A rectangle dragged with the zoom tool fills the audience view, rendered sharp by poppler
    /// at that scale (a fine line pattern stays black and white, where an enlarged bitmap would be
    /// grey); Esc returns to the whole page.
    func testZoomRendersTheRegionSharp() throws {
        // Page 800×450: 0.5 pt black lines every 2 pt in a 60×40 pt patch at the centre.
        let surface = cairo_pdf_surface_create(path("talk.pdf"), 800, 450)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        for i in 0..<30 { cairo_rectangle(cr, 370 + Double(i) * 2, 205, 0.5, 40) }
        cairo_fill(cr)
        cairo_show_page(cr); cairo_destroy(cr); cairo_surface_finish(surface); cairo_surface_destroy(surface)

        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let page = try presenterPage(c)
        var (img, fit) = try audience(c, "whole")
        func counts(_ img: PNGImage, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (dark: Int, light: Int, mid: Int) {
            (img.count(x: x, y: y, w: w, h: h) { $0.r < 60 }, img.count(x: x, y: y, w: w, h: h) { $0.r > 200 },
             img.count(x: x, y: y, w: w, h: h) { $0.r >= 60 && $0.r <= 200 })
        }
        let (px0, py0) = fit.px(372 / 800, 210 / 450), (px1, py1) = fit.px(426 / 800, 240 / 450)
        let whole = counts(img, px0, py0, px1 - px0, py1 - py0)
        XCTAssertGreaterThan(whole.mid, whole.dark, "at the whole page's scale the lines blur to grey: \(whole)")

        try key(c, "z")
        try drag(c, page, from: (370.0 / 800, 205.0 / 450), to: (430.0 / 800, 245.0 / 450), steps: 6)
        (img, fit) = try audience(c, "zoomed")
        // The patch fills the audience height (60×40 pt widened to the window's aspect).
        let x = img.width / 4, w = img.width / 2, y = img.height / 3, h = img.height / 3
        let zoomed = counts(img, x, y, w, h)
        let n = Double(w * h)
        XCTAssertGreaterThan(Double(zoomed.dark) / n, 0.15, "black lines: \(zoomed)")
        XCTAssertGreaterThan(Double(zoomed.light) / n, 0.4, "white gaps: \(zoomed)")
        XCTAssertLessThan(Double(zoomed.mid) / n, 0.12, "sharp edges, few grey pixels: \(zoomed)")
        // About one line per 2 pt: count dark runs across the middle row.
        var runs = 0, dark = false
        for xx in 0..<img.width { let d = img.pixel(xx, img.height / 2).r < 128; if d && !dark { runs += 1 }; dark = d }
        XCTAssertEqual(runs, 30, accuracy: 2, "every line of the patch, and none merged")
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 0, "the drag did not advance")

        try key(c, "Escape")
        (img, fit) = try audience(c, "back")
        let back = counts(img, px0, py0, px1 - px0, py1 - py0)
        XCTAssertEqual(back.dark, whole.dark, accuracy: 3); XCTAssertEqual(back.mid, whole.mid, accuracy: 3)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["audienceMode"]?.string, "normal")
    }

    /// Beamer's notes on the right: the presenter draws on the slide half (its page view shows
    /// that half); the stroke lands at the same place of the audience's slide, saved in whole-page
    /// points (left half), and the notes panel shows no ink.
    func testStrokeOnABeamerSlideWithNotesBeside() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 2, width: 1600, height: 450, notesRight: true))
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let page = try presenterPage(c)   // the slide half is 800×450, as the Fit assumes
        try key(c, "d")
        try drag(c, page, from: (0.1, 0.15), to: (0.9, 0.15))
        let (img, fit) = try audience(c, "beamer")
        let rows = penRows(img, x: fit.px(0.6, 0.15).0)
        XCTAssertFalse(rows.isEmpty)
        XCTAssertEqual(Double(rows.first! + rows.last!) / 2, fit.y + 0.15 * fit.h, accuracy: 2.5)
        XCTAssertEqual(Double(rows.count), fit.w * 0.004, accuracy: 2.5, "the pen's width follows the slide, not the double-width page")
        for u in [0.05, 0.95] { XCTAssertTrue(penRows(img, x: fit.px(u, 0.15).0).isEmpty, "no ink beyond the stroke's ends at \(u)") }
        let v = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path("talk.drawings.json"))))
        let xs = v["pages"]?[try pageKey(1)]?.array?.first?["points"]?.array?.compactMap { $0.array?.first?.number } ?? []
        XCTAssertFalse(xs.isEmpty)
        XCTAssertTrue(xs.allSatisfy { $0 >= 79 && $0 <= 721 }, "whole-page points in the slide half (0…800 of 1600): \(xs.min()!)…\(xs.max()!)")
    }

    /// A bad drawings sidecar is named in the log and never overwritten; the talk goes on.
    func testBadSidecarIsKept() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 2))
        let bad = #"{"podium": "drawings", "version": 1, "pages": {"1": [{"tool": "crayon"}]}}"#
        try bad.write(toFile: path("talk.drawings.json"), atomically: true, encoding: .utf8)
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        let page = try presenterPage(c)
        try key(c, "d")
        try drag(c, page, from: (0.1, 0.15), to: (0.9, 0.15))
        let (img, fit) = try audience(c, "drawn")
        XCTAssertFalse(penRows(img, x: fit.px(0.5, 0.15).0).isEmpty, "drawing still works")
        XCTAssertEqual(try String(contentsOfFile: path("talk.drawings.json"), encoding: .utf8), bad, "the file is left as it was")
        XCTAssertTrue(app.log.contains("talk.drawings.json: pages.\"1\"[0].tool"), app.log)
    }
}
