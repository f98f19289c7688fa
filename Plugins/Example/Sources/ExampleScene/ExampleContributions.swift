import Foundation
import PodiumKit

/// What the Example plugin contributes besides its scene kind (API 2.1), as docs/WritingPlugins.md
/// §"Deck openers and commands" describes: a deck opener and a command.
enum ExampleContributions {
    /// `podium present hello.greetings`: a text file, one `example` scene per non-empty line
    /// (the line is the greeting). `--greeting-color #rrggbb` colours every card; it is accepted
    /// only with a `.greetings` deck.
    /// (`nonisolated(unsafe)`: `DeckOpener` is not Sendable, its closure runs on the main thread;
    /// this constant is made once and never changed, so sharing it is safe.)
    nonisolated(unsafe) static let opener = DeckOpener(
        extensions: ["greetings"], summary: "a text file: one example card per line",
        options: [PluginOption(name: "--greeting-color", takesValue: true, summary: "#rrggbb  the cards' colour")]
    ) { request in
        let color = request.values["--greeting-color"] ?? "#2e7d32"
        guard Color(hex: color) != nil else {
            throw DeckOpenerError(.option, "--greeting-color expects a colour like #1a2b3c, got \(SafeText.quote(color))")
        }
        let text: String
        do { text = String(decoding: try InputFile.read(request.path, maxBytes: 1 << 20), as: UTF8.self) }
        catch let e as InputFileError { throw DeckOpenerError(.file, e.problem) }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw DeckOpenerError(.file, "no greetings (one per line)") }
        var deck = OpenedDeck(title: (request.path as NSString).lastPathComponent, scenes: lines.enumerated().map { i, line in
            OpenedDeck.Scene(kind: "example", title: "Greeting \(i + 1)", parameters: ["greeting": .string(line), "color": .string(color)])
        })
        deck.durationMinutes = Double(lines.count)   // a minute per greeting
        return deck
    }

    /// `podium greet NAME…`: prints a greeting for each name; exit 2 without one.
    /// (`nonisolated(unsafe)` as for `opener`: made once, never changed.)
    nonisolated(unsafe) static let command = PluginCommand(name: "greet", summary: "Print a greeting (the Example plugin's command)", usage: "NAME…") { context in
        guard !context.arguments.isEmpty else { throw PluginCommandUsageError("greet needs at least one NAME") }
        for name in context.arguments { print("Hello, \(name)! (data directory \(context.dataDirectory.path))") }
        return 0
    }
}
