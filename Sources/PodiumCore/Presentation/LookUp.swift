import FoundationEssentials
import Glibc
import PodiumKit

/// A look-up: a scene opening a scene of another kind (`SceneContext.openScene`: the band list's
/// Actions… › Search the Web or Find Local Record Stores, the map's place card) is the speaker
/// looking something up, not the room's next step (trial 13 F13: the room was moved two scenes
/// on, to the search). The console goes to that scene; the room is held on the picture it saw,
/// by a freeze (so the phone remote, follower screens and the journal know it, and the preview
/// and the FROZEN badge show the speaker what the room sees), as the web search keeps a search
/// on the presenter until Results to Audience. The presenter says so. Then:
/// - `f` or Esc (the freeze ends) shows the looked-up scene to the room, as a deliberate step,
///   and so does that scene's own choice (`SceneContext.showToRoom`: Results to Audience);
/// - previous goes back to the scene the look-up came from, next on to the one after it, and any
///   other move (Home, End, a slide number, the overview) goes there: the talk keeps its order
///   and the room follows, live.
/// A link inside one kind (a PDF page's link to another page) is a move of the talk: it moves the
/// room as before. A room the speaker froze or covered already stays as it is.
struct LookUp: Equatable {
    /// The scene the talk was on, which the room still sees.
    var origin: Int
    /// That scene, when a reload removed it (the room keeps its frozen picture): previous and
    /// next step from it to the scenes around the gap, as during a removed scene's hold; `origin`
    /// is then where the scene was (`ReloadPosition.place`). Nil: the origin is in the deck.
    var removed: RemovedSceneHold?
    /// Ended by the talk moving on (next, previous, a go-to), not by showing it to the room.
    var endedByAMove = false

    /// The look-up once a reload replaces `old` with `new`: the origin found there, or, gone
    /// (not a page found by its content), held as a removed scene until it is back (trial 22:
    /// next skipped the scene after it, and previous went to that scene, which the room had
    /// not seen).
    func following(old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor]) -> LookUp {
        if let r = removed {
            if let back = r.index(in: new) { return LookUp(origin: back) }
            return LookUp(origin: ReloadPosition.index(from: origin, old: old, new: new), removed: r.following(old: old, new: new))
        }
        let p = ReloadPosition.place(from: origin, old: old, new: new)
        guard p.found == .notFound, old.indices.contains(origin), old[origin].content == nil else { return LookUp(origin: p.index) }
        return LookUp(origin: p.index, removed: RemovedSceneHold(removed: origin, old: old, new: new))
    }
}

extension Presentation {
    /// Whether opening scene `target` from scene `source` is a look-up the room must not follow.
    func opensALookUp(from source: Int?, to target: Int) -> Bool {
        guard let source, deck.scenes.indices.contains(source), target != currentIndex else { return false }
        return deck.scenes[source].kind != deck.scenes[target].kind && (!isFrozen || lookUp != nil)
    }

    /// Holds the room on what it sees now and tells the speaker; `show(target)` follows.
    /// A look-up from a look-up (the map's card opened from the band list's) keeps the first
    /// one's origin, the scene the room still sees (trial 15 m1: the notice named the map).
    /// One opened by the scene a go-to is going to, as it becomes current, is the talk's new
    /// place: the look-up the move left ends first, and the room holds on that scene (review31:
    /// it kept the old origin's picture, and next went back to the scene moved to, for ever).
    func beginLookUp(to target: Int) {
        if lookUpMove?.to == currentIndex {
            lookUpMove?.begun = true
            if lookUp != nil { setFrozen(false) }   // the room on the scene moved to, frozen again below
        }
        let origin = lookUp?.origin ?? currentIndex
        if lookUp == nil { setFrozen(true) }
        lookUp = LookUp(origin: origin)
        if let n = lookUpNotice, notice?.text == n { showNotice(nil) }
        let show = keyMap.keys(for: .freeze).first.map { "\($0) shows it to the room" } ?? "unfreeze to show it to the room"
        let back = keyMap.keys(for: .previous).first.map { "\($0) goes back" } ?? "previous goes back"
        // The keys first: the banner is one line, cut with "…" (trial 28 m9: "Page U…").
        lookUpNotice = "\(title(at: target)) on the console only — \(show), \(back); the room still sees \(title(at: origin))."
        log("look-up: \(sceneName(at: target)) opened from \(sceneName(at: origin)) on the console; the room stays on \(sceneName(at: origin))")
    }

    /// What the banner shows when the notice `going` goes during a look-up: the look-up's hint
    /// again (after a reload's "Reloaded …", say), unless the hint is what goes (a click on it).
    func lookUpHint(replacing going: String?) -> (text: String, kind: BannerView.Kind)? {
        guard lookUp != nil, let n = lookUpNotice, going != nil, going != n else { return nil }
        return (n, .info)
    }

    /// Where next or previous go during a look-up: from the scene the room sees, not the look-up.
    func lookUpStep(_ delta: Int) -> Int? {
        guard let l = lookUp else { return nil }
        // Its origin removed: to the scene either side of the gap (the other one at an end).
        if let r = l.removed { return r.step(delta, current: l.origin) ?? r.step(-delta, current: l.origin) ?? l.origin }
        return delta < 0 ? l.origin : min(l.origin + 1, sceneCount - 1)
    }

    /// A reload removed (or still lacks) the scene the look-up came from, whose frozen picture
    /// the room keeps: the look-up's hint says so and where previous and next go now.
    func lookUpOriginRemoved(_ r: RemovedSceneHold) {
        let was = r.anchor.title ?? r.anchor.kind
        let show = keyMap.keys(for: .freeze).first.map { "\($0) shows it to the room" } ?? "unfreeze to show it to the room"
        func key(_ a: ConsoleAction, _ name: String) -> String { keyMap.keys(for: a).first.map { "\($0)" } ?? name }
        let steps = [(key(.previous, "previous"), lookUpStep(-1)), (key(.next, "next"), lookUpStep(1))]
            .compactMap { k, to in to.map { "\(k) goes to \(title(at: $0))" } }
        let text = "\(title(at: currentIndex)) is on the console only: the room still sees \(was), which is not in the deck any more. \(show); \(steps.joined(separator: ", "))."
        let shown = notice?.text == lookUpNotice
        lookUpNotice = text
        if shown { showNotice(text, kind: .info) }
        log("look-up: the scene it came from, \(was), is not in the deck any more; previous and next go to the scenes around it")
    }

    /// The talk moved on (`show` done): the room follows, live, and the notice goes.
    func endLookUpAfterAMove() {
        guard lookUp != nil else { return }
        lookUp?.endedByAMove = true
        setFrozen(false)   // ends the look-up too (`lookUpFreezeEnded`)
    }

    /// The looked-up scene `index` asked for the room to see it (`SceneContext.showToRoom`: the
    /// web search's Results to Audience): as `f` during the look-up, the room sees it and the
    /// look-up ends. Outside a look-up, or from a scene not on the console, nothing changes.
    func showLookUpToRoom(from index: Int) {
        guard lookUp != nil, talkHold == nil, index == currentIndex else { return }
        log("look-up: \(sceneName(at: index)) shown to the room by the scene (the speaker's choice)")
        setFrozen(false)   // ends the look-up (`lookUpFreezeEnded`)
    }

    /// The freeze ended (a move, `f`, Esc, the remote): the look-up is over.
    func lookUpFreezeEnded() {
        guard let ended = lookUp else { return }
        lookUp = nil
        if let n = lookUpNotice, notice?.text == n { showNotice(nil) }
        lookUpNotice = nil
        // Shown to the room, the look-up is the talk's place: previous goes by the talk's order,
        // not back where the hint said a moment ago (trial 34 m10), so the speaker is told.
        if !ended.endedByAMove, ended.origin != currentIndex, currentIndex > 0 {
            let back = keyMap.keys(for: .previous).first.map { "\($0)" } ?? "previous"
            // Under a cover the room sees black or white, not the scene.
            let lead = audienceMode == .normal ? "The room sees \(title(at: currentIndex)) now" : "\(title(at: currentIndex)) is the talk's place now"
            showPassingNotice("\(lead): \(back) goes to \(title(at: currentIndex - 1)), the scene before it in the talk.", seconds: 8)
        }
        // Next now goes on from the looked-up scene, which the room sees: the preview says so.
        console.setNextCaption(nextCaption())
        attachNextPreview()
    }
}
