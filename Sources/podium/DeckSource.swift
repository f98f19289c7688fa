import Foundation
import MediaScene
import PDFScene
import PodiumCore
import PodiumKit

/// Where a command's deck comes from: a JSON deck file, or a PDF (`podium present talk.pdf`),
/// which becomes a deck of one `pdf` scene per page.
enum DeckSource {
    /// Loads `path`. For a `.pdf`, `--notes right|left|bottom|top|none` picks Beamer's notes half (absent or `auto`: detected),
    /// `--no-grouping` keeps overlays apart; pdfpc's `talk.pdfpc` and the talk options (`TalkOptions`) apply.
    /// Throws `DeckError` naming the file and problem, or a usage error for a bad `--notes`.
    static func load(_ path: String, registry: PluginRegistry, options: CommandLineInterface.Options) throws -> Deck {
        let notes = options.values["--notes"] ?? "auto"
        guard PDFDeck.isPDF(path) else {
            if options.values["--notes"] != nil { throw CommandLineInterface.UsageError(description: "--notes applies to a PDF deck (talk.pdf), not \(path)") }
            if options.flags.contains("--no-grouping") { throw CommandLineInterface.UsageError(description: "--no-grouping applies to a PDF deck (talk.pdf), not \(path)") }
            var deck = try Deck.load(path: path, kinds: registry.validators)
            try TalkOptions.apply(&deck, pdfpc: nil, options: options)
            return deck
        }
        guard notes == "auto" || NotesLayout(rawValue: notes) != nil else {
            throw CommandLineInterface.UsageError(description: "--notes expects right, left, bottom, top, none or auto, got \(SafeText.quote(notes))")
        }
        let layout = NotesLayout(rawValue: notes)
        // A PDF given as the deck that cannot be opened (a typo, a half-written file) is refused
        // like a broken JSON deck: the room must not see an error card as the talk's first page.
        do { _ = try PageCaches.cache(for: URL(fileURLWithPath: path).standardizedFileURL.path) }
        catch {
            let why = "\(error)"
            throw DeckError(file: path, path: "", message: why.hasPrefix(path + ": ") ? String(why.dropFirst(path.count + 2)) : why)
        }
        let pdf: PDFDeck
        do { pdf = try PDFDeck(path: path, notes: layout, grouping: !options.flags.contains("--no-grouping")) }
        catch let e as SceneParameterError { throw DeckError(file: path, path: "", message: "\(e)") }
        let scenes = pdf.pages.enumerated().map { i, p in
            DeckScene(kind: "pdf", title: p.title, notes: p.notes, parameters: SceneParameters(p.parameters, path: "pages[\(i)]"), slide: p.slide)
        }
        var deck = Deck(title: pdf.title, scenes: scenes, path: URL(fileURLWithPath: path).standardizedFileURL.path)
        try TalkOptions.apply(&deck, pdfpc: pdf.pdfpc, options: options)
        return deck
    }

    /// Warnings for the speaker, one line each: `pdf` scenes showing whole pages that look like
    /// slide + notes (the room would read the notes). `present` shows the first in the
    /// presenter's banner, `check` prints them all.
    static func notesWarnings(_ deck: Deck) -> [String] {
        var seen: Set<String> = []
        return deck.scenes.compactMap { s in
            guard s.kind == "pdf", let w = PDFPlugin.notesWarning(s.parameters, deckDirectory: deck.directory) else { return nil }
            return seen.insert(w).inserted ? w : nil
        }
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
