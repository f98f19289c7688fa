import CPoppler
import Foundation

/// PDFs written by the tests themselves with cairo's PDF surface (the same C library Podium
/// renders with), so every test knows exactly what is on each page.
enum TestPDF {
    /// Page `i` (0-based) of a generated deck: white, with a filled rectangle covering the unit
    /// region `TestPDF.box` in the colour `TestPDF.colour(i)` and the page number in big type.
    static let box = (x: 0.25, y: 0.25, w: 0.25, h: 0.5)
    static func colour(_ i: Int) -> (Int, Int, Int) {
        [(220, 30, 30), (30, 160, 40), (30, 60, 220), (230, 160, 20)][i % 4]
    }

    struct Options {
        var pages = 4
        /// Page size in points (default 16:9, 800×450).
        var width = 800.0, height = 450.0
        var title: String? = "Generated Talk"
        /// Page labels by 0-based page.
        var labels: [Int: String] = [:]
        /// Outline entries: title and 0-based page.
        var outline: [(String, Int)] = []
        /// Links: page, unit rect on that page, and either a 0-based target page or a URI.
        var links: [(page: Int, rect: (Double, Double, Double, Double), target: Either)] = []
        /// Every page's label, written as Beamer (hyperref) does: a `/P` prefix per run of equal
        /// labels, e.g. 1,2,2,2,3 for a frame with three overlays. cairo 1.16 mangles numeric labels,
        /// so these go in by an incremental update (`appendUpdate`).
        var beamerLabels: [String]? = nil
        /// Beamer-style double-width pages: the right half is a notes page (grey with a yellow band).
        var notesRight = false
        /// The same mirrored, as `show notes on second screen=left` makes them: the notes page in
        /// the left half, the slide (and its navigation bar) in the right half.
        var notesLeft = false
        /// Added to the page index when picking its colour: another version of the same talk.
        var colourShift = 0
        /// Beamer-style double-height pages: the bottom half is the notes page.
        var notesBottom = false
        /// Pages from `from` on are plain slides `width` points wide (the height as the others'),
        /// no notes half: an appendix after slide + notes pages (trial 22 F2).
        var appendix: (from: Int, width: Double)? = nil
        /// The big type on each page instead of its number (a slide's own text, which stays the
        /// same when slides are inserted before it).
        var texts: [String]? = nil
        /// The big type's size in points (nil: an eighth of the page's height); smaller keeps a
        /// long text on the page (poppler reads only what is on it).
        var textSize: Double? = nil
        /// `/Creator`, e.g. Beamer's "LaTeX with Beamer class".
        var creator: String? = nil
        /// Beamer's navigation bar at the foot of each page's slide half (`beamerNavigation`),
        /// stating the page's frame as a 0-based page range; nil: that page has no bar.
        var beamerFrames: [ClosedRange<Int>?]? = nil
        enum Either { case page(Int), uri(String) }
    }

    /// Writes the PDF and returns `path`.
    @discardableResult
    static func write(_ path: String, _ o: Options = Options()) -> String {
        let surface = cairo_pdf_surface_create(path, o.width, o.height)!
        let cr = cairo_create(surface)!
        if let t = o.title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, t) }
        if let c = o.creator { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, c) }
        for (title, page) in o.outline {
            _ = cairo_pdf_surface_add_outline(surface, Int32(CAIRO_PDF_OUTLINE_ROOT), title, "page=\(page + 1)", cairo_pdf_outline_flags_t(0))
        }
        for i in 0..<o.pages {
            // cairo 1.16 omits numeric labels and writes no entry for page 0 unless it has a
            // non-numeric label, so tests label from page 0 on.
            if let l = o.labels[i] { cairo_pdf_surface_set_page_label(surface, l) }
            let plain = o.appendix.map { i >= $0.from } ?? false
            if let a = o.appendix, i == a.from { cairo_pdf_surface_set_size(surface, a.width, o.height) }
            let notesRight = o.notesRight && !plain, notesLeft = o.notesLeft && !plain, notesBottom = o.notesBottom && !plain
            let slideW = notesRight || notesLeft ? o.width / 2 : plain ? o.appendix!.width : o.width, slideH = notesBottom ? o.height / 2 : o.height
            let slideX = notesLeft ? slideW : 0
            cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr)
            // A named destination per page: cairo 1.16 drops `page=N` links to later pages.
            cairo_tag_begin(cr, "cairo.dest", "name='page\(i + 1)' x=0 y=0"); cairo_tag_end(cr, "cairo.dest")
            let c = colour(i + o.colourShift)
            cairo_set_source_rgb(cr, Double(c.0) / 255, Double(c.1) / 255, Double(c.2) / 255)
            cairo_rectangle(cr, slideX + box.x * slideW, box.y * slideH, box.w * slideW, box.h * slideH)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cr, o.textSize ?? slideH / 8)
            cairo_move_to(cr, slideX + slideW * 0.6, slideH * 0.5)
            cairo_show_text(cr, o.texts?[i] ?? "\(i + 1)")
            if notesRight || notesLeft {
                let notesX = notesLeft ? 0 : slideW
                cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
                cairo_rectangle(cr, notesX, 0, slideW, o.height); cairo_fill(cr)
                cairo_set_source_rgb(cr, 1, 0.9, 0)
                cairo_rectangle(cr, notesX + slideW * 0.1, o.height * 0.1, slideW * 0.8, o.height * 0.2); cairo_fill(cr)
            }
            if notesBottom {
                cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
                cairo_rectangle(cr, 0, slideH, o.width, slideH); cairo_fill(cr)
                cairo_set_source_rgb(cr, 1, 0.9, 0)
                cairo_rectangle(cr, o.width * 0.1, slideH + slideH * 0.1, o.width * 0.8, slideH * 0.2); cairo_fill(cr)
            }
            for l in o.links where l.page == i {
                let r = l.rect
                let rect = "rect=[\(r.0 * o.width) \(r.1 * o.height) \(r.2 * o.width) \(r.3 * o.height)]"
                let attrs: String
                switch l.target {
                case let .page(p): attrs = "\(rect) dest='page\(p + 1)'"
                case let .uri(u): attrs = "\(rect) uri='\(u)'"
                }
                cairo_tag_begin(cr, "Link", attrs)
                cairo_tag_end(cr, "Link")
            }
            cairo_show_page(cr)
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        if let frames = o.beamerFrames {
            precondition(o.links.isEmpty, "one /Annots per page: the navigation bar or links")
            let annots = Dictionary(uniqueKeysWithValues: frames.enumerated().compactMap { p, frame in
                frame.map { (p, beamerNavigation(page: p, of: o.pages, frame: $0, slideWidth: o.notesRight ? o.width / 2 : o.width)) }
            })
            appendUpdate(path, pageAnnots: annots)
        }
        if let labels = o.beamerLabels {
            let runs = labels.indices.filter { $0 == 0 || labels[$0] != labels[$0 - 1] }
            let nums = runs.map { "\($0) << /P (\(labels[$0])) >>" }.joined(separator: " ")
            appendUpdate(path, catalogEntries: "/PageLabels << /Nums [\(nums)] >>")
        }
        return path
    }

    /// Beamer's navigation symbols as link annotations (beamerbasenavigation.sty, in its order):
    /// previous slide, the `GoToPage` named action, next slide, then the frame symbol's end of
    /// the previous frame, start and end of this `frame`, start of the next (0-based, clamped at
    /// the ends as Beamer does), boxes 5–8 pt wide in a row 1–10 pt up, towards the right of a
    /// slide `slideWidth` points wide. Targets are cairo's named destinations (`page1`…).
    static func beamerNavigation(page p: Int, of count: Int, frame: ClosedRange<Int>, slideWidth: Double) -> [String] {
        func goTo(_ target: Int) -> String { "/A << /S /GoTo /D (page\(min(max(target, 0), count - 1) + 1)) >>" }
        let actions = [goTo(p - 1), "/A << /S /Named /N /GoToPage >>", goTo(p + 1),
                       goTo(frame.lowerBound - 1), goTo(frame.lowerBound), goTo(frame.upperBound), goTo(frame.upperBound + 1)]
        let widths = [6.0, 8, 6, 5, 5, 5, 5]
        var x = slideWidth * 0.6
        return zip(actions, widths).map { action, w in
            defer { x += w }
            return "<< /Type /Annot /Subtype /Link /Rect [\(x) 1 \(x + w) 10] /Border [0 0 0] \(action) >>"
        }
    }

    /// Appends an incremental update to a PDF cairo wrote, as a PDF editor would: a new catalog
    /// with the old one's entries plus `catalogEntries`, and new objects for page `annotate.page`
    /// (0-based): `annotate.objects(first)` numbered from `first` (after the file's last object),
    /// of which the first `annotate.annots` go in the page's `/Annots` (the rest, e.g. appearance
    /// streams, are referenced by them).
    /// `pageAnnots`: more annotation dictionaries by 0-based page, each page's its `/Annots`
    /// (pages that have none yet). `xmp`: an XMP packet as the catalog's `/Metadata`. Updates
    /// stack: each reads the objects and `/Size` the last wrote.
    static func appendUpdate(_ path: String, catalogEntries: String = "", annotate: (page: Int, annots: Int, objects: (Int) -> [String])? = nil,
                             pageAnnots: [Int: [String]] = [:], xmp: String? = nil) {
        var data = FileManager.default.contents(atPath: path)!
        let text = String(decoding: data, as: UTF8.self)
        func match(_ pattern: String, _ s: String) -> [String] {
            let re = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            guard let m = re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { return [] }
            return (1..<m.numberOfRanges).map { String(s[Range(m.range(at: $0), in: s)!]) }
        }
        func all(_ pattern: String, _ s: String) -> [String] {
            let re = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            return re.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { String(s[Range($0.range(at: 1), in: s)!]) }
        }
        // The last definition: an earlier update may have rewritten it.
        func object(_ n: String) -> String { all("\\n\(n) 0 obj\\s*<<(.*?)>>\\s*endobj", text).last! }
        let size = all("/Size (\\d+)", text).compactMap { Int($0) }.max()!
        let root = match("/Root (\\d+) 0 R", text)[0], info = match("/Info (\\d+) 0 R", text).first
        let prev = match("startxref\\s*(\\d+)\\s*%%EOF\\s*$", text)[0]
        var objects: [(Int, String)] = [(Int(root)!, "<<\(object(root)) \(catalogEntries) >>")]
        var next = size
        if let a = annotate {
            // The page tree's kids in order (cairo writes one flat /Pages node).
            let kids = match("/Type /Pages.*?/Kids \\[([^\\]]*)\\]", text)[0]
            let pages = kids.split(separator: "R").compactMap { $0.split(separator: " ").first.map(String.init) }
            let refs = (0..<a.annots).map { "\(size + $0) 0 R" }.joined(separator: " ")
            objects.append((Int(pages[a.page])!, "<<\(object(pages[a.page])) /Annots [\(refs)] >>"))
            for d in a.objects(size) { objects.append((next, d)); next += 1 }
        }
        if !pageAnnots.isEmpty {
            let kids = match("/Type /Pages.*?/Kids \\[([^\\]]*)\\]", text)[0]
            let pages = kids.split(separator: "R").compactMap { $0.split(separator: " ").first.map(String.init) }
            for (page, annots) in pageAnnots.sorted(by: { $0.key < $1.key }) {
                let refs = annots.indices.map { "\(next + $0) 0 R" }.joined(separator: " ")
                objects.append((Int(pages[page])!, "<<\(object(pages[page])) /Annots [\(refs)] >>"))
                for a in annots { objects.append((next, a)); next += 1 }
            }
        }
        if let xmp {   // the catalog's `/Metadata` stream (XMP, as hyperxmp writes pdfpc.sty's settings)
            objects.append((next, "<< /Type /Metadata /Subtype /XML /Length \(xmp.utf8.count) >>\nstream\n\(xmp)\nendstream"))
            objects[0].1 = "<<\(object(root)) \(catalogEntries) /Metadata \(next) 0 R >>"
            next += 1
        }
        var out = "\n"
        var offsets: [(Int, Int)] = []
        for (n, body) in objects {
            offsets.append((n, data.count + out.utf8.count))
            out += "\(n) 0 obj\n\(body)\nendobj\n"
        }
        let xref = data.count + out.utf8.count
        out += "xref\n0 1\n0000000000 65535 f \n"
        for (n, off) in offsets.sorted(by: { $0.0 < $1.0 }) { out += "\(n) 1\n" + String(format: "%010d 00000 n \n", off) }
        out += "trailer\n<< /Size \(next) /Root \(root) 0 R \(info.map { "/Info \($0) 0 R " } ?? "")/Prev \(prev) >>\nstartxref\n\(xref)\n%%EOF\n"
        data.append(Data(out.utf8))
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }

    /// A hand-written PDF: `body` objects numbered from 1 (object 1 the catalog), with a correct
    /// cross-reference table and `trailerExtra` added to the trailer.
    static func handWritten(_ path: String, objects: [String], trailerExtra: String = "") {
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, o) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(o)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets { out += String(format: "%010d 00000 n \n", o) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(out.utf8))
    }

    /// A valid PDF whose page tree is empty.
    static func zeroPages(_ path: String) {
        handWritten(path, objects: ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"])
    }

    /// A PDF encrypted with the standard security handler and a user password the tests do not know.
    static func encrypted(_ path: String) {
        let o = String(repeating: "A1", count: 32), u = String(repeating: "B2", count: 32)
        handWritten(path, objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
            "<< /Filter /Standard /V 1 /R 2 /O <\(o)> /U <\(u)> /P -4 >>",
        ], trailerExtra: "/Encrypt 4 0 R /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>] ")
    }
}
