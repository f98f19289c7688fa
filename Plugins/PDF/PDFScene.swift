import Foundation
import PodiumKit

/// One page of a PDF: the audience sees the page (or its slide half with Beamer notes), the
/// presenter sees the same page (or the notes half) with its links clickable and a status line.
final class PDFScene: Scene {
    let options: PDFSceneOptions
    let cache: PageCache
    let context: SceneContext
    let presenterView: View
    let audienceView: View
    private let audiencePage: PDFPageView
    private let presenterPage: PDFPageView
    private let presenter: PDFPresenterView
    /// Opens external links; replaceable in tests.
    var opener = BrowserOpener()
    private(set) var page: Int

    var title: String { PageTitles.title(of: page, in: cache.document) }

    /// Throws `PDFError` (naming the file) when the PDF cannot be shown; the host shows an error
    /// card in this scene's place and the talk goes on.
    init(_ p: SceneParameters, _ context: SceneContext) throws {
        options = try PDFSceneOptions(p)
        self.context = context
        let path = options.absolutePath(context.deckDirectory)
        cache = try PageCaches.cache(for: path)
        let count = cache.document.pageCount
        guard options.page < count else { throw PDFError(file: options.file, .pageOutOfRange(options.page + 1, count: count)) }
        page = options.page
        audiencePage = PDFPageView(cache: cache, page: page, region: options.layout.region(forAudience: true), background: options.background)
        audiencePage.id = "pdf.audience-page"
        audienceView = audiencePage
        presenterPage = PDFPageView(cache: cache, page: page, region: options.layout.region(forAudience: false), background: Theme.standard.surface)
        presenterPage.id = "pdf.page"
        let next = PDFPageView(cache: cache, page: min(page + 1, count - 1), region: options.layout.region(forAudience: true), background: Theme.standard.surface)
        next.id = "pdf.next-page"
        presenter = PDFPresenterView(page: presenterPage, next: next)
        presenterView = presenter
        for v in [audiencePage, presenterPage] { v.onLink = { [weak self] in self?.follow($0) } }
        updateStatus()
    }

    private func updateStatus() {
        let doc = cache.document
        let links = doc.links(page: page).count
        presenter.next.page = min(page + 1, doc.pageCount - 1)
        presenter.next.isHidden = page + 1 >= doc.pageCount
        presenter.setNeedsLayout()
        presenter.status.text = "Page \(doc.labels[page]) (\(page + 1) of \(doc.pageCount)) · \((options.file as NSString).lastPathComponent)"
            + (links > 0 ? " · \(links) link\(links == 1 ? "" : "s") (click to follow)" : "")
    }

    /// Internal links go to the deck's scene for that page (the host matches `file` and `page`);
    /// external ones open in the browser, http/https only.
    func follow(_ target: PDFLink.Target) {
        switch target {
        case let .page(p): go(to: p)
        case let .relative(d): go(to: page + d)
        case let .uri(s):
            do { try opener.open(try WebLink(s)); context.log("opened \(s)") }
            catch { context.log("link not opened: \(error)") }
        }
    }

    private func go(to p: Int) {
        guard (0..<cache.document.pageCount).contains(p) else { return }
        context.openScene(kind: "pdf", parameters: ["file": .string(options.file), "page": .number(Double(p + 1))])
    }

    /// A segue to this file's page that has no scene of its own in the deck shows it here.
    func receive(_ parameters: SceneParameters) {
        guard (try? parameters.string("file")) == options.file, let n = try? parameters.number("page"),
              n >= 1, Int(n) <= cache.document.pageCount, Int(n) - 1 != page else { return }
        page = Int(n) - 1
        audiencePage.page = page; presenterPage.page = page
        updateStatus()
        context.setNeedsDisplay()
    }
}
