import XCTest
import PodiumKit
import PodiumTestSupport

/// `podium present talk.pdf` on the offscreen driver with an audience window (`--windowed`):
/// pages through 20 pages over the control socket, checks state and screenshots, follows a link.
final class PDFEndToEndTests: PDFTestCase {

    func near(_ a: (Int, Int, Int), _ c: (Int, Int, Int)) -> Bool { abs(a.0 - c.0) <= 8 && abs(a.1 - c.1) <= 8 && abs(a.2 - c.2) <= 8 }

    /// The audience window's pixels: the page fills it (or is letterboxed) with the box at 25–50 % × 25–75 %.
    func boxCentre(_ img: PNGImage) -> (Int, Int, Int) {
        let w = Double(img.width), h = Double(img.height)
        let k = min(w / 800, h / 450), pw = 800 * k, ph = 450 * k
        return img.rgb(Int((w - pw) / 2 + pw * 0.375), Int((h - ph) / 2 + ph * 0.5))
    }

    /// The colour of the box on the audience window now.
    /// The colour of the test page's box in the audience window, once it is `expected` (for up
    /// to 5 s) or as it is then: the room keeps the page it had until the new one is rendered,
    /// which on a loaded machine takes longer than a control-socket round trip.
    func audienceBox(_ c: ControlClient, _ name: String, expected: (Int, Int, Int)? = nil) throws -> (Int, Int, Int) {
        let shot = dir.appendingPathComponent("\(name).png").path
        let deadline = Date().addingTimeInterval(5)
        while true {
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])["ok"]?.bool, true)
            let box = boxCentre(try PNGImage(path: shot))
            guard let expected, !near(box, expected), Date() < deadline else { return box }
            usleep(50_000)
        }
    }

    func testPresentTwentyPagesOverTheControlSocket() throws {
        let pdf = dir.appendingPathComponent("talk.pdf").path
        TestPDF.write(pdf, .init(pages: 20, outline: [("Opening", 0), ("Results", 10)],
                                 links: [(0, (0.8, 0.8, 0.15, 0.15), .page(14))]))
        try #"{"1": "Welcome the room.", "11": "The numbers."}"#.write(toFile: dir.appendingPathComponent("talk.notes.json").path, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["deck"]?["title"]?.string, "Generated Talk")
        XCTAssertEqual(s["scene"]?["count"]?.int, 20)
        XCTAssertEqual(s["scene"]?["kind"]?.string, "pdf")
        XCTAssertEqual(s["scene"]?["title"]?.string, "Opening")
        let audience = try XCTUnwrap(s["windows"]?.array?.last)
        XCTAssertEqual(audience["visible"]?.bool, true, "--windowed gives the audience its own window")

        for i in 0..<20 {
            if i > 0 { XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true) }
            s = try c.send(["cmd": "state"])
            XCTAssertEqual(s["scene"]?["index"]?.int, i)
            if i % 5 == 0 || i == 19 {
                let shot = dir.appendingPathComponent("audience-\(i).png").path
                XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])["ok"]?.bool, true)
                let img = try PNGImage(path: shot)
                XCTAssertTrue(near(boxCentre(img), TestPDF.colour(i)), "page \(i + 1) on the audience: \(boxCentre(img))")
            }
        }
        XCTAssertEqual(s["scene"]?["title"]?.string, "Page 20")
        XCTAssertNil(s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == "pdf.next-page" }, "no next page after the last")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true, "next at the end is harmless")
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 19)

        // Back to page 1 and click its link (bottom-right of the presenter's page view) → page 15.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 0])["ok"]?.bool, true)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["title"]?.string, "Opening")
        let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
        XCTAssertEqual(controls.first { $0["id"]?.string == "pdf.next-page" }?["value"]?.string, "page 2", "the presenter sees the next page")
        let page = try XCTUnwrap(controls.first { $0["id"]?.string == "pdf.page" }?["frame"], "the presenter's page view is in the control tree")
        let fx = page["x"]!.number!, fy = page["y"]!.number!, fw = page["width"]!.number!, fh = page["height"]!.number!
        let k = min(fw / 800, fh / 450), pw = 800 * k, ph = 450 * k
        let (x, y) = (fx + (fw - pw) / 2 + pw * 0.875, fy + (fh - ph) / 2 + ph * 0.875)
        XCTAssertEqual(try c.send(["cmd": "click", "window": "presenter", "x": .number(x), "y": .number(y)])["ok"]?.bool, true)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 14, "the internal link went to page 15")
        let shot = dir.appendingPathComponent("after-link.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])["ok"]?.bool, true)
        XCTAssertTrue(near(boxCentre(try PNGImage(path: shot)), TestPDF.colour(14)))

        // A click beside the link does nothing.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 0])["ok"]?.bool, true)
        _ = try c.send(["cmd": "click", "window": "presenter", "x": .number(fx + fw / 2), "y": .number(fy + fh / 2)])
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 0)

        // The presenter window still draws (its console shows the sidecar's notes for page 1).
        let presenter = dir.appendingPathComponent("presenter.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(presenter)])["ok"]?.bool, true)
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("error"), app.log)
    }

    /// A JSON deck: a title, one `pdf` scene with pages 2-5, a title, and page 1 whose link points
    /// at page 4. Right and Page Down walk pages 2→5 inside the scene, then the deck moves on; Left
    /// walks back; the link lands in the range scene at page 4.
    func testAPageRangeSceneStepsThroughItsPages() throws {
        TestPDF.write(dir.appendingPathComponent("talk.pdf").path, .init(pages: 8, links: [(0, (0.8, 0.8, 0.15, 0.15), .page(3))]))
        try """
        { "title": "Range", "scenes": [
          { "kind": "title", "parameters": { "heading": "Welcome" } },
          { "kind": "pdf", "parameters": { "file": "talk.pdf", "pages": "2-5" } },
          { "kind": "title", "parameters": { "heading": "Thanks" } },
          { "kind": "pdf", "parameters": { "file": "talk.pdf", "page": 1 } } ] }
        """.write(toFile: dir.appendingPathComponent("range.json").path, atomically: true, encoding: .utf8)
        let check = try runProcess(TestPaths.podium, ["check", dir.appendingPathComponent("range.json").path])
        XCTAssertEqual(check.status, 0, check.stderr)
        let app = try PodiumProcess(args: [dir.appendingPathComponent("range.json").path, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        func state() throws -> (index: Int?, title: String?, next: String?) {
            let s = try c.send(["cmd": "state"])
            let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
            return (s["scene"]?["index"]?.int, s["scene"]?["title"]?.string,
                    controls.first { $0["id"]?.string == "pdf.next-page" }?["value"]?.string)
        }
        func press(_ key: String) throws { XCTAssertEqual(try c.send(["cmd": "key", "key": .string(key)])["ok"]?.bool, true, key) }
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")

        try press("Right")
        for page in 2...5 {
            if page > 2 { try press(page % 2 == 0 ? "Page Down" : "Right") }
            let s = try state()
            XCTAssertEqual(s.index, 1, "page \(page) is inside the range scene")
            XCTAssertEqual(s.title, "Page \(page)")
            XCTAssertEqual(s.next, page < 5 ? "page \(page + 1)" : nil, "the presenter sees the range's next page")
            let box = try audienceBox(c, "range-\(page)", expected: TestPDF.colour(page - 1))
            XCTAssertTrue(near(box, TestPDF.colour(page - 1)), "page \(page) on the audience: \(box)")
        }
        try press("Page Down")
        XCTAssertEqual(try state().index, 2, "after page 5 the deck moves on")
        for page in [5, 4, 3, 2] {
            try press("Left")
            let s = try state()
            XCTAssertEqual(s.index, 1); XCTAssertEqual(s.title, "Page \(page)")
            XCTAssertTrue(near(try audienceBox(c, "back-\(page)", expected: TestPDF.colour(page - 1)), TestPDF.colour(page - 1)), "back to page \(page)")
        }
        try press("Left")
        XCTAssertEqual(try state().index, 0, "before page 2 the deck goes back")

        // Page 1's link to page 4 opens the range scene at page 4.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 3])["ok"]?.bool, true)
        let controls = try c.send(["cmd": "state"])["windows"]?.array?.first?["controls"]?.array ?? []
        let page = try XCTUnwrap(controls.first { $0["id"]?.string == "pdf.page" }?["frame"])
        let fx = page["x"]!.number!, fy = page["y"]!.number!, fw = page["width"]!.number!, fh = page["height"]!.number!
        let k = min(fw / 800, fh / 450), pw = 800 * k, ph = 450 * k
        XCTAssertEqual(try c.send(["cmd": "click", "window": "presenter", "x": .number(fx + (fw - pw) / 2 + pw * 0.875), "y": .number(fy + (fh - ph) / 2 + ph * 0.875)])["ok"]?.bool, true)
        let s = try state()
        XCTAssertEqual(s.index, 1, "the link went to the range scene")
        XCTAssertEqual(s.title, "Page 4")
        XCTAssertTrue(near(try audienceBox(c, "link", expected: TestPDF.colour(3)), TestPDF.colour(3)))
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("error"), app.log)
    }
}
