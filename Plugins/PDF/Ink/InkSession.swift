import FoundationEssentials
import Glibc
import PodiumKit

/// The drawing layer of one PDF for the whole session, shared by the scenes of its pages (one
/// scene per page): strokes per page with their undo history, the tool in hand, the spotlight,
/// and the drawings sidecar (`InkSidecar`) they are saved to after every change and read from
/// when the talk is opened again. Strokes are kept by page key (`InkPageKeys`), so they follow
/// their slide when the PDF is replaced (a reload, a relaunch after inserting a slide), and
/// strokes of a slide no longer in the PDF are shown nowhere but kept in the file.
@MainActor
final class InkSession {
    /// What a press on the presenter's page does while a tool is on.
    enum Tool: String { case pen, highlighter, eraser, zoom }
    /// One change, for undo.
    private enum Edit {
        case added
        case erased([(index: Int, stroke: InkStroke)])
        case cleared([InkStroke])
    }

    let pdf: String
    let sidecar: InkSidecar
    /// Strokes by page key (keys of pages not in the PDF shown now are kept and saved back
    /// untouched, as are a version 1 file's pages not matched to a page).
    private(set) var pages: [String: [InkStroke]]
    private var history: [String: [Edit]] = [:]
    /// The PDF shown now (the newest opening of the file) and its page keys, worked out when
    /// first needed (there are strokes): reading every page's text takes a while.
    private(set) var document: PDFDocument
    private var keys: [String]?
    /// The stroke being drawn now, and its page.
    private(set) var live: (page: Int, stroke: InkStroke)?
    private var livePageWidth = 0.0
    /// Picking a drawing tool starts reading the page keys on a background thread, so the first
    /// stroke's end does not read every page's text on the main thread (~2 ms a page).
    var tool: Tool? { didSet { if tool != nil && tool != .zoom { readKeysInBackground() } } }
    var spotlight = false
    /// The pointer's last place over a page view: the page and the page point.
    var pointer: (page: Int, point: Point)?
    /// The eraser's last page point in the drag under way (the next move erases along from it).
    var eraserLast: Point?
    /// Why drawings are not saved (the sidecar could not be read or written), once known.
    private(set) var saveProblem: String?
    /// Views to redraw after a change (the scenes' page views).
    var onChange: [() -> Void] = []
    /// What the tool bar's buttons do: the current page's scene sets it.
    var perform: (ConsoleAction) -> Void = { _ in }
    /// The presenter's tool bar, one for the file, shown in the current page's presenter view.
    private(set) lazy var toolbar = InkToolbar { [weak self] action in self?.perform(action) }
    var log: (String) -> Void = { SafeText.log("podium: " + $0) }
    /// Tells the speaker on the presenter view (and the log) once drawings cannot be saved; the
    /// scenes set it (`SceneContext.tellSpeaker`). Nil: the log only.
    var tellSpeaker: ((String) -> Void)?
    /// Runs a body on the main thread (the scenes set it, `SceneContext.runOnMain`); nil: the
    /// page keys are read on the caller when first needed.
    var runOnMain: (@Sendable (@escaping @Sendable @MainActor () -> Void) -> Void)?
    /// The document whose keys a background thread is reading now.
    private var keysReading: PDFDocument?
    /// Goes up with every change of the strokes (follower screens publish when it moves).
    private(set) var revision = 0
    /// On a follower screen: the presenter's strokes by 0-based page, shown instead of this
    /// file's own (which stay in the sidecar, untouched); nil on the presenter.
    var mirror: [Int: [InkStroke]]? { didSet { changed() } }
    /// The last cut of the published strokes logged (`audienceOverlay`), so it is said once.
    var overlayCapNote: String?
    /// Goes up with every change of the finished strokes (not while one is being drawn).
    private(set) var finishedRevision = 0
    /// A page's finished strokes simplified for follower screens, with each one's JSON bytes: while
    /// a stroke is drawn on a page over the limit only that stroke is worked on again.
    var overlayCut: (page: Int, revision: Int, limit: Int, tolerance: Double, strokes: [InkStroke], sizes: [Int])?

    /// The session of the PDF at `pdf`, opened as `document`; reads the drawings sidecar.
    init(pdf: String, document: PDFDocument) {
        self.pdf = pdf
        self.document = document
        sidecar = InkSidecar(pdf: pdf)
        do { pages = try sidecar.load() } catch {
            pages = [:]
            // Never overwrite a file we could not read: the speaker's earlier drawings stay in it.
            saveProblem = "\(error) (drawings of this session are not saved)"
            log("drawings not loaded: \(error)")
        }
        placeVersion1Pages()
    }

    /// A version 1 file keyed strokes by page number. They are put on the page of that number
    /// only when the file was written after the PDF last changed (so they were drawn on this PDF);
    /// otherwise they stay in the file, shown nowhere: on another version of the talk a number
    /// may be another slide.
    private func placeVersion1Pages() {
        let old = pages.keys.filter { $0.hasPrefix(InkSidecar.version1Key(0).dropLast()) }
        guard !old.isEmpty else { return }
        func modified(_ p: String) -> Date? { (try? FileManager.default.attributesOfItem(atPath: p))?[.modificationDate] as? Date }
        guard let drawn = modified(sidecar.path), let changed = modified(pdf), drawn >= changed else {
            log("drawings of an earlier version of \(SafeText.quote(URL(fileURLWithPath: pdf).lastPathComponent)) are kept in \(SafeText.quote(URL(fileURLWithPath: sidecar.path).lastPathComponent)) but not shown")
            return
        }
        for n in 1...document.pageCount {
            guard let list = pages.removeValue(forKey: InkSidecar.version1Key(n)), let k = key(n - 1) else { continue }
            pages[k, default: []] += list
        }
        save()
    }

    /// Shows the strokes on `document` from now on (a reload opened the file afresh).
    func bind(_ document: PDFDocument) {
        guard document !== self.document else { return }
        end()
        self.document = document
        keys = nil
        keysReading = nil
    }

    /// The key of 0-based `page` of `document`; nil for a page it does not have. Reads every
    /// page's text first if no one has (an edit needs its page's key now).
    func key(_ page: Int) -> String? {
        if keys == nil { keys = document.pageKeys }
        return keys!.indices.contains(page) ? keys![page] : nil
    }

    /// The key of `page` for drawing its strokes: nil (no strokes yet) while the keys are read on
    /// a background thread, which starts now if it has not; the views redraw once they are read.
    /// A talk opened with drawings saved no longer reads a long PDF's text before its first frame.
    private func shownKey(_ page: Int) -> String? {
        if keys == nil, let read = document.pageKeysIfRead { keys = read; keysReading = nil }
        guard keys == nil, runOnMain != nil else { return key(page) }
        readKeysInBackground()
        return nil
    }

    /// Reads `document`'s page keys on a background thread (the document caches them, so the
    /// main thread's `key` then waits at most for the rest), and redraws with them.
    func readKeysInBackground() {
        guard keys == nil, keysReading !== document, let runOnMain else { return }
        let doc = document
        keysReading = doc
        // A thread of its own, not Dispatch's global queues (their first work starts a timer
        // waking the talk every second for good: `PDFLastGoodCopy.inBackground`).
        let started = startDetachedThread(name: "podium-ink-keys") {
            _ = doc.pageKeys
            // Redraws with the strokes (a redraw before this adopts the keys too, `shownKey`).
            runOnMain { [weak self] in
                guard let self, self.document === doc, self.keys == nil else { return }
                self.keysReading = nil
                self.keys = doc.pageKeys   // read above: no text is read here
                self.onChange.forEach { $0() }
            }
        }
        if !started { keysReading = nil }   // read on the main thread when needed, as before a thread
    }

    func strokes(on page: Int) -> [InkStroke] {
        if let mirror { return mirror[page] ?? [] }
        // No strokes (most talks): no need to read the pages' text.
        let kept = pages.isEmpty ? [] : shownKey(page).flatMap { pages[$0] } ?? []
        guard let l = live, l.page == page else { return kept }
        return kept + [l.stroke]
    }

    // MARK: Editing

    func begin(_ kind: InkStroke.Kind, page: Int, at p: Point, pageWidth: Double) {
        live = (page, InkStroke.new(kind, at: p, pageWidth: pageWidth))
        livePageWidth = pageWidth
        changed()
    }

    /// Adds a point to the live stroke unless it is closer than `minStep` page points to the last.
    func extend(to p: Point, minStep: Double) {
        guard var l = live, let last = l.stroke.points.last else { return }
        let dx = p.x - last.x, dy = p.y - last.y
        guard dx * dx + dy * dy >= minStep * minStep else { return }
        l.stroke.points.append(p)
        live = l
        changed()
    }

    func end() {
        guard let l = live else { return }
        live = nil
        guard let k = key(l.page) else { return }
        // An eighth of a thousandth of the page width: half a pixel on a 4K audience.
        pages[k, default: []].append(l.stroke.simplified(tolerance: livePageWidth * 0.000125))
        history[k, default: []].append(.added)
        changed(save: true)
    }

    /// Removes every stroke on `page` that a disc of `radius` page points at `p` touches.
    func erase(page: Int, at p: Point, radius: Double) {
        erase(page: page, from: p, to: p, radius: radius)
    }

    /// Removes every stroke on `page` that a disc of `radius` page points swept from `a` to `b`
    /// (consecutive pointer points of one eraser drag) touches.
    func erase(page: Int, from a: Point, to b: Point, radius: Double) {
        guard let page = key(page) else { return }
        let list = pages[page] ?? []
        let hit = list.indices.filter { list[$0].touches(from: a, to: b, radius: radius) }
        guard !hit.isEmpty else { return }
        history[page, default: []].append(.erased(hit.map { ($0, list[$0]) }))
        pages[page] = list.indices.filter { !hit.contains($0) }.map { list[$0] }
        changed(save: true)
    }

    func clear(page: Int) {
        guard let page = key(page), let list = pages[page], !list.isEmpty else { return }
        history[page, default: []].append(.cleared(list))
        pages[page] = []
        changed(save: true)
    }

    /// Takes back the last change on `page`; false when there is none.
    @discardableResult
    func undo(page: Int) -> Bool {
        guard let page = key(page), let edit = history[page]?.popLast() else { return false }
        var list = pages[page] ?? []
        switch edit {
        case .added: if !list.isEmpty { list.removeLast() }
        case let .erased(gone): for g in gone.sorted(by: { $0.index < $1.index }) { list.insert(g.stroke, at: min(g.index, list.count)) }
        case let .cleared(all): list = all + list
        }
        pages[page] = list
        changed(save: true)
        return true
    }

    func changed(save: Bool = false) {
        revision &+= 1
        if save { finishedRevision &+= 1 }
        if save { self.save() }
        onChange.forEach { $0() }
    }

    /// Writes the sidecar; a failure is logged once (the presenter's status line keeps saying it)
    /// and the drawings stay in memory for the session.
    private func save() {
        if saveProblem == nil {
            // One short line naming the file and the reason (errno text, not an NSError dump).
            do { try sidecar.save(pages) } catch {
                saveProblem = "\(URL(fileURLWithPath: sidecar.path).lastPathComponent): \(DiskErrorText.reason(error)); drawings are kept for this session only"
            }
        }
        if let p = saveProblem, !toldSaveProblem {
            toldSaveProblem = true
            if let tellSpeaker { tellSpeaker("Drawings not saved: \(p).") } else { log("drawings not saved: \(p)") }
        }
    }
    private var toldSaveProblem = false
}

/// One `InkSession` per PDF for the whole process (the scenes of a PDF are one per page).
@MainActor
enum InkSessions {
    nonisolated(unsafe) private static var byPath: [String: InkSession] = [:]

    /// The session of the PDF at `path` (absolute), reading its drawings sidecar on first use,
    /// showing its strokes on `document` (the file's newest opening).
    static func session(for path: String, document: PDFDocument) -> InkSession {
        if let s = byPath[path] { s.bind(document); return s }
        let s = InkSession(pdf: path, document: document)
        byPath[path] = s
        return s
    }
}
