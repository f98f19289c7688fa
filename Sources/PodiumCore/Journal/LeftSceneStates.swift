import PodiumKit

/// What the speaker made of the scenes the talk left (a band picked, a map search), kept for the
/// journal so a restart hands each back as a reload does (trial 34 m6: a crash restart brought
/// every scene but the current one back as the deck starts it).
extension Presentation {
    typealias LeftScene = TalkJournal.Record.LeftScene

    /// Keeps the carried state of scene `index` (made by a plugin) as the talk leaves it: once a
    /// move, and only for the scenes that carry one (`SceneStateCarrying`; no PDF page does).
    func keepLeftState(of scene: Scene, at index: Int) {
        guard let c = scene as? SceneStateCarrying, let origin = sceneOrigins[index] else { return }
        let state = SceneCode.run(in: index) { c.carriedState() }
        leftStates[index] = state == .null ? nil : LeftScene(scene: index, kind: origin.kind, title: origin.title, state: state)
    }

    /// The states kept for the journal by index, but that of `place` (the record's own scene,
    /// whose state is `Record.sceneState`); nil when there are none.
    func leftScenes(besides place: Int) -> [LeftScene]? {
        let left = leftStates.filter { $0.key != place }.sorted { $0.key < $1.key }.map(\.value)
        return left.isEmpty ? nil : left
    }

    /// Hands each of `record.leftScenes` to its scene in this deck (found by kind and title near
    /// its old index), but to `current`, whose state the record's own is.
    func carryLeftStates(of record: TalkJournal.Record, besides current: Int) {
        for l in record.leftScenes ?? [] {
            guard let i = index(ofKind: l.kind, title: l.title, near: l.scene), i != current else { continue }
            carry(l.state, kind: l.kind, to: i)
            leftStates[i] = LeftScene(scene: i, kind: l.kind, title: l.title, state: l.state)
        }
    }

    /// The scene of `kind` titled `title` in this deck, found near `near` (its index in the deck a
    /// journal was written from, `ReloadPosition`); nil when no scene of that kind and title is
    /// there. A resume finds the room's frozen scene and the scenes left this way.
    func index(ofKind kind: String, title: String?, near: Int) -> Int? {
        let anchors = deck.scenes.map(ReloadPosition.Anchor.init)
        let i = ReloadPosition.index(of: .init(kind: kind, title: title), near: near, in: anchors)
        return anchors.indices.contains(i) && anchors[i].kind == kind && anchors[i].title == title ? i : nil
    }

    /// The kept states moved to their scenes' indexes in a reloaded deck; those whose scene is
    /// gone (or is another, of the same kind, that took its place) dropped.
    func followLeftStates(old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor]) {
        var moved: [Int: LeftScene] = [:]
        for (i, l) in leftStates {
            let j = ReloadPosition.index(from: i, old: old, new: new)
            guard new.indices.contains(j), new[j].kind == l.kind, new[j].title == l.title else { continue }
            moved[j] = LeftScene(scene: j, kind: l.kind, title: l.title, state: l.state)
        }
        leftStates = moved
    }
}
