import Foundation
import PodiumCore
import PodiumKit
import XCTest

private func displays(_ specs: [(String, Int, Int)]) -> [DisplayInfo] {
    var x = 0.0
    return specs.enumerated().map { i, s in
        let b = Rect(x, 0, Double(s.1), Double(s.2)); x += Double(s.1)
        let mode = DisplayInfo.Mode(width: s.1, height: s.2, refreshRate: 60)
        return DisplayInfo(index: i, name: s.0, bounds: b, usableBounds: b, currentMode: mode, modes: [mode])
    }
}
private let laptop = ("eDP-1", 1280, 800), projector = ("HDMI-1", 1920, 1080), monitor = ("DP-2", 2560, 1440)

/// displays.json: the presenter/audience choice per set of connected displays (issue 13 point 5).
final class DisplayChoicesTests: XCTestCase {
    /// A swap is remembered for the set; a new policy (the next launch) with the same set uses it.
    func testSwapIsUsedAtTheNextLaunchWithTheSameDisplays() throws {
        var first = DisplayPolicy()
        _ = first.update(displays([laptop, projector]), at: 0)
        XCTAssertNotNil(first.swap(at: 1))
        let saved = try DisplayChoices(json: first.remembered.json, file: "displays.json")
        XCTAssertEqual(saved, first.remembered, "the JSON round-trips")

        var next = DisplayPolicy()
        next.remembered = saved
        _ = next.update(displays([laptop, projector]), at: 0)
        XCTAssertEqual(next.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(next.assignment.audienceDisplay?.name, "eDP-1")

        // Another set (a different projector size) has no choice: the default.
        var other = DisplayPolicy()
        other.remembered = saved
        _ = other.update(displays([laptop, ("HDMI-1", 1024, 768)]), at: 0)
        XCTAssertEqual(other.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(other.assignment.audienceDisplay?.name, "HDMI-1")
    }

    /// Starting with the laptop alone and plugging the projector later applies the choice too.
    func testChoiceAppliesWhenTheSetAppearsByAPlug() {
        var p = DisplayPolicy()
        p.remembered.remember(.init(displays: Set(displays([laptop, projector]).map(\.identity)),
                                    presenter: displays([projector])[0].identity, audience: displays([laptop])[0].identity))
        _ = p.update(displays([laptop]), at: 0)
        XCTAssertEqual(p.assignment.audience, .preview)
        _ = p.update(displays([laptop, projector]), at: 1)
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1")
    }

    /// Unplugging and replugging (a blip or a removal) never rewrites what is remembered.
    func testTemporaryRemovalNeverRewritesTheChoice() {
        var p = DisplayPolicy()
        _ = p.update(displays([laptop, projector, monitor]), at: 0)
        _ = p.swap(at: 1)   // presenter on HDMI-1, audience on eDP-1
        let before = p.remembered
        _ = p.update(displays([projector, monitor]), at: 2)     // the laptop panel goes away
        _ = p.update(displays([projector]), at: 3)
        _ = p.update(displays([laptop, projector, monitor]), at: 10)
        XCTAssertEqual(p.remembered, before)
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1")
    }

    /// Command-line selectors win over the remembered choice, and become the remembered one.
    func testCommandLineChoiceWinsAndIsRemembered() throws {
        var p = DisplayPolicy(audience: try DisplaySelector(parsing: "DP-2", option: "--audience-display"))
        p.remembered.remember(.init(displays: Set(displays([laptop, projector, monitor]).map(\.identity)),
                                    presenter: displays([projector])[0].identity, audience: displays([laptop])[0].identity))
        _ = p.update(displays([laptop, projector, monitor]), at: 0)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DP-2")
        let e = try XCTUnwrap(p.remembered.choice(for: Set(displays([laptop, projector, monitor]).map(\.identity))))
        XCTAssertEqual(e.audience.name, "DP-2")
        XCTAssertEqual(e.presenter.name, "eDP-1")
        XCTAssertEqual(p.remembered.entries.count, 1, "one entry per set")
    }

    func testAtMostLimitSetsKeptMostRecentFirst() {
        var c = DisplayChoices()
        for i in 0..<(DisplayChoices.limit + 5) {
            let a = DisplayIdentity(name: "A", nativeWidth: 100 + i, nativeHeight: 100), b = DisplayIdentity(name: "B", nativeWidth: 100, nativeHeight: 100)
            c.remember(.init(displays: [a, b], presenter: a, audience: b))
        }
        XCTAssertEqual(c.entries.count, DisplayChoices.limit)
        XCTAssertEqual(c.entries.first?.presenter.nativeWidth, 100 + DisplayChoices.limit + 4)
    }

    /// A bad file is an error naming the file, the JSON path and the value (quoted, bounded).
    func testBadFilesNameFilePathAndValue() {
        func error(_ json: String) -> String {
            do { _ = try DisplayChoices(json: Data(json.utf8), file: "/cfg/displays.json"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(error("[1]"), "/cfg/displays.json: $: not a JSON object")
        XCTAssertEqual(error(#"{"version": 2, "choices": []}"#), "/cfg/displays.json: $.version: expected 1, got 2")
        let one = #"{"name": "A", "width": 10, "height": 10}"#, two = #"{"name": "B", "width": 10, "height": 10}"#
        XCTAssertEqual(error(#"{"version": 1, "choices": [{"displays": [\#(one), {"name": "B", "width": 1e300, "height": 10}], "presenter": \#(one), "audience": \#(two)}]}"#),
                       "/cfg/displays.json: $.choices[0].displays[1].width: expected a whole number of pixels from 1 to 100000, got 1e+300")
        XCTAssertEqual(error(#"{"version": 1, "choices": [{"displays": [\#(one), \#(two)], "presenter": \#(one), "audience": \#(one)}]}"#),
                       "/cfg/displays.json: $.choices[0].audience: A (10x10) is not one of this entry's displays other than the presenter's")
        let long = String(repeating: "x", count: 300)
        let message = error(#"{"version": 1, "choices": [{"displays": [{"name": "\#(long)", "width": 10, "height": 10}, \#(two)], "presenter": \#(one), "audience": \#(two)}]}"#)
        XCTAssertTrue(message.hasPrefix("/cfg/displays.json: $.choices[0].displays[0].name: expected a display name"), message)
        XCTAssertLessThan(message.count, 200, "the value is quoted to at most 80 characters")
    }

    /// The file: missing is empty; written atomically; a directory or FIFO in its place is refused.
    func testFileLoadSave() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("choices-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/podium/displays.json"
        XCTAssertEqual(try DisplayChoicesFile.load(path: path), DisplayChoices())
        var p = DisplayPolicy()
        _ = p.update(displays([laptop, projector]), at: 0)
        _ = p.swap(at: 1)
        try DisplayChoicesFile.save(p.remembered, path: path)
        XCTAssertEqual(try DisplayChoicesFile.load(path: path), p.remembered)
        XCTAssertEqual(DisplayChoicesFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]), "/x/podium/displays.json")
        XCTAssertEqual(DisplayChoicesFile.defaultPath(environment: ["HOME": "/h"]), "/h/.config/podium/displays.json")
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try DisplayChoicesFile.load(path: path)) { XCTAssertTrue("\($0)".contains("not a regular file"), "\($0)") }
    }

    /// An unknown display name is an error listing the connected displays; an index is not.
    func testUnknownNameListsConnectedDisplays() throws {
        var ds = displays([laptop, projector])
        ds[1].make = "DEL"; ds[1].model = "DELL U2415"
        XCTAssertThrowsError(try DisplaySelector(parsing: "HDMI-2", option: "--audience-display").requireKnownName(in: ds, option: "--audience-display")) {
            XCTAssertEqual("\($0)", #"--audience-display "HDMI-2": no connected display has this name; connected: "eDP-1", "HDMI-1" (DEL DELL U2415)"#)
        }
        XCTAssertNoThrow(try DisplaySelector(parsing: "hdmi-1", option: "--audience-display").requireKnownName(in: ds, option: "--audience-display"))
        XCTAssertNoThrow(try DisplaySelector(parsing: "7", option: "--audience-display").requireKnownName(in: ds, option: "--audience-display"))
        XCTAssertEqual(try DisplaySelector(parsing: "dell u2415", option: "--audience-display").match(in: ds)?.name, "HDMI-1", "the EDID model works too")
    }
}

/// The make and model in a monitor's EDID.
/// Trial 13 F2: a saved choice is keyed on the monitors (EDID), not on connector and size alone.
final class DisplayChoiceMonitorTests: XCTestCase {
    private func withMonitor(_ ds: [DisplayInfo], _ name: String, _ m: DisplayMonitor?) -> [DisplayInfo] {
        ds.map { d in
            guard d.name == name else { return d }
            var d = d; d.make = m?.make; d.model = m?.model; d.serial = m?.serial; return d
        }
    }
    private let home = DisplayMonitor(make: "DEL", model: "DELL U2415", serial: "7MT0165K1A2L")
    private let hall = DisplayMonitor(make: "EPS", model: "EPSON PJ", serial: "X4K1000123")

    /// A swap made with the monitor at home is used with that monitor, not with the lecture
    /// hall's projector on the same connector at the same size; the file keeps the monitor and date.
    func testASwapIsUsedOnlyWithTheSameMonitor() throws {
        let atHome = withMonitor(displays([laptop, projector]), "HDMI-1", home)
        var first = DisplayPolicy()
        first.wallClock = { Date(timeIntervalSince1970: 1_796_147_400.75) }   // 2026-12-01T17:50:00Z
        _ = first.update(atHome, at: 0)
        XCTAssertNotNil(first.swap(at: 1))
        let json = String(decoding: first.remembered.json, as: UTF8.self)
        XCTAssertTrue(json.contains(#""serial" : "7MT0165K1A2L""#) && json.contains(#""saved" : "2026-12-01T17:50:00Z""#), json)
        let saved = try DisplayChoices(json: first.remembered.json, file: "displays.json")
        XCTAssertEqual(saved, first.remembered, "the JSON round-trips")

        var hallLaunch = DisplayPolicy()
        hallLaunch.remembered = saved
        let h = try XCTUnwrap(hallLaunch.update(withMonitor(displays([laptop, projector]), "HDMI-1", hall), at: 0))
        XCTAssertEqual(hallLaunch.assignment.presenter?.name, "eDP-1", "another projector: the default, the console on the laptop")
        XCTAssertNil(h.appliedChoice)

        var homeLaunch = DisplayPolicy()
        homeLaunch.remembered = saved
        let c = try XCTUnwrap(homeLaunch.update(atHome, at: 0))
        XCTAssertEqual(homeLaunch.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(c.appliedChoice?.saved, Date(timeIntervalSince1970: 1_796_147_400))
        XCTAssertTrue(c.description.contains("; swapped as you chose for these displays on "), c.description)

        // The same monitor model without a serial is not that monitor either.
        var noSerial = DisplayPolicy()
        noSerial.remembered = saved
        _ = noSerial.update(withMonitor(displays([laptop, projector]), "HDMI-1", DisplayMonitor(make: "DEL", model: "DELL U2415", serial: nil)), at: 0)
        XCTAssertEqual(noSerial.assignment.presenter?.name, "eDP-1")
    }

    /// A swap with one projector and another with a second one are both kept.
    func testChoicesForTwoMonitorsOnOneConnectorAreBothKept() {
        var p = DisplayPolicy()
        _ = p.update(withMonitor(displays([laptop, projector]), "HDMI-1", home), at: 0)
        _ = p.swap(at: 1)
        _ = p.update(displays([laptop]), at: 2)
        _ = p.update(withMonitor(displays([laptop, projector]), "HDMI-1", hall), at: 3)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1", "another projector plugged into the same port mid-talk: no console there")
        _ = p.swap(at: 4); _ = p.swap(at: 5)   // swapped and back: the default saved for the hall
        XCTAssertEqual(p.remembered.entries.count, 2)
        XCTAssertEqual(p.remembered.entries.map(\.presenter.name), ["eDP-1", "HDMI-1"])
    }

    /// A file written before monitors were saved still loads, and its choices keep working for
    /// displays without EDID; they are not replayed on a display that has one (that could be any
    /// projector), and are left in the file.
    func testAnOldFileStillLoadsAndAppliesOnlyToDisplaysWithoutEDID() throws {
        let old = #"{"version": 1, "choices": [{"displays": [{"name": "eDP-1", "width": 1280, "height": 800}, {"name": "HDMI-1", "width": 1920, "height": 1080}], "presenter": {"name": "HDMI-1", "width": 1920, "height": 1080}, "audience": {"name": "eDP-1", "width": 1280, "height": 800}}]}"#
        let c = try DisplayChoices(json: Data(old.utf8), file: "displays.json")
        XCTAssertEqual(c.entries.count, 1)
        XCTAssertNil(c.entries[0].saved)
        XCTAssertTrue(c.entries[0].monitors.isEmpty)

        var plain = DisplayPolicy()
        plain.remembered = c
        let change = try XCTUnwrap(plain.update(displays([laptop, projector]), at: 0))
        XCTAssertEqual(plain.assignment.presenter?.name, "HDMI-1", "no EDID: as before")
        XCTAssertTrue(change.description.contains("; swapped as you chose for these displays: presenter on HDMI-1"), change.description)

        var edid = DisplayPolicy()
        edid.remembered = c
        _ = edid.update(withMonitor(displays([laptop, projector]), "HDMI-1", hall), at: 0)
        XCTAssertEqual(edid.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(edid.remembered, c, "the old choice is kept")
        XCTAssertEqual(try DisplayChoices(json: c.json, file: "displays.json"), c, "and written back unchanged")
    }

    /// Bad monitor fields and dates name the file, the path and the value.
    func testBadMonitorFieldsAreNamed() {
        func error(_ json: String) -> String {
            do { _ = try DisplayChoices(json: Data(json.utf8), file: "/cfg/displays.json"); return "no error" } catch { return "\(error)" }
        }
        let one = #"{"name": "A", "width": 10, "height": 10}"#, two = #"{"name": "B", "width": 10, "height": 10}"#
        XCTAssertEqual(error(#"{"version": 1, "choices": [{"displays": [\#(one), {"name": "B", "width": 10, "height": 10, "serial": 42}], "presenter": \#(one), "audience": \#(two)}]}"#),
                       "/cfg/displays.json: $.choices[0].displays[1].serial: expected text of 1 to 256 characters (from the monitor's EDID), got 42")
        XCTAssertEqual(error(#"{"version": 1, "choices": [{"displays": [\#(one), \#(two)], "presenter": \#(one), "audience": \#(two), "saved": "yesterday"}]}"#),
                       "/cfg/displays.json: $.choices[0].saved: expected a UTC time as 2026-12-01T17:50:00Z, got \"yesterday\"")
    }
}

final class EDIDTests: XCTestCase {
    /// A base block with manufacturer `id` and, when given, a monitor-name descriptor in slot 2.
    private func edid(id: String, name: String?) -> [UInt8] {
        var b = [UInt8](repeating: 0, count: 128)
        b[0..<8] = [0, 255, 255, 255, 255, 255, 255, 0]
        let l = id.unicodeScalars.map { UInt16($0.value - 64) }
        let code = l[0] << 10 | l[1] << 5 | l[2]
        b[8] = UInt8(code >> 8); b[9] = UInt8(code & 0xFF)
        b[54] = 0x01; b[55] = 0x1D   // a detailed timing descriptor in slot 1
        if let name {
            let start = 72
            b[start + 3] = 0xFC
            var text = Array(name.utf8.prefix(13)); if text.count < 13 { text.append(0x0A) }
            while text.count < 13 { text.append(0x20) }
            b[(start + 5)..<(start + 18)] = ArraySlice(text)
        }
        return b
    }

    func testMakeAndModel() {
        XCTAssertEqual(EDID(edid(id: "DEL", name: "DELL U2415")), EDID(make: "DEL", model: "DELL U2415"))
        XCTAssertEqual(EDID(edid(id: "SAM", name: nil))?.model, nil)
        XCTAssertEqual(EDID(edid(id: "SAM", name: nil))?.make, "SAM")
        XCTAssertNil(EDID(Array(edid(id: "DEL", name: "X").prefix(100))), "too short")
        var bad = edid(id: "DEL", name: "X"); bad[1] = 0
        XCTAssertNil(EDID(bad), "no header")
    }

    /// The serial: the 0xFF descriptor's text, else the ID serial number (bytes 12–15), else none.
    func testSerial() {
        var b = edid(id: "DEL", name: "DELL U2415")
        XCTAssertNil(EDID(b)?.serial)
        b[12] = 0x39; b[13] = 0x30   // 12345, little-endian
        XCTAssertEqual(EDID(b)?.serial, "12345")
        b[90 + 3] = 0xFF
        b[(90 + 5)..<(90 + 18)] = ArraySlice(Array("7MT0165K1A2L\n".utf8))
        XCTAssertEqual(EDID(b), EDID(make: "DEL", model: "DELL U2415", serial: "7MT0165K1A2L"))
    }
}
