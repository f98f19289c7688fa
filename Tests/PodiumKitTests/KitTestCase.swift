import PodiumKit
import PodiumTestSupport
import XCTest

/// A window root with fixed-width text metrics (7.5 pt per body character) for driving views.
@MainActor func makeRoot(_ size: Size = Size(800, 600)) -> WindowRoot {
    let root = WindowRoot(metrics: FixedMetrics())
    root.resize(to: size)
    return root
}

extension WindowRoot {
    /// Adds `v` to the content at `frame` and lays the window out.
    func host(_ v: View, at frame: Rect) {
        v.pinned(Pins(leading: frame.minX, top: frame.minY, width: frame.width, height: frame.height))
        content.addSubview(v)
        layoutIfNeeded()
    }
    func press(_ binding: String) { dispatch(.key(Key(binding: binding)!)) }
    func clickAt(_ p: Point, clicks: Int = 1) {
        dispatch(.mouseDown(p, button: 1, clicks: clicks)); dispatch(.mouseUp(p, button: 1))
    }
    func node(_ id: String) -> ControlNode? { controlTree().first { $0.id == id } }
}
