/// When a refused automatic reload's notice reaches the speaker (`ReloadController`). Pure: the
/// caller passes the time (seconds, its clock) and shows what `due(at:)` returns.
///
/// A refusal waits `patience` seconds of still files (a compiler pausing between pages makes a
/// file look finished for a moment), but it is never lost: a later change only postpones it, and
/// only a reload that succeeds or a newer refusal replaces it (trial 21: a deleted clip's refusal
/// never showed). While a refusal's notice is on the console, a newer one shows at once: the
/// speaker already reads an error, and it must be the latest reason (trial 21: after `rm talk.json`
/// the console kept "not valid JSON").
public struct RefusalNoticeTiming: Sendable {
    /// Seconds of still files before a refusal is shown (2 s: longer than latexmk's pauses).
    public let patience: Double
    /// The refusal waiting to be shown and when.
    public private(set) var pending: (text: String, due: Double)?
    /// The refusal last shown (the caller says whether the console still shows it).
    public private(set) var shown: String?

    public init(patience: Double = 2) { self.patience = patience }

    /// A reload was refused with `notice` at `now`. Returns the text to show at once (not
    /// `patient`, e.g. Ctrl+R; or the console shows the refusal last shown, `showingShown`),
    /// else nil: it is shown by `due(at:)` once `patience` seconds pass without a change.
    public mutating func refused(_ notice: String, patient: Bool, showingShown: Bool = false, at now: Double) -> String? {
        if !patient || (showingShown && shown != nil) {
            pending = nil; shown = notice
            return notice
        }
        pending = (notice, now + patience)
        return nil
    }

    /// The files changed at `now`: a waiting refusal waits `patience` more seconds (kept: the
    /// change may bring no reload, a deleted file's second event).
    public mutating func changed(at now: Double) {
        if let p = pending { pending = (p.text, max(p.due, now + patience)) }
    }

    /// A reload succeeded: nothing waits, and the notice shown is no longer a refusal's.
    public mutating func reloaded() { pending = nil; shown = nil }

    /// The refusal to show at `now`, if its time came (then it is the one shown).
    public mutating func due(at now: Double) -> String? {
        guard let p = pending, now >= p.due - 1e-6 else { return nil }
        pending = nil; shown = p.text
        return p.text
    }
}
