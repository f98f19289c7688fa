import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// The banner (the resume question) covers neither the sidebar's "AUDIENCE" heading nor the
/// audience preview, and shows its whole text, at 1280×800 and 1024×768.
@MainActor
final class BannerLeavesSidebarTests: XCTestCase {
    func testTheResumeQuestionLeavesTheAudienceHeadingAndPreviewVisible() async throws {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        let p = Presentation(deck: Deck(title: "T", scenes: (0..<6).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json"),
                             registry: r, metrics: FixedMetrics(), clock: { 0 })
        let text = "Resume the interrupted talk at scene 3 “Record Stores”, 2:29 elapsed? Return, Page Down or F5 resumes · Esc twice starts fresh"
        p.ask(text, timeout: nil, onConfirm: {})
        for size in [Size(1280, 800), Size(1024, 768), Size(640, 480)] {
            p.presenter.resize(to: size)
            _ = p.presenter.renderFrame()
            let banner = p.console.banner.convertToWindow(p.console.banner.bounds)
            let heading = p.console.audienceHeading
            XCTAssertEqual(heading.text, "AUDIENCE")
            let h = heading.convertToWindow(heading.bounds), preview = p.console.preview.convertToWindow(p.console.preview.bounds)
            XCTAssertFalse(banner.intersects(h), "\(size): the banner \(banner) covers the AUDIENCE heading \(h)")
            XCTAssertFalse(banner.intersects(preview), "\(size): the banner \(banner) covers the audience preview \(preview)")
            XCTAssertEqual(p.console.banner.text, text)
            // Tall enough for every wrapped line of the text.
            let label = try XCTUnwrap(p.console.banner.subviews.first as? Label)
            XCTAssertGreaterThanOrEqual(label.frame.height + 0.5, label.sizeThatFits(Size(label.frame.width, .infinity)).height, "\(size): the text is cut")
        }
    }
}
