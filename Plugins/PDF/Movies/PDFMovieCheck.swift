import FoundationEssentials
import Glibc
import PodiumKit
import PodiumMedia

extension PDFPlugin {
    /// Warnings for `podium check` (one line each) about the movies on the pages of a `pdf`
    /// scene: a clip that is missing or unreadable, or that GStreamer's discoverer cannot play
    /// (naming the missing decoder), e.g. `talk.pdf page 3: movie clip.mp4: file not found:
    /// /talk/clip.mp4`. Warnings, not errors: the talk runs, with an error card on the presenter
    /// and the page for the room. Empty when every movie plays, or when the PDF cannot be opened
    /// (`fileProblem` reports that). Blocks for up to `timeout` seconds per clip.
    public static func movieWarnings(_ p: SceneParameters, deckDirectory: URL, timeout: Double = 10) -> [String] {
        guard let o = try? PDFSceneOptions(p), let doc = try? PageCaches.cache(for: o.absolutePath(deckDirectory)).document else { return [] }
        let pdf = URL(fileURLWithPath: o.absolutePath(deckDirectory))
        var out: [String] = []
        for page in o.pages where page < doc.pageCount {
            for m in doc.movies(page: page).prefix(PDFPageMovies.maxMovies) {
                let url = m.url(relativeTo: pdf.deletingLastPathComponent())
                let problem: String?
                do { try InputFile.check(url.path, maxBytes: .max); problem = MediaProbe.run(url, timeout: timeout).problem }
                catch let e as InputFileError { problem = e.problem }
                catch { problem = "\(error)" }
                if let problem {
                    out.append("\(o.file) page \(page + 1): movie \(SafeText.excerpt(m.file, limit: 80)): \(problem): \(SafeText.escape(url.path))")
                }
            }
        }
        return out
    }
}
