import PodiumKit

/// What a scene remade by a reload hands to its replacement (`SceneStateCarrying`): trial 12 F9,
/// a co-author's edit of the map scene's parameters wiped the place the speaker had typed and
/// the results the room saw. The state is taken from every remade scene that adopts the
/// protocol, placed at the index its deck entry has in the new version, and handed over when the
/// scene there is made (at once for the current scene, else when first needed).
struct CarriedState: Equatable {
    /// The kind of the scene it came from: only a scene of that kind takes it.
    let kind: String
    /// The deck entry's title then, to place it in the new version.
    let title: String?
    /// The parameters of the scene it came from, to tell the new scene what the deck changed.
    let parameters: [String: JSONValue]
    let state: JSONValue

    /// The top-level parameter names whose values differ between `old` and `new`: added,
    /// removed or changed.
    static func changedParameters(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> Set<String> {
        Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
    }

    /// Where each state of `carried` (by index in the old deck) goes in the new one: the index
    /// `ReloadPosition` gives its scene, when a scene of the same kind is there that the reload
    /// did not keep, and that scene has the same title or is where the talk goes from the scene
    /// it was on (`current`). Anything else is dropped: state never lands in another scene of
    /// the same kind that merely took its place (a map deleted, the next map moved up).
    static func place(_ carried: [Int: CarriedState], current: Int, old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor],
                      kept: Set<Int>) -> [Int: CarriedState] {
        var out: [Int: CarriedState] = [:]
        for (i, c) in carried.sorted(by: { $0.key < $1.key }) {
            let j = ReloadPosition.index(from: i, old: old, new: new)
            guard new.indices.contains(j), new[j].kind == c.kind, !kept.contains(j), out[j] == nil,
                  new[j].title == c.title || i == current else { continue }
            out[j] = c
        }
        return out
    }
}

extension Presentation {
    /// Takes the state of every scene of the old deck that the reload does not keep (`keptOld`:
    /// old indexes kept), with the states still waiting for a scene not made since the last
    /// reload. Call before the old scenes are dropped.
    func takeCarriedStates(keptOld: Set<Int>) -> [Int: CarriedState] {
        var out = carriedStates.filter { scenes[$0.key] == nil }
        for (i, s) in scenes where !keptOld.contains(i) {
            guard let s = s as? SceneStateCarrying, let origin = sceneOrigins[i] else { continue }
            let state = SceneCode.run(in: i) { s.carriedState() }
            if state != .null { out[i] = CarriedState(kind: origin.kind, title: origin.title, parameters: origin.parameters, state: state) }
        }
        return out
    }

    /// Hands the state waiting for scene `index` to the scene just made there (`made`, from a
    /// plugin unless an error card stood in): once, then it is dropped.
    func handCarriedState(to made: Scene, at index: Int, madeFromPlugin: Bool) {
        guard let c = carriedStates.removeValue(forKey: index), madeFromPlugin,
              let s = made as? SceneStateCarrying, deck.scenes[index].kind == c.kind else { return }
        let changed = CarriedState.changedParameters(c.parameters, deck.scenes[index].parameters.values)
        SceneCode.run(in: index) { s.adoptCarriedState(c.state, changedParameters: changed) }
        log("reload: \(sceneName(at: index)) took over what the speaker made of it\(changed.isEmpty ? "" : " (the deck changed \(changed.sorted().map { SafeText.quote($0) }.joined(separator: ", ")))")")
    }
}
