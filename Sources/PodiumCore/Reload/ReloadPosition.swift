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
        public init(kind: String, title: String? = nil, content: (@Sendable () -> [String])? = nil) { self.kind = kind; self.title = title; self.content = content }
        public init(_ s: DeckScene) { self.init(kind: s.kind, title: s.title, content: s.content) }
        public static func == (a: Anchor, b: Anchor) -> Bool { a.kind == b.kind && a.title == b.title }
    }

    /// The index in `new` for the scene at `index` in `old`. First the scene showing the same
    /// content (`Anchor.content`, strictest fingerprint first: the same PDF page, the same
    /// overlay of it, wherever slides were inserted or removed; Beamer's labels are frame
    /// numbers, which an inserted frame shifts, trial 16 M2). Without one (no fingerprint, or
    /// the page was edited or is now hidden by talk.pdfpc: a deck's scenes never include a
    /// hidden page), the two versions are aligned by a diff of their kinds and titles (Swift's `CollectionDifference`, Myers'
    /// algorithm): a scene that is in both follows its alignment, so scenes inserted or removed
    /// before it move the talk with it even when titles repeat (the second "Demo", the third
    /// overlay of slide "2"). A scene that is gone or was retitled goes to the nearest scene with
    /// its kind and title, otherwise stays at its index, clamped to the new deck's last scene.
    public static func index(from index: Int, old: [Anchor], new: [Anchor]) -> Int {
        guard old.indices.contains(index) else { return new.isEmpty ? 0 : min(max(0, index), new.count - 1) }
        if let found = sameContent(as: old[index], in: new) { return found }
        return byLabel(from: index, old: old, new: new)
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

    private static func byLabel(from index: Int, old: [Anchor], new: [Anchor]) -> Int {
        let diff = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in diff {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
            }
        }
        guard !removed.contains(index) else { return self.index(of: old[index], near: index, in: new) }
        // The k-th scene kept from `old` is the k-th scene of `new` that was not inserted.
        var k = (0..<index).count { !removed.contains($0) }
        for j in new.indices where !inserted.contains(j) {
            if k == 0 { return j }
            k -= 1
        }
        return self.index(of: old[index], near: index, in: new)
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
