import PodiumKit

/// Where the talk goes when its deck is replaced by a new version (pure, for tests).
public enum ReloadPosition {
    /// What identifies a scene across versions: its kind and title (a PDF deck's titles carry
    /// the page label or outline entry), and what it shows when its deck opener says
    /// (`DeckScene.content`: a PDF page's text and size).
    public struct Anchor: Equatable {
        public var kind: String
        public var title: String?
        /// Reads fingerprints of the scene's content, strictest first, each unique within its
        /// deck (only when a reload needs them); nil: not known. Not part of `==`, which is what
        /// the diff aligns by.
        public var content: (@Sendable () -> [String])?
        /// Reads the words the scene shows (`DeckScene.words`); nil: its title's words.
        public var words: (@Sendable () -> [String])?
        public init(kind: String, title: String? = nil, content: (@Sendable () -> [String])? = nil, words: (@Sendable () -> [String])? = nil) {
            self.kind = kind; self.title = title; self.content = content; self.words = words
        }
        public init(_ s: DeckScene) { self.init(kind: s.kind, title: s.title, content: s.content, words: s.words) }
        public static func == (a: Anchor, b: Anchor) -> Bool { a.kind == b.kind && a.title == b.title }
    }

    /// How a reload found the place, for the log and the speaker.
    public enum Found: String, Sendable {
        /// The scene showing the same content (a PDF page unchanged).
        case content
        /// The scene changed; the unchanged scenes around it leave it one place (`PageMapping.inGaps`).
        case neighbours
        /// The scene changed; of the places its unchanged neighbours leave, the one sharing most
        /// of its words (`PageMapping.guesses`).
        case guess
        /// The scene with the same kind and title aligned by the diff (a JSON deck's scene kept; a
        /// PDF's page label), else the nearest one with them.
        case label
        /// No scene of the new version is the one on screen, by content, neighbours or label (it
        /// was removed, or retitled past recognition): the scene now at its index, clamped.
        case notFound
    }

    /// The index in `new` for the scene at `index` in `old` (`place`).
    public static func index(from index: Int, old: [Anchor], new: [Anchor]) -> Int { place(from: index, old: old, new: new).index }

    /// Where the scene at `index` in `old` is in `new`, and how that was found. First the scene
    /// showing the same content (`Anchor.content`, strictest fingerprint first: the same PDF
    /// page, the same overlay of it, wherever slides were inserted or removed; Beamer's labels are
    /// frame numbers, which an inserted frame shifts, trial 16 M2). A page whose content changed
    /// is placed by the pages found unchanged around it, the mapping `talk.pdfpc`'s follower uses
    /// (`PageMapping`): the one place its neighbours leave, else the page there sharing most of
    /// its words (trial 19 F3: edited and a frame inserted before it, the room went to the
    /// inserted frame). Scenes without content (a JSON deck) are aligned by a diff of their kinds
    /// and titles (`CollectionDifference`, Myers' algorithm), so scenes inserted or removed
    /// before one move the talk with it even when titles repeat (the second "Demo"); a scene
    /// retitled is placed by the scenes aligned around it as a page is (its title's words). Then
    /// (`label`) the nearest scene with its kind and title; last (`notFound`) the same index, clamped.
    public static func place(from index: Int, old: [Anchor], new: [Anchor]) -> (index: Int, found: Found) {
        guard old.indices.contains(index) else { return (new.isEmpty ? 0 : min(max(0, index), new.count - 1), .label) }
        if let found = sameContent(as: old[index], in: new) { return (found, .content) }
        if old[index].content != nil, let p = byNeighbours(index, old: old, new: new, map: contentMap(old: old, new: new)) { return p }
        return byLabel(from: index, old: old, new: new)
    }

    /// Old index → new index by the scenes' content fingerprints (`PageMapping.map`); a scene
    /// of another kind matches none.
    static func contentMap(old: [Anchor], new: [Anchor]) -> [Int: Int] {
        let (o, n) = (old.map { ($0.kind, $0.content?() ?? []) }, new.map { ($0.kind, $0.content?() ?? []) })
        let count = (o + n).map(\.1.count).max() ?? 0
        // The kind is part of every key: a page matches only a scene of its kind.
        func tiers(_ a: [(String, [String])]) -> [[String?]] {
            (0..<count).map { t in a.map { $1.indices.contains(t) ? "\($0)\u{0}\($1[t])" : nil } }
        }
        return PageMapping.map(old: tiers(o), new: tiers(n), oldCount: old.count, newCount: new.count)
    }

    /// The scene at `index`, not in `map`, placed by the scenes `map` found around it: the one
    /// place they leave, else the one sharing most of its words (none shared: nil).
    static func byNeighbours(_ index: Int, old: [Anchor], new: [Anchor], map: [Int: Int]) -> (index: Int, found: Found)? {
        if let j = map[index] { return (j, .neighbours) }
        func words(_ a: Anchor) -> [String] { a.words?() ?? PageMapping.words(a.title ?? "") }
        let oldWords = old.map(words), newWords = new.map(words)
        guard let j = PageMapping.guesses(for: [index], map: map, old: old.count, new: new.count, oldWords: oldWords, newWords: newWords)[index],
              new[j].kind == old[index].kind, !Set(oldWords[index]).isDisjoint(with: newWords[j]) else { return nil }
        return (j, .guess)
    }

    /// The scene of `new` with `was`'s kind and first fingerprint, else its second …; nil
    /// without fingerprints or a scene that has one of them.
    static func sameContent(as was: Anchor, in new: [Anchor]) -> Int? {
        guard let prints = was.content?(), !prints.isEmpty else { return nil }
        let theirs = new.map { $0.kind == was.kind ? $0.content?() ?? [] : [] }
        for (tier, print) in prints.enumerated() {
            if let j = theirs.firstIndex(where: { $0.indices.contains(tier) && $0[tier] == print }) { return j }
        }
        return nil
    }

    private static func byLabel(from index: Int, old: [Anchor], new: [Anchor]) -> (index: Int, found: Found) {
        let diff = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in diff {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
            }
        }
        // The k-th scene kept from `old` is the k-th scene of `new` that was not inserted.
        let kept = zip((0..<old.count).filter { !removed.contains($0) }, (0..<new.count).filter { !inserted.contains($0) })
        let aligned = Dictionary(kept.map { ($0, $1) }, uniquingKeysWith: { a, _ in a })
        if let j = aligned[index] { return (j, .label) }
        // Retitled (a scene without content): placed by the scenes aligned around it.
        if old[index].content == nil, let p = byNeighbours(index, old: old, new: new, map: PageMapping.inGaps(aligned, old: old.count, new: new.count)) { return p }
        let j = self.index(of: old[index], near: index, in: new)
        // Trial 20 m6: a scene removed landed on the index's scene, logged as found by label.
        let byLabel = new.indices.contains(j) && new[j].kind == old[index].kind && new[j].title == old[index].title
        return (j, byLabel ? .label : .notFound)
    }

    /// Where the scene `was`, at `index` in an earlier version, is in `new` (same rules).
    public static func index(of was: Anchor, near index: Int, in new: [Anchor]) -> Int {
        guard !new.isEmpty else { return 0 }
        if let found = sameContent(as: was, in: new) { return found }
        let clamped = min(max(0, index), new.count - 1)
        if new.indices.contains(index) {
            let now = new[index]
            if now.title == was.title && now.kind == was.kind { return index }
        }
        if let t = was.title, let i = nearest(new.indices.filter { new[$0].title == t && new[$0].kind == was.kind }, to: index) { return i }
        return clamped
    }

    private static func nearest(_ candidates: [Int], to index: Int) -> Int? {
        candidates.min { abs($0 - index) < abs($1 - index) }
    }
}
