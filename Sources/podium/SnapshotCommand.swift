import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit
import PodiumSDL

/// `podium snapshot`: one view rendered headless through SDL's offscreen driver.
@MainActor
enum SnapshotCommand {
    static func run(_ o: CommandLineInterface.Options) throws -> Int32 {
        typealias U = CommandLineInterface.UsageError
        try CommandLineInterface.refuseExtraArguments(o, command: "snapshot")
        try CommandLineInterface.refuseMisplacedValue(o)
        let deckPath = o.positional.first ?? AssetLocator.demoDeck
        guard let out = o.values["--out"] else { throw U(description: "snapshot needs --out FILE.png") }
        try refuseUnwritable(out)
        let sceneNumber = try o.values["--scene"].map { s -> Int in guard let n = Int(s), n >= 0 else { throw U(description: "--scene expects a scene index (0-based), got \(SafeText.quote(s))") }; return n } ?? 0
        let view = o.values["--view"] ?? "audience"
        guard ["presenter", "audience"].contains(view) else { throw U(description: "--view must be presenter or audience, got \(SafeText.quote(view))") }
        let sizeText = o.values["--size"] ?? "1920x1080"
        // Every part a number ("800x600x" is refused, not read as 800x600: trial 22 m8).
        let parts = sizeText.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let dims = parts.compactMap { Int($0) }
        guard parts.count == 2, dims.count == 2, dims.allSatisfy({ $0 > 0 }) else { throw U(description: "--size expects WxH, e.g. 1920x1080, got \(SafeText.quote(sizeText))") }
        guard dims.allSatisfy({ $0 <= 8192 }) else { throw U(description: "--size \(SafeText.quote(sizeText)) is too large: each side at most 8192 pixels") }

        let registry = BuiltInPlugins.registry()
        // As `present` does: a scene with a misspelt parameter is an error card (the audience
        // view keeps the room's picture), not a deck that cannot be drawn at all.
        let deck = try DeckSource.load(deckPath, registry: registry, options: o, keepingBadScenes: true)
        for w in DeckSource.parameterWarnings(deck, "that scene is drawn as an error card on the presenter view; its audience view keeps the room's picture (the first scene, where the talk starts)") { printError("podium: \(w)") }
        // An index, from 0, as the control socket's `goto` takes it, which scripts use with it; the
        // message says so beside the scene numbers people see (trial 16 m7).
        guard deck.scenes.indices.contains(sceneNumber) else {
            throw U(description: "--scene \(sceneNumber) is out of range: --scene takes a scene's index, counted from 0 as the control socket's goto is (scene 1 is --scene 0); the deck has \(deck.scenes.count) scene\(deck.scenes.count == 1 ? "" : "s"), indices 0–\(deck.scenes.count - 1)")
        }

        setenv("SDL_RENDER_DRIVER", "software", 0)
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        let text = TextEngine()
        let p = Presentation(deck: deck, registry: registry, metrics: text)
        p.goTo(sceneNumber)
        p.attachNextPreview()   // no run loop here to fire its timer
        let root = view == "presenter" ? p.presenter : p.audience
        let size = Size(Double(dims[0]), Double(dims[1]))
        // The audience preview in the presenter follows the audience aspect.
        if view == "presenter" { p.audience.resize(to: Size(1920, 1080)) }
        let window = try PlatformWindow(title: "Podium snapshot", root: root, size: size, text: text)
        defer { window.close() }   // before SDLVideo.stop (see PlatformWindow.close)
        p.imageSizing = ImageSizeCache()
        // PDF previews ask the PDF worker for their pages instead of rendering them here: draw
        // once, let the workers finish, and take the posted redraws, so the snapshot is complete.
        _ = window.renderIfNeeded(force: true)
        registry.waitUntilIdle()
        MainThreadMailbox.shared.drain()
        try window.screenshot(to: out)
        print("wrote \(out) (\(view) view of scene \(sceneNumber) \(SafeText.quote(p.title(at: sceneNumber))), \(dims[0])x\(dims[1]), driver \(SDLVideo.currentDriver))")
        return 0
    }

    /// Bad input exits 2 before anything is drawn: a PNG that cannot be written is found out now,
    /// not after the render (where it was a generic failure, exit 1).
    private static func refuseUnwritable(_ out: String) throws {
        let folder = out.pathDeletingLastComponent.isEmpty ? "." : out.pathDeletingLastComponent
        var isFolder: Bool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
            throw CommandLineInterface.Refusal(description: "--out \(SafeText.quote(out)): no folder \(SafeText.quote(folder)) to write it in")
        }
        guard access(folder, W_OK) == 0 else {
            throw CommandLineInterface.Refusal(description: "--out \(SafeText.quote(out)): the folder \(SafeText.quote(folder)) is not writable")
        }
    }
}
