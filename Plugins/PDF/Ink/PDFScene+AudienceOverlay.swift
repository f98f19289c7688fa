import FoundationEssentials
import Glibc
import PodiumKit

/// What follower screens mirror of the drawing layer (`AudienceOverlayMirroring`): the shown
/// page's strokes, the spotlight and the zoom, as the room sees them.
///
/// ```json
/// {"page": 3, "strokes": [{"tool": "pen", "color": "#e01e1e", "width": 3.2, "points": [[80, 67.5], …]}],
///  "spotlight": [400, 225], "zoom": [0.25, 0.25, 0.5, 0.5]}
/// ```
/// `page` is 0-based; strokes are as in the drawings sidecar (page points, origin top-left, y
/// down); `spotlight` is its centre in page points or null when off; `zoom` the audience's zoomed
/// part of the page as unit fractions x, y, width, height, or null.
extension PDFScene: AudienceOverlayMirroring {
    /// Simplification tolerances tried, in turn, when the strokes are over the byte limit: shares
    /// of the slide's width (0.1 % is a pixel on a 1080p screen).
    static let overlayTolerances = [0.001, 0.003, 0.01]
    /// Most strokes a follower takes on one page.
    static let overlayMaxStrokes = 10_000

    var audienceOverlayRevision: Int {
        var h = Hasher()
        h.combine(page); h.combine(ink.revision); h.combine(inkOnThisVersion)
        h.combine(ink.spotlight)
        if let c = spotlightCentre { h.combine(c.x); h.combine(c.y) }
        if let z = audiencePage.zoom { h.combine(z.x); h.combine(z.y); h.combine(z.width); h.combine(z.height) }
        return h.finalize()
    }

    /// The spotlight's centre in page points while it is on: the pointer's last place (carried over
    /// from the page before), else the middle of the slide (as `decorate` draws it).
    private var spotlightCentre: Point? {
        guard ink.spotlight else { return nil }
        if let p = pointerOnThisPage { return p }
        let size = cache.document.pageSizes[page], r = audiencePage.region
        return Point(r.midX * size.width, r.midY * size.height)
    }

    func audienceOverlay(maxBytes: Int) -> JSONValue {
        guard inkOnThisVersion else { return .null }
        let all = ink.strokes(on: page)
        func r(_ v: Double) -> JSONValue { .number((v * 100).rounded() / 100) }
        func encode(_ list: [InkStroke]) -> JSONValue {
            ["page": .number(Double(page)), "strokes": .array(list.map(\.json)),
             "spotlight": spotlightCentre.map { [r($0.x), r($0.y)] } ?? .null,
             "zoom": audiencePage.zoom.map { z in [.number(z.x), .number(z.y), .number(z.width), .number(z.height)] } ?? .null]
        }
        var strokes = Array(all.suffix(Self.overlayMaxStrokes))
        // A page whose finished strokes were over the limit still is (strokes only get added).
        let cached = ink.overlayCut.flatMap { $0.page == page && $0.revision == ink.finishedRevision && $0.limit == maxBytes ? $0 : nil }
        if cached == nil {
            let v = encode(strokes)
            if strokes.count == all.count, v.jsonString.utf8.count <= maxBytes { ink.overlayCapNote = nil; return v }
        }
        // Over the limit: fewer points first (invisible at small tolerances), then the oldest
        // strokes go. Sized stroke by stroke (an array's bytes are its items' and a comma each);
        // the finished strokes' cut is kept, so a stroke being drawn costs only itself.
        let base = encode([]).jsonString.utf8.count
        func bytes(_ s: InkStroke) -> Int { s.json.jsonString.utf8.count + 1 }
        let drawing = ink.live.map { $0.page == page } ?? false
        let finished = Array(strokes.dropLast(drawing ? 1 : 0))
        var tolerance = 0.0, each: [Int]
        if let c = cached {
            strokes = c.strokes; each = c.sizes; tolerance = c.tolerance
        } else {
            strokes = finished; each = strokes.map(bytes)
            let slideWidth = cache.document.pageSizes[page].width * audiencePage.region.width
            for share in Self.overlayTolerances where base + each.reduce(0, +) > maxBytes {
                tolerance = slideWidth * share
                strokes = strokes.map { $0.simplified(tolerance: tolerance) }
                each = strokes.map(bytes)
            }
            ink.overlayCut = (page, ink.finishedRevision, maxBytes, tolerance, strokes, each)
        }
        if drawing, let live = all.last {
            let l = tolerance > 0 ? live.simplified(tolerance: tolerance) : live
            strokes.append(l); each.append(bytes(l))
        }
        var size = base + each.reduce(0, +)
        var drop = 0
        while size > maxBytes, drop < strokes.count { size -= each[drop]; drop += 1 }
        strokes.removeFirst(drop)
        let cut = encode(strokes)
        let left = all.count - strokes.count
        let note = "drawings of page \(page + 1) for follower screens cut to \(maxBytes) bytes and \(Self.overlayMaxStrokes) strokes: "
            + [tolerance > 0 ? "simplified to \(String(cFormat: "%.2g", tolerance)) pt" : nil,
               left > 0 ? "the oldest \(left) of \(all.count) strokes left out (the room here shows them all)" : nil].compactMap { $0 }.joined(separator: ", ")
        // Once per page and kind of cut, not per pointer sample of a stroke being drawn.
        let key = "\(page) \(tolerance) \(left > 0)"
        if ink.overlayCapNote != key { ink.overlayCapNote = key; ink.log(note) }
        return cut.jsonString.utf8.count <= maxBytes ? cut : .null
    }

    func applyAudienceOverlay(_ v: JSONValue) throws {
        guard v != .null else {
            ink.spotlight = false; audiencePage.zoom = nil; ink.mirror = [:]
            return
        }
        guard v.object != nil else { throw JSONPathError(path: "drawings.overlay", message: "expected an object or null, found \(v.typeName)") }
        let count = cache.document.pageCount
        guard let pv = v["page"] else { throw JSONPathError(path: "drawings.overlay.page", message: "missing") }
        let p = try pv.integer(at: "drawings.overlay.page", in: 0...count - 1)
        guard p == page || options.pages.contains(p) else {
            throw JSONPathError(path: "drawings.overlay.page", message: "page \(p + 1) is not shown by this scene (pages \(options.pages.lowerBound + 1)-\(options.pages.upperBound + 1))")
        }
        guard let list = v["strokes"]?.array, list.count <= Self.overlayMaxStrokes else {
            throw JSONPathError(path: "drawings.overlay.strokes", message: "expected an array of at most \(Self.overlayMaxStrokes) strokes, found \(v["strokes"]?.found ?? "nothing")")
        }
        let strokes = try list.enumerated().map { try InkStroke(json: $1, path: "drawings.overlay.strokes[\($0)]") }
        func numbers(_ key: String, _ n: Int, _ range: ClosedRange<Double>) throws -> [Double]? {
            guard let f = v[key], f != .null else { return nil }
            guard let a = f.array, a.count == n else { throw JSONPathError(path: "drawings.overlay.\(key)", message: "expected \(n) numbers or null, found \(f.found)") }
            return try a.enumerated().map { try $1.number(at: "drawings.overlay.\(key)[\($0)]", in: range) }
        }
        let spot = try numbers("spotlight", 2, -1e6...1e6)
        let zoom = try numbers("zoom", 4, 0...1)
        if let z = zoom, z[2] <= 0 || z[3] <= 0 {
            throw JSONPathError(path: "drawings.overlay.zoom", message: "expected a width and height above 0, found \(v["zoom"]!.found)")
        }
        // All read: now show it (a bad message above changed nothing).
        if p != page { show(p) }
        ink.spotlight = spot != nil
        if let s = spot { ink.pointer = (p, Point(s[0], s[1])) }
        audiencePage.zoom = zoom.map { Rect($0[0], $0[1], $0[2], $0[3]) }
        ink.mirror = [p: strokes]
    }
}
