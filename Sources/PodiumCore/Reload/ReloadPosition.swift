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

    /// The index in `new` for the scene at `index` in `old`: the same index while the scene there
    /// has the same kind and title (the same page); otherwise the first scene
    /// with the old scene's title (the page with the same label, moved by inserted or removed
    /// pages); otherwise the same index, clamped to the new deck's last scene.
    public static func index(from index: Int, old: [Anchor], new: [Anchor]) -> Int {
        guard old.indices.contains(index) else { return new.isEmpty ? 0 : min(max(0, index), new.count - 1) }
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
