import Foundation
import PodiumKit
import Synchronization

/// The one stand-in host for driving a scene without `podium`: it records what the scene asked
/// of the host (scenes opened, popovers, clipboard, log lines, timers) and, like the host,
/// presents popovers and action sheets in a real `WindowRoot` (fixed-width text), anchored at
/// views so they follow them. Configure it per test instead of writing another context.
public final class FakeSceneContext: SceneContext {
    public let pluginID: String
    public var theme: Theme = .standard
    public let dataDirectory: URL
    public let assetsDirectory: URL
    public let deckDirectory: URL
    /// Where popovers and action sheets are presented (the presenter window's root).
    public let root: WindowRoot
    /// False: every popover is refused (nil), as a host with no room for one would.
    public var presentsPopovers = true
    /// True: `runOnMain` work waits until the test calls `waitAndDrain()` on its own thread;
    /// false: it goes to Dispatch's main queue, as PodiumKit's default does.
    public var queuesMainWork: Bool {
        get { posted.withLock { $0.queues } }
        set { posted.withLock { $0.queues = newValue } }
    }

    public private(set) var opened: [(kind: String, parameters: [String: JSONValue])] = []
    /// Popovers asked for, with the anchor as a window rect (`.zero` when it was not shown).
    public private(set) var popovers: [(source: String, anchor: Rect, content: View)] = []
    public private(set) var clipboard: [String] = []
    public private(set) var logs: [String] = []
    public private(set) var timers: [(ms: Int, repeats: Bool, body: () -> Void, token: TimerToken)] = []
    public private(set) var displayRequests = 0

    /// Work posted from any thread (`runOnMain` is nonisolated), and whether it waits.
    private let posted = Mutex<(queues: Bool, work: [@Sendable @MainActor () -> Void])>((false, []))
    private let postedSignal = DispatchSemaphore(value: 0)

    /// `assetsDirectory` defaults to the package's `Assets`, `deckDirectory` to `Assets/Decks`;
    /// without `root`, a 1280×800 one with `FixedMetrics`.
    public init(pluginID: String = "org.podium.test", dataDirectory: URL, assetsDirectory: URL? = nil,
                deckDirectory: URL? = nil, root: WindowRoot? = nil) {
        self.pluginID = pluginID
        self.dataDirectory = dataDirectory
        self.assetsDirectory = assetsDirectory ?? TestPaths.root.appendingPathComponent("Assets")
        self.deckDirectory = deckDirectory ?? TestPaths.root.appendingPathComponent("Assets/Decks")
        if let root { self.root = root } else {
            self.root = WindowRoot(metrics: FixedMetrics())
            self.root.resize(to: Size(1280, 800))
        }
    }

    public func setNeedsDisplay() { displayRequests += 1; root.requestRedraw() }
    public func schedule(afterMilliseconds ms: Int, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken {
        let t = TimerToken(); timers.append((ms, repeats, body, t)); return t
    }
    /// Runs every timer not cancelled once (tests drive time by hand).
    public func fireTimers() { for t in timers where !t.token.isCancelled { t.body() } }

    public func openScene(kind: String, parameters: [String: JSONValue]) { opened.append((kind, parameters)) }

    public func presentPopover(_ content: View, preferredSize: Size, from anchor: Rect, source: String,
                               permittedDirections: Set<ArrowDirection>) -> Popover? {
        presentPopover(content, preferredSize: preferredSize, at: .window(anchor), source: source, permittedDirections: permittedDirections)
    }
    public func presentPopover(_ content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                               permittedDirections: Set<ArrowDirection>) -> Popover? {
        popovers.append((source, anchor.resolve(in: root) ?? .zero, content))
        guard presentsPopovers else { return nil }
        return root.presentPopover(content, preferredSize: preferredSize, at: anchor, source: source, permitted: permittedDirections)
    }
    public func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String) {
        root.presentActionSheet(sheet, from: anchor, source: source)
    }
    public func presentActionSheet(_ sheet: ActionSheet, at anchor: PopoverAnchor, source: String) -> PresentedView? {
        root.presentActionSheet(sheet, at: anchor, source: source)
    }

    /// What the room is shown in place of the scene (`observeAudience`); setting it tells the
    /// scene's observers, as the host does on a blackout or freeze.
    public var audienceState = AudienceState.live { didSet { audienceObservers.forEach { $0(audienceState) } } }
    private var audienceObservers: [(AudienceState) -> Void] = []
    public func observeAudience(_ body: @escaping (AudienceState) -> Void) { audienceObservers.append(body); body(audienceState) }
    /// How many times the scene asked for the room to see it (`showToRoom`).
    public private(set) var showToRoomRequests = 0
    public func showToRoom() { showToRoomRequests += 1 }

    public func setClipboard(_ text: String) { clipboard.append(text); root.writeClipboard(text) }
    public func log(_ message: String) { logs.append(message) }
    /// What the scene told the speaker (`tellSpeaker`), in order; also logged, as the host does.
    public private(set) var told: [String] = []
    public func tellSpeaker(_ message: String) { told.append(message); log(message) }

    public nonisolated func runOnMain(_ body: @escaping @Sendable @MainActor () -> Void) {
        let queued = posted.withLock { p in
            if p.queues { p.work.append(body) }
            return p.queues
        }
        guard queued else { DispatchQueue.main.async { body() }; return }
        postedSignal.signal()
    }

    /// With `queuesMainWork`: waits (up to 5 s) for work posted from another thread, then runs
    /// all of it here.
    public func waitAndDrain() {
        _ = postedSignal.wait(timeout: .now() + 5)
        let work = posted.withLock { p in defer { p.work.removeAll() }; return p.work }
        work.forEach { $0() }
    }
}
