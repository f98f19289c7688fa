import FoundationEssentials
import Dispatch

/// A scene: one step of a talk, supplied by a plugin. It owns two view trees, one for the
/// presenter window (controls) and one for the audience window (content), keeps its own state,
/// and talks to the host only through its `SceneContext`.
///
/// The host creates a scene when it is first shown, keeps it for the rest of the talk (state
/// survives going back), lays each tree out at its window's size in points, and calls the
/// lifecycle methods below. All calls arrive on the main thread: a scene is a main-actor type
/// (API 3.0), and work it does on another thread comes back through `SceneContext.runOnMain`.
@MainActor
public protocol Scene: AnyObject {
    /// Title for the console, the overview and the control socket's `state`.
    var title: String { get }
    /// Controls shown in the presenter window's scene area.
    var presenterView: View { get }
    /// What the room sees. Drawn fullscreen in the audience window and scaled in previews.
    var audienceView: View { get }
    /// The scene became current (shown to the audience).
    func didBecomeCurrent()
    /// Another scene is about to become current.
    func willResignCurrent()
    /// An action from the speaker's key map (`.next`, `.previous`, `.first`…), offered to the
    /// scene before the host performs it. Return true when the scene used it (a PDF page range
    /// steps to its next page on `.next`); false lets the host act (next scene…).
    ///
    /// Keys reach a scene in this order (see docs/WritingPlugins.md, "Keys"): a focused text
    /// field or text view takes its keys first; then a key the key map binds becomes an action
    /// offered here and then to the host; a key it does not bind goes to the focused control and
    /// then to `handleUnhandledKey`. Arrow keys reach a focused list, slider or map only while the
    /// pointer is over it and was used in the last 5 s (`WindowRoot.pointerArrowGraceSeconds`),
    /// or after Tab focused it, never while a popover points into it; an arrow the control does
    /// not use (its `handle` returns false) goes on to the talk. Esc always releases focus.
    func handle(_ action: ConsoleAction) -> Bool
    /// A key the key map does not bind and no control consumed (typed: match on `key.code`).
    /// Return true when the scene used it.
    func handleUnhandledKey(_ key: Key) -> Bool
    /// Parameters passed by another scene's `context.openScene` (a segue), e.g. a band's name.
    func receive(_ parameters: SceneParameters)
    /// A view for the console's notes panel, shown above the deck's text notes (or instead of
    /// "No notes"): a PDF page's Beamer notes half. Nil (the default) shows the text notes only.
    /// Read each time the scene becomes current.
    var presenterNotesView: View? { get }
}

extension Scene {
    public func didBecomeCurrent() {}
    public func willResignCurrent() {}
    public func handle(_ action: ConsoleAction) -> Bool { false }
    public func handleUnhandledKey(_ key: Key) -> Bool { false }
    public func receive(_ parameters: SceneParameters) {}
    public var presenterNotesView: View? { nil }
}

/// Services the host offers a scene. Obtained at creation; valid for the scene's lifetime.
/// Main-actor isolated like the scene, except `runOnMain`, which any thread may call; the
/// context itself is `Sendable`, so a worker may take it along to call `runOnMain`.
@MainActor
public protocol SceneContext: AnyObject, Sendable {
    /// The id of the plugin that made this scene (used in logs and error cards).
    var pluginID: String { get }
    /// The host's colours; draw with these so scenes match the rest of Podium.
    var theme: Theme { get }
    /// A directory this plugin may write, created on first use (`$XDG_DATA_HOME/podium/<plugin id>`).
    var dataDirectory: URL { get }
    /// The plugin's own assets directory (built-in plugins: `Assets/`).
    var assetsDirectory: URL { get }
    /// Directory of the deck file, for resolving relative paths in parameters.
    var deckDirectory: URL { get }
    /// Asks for both windows to be drawn again.
    func setNeedsDisplay()
    /// Runs `body` on the main thread after `milliseconds`, repeating when `repeats`; the returned
    /// token cancels it. The run loop sleeps until the next timer, so idle CPU stays near zero.
    @discardableResult
    func schedule(afterMilliseconds ms: Int, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken
    /// Runs `body` on the main thread soon, waking the run loop; callable from any thread (e.g. a
    /// network completion). Bodies run in the order they were posted. The one way back from
    /// another thread to scenes and views (API 3.0: `body` is main-actor isolated).
    nonisolated func runOnMain(_ body: @escaping @Sendable @MainActor () -> Void)
    /// Opens (makes current) the first scene of `kind` in the deck whose deck parameters include
    /// all of `parameters` (so a PDF link can name its page), else the first scene of `kind`, and
    /// hands it `parameters` through `Scene.receive`.
    func openScene(kind: String, parameters: [String: JSONValue])
    /// Presents a popover in the presenter window, pointing at `anchor` (window points) and
    /// returns it; presenting again from the same `source` while one is shown returns nil.
    @discardableResult
    func presentPopover(_ content: View, preferredSize: Size, from anchor: Rect, source: String,
                        permittedDirections: Set<ArrowDirection>) -> Popover?
    /// Shows an action sheet pointing at `anchor` (a popover without Cancel in regular width; a
    /// bottom sheet with Cancel when compact).
    func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String)
    /// Copies text to the system clipboard.
    func setClipboard(_ text: String)
    /// One line in the log (stderr), prefixed with the plugin id.
    func log(_ message: String)
    /// Gives up on this scene after it was made: the host puts an error card naming the plugin
    /// and `error` in its place (in both windows) and the rest of the talk goes on. For failures
    /// found later than `make`, e.g. while loading data for a redraw or in a timer. (API 1.0.)
    func reportError(_ error: Error)
    /// Presents a popover in the presenter window pointing at `anchor`: a view of this scene's
    /// presenter view, a rectangle in such a view's coordinates (points), or a window rectangle.
    /// The popover follows a view anchor through resizes, split view collapses and scrolling,
    /// and closes (`onDismiss(false)`) when it is removed, hidden or scrolled out of sight; one
    /// anchored inside an open popover is that popover's child. Returns nil when one from the
    /// same `source` is shown or the anchor is not shown. (API 1.0, appended.)
    @discardableResult
    func presentPopover(_ content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                        permittedDirections: Set<ArrowDirection>) -> Popover?
    /// Shows an action sheet pointing at `anchor` (see `presentPopover(_:preferredSize:at:…)`);
    /// from a button inside a popover it is a child popover pointing at that button. Returns what
    /// was shown (a `Popover`, or a `BottomSheet` in a compact window), nil when nothing was.
    /// (API 1.0, appended.)
    @discardableResult
    func presentActionSheet(_ sheet: ActionSheet, at anchor: PopoverAnchor, source: String) -> PresentedView?
    /// Calls `body` on the main thread with the audience state now and after every change
    /// (blackout, whiteout, freeze, back to live) for the rest of the talk. Hosts without
    /// audience modes never call it. (API 2.x, appended.)
    func observeAudience(_ body: @escaping (AudienceState) -> Void)
    /// Tells the speaker `message` (one short sentence) in the presenter view's notice strip for
    /// a few seconds, never the room, and logs it: something the speaker should know while the
    /// talk goes on, e.g. a file the plugin cannot save. The strip is one line: a longer message
    /// (line breaks read as spaces) is cut with "…" there and read whole in the log; the same
    /// message told again is logged once. (API 3.x, appended.)
    func tellSpeaker(_ message: String)
    /// The speaker chose to show this scene's audience view to the room (a button such as the
    /// web search's Results to Audience). During a look-up (this scene opened by a scene of
    /// another kind, the room held on that one, see `openScene`) the host ends the look-up as
    /// the freeze key does: the room sees this scene, live. Otherwise nothing changes: a room
    /// the speaker froze or covered stays so. (API 3.x, appended; hosts without look-ups ignore it.)
    func showToRoom()
}

extension SceneContext {
    /// Hosts without audience modes (test doubles): the room always sees the scene.
    public func observeAudience(_ body: @escaping (AudienceState) -> Void) {}
    /// Hosts without a presenter view (test doubles): the log only.
    public func tellSpeaker(_ message: String) { log(message) }
    /// Hosts without look-ups (test doubles): the room already sees the current scene.
    public func showToRoom() {}
}

extension SceneContext {
    /// Hosts that only know window rectangles (older test doubles): the anchor as it is now.
    @discardableResult
    public func presentPopover(_ content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                               permittedDirections: Set<ArrowDirection>) -> Popover? {
        guard let r = anchor.resolve(in: anchor.view?.host) else { return nil }
        return presentPopover(content, preferredSize: preferredSize, from: r, source: source, permittedDirections: permittedDirections)
    }
    @discardableResult
    public func presentActionSheet(_ sheet: ActionSheet, at anchor: PopoverAnchor, source: String) -> PresentedView? {
        if let r = anchor.resolve(in: anchor.view?.host) { presentActionSheet(sheet, from: r, source: source) }
        return nil
    }

    /// Presents a popover pointing at `view` (a button), following it; see
    /// `presentPopover(_:preferredSize:at:source:permittedDirections:)`.
    @discardableResult
    public func presentPopover(_ content: View, preferredSize: Size, from view: View, source: String,
                               permittedDirections: Set<ArrowDirection> = ArrowDirection.any) -> Popover? {
        presentPopover(content, preferredSize: preferredSize, at: .view(view), source: source, permittedDirections: permittedDirections)
    }
    /// Shows an action sheet pointing at `view` (a button, maybe inside a popover).
    @discardableResult
    public func presentActionSheet(_ sheet: ActionSheet, from view: View, source: String) -> PresentedView? {
        presentActionSheet(sheet, at: .view(view), source: source)
    }
}

extension SceneContext {
    /// Hosts that cannot replace a scene (test doubles) just log the error.
    public func reportError(_ error: Error) { log("error: \(error)") }
}

/// Cancels a scheduled timer.
public final class TimerToken {
    /// True once ``TimerToken/cancel()`` was called; the host skips and drops a cancelled timer.
    public private(set) var isCancelled = false
    /// A token not yet cancelled; hosts make one per `schedule(afterMilliseconds:repeats:_:)` call.
    public init() {}
    /// Stops the timer: its body does not run again (a repeating one stops repeating); calling it
    /// twice is harmless.
    public func cancel() { isCancelled = true }
}

extension SceneContext {
    /// Fallback for contexts without a run loop of their own (test doubles): Dispatch's main queue.
    public nonisolated func runOnMain(_ body: @escaping @Sendable @MainActor () -> Void) {
        DispatchQueue.main.async { body() }
    }
}
