import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest
@testable import PDFScene

/// Trial 35 F8: a PDF in a narrow console (the scene all of its width) ran Zoom past the window
/// at 480 pt (x 436, 57 wide) and hid the drawing tools at 360 pt. Measured with the real text
/// engine: every tool shows, inside the scene, none over another, the status line or the page.
@MainActor
final class PDFToolbarFitTests: PDFTestCase {
    func testTheDrawingToolsWrapInANarrowConsole() async throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 2))
        for (width, rows) in [(480.0, 2.0), (360, 2), (1280, 1)] {
            let s = try PDFScene(SceneParameters(["file": "talk.pdf"]), pdfHost(dir))
            let root = WindowRoot(metrics: TextEngine())
            root.content.addSubview(s.presenterView.pinned(.fill()))
            root.resize(to: Size(width, 380))   // a 640 pt tall console's scene area
            s.didBecomeCurrent()
            root.layoutIfNeeded()
            let bar = try XCTUnwrap(s.presenter.tools as? InkToolbar)
            XCTAssertFalse(bar.isHidden, "at \(width)")
            let frames = bar.buttons.map { $0.convertToWindow($0.bounds) }
            XCTAssertEqual(frames.count, 7)
            for (i, f) in frames.enumerated() {
                XCTAssertTrue(Rect(0, 0, width, 380).insetBy(dx: -0.5, dy: -0.5).contains(f), "\(bar.buttons[i].title) \(f) inside the scene at \(width)")
                XCTAssertGreaterThanOrEqual(f.width, bar.buttons[i].sizeThatFits(Size(1000, 34)).width - 0.5, "\(bar.buttons[i].title) whole at \(width)")
                for v in [s.presenter.status, s.presenter.page] as [View] {
                    XCTAssertFalse(f.intersects(v.convertToWindow(v.bounds)), "\(bar.buttons[i].title) \(f) off \(v.convertToWindow(v.bounds)) at \(width)")
                }
                for g in frames[(i + 1)...] { XCTAssertFalse(f.intersects(g), "\(f) over \(g) at \(width)") }
            }
            XCTAssertEqual(bar.frame.height, rows * InkToolbar.rowHeight, "\(rows) rows at \(width)")
        }
    }
}
