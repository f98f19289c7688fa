import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A notice too long for its line (a long "Not reloaded: …" error, a look-up's notice, a
/// plugin's `tellSpeaker`) covers none of the scene's own panels and moves nothing: a trial saw a
/// three-line reload error hide a PDF's NEXT page; trial 20 m5 a two-line notice move the map's
/// toolbar down 15 pt and a plugin's message grow to 17 lines. It is one line, cut with "…", and
/// the log has it whole, once.
@MainActor
final class NoticeLeavesScenePanelsTests: XCTestCase {
    /// A scene whose presenter view has a panel at the top right, where a PDF's NEXT column is:
    /// just below a one-line notice.
    final class PanelScene: Scene {
        let title = "P"; let presenterView = View(); let audienceView = View()
        let panel = View(id: "test.next", background: .white)
        init() { panel.pins = Pins(trailing: 0, top: BannerView.lineHeight + 4, width: 160, height: 90); presenterView.addSubview(panel) }
    }

    func testAMultiLineNoticeLeavesTheScenesNextPanelUncovered() async throws {
        let deck = OneKindDeck(scenes: 2) { PanelScene() }
        let p = deck.presentation
        let panel = try XCTUnwrap(deck.made.first).panel
        let long = "Not reloaded: /home/speaker/talks/2026-conference/keynote.pdf: the file is not a PDF (no %PDF header; it may still be being written) (the version on screen stays)"
        for size in [Size(1280, 800), Size(1024, 768), Size(640, 480)] {
            p.presenter.resize(to: size)
            p.showNotice(nil)
            _ = p.presenter.renderFrame()
            let sceneTop = p.console.sceneArea.frame.minY
            p.showNotice("Reloaded talk.pdf", kind: .info)
            _ = p.presenter.renderFrame()
            XCTAssertEqual(p.console.sceneArea.frame.minY, sceneTop, "\(size): a one-line notice moves nothing")
            XCTAssertFalse(p.console.banner.convertToWindow(p.console.banner.bounds).intersects(panel.convertToWindow(panel.bounds)), "\(size): one line")

            let panelFrame = panel.convertToWindow(panel.bounds)
            p.showNotice(long, kind: .error)
            _ = p.presenter.renderFrame()
            let banner = p.console.banner.convertToWindow(p.console.banner.bounds), next = panel.convertToWindow(panel.bounds)
            XCTAssertTrue(p.console.banner.isCut, "\(size): the notice is longer than its line (else this proves nothing)")
            XCTAssertEqual(banner.height, BannerView.lineHeight, "\(size): one line")
            XCTAssertEqual(p.console.banner.shownLines.count, 1, "\(size)")
            XCTAssertEqual(p.console.sceneArea.frame.minY, sceneTop, "\(size): a long notice moves nothing")
            XCTAssertEqual(next, panelFrame, "\(size): the scene's panel stays where it was")
            XCTAssertFalse(banner.intersects(next), "\(size): the notice \(banner) covers the scene's NEXT panel \(next)")
            XCTAssertEqual(p.console.banner.text, long, "the banner's message is the whole notice")
            // The sidebar (the audience preview, NEXT, the notes) is untouched too.
            XCTAssertFalse(banner.intersects(p.console.sidebar.convertToWindow(p.console.sidebar.bounds)), "\(size)")
        }
    }

    /// A plugin telling a long, multi-line message every 200 ms (the trial's nasty `tellspam`):
    /// one line on the console, the scene's toolbar where it was, the log has it whole, once.
    func testALongTellSpeakerIsOneLineAndLoggedOnce() async throws {
        final class Made { var context: SceneContext?; var scene: PanelScene? }
        let made = Made(), r = PluginRegistry()
        r.register(PluginDescriptor(id: "nasty", name: "N", version: "1", sceneKinds: [SceneKind(name: "k", summary: "") { _, c in
            let s = PanelScene(); made.context = c; made.scene = s; return s
        }]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "k")], path: "/talks/t.json"), registry: r, metrics: FixedMetrics(), clock: { 0 })
        var logged: [String] = []
        p.log = { logged.append($0) }
        p.presenter.resize(to: Size(1280, 800))
        _ = p.presenter.renderFrame()
        let panel = try XCTUnwrap(made.scene).panel, before = panel.convertToWindow(panel.bounds)
        let message = String(repeating: "Very long plugin message that goes on and on. ", count: 30) + "\n second line\n third"
        for _ in 0..<3 {
            try XCTUnwrap(made.context).tellSpeaker(message)
            _ = p.presenter.renderFrame()
        }
        XCTAssertEqual(p.console.banner.shownLines.count, 1)
        XCTAssertTrue(p.console.banner.isCut)
        XCTAssertEqual(p.console.banner.convertToWindow(p.console.banner.bounds).height, BannerView.lineHeight)
        XCTAssertEqual(panel.convertToWindow(panel.bounds), before, "the scene's controls stay where they were")
        XCTAssertEqual(logged.filter { $0 == "[nasty] \(message)" }.count, 1, "logged once, whole: \(logged)")
        // Another message is logged in its turn.
        try XCTUnwrap(made.context).tellSpeaker("Saved.")
        XCTAssertEqual(logged.filter { $0 == "[nasty] Saved." }.count, 1)
        // Trial 32 m8: a bidi override or a control character is shown escaped, as in the log.
        try XCTUnwrap(made.context).tellSpeaker("Room \u{202E}sees\u{7} it")
        XCTAssertEqual(p.notice?.text, "Room \\u{202e}sees\\u{7} it")
    }
}
