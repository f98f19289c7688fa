import Foundation

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
        guard var t = title?.trimmingCharacters(in: .whitespaces), !t.isEmpty else { return nil }
        if t.range(of: #"^Page [0-9]+$"#, options: .regularExpression) != nil { return nil }
        if let r = t.range(of: #" \(p\. [0-9]+\)$"#, options: .regularExpression) { t.removeSubrange(r) }
        return t.isEmpty ? nil : t
    }
}
