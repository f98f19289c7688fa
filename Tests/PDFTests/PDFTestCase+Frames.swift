import PodiumKit
import XCTest

extension PDFTestCase {
    /// The bitmaps a frame shows (opacity above 0; a current page names its neighbours at 0).
    @MainActor func bitmaps(_ root: WindowRoot) -> [Bitmap] {
        root.renderFrame().commands.compactMap { if case let .bitmap(b, _, o) = $0, o > 0 { return b } else { return nil } }
    }
}
