import Dispatch
import FoundationEssentials
import Glibc
import PodiumKit

/// Whether `talk.pdfpc` still fits its PDF, and its per-page entries moved when it does not.
/// pdfpc's file names pages by index (`idx`) and writes no page count, so Podium remembers, per
/// PDF, the PDF the file's current bytes were first read with (the baseline: its page count and
/// page content keys, read on a background thread a moment after the launch, `keysDelay`). While those bytes stay and the PDF changed, the file's notes, hidden pages
/// and forced overlays follow their pages' content (`PdfpcFollow`; trial 17 m1: a frame inserted
/// earlier showed the room the hidden slide) and the presenter is told (a reload says a new
/// warning on the banner, console only), naming what could not be found. Saving the `.pdfpc`
/// again takes the PDF of that moment as its own, and so does a PDF made within `togetherSeconds`
/// after the save, unless the file was read with the PDF before: then it may be for either, and
/// a page hidden in either reading stays hidden (`readBoth`, trial 20 F4).
///
/// The baseline is kept in memory and in `$XDG_STATE_HOME/podium/pdfpc-<hash of the PDF's
/// path>.json` (default `~/.local/state`), so a talk restarted after a crash or `kill -9` keeps
/// it (trial 17 m7: the restart took the changed PDF as the file's own). It cannot be written
/// (a read-only state folder): the memory copy serves this process.
enum PdfpcStaleness {
    struct Baseline: Codable, Equatable {
        /// FNV-1a 64 of the `.pdfpc`'s bytes, and their count.
        var pdfpc: String
        var pdfpcBytes: Int
        /// The PDF's size and modification time then: unchanged, the keys need not be read.
        var pdfSize: Int
        var pdfModified: Double
        var pageCount: Int
        /// Read only when the file has per-page entries (reading every page's text costs).
        var keys: PdfpcFollow.Keys?
        /// The keys of a PDF made at most `togetherSeconds` after the file was saved, when the
        /// file had been read with this baseline's PDF before (trial 20 F4): the file may be
        /// written for either, so a page hidden in either reading stays hidden (`PdfpcFollow.either`).
        var savedWith: PdfpcFollow.Keys? = nil
        /// The `.pdfpc`'s modification time then: saved again since, the PDF of that moment is its own.
        var savedWithPdfpcModified: Double? = nil
    }
    nonisolated(unsafe) private static var seen: [String: Baseline] = [:]
    /// The last `.pdfpc` bytes read without a problem, by PDF path, in this process (a talk
    /// launched with a typo has none: the file is left out, as `podium check` says).
    nonisolated(unsafe) private static var lastGood: [String: Data] = [:]
    /// The documents of baselines whose keys are still being read (`readKeysLater`), by PDF path.
    nonisolated(unsafe) private static var reading: [String: PDFDocument] = [:]
    private static let lock = ThreadLock()
    /// Seconds after a launch (or a new `.pdfpc`) before the baseline's page keys are read on a
    /// background thread: reading every page's text (~2 ms a page) must not hold up the first
    /// frames (issue 19: nothing that can wait blocks them).
    nonisolated(unsafe) static var keysDelay = 2.0
    /// A `.pdfpc` saved at most this many seconds before its PDF is taken as written for that PDF
    /// (`readBoth` when it was read with the PDF before).
    static let togetherSeconds = 10.0
    /// Entered while a baseline's keys are read in the background (tests wait on it).
    static let keysReading = DispatchGroup()

    /// `talk.pdfpc`'s contents (`bytes`, nil: none) for `doc` (absolute path `pdf`) as the talk
    /// uses them: parsed against the PDF they were first read with and moved to `doc`'s pages;
    /// `warnings` say when the PDF changed under them and how the entries were moved (first, on a
    /// line of its own, the pages hidden on a guess, `PdfpcFollow.guesses`). Bytes with a problem
    /// (a typo saved mid-talk) keep, for what cannot be read, what this process read before from
    /// the file (`PdfpcFile.keeping`); with nothing read before, what cannot be read is left out.
    static func read(pdf: String, pdfpc bytes: Data?, doc: PDFDocument, environment: [String: String] = ProcessInfo.processInfo.environment) -> (file: PdfpcFile?, warnings: [String]) {
        guard let bytes else {
            lock.withLock { seen[pdf] = nil; lastGood[pdf] = nil }
            PDFLastGoodCopy.forget(.pdfpc, for: pdf)
            try? FileManager.default.removeItem(atPath: storePath(pdf: pdf, environment: environment))
            return (nil, [])
        }
        // A file saved with a typo mid-talk (trial 18 F2: the hidden slides came back, the
        // countdown went): what could not be read is taken from the version read before, which
        // stays the baseline (so its entries go on following their pages).
        let fresh = PdfpcFile.readable(bytes, file: PdfpcFile.path(for: pdf), pageCount: doc.pageCount)
        // (After a crash restart: what the talk before read, kept on disk, `PDFLastGoodCopy`.)
        if !fresh.problems.isEmpty, let good = lock.withLock({ lastGood[pdf] }) ?? PDFLastGoodCopy.kept(.pdfpc, for: pdf), good != bytes {
            // Not "saved together" with this PDF: the save was the typo's (trial 18b F1: a
            // recompile within 10 s then took the kept entries as written for the new PDF).
            let before = usable(pdf: pdf, pdfpc: good, doc: doc, environment: environment, savedNow: false)
            if let kept = before.file, kept.problems.isEmpty {
                var out = fresh.keeping(kept)
                // Page entries left as they were keep following their pages (the PDF recompiled too).
                let (a, b) = (PdfpcFile.readable(good, file: "", pageCount: .max), PdfpcFile.readable(bytes, file: "", pageCount: .max))
                if (a.hidden, a.notes, a.forcedOverlays) == (b.hidden, b.notes, b.forcedOverlays) {
                    (out.hidden, out.notes, out.forcedOverlays) = (kept.hidden, kept.notes, kept.forcedOverlays)
                }
                return (out, before.warnings)
            }
        }
        if !fresh.problems.isEmpty, lock.withLock({ lastGood[pdf] }) == nil { PDFLastGoodCopy.forget(.pdfpc, for: pdf) }
        let out = usable(pdf: pdf, pdfpc: bytes, doc: doc, environment: environment)
        if out.file?.problems.isEmpty == true, lock.withLock({ lastGood.updateValue(bytes, forKey: pdf) }) != bytes {
            PDFLastGoodCopy.keep(bytes, as: .pdfpc, for: pdf)
        }
        return out
    }

    /// `read` of bytes taken as they are (the baseline follows them).
    /// `savedNow`: `bytes` are the file as it is on disk (its modification time is theirs).
    private static func usable(pdf: String, pdfpc bytes: Data, doc: PDFDocument, environment: [String: String], savedNow: Bool = true) -> (file: PdfpcFile?, warnings: [String]) {
        let pdfpcPath = PdfpcFile.path(for: pdf)
        let store = storePath(pdf: pdf, environment: environment)
        let hash = fnv(bytes), (size, modified) = signature(pdf)
        let loaded = lock.withLock { seen[pdf] } ?? load(store)
        // Saved together: a `.pdfpc` written at most `togetherSeconds` before this PDF was made
        // for it (the speaker edited it, then recompiled; a reload may have read the file with
        // the PDF before), so this PDF is its baseline, not the one before.
        let pdfpcModified = savedNow ? signature(pdfpcPath).1 : -1
        let together = loaded.map { ($0.pdfSize != size || $0.pdfModified != modified) && pdfpcModified > 0 && modified >= pdfpcModified
                                        && modified - pdfpcModified <= togetherSeconds } ?? false
        let same = loaded.map { $0.pdfpc == hash && $0.pdfpcBytes == bytes.count } ?? false
        // But these bytes were read with the PDF before (a reload or the launch; the talk went
        // on with them): written for that PDF or for this one, nobody knows (trial 20 F4).
        if together, same, let was = loaded, let both = readBoth(was, bytes: bytes, pdf: pdf, doc: doc, store: store, pdfpcModified: pdfpcModified) {
            return both
        }
        // Saved again (the same bytes) since both readings were kept: this PDF is its own.
        let savedAgain = loaded?.savedWithPdfpcModified.map { pdfpcModified > 0 && $0 != pdfpcModified } ?? false
        guard let was = loaded, !together, same, !savedAgain else {
            let file = PdfpcFile.readable(bytes, file: pdfpcPath, pageCount: doc.pageCount)
            let perPage = file.hasPageEntries
            let base = Baseline(pdfpc: hash, pdfpcBytes: bytes.count, pdfSize: size, pdfModified: modified, pageCount: doc.pageCount, keys: nil)
            lock.withLock { seen[pdf] = base; reading[pdf] = nil }
            save(base, to: store)
            if perPage { readKeysLater(of: doc, for: base, pdf: pdf, store: store) }
            return (file, [])
        }
        lock.withLock { seen[pdf] = was }
        let file = PdfpcFile.readable(bytes, file: pdfpcPath, pageCount: was.pageCount)
        let perPage = file.hasPageEntries
        let name = pdf.pathLastComponent
        guard was.pdfSize != size || was.pdfModified != modified || was.pageCount != doc.pageCount else {
            if perPage, was.keys == nil { readKeysLater(of: doc, for: was, pdf: pdf, store: store) }
            return (file, [])
        }
        guard perPage else { return (file, []) }
        // The keys of the PDF the file was read with: saved, or read now from its document if the
        // background read has not finished (the talk changed its PDF within `keysDelay`).
        let pending = lock.withLock { reading[pdf] }
        guard let old = was.keys ?? pending.map({ PdfpcFollow.Keys(of: $0) }) else {
            // Neither (the talk or `podium check` that read it ended first): its entries go by
            // page number, and this PDF becomes their baseline, so a recompile during the talk
            // moves them with their pages (trial 33 F1: it moved nothing, and the room was sent
            // to the slide the file hid).
            let base = Baseline(pdfpc: hash, pdfpcBytes: bytes.count, pdfSize: size, pdfModified: modified, pageCount: doc.pageCount, keys: nil)
            lock.withLock { seen[pdf] = base; reading[pdf] = nil }
            save(base, to: store)
            readKeysLater(of: doc, for: base, pdf: pdf, store: store)
            guard was.pageCount != doc.pageCount else { return (file, []) }
            return (file, ["\(pdfpcPath): \(name) now has \(doc.pageCount) pages, \(was.pageCount) when this file was read: its hidden pages and notes go by page number and may no longer match"
                           + hiddenNow(file, in: doc)])
        }
        if was.keys == nil {
            var known = was
            known.keys = old
            lock.withLock { seen[pdf] = known; reading[pdf] = nil }
            save(known, to: store)
        }
        let newKeys = PdfpcFollow.Keys(of: doc)
        let moved = PdfpcFollow.follow(file, from: old, to: newKeys)
        if let other = was.savedWith {
            // Both readings kept before: each moved with its pages to this PDF.
            let written = PdfpcFile.readable(bytes, file: pdfpcPath, pageCount: other.exact.count)
            let both = PdfpcFollow.either(PdfpcFollow.follow(written, from: other, to: newKeys).file, moved.file)
            if !both.kept.isEmpty { return (both.file, [keptLine(both.kept, pdfpc: pdfpcPath, name: name, doc: doc)]) }
        }
        guard moved.changed else { return (moved.file, []) }
        var warning = "\(pdfpcPath): \(name) changed since this file was read (\(was.pageCount) pages then, \(doc.pageCount) now): "
            + "its hidden pages and notes were moved with their pages"
        if !moved.lost.isEmpty {
            warning += "; not found in the new \(name), left out: \(moved.lost.joined(separator: ", ")) (save the file again in pdfpc, or fix its idx entries)"
        }
        // A page hidden on a guess is said on a line of its own, short enough for the banner
        // (trial 18 F3: the speaker's only warning was cut off): checked before it matters.
        let guess = moved.guessed.isEmpty ? nil : "\(pdfpcPath): "
            + moved.guessed.map { g in
                // Its title when the PDF has one (outline), not the "Page 7" said anyway.
                let title = PageTitles.title(of: g.new - 1, in: doc)
                return "page \(g.new)" + (title.hasPrefix("Page ") ? "" : " “\(title.prefix(40))”") + " hidden on a guess"
            }.joined(separator: ", ")
            + " (hidden page\(moved.guessed.count > 1 ? "s" : "") \(moved.guessed.map { "\($0.old)" }.joined(separator: ", ")) not found for certain in the new \(name))"
        return (moved.file, [guess, warning].compactMap { $0 })
    }

    /// The pages `file` hides, named in `doc` as the talk would skip them ("; it hides page 9
    /// “Conclusion” now"), so the speaker can tell a real slide hidden by a stale file (trial 33
    /// m11: `check` said the file might not match, not that it hid the conclusion); "" when none.
    static func hiddenNow(_ file: PdfpcFile, in doc: PDFDocument) -> String {
        let pages = file.hidden.sorted().filter { $0 < doc.pageCount }
        // Every page hidden is ignored by the deck (`PDFDeck`, said on its own): none is hidden.
        guard !pages.isEmpty, pages.count < doc.pageCount else { return "" }
        let named = pages.prefix(3).map { i in
            let title = PageTitles.title(of: i, in: doc)
            return "page \(i + 1)" + (title.hasPrefix("Page ") ? "" : " “\(title.prefix(40))”")
        }
        return "; it hides \(named.joined(separator: ", "))\(pages.count > 3 ? " and \(pages.count - 3) more" : "") now"
    }

    /// The file `bytes`, saved at most `togetherSeconds` before `doc`'s PDF was made but read
    /// before with the PDF of baseline `was`, as written for `doc` and moved with its pages from
    /// `was`'s PDF: nil when the moved reading hides no page the written one shows (the file is
    /// `doc`'s own, as before), else every page hidden in either, said on the banner, and both
    /// readings kept in the baseline (later PDFs get both, moved with their pages).
    private static func readBoth(_ was: Baseline, bytes: Data, pdf: String, doc: PDFDocument, store: String, pdfpcModified: Double) -> (file: PdfpcFile?, warnings: [String])? {
        let pdfpcPath = PdfpcFile.path(for: pdf)
        let written = PdfpcFile.readable(bytes, file: pdfpcPath, pageCount: doc.pageCount)
        guard written.hasPageEntries, let old = was.keys ?? lock.withLock({ reading[pdf] }).map({ PdfpcFollow.Keys(of: $0) }) else { return nil }
        let newKeys = PdfpcFollow.Keys(of: doc)
        let before = PdfpcFile.readable(bytes, file: pdfpcPath, pageCount: was.pageCount)
        let both = PdfpcFollow.either(written, PdfpcFollow.follow(before, from: old, to: newKeys).file)
        guard both.secondAdds else { return nil }
        var kept = was
        (kept.keys, kept.savedWith, kept.savedWithPdfpcModified) = (old, newKeys, pdfpcModified)
        lock.withLock { seen[pdf] = kept; reading[pdf] = nil }
        save(kept, to: store)
        return (both.file, [keptLine(both.kept, pdfpc: pdfpcPath, name: pdf.pathLastComponent, doc: doc)])
    }

    /// The banner's line for pages kept hidden by `PdfpcFollow.either` (0-based `pages`), with
    /// their titles when the PDF has them, short enough for one line.
    private static func keptLine(_ pages: [Int], pdfpc: String, name: String, doc: PDFDocument) -> String {
        let said = pages.map { p in
            let title = PageTitles.title(of: p, in: doc)
            return "\(p + 1)" + (title.hasPrefix("Page ") ? "" : " “\(title.prefix(40))”")
        }
        return "\(pdfpc): page\(pages.count > 1 ? "s" : "") \(said.joined(separator: ", ")) kept hidden, check: "
            + "saved just before \(name) but read with the one before, its hidden pages as written and moved with their pages differ"
    }

    /// Reads `doc`'s page keys for `base` on a background thread after `keysDelay`, then keeps
    /// and saves them, unless another baseline took its place meanwhile.
    private static func readKeysLater(of doc: PDFDocument, for base: Baseline, pdf: String, store: String) {
        lock.withLock { reading[pdf] = doc }
        keysReading.enter()
        // A thread of its own, not Dispatch's global queues (their first work starts a timer
        // waking the talk every second for good: `PDFLastGoodCopy.inBackground`).
        let read: @Sendable () -> Void = {
            defer { keysReading.leave() }
            let keys = PdfpcFollow.Keys(of: doc)
            let known: Baseline? = lock.withLock {
                guard reading[pdf] === doc, var b = seen[pdf], b == base else { return nil }
                b.keys = keys
                seen[pdf] = b; reading[pdf] = nil
                return b
            }
            if let known { save(known, to: store) }
        }
        let delay = keysDelay
        if !startDetachedThread(name: "podium-pdfpc", stackSize: 512 << 10, {
            if delay > 0 { usleep(UInt32(min(delay, 60) * 1_000_000)) }
            read()
        }) { read() }
    }

    /// Forgets what this process remembered (the file on disk stays): a restarted talk, in tests.
    static func forgetThisProcess() { lock.withLock { seen = [:]; lastGood = [:]; reading = [:] } }

    private static func signature(_ path: String) -> (Int, Double) {
        let a = try? FileManager.default.attributesOfItem(atPath: path)
        return ((a?[.size] as? UInt).map { Int($0) } ?? -1, (a?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)
    }

    static func fnv<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(cFormat: "%016llx", h)
    }

    /// `$XDG_STATE_HOME/podium/pdfpc-<FNV-1a 64 of the PDF's path>.json` (as the talk journal's).
    static func storePath(pdf: String, environment: [String: String]) -> String {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        return state + "/podium/pdfpc-\(fnv(Array(pdf.utf8))).json"
    }

    private static func load(_ store: String) -> Baseline? {
        FileManager.default.contents(atPath: store).flatMap { try? JSONDecoder().decode(Baseline.self, from: $0) }
    }

    private static func save(_ base: Baseline, to store: String) {
        guard let data = try? JSONEncoder().encode(base) else { return }
        try? FileManager.default.createDirectory(atPath: store.pathDeletingLastComponent, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: store), options: .atomic)
    }
}
