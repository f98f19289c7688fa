import FoundationEssentials
import Glibc
import PodiumKit

/// The `pdf` scene: one page, or a range of pages, of a PDF (Beamer, LibreOffice, Keynote
/// exports), rendered by poppler at the exact pixel size of each window.
///
/// Parameters: `file` (string, required; relative to the deck), `page` (1-based, default 1) or
/// `pages` (a 1-based inclusive range as a string, `"3-7"`; the scene steps through it with the
/// next/previous keys before the deck moves on; not together with `page`),
/// `notes` (`auto`, the default: detected from the page shape, `NotesDetection`; `none`, `right`,
/// `left`, `bottom`, `top`: Beamer's notes-on-second-screen half, shown to the presenter only),
/// `background` (`#rrggbb` letterbox, default black).
public enum PDFPlugin {
    public static func descriptor() -> PluginDescriptor {
        var d = PluginDescriptor(id: "org.podium.pdf", name: "PDF", version: "1.0.0", sceneKinds: [
            SceneKind(name: "pdf", summary: "A page of a PDF, sharp at any window size", validate: { p in
                _ = try PDFSceneOptions(p)
            }, accepts: { deck, segue in
                // A link to a page inside a `pages` range opens that range's scene.
                guard let o = try? PDFSceneOptions(deck), o.isRange, segue["file"] == .string(o.file),
                      let n = segue["page"]?.int else { return false }
                return o.pages.contains(n - 1)
            }, make: { p, context in try PDFScene(p, context) }).parameterNames(["file", "page", "pages", "notes", "background"]),
        ])
        d.sceneKinds[0].checkFiles = { p, r in
            // A clip a page's movie cannot play is a problem for `podium check`, as in a `media`
            // scene; the probe is slow (GStreamer's discoverer), so only when asked (`check`).
            SceneFileCheck(problem: fileProblem(p, deckDirectory: r.deckDirectory, complete: r.complete)
                               ?? (r.probe ? movieWarnings(p, deckDirectory: r.deckDirectory).first : nil),
                           warning: r.complete ? nil : notesWarning(p, deckDirectory: r.deckDirectory))
        }
        d.deckOpeners = [PDFDeckOpener.opener]
        d.loadFresh = { body in PageCaches.loadFresh(body) }
        d.waitUntilIdle = { PageCaches.waitUntilAllIdle() }
        return d
    }

    /// Problems with the files of `pdf` scenes that only show when the file is opened (missing,
    /// not a PDF, encrypted, damaged, no pages, page out of range), for `podium check`; relative
    /// paths resolve against `deckDirectory`. Empty when every file opens. With `complete`
    /// (before a reload) it also refuses a file that looks cut short or half written: no `%%EOF`
    /// at its end, or a page poppler cannot open.
    public static func fileProblem(_ p: SceneParameters, deckDirectory: URL, complete: Bool = false) -> String? {
        do {
            let o = try PDFSceneOptions(p)
            let doc = try PageCaches.cache(for: o.absolutePath(deckDirectory)).document
            try o.check(pageCount: doc.pageCount)
            guard complete else { return nil }
            if !doc.endsWithEOFMarker { return "\(o.file): incomplete PDF (no %%EOF at the end: still being written, or cut short)" }
            if let bad = doc.unopenedPages.first { return "\(o.file): damaged PDF (page \(bad + 1) cannot be opened)" }
            return nil
        } catch { return "\(error)" }
    }

    /// A warning for `podium check` and the presenter's banner when a `pdf` scene shows whole
    /// pages (`notes` `none`) of a PDF whose pages look like slide + notes; nil otherwise.
    public static func notesWarning(_ p: SceneParameters, deckDirectory: URL) -> String? {
        guard let o = try? PDFSceneOptions(p), let layout = o.requestedLayout,
              let doc = try? PageCaches.cache(for: o.absolutePath(deckDirectory)).document else { return nil }
        return NotesDetection.unsplitWarning(file: o.file, doc: doc, shown: layout)
    }
}

/// A `pdf` scene's parameters, checked.
struct PDFSceneOptions {
    var file: String
    /// 0-based: the first page shown.
    var page: Int { pages.lowerBound }
    /// 0-based pages this scene steps through; one page unless `pages` is given.
    var pages: ClosedRange<Int>
    /// Whether the deck gave `pages` (errors then name that field).
    var isRange: Bool
    /// JSON path of the parameters, for errors found once the file is open.
    var path: String
    /// The notes half asked for; nil (`auto`) detects it from the pages (`NotesDetection`).
    var requestedLayout: NotesLayout?
    var background: Color

    init(_ p: SceneParameters) throws {
        file = try p.requiredString("file")
        path = p.path
        if let r = try p.string("pages") {
            if p.values["page"] != nil { throw SceneParameterError(path: "\(p.path).pages", message: "give either page or pages, not both") }
            pages = try Self.parseRange(r, path: "\(p.path).pages")
            isRange = true
        } else {
            let n = try p.number("page") ?? 1
            guard n >= 1, n == n.rounded(), n < 1e6 else { throw SceneParameterError(path: "\(p.path).page", message: "expected a page number 1, 2, …, found \(n)") }
            pages = Int(n) - 1...Int(n) - 1
            isRange = false
        }
        let l = try p.string("notes") ?? "auto"
        guard l == "auto" || NotesLayout(rawValue: l) != nil else {
            throw SceneParameterError(path: "\(p.path).notes", message: "expected auto, none, right, left, bottom or top, found \(SafeText.quote(l))")
        }
        requestedLayout = NotesLayout(rawValue: l)
        let c = try p.string("background") ?? "#000000"
        guard let bg = Color(hex: c) else { throw SceneParameterError(path: "\(p.path).background", message: "expected a colour like #1a2b3c, found \(SafeText.quote(c))") }
        background = bg
    }

    /// Parses a 1-based inclusive range `"3-7"` (or one page, `"4"`; spaces around the numbers
    /// allowed) into 0-based pages. Throws `SceneParameterError` at `path` for bad syntax, page 0
    /// or an empty range (`"7-3"`).
    static func parseRange(_ text: String, path: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        let numbers = parts.compactMap { $0.allSatisfy(\.isASCII) && $0.count <= 6 ? Int($0) : nil }
        guard (1...2).contains(parts.count), numbers.count == parts.count else {
            throw SceneParameterError(path: path, message: "expected a page range like \"3-7\", found \(SafeText.quote(text))")
        }
        let (a, b) = (numbers[0], numbers.last!)
        guard a >= 1 else { throw SceneParameterError(path: path, message: "pages are numbered from 1, found \(SafeText.quote(text))") }
        guard a <= b else { throw SceneParameterError(path: path, message: "empty range \(SafeText.quote(text)) (the first page is after the last)") }
        return a - 1...b - 1
    }

    /// Throws when the pages are not all in a PDF of `pageCount` pages: `PDFError` for `page`,
    /// `SceneParameterError` naming `pages` for a range.
    func check(pageCount: Int) throws {
        guard pages.upperBound >= pageCount else { return }
        guard isRange else { throw PDFError(file: file, .pageOutOfRange(page + 1, count: pageCount)) }
        throw SceneParameterError(path: "\(path).pages", message: "pages \(pages.lowerBound + 1)-\(pages.upperBound + 1) are not all in \(file) (it has \(pageCount) page\(pageCount == 1 ? "" : "s"))")
    }

    func absolutePath(_ deckDirectory: URL) -> String {
        file.hasPrefix("/") ? file : deckDirectory.appendingPathComponent(file).standardizedFileURL.path
    }
}
