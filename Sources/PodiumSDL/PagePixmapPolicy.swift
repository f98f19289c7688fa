import FoundationEssentials
import Glibc
import PodiumKit

/// How many of the room's pages the X server keeps as pixmaps, and which (issue 19, memory).
///
/// Each pixmap is a whole window frame of shared memory (8.3 MB at 1920×1080, counted half in
/// Podium and half in the X server). One is kept: the page named first ahead, the next one in
/// the direction the speaker last moved (`PDFPageView` names the previous page first after a
/// step back). An advance or a step back in that direction is one server copy; once the room
/// shows it, the pixmap is filled again with the page ahead of that one (`Renderer.uploadAhead`,
/// after the frame). The first step against the direction (back after going forward), and a
/// repaint of the page shown (a black screen lifted, the pointer dot gone, an expose), are drawn
/// by SDL from the page's packed bytes, as every frame was before pixmaps. Measured for a black
/// screen, that is faster, not slower: lifting it took the room 1.4–2.1 ms against 2.8–4.7 ms as a
/// server copy of a second pixmap, since the window surface SDL draws into then stays resident (a
/// server present gives its pages back, and the next black screen faulted them in again: 9–17 ms
/// against 0.7).
/// `PODIUM_PAGE_PIXMAPS=1…3` sets how many, for A/B benches: 2 also keeps the page shown, 3 the
/// previous page too.
enum PagePixmapPolicy {
    static let framesKept: Int = {
        guard let v = ProcessInfo.processInfo.environment["PODIUM_PAGE_PIXMAPS"], let n = Int(v), (1...3).contains(n) else { return 1 }
        return n
    }()

    /// Pixmaps of `ahead[i]` may not evict these bitmaps' pixmaps: the pages shown (when two
    /// frames or more are kept) and those named ahead before it. With fewer frames than pages
    /// named, the later ones find no room and are not uploaded (cheap: nothing is unpacked for them). With
    /// three, every page named is kept (as before: the page just shown, now the previous one,
    /// is not evicted for the next).
    static func keeping(shown: Set<UInt64>, ahead: [UInt64], upTo i: Int, framesKept: Int = framesKept) -> Set<UInt64> {
        (framesKept >= 2 ? shown : []).union(framesKept >= 3 ? ahead[...] : ahead.prefix(i + 1))
    }

    /// The ids of the bitmaps `commands` show (opacity above 0), in no order.
    static func shownIDs(_ commands: [DrawCommand]) -> Set<UInt64> {
        var ids = Set<UInt64>()
        for case let .bitmap(b, _, opacity) in commands where opacity > 0 { ids.insert(b.id) }
        return ids
    }
}
