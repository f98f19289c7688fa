import XCTest
import PodiumKit
import PodiumTestSupport

/// Follower screens mirror the drawing layer: `podium present talk.pdf --broker` and `podium
/// follow` (each with its own copy of the PDF, private HOME, SDL's offscreen driver) through a
/// real mosquitto; the follower's screenshot shows the presenter's strokes where they were
/// drawn, loses them on undo and clear, and mirrors the spotlight and the zoom.
final class PDFFollowerInkTests: PDFTestCase {
    var broker: Mosquitto?
    var processes: [PodiumChild] = []
    let env = ["SDL_RENDER_DRIVER": "software"]

    override func tearDown() {
        for p in processes { p.stop() }
        broker?.stop()
        super.tearDown()
    }

    /// Where the 800×450 page sits in a view or image (as in the drawing tests).
    typealias Fit = PDFDrawingEndToEndTests.Fit

    /// A copy of the talk in a folder of its own (as on another machine: its own drawings file).
    func copy(_ talk: String, to folder: String) throws -> String {
        let d = dir.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        let p = d.appendingPathComponent("talk.pdf").path
        try FileManager.default.copyItem(atPath: talk, toPath: p)
        return p
    }

    func key(_ c: ControlClient, _ k: String) throws {
        let r = try c.send(["cmd": "key", "key": .string(k)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(k): \(r)")
    }

    func presenterPage(_ c: ControlClient) throws -> Fit {
        let controls = try c.send(["cmd": "state"])["windows"]?.array?.first?["controls"]?.array ?? []
        let f = try XCTUnwrap(controls.first { $0["id"]?.string == "pdf.page" }?["frame"], "the presenter's page view is in the control tree")
        return Fit(f["x"]!.number!, f["y"]!.number!, f["width"]!.number!, f["height"]!.number!)
    }

    func drag(_ c: ControlClient, _ page: Fit, from a: (Double, Double), to b: (Double, Double), steps n: Int = 40) throws {
        let pts: [JSONValue] = (0...n).map { i in
            let t = Double(i) / Double(n)
            let (x, y) = page.at(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
            return [.number(x), .number(y)]
        }
        XCTAssertEqual(try c.send(["cmd": "drag", "window": "presenter", "points": .array(pts)])["ok"]?.bool, true)
    }

    func hover(_ c: ControlClient, _ page: Fit, _ u: Double, _ v: Double) throws {
        let (x, y) = page.at(u, v)
        XCTAssertEqual(try c.send(["cmd": "hover", "window": "presenter", "x": .number(x), "y": .number(y)])["ok"]?.bool, true)
    }

    var shots = 0
    /// The follower's screen, taken again until `done` holds (or 20 s passed: the last one).
    func screen(_ f: PodiumChild, _ why: String, until done: (PNGImage, Fit) -> Bool) throws -> (PNGImage, Fit) {
        let deadline = Date().addingTimeInterval(20)
        while true {
            shots += 1
            let p = path("\(f.name)-\(shots).png")
            let r = try f.client.send(["cmd": "screenshot", "path": .string(p)])
            XCTAssertEqual(r["ok"]?.bool, true, "\(r)")
            let img = try PNGImage(path: p)
            let fit = Fit(0, 0, Double(img.width), Double(img.height))
            if done(img, fit) { return (img, fit) }
            if Date() > deadline {
                XCTFail("\(why): the follower's screen never showed it (\(p))\n\(f.log)")
                return (img, fit)
            }
            usleep(50_000)
        }
    }

    static func isPen(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { PDFDrawingEndToEndTests.isPen(p) }
    func penRows(_ img: PNGImage, _ fit: Fit, u: Double) -> [Int] { (0..<img.height).filter { Self.isPen(img.pixel(fit.px(u, 0).0, $0)) } }
    func pens(_ img: PNGImage) -> Int { img.count(x: 0, y: 0, w: img.width, h: img.height) { Self.isPen($0) } }
    /// Whether column `u` has ink within 2 % of the page's height of row `v`.
    func inked(_ img: PNGImage, _ fit: Fit, _ u: Double, _ v: Double) -> Bool {
        penRows(img, fit, u: u).contains { abs(Double($0) - (fit.y + v * fit.h)) < fit.h * 0.02 }
    }
    func grey(_ img: PNGImage, _ fit: Fit, _ u: Double, _ v: Double) -> Int { let (x, y) = fit.px(u, v); let p = img.rgb(x, y); return (p.0 + p.1 + p.2) / 3 }
    /// Share of the image in page 2's green (its box covers an eighth of the page).
    func green(_ img: PNGImage) -> Double {
        Double(img.count(x: 0, y: 0, w: img.width, h: img.height) { $0.g > 120 && $0.r < 90 && $0.b < 90 }) / Double(img.width * img.height)
    }

    func testStrokesUndoClearSpotlightZoomAndFreezeReachFollowersAndLateOnes() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Mosquitto.binary), "mosquitto is not installed (make test-deps)")
        let b = try Mosquitto(dir: dir); broker = b
        let talk = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let url = "mqtt://127.0.0.1:\(b.port)/podium/hall"
        let presenter = try PodiumChild(["present", try copy(talk, to: "main-room"), "--windowed", "--broker", url], name: "presenter", dir: dir, env: env)
        processes.append(presenter)
        let room2 = try PodiumChild(["follow", url, try copy(talk, to: "overflow")], name: "overflow", dir: dir, env: env)
        processes.append(room2)
        let c = presenter.client!
        XCTAssertEqual(try room2.client.send(["cmd": "state"])["driver"]?.string, "offscreen", "SDL chose the driver asked for")
        try key(c, "Right")   // page 2: a green box, so red ink stands out
        let s = try room2.client.waitForState { $0["scene"]?["index"]?.int == 1 && $0["follow"]?["status"]?.string == "following" }
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "\(s["follow"] ?? .null)\n\(room2.log)")
        let page = try presenterPage(c)
        var (img, fit) = try screen(room2, "page 2") { img, _ in green(img) > 0.05 }
        XCTAssertEqual(pens(img), 0, "no ink before")

        // A pen stroke across the top: on the follower at the same page place, its own scale.
        try key(c, "d")
        try drag(c, page, from: (0.1, 0.15), to: (0.9, 0.15))
        (img, fit) = try screen(room2, "the stroke") { img, fit in inked(img, fit, 0.12, 0.15) && inked(img, fit, 0.88, 0.15) }
        let rows = penRows(img, fit, u: 0.5)
        XCTAssertFalse(rows.isEmpty, "the stroke reached the follower")
        let expected = fit.w * 0.004
        XCTAssertLessThanOrEqual(abs(Double(rows.count) - expected), 2.5, "stroke \(rows.count) px thick, expected about \(expected)")
        // Where the presenter's own room sees it, as a share of the page's height: the same here.
        let centre = (Double(rows.first! + rows.last!) / 2 - fit.y) / fit.h
        let main = path("main-room.png")
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(main)])["ok"]?.bool, true)
        let mainImg = try PNGImage(path: main), mainFit = Fit(0, 0, Double(mainImg.width), Double(mainImg.height))
        let mainRows = penRows(mainImg, mainFit, u: 0.5)
        XCTAssertFalse(mainRows.isEmpty, "the presenter's audience window shows the stroke")
        let mainCentre = (Double((mainRows.first ?? 0) + (mainRows.last ?? 0)) / 2 - mainFit.y) / mainFit.h
        XCTAssertEqual(centre, mainCentre, accuracy: 2 / min(fit.h, mainFit.h), "at the page place the main room sees it (\(img.width)×\(img.height) here, \(mainImg.width)×\(mainImg.height) there)")
        XCTAssertEqual(centre, 0.15, accuracy: 0.015, "at about 15 % of the page's height, where it was drawn")
        for u in stride(from: 0.12, through: 0.88, by: 0.04) { XCTAssertTrue(inked(img, fit, u, 0.15), "ink at \(u) along the stroke") }
        let band = (Int(fit.y + 0.15 * fit.h) - Int(expected) - 3, Int(fit.y + 0.15 * fit.h) + Int(expected) + 3)
        XCTAssertEqual(pens(img) - img.count(x: 0, y: band.0, w: img.width, h: band.1 - band.0) { Self.isPen($0) }, 0, "no ink outside the stroke's band")

        // A second stroke, then undo takes it back; clear takes the first.
        try drag(c, page, from: (0.1, 0.85), to: (0.9, 0.85))
        (img, fit) = try screen(room2, "the second stroke") { img, fit in inked(img, fit, 0.5, 0.85) }
        try key(c, "Ctrl+Z")
        (img, fit) = try screen(room2, "undo") { img, fit in !inked(img, fit, 0.5, 0.85) }
        XCTAssertTrue(inked(img, fit, 0.5, 0.15), "undo took back only the last stroke")
        try key(c, "c")
        (img, fit) = try screen(room2, "clear") { img, _ in pens(img) == 0 }
        XCTAssertEqual(pens(img), 0, "cleared on the follower too")
        try key(c, "Ctrl+Z")   // the cleared stroke is back
        (img, fit) = try screen(room2, "undo the clear") { img, fit in inked(img, fit, 0.5, 0.15) }
        try key(c, "Escape")   // the pen off

        // The spotlight follows the presenter's pointer on the follower's screen.
        try key(c, "l")
        try hover(c, page, 0.15, 0.5)
        (img, fit) = try screen(room2, "spotlight") { img, fit in grey(img, fit, 0.15, 0.5) > 245 && grey(img, fit, 0.85, 0.9) < 110 }
        XCTAssertGreaterThan(grey(img, fit, 0.15, 0.5), 245, "white paper inside the circle")
        for (u, v) in [(0.85, 0.9), (0.9, 0.5), (0.5, 0.1)] {
            XCTAssertLessThan(grey(img, fit, u, v), 110, "dimmed at \(u), \(v)")
            XCTAssertGreaterThan(grey(img, fit, u, v), 40, "dimmed, not black, at \(u), \(v)")
        }
        try hover(c, page, 0.85, 0.9)
        (img, fit) = try screen(room2, "spotlight moved") { img, fit in grey(img, fit, 0.85, 0.9) > 245 && grey(img, fit, 0.15, 0.5) < 110 }
        XCTAssertGreaterThan(grey(img, fit, 0.85, 0.9), 245)
        try key(c, "Escape")
        (img, fit) = try screen(room2, "spotlight off") { img, fit in grey(img, fit, 0.15, 0.5) > 245 && grey(img, fit, 0.85, 0.9) > 245 }
        XCTAssertGreaterThan(grey(img, fit, 0.9, 0.5), 245, "nothing dimmed")

        // The zoom: the green box fills most of the follower's screen, and Esc returns.
        let whole = green(img)
        try key(c, "z")
        try drag(c, page, from: (0.25, 0.25), to: (0.5, 0.75), steps: 6)
        (img, fit) = try screen(room2, "zoomed") { img, _ in green(img) > 0.4 }
        XCTAssertGreaterThan(green(img), whole * 3, "zoomed into the box: \(green(img)) of the screen green, \(whole) before")
        try key(c, "Escape")
        (img, fit) = try screen(room2, "zoom ended") { img, _ in green(img) < whole * 1.2 }
        XCTAssertEqual(green(img), whole, accuracy: 0.01)

        // Many quick strokes: at most 20 messages a second, and the last change still arrives.
        let seq0 = try c.send(["cmd": "state"])["broker"]?["seq"]?.int ?? 0
        try key(c, "d")
        let t0 = Date()
        for i in 0..<30 { try drag(c, page, from: (0.3, 0.3 + Double(i) * 0.015), to: (0.7, 0.3 + Double(i) * 0.015), steps: 8) }
        let took = Date().timeIntervalSince(t0)
        (img, fit) = try screen(room2, "the last quick stroke") { img, fit in inked(img, fit, 0.5, 0.3 + 29 * 0.015) }
        let seq1 = try c.send(["cmd": "state"])["broker"]?["seq"]?.int ?? 0
        let f = try room2.client.waitForState { $0["follow"]?["seq"]?.int == seq1 }
        XCTAssertEqual(f["follow"]?["seq"]?.int, seq1, "the follower has the presenter's last state")
        XCTAssertLessThanOrEqual(seq1 - seq0, Int(took / 0.05) + 4, "30 strokes in \(took) s: \(seq1 - seq0) messages")
        print(String(format: "follower ink: 30 strokes in %.2f s sent as %d state messages", took, seq1 - seq0))

        // A follower that starts now shows the strokes at once, from the retained message.
        let late = try PodiumChild(["follow", url, try copy(talk, to: "late-room")], name: "late", dir: dir, env: env)
        processes.append(late)
        let lateState = try late.client.waitForState { $0["scene"]?["index"]?.int == 1 && $0["follow"]?["status"]?.string == "following" }
        XCTAssertEqual(lateState["follow"]?["received"]?.int, 1, "caught up from the one retained message")
        (img, fit) = try screen(late, "late follower") { img, fit in inked(img, fit, 0.5, 0.15) && inked(img, fit, 0.5, 0.3 + 29 * 0.015) }
        XCTAssertTrue(inked(img, fit, 0.5, 0.15) && inked(img, fit, 0.5, 0.3), "the late follower shows every stroke")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("late-room/talk.drawings.json")), "nothing written beside the follower's copy")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("main-room/talk.drawings.json")), "the presenter saved its drawings")

        // Frozen, the speaker draws on behind the freeze: a screen that joins now shows the
        // room's frozen frame (without the new stroke) until the room is live again.
        try key(c, "f")
        try drag(c, page, from: (0.1, 0.9), to: (0.9, 0.9))
        (img, fit) = try screen(room2, "frozen on the follower") { img, fit in inked(img, fit, 0.5, 0.15) }
        XCTAssertFalse(inked(img, fit, 0.5, 0.9), "the follower is frozen too: the new stroke is held back")
        let frozenJoiner = try PodiumChild(["follow", url, try copy(talk, to: "frozen-room")], name: "frozen-joiner", dir: dir, env: env)
        processes.append(frozenJoiner)
        _ = try frozenJoiner.client.waitForState { $0["frozen"]?.bool == true && $0["follow"]?["status"]?.string == "following" }
        (img, fit) = try screen(frozenJoiner, "the frozen frame") { img, fit in inked(img, fit, 0.5, 0.15) }
        XCTAssertFalse(inked(img, fit, 0.5, 0.9), "the stroke drawn behind the freeze is not in the frozen frame")
        try key(c, "f")
        for f in [room2, frozenJoiner] {
            (img, fit) = try screen(f, "live again") { img, fit in inked(img, fit, 0.5, 0.9) }
            XCTAssertTrue(inked(img, fit, 0.5, 0.9) && inked(img, fit, 0.5, 0.15), "\(f.name): live again, every stroke")
        }
    }
}
