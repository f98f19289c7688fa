import FoundationEssentials
import PodiumKit
import Glibc
import PodiumCore

/// The lines `podium check` adds after "OK" for a pdfpc user: the slides as the speaker counts
/// them (a slide's overlays are one; the scenes are the PDF's pages), and what `talk.pdfpc`
/// beside a PDF gave the talk (trial 11, F14: "17 scenes (pdf ×17)" said neither).
enum CheckSummary {
    /// ", 12 slides (a slide's overlays count as one)" when overlays are grouped; "" otherwise.
    static func slides(_ deck: Deck) -> String {
        let s = Slides(deck.scenes)
        return s.isGrouped ? ", \(s.count) slide\(s.count == 1 ? "" : "s") (a slide's overlays count as one)" : ""
    }

    /// "notes: the right half of each page, to the presenter only; text notes on 3 of 4 pages"
    /// for a PDF deck (text notes: talk.pdfpc's or talk.notes.json's): what a pdfpc user checks
    /// before the event (trial 25 m6: `check` said neither). The half is the deck's (`--notes`, talk.pdfpc's `notesPosition`, else
    /// detected from the page shape); a page of another shape is shown whole (`present` warns).
    /// Nil for other decks.
    static func pdfNotes(_ deck: Deck, deckPath: String) -> String? {
        guard deckPath.lowercased().hasSuffix(".pdf"), !deck.scenes.isEmpty else { return nil }
        let half = deck.scenes.first?.parameters.values["notes"]?.string ?? "none"
        let written = deck.scenes.filter { !$0.notes.trimmingWhitespace().isEmpty }.count
        let where_ = half == "none" ? "none on the pages (each page is shown whole to both screens)"
            : "the \(half) half of each page, to the presenter only"
        // Not "written notes": read as "my Beamer notes are lost" for notes on the pages (trial 35 F9).
        return "notes: \(where_); text notes on \(written) of \(deck.scenes.count) page\(deck.scenes.count == 1 ? "" : "s")"
    }

    /// What a PDF deck's timing is and where each value came from (review26: the line named
    /// talk.pdfpc for values pdfpc.sty had put in the PDF): "talk.pdfpc read: duration 15 min,
    /// last minutes 3, end slide 10" when talk.pdfpc gave all of it; else "timing: duration 20
    /// min, last minutes 5 (talk.pdf's \pdfpcsetup); end slide 3 (--end-slide)", after
    /// "talk.pdfpc read; " when there is one; "talk.pdfpc read: notes and pages only (no
    /// timing)"; nil for other decks, or with neither a talk.pdfpc nor a plan.
    static func pdfpc(_ deck: Deck, deckPath: String) -> String? {
        guard deckPath.lowercased().hasSuffix(".pdf") else { return nil }
        let file = URL(fileURLWithPath: deckPath).deletingPathExtension().appendingPathExtension("pdfpc")
        // Only a regular file was read (a FIFO or a folder is said as a problem by the opener).
        let read = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType == .typeRegular
        var parts: [(text: String, source: String)] = []
        func source(_ key: String) -> String {
            guard let s = deck.timingSources[key] else { return file.lastPathComponent }   // an opener that did not say
            return s == file.path ? file.lastPathComponent : s
        }
        if let d = deck.durationMinutes { parts.append(("duration \(TalkOptions.plain(d)) min", source("duration"))) }
        if let t = deck.endTimeMinutes { parts.append((String(cFormat: "end time %02d:%02d", t / 60, t % 60), source("duration"))) }
        if let l = deck.lastMinutes { parts.append(("last minutes \(TalkOptions.plain(l))", source("lastMinutes"))) }
        if let e = deck.endSlide { parts.append(("end slide \(e)", source("endSlide"))) }
        if parts.isEmpty { return read ? "\(file.lastPathComponent) read: notes and pages only (no timing)" : nil }
        if read, parts.allSatisfy({ $0.source == file.lastPathComponent }) {
            return "\(file.lastPathComponent) read: " + parts.map(\.text).joined(separator: ", ")
        }
        // Runs of values from one source, each run followed by its source.
        var runs: [(texts: [String], source: String)] = []
        for p in parts {
            if runs.last?.source == p.source { runs[runs.count - 1].texts.append(p.text) } else { runs.append(([p.text], p.source)) }
        }
        let timing = runs.map { $0.texts.joined(separator: ", ") + " (\($0.source))" }.joined(separator: "; ")
        return (read ? "\(file.lastPathComponent) read; " : "") + "timing: " + timing
    }
}
