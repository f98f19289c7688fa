import Foundation
import PDFScene
import PodiumCore
import PodiumKit

/// Where a command's deck comes from: a JSON deck file, or a PDF (`podium present talk.pdf`),
/// which becomes a deck of one `pdf` scene per page.
enum DeckSource {
    /// Loads `path`. For a `.pdf`, `--notes right|left|bottom|none` picks Beamer's notes half.
    /// Throws `DeckError` naming the file and problem, or a usage error for a bad `--notes`.
    static func load(_ path: String, registry: PluginRegistry, options: CommandLineInterface.Options) throws -> Deck {
        let notes = options.values["--notes"] ?? "none"
        guard PDFDeck.isPDF(path) else {
            if options.values["--notes"] != nil { throw CommandLineInterface.UsageError(description: "--notes applies to a PDF deck (talk.pdf), not \(path)") }
            if options.flags.contains("--no-grouping") { throw CommandLineInterface.UsageError(description: "--no-grouping applies to a PDF deck (talk.pdf), not \(path)") }
            return try Deck.load(path: path, kinds: registry.validators)
        }
        guard let layout = NotesLayout(rawValue: notes) else {
            throw CommandLineInterface.UsageError(description: "--notes expects right, left, bottom or none, got \"\(notes)\"")
        }
        let pdf: PDFDeck
        do { pdf = try PDFDeck(path: path, notes: layout, grouping: !options.flags.contains("--no-grouping")) }
        catch let e as SceneParameterError { throw DeckError(file: path, path: "", message: "\(e)") }
        let scenes = pdf.pages.enumerated().map { i, p in
            DeckScene(kind: "pdf", title: p.title, notes: p.notes, parameters: SceneParameters(p.parameters, path: "pages[\(i)]"), slide: p.slide)
        }
        return Deck(title: pdf.title, scenes: scenes, path: URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// Problems `podium check` finds by opening each `pdf` scene's file (the deck itself is valid),
    /// one line each naming the scene and the problem.
    static func fileProblems(_ deck: Deck) -> [String] {
        deck.scenes.enumerated().compactMap { i, s in
            guard s.kind == "pdf" else { return nil }
            return PDFPlugin.fileProblem(s.parameters, deckDirectory: deck.directory)
                .map { $0.hasPrefix("scenes[\(i)]") ? $0 : "scenes[\(i)]: \($0)" }
        }
    }
}
