import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Street and place names make way for the screen-fixed scale bar and attribution as they do
/// for pins: none is drawn under or against them, on the presenter's or the audience's map, at
/// any zoom, while the map pans under them.
extension PinLabelTests {
    /// The scale bar's and the attribution's boxes as the frame draws them, window points.
    func chromeBoxes(_ frame: DrawList, style: MapStyle = .standard) -> [Rect] {
        frame.commands.compactMap { if case let .fill(r, c, _) = $0, c == style.chromeBackground { r } else { nil } }
    }

    func testNoLabelMeetsTheScaleBarOrTheAttributionOnEitherMapWhilePanning() async throws {
        var checked = 0
        for audience in [false, true] {
            let (root, view, model) = try map(size: audience ? Size(1920, 1080) : Size(1280, 760), audience: audience)
            for zoom in [15.0, 16.0, 16.5, 17.25, 18.0] {
                model.zoom = zoom
                model.centre(on: LatLon(lat: 60.1697, lon: 24.9445))
                var met: [String] = []
                for step in 0..<24 {
                    let frame = root.renderFrame()
                    let boxes = chromeBoxes(frame)
                    XCTAssertEqual(boxes.count, 2, "a scale bar and an attribution")
                    let bottom = view.bounds.height
                    for l in labels(frame, visible: true) where l.rect.maxY > bottom - 160 {
                        checked += 1
                        // The same 6×3-point margin labels keep from each other and from pins.
                        for b in boxes where b.insetBy(dx: -6, dy: -3).intersects(l.rect) {
                            met.append("step \(step): \(l.name) at \(l.rect) meets \(b)")
                        }
                    }
                    // Pan so streets cross both bottom corners (west and north, 23 and 17 points a step).
                    var vp = view.viewport
                    vp.pan(dx: 23, dy: 17)
                    model.adopt(vp)
                }
                XCTAssertEqual(met, [], "\(audience ? "audience" : "presenter") zoom \(zoom)")
            }
        }
        XCTAssertGreaterThan(checked, 50, "labels came near the bottom edge")
    }

    /// A label kept out from under the attribution comes back once the map moves it clear,
    /// where it was (it is left out, not moved), and tiles are recorded again only where labels
    /// were left out.
    func testALabelUnderTheAttributionComesBackWhenThePanMovesItClear() async throws {
        let (root, view, model) = try map(size: Size(1280, 760))
        let frame = root.renderFrame()
        let attribution = try XCTUnwrap(chromeBoxes(frame).max { $0.minX < $1.minX })
        // A label well inside the view, moved under the attribution by a pan.
        let target = try XCTUnwrap(labels(frame).filter { view.bounds.insetBy(dx: 200, dy: 150).contains($0.rect) }.first)
        let dx = attribution.midX - target.rect.midX, dy = attribution.midY - target.rect.midY
        var vp = view.viewport
        vp.pan(dx: dx, dy: dy)
        model.adopt(vp)
        let moved = Label(name: target.name, rect: target.rect.offsetBy(dx: dx, dy: dy))
        let under = labels(root.renderFrame(), visible: true)
        XCTAssertFalse(under.contains { $0.name == target.name && $0.rect.intersects(attribution) }, "\(target.name) is not drawn under the attribution")
        vp.pan(dx: -dx, dy: -dy)
        model.adopt(vp)
        let back = root.renderFrame()
        XCTAssertTrue(labels(back).contains { $0.name == moved.name && abs($0.rect.minX - target.rect.minX) < 0.01 && abs($0.rect.minY - target.rect.minY) < 0.01 },
                      "\(target.name) is back where it was")
        // Tiles are recorded again only where a label was left out or came back: most are the first frame's.
        let first = pictures(frame), now = pictures(back)
        XCTAssertLessThan(now.filter { p in !first.contains { $0 === p } }.count, now.count / 2, "most tiles are the ones already made")
    }
}
