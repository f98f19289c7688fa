/// A deck's scenes grouped into slides: consecutive scenes with the same `DeckScene.slide` key
/// (a PDF's pages with one page label, as Beamer gives every overlay of a frame) form one slide;
/// a scene without a key is a slide of its own. `next`/`previous` step through scenes (overlays),
/// `nextSlide`/`previousSlide` and the overview through slides.
public struct Slides: Sendable, Equatable {
    /// Scene indexes of each slide, in order; together they cover every scene once.
    public let ranges: [Range<Int>]
    /// Slide index of each scene.
    private let slideOfScene: [Int]

    public init(_ scenes: [DeckScene]) {
        var ranges: [Range<Int>] = []
        var start = 0
        for i in scenes.indices where i > 0 {
            guard let key = scenes[i].slide, key == scenes[i - 1].slide else { ranges.append(start..<i); start = i; continue }
        }
        if !scenes.isEmpty { ranges.append(start..<scenes.count) }
        self.ranges = ranges
        slideOfScene = ranges.enumerated().flatMap { s, r in r.map { _ in s } }
    }

    public var count: Int { ranges.count }
    /// Whether any slide has more than one overlay (the console then counts slides).
    public var isGrouped: Bool { ranges.count < slideOfScene.count }
    /// The slide holding scene `index` (0-based).
    public func slide(of index: Int) -> Int { slideOfScene[index] }

    /// Where scene `index` is: its slide and which of the slide's overlays it is (0-based).
    public func position(of index: Int) -> (slide: Int, overlay: Int, overlays: Int) {
        let s = slideOfScene[index], r = ranges[s]
        return (s, index - r.lowerBound, r.count)
    }

    /// The console's position text: `slide 2/8 (2/3)` on the second overlay of three, `slide 2/8`
    /// on a slide without overlays; `3 / 10` when no slide has overlays (scenes are slides).
    public func positionText(of index: Int) -> String {
        isGrouped ? slideText(of: index) : "\(index + 1) / \(slideOfScene.count)"
    }

    /// Scene `index` named as a slide in words, grouped or not: `slide 2/8 (2/3)`, `slide 6/7`.
    public func slideText(of index: Int) -> String {
        let p = position(of: index)
        return "slide \(p.slide + 1)/\(count)" + (p.overlays > 1 ? " (\(p.overlay + 1)/\(p.overlays))" : "")
    }
}
