/// How long a reload's words about its place reach the speaker (`ReloadController`). Pure: the
/// caller passes the time (seconds, its clock) and the console's notice.
///
/// Trial 29 m4: pdflatex and latexmk write the PDF twice, so a reload whose place was only
/// guessed ("placed by its label, check it") was followed 0.3–1 s later by one finding that
/// place again by content, whose plain "Reloaded talk.pdf" replaced the warning before it could
/// be read. A place to check is now said by every reload until it was shown its `seconds`,
/// unless the speaker clicked it away or another notice took its place.
public struct ReloadPlaceCheck: Sendable {
    /// How long a place to check is shown (10 s: long enough to read between two glances).
    public let seconds: Double
    /// The place to check last said and until when it is said again.
    private var last: (words: String, until: Double)?
    /// The notice that said it, to tell whether the console still shows it.
    private var notice: String?

    public init(seconds: Double = 10) { self.seconds = seconds }

    /// A reload at `now` says `words` of its place (nil: found for certain); `check`: they are
    /// a place to check (a guess), not news (a removed scene back). Returns the words its notice
    /// says and for how long: `words`; else, while the console shows (`showing`) the notice of
    /// the last place to check and its time is not up, those words for at least what is left of
    /// it; else none, for `plain` seconds.
    public mutating func words(_ words: String?, check: Bool, showing: String?, plain: Double, at now: Double) -> (words: String?, seconds: Double) {
        if let words {
            last = check ? (words, now + seconds) : nil; notice = nil
            return (words, seconds)
        }
        if let l = last, let n = notice, n == showing, now < l.until - 1e-6 {
            notice = nil
            return (l.words, max(plain, l.until - now))
        }
        last = nil; notice = nil
        return (nil, plain)
    }

    /// The reload's notice now on the console (`text`), which said the words last returned.
    public mutating func shown(_ text: String) { if last != nil { notice = text } }
}
