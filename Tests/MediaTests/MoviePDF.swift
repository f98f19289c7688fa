import Foundation

/// A one- or two-page PDF written by hand (poppler reads it) whose first page carries a movie:
/// white paper, an orange box at the left, and a green "poster" filling the movie's rectangle,
/// over which one annotation names the clip, the ways Beamer does it.
enum MoviePDF {
    /// Page size in points (16:9).
    static let width = 800.0, height = 450.0
    /// The movie's rectangle and the orange box, unit page coordinates from the top left (16:9
    /// like the test clips, so the video fills the rectangle without bands).
    static let movie = (x: 0.5, y: 0.2, w: 0.4, h: 0.4)
    static let box = (x: 0.1, y: 0.3, w: 0.2, h: 0.4)

    /// How the first page names the clip.
    enum Annotation {
        /// A link with a Launch action (`\href{clip.webm}{…}`, `\href{run:clip.webm}{…}`).
        case launch(String)
        /// A link with a URI action (pdfpc's `clip.webm?autostart&loop`).
        case uri(String)
        /// The `multimedia` package's `\movie`: a /Movie annotation.
        case movie(String)
        /// A /Screen annotation with a rendition action (media9, Acrobat), playing on open.
        case screen(String)
    }

    /// Writes the PDF to `url`, with `annotation` over the movie's rectangle (`copies` of it, a
    /// hostile page); with `secondPage` a plain white page follows.
    static func write(_ url: URL, _ annotation: Annotation, copies: Int = 1, secondPage: Bool = false) throws {
        func rect(_ b: (x: Double, y: Double, w: Double, h: Double)) -> String {
            "\(b.x * width) \((1 - b.y - b.h) * height) \(b.w * width) \(b.h * height) re f"
        }
        let r = [movie.x * width, (1 - movie.y - movie.h) * height, (movie.x + movie.w) * width, (1 - movie.y) * height]
            .map { String($0) }.joined(separator: " ")
        let content = "1 1 1 rg 0 0 \(width) \(height) re f 0.95 0.55 0.1 rg \(rect(box)) 0.1 0.7 0.2 rg \(rect(movie))"
        let action: String
        switch annotation {
        case let .launch(f): action = "/Subtype /Link /Border [0 0 0] /A << /S /Launch /F (\(f)) >>"
        case let .uri(u): action = "/Subtype /Link /Border [0 0 0] /A << /S /URI /URI (\(u)) >>"
        case let .movie(f): action = "/Subtype /Movie /F 4 /Movie << /F (\(f)) /Aspect [160 90] >> /A << /ShowControls false >>"
        case let .screen(f):
            action = "/Subtype /Screen /P 3 0 R /A << /S /Rendition /OP 0 /R << /S /MR /C << /S /MCD /CT (video/webm) "
                + "/D << /Type /Filespec /F (\(f)) >> >> /P << /BE << /A true >> >> >> >>"
        }
        let kids = secondPage ? "[3 0 R \(5 + copies) 0 R]" : "[3 0 R]"
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids \(kids) /Count \(secondPage ? 2 : 1) >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Annots [\((0..<copies).map { "\(5 + $0) 0 R" }.joined(separator: " "))] >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ] + Array(repeating: "<< /Type /Annot \(action) /Rect [\(r)] >>", count: copies)
        if secondPage { objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] >>") }
        var pdf = "%PDF-1.5\n", offsets: [Int] = []
        for (i, o) in objects.enumerated() { offsets.append(pdf.utf8.count); pdf += "\(i + 1) 0 obj\n\(o)\nendobj\n" }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(pdf.utf8).write(to: url)
    }
}
