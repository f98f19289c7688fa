import XCTest
import PodiumKit
import PDFScene
import PodiumTestSupport

/// Beamer overlays: pages labelled 1, 2, 2, 2, 3 (a frame with three overlays between two plain
/// frames) are three slides; notes keyed by label reach every overlay.
final class PDFOverlayTests: PDFTestCase {
    static let labels = ["1", "2", "2", "2", "3"]

    func beamerLike(_ name: String = "talk.pdf") -> String {
        TestPDF.write(path(name), .init(pages: 5, beamerLabels: Self.labels))
    }

    func testLabelsFromTheUpdateAndGrouping() throws {
        let pdf = beamerLike()
        XCTAssertEqual(try PDFDocument(path: pdf).labels, Self.labels)
        XCTAssertEqual(try PDFDeck(path: pdf).pages.map(\.slide), Self.labels)
        XCTAssertEqual(try PDFDeck(path: pdf, grouping: false).pages.map(\.slide), [nil, nil, nil, nil, nil], "--no-grouping")
    }

    func testNotesByLabelReachEveryOverlayAndByNumberOnePage() throws {
        let pdf = beamerLike()
        try ##"{"2": "The frame.", "4": "Only the last overlay.", "#1": "Hello."}"##.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        let notes = try PDFDeck(path: pdf).pages.map(\.notes)
        XCTAssertEqual(notes, ["Hello.", "The frame.", "The frame.", "The frame.\n\nOnly the last overlay.", ""])
        try ##"{"#9": "x"}"##.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try PDFDeck(path: pdf).notesProblems, ["\(path("talk.notes.json")): \"#9\": not a page number (1…5) or page label of the PDF; left out (the notes read before are kept)"], "read well a moment ago")
    }
}

/// `podium present talk.pdf` with overlays, end to end on the offscreen driver: the position,
/// Shift+PageDown/PageUp, the overview's one cell per slide and the next-slide preview, checked
/// in `state` and in the pixels of both windows.
final class PDFOverlayEndToEndTests: PDFTestCase {
    func near(_ a: (Int, Int, Int), _ c: (Int, Int, Int)) -> Bool { abs(a.0 - c.0) <= 8 && abs(a.1 - c.1) <= 8 && abs(a.2 - c.2) <= 8 }

    func testOverlaysAreStepsOfOneSlide() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, beamerLabels: PDFOverlayTests.labels))
        try #"{"2": "Frame two."}"#.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        let check = try runProcess(TestPaths.podium, ["check", pdf], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(check.status, 0, check.stderr)
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        func state() throws -> JSONValue { try c.send(["cmd": "state"]) }
        func press(_ key: String) throws { XCTAssertEqual(try c.send(["cmd": "key", "key": .string(key)])["ok"]?.bool, true, key) }
        func shot(_ window: String, _ name: String) throws -> PNGImage {
            let f = path("\(name).png")
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": .string(window), "path": .string(f)])["ok"]?.bool, true)
            return try PNGImage(path: f)
        }
        /// The audience's box colour: which page the room sees.
        func audiencePage() throws -> (Int, Int, Int) {
            let img = try shot("audience", "audience")
            let w = Double(img.width), h = Double(img.height), k = min(w / 800, h / 450)
            return img.rgb(Int((w - 800 * k) / 2 + 800 * k * 0.375), Int((h - 450 * k) / 2 + 450 * k * 0.5))
        }
        func control(_ s: JSONValue, _ id: String) -> JSONValue? { s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == id } }

        var s = try state()
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["scene"]?["count"]?.int, 5, "one scene per page")
        XCTAssertEqual(s["slide"]?["count"]?.int, 3)
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 1/3")

        try press("Page Down")
        s = try state()
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 2/3 (1/3)")
        XCTAssertTrue(near(try audiencePage(), TestPDF.colour(1)))
        try press("Right")
        s = try state()
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "next steps one overlay")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 2/3 (2/3)")
        XCTAssertTrue(near(try audiencePage(), TestPDF.colour(2)))

        // The presenter: the next overlay (page 4) in the next preview, the next slide (page 5) small beside it.
        Thread.sleep(forTimeInterval: 0.2)   // the next preview is attached 50 ms after the advance
        s = try state()
        let presenter = try shot("presenter", "presenter")
        func count(_ id: String, _ colour: (Int, Int, Int)) throws -> Int {
            let f = try XCTUnwrap(control(s, id)?["frame"], id)
            return presenter.count(x: Int(f["x"]!.number!), y: Int(f["y"]!.number!), w: Int(f["width"]!.number!), h: Int(f["height"]!.number!)) {
                abs(Int($0.r) - colour.0) <= 8 && abs(Int($0.g) - colour.1) <= 8 && abs(Int($0.b) - colour.2) <= 8
            }
        }
        XCTAssertGreaterThan(try count("console.nextPreview", TestPDF.colour(3)), 100, "page 4's box in the next preview")
        XCTAssertGreaterThan(try count("console.nextSlidePreview", TestPDF.colour(4)), 30, "page 5's box in the next-slide preview")
        XCTAssertEqual(try count("console.nextSlidePreview", TestPDF.colour(3)), 0)
        XCTAssertGreaterThan(try count("console.nextPreview", TestPDF.colour(3)), try count("console.nextSlidePreview", TestPDF.colour(4)), "the next slide is the small one")

        try press("Shift+Page Down")
        s = try state()
        XCTAssertEqual(s["scene"]?["index"]?.int, 4, "Shift+PageDown jumps to the next slide")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 3/3")
        XCTAssertTrue(near(try audiencePage(), TestPDF.colour(4)))
        try press("Shift+Left")
        XCTAssertEqual(try state()["scene"]?["index"]?.int, 1, "Shift+Left: the previous slide's first overlay")
        XCTAssertTrue(near(try audiencePage(), TestPDF.colour(1)))
        try press("Shift+Page Up")
        XCTAssertEqual(try state()["scene"]?["index"]?.int, 0)

        // The overview: three cells, the middle one is page 4 (slide 2 complete).
        XCTAssertEqual(try c.send(["cmd": "overview"])["ok"]?.bool, true)
        s = try state()
        let cells = (s["windows"]?.array?.first?["controls"]?.array ?? []).filter { $0["id"]?.string?.hasPrefix("overview.scene.") == true }
        XCTAssertEqual(cells.map { $0["label"]?.string }, ["Page 1", "Page 2", "Page 3"], "titled by page label")
        XCTAssertEqual(cells.count, 3, "one thumbnail per slide")
        let overview = try shot("presenter", "overview")
        let f = try XCTUnwrap(cells[1]["frame"])
        let blueish = overview.count(x: Int(f["x"]!.number!), y: Int(f["y"]!.number!), w: Int(f["width"]!.number!), h: Int(f["height"]!.number!)) {
            abs(Int($0.r) - TestPDF.colour(3).0) <= 8 && abs(Int($0.g) - TestPDF.colour(3).1) <= 8 && abs(Int($0.b) - TestPDF.colour(3).2) <= 8
        }
        XCTAssertGreaterThan(blueish, 100, "slide 2's thumbnail is its last overlay, page 4")
        try press("Right"); try press("Return")
        s = try state()
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "choosing slide 2 shows it complete")
        XCTAssertTrue(near(try audiencePage(), TestPDF.colour(3)))
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("error"), app.log)
    }

    func testNoGroupingMakesEveryPageASlide() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, beamerLabels: PDFOverlayTests.labels))
        let app = try PodiumProcess(args: [pdf, "--windowed", "--no-grouping"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s0 = try c.send(["cmd": "state"])
        XCTAssertEqual(s0["driver"]?.string, "offscreen")
        XCTAssertEqual(s0["slide"]?["count"]?.int, 5)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Shift+Page Down"])["ok"]?.bool, true)
        let s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 1)
        XCTAssertEqual(s["slide"]?["position"]?.string, "2 / 5")
        XCTAssertEqual(app.stop(), 0)
    }
}
