import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Drives the real binary over its control socket: `podium present Assets/Decks/gallery.json` on
/// SDL's offscreen driver, then clicks, keys and typing through the socket, checking the control
/// tree `state` reports. Needs `.build/debug/podium` (built by `swift build` / `swift test`).
final class GallerySocketTests: XCTestCase {
    var app: PodiumProcess!
    var dir: URL!

    override func setUpWithError() throws {
        dir = TestPaths.tempDir("podium-gallery")
        app = try PodiumProcess(args: [TestPaths.root.appendingPathComponent("Assets/Decks/gallery.json").path],
                                environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
    }

    override func tearDown() {
        // Never leave it running: a hung process is killed after 5 s.
        app?.stop()
        try? FileManager.default.removeItem(at: dir)
    }

    /// Sends requests in order over one connection with `scripts/podium-control.py`; returns the
    /// replies. Fails on `"ok": false`.
    @discardableResult
    func send(_ requests: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [JSONValue] {
        let r = try runProcess("/usr/bin/python3", [TestPaths.root.appendingPathComponent("scripts/podium-control.py").path, app.socketPath] + requests)
        let replies = try r.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        for r in replies where r["ok"]?.bool != true { XCTFail("request failed: \(r)", file: file, line: line) }
        return replies
    }

    /// The presenter's control with `id` in a fresh `state`.
    func control(_ id: String) throws -> JSONValue? {
        let state = try send(#"{"cmd":"state"}"#)[0]
        let presenter = state["windows"]?.array?.first { $0["role"]?.string == "presenter" }
        return presenter?["controls"]?.array?.first { $0["id"]?.string == id }
    }
    func popoverSources() throws -> [String] {
        try send(#"{"cmd":"state"}"#)[0]["popovers"]?.array?.compactMap { $0["source"]?.string } ?? []
    }

    func testControlsThroughTheSocket() throws {
        let state = try send(#"{"cmd":"state"}"#)[0]
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        XCTAssertEqual(state["scene"]?["kind"]?.string, "gallery")

        // Text field: click to focus, type UTF-8, edit with keys.
        XCTAssertEqual(try control("gallery.name")?["role"]?.string, "text-field")
        try send(#"{"cmd":"click","id":"gallery.name"}"#, #"{"cmd":"type","text":"Sigur Rós"}"#,
                 #"{"cmd":"key","key":"Left"}"#, #"{"cmd":"key","key":"Backspace"}"#, #"{"cmd":"key","key":"b"}"#)
        XCTAssertEqual(try control("gallery.name")?["value"]?.string, "Sigur Rs", "b is swallowed by the field, not a blackout")
        XCTAssertEqual(try send(#"{"cmd":"state"}"#)[0]["audienceMode"]?.string, "normal")
        try send(#"{"cmd":"key","key":"Ctrl+A"}"#, #"{"cmd":"key","key":"Ctrl+X"}"#, #"{"cmd":"key","key":"Ctrl+V"}"#, #"{"cmd":"key","key":"Ctrl+V"}"#)
        XCTAssertEqual(try control("gallery.name")?["value"]?.string, "Sigur RsSigur Rs", "cut and pasted twice through the clipboard")
        try send(#"{"cmd":"key","key":"Escape"}"#)

        // Slider: a click at its centre, then arrow keys.
        try send(#"{"cmd":"click","id":"gallery.rating"}"#, #"{"cmd":"key","key":"Right"}"#)
        XCTAssertEqual(try control("gallery.rating")?["value"]?.string, "6")
        XCTAssertEqual(try send(#"{"cmd":"state"}"#)[0]["scene"]?["index"]?.number, 0, "Right moved the slider, not the slide")

        // Switch and segments.
        try send(#"{"cmd":"click","id":"gallery.seen"}"#)
        XCTAssertEqual(try control("gallery.seen")?["value"]?.string, "off")
        try send(#"{"cmd":"click","id":"gallery.filter.on-tour"}"#)
        XCTAssertEqual(try control("gallery.filter")?["value"]?.string, "On Tour")
    }

    func testPopoversThroughTheSocket() throws {
        // A popover from a bar button; a click outside closes it and does not reach the switch.
        try send(#"{"cmd":"click","id":"gallery.info"}"#)
        XCTAssertEqual(try popoverSources(), ["gallery.info"])
        let pop = try XCTUnwrap(try control("popover.gallery.info"))
        XCTAssertEqual(pop["value"]?.string, "up")
        try send(#"{"cmd":"click","id":"gallery.info"}"#)   // the anchor again: nothing changes
        XCTAssertEqual(try popoverSources(), ["gallery.info"])
        let seen = try XCTUnwrap(try control("gallery.seen"))
        let f = try XCTUnwrap(seen["frame"])
        let x = (f["x"]?.number ?? 0) + 10, y = (f["y"]?.number ?? 0) + 10
        try send(#"{"cmd":"click","window":"presenter","x":\#(x),"y":\#(y)}"#)
        XCTAssertEqual(try popoverSources(), [])
        XCTAssertEqual(try control("gallery.seen")?["value"]?.string, "on", "the dismissing click was consumed")

        // The action sheet is a popover here (regular width): no Cancel; Esc closes it.
        try send(#"{"cmd":"click","id":"gallery.share"}"#)
        XCTAssertEqual(try popoverSources(), ["gallery.share"])
        XCTAssertNil(try control("sheet.gallery.share.cancel"))
        XCTAssertNotNil(try control("sheet.gallery.share.action.0"))
        try send(#"{"cmd":"key","key":"Escape"}"#)
        XCTAssertEqual(try popoverSources(), [])

        // Popover cases page: the bottom-right corner flips above its button.
        try send(#"{"cmd":"goto","index":3}"#, #"{"cmd":"click","id":"gallery.at.bottom-right"}"#)
        XCTAssertEqual(try control("popover.gallery.at.bottom-right")?["value"]?.string, "down")
        let shot = NSTemporaryDirectory() + "podium-gallery-\(getpid()).png"
        try send(#"{"cmd":"screenshot","window":"presenter","path":"\#(shot)"}"#)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot))
    }

    /// The popovers page's "nested": an action sheet opened from "More…" inside a popover is its
    /// child pointing at "More…"; Esc closes the sheet only, a click outside closes both.
    func testActionSheetFromInsideAPopoverThroughTheSocket() throws {
        try send(#"{"cmd":"goto","index":3}"#, #"{"cmd":"click","id":"gallery.at.nested"}"#, #"{"cmd":"click","id":"gallery.nested.more"}"#)
        XCTAssertEqual(try popoverSources(), ["gallery.at.nested", "gallery.nested.more"])
        let state = try send(#"{"cmd":"state"}"#)[0]
        let sheet = try XCTUnwrap(state["popovers"]?.array?.first { $0["source"]?.string == "gallery.nested.more" })
        let more = try XCTUnwrap(try control("gallery.nested.more"))
        XCTAssertEqual(sheet["anchor"], more["frame"], "the sheet points at the button inside the popover")
        XCTAssertNotNil(try control("sheet.gallery.nested.more.action.0"))
        try send(#"{"cmd":"key","key":"Escape"}"#)
        XCTAssertEqual(try popoverSources(), ["gallery.at.nested"], "Esc closes the top one")
        try send(#"{"cmd":"click","id":"gallery.nested.more"}"#)
        XCTAssertEqual(try popoverSources(), ["gallery.at.nested", "gallery.nested.more"])
        try send(#"{"cmd":"click","window":"presenter","x":5,"y":5}"#)
        XCTAssertEqual(try popoverSources(), [], "a click outside all of them closes the stack")
    }
}
