import Foundation
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
        // Counted from 1, as `check`, the console, `--page` and every message count scenes.
        let sceneNumber = try o.values["--scene"].map { s -> Int in guard let n = Int(s) else { throw U(description: "--scene expects a scene number (1 for the first), got \(SafeText.quote(s))") }; return n } ?? 1
        let view = o.values["--view"] ?? "audience"
        guard ["presenter", "audience"].contains(view) else { throw U(description: "--view must be presenter or audience, got \(SafeText.quote(view))") }
        let sizeText = o.values["--size"] ?? "1920x1080"
        let dims = sizeText.lowercased().split(separator: "x").compactMap { Int($0) }
        guard dims.count == 2, dims.allSatisfy({ $0 > 0 && $0 <= 8192 }) else { throw U(description: "--size expects WxH, e.g. 1920x1080, got \(SafeText.quote(sizeText))") }

        let registry = BuiltInPlugins.registry()
        // As `present` does: a scene with a misspelt parameter is an error card (the audience
        // view keeps the room's picture), not a deck that cannot be drawn at all.
        let deck = try DeckSource.load(deckPath, registry: registry, options: o, keepingBadScenes: true)
        for w in DeckSource.parameterWarnings(deck, "that scene is drawn as an error card on the presenter view; its audience view keeps the room's picture (the first scene, where the talk starts)") { printError("podium: \(w)") }
        guard deck.scenes.indices.contains(sceneNumber - 1) else {
            throw U(description: "--scene \(sceneNumber) is out of range: the deck has \(deck.scenes.count) scene\(deck.scenes.count == 1 ? "" : "s"), numbered 1–\(deck.scenes.count)")
        }

        setenv("SDL_RENDER_DRIVER", "software", 0)
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        let text = TextEngine()
        let p = Presentation(deck: deck, registry: registry, metrics: text)
        p.goTo(sceneNumber - 1)
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
        print("wrote \(out) (\(view) view of scene \(sceneNumber) \(SafeText.quote(p.title(at: sceneNumber - 1))), \(dims[0])x\(dims[1]), driver \(SDLVideo.currentDriver))")
        return 0
    }
}
