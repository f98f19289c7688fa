import Foundation
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// Translucent rectangles that share an edge at a fractional position (the spotlight's dimming,
/// replayed scaled in the presenter's audience preview) meet exactly: every pixel is covered once,
/// with no lighter seam (a pixel column left out) and no darker one (covered twice). SDL's
/// software renderer truncates a float rectangle's origin and size one by one, which left both.
@MainActor
final class TranslucentSeamTests: OffscreenTestCase {
    override class var directoryName: String { "seams" }

    final class StripsView: View {
        override func draw(into list: inout DrawList) {
            // Five strips of the same translucent black side by side, edges at x.4 and x.7.
            var x = 10.4
            for w in [20.3, 17.6, 25.3, 9.7, 30.6] {
                list.fill(Rect(x, 10.7, w, 40.6), Color(0, 0, 0, 0xB0))
                x += w
            }
        }
    }

    func testTranslucentFillsThatShareAnEdgeLeaveNoSeam() async throws {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .white
        root.content.addSubview(StripsView().pinned(.fill()))
        let w = try PlatformWindow(title: "seams", root: root, size: Size(160, 64), text: text)
        let path = dir.appendingPathComponent("strips.png").path
        try w.screenshot(to: path)
        let img = try PNGImage(path: path)
        let row = 30, inside = (11 ... 112).map { img.rgb($0, row).0 }
        XCTAssertEqual(Set(inside).count, 1, "one shade across every edge: \(inside)")
        XCTAssertLessThan(inside.first ?? 255, 200, "dimmed")
        XCTAssertEqual(img.rgb(5, row).0, 255, "white outside")
    }
}
