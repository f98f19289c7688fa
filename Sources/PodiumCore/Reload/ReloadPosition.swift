import PodiumKit

/// Where the talk goes when its deck is replaced by a new version (pure, for tests).
public enum ReloadPosition {
    /// What identifies a scene across versions: its kind and title (a PDF deck's titles carry
    /// the page label or outline entry).
    public struct Anchor: Equatable {
        public var kind: String
        public var title: String?
        public init(kind: String, title: String? = nil) { self.kind = kind; self.title = title }
        public init(_ s: DeckScene) { self.init(kind: s.kind, title: s.title) }
    }

    /// The index in `new` for the scene at `index` in `old`. The two versions are aligned by a
    /// diff of their anchors (Swift's `CollectionDifference`, Myers' algorithm): a scene that is in
    /// both follows its alignment, so scenes inserted or removed before it move the talk with it
    /// even when titles repeat (the second "Demo", the third overlay of slide "2"). A scene that
    /// is gone or was retitled goes to the nearest scene with its kind and title, otherwise stays
    /// at its index, clamped to the new deck's last scene.
    public static func index(from index: Int, old: [Anchor], new: [Anchor]) -> Int {
        guard old.indices.contains(index) else { return new.isEmpty ? 0 : min(max(0, index), new.count - 1) }
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
