import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 18, finding 4: a talk killed while a failed compile had left `talk.pdf` cut short (or
/// deleted) waited 30 s for the file with the room black, then gave up, and the room saw the
/// desktop. The talk keeps a copy of the version it shows (`PDFLastGoodCopy`); the restart comes
/// back on it, at the speaker's place, says so, and reloads the file once it is whole again.
final class LastGoodCopyEndToEndTests: PDFTestCase {
    /// The talk of `pdf`, windowed and headless, its watcher restarting it; its restarts ended
    /// with the test's folder (they are the watcher's, not our children).
    func launch(_ pdf: String) throws -> PodiumProcess {
        let app = try PodiumProcess(args: [pdf, "--windowed"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
                                                  "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"], dir: dir)
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            app.waitForExit(seconds: 5)
        }
        return app
    }

    func testARestartWhileThePDFIsCutShortComesBackOnTheVersionItShowed() throws {
        try restartWithBrokenPDF { pdf, whole in try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: pdf)) }
    }

    /// LaTeX deletes the PDF after a fatal error.
    func testARestartWhileThePDFIsGoneComesBackOnTheVersionItShowed() throws {
        try restartWithBrokenPDF { pdf, _ in try FileManager.default.removeItem(atPath: pdf) }
    }

    /// The same for `talk.pdfpc` (trial 18 F2 after a crash): saved with a typo mid-talk, the talk
    /// keeps what it read before; a restart then, which reads the file afresh, keeps it too: the
    /// hidden pages stay out of the talk and the countdown stays.
    func testARestartWhileTalkPdfpcHasATypoKeepsItsHiddenPages() throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 5))
        let good = "{\"pdfpcFormat\":2,\"duration\":20,\"pages\":[\n {\"idx\":4,\"hidden\":true},\n {\"idx\":1,\"hidden\":true}\n]}"
        try writePdfpcSavedEarlier(good, to: path("talk.pdfpc"))
        let app = try launch(pdf)
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["count"]?.int, 3)
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true)
        let kept = dir.appendingPathComponent("home/.cache/podium/last-good")
        XCTAssertTrue(waitUntil(10) { ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).contains { $0.hasSuffix(".pdfpc") } }, "the file read is kept")
        try good.replacingOccurrences(of: "true}\n]", with: "true},\n]").write(toFile: path("talk.pdfpc"), atomically: false, encoding: .utf8)
        XCTAssertTrue(waitUntil(15) { app.log.contains("the version read before is kept") }, app.log)
        app.kill9()

        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 1 }
        XCTAssertTrue(app.log.contains("restarted after a kill"), app.log)
        XCTAssertEqual(s["scene"]?["count"]?.int, 3, "the hidden pages stay out of the restarted talk; log:\n\(app.log)")
        XCTAssertNotNil(s["timers"]?["remaining"]?.int, "the countdown stays")
        _ = try? client.send(["cmd": "quit"])
    }

    /// Trial 18b F8: the same for `talk.notes.json`: saved with a typo, then a kill. The restart
    /// read the file afresh and showed "Notes missing"; it keeps the notes the talk read.
    func testARestartWhileTheNotesHaveATypoKeepsTheNotesRead() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let notes = path("talk.notes.json")
        try #"{"1": "note one", "2": "SPEAKER NOTE TWO"}"#.write(toFile: notes, atomically: true, encoding: .utf8)
        let app = try launch(pdf)
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true)
        let kept = dir.appendingPathComponent("home/.cache/podium/last-good")
        XCTAssertTrue(waitUntil(10) { ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).contains { $0.hasSuffix(".notes.json") } }, "the notes read are kept")
        try #"{"1": "note one", "2": "SPEAKER NOTE TWO",}"#.write(toFile: notes, atomically: true, encoding: .utf8)
        XCTAssertTrue(waitUntil(15) { app.log.contains("(the notes read before are kept)") }, app.log)
        app.kill9()
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        _ = try client.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 1 }
        let restart = try XCTUnwrap(app.log.range(of: "restarted after a kill")).upperBound
        XCTAssertTrue(app.log[restart...].contains("(the notes read before are kept)"), "the restart keeps the notes; log:\n\(app.log)")
        _ = try? client.send(["cmd": "quit"])
    }

    func restartWithBrokenPDF(_ breakFile: (String, Data) throws -> Void) throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 5, texts: ["One", "Two", "Three", "Four", "Five"]))
        let whole = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let app = try launch(pdf)
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "offscreen")
        for _ in 0..<2 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        _ = try app.client.waitForState { $0["scene"]?["index"]?.int == 2 }

        // The version shown is kept in the talk's cache folder, whole.
        let copies = dir.appendingPathComponent("home/.cache/podium/last-good")
        func copy() -> Data? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: copies.path))?.filter { $0.hasSuffix(".pdf") } ?? []
            return names.count == 1 ? try? Data(contentsOf: copies.appendingPathComponent(names[0])) : nil
        }
        XCTAssertTrue(waitUntil(10) { copy() == whole }, "the shown version is copied: \(String(describing: try? FileManager.default.contentsOfDirectory(atPath: copies.path)))")

        // A failed compile leaves the file broken; the reload is refused; then the talk is killed.
        try breakFile(pdf, whole)
        XCTAssertTrue(waitUntil(15) { app.log.contains("refused") }, "the broken file is refused; log:\n\(app.log)")
        app.kill9()

        // The restart comes back at once on the version it showed, at the same slide, and says why.
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 2 }
        XCTAssertEqual(s["scene"]?["count"]?.int ?? 5, 5)
        XCTAssertTrue(app.log.contains("restarted after a kill"), app.log)
        XCTAssertFalse(app.log.contains("the deck does not load yet"), "no wait for the file; log:\n\(app.log)")
        XCTAssertTrue(app.log.contains("the talk goes on with the version shown before the restart"), app.log)
        // The speaker is told, on the presenter view, after the resume moved the talk back (trial 18b F7).
        let told = try client.waitForState { ($0["console"]?["notice"]?.string ?? "").contains("talk.pdf cannot be opened now") }
        XCTAssertTrue((told["console"]?["notice"]?.string ?? "").contains("the talk goes on with the version shown before the restart"), "\(told["console"] ?? .null)")
        // And why the talk restarted: the warning no longer replaces the restart's notice.
        XCTAssertTrue((told["console"]?["notice"]?.string ?? "").hasPrefix("Podium was killed on slide 3"), "\(told["console"] ?? .null)")
        XCTAssertEqual(copy(), whole, "the copy is not replaced by the broken file")

        // The file whole again (the next compile): it is reloaded, the place kept.
        var next = TestPDF.Options(pages: 6, texts: ["One", "Two", "Three", "Four", "Five", "Six"])
        next.title = "Fixed"
        TestPDF.write(pdf, next)
        let reloaded = try client.waitForState(timeout: 30) { $0["scene"]?["count"]?.int == 6 }
        XCTAssertEqual(reloaded["scene"]?["index"]?.int, 2, "the place kept through the reload; log:\n\(app.log)")
        _ = try? client.send(["cmd": "quit"])
    }
}
