import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
@testable import WebSearchScene
import XCTest

/// The reader bar's "Audience: …" label fits on a 1280×800 presenter, measured with the real
/// text engine (Pango, DejaVu Sans): the trial saw "Audience: results 1–2…" cut off; and on a
/// 1024×768 one, where it has a row of its own under the bar's buttons (it was hidden).
extension WebSearchSceneTests {
    func testTheAudienceLabelFitsTheBarOfA1280PresenterWithRealFonts() async throws {
        try checkAudienceLabelFits(presenter: Size(1280, 800))
    }

    func testTheAudienceLabelIsShownOnA1024Presenter() async throws {
        try checkAudienceLabelFits(presenter: Size(1024, 768))
    }

    /// Trial 35 F5: in a console under 600 pt wide (the scene all of it) ▲ and ▼ lay over the
    /// results list: the bar's buttons wrap to a second row.
    func testTheBarsButtonsStayInTheReaderInANarrowConsole() async throws {
        for width in [560.0, 480] {
            let scene = try offlineScene()
            let root = WindowRoot(metrics: TextEngine())
            scene.presenterView.removeFromSuperview()
            root.content.addSubview(scene.presenterView.pinned(.fill()))
            root.resize(to: Size(width, 400))
            scene.search("band")
            root.layoutIfNeeded()
            let v = scene.presenter, bar = v.readerBar.frame
            let controls: [View] = [v.roomBackButton, v.roomOnButton, v.resultsToAudienceButton, v.actionsButton, v.audienceLabel]
            let frames = controls.map { $0.convertToWindow($0.bounds) }
            for (i, f) in frames.enumerated() {
                XCTAssertFalse(controls[i].isHidden, "\(i) at \(width)")
                XCTAssertTrue(bar.insetBy(dx: -0.5, dy: -0.5).contains(f), "\(f) inside the bar \(bar) at \(width)")
                XCTAssertFalse(f.intersects(v.results.frame), "\(f) off the results \(v.results.frame) at \(width)")
                for g in frames[(i + 1)...] { XCTAssertFalse(f.intersects(g), "\(f) over \(g) at \(width)") }
            }
            XCTAssertGreaterThanOrEqual(v.reader.frame.minY, bar.maxY, "the page under the bar at \(width)")
        }
    }

    func checkAudienceLabelFits(presenter: Size) throws {
        let text = TextEngine()
        let scene = try offlineScene()
        // The console gives the scene two thirds of a 1280 pt window (the sidebar a third).
        let root = WindowRoot(metrics: text)
        scene.presenterView.removeFromSuperview()
        root.content.addSubview(scene.presenterView.pinned(.fill()))
        root.resize(to: Size(presenter.width - max(260, presenter.width / 3), presenter.height - 48))
        let audienceRoot = WindowRoot(metrics: text)
        audienceRoot.content.addSubview(scene.audienceView.pinned(.fill()))
        audienceRoot.resize(to: Size(1280, 720))
        let label = scene.presenter.audienceLabel
        var seen: [String] = []
        func check(_ what: String) {
            audienceRoot.layoutIfNeeded(); _ = audienceRoot.renderFrame()
            root.layoutIfNeeded(); _ = root.renderFrame()
            let need = text.size(of: label.text, font: label.font).width
            XCTAssertFalse(label.isHidden, what)
            let bar = scene.presenter.readerBar, room = scene.presenter.roomBackButton
            XCTAssertFalse(label.frame.intersects(room.frame), "\(what): clear of the ▲ button")
            XCTAssertLessThanOrEqual(label.frame.maxY, bar.bounds.height, "\(what): inside the bar")
            XCTAssertGreaterThanOrEqual(scene.presenter.reader.frame.minY, bar.frame.maxY, "\(what): the page starts under the bar")
            XCTAssertLessThanOrEqual(need, label.bounds.width, "\(what): \"\(label.text)\" (\(need) pt) fits its \(label.bounds.width) pt")
            XCTAssertEqual(label.lines(width: label.bounds.width), [label.text], "\(what): not cut")
            seen.append(label.text)
        }
        scene.search("band")
        check("the room's first cards")
        while scene.presenter.roomOnButton.isEnabled { scene.moveRoomPage(by: 1) }
        check("the room's last cards")
        XCTAssertTrue(seen.last?.contains(" of \(scene.results.count)") == true, seen.last ?? "")
        scene.open(try XCTUnwrap(scene.results.firstIndex { $0.title.contains("Radiohead") }))
        scene.setAudience(.reader)
        check("a page in parts")
        scene.open(0)
        check("a preview of another page")
        scene.setAudience(.results)
        check("back to the results")
        // A 5:4 projector shows two cards a screen: a range in the corner, "1–2 of 6".
        audienceRoot.resize(to: Size(1280, 1024))
        audienceRoot.layoutIfNeeded(); _ = audienceRoot.renderFrame()
        while scene.presenter.roomBackButton.isEnabled { scene.moveRoomPage(by: -1) }
        check("the first cards on a 5:4 room")
        XCTAssertTrue(seen.last?.contains("–") == true, seen.last ?? "")
    }
}
