import Foundation
import MediaScene
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
            return try Deck.load(path: path, kinds: registry.validators)
        }
        guard let layout = NotesLayout(rawValue: notes) else {
            throw CommandLineInterface.UsageError(description: "--notes expects right, left, bottom or none, got \(SafeText.quote(notes))")
        }
        let pdf: PDFDeck
        do { pdf = try PDFDeck(path: path, notes: layout) }
        catch let e as SceneParameterError { throw DeckError(file: path, path: "", message: "\(e)") }
        let scenes = pdf.pages.enumerated().map { i, p in
            DeckScene(kind: "pdf", title: p.title, notes: p.notes, parameters: SceneParameters(p.parameters, path: "pages[\(i)]"))
        }
        return Deck(title: pdf.title, scenes: scenes, path: URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// The files a running talk depends on, absolute: the deck, each scene's `file` (its PDF),
    /// a PDF deck's notes sidecar, and the key map. A reload watches these.
    static func files(of deck: Deck, options: CommandLineInterface.Options) -> [String] {
        var out = [deck.path]
        if PDFDeck.isPDF(deck.path) { out.append(PDFNotes.sidecarPath(for: deck.path)) }
        for s in deck.scenes {
            guard let f = s.parameters.values["file"]?.string else { continue }
            out.append(f.hasPrefix("/") ? f : deck.directory.appendingPathComponent(f).standardizedFileURL.path)
        }
        if let k = options.values["--keymap"] { out.append(URL(fileURLWithPath: k).standardizedFileURL.path) }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// Problems `podium check` finds by opening each `pdf` scene's file and running GStreamer's
    /// discoverer on each `media` scene's clip (the deck itself is valid), one line each naming
    /// the scene and the problem. With `complete` (before a reload), PDF files that look half
    /// written are problems too; clips are not probed then (a reload must not wait on GStreamer;
    /// a missing clip already fails the deck's validation).
    static func fileProblems(_ deck: Deck, complete: Bool = false) -> [String] {
        deck.scenes.enumerated().compactMap { i, s in
            let problem: String?
            switch s.kind {
            case "pdf": problem = PDFPlugin.fileProblem(s.parameters, deckDirectory: deck.directory, complete: complete)
            case "media" where !complete: problem = MediaPlugin.fileProblem(s.parameters, deckDirectory: deck.directory)
            default: return nil
            }
            return problem.map { $0.hasPrefix("scenes[\(i)]") ? $0 : "scenes[\(i)]: \($0)" }
        }
    }
}
