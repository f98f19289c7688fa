import FoundationEssentials
import Glibc
import PodiumKit

/// `podium present talk.pdf`: the PDF plugin's deck opener. One `pdf` scene per page (`PDFDeck`),
/// with the options only a PDF deck has (moved here from the host's `DeckSource` and
/// `TalkOptions`): `--notes right|left|bottom|top|none|auto` (Beamer's notes half; absent or
/// `auto`: detected) and `--no-grouping` (overlays apart). pdfpc's `talk.pdfpc` gives the talk's
/// timing and hidden pages; pdfpc.sty's settings in the PDF (`PdfpcMetadata`) go before its timing. (`--page N` counts slides, as the speaker sees them: the host's.)
enum PDFDeckOpener {
    static let options = [
        PluginOption(name: "--notes", takesValue: true, summary: "right|left|bottom|top|none|auto  Beamer's notes half of each page goes to the presenter (auto: detected)"),
        PluginOption(name: "--no-grouping", takesValue: false, summary: "every page is a slide of its own (no overlay grouping)"),
    ]

    static var opener: DeckOpener {
        DeckOpener(extensions: ["pdf"], summary: "a PDF: one pdf scene per page", options: options, open: open)
    }

    /// Throws `DeckOpenerError`: `.option` for a bad `--notes`, `.file` for a PDF that cannot be
    /// opened (a typo, a half-written file: the room must not see an error card as the talk's
    /// first page). A bad notes sidecar or what of `talk.pdfpc` cannot be read is `OpenedDeck.problems`.
    static func open(_ r: DeckOpenRequest) throws -> OpenedDeck {
        let notes = r.values["--notes"] ?? "auto"
        guard notes == "auto" || NotesLayout(rawValue: notes) != nil else {
            throw DeckOpenerError(.option, "--notes expects right, left, bottom, top, none or auto, got \(SafeText.quote(notes))")
        }
        let opened: PageCache
        do { opened = try PageCaches.cache(for: r.path) }
        catch {
            let why = "\(error)"
            throw DeckOpenerError(.file, why.hasPrefix(r.path + ": ") ? String(why.dropFirst(r.path.count + 2)) : why)
        }
        let pdf: PDFDeck
        do { pdf = try PDFDeck(path: r.path, notes: NotesLayout(rawValue: notes), grouping: !r.flags.contains("--no-grouping")) }
        catch let e as SceneParameterError { throw DeckOpenerError(.file, "\(e)") }
        var deck = OpenedDeck(title: pdf.title, scenes: pdf.pages.map {
            var scene = OpenedDeck.Scene(kind: "pdf", title: $0.title, notes: $0.notes, parameters: $0.parameters, slide: $0.slide)
            scene.content = $0.content   // a reload keeps the place by it (`ReloadPosition`)
            scene.words = $0.words
            scene.placeName = $0.placeName   // "Page 7" is no name beside the console's slide number
            return scene
        })
        // pdfpc's file is the speaker's too (notes, timing, hidden pages): edited, the talk reloads.
        deck.watchedFiles = [PDFNotes.sidecarPath(for: r.path), PdfpcFile.path(for: r.path)]
        // A page hidden on a guess first: the banner shows the first line whole (trial 18 F3).
        deck.warnings += pdf.pdfpcStaleWarnings
        deck.warnings += (pdf.pdfpc?.ignored ?? []).map { "\(PdfpcFile.path(for: r.path)): \($0)" }
        // A notes sidecar with a typo never stops the talk: the notes are marked missing (or the
        // last good ones kept) and the speaker told; `check` reports it as an error.
        deck.problems = pdf.notesProblems + pdf.pdfpcProblems
        // First: the speaker is told the restarted talk shows the version from before (the
        // problems lead the banner).
        if let why = opened.document.fromLastGoodCopy {
            let reason = why.hasPrefix(r.path + ": ") ? String(why.dropFirst(r.path.count + 2)) : why
            deck.problems.insert("\(r.path.pathLastComponent) cannot be opened now (\(reason)): the talk goes on with the version shown before the restart, and reloads once the file is complete", at: 0)
        }
        if let w = pdf.labelWarning { deck.warnings.append(w) }
        if let w = pdf.wholePagesWarning { deck.warnings.append(w) }
        if let w = pdf.hiddenWarning { deck.warnings.append(w) }
        // The PDF's own pdfpc settings (pdfpc.sty) first, then talk.pdfpc, as pdfpc reads them;
        // the planned end as one (a duration from one and an end time from the other would mix
        // two plans).
        deck.warnings += (pdf.metadata?.ignored ?? []).map { "\(r.path.pathLastComponent): \($0)" }
        let plan = [pdf.metadata, pdf.pdfpc].compactMap { $0 }.first { $0.durationMinutes != nil || $0.endTime != nil }
        deck.durationMinutes = plan?.durationMinutes
        deck.endTimeMinutes = plan?.endTime.flatMap(ClockTime.init).map { $0.hour * 60 + $0.minute }
        deck.lastMinutes = pdf.metadata?.lastMinutes ?? pdf.pdfpc?.lastMinutes
        deck.endSlide = pdf.metadata?.endSlide ?? pdf.pdfpc?.endSlide
        // Named in the speaker's messages: a warning about pdfpc.sty's value must not send them
        // looking in talk.pdfpc (review26).
        let inPDF = "\(r.path.pathLastComponent)'s \\pdfpcsetup", beside = PdfpcFile.path(for: r.path)
        func source(_ value: (PdfpcFile) -> Bool) -> String? {
            pdf.metadata.map(value) == true ? inPDF : pdf.pdfpc.map(value) == true ? beside : nil
        }
        deck.timingSources["duration"] = source { $0.durationMinutes != nil || $0.endTime != nil }
        deck.timingSources["lastMinutes"] = source { $0.lastMinutes != nil }
        deck.timingSources["endSlide"] = source { $0.endSlide != nil }
        return deck
    }
}
