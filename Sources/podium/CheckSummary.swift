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

    /// "notes: the right half of each page, to the presenter only; 3 of 4 pages have written
    /// notes" for a PDF deck: what a pdfpc user checks before the event (trial 25 m6: `check`
    /// said neither). The half is the deck's (`--notes`, talk.pdfpc's `notesPosition`, else
    /// detected from the page shape); a page of another shape is shown whole (`present` warns).
    /// Nil for other decks.
    static func pdfNotes(_ deck: Deck, deckPath: String) -> String? {
        guard deckPath.lowercased().hasSuffix(".pdf"), !deck.scenes.isEmpty else { return nil }
        let half = deck.scenes.first?.parameters.values["notes"]?.string ?? "none"
        let written = deck.scenes.filter { !$0.notes.trimmingWhitespace().isEmpty }.count
        let where_ = half == "none" ? "none on the pages (each page is shown whole to both screens)"
            : "the \(half) half of each page, to the presenter only"
        return "notes: \(where_); \(written) of \(deck.scenes.count) page\(deck.scenes.count == 1 ? " has" : "s have") written notes"
    }

    /// "talk.pdfpc read: duration 15 min, last minutes 3, end slide 10" for a PDF deck with a
    /// talk.pdfpc beside it (the timing is the talk's, options included); without one, "timing:
    /// duration 20 min, … (pdfpc settings in talk.pdf)" when there is a plan (pdfpc.sty's
    /// settings in the PDF, or options); nil otherwise.
    static func pdfpc(_ deck: Deck, deckPath: String) -> String? {
        guard deckPath.lowercased().hasSuffix(".pdf") else { return nil }
        let file = URL(fileURLWithPath: deckPath).deletingPathExtension().appendingPathExtension("pdfpc")
        // Only a regular file was read (a FIFO or a folder is said as a problem by the opener).
        let read = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType == .typeRegular
        var parts: [String] = []
        if let d = deck.durationMinutes { parts.append("duration \(TalkOptions.plain(d)) min") }
        if let t = deck.endTimeMinutes { parts.append(String(cFormat: "end time %02d:%02d", t / 60, t % 60)) }
        if let l = deck.lastMinutes { parts.append("last minutes \(TalkOptions.plain(l))") }
        if let e = deck.endSlide { parts.append("end slide \(e)") }
        guard read else { return parts.isEmpty ? nil : "timing: " + parts.joined(separator: ", ") + " (pdfpc settings in \(deckPath.pathLastComponent), or options)" }
        return "\(file.lastPathComponent) read: " + (parts.isEmpty ? "notes and pages only (no timing)" : parts.joined(separator: ", "))
    }
}
