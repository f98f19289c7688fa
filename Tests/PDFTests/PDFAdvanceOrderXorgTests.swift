import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The order of an advance's work (issue 19), from Podium's own trace (`PODIUM_ADVANCE_TRACE=1`:
/// one line per key press with the time of each step) on the Xorg dummy rig with SDL's software
/// renderer: the room's copy is sent and done before the console is drawn and the journal
/// written, and an advance or a step back to a page ready in the X server unpacks nothing
/// before the room has it (the next page goes into its pixmap after). Orders, not timings.
final class PDFAdvanceOrderXorgTests: XorgPDFTestCase {
    /// The trace lines of `log`: each step's name and time (ms after the key), in order.
    func traces(_ log: String) -> [[(String, Double)]] {
        log.split(separator: "\n").filter { $0.contains("advance trace t0=") }.map { line in
            let f = line.split(separator: " ").drop { !$0.hasPrefix("t0=") }.dropFirst().map(String.init)
            return stride(from: 0, to: f.count - 1, by: 2).map { (f[$0], Double(f[$0 + 1]) ?? -1) }
        }
    }

    func testTheRoomIsRequestedFirstAndARevisitUnpacksNothingBeforeIt() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 6))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_ADVANCE_TRACE": "1"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        func ahead(_ s: JSONValue) -> Int {
            s["windows"]?.array?.first { $0["role"]?.string == "audience" }?["serverPixmaps"]?["ahead"]?.int ?? -1
        }
        _ = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true && ahead($0) >= 1 }
        // The first step against the direction of travel is drawn by SDL: one pixmap is kept, the
        // page ahead in the direction of the last step (`PagePixmapPolicy`).
        let steps = [("Right", "2 / 6"), ("Right", "3 / 6"), ("Right", "4 / 6"), ("Left", "3 / 6"), ("Left", "2 / 6"), ("Right", "3 / 6"), ("Right", "4 / 6")]
        let turns: Set<Int> = [3, 5]
        // Every page once first (through the control socket: no key, no trace line), so each page
        // ahead is in the page store and goes into its pixmap in the frame that names it: a
        // first visit's page may still be rendering when the key comes.
        for (cmd, position) in [("next", "2 / 6"), ("next", "3 / 6"), ("next", "4 / 6"), ("next", "5 / 6"),
                                ("previous", "4 / 6"), ("previous", "3 / 6"), ("previous", "2 / 6"), ("previous", "1 / 6")] {
            _ = try c.send(["cmd": .string(cmd)])
            _ = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == position }
        }
        for (key, position) in steps {
            // The page ahead is in the X server already (before a turn: the other way's).
            _ = try c.waitForState { ahead($0) >= 1 }
            try xdotool("key", key)
            _ = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == position }
        }
        XCTAssertEqual(app.stop(), 0)
        let lines = traces(app.log)
        XCTAssertEqual(lines.count, steps.count, "one trace line a key press:\n\(app.log)")
        var unpackedAfter = 0
        for (i, marks) in lines.enumerated() {
            let names = marks.map(\.0)
            func at(_ m: String) -> Int { names.firstIndex(of: m) ?? Int.max }
            XCTAssertEqual(names.first, "key", "\(steps[i]): \(names)")
            if turns.contains(i) {
                XCTAssertFalse(names.contains("copy-sent"), "\(steps[i]): a turn is drawn by SDL: \(names)")
                XCTAssertLessThan(at("room"), at("console"), "\(steps[i]): the room's frame comes before the console's: \(names)")
                XCTAssertLessThan(at("console"), at("journal"), "\(steps[i]): the journal after both frames: \(names)")
                continue
            }
            XCTAssertLessThan(at("pressed"), at("copy-sent"), "\(steps[i]): \(names)")
            XCTAssertLessThan(at("copy-sent"), at("copy-done"), "\(steps[i]): the room's copy is sent and the server has done it: \(names)")
            XCTAssertLessThan(at("copy-done"), at("console"), "\(steps[i]): the room's frame comes before the console's: \(names)")
            XCTAssertLessThan(at("console"), at("journal"), "\(steps[i]): the journal after both frames: \(names)")
            XCTAssertFalse(names[..<min(at("copy-done"), names.count)].contains("upload"),
                           "\(steps[i]): nothing is unpacked into a pixmap before the room has its page: \(names)")
            XCTAssertTrue(marks.map(\.1) == marks.map(\.1).sorted(), "\(steps[i]): times in order: \(marks)")
            if names[min(at("copy-done"), names.count)...].contains("upload") { unpackedAfter += 1 }
        }
        XCTAssertGreaterThan(unpackedAfter, 0, "the pages ahead go into their pixmaps after the room's frame")
    }
}
