import Foundation
import PodiumKit

/// The running talk, independent of any platform: the deck, the scenes made so far, which one is
/// current, the presenter and audience view trees, and the timers. The platform layer owns the
/// windows, feeds input into `presenter`/`audience`, and draws them when `needsDisplay`.
public final class Presentation {
    public let deck: Deck
    public let registry: PluginRegistry
    public let presenter: WindowRoot
    public let audience: WindowRoot
    public let console: ConsoleView
    public let timers = TimerQueue()
    public let clock: () -> Double
    public private(set) var currentIndex = 0
    /// Scenes are made on first show and kept, so state survives going back and forth.
    private var scenes: [Int: Scene] = [:]
    /// Set by the platform: copies text to the clipboard.
    public var clipboardWriter: (String) -> Void = { _ in }
    public var log: (String) -> Void = { FileHandle.standardError.write(Data(("podium: " + $0 + "\n").utf8)) }
    /// Audience output: normal, or blanked to black/white (console keys `b`, `w`).
    public var audienceMode: AudienceMode = .normal { didSet { audienceCover.backgroundColor = audienceMode.cover; audienceCover.isHidden = audienceMode == .normal; presenter.requestRedraw() } }
    private let audienceCover = View()
    /// When the elapsed timer started (first advance), in `clock` seconds.
    public private(set) var startedAt: Double?

    /// - Parameters:
    ///   - metrics: the platform's text measurer (SDL2_ttf), shared by both windows.
    ///   - clock: monotonic seconds, injectable for tests.
    public init(deck: Deck, registry: PluginRegistry, metrics: TextMeasuring, theme: Theme = .standard,
                clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.deck = deck; self.registry = registry; self.clock = clock
        presenter = WindowRoot(theme: theme, metrics: metrics)
        audience = WindowRoot(theme: theme, metrics: metrics)
        audience.resize(to: Size(1280, 720))
        console = ConsoleView(deckTitle: deck.title)
        presenter.content.addSubview(console.pinned(.fill()))
        audienceCover.pins = .fill()
        audienceCover.isHidden = true
        audience.overlay.addSubview(audienceCover)
        // The presenter shows a live preview of the audience, so audience changes redraw both.
        audience.onNeedsDisplay = { [weak self] in self?.presenter.requestRedraw() }
        console.preview.source = audience
        console.onPrevious = { [weak self] in self?.previous() }
        console.onNext = { [weak self] in self?.next() }
        presenter.onUnhandledKey = { [weak self] k in self?.handleKey(k) ?? false }
        audience.onUnhandledKey = presenter.onUnhandledKey
        show(0)
    }

    public var currentScene: Scene { scene(at: currentIndex) }
    public var sceneCount: Int { deck.scenes.count }

    /// The scene at `index`, made now if this is its first use. A plugin that throws gets an
    /// error card naming the plugin and the error; the talk goes on.
    public func scene(at index: Int) -> Scene {
        if let s = scenes[index] { return s }
        let entry = deck.scenes[index]
        let made: Scene
        if let (kind, pluginID) = registry.sceneKind(entry.kind) {
            let ctx = HostContext(presentation: self, pluginID: pluginID, sceneIndex: index)
            do { made = try kind.make(entry.parameters, ctx) }
            catch { made = ErrorCardScene(title: entry.title ?? entry.kind, plugin: pluginID, error: "\(error)"); log("scene \(index) (\(entry.kind)): \(error)") }
        } else {
            made = ErrorCardScene(title: entry.kind, plugin: "none", error: "no plugin supplies scene kind \"\(entry.kind)\"")
        }
        scenes[index] = made
        return made
    }

    /// Replaces a scene that failed after it was made (`SceneContext.reportError`) with an error
    /// card naming the plugin and the error; shown at once when it is the current scene.
    func replaceWithErrorCard(index: Int, plugin: String, error: Error) {
        guard deck.scenes.indices.contains(index), !(scenes[index] is ErrorCardScene) else { return }
        log("scene \(index) (\(deck.scenes[index].kind)) failed: \(error)")
        scenes[index] = ErrorCardScene(title: deck.scenes[index].title ?? deck.scenes[index].kind, plugin: plugin, error: "\(error)")
        if index == currentIndex { show(index) }
    }

    /// Title of the scene at `index`: the deck's, else the scene's own.
    public func title(at index: Int) -> String { deck.scenes[index].title ?? scene(at: index).title }

    // MARK: Navigation

    public func next() { if currentIndex + 1 < sceneCount { show(currentIndex + 1) } }
    public func previous() { if currentIndex > 0 { show(currentIndex - 1) } }
    /// Makes scene `index` current; out-of-range indexes are ignored (returns false).
    @discardableResult
    public func goTo(_ index: Int) -> Bool {
        guard deck.scenes.indices.contains(index) else { return false }
        show(index); return true
    }

    private func show(_ index: Int) {
        let old = scenes[currentIndex]
        if index != currentIndex || old == nil {
            old?.willResignCurrent()
        }
        if startedAt == nil && index != currentIndex { startedAt = clock() }
        currentIndex = index
        let s = scene(at: index)
        presenter.popovers.forEach { $0.dismiss(byUser: false) }
        console.setScene(s.presenterView, index: index, count: sceneCount, title: title(at: index),
                         notes: deck.scenes[index].notes,
                         nextTitle: index + 1 < sceneCount ? title(at: index + 1) : nil)
        audience.content.removeAllSubviews()
        if s.audienceView.pins == nil { s.audienceView.pins = .fill() }
        audience.content.addSubview(s.audienceView)
        s.didBecomeCurrent()
        audience.requestRedraw()
        presenter.requestRedraw()
    }

    /// Opens the first scene of `kind` whose deck parameters include every one of `parameters`
    /// (e.g. the PDF page a link points at), else the first scene of `kind` (or does nothing when
    /// the deck has none), and hands it `parameters`: a segue from one scene to another.
    public func open(kind: String, parameters: [String: JSONValue]) {
        let ofKind = deck.scenes.indices.filter { deck.scenes[$0].kind == kind }
        let matching = ofKind.first { i in parameters.allSatisfy { deck.scenes[i].parameters.values[$0.key] == $0.value } }
        guard let i = matching ?? ofKind.first else { log("openScene: no \(kind) scene in this deck"); return }
        show(i)
        scene(at: i).receive(SceneParameters(parameters, path: "openScene(\(kind))"))
    }

    /// Default keys, after the focused control and the scene passed: clicker keys advance and go
    /// back, `b`/`.` black out, `w` white out.
    func handleKey(_ k: Key) -> Bool {
        if currentScene.handleUnhandledKey(k) { return true }
        switch k.name.lowercased() {
        case "right", "down", "page down", "pagedown", "space", "return", "n": next()
        case "left", "up", "page up", "pageup", "backspace", "p": previous()
        case "home": goTo(0)
        case "end": goTo(sceneCount - 1)
        case "b", ".": audienceMode = audienceMode == .black ? .normal : .black
        case "w": audienceMode = audienceMode == .white ? .normal : .white
        default: return false
        }
        return true
    }

    /// Seconds since the first advance, or 0 before it.
    public var elapsed: Double { startedAt.map { clock() - $0 } ?? 0 }
}

public enum AudienceMode: String, Sendable {
    case normal, black, white
    var cover: Color { self == .white ? .white : .black }
}

/// The scene shown in place of one that failed: names the plugin and the error.
final class ErrorCardScene: Scene {
    let title: String
    let presenterView: View
    let audienceView: View
    init(title: String, plugin: String, error: String) {
        self.title = title
        func card() -> View {
            let v = ErrorCardView(background: Theme.standard.background)
            v.id = "scene.error"
            v.accessibilityLabel = "Plugin \(plugin): \(error)"
            let stack = StackView(.vertical, spacing: 12, insets: EdgeInsets(all: 32))
            stack.add(Label("This scene could not be shown", font: .bold(28), color: Theme.standard.destructive))
            stack.add(Label("Plugin: \(plugin)", font: .system(18)))
            stack.add(Label(error, font: .system(18), lines: 0))
            v.addSubview(stack.pinned(.fill()))
            return v
        }
        presenterView = card(); audienceView = card()
    }
}

/// The error card's root: an "alert" in the control tree, so the control socket's `state` shows
/// which plugin failed and why.
final class ErrorCardView: View {
    override var role: String? { "alert" }
}
