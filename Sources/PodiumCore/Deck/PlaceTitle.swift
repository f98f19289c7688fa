/// A scene's title as the console shows it beside its own number (the toolbar, "Next:", the
/// resume question, a restart's notice): the console counts slides (`6 / 7`, what digits then
/// Return go to, as pdfpc counts its visible slides), so a title that is only a page number is a
/// second number for the same place. With a page hidden by talk.pdfpc, "6 / 7 Page 7" and
/// "scene 6 “Page 7”" named one slide two ways (trial 18 m7).
///
/// The PDF deck's stand-ins (`PageTitles`: `Page 7` for a page with no outline entry, `Methods
/// (p. 8)` after one) lose their numeric page number: `Page 7` names nothing, `Methods (p. 8)` is
/// `Methods`. A label that is not a number (`Page iv`, `Backup (p. A-1)`) is a name and stays;
/// the overview, the control socket's `state` and the log keep the whole title.
public enum PlaceTitle {
    /// `title` without a numeric page reference; nil when nothing else is left.
    /// E.g. `Results` → `Results`, `Page 7` → nil, `Methods (p. 8)` → `Methods`, `Page iv` → `Page iv`.
    public static func name(_ title: String?) -> String? {
        // Plain string work, no regular expression: the console asks at each scene change and
        // each redraw a scene asks for, before the room's frame.
        guard let title else { return nil }
        var t = Substring(title)
        while t.first == " " { t.removeFirst() }
        while t.last == " " { t.removeLast() }
        if t.hasPrefix("Page "), isNumber(t.dropFirst(5)) { return nil }
        if t.hasSuffix(")"), let open = t.lastIndex(of: "("), t[..<open].hasSuffix(" "),
           t[open...].hasPrefix("(p. "), isNumber(t[t.index(open, offsetBy: 4)..<t.index(before: t.endIndex)]) {
            t = t[..<t.index(before: open)]
        }
        return t.isEmpty ? nil : String(t)
    }

    private static func isNumber(_ s: Substring) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
}
