import CPoppler
import FoundationEssentials
import Glibc
import PodiumKit

/// One open PDF (poppler-glib), with what Podium needs of it: page sizes, labels, the outline,
/// links, and rendering a page region into a `Bitmap` with cairo.
///
/// Poppler documents are not thread-safe: every call goes through `lock`, so the main thread
/// (links, sizes, a page needed at once) and the pre-render worker can share one document.
public final class PDFDocument: @unchecked Sendable {
    /// The path as given (used in error messages).
    public let path: String
    public let pageCount: Int
    /// Document title from its metadata, if any.
    public let title: String?
    /// The program that made it (`/Creator`), e.g. Beamer's "LaTeX with Beamer class".
    public let creator: String?
    /// Page sizes in PDF points (1/72 inch), rotation applied.
    public let pageSizes: [Size]
    /// Page labels (`/PageLabels`, e.g. "iv", "A-3"); the 1-based number when the PDF has none,
    /// and for every page when the labels are pgfpages' logical pages (`labelsAreLogicalPages`).
    public let labels: [String]
    /// The PDF's labels name pgfpages' logical pages, not its sheets (Beamer's notes on the second
    /// screen, `PageLabelTrust`): they were replaced by page numbers, so titles, the status line
    /// and notes keys follow the sheets, and overlays are not grouped.
    public let labelsAreLogicalPages: Bool
    /// Outline (bookmarks) flattened in reading order: title and 0-based page.
    public let outline: [(title: String, page: Int)]
    /// Largest PDF opened, in bytes (1 GiB: poppler reads pages on demand, not the whole file).
    public static let maxBytes = 1 << 30
    private let doc: OpaquePointer
    /// The file's contents as read when opened (GBytes), shared with `reopened()` documents.
    private let bytes: OpaquePointer
    private let lock = ThreadLock()
    private var linkCache: [Int: [PDFLink]] = [:]
    /// `pageKeys` and `loosePageKeys`, once read (their own lock: reading the text takes `lock`
    /// page by page).
    private let keysLock = ThreadLock()
    private var keysRead: (exact: [String], loose: [String], words: [[String]])?

    /// Every page's content key (`InkPageKeys`: its text and size), read once per document and
    /// shared by the drawing layer and the deck opener (a reload's place, `PDFDeck`).
    var pageKeys: [String] { readKeys().exact }
    /// The same keys of the text without its digits (`InkPageKeys.loose`): Beamer themes that
    /// print "3 / 12" in the footline change every page's text when a frame is inserted.
    var loosePageKeys: [String] { readKeys().loose }
    /// `pageKeys` once read, else nil at once: never waits for a read under way.
    var pageKeysIfRead: [String]? {
        guard keysLock.try() else { return nil }
        defer { keysLock.unlock() }
        return keysRead?.exact
    }
    /// Every page's words (`PdfpcFollow.words`), read with the keys: a page not found by its key
    /// is told from others by them (talk.pdfpc's hidden page edited, `PdfpcFollow.follow`).
    var pageWords: [[String]] { readKeys().words }

    private func readKeys() -> (exact: [String], loose: [String], words: [[String]]) {
        keysLock.withLock {
            if let keysRead { return keysRead }
            PageTextHold.wait()
            let texts = InkPageKeys.texts(of: self)
            let k = (InkPageKeys.keys(texts: texts, sizes: pageSizes), InkPageKeys.keys(texts: texts.map(InkPageKeys.loose), sizes: pageSizes),
                     texts.map(PdfpcFollow.words))
            keysRead = k
            return k
        }
    }

    /// Whether the file ends with a `%%EOF` marker (in its last 1 KB, as the PDF spec puts it):
    /// false for a file cut short, e.g. read while a compiler was still writing it.
    public let endsWithEOFMarker: Bool
    /// 0-based pages poppler could not open (a damaged page tree); empty for a sound file.
    public let unopenedPages: [Int]

    /// Opens `path`, reading the whole file into memory first: the document never reads the file
    /// again, so rewriting it in place (recompiling the talk) cannot garble pages still to be
    /// rendered from this copy. The file is opened once and checked on the descriptor
    /// (`InputFile`: directories, FIFOs, devices, /proc files and files over `maxBytes` are
    /// refused without blocking). Throws `PDFError` naming the file: missing, unreadable, not a
    /// PDF (checked from the header before poppler sees it), encrypted, damaged/truncated, or
    /// without pages.
    public convenience init(path: String) throws { try self.init(path: path, readingFrom: path, unreadableBecause: nil) }

    /// The PDF at `path` read from the file `source` (its last good copy, `PDFLastGoodCopy`, when
    /// `unreadableBecause` says why `path` itself could not be opened). Throws as `init(path:)`.
    convenience init(path: String, readingFrom source: String, unreadableBecause: String?) throws {
        let data: Data
        do { data = try InputFile(path: source, maxBytes: PDFDocument.maxBytes).readAll() }
        catch let e as InputFileError {
            switch e.reason {
            case .missing: throw PDFError(file: path, .missing)
            case let .unreadable(why): throw PDFError(file: path, .unreadable(why))
            default: throw PDFError(file: path, .unusable(e.problem))
            }
        }
        let head = data.prefix(1024)
        // The PDF spec lets the header sit anywhere in the first 1024 bytes.
        guard head.firstRange(of: Array("%PDF-".utf8)) != nil else {
            let shown = head.isEmpty ? "nothing (empty file)" : SafeText.quote(String(decoding: head.prefix(12), as: UTF8.self), limit: 12)
            throw PDFError(file: path, .notPDF(shown))
        }
        // GBytes copies the data once; every poppler document opened over it shares that copy.
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }!
        defer { g_bytes_unref(bytes) }
        try self.init(path: path, bytes: bytes, endsWithEOFMarker: data.suffix(1024).firstRange(of: Array("%%EOF".utf8)) != nil)
        fromLastGoodCopy = unreadableBecause
    }

    /// Why the file could not be opened when this document was read from its last good copy
    /// instead (a crash restart while the file was broken, `PDFLastGoodCopy`); nil when read
    /// from the file.
    public private(set) var fromLastGoodCopy: String?

    /// Runs `body` with the file's bytes as read when opened.
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        var size: gsize = 0
        let base = g_bytes_get_data(bytes, &size)
        return body(UnsafeRawBufferPointer(start: base, count: Int(size)))
    }

    /// A second poppler document over the same bytes (a worker thread's own, as poppler documents
    /// are not thread-safe): the same version of the file, whatever happened to the file since.
    public func reopened() throws -> PDFDocument {
        try PDFDocument(path: path, bytes: bytes, endsWithEOFMarker: endsWithEOFMarker)
    }

    /// Whether `other` was opened from the very same bytes (a Ctrl+R with the file unchanged).
    public func hasSameBytes(as other: PDFDocument) -> Bool {
        bytes == other.bytes || g_bytes_equal(UnsafeRawPointer(bytes), UnsafeRawPointer(other.bytes)) != 0
    }

    private init(path: String, bytes: OpaquePointer, endsWithEOFMarker: Bool) throws {
        self.path = path
        self.endsWithEOFMarker = endsWithEOFMarker
        var err: UnsafeMutablePointer<GError>?
        guard let d = poppler_document_new_from_bytes(bytes, nil, &err) else {
            let code = err?.pointee.code ?? 0
            let message = err.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if err != nil { g_error_free(err) }
            if code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) { throw PDFError(file: path, .encrypted) }
            throw PDFError(file: path, .damaged(message))
        }
        let n = Int(poppler_document_get_n_pages(d))
        guard n > 0 else { g_object_unref(UnsafeMutableRawPointer(d)); throw PDFError(file: path, .noPages) }
        doc = d
        self.bytes = g_bytes_ref(bytes)
        pageCount = n
        title = Self.take(poppler_document_get_title(d)).flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }
        creator = Self.take(poppler_document_get_creator(d))
        var sizes: [Size] = [], labels: [String] = [], unopened: [Int] = []
        for i in 0..<n {
            guard let page = poppler_document_get_page(d, Int32(i)) else { sizes.append(Size(612, 792)); labels.append("\(i + 1)"); unopened.append(i); continue }
            var w = 0.0, h = 0.0
            poppler_page_get_size(page, &w, &h)
            sizes.append(Size(w, h))
            labels.append(Self.take(poppler_page_get_label(page)).flatMap { $0.isEmpty ? nil : $0 } ?? "\(i + 1)")
            g_object_unref(UnsafeMutableRawPointer(page))
        }
        // pgfpages' labels would title sheets 1 and 2 "Page 1" (trial 16, m7): numbers instead.
        let logical = PageLabelTrust.looksLikeLogicalPages(labels, split: NotesDetection.layout(pageSizes: sizes, creator: creator) != .none,
                                                         beamer: NotesDetection.isBeamer(creator))
        pageSizes = sizes; self.labels = logical ? (1...n).map(String.init) : labels; labelsAreLogicalPages = logical; unopenedPages = unopened
        outline = Self.readOutline(d)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(doc)); g_bytes_unref(bytes) }


    /// Runs `body` on page `index` (0-based) with the document locked, for readers of page
    /// objects kept in files of their own (`PDFMovies`); nil for a bad index or a page that
    /// cannot be opened.
    func withPage<T>(_ index: Int, _ body: (OpaquePointer) -> T) -> T? {
        guard pageSizes.indices.contains(index) else { return nil }
        lock.lock(); defer { lock.unlock() }
        guard let page = poppler_document_get_page(doc, Int32(index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// The document's XMP metadata packet (XML, e.g. pdfpc.sty's settings: `PdfpcMetadata`),
    /// nil when it has none.
    func xmpMetadata() -> String? { lock.withLock { Self.take(poppler_document_get_metadata(doc)) } }

    /// Texts of the annotations of page `index` that `render` does not draw: not printed, or
    /// hidden (comments, sticky notes, pdfpc's `\pdfpcnote`, which pdfpc.sty writes with
    /// `/F 6`, Hidden and Print; poppler draws no hidden annotation), in page order: the page's
    /// notes for the presenter. Links, popups and form fields are not notes.
    public func annotationNotes(page index: Int) -> [String] {
        guard pageSizes.indices.contains(index) else { return [] }
        lock.lock(); defer { lock.unlock() }
        guard let page = poppler_document_get_page(doc, Int32(index)) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        let list = poppler_page_get_annot_mapping(page)
        defer { poppler_page_free_annot_mapping(list) }
        var out: [String] = []
        var node = list
        while let n = node {
            if let annot = n.pointee.data?.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee.annot {
                let type = poppler_annot_get_annot_type(annot)
                let flags = poppler_annot_get_flags(annot).rawValue
                let drawn = flags & POPPLER_ANNOT_FLAG_PRINT.rawValue != 0 && flags & POPPLER_ANNOT_FLAG_HIDDEN.rawValue == 0
                if ![POPPLER_ANNOT_LINK, POPPLER_ANNOT_POPUP, POPPLER_ANNOT_WIDGET].contains(type), !drawn,
                   let text = Self.take(poppler_annot_get_contents(annot))?.trimmingWhitespace(), !text.isEmpty {
                    out.append(text)
                }
            }
            node = n.pointee.next
        }
        return out
    }

    /// Renders the region `crop` (unit coordinates of the page, 0…1, top-left origin) of page
    /// `index` (0-based) into a bitmap exactly `pixelWidth × pixelHeight`, on white paper, the
    /// region stretched to fill it (callers keep the aspect). Returns nil for a bad index or size.
    public func render(page index: Int, crop: Rect = Rect(0, 0, 1, 1), pixelWidth: Int, pixelHeight: Int, resizer: (any BitmapResizer)? = nil) -> Bitmap? {
        guard pageSizes.indices.contains(index), pixelWidth > 0, pixelHeight > 0, pixelWidth <= 16384, pixelHeight <= 16384 else { return nil }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        var pixels = [UInt8](repeating: 0, count: stride * pixelHeight)
        let size = pageSizes[index]
        let ok: Bool = pixels.withUnsafeMutableBytes { buf in
            guard let surface = cairo_image_surface_create_for_data(buf.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                  Int32(pixelWidth), Int32(pixelHeight), Int32(stride)) else { return false }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return false }
            defer { cairo_destroy(cr) }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, Double(pixelWidth) / (crop.width * size.width), Double(pixelHeight) / (crop.height * size.height))
            cairo_translate(cr, -crop.minX * size.width, -crop.minY * size.height)
            lock.lock(); defer { lock.unlock() }
            guard let page = poppler_document_get_page(doc, Int32(index)) else { return false }
            // As for printing: annotations without the Print flag (sticky notes, pdfpc's
            // \pdfpcnote, exported comments) are the speaker's, not the room's
            // (`annotationNotes` gives their text to the presenter).
            poppler_page_render_for_printing(page, cr)
            g_object_unref(UnsafeMutableRawPointer(page))
            cairo_surface_flush(surface)
            return cairo_status(cr) == CAIRO_STATUS_SUCCESS
        }
        guard ok else { return nil }
        // Opaque: the white paint covers every pixel before the page is drawn over it.
        return Bitmap(width: pixelWidth, height: pixelHeight, stride: stride, format: .bgra, isOpaque: true, pixels: pixels, resizer: resizer)
    }

    /// The links of page `index` in unit page coordinates (top-left origin), read once and kept.
    public func links(page index: Int) -> [PDFLink] {
        guard pageSizes.indices.contains(index) else { return [] }
        lock.lock(); defer { lock.unlock() }
        if let l = linkCache[index] { return l }
        var out: [PDFLink] = []
        if let page = poppler_document_get_page(doc, Int32(index)) {
            let size = pageSizes[index]
            let list = poppler_page_get_link_mapping(page)
            var node = list
            while let n = node {
                if let m = n.pointee.data?.assumingMemoryBound(to: PopplerLinkMapping.self).pointee,
                   let target = target(of: m.action) {
                    // poppler-glib gives link areas in PDF space: origin bottom-left, in points.
                    let a = m.area
                    let rect = Rect(a.x1 / size.width, (size.height - a.y2) / size.height,
                                    (a.x2 - a.x1) / size.width, (a.y2 - a.y1) / size.height)
                    out.append(PDFLink(area: rect, target: target))
                }
                node = n.pointee.next
            }
            poppler_page_free_link_mapping(list)
            g_object_unref(UnsafeMutableRawPointer(page))
        }
        linkCache[index] = out
        return out
    }

    /// The text of page `index` whose characters' centres lie in `region` (unit page coordinates,
    /// top-left origin): one half of a slide + notes page. Empty for a bad index.
    func text(page index: Int, in region: Rect) -> String {
        withPage(index) { page in
            guard let full = Self.take(poppler_page_get_text(page)) else { return "" }
            var rects: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            guard poppler_page_get_text_layout(page, &rects, &count) != 0, let rects else { return "" }
            defer { g_free(rects) }
            let size = pageSizes[index]
            // One rectangle per character of the text (top-left origin, points).
            var out = ""
            for (i, ch) in full.unicodeScalars.prefix(Int(count)).enumerated() {
                let r = rects[i]
                let centre = Point((r.x1 + r.x2) / 2 / size.width, (r.y1 + r.y2) / 2 / size.height)
                out.unicodeScalars.append(region.contains(centre) || ch == "\n" ? ch : " ")
            }
            return out
        } ?? ""
    }

    /// Every link of page `index` as Beamer's navigation bar is read (`BeamerFrames`): its box
    /// in PDF points (origin bottom-left) and its named action (Beamer's `GoToPage` is one) or,
    /// for the links in the row of the page's one `GoToPage` (the bar), its 0-based target page:
    /// resolving a named destination is a look-up in the PDF's name tree, and a Beamer page has
    /// some twenty links. In the order poppler gives them; empty for a bad index.
    func navigationLinks(page index: Int) -> [BeamerFrames.Link] {
        withPage(index) { page in
            let list = poppler_page_get_link_mapping(page)
            defer { poppler_page_free_link_mapping(list) }
            var found: [(link: BeamerFrames.Link, action: UnsafeMutablePointer<PopplerAction>)] = []
            var node = list
            while let n = node {
                if let m = n.pointee.data?.assumingMemoryBound(to: PopplerLinkMapping.self).pointee, let a = m.action {
                    var link = BeamerFrames.Link(x1: m.area.x1, y1: m.area.y1, x2: m.area.x2, y2: m.area.y2)
                    if a.pointee.type == POPPLER_ACTION_NAMED { link.action = a.pointee.named.named_dest.map { String(cString: $0) } }
                    found.append((link, a))
                }
                node = n.pointee.next
            }
            let anchors = found.filter { $0.link.action == "GoToPage" }
            guard anchors.count == 1, let bar = anchors.first?.link else { return found.map(\.link) }
            return found.map { f in
                var link = f.link
                if f.action.pointee.type == POPPLER_ACTION_GOTO_DEST, BeamerFrames.sameRow(link, bar) {
                    link.page = destinationPage(f.action.pointee.goto_dest.dest)
                }
                return link
            }
        } ?? []
    }

    /// The target of a link action; nil for kinds Podium does not follow (launch, movies, forms).
    /// Called with `lock` held.
    private func target(of action: UnsafeMutablePointer<PopplerAction>?) -> PDFLink.Target? {
        guard let a = action else { return nil }
        switch a.pointee.type {
        case POPPLER_ACTION_GOTO_DEST:
            return destinationPage(a.pointee.goto_dest.dest).map { .page($0) }
        case POPPLER_ACTION_URI:
            return a.pointee.uri.uri.map { .uri(String(cString: $0)) }
        case POPPLER_ACTION_NAMED:
            // Beamer's navigation symbols use named actions.
            switch a.pointee.named.named_dest.map({ String(cString: $0) }) {
            case "NextPage": return .relative(1)
            case "PrevPage": return .relative(-1)
            case "FirstPage": return .page(0)
            case "LastPage": return .page(pageCount - 1)
            default: return nil
            }
        default: return nil
        }
    }

    /// 0-based page of a destination, resolving named destinations. Called with `lock` held.
    private func destinationPage(_ dest: UnsafeMutablePointer<PopplerDest>?) -> Int? {
        DestinationResolver(doc: doc).page(dest).flatMap { $0 < pageCount ? $0 : nil }
    }

    private static func readOutline(_ d: OpaquePointer) -> [(title: String, page: Int)] {
        var out: [(String, Int)] = []
        let resolver = DestinationResolver(doc: d)
        func walk(_ iter: OpaquePointer) {
            repeat {
                if let action = poppler_index_iter_get_action(iter) {
                    if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let t = action.pointee.goto_dest.title,
                       let p = resolver.page(action.pointee.goto_dest.dest) {
                        out.append((String(cString: t), p))
                    }
                    poppler_action_free(action)
                }
                if let child = poppler_index_iter_get_child(iter) { walk(child); poppler_index_iter_free(child) }
            } while poppler_index_iter_next(iter) != 0
        }
        if let root = poppler_index_iter_new(d) { walk(root); poppler_index_iter_free(root) }
        return out
    }

    /// Takes ownership of a `gchar*` from poppler: copies it and frees the original.
    static func take(_ s: UnsafeMutablePointer<gchar>?) -> String? {
        guard let s else { return nil }
        defer { g_free(s) }
        return String(cString: s)
    }
}

/// 0-based pages of destinations, resolving named ones; callers hold the document's lock or
/// are still opening it.
private struct DestinationResolver {
    let doc: OpaquePointer
    func page(_ dest: UnsafeMutablePointer<PopplerDest>?) -> Int? {
        guard let d = dest else { return nil }
        var num = Int(d.pointee.page_num)
        if d.pointee.type == POPPLER_DEST_NAMED, let name = d.pointee.named_dest {
            guard let found = poppler_document_find_dest(doc, name) else { return nil }
            num = Int(found.pointee.page_num)
            poppler_dest_free(found)
        }
        return num >= 1 ? num - 1 : nil
    }
}

/// A clickable area of a page.
public struct PDFLink: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A page of the same document, 0-based.
        case page(Int)
        /// Pages forward (+) or back (−) from the current one (named actions NextPage/PrevPage).
        case relative(Int)
        /// An external address, opened only through `WebLink`/`BrowserOpener`.
        case uri(String)
    }
    /// Unit page coordinates, top-left origin.
    public var area: Rect
    public var target: Target
}
