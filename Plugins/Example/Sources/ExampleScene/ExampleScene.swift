import Foundation
import PodiumKit

/// One `example` scene: the audience sees a coloured card; the presenter gets a Count button
/// (the count is the scene's own state, kept when going back) and a Fail button that shows how
/// a scene gives up after it was made (`context.reportError`).
///
/// Scenes and views are main-actor types (PodiumKit 3.0): the host calls this class on the main
/// thread only. Work done on another thread (a file read, a network answer) comes back through
/// `context.runOnMain { [weak self] in self?.show(result) }` before it touches the scene or a view.
final class ExampleScene: Scene {
    /// The deck's parameters, checked (also by `podium check`, through `validate`).
    struct Settings {
        var greeting: String?
        var color: Color
        /// Resolved against the deck's folder and checked readable here, so `podium check` finds
        /// a missing file before the talk (read when the scene is made).
        var textFile: URL?
        init(_ p: SceneParameters) throws {
            greeting = try p.string("greeting")
            let hex = try p.string("color") ?? "#2e7d32"
            guard let c = Color(hex: hex) else {
                throw SceneParameterError(path: "\(p.path).color", message: "expected a colour like #1a2b3c, found \(SafeText.quote(hex))")
            }
            color = c
            textFile = try p.existingFile("textFile")
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    let title: String
    let presenterView: View
    let audienceView: View
    private let context: SceneContext
    private let countLabel = Label("Clicks: 0", font: .system(32), color: .white)
    private var countButton: Button!
    private var count = 0 { didSet { countLabel.text = "Clicks: \(count)"; countButton.title = "Count: \(count)"; context.setNeedsDisplay() } }

    init(settings: Settings, context: SceneContext) throws {
        self.context = context
        let greeting = try settings.greeting ?? Self.readText(context.assetsDirectory.appendingPathComponent("greeting.txt"))
        var detail = ""
        // Checked by `validate`, but it may have gone since: then `make` throws (an error card).
        if let url = settings.textFile { detail = try Self.readText(url) }
        title = greeting

        let card = View(background: settings.color)
        let stack = StackView(.vertical, spacing: 24, insets: EdgeInsets(all: 64))
        let heading = Label(greeting, font: .bold(72), color: .white, lines: 0)
        heading.alignment = .center
        countLabel.alignment = .center
        stack.add(heading)
        if !detail.isEmpty { let d = Label(detail, font: .system(28), color: .white, lines: 0); d.alignment = .center; stack.add(d) }
        stack.add(countLabel)
        card.addSubview(stack.pinned(.fill()))
        audienceView = card

        let controls = StackView(.vertical, spacing: 12, insets: EdgeInsets(all: 16))
        presenterView = View()
        presenterView.addSubview(controls.pinned(.fill()))
        countButton = Button("Count: 0", id: "example.count", style: .filled) { [weak self] _ in self?.count += 1 }
        controls.add(Label("Example plugin — press Count or '+'", font: .system(16)))
        controls.add(countButton)
        controls.add(Button("Fail", id: "example.fail", style: .destructive) { [weak self] _ in
            self?.context.reportError(Failure(description: "the Fail button was pressed"))
        })
        controls.addFlexibleSpace()
    }

    func handleUnhandledKey(_ key: Key) -> Bool {
        guard key.code == .character("+") || key.code == .character("=") else { return false }
        count += 1
        return true
    }

    func didBecomeCurrent() { context.log("shown with \(count) clicks") }

    private static func readText(_ url: URL) throws -> String {
        // InputFile: a directory, FIFO or huge file named here is refused, never read or waited on.
        do { return String(decoding: try InputFile.read(url.path, maxBytes: 1 << 20), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        catch { throw Failure(description: "cannot read \(error)") }
    }
}
