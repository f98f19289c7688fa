import XCTest
import PodiumKit
import PodiumTestSupport

/// Trial 20 F4 end to end: on Results, the backup hidden in talk.pdfpc (read with the PDF of then,
/// the talk right with it), then a frame inserted at the start and recompiled within 10 s. The
/// room never sees the backup: the file may be for either PDF, so the page hidden as written
/// (Results now) and the one moved with its page (the backup) both stay hidden, and the console
/// says so.
extension PDFReloadEndToEndTests {
    func testTheBackupHiddenThenARecompileWithin10sNeverShowsTheBackup() throws {
        let talk = path("talk.pdf"), pdfpc = path("talk.pdfpc")
        writeBeamer(talk, [("Title", "1"), ("Ov a", "2"), ("Ov ab", "2"), ("Ov abc", "2"), ("Results", "3"), ("Backup", "4"), ("Thanks", "5")])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -300)], ofItemAtPath: talk)
        try writePdfpcSavedEarlier(#"{"pdfpcFormat": 2, "duration": 10}"#, to: pdfpc)
        try presentOffscreen(talk)
        defer { app.stop() }
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 4])["ok"]?.bool, true)
        XCTAssertTrue(near(try audienceBox(), TestPDF.colour(4)), "Results")
        try #"{"pdfpcFormat": 2, "duration": 10, "pages": [{"idx": 5, "hidden": true}]}"#.write(toFile: pdfpc, atomically: true, encoding: .utf8)
        let read = try app.client.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 6 }
        XCTAssertEqual(read["scene"]?["index"]?.int, 4, "still Results, the backup hidden")
        // pdflatex 4 s after the save (the time set, whatever this machine's load), renamed over.
        let saved = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: pdfpc)[.modificationDate] as? Date)
        let tmp = path(".talk-new.pdf")
        writeBeamer(tmp, [("Title", "1"), ("Inserted", "2"), ("Ov a", "3"), ("Ov ab", "3"), ("Ov abc", "3"), ("Results", "4"), ("Backup", "5"), ("Thanks", "6")])
        try FileManager.default.setAttributes([.modificationDate: saved.addingTimeInterval(4)], ofItemAtPath: tmp)
        XCTAssertEqual(rename(tmp, talk), 0)
        // Pages 6 (Results) and 7 (Backup) hidden: Title, Inserted, three overlays, Thanks.
        let s = try app.client.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 6 && (self.banner($0)?.text ?? "").contains("kept hidden") }
        let text = banner(s)?.text ?? ""
        XCTAssertTrue(text.contains("talk.pdfpc: pages 6, 7 kept hidden, check: saved just before talk.pdf but read with the one before"), text)
        XCTAssertFalse(try app.controls("audience").contains { ($0["label"]?.string ?? "").contains("kept hidden") }, "console only")
        // The test PDF's colours repeat every 4 pages: the scene's title (its Beamer label) says
        // which page the room sees; Backup's label is 5 now.
        func title() throws -> String { try state()["scene"]?["title"]?.string ?? "" }
        print("room after the recompile: \(try title()), scene \(s["scene"]?["index"]?.int ?? -1)")
        XCTAssertNotEqual(try title(), "Page 5", "never the hidden Backup")
        var seen: [String] = []
        for _ in 0..<6 {
            XCTAssertEqual(try app.client.send(["cmd": "key", "key": "Page Down"])["ok"]?.bool, true)
            seen.append(try title())
        }
        XCTAssertFalse(seen.contains("Page 5") || seen.contains("Page 4"), "Page Down: never Backup, nor Results (\(seen))")
        XCTAssertEqual(seen.last, "Page 6", "the talk ends on Thanks")
        XCTAssertEqual(app.stop(), 0)
    }
}
