import CPoppler
import FoundationEssentials
import Glibc
import PodiumKit

/// A clip that a PDF page plays in place, over `area`: a link to a media file (Beamer's
/// `\href{clip.mp4}{…}`, a Launch or URI action; pdfpc's `run:clip.mp4?autostart&loop`), or a
/// movie or screen annotation (the `multimedia` package's `\movie`: /Movie, or /Screen with a
/// rendition) whose media is a file beside the PDF.
public struct PDFMovie: Equatable, Sendable {
    public enum Source: String, Sendable { case link, movie, screen }
    /// Unit page coordinates, top-left origin.
    public var area: Rect
    /// The file as the PDF names it (no scheme or query); relative to the PDF's folder unless absolute.
    public var file: String
    public var source: Source
    /// pdfpc's flags after `?` in a link (`autostart`, `loop`, `start=S`, `stop=S`), a movie's
    /// repeat play mode, a rendition's auto-play and repeat count.
    public var autostart = false
    public var loop = false
    /// Seconds into the clip.
    public var start = 0.0
    public var end: Double?

    /// The clip's absolute location (percent escapes of a `file:` URI decoded).
    public func url(relativeTo pdfDirectory: URL) -> URL {
        (file.hasPrefix("/") ? URL(fileURLWithPath: file) : pdfDirectory.appendingPathComponent(file)).standardizedFileURL
    }

    /// File name extensions of the clips a link may name (a link to anything else is a link).
    static let mediaExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "mkv", "avi", "ogv", "ogg", "mpg", "mpeg", "wmv", "flv",
                                               "3gp", "ts", "mp3", "m4a", "oga", "opus", "flac", "wav"]

    /// The movie a link target names, or nil when it is not a local media file (a web address,
    /// a PDF, a page). Accepts `run:`, `file:` and `file://` prefixes and pdfpc's query flags.
    static func fromLink(_ target: String, area: Rect) -> PDFMovie? {
        var s = target.trimmingSpaces()
        var query = ""
        if let q = s.firstIndex(of: "?") { query = String(s[s.index(after: q)...]); s = String(s[..<q]) }
        if s.hasPrefix("run:") { s.removeFirst(4) }
        else if s.hasPrefix("file://") { s = PercentEncoding.decode(s.dropFirst(7)) ?? s }
        else if s.hasPrefix("file:") { s = PercentEncoding.decode(s.dropFirst(5)) ?? s }
        // Any other scheme (http:, mailto:) is not a file beside the PDF.
        if let colon = s.firstIndex(of: ":"), !s[..<colon].contains("/") { return nil }
        guard !s.isEmpty, mediaExtensions.contains(s.pathExtensionText.lowercased()) else { return nil }
        var m = PDFMovie(area: area, file: s, source: .link)
        for flag in query.split(separator: "&") {
            let kv = flag.split(separator: "=", maxSplits: 1).map(String.init)
            switch (kv[0], kv.count > 1 ? Double(kv[1]) : nil) {
            case ("autostart", _): m.autostart = true
            case ("loop", _): m.loop = true
            case ("start", let v?) where v >= 0 && v <= 36_000: m.start = v
            case ("stop", let v?) where v > 0 && v <= 36_000: m.end = v
            default: break   // pdfpc's noprogress, mute…: the presenter's controls show anyway
            }
        }
        if let e = m.end, e <= m.start { m.end = nil }
        return m
    }
}

extension PDFDocument {
    /// The clips page `index` plays in place, in page order: links to media files first, then
    /// movie and screen annotations. Embedded media (no file of its own) are not played.
    public func movies(page index: Int) -> [PDFMovie] {
        let size = index < pageSizes.count ? pageSizes[index] : Size(1, 1)
        // poppler-glib gives areas in PDF space: origin bottom-left, in points.
        func unit(_ a: PopplerRectangle) -> Rect {
            Rect(a.x1 / size.width, (size.height - a.y2) / size.height, (a.x2 - a.x1) / size.width, (a.y2 - a.y1) / size.height)
        }
        return withPage(index) { page in
            var out: [PDFMovie] = []
            let links = poppler_page_get_link_mapping(page)
            var node = links
            while let n = node {
                if let m = n.pointee.data?.assumingMemoryBound(to: PopplerLinkMapping.self).pointee, let a = m.action,
                   let movie = Self.movie(of: a, area: unit(m.area)) {
                    out.append(movie)
                }
                node = n.pointee.next
            }
            poppler_page_free_link_mapping(links)
            let annots = poppler_page_get_annot_mapping(page)
            node = annots
            while let n = node {
                if let m = n.pointee.data?.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee, let annot = m.annot {
                    switch poppler_annot_get_annot_type(annot) {
                    case POPPLER_ANNOT_MOVIE:
                        if let movie = poppler_annot_movie_get_movie(annot), let f = poppler_movie_get_filename(movie), f.pointee != 0 {
                            var p = PDFMovie(area: unit(m.area), file: String(cString: f), source: .movie)
                            p.loop = poppler_movie_get_play_mode(movie) == POPPLER_MOVIE_PLAY_MODE_REPEAT
                            out.append(p)
                        }
                    case POPPLER_ANNOT_SCREEN:
                        if let a = poppler_annot_screen_get_action(annot), var p = Self.movie(of: a, area: unit(m.area)) {
                            p.source = .screen
                            out.append(p)
                        }
                    default: break
                    }
                }
                node = n.pointee.next
            }
            poppler_page_free_annot_mapping(annots)
            return out
        } ?? []
    }

    /// The clip an action plays: a Launch or URI naming a media file, or a rendition of one.
    private static func movie(of a: UnsafeMutablePointer<PopplerAction>, area: Rect) -> PDFMovie? {
        switch a.pointee.type {
        case POPPLER_ACTION_URI:
            return a.pointee.uri.uri.flatMap { PDFMovie.fromLink(String(cString: $0), area: area) }
        case POPPLER_ACTION_LAUNCH:
            return a.pointee.launch.file_name.flatMap { PDFMovie.fromLink(String(cString: $0), area: area) }
        case POPPLER_ACTION_RENDITION:
            guard let media = a.pointee.rendition.media, poppler_media_is_embedded(media) == 0,
                  let f = poppler_media_get_filename(media), f.pointee != 0 else { return nil }
            var p = PDFMovie(area: area, file: String(cString: f), source: .screen)
            p.autostart = poppler_media_get_auto_play(media) != 0
            p.loop = poppler_media_get_repeat_count(media) == 0   // 0: for ever
            return p
        default: return nil
        }
    }
}
