import Foundation
import PodiumKit

/// The `pdf` scene: one page of a PDF (Beamer, LibreOffice, Keynote exports), rendered by
/// poppler at the exact pixel size of each window.
///
/// Parameters: `file` (string, required; relative to the deck), `page` (1-based, default 1),
/// `notes` (`none`, `right`, `left`, `bottom`: Beamer's notes-on-second-screen half, shown to the
/// presenter only), `background` (`#rrggbb` letterbox, default black).
public enum PDFPlugin {
    public static func descriptor() -> PluginDescriptor {
        PluginDescriptor(id: "org.podium.pdf", name: "PDF", version: "1.0.0", sceneKinds: [
            SceneKind(name: "pdf", summary: "A page of a PDF, sharp at any window size", validate: { p in
                _ = try PDFSceneOptions(p)
            }, make: { p, context in try PDFScene(p, context) }),
        ])
    }

    /// Problems with the files of `pdf` scenes that only show when the file is opened (missing,
    /// not a PDF, encrypted, damaged, no pages, page out of range), for `podium check`; relative
    /// paths resolve against `deckDirectory`. Empty when every file opens.
    public static func fileProblem(_ p: SceneParameters, deckDirectory: URL) -> String? {
        do {
            let o = try PDFSceneOptions(p)
            let doc = try PageCaches.cache(for: o.absolutePath(deckDirectory)).document
            if o.page >= doc.pageCount { throw PDFError(file: o.file, .pageOutOfRange(o.page + 1, count: doc.pageCount)) }
            return nil
        } catch { return "\(error)" }
    }
}

/// A `pdf` scene's parameters, checked.
struct PDFSceneOptions {
    var file: String
    /// 0-based.
    var page: Int
    var layout: NotesLayout
    var background: Color

    init(_ p: SceneParameters) throws {
        file = try p.requiredString("file")
        let n = try p.number("page") ?? 1
        guard n >= 1, n == n.rounded(), n < 1e6 else { throw SceneParameterError(path: "\(p.path).page", message: "expected a page number 1, 2, …, found \(n)") }
        page = Int(n) - 1
        let l = try p.string("notes") ?? "none"
        guard let layout = NotesLayout(rawValue: l) else {
            throw SceneParameterError(path: "\(p.path).notes", message: "expected none, right, left or bottom, found \"\(l)\"")
        }
        self.layout = layout
        let c = try p.string("background") ?? "#000000"
        guard let bg = Color(hex: c) else { throw SceneParameterError(path: "\(p.path).background", message: "expected a colour like #1a2b3c, found \"\(c)\"") }
        background = bg
    }

    func absolutePath(_ deckDirectory: URL) -> String {
        file.hasPrefix("/") ? file : deckDirectory.appendingPathComponent(file).standardizedFileURL.path
    }
}
