import FoundationEssentials
import Glibc
import PodiumKit

/// Which scene's plugin code runs now, for the crash watcher (`podium_crash_watch_scene`): after
/// a crash the restart learns the scene (`PODIUM_CRASHED_SCENE`), so a scene that crashed the talk
/// twice in a row is skipped (`Presentation.skipCrashedScene`) instead of the talk going down
/// after its last restart. Marked: making a scene, drawing and hit-testing its views, events
/// handed to its views (clicks, keys, text: `deliver`), the actions and keys offered to it, and
/// the timers it schedules through its context.
@MainActor public enum SceneCode {
    /// Set by the executable: records 0-based scene `index` (-1: none) and returns the index it
    /// replaced. Nil (tests, `snapshot`): nothing is recorded.
    public static var marker: ((Int) -> Int)?

    /// The deck the marked indexes count in (set by `Presentation` as it reads or reloads one),
    /// so the marker can name each scene's entry too (`identity(ofScene:)`).
    static var scenes: [DeckScene] = [] { didSet { identities = [:] } }
    private static var identities: [Int: String] = [:]

    /// `identity(of:)` of scene `index` (0-based) of the deck read, worked out once per deck
    /// (FNV over its parameters' JSON: a marker runs on every draw); nil past its ends.
    public static func identity(ofScene index: Int) -> String? {
        guard scenes.indices.contains(index) else { return nil }
        if let known = identities[index] { return known }
        let id = identity(of: scenes[index])
        identities[index] = id
        return id
    }

    /// Scenes this process does not make, by 0-based index: their plugin code crashed the talk
    /// or stopped it responding (`SceneCrash.skips`: twice in a row, or once while the room was
    /// on another scene), and the crash watcher restarted it. Made again, such a scene would
    /// stop the talk again, and after the watcher's last restart the talk would stay down; each
    /// is an error card for the speaker instead (the room keeps its picture, as for any error
    /// card). A reload (Ctrl+R, the deck file changing) turns them into skipped entries
    /// (`reloading(from:)`, `skippedEntries`): the same entry stays skipped in the new deck.
    public static var skipped: [Int: SceneCrash] = [:]
    /// Set by the executable: tells the watcher that the crashes in a row so far no longer count
    /// (a reload: trial 10, "crashed the talk 3 times" after a reload) and carries the skips.
    public static var didForget: (() -> Void)?
    /// Set by the executable: told the scene a move goes to (0-based index, and its `identity`,
    /// which finds it again in a deck edited before the restart) while the scene it leaves runs
    /// its `willResignCurrent`, and nil after. A crash or hang there is the speaker's move under
    /// way: the restart resumes on the scene moved to, the one left skipped (trial 32 F5: the
    /// talk came back on the scene left, and the next try crashed again).
    public static var leaving: (((index: Int, identity: String)?) -> Void)?
    /// Told when a scene's drawing had commands dropped (non-finite geometry, `DrawListSanitiser`):
    /// 0-based scene index and what was dropped. Set by `Presentation` (a log line once per scene).
    static var droppedDrawing: ((Int, DrawListSanitiser.Report) -> Void)?
    /// Told when drawing a scene's view took longer than `slowDraw` seconds: 0-based scene index
    /// and seconds. Set by `Presentation` (named once per scene in the log and on the console).
    static var slowDrawing: ((Int, Double) -> Void)?
    /// A draw slower than this (seconds) delays every key and the room's blackout behind it.
    static let slowDraw = 0.1
    /// A plugin's `make` slower than this (seconds) is named once (`sceneMadeSlowly`): keys, the
    /// clock and both windows waited for it. A page of a big PDF opens in ~50 ms; half a second
    /// is a wait the speaker feels (trial 20 m7).
    static let slowMake = 0.5
    /// Monotonic seconds for timing draws and makes; injectable for tests.
    static var drawClock: () -> Double = { ProcessInfo.processInfo.systemUptime }

    /// Hands an event to `view` (`WindowRoot.eventDelivery`) marked as the code of the scene whose
    /// view holds it (a `SceneCodeView` above it, or above the view a popover holding it points
    /// at), unmarked for the console's own views.
    static func deliver(to view: View, _ body: () -> Bool) -> Bool {
        guard marker != nil else { return body() }
        var v: View? = view
        while let c = v {
            if let host = c as? SceneCodeView { return run(in: host.sceneIndex, body) }
            v = (c as? Popover)?.anchorView ?? c.superview
        }
        return body()
    }

    /// Runs `body` marked as scene `index`'s code, then restores what was marked before.
    static func run<T>(in index: Int, _ body: () throws -> T) rethrows -> T {
        guard let marker else { return try body() }
        let previous = marker(index)
        defer { _ = marker(previous) }
        return try body()
    }
}

/// Hosts one scene's view in a window or preview stage so that drawing and hit-testing it run as
/// that scene's code (`SceneCode`). Transparent to the pointer; fills its superview.
final class SceneCodeView: View {
    /// Moved by a reload that keeps the scene at another index (`SceneKeeping`).
    var sceneIndex: Int
    /// The scene's own view (its `audienceView` or `presenterView`).
    let sceneView: View

    init(_ view: View, index: Int) {
        sceneIndex = index
        sceneView = view
        super.init()
        pins = .fill()
        if view.pins == nil { view.pins = .fill() }   // a plugin may pin its view itself (margins)
        addSubview(view)
    }

    /// Set for the console's scene view: the presenter window's redraw count not counting the
    /// console's own timer ticks (`Presentation.presenterSceneRedraws`). While it, the list's
    /// offset and clip and the frames stay the same, the scene's last commands are used again
    /// and its `draw` is not called: a clock tick never runs a slow plugin draw (trial 11 F6).
    var redrawCount: (() -> Int)?
    private var cached: (key: CacheKey, commands: [DrawCommand])?
    private struct CacheKey: Equatable { var redraws: Int, offset: Point, clip: Rect?, frame: Rect, sceneFrame: Rect }

    /// Draws the scene into a list of its own (same offset and clip), then hands its commands
    /// over sanitised (`DrawListSanitiser`): a plugin's infinite or huge geometry is dropped or
    /// clamped here, before the host's renderer does pixel arithmetic on it.
    override func render(into list: inout DrawList) {
        if let last = pictureAfterLeaving() { list.append(contentsOf: DrawList(commands: last)); return }
        let key = redrawCount.map { CacheKey(redraws: $0(), offset: list.offset, clip: list.clip, frame: frame, sceneFrame: sceneView.frame) }
        if let key, let cached, cached.key == key, !isHidden, !list.isPreparing {
            list.append(contentsOf: DrawList(commands: cached.commands))
            return
        }
        cached = nil
        var own = DrawList()
        if let clip = list.clip { own.pushClip(clip) }   // at offset zero: the clip is in window points
        own.offset = list.offset
        let started = SceneCode.drawClock()
        SceneCode.run(in: sceneIndex) { super.render(into: &own) }
        var commands = own.commands
        if list.clip != nil { commands.removeFirst() }
        let took = SceneCode.drawClock() - started
        if took > SceneCode.slowDraw { SceneCode.slowDrawing?(sceneIndex, took) }
        let (clean, report) = DrawListSanitiser.sanitised(commands)
        if report.dropped > 0 { SceneCode.droppedDrawing?(sceneIndex, report) }
        list.append(contentsOf: DrawList(commands: clean))
        if leftHost != nil { lastDrawn = clean }
        // A frame being prepared (before its window exists) draws placeholders: never kept.
        if let key, !isHidden, !list.isPreparing { cached = (key, clean) }
    }

    /// Set on the room's scene host (trial 32 F1): called once, with the scene's index, when a
    /// draw finds the scene's view moved out of this host by its plugin. The host then draws the
    /// scene's last picture: the room keeps it, not a blank background.
    var leftHost: ((Int) -> Void)?
    private var lastDrawn: [DrawCommand] = []
    private var toldLeft = false

    /// The last picture while the watched scene view is elsewhere (telling `leftHost` once).
    private func pictureAfterLeaving() -> [DrawCommand]? {
        guard let leftHost, sceneView.superview !== self else { return nil }
        if !toldLeft { toldLeft = true; leftHost(sceneIndex) }
        return lastDrawn
    }

    override func hitTest(_ p: Point) -> View? {
        SceneCode.run(in: sceneIndex) { super.hitTest(p) }
    }
}
