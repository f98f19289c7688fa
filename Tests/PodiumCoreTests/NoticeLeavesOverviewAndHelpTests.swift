import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 17 m8: a notice that came just before Tab (a slow first draw's "took 107 ms to draw")
/// lay over the overview's header line "Overview — arrows to move, …". The overview and the key
/// help lie below the banner's line as the scene does, whether a notice shows or not.
@MainActor
final class NoticeLeavesOverviewAndHelpTests: XCTestCase {
    final class PlainScene: Scene { let title = "P"; let presenterView = View(); let audienceView = View() }
    static let notice = "Scene 3 “Record Stores” took 107 ms to draw; keys wait while it draws."

    /// Text drawn inside `area` other than the notice itself, with its laid-out rectangle.
    func texts(in list: DrawList, inside area: Rect) -> [(String, Rect)] {
        let m = FixedMetrics()
        return list.commands.compactMap { c -> (String, Rect)? in
            guard case let .text(b, _, o) = c, b.text != Self.notice, area.contains(o) else { return nil }
            return (b.text, Rect(o.x, o.y, m.layout(b).size.width, m.layout(b).size.height))
        }
    }

    func testANoticeCoversNeitherTheOverviewHeaderNorTheHelpsKeys() async throws {
        let p = OneKindDeck(scenes: 6) { PlainScene() }.presentation
        for size in [Size(1280, 800), Size(640, 480)] {
            p.presenter.resize(to: size)
            p.showNotice(Self.notice, kind: .info)
            XCTAssertTrue(p.perform(.overview))
            _ = p.presenter.renderFrame()
            let banner = p.console.banner.convertToWindow(p.console.banner.bounds)
            let ov = p.console.overview
            let header = ov.convertToWindow(Rect(0, 0, ov.bounds.width, OverviewView.headerHeight))
            XCTAssertFalse(banner.intersects(header), "\(size): the notice \(banner) covers the overview's header \(header)")
            let drawn = texts(in: p.presenter.drawList(), inside: ov.convertToWindow(ov.bounds))
            XCTAssertTrue(drawn.contains { $0.0.hasPrefix("Overview — arrows") }, "\(size): the header is drawn")
            for (text, r) in drawn { XCTAssertFalse(r.intersects(banner), "\(size): the notice covers “\(text)” at \(r)") }
            // A notice that passes moves nothing: the line is kept.
            p.showNotice(nil)
            _ = p.presenter.renderFrame()
            XCTAssertEqual(ov.convertToWindow(ov.bounds).minY, header.minY, "\(size): the overview stays put")
            XCTAssertTrue(p.perform(.overview), "closes")

            p.showNotice(Self.notice, kind: .info)
            XCTAssertTrue(p.perform(.help))
            _ = p.presenter.renderFrame()
            let helpTexts = texts(in: p.presenter.drawList(), inside: p.console.help.convertToWindow(p.console.help.bounds))
            XCTAssertTrue(helpTexts.contains { $0.0.contains("Page Down") }, "\(size): the keys are drawn")
            for (text, r) in helpTexts { XCTAssertFalse(r.intersects(banner), "\(size): the notice covers the help's “\(text)” at \(r)") }
            XCTAssertTrue(p.perform(.help), "closes")
            p.showNotice(nil)
        }
    }
}
