import PodiumKit
@testable import PodiumSDL
import XCTest

@MainActor
extension OffscreenSDLTestCase {
    /// The window's pixels now equal a whole frame drawn the plain way (clear, every command).
    func assertPartialEqualsWhole(_ w: PlatformWindow, _ root: WindowRoot, line: UInt = #line) throws {
        let partial = try w.renderer.readPixels(size: w.pixelSize)
        w.renderer.draw(root.renderFrame(), background: root.backgroundColor)
        let whole = try w.renderer.readPixels(size: w.pixelSize)
        XCTAssertEqual(partial.count, whole.count, line: line)
        XCTAssertTrue(partial == whole, "the partial frame shows exactly what a whole frame shows", line: line)
        w.invalidate()
    }
}
