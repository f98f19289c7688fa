import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A notice of several lines (a long "Not reloaded: …" error, or any notice in a narrow window)
/// covers none of the scene's own panels: a trial saw a three-line reload error hide a PDF's NEXT
/// page. A one-line notice has its own line above the scene area and moves nothing.
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

            p.showNotice(long, kind: .error)
            _ = p.presenter.renderFrame()
            let banner = p.console.banner.convertToWindow(p.console.banner.bounds), next = panel.convertToWindow(panel.bounds)
            XCTAssertGreaterThan(banner.height, BannerView.lineHeight, "\(size): the notice wraps (else this proves nothing)")
            XCTAssertFalse(banner.intersects(next), "\(size): the notice \(banner) covers the scene's NEXT panel \(next)")
            XCTAssertEqual(p.console.banner.text, long, "the whole notice is shown")
            // The sidebar (the audience preview, NEXT, the notes) is untouched too.
            XCTAssertFalse(banner.intersects(p.console.sidebar.convertToWindow(p.console.sidebar.bounds)), "\(size)")
        }
    }
}
