import FoundationEssentials
import Glibc
import PodiumKit

/// The `SceneContext` handed to each scene: services of the host, scoped to one plugin.
final class HostContext: SceneContext {
    unowned let presentation: Presentation
    let pluginID: String
    /// The deck index of the scene this context serves (for `reportError`); a reload that keeps
    /// the scene (`SceneKeeping`) moves it to the scene's new index.
    var sceneIndex: Int
    /// The deck version the scene belongs to; after a reload that made the scene again its index
    /// means another scene. A reload that keeps the scene brings it to the new version.
    var deckGeneration: Int
    var isCurrentDeck: Bool { deckGeneration == presentation.deckGeneration }
    init(presentation: Presentation, pluginID: String, sceneIndex: Int, deckGeneration: Int) {
        self.presentation = presentation; self.pluginID = pluginID; self.sceneIndex = sceneIndex; self.deckGeneration = deckGeneration
    }

    var theme: Theme { presentation.presenter.hostTheme }
    var dataDirectory: URL {
        let base = ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: ProcessInfo.processInfo.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path).appendingPathComponent(".local/share")
        let dir = base.appendingPathComponent("podium/\(pluginID)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
    var assetsDirectory: URL { presentation.registry.assetsDirectory(ofPlugin: pluginID) ?? AssetLocator.assets }
    var deckDirectory: URL { presentation.deck.directory }
    /// Also refreshes the console's title and next caption: a scene may change its own title
    /// and whether it has a step left (a PDF page range's page, `SceneStepping`).
    func setNeedsDisplay() {
        // Not while the scene is still being made: its title would make it again, without end.
        if isCurrentDeck && sceneIndex == presentation.currentIndex, presentation.hasMadeScene(at: sceneIndex) { presentation.refreshConsoleNames() }
        presentation.presenter.requestRedraw(); presentation.audience.requestRedraw()
    }
    func schedule(afterMilliseconds ms: Int, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken {
        presentation.timers.schedule(now: presentation.clock(), after: Double(ms) / 1000, repeats: repeats) { [self] in SceneCode.run(in: sceneIndex, body) }
    }
    func openScene(kind: String, parameters: [String: JSONValue]) { if isCurrentDeck { presentation.open(kind: kind, parameters: parameters, from: sceneIndex) } }
    nonisolated func runOnMain(_ body: @escaping @Sendable @MainActor () -> Void) {
        // The index is read on the main thread: a reload may have moved the scene meanwhile.
        MainThreadMailbox.shared.post { [self] in SceneCode.run(in: sceneIndex, body) }
    }
    func presentPopover(_ content: View, preferredSize: Size, from anchor: Rect, source: String,
                        permittedDirections: Set<ArrowDirection>) -> Popover? {
        let p = Popover(content: content, preferredSize: preferredSize, anchor: anchor, source: source, permitted: permittedDirections)
        return presentation.presenter.present(p) ? p : nil
    }
    func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String) {
        presentation.presenter.presentActionSheet(sheet, from: anchor, source: source)
    }
    func presentPopover(_ content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                        permittedDirections: Set<ArrowDirection>) -> Popover? {
        presentation.presenter.presentPopover(content, preferredSize: preferredSize, at: anchor, source: source, permitted: permittedDirections)
    }
    func presentActionSheet(_ sheet: ActionSheet, at anchor: PopoverAnchor, source: String) -> PresentedView? {
        presentation.presenter.presentActionSheet(sheet, at: anchor, source: source)
    }
    /// The last message told, logged once however often it is told again (trial 20 m5: a plugin
    /// telling every 200 ms filled the log with one message).
    private var lastTold: String?
    func tellSpeaker(_ message: String) {
        if message != lastTold { log(message) }
        lastTold = message
        // Shown escaped, as the log and the error card show a plugin's text (trial 32 m8: a bidi
        // override reversed the rest of the notice strip).
        if isCurrentDeck { presentation.showPassingNotice(SafeText.escape(message), seconds: 10) }
    }
    func observeAudience(_ body: @escaping (AudienceState) -> Void) {
        guard isCurrentDeck else { return }
        presentation.audienceObservers.append((self, body))
        body(presentation.audienceState)
    }
    func showToRoom() { if isCurrentDeck { presentation.showLookUpToRoom(from: sceneIndex) } }
    func setClipboard(_ text: String) { presentation.clipboardWriter(text) }
    func log(_ message: String) { presentation.log("[\(pluginID)] \(message)") }
    func reportError(_ error: Error) {
        guard isCurrentDeck else { log("error after a reload replaced this scene: \(error)"); return }
        presentation.replaceWithErrorCard(index: sceneIndex, plugin: pluginID, error: error)
    }
}

/// Finds Podium's `Assets/` folder: `$PODIUM_ASSETS`, else next to the executable's package
/// (walking up from the binary, which SwiftPM puts in `.build/<config>/`), else the working dir.
public enum AssetLocator {
    public static let assets: URL = {
        if let e = ProcessInfo.processInfo.environment["PODIUM_ASSETS"] { return URL(fileURLWithPath: e) }
        // The running binary itself (argv[0] is only "podium" when it was found on PATH: trial 18
        // m6 got the working folder's Assets then), walked up to the checkout's Assets.
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Assets")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Decks").path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Assets")
    }()
    /// The built-in demo deck.
    public static var demoDeck: String { assets.appendingPathComponent("Decks/demo.json").path }
}
