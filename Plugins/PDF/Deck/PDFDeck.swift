import FoundationEssentials
import Glibc
import PodiumKit

/// What `podium present talk.pdf` turns a PDF into: one `pdf` scene per page, titled from the
/// outline and page labels, with notes from the sidecar (`PDFNotes`). The host wraps it in a deck.
public struct PDFDeck {
    public struct Page {
        public var title: String
        public var notes: String
        /// The scene's `parameters`: `file` (absolute), `page` (1-based), `notes` (layout).
        public var parameters: [String: JSONValue]
        /// The page label when grouping: consecutive pages with one label are the overlays of one
        /// slide (`DeckScene.slide`); with pgfpages' labels, "frame N" for a frame Beamer's
        /// navigation symbols prove (`BeamerFrames`), else "page N"; nil without grouping.
        public var slide: String?
        /// Reads the page's content keys (`InkPageKeys` of its text, then of its text without
        /// digits; every page's at the first call), which a reload looks for first to keep the
        /// speaker's place (`OpenedDeck.Scene.content`); nil for a PDF that cannot be opened.
        public var content: (@Sendable () -> [String])? = nil
        /// Reads the page's words (`PageMapping.words`, read with `content`): an edited page is
        /// placed by them when its neighbours leave more than one place (`OpenedDeck.Scene.words`).
        public var words: (@Sendable () -> [String])? = nil
        /// The title without its numeric page number, for the console (`PageTitles.placeName`);
        /// nil: the title.
        public var placeName: String? = nil
    }
    public var title: String
    public var pages: [Page]
    /// The notes half every page is split at (detected when not asked for).
    public var layout: NotesLayout
    /// pdfpc's file beside the PDF (`talk.pdfpc`), if any: its timing goes to the deck.
    public var pdfpc: PdfpcFile?
    /// pdfpc's settings in the PDF's own metadata (pdfpc.sty's `\pdfpcsetup`, `PdfpcMetadata`),
    /// if any: they go before `talk.pdfpc`'s, as in pdfpc (which copies them into the file it
    /// writes, so after an edit of the .tex the file's are the stale ones). Its `ignored` names
    /// the values not used.
    public var metadata: PdfpcFile?
    /// What was wrong with the notes sidecar (`PDFNotes.Reading.problems`), one line each: the
    /// talk goes on without those notes (or with the last good ones), `check` reports them.
    public var notesProblems: [String] = []
    /// What of `talk.pdfpc` could not be read and was left out, one line each (the talk starts
    /// with the rest; `check` reports them as errors).
    public var pdfpcProblems: [String] = []
    /// Said when the page labels are not used to group overlays and Beamer's navigation symbols do
    /// not prove every page's frame (`PageLabelTrust`, `BeamerFrames`).
    public var labelWarning: String?
    /// Pages shown whole although the deck's pages are split into slide + notes (`NotesDetection.wholePagesWarning`),
    /// or Beamer's notes pages shown as slides (`NotesDetection.interleavedNotesWarning`).
    public var wholePagesWarning: String?
    /// Said when `talk.pdfpc` hides every page: the hiding is ignored, every page shown (a
    /// talk of no slides cannot be given; trial 13 F12 saw page 1 alone, "1 / 1").
    public var hiddenWarning: String?
    /// Said when the PDF changed under an unchanged `talk.pdfpc` and its per-page entries were
    /// moved with their pages (or could not be: named) (`PdfpcStaleness`); nil when nothing moved.
    public var pdfpcStaleWarning: String? { pdfpcStaleWarnings.isEmpty ? nil : pdfpcStaleWarnings.joined(separator: "\n") }
    /// The same, one line each: first, when a hidden page was not found for certain, which page
    /// was hidden on a guess (short, for the banner), then what moved and what was left out.
    public var pdfpcStaleWarnings: [String] = []

    /// Builds the scenes for `path`; `notes` nil takes pdfpc's `notesPosition`, else detects
    /// Beamer's notes on the second screen (`NotesDetection`); `.none` shows whole pages. A PDF
    /// that cannot be opened still gives one scene (page 1), which shows the error card, so the
    /// talk can start and `podium check` can name the problem.
    /// With `grouping` (the default; `--no-grouping` turns it off) each page carries its label as
    /// its slide key, so Beamer's overlays (`\pause`, one label per frame) become one slide; pdfpc's
    /// `forcedOverlay` joins a page to the slide before it. pdfpc's `hidden` pages are left out,
    /// unless every page is (`hiddenWarning`). What of `talk.pdfpc` cannot be read is left out (`pdfpcProblems`); a bad notes sidecar
    /// only marks its notes missing (`notesProblems`). An overlay without a pdfpc note has its slide's.
    /// Page labels that are pgfpages' logical ones are not used: Beamer's navigation symbols group
    /// the frames they prove (`BeamerFrames`), `labelWarning` names the pages they do not.
    public init(path: String, notes requested: NotesLayout? = nil, grouping: Bool = true) throws {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        let doc = try? PageCaches.cache(for: file).document
        // talk.pdfpc is read once: its notes and hidden pages and the staleness check see the
        // same bytes (a file saved between two reads would warn about one version, use another).
        let pdfpcPath = PdfpcFile.path(for: file)
        // Opened as `InputFile` (trial 20 #12: a FIFO or a folder of that name was taken for
        // an empty file, and `check` said it was read): anything but a missing file is said.
        var pdfpcUnreadable: String?
        var pdfpcBytes: Data?
        if doc != nil {
            do { pdfpcBytes = try InputFile.read(pdfpcPath, maxBytes: 16 << 20) }
            catch let e as InputFileError where e.reason == .missing {}
            catch { pdfpcUnreadable = "\(error)" }
        }
        // Read against the PDF it was first read with, its per-page entries moved with their
        // pages' content when the PDF changed since (`PdfpcStaleness`, `PdfpcFollow`).
        let read = doc.map { PdfpcStaleness.read(pdf: file, pdfpc: pdfpcBytes, doc: $0) }
        let pdfpc = read?.file
        self.pdfpc = pdfpc
        pdfpcStaleWarnings = read?.warnings ?? []
        // Said as what the talk does with it (the talk starts without it; `check` refuses it).
        pdfpcProblems = (pdfpc?.problems ?? []).map {
            let whole = $0.path == PdfpcFile.path(for: file)
            guard pdfpc?.keptBefore == true else { return "\($0)" + (whole ? " (the file is left out)" : " (left out)") }
            return "\($0)" + (whole ? " (the version read before is kept)" : " (the value read before is kept)")
        } + [pdfpcUnreadable.map { "\($0) (the file is left out)" }].compactMap { $0 }
        metadata = doc?.xmpMetadata().flatMap(PdfpcMetadata.read(xmp:))
        // nil: Beamer's notes on the second screen are detected from the page shape.
        let layout = requested ?? metadata?.notesPosition ?? pdfpc?.notesPosition ?? doc.map(NotesDetection.layout(of:)) ?? .none
        self.layout = layout
        func params(_ page: Int) -> [String: JSONValue] {
            ["file": .string(file), "page": .number(Double(page + 1)), "notes": .string(layout.rawValue)]
        }
        let name = path.pathLastComponent
        guard let doc else {
            title = name
            pages = [Page(title: name, notes: "", parameters: params(0), slide: nil)]
            return
        }
        wholePagesWarning = NotesDetection.wholePagesWarning(file: name, doc: doc, layout: layout)
            ?? NotesDetection.interleavedNotesWarning(file: name, labels: doc.labels, layout: layout)
        let reading = PDFNotes.read(for: file, labels: doc.labels)
        let notes = reading.notes
        notesProblems = reading.problems
        title = doc.title ?? name
        // pgfpages' labels (notes on the second screen) name logical pages, not sheets (`PageLabelTrust`):
        // Beamer's navigation symbols then group the frames they prove, every other page is a
        // slide of its own (`BeamerFrames`, trial 18 m9).
        let trusted = !doc.labelsAreLogicalPages
        var frameKeys: [String]? = nil
        if grouping && !trusted {
            let frames = BeamerFrames.keys(of: doc)
            frameKeys = frames.keys
            if frames.unproven.count == doc.pageCount { labelWarning = PageLabelTrust.warning(file: name) }
            else if !frames.unproven.isEmpty { labelWarning = PageLabelTrust.warning(file: name, ungrouped: frames.unproven.map { $0 + 1 }) }
        }
        var keys: [String] = []
        for p in 0..<doc.pageCount { keys.append(pdfpc?.forcedOverlays.contains(p) == true && p > 0 ? keys[p - 1] : trusted ? doc.labels[p] : frameKeys?[p] ?? "page \(p + 1)") }
        // An overlay pdfpc gives no note has its slide's (a note written on a frame's first overlay
        // only, as by hand or pdfpc-latex-notes; trial 11, F11). Podium's sidecar says per page
        // itself what it means ("#4": that page only).
        var pdfpcNotes = pdfpc?.notes ?? [:]
        if grouping { for p in 1..<max(1, doc.pageCount) where pdfpcNotes[p] == nil && keys[p] == keys[p - 1] { pdfpcNotes[p] = pdfpcNotes[p - 1] } }
        // pdfpc's `hidden` leaves pages out, but not all of them: that is no talk.
        var hidden = pdfpc?.hidden ?? []
        if !hidden.isEmpty, hidden.count >= doc.pageCount {
            hidden = []
            hiddenWarning = "\(PdfpcFile.path(for: file)): every page is hidden (pages[].hidden): the hiding is ignored and all \(doc.pageCount) pages are shown"
        }
        PDFTalkOrder.setHidden(hidden, file: file)   // the scenes' own NEXT preview skips them too
        // Keys count every page, hidden ones too, so a page's key is the same whatever is hidden.
        pages = (0..<doc.pageCount).filter { !hidden.contains($0) }.map { page in
            // pdfpc's note and comments that are not printed (not shown to the room) are notes
            // too, after the sidecar's.
            let text = ([notes[page] ?? "", pdfpcNotes[page] ?? ""] + doc.annotationNotes(page: page)).filter { !$0.isEmpty }.joined(separator: "\n\n")
            let slides = grouping ? keys : nil
            return Page(title: PageTitles.title(of: page, in: doc, slideKeys: slides), notes: text, parameters: params(page), slide: grouping ? keys[page] : nil,
                        content: { [doc, page] in [doc.pageKeys[page], doc.loosePageKeys[page]] },
                        words: { [doc, page] in doc.pageWords[page] }, placeName: PageTitles.placeName(of: page, in: doc, slideKeys: slides))
        }
        // A PDF of no pages: one scene, which names the problem on its error card.
        if pages.isEmpty { pages = [Page(title: PageTitles.title(of: 0, in: doc), notes: notes[0] ?? "", parameters: params(0), slide: nil)] }
    }

    /// Whether a deck path names a PDF rather than a JSON deck.
    public static func isPDF(_ path: String) -> Bool { path.lowercased().hasSuffix(".pdf") }
}
