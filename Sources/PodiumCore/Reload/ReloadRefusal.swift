import PodiumKit

/// What the speaker reads when a reload is refused. A notice is one line cut with "…" (trial 20
/// m5), and "Not reloaded: /home/me/talks/2026/keynote.pdf: damaged or truncated PDF (…) (the
/// version on screen stays)" showed only its start on a 1280-wide console: the words that tell
/// the speaker the room is safe were cut (closing note 16). They come first now, and the files
/// are named by their names; the log keeps the problem whole, with full paths.
public enum ReloadRefusal {
    /// The notice, e.g. "Not reloaded, the version on screen stays: keynote.pdf: damaged or
    /// truncated PDF (poppler: PDF document is damaged)"; `problem` as logged, its paths named
    /// as `namingFiles` does. At most 160 characters of the problem (the banner cuts the rest).
    public static func notice(_ problem: String, files: [String], directory: String) -> String {
        let named = explainingUnknownKinds(namingFiles(problem, files: files, directory: directory))
        return "\(lead): \(named.count > 160 ? String(named.prefix(159)) + "…" : named)"
    }

    /// An unknown scene kind in a reload is most likely a plugin being installed during the talk
    /// (trial 21 m7): every reload looks for plugins again (`PluginLoader.lookAgain`), and found
    /// none for it. The notice says so in place of the list of kinds available, which the log keeps.
    static func explainingUnknownKinds(_ text: String) -> String {
        guard text.contains("unknown scene kind") else { return text }
        return text.replacing(#/ \(available: [^)]*\)/#, with: "") + " (no plugin on the search path has it: install one, then reload)"
    }

    /// The notice's first words, which say that the room is safe.
    public static let lead = "Not reloaded, the version on screen stays"

    /// `text` with each path of `files` (the talk's files: the deck, its PDFs, notes, key map)
    /// named by its last component, a path inside `directory` (the deck's folder, absolute) by
    /// its part below that folder ("figs/plot.pdf"), and any other absolute path without spaces
    /// by its last component: "scenes[1]: /home/me/talks/new.pdf: file not found" → "scenes[1]:
    /// new.pdf: file not found".
    public static func namingFiles(_ text: String, files: [String], directory: String) -> String {
        var out = text
        // Longest first: a path that ends another (a relative deck path) is not cut out of it.
        for f in Set(files).filter({ $0.contains("/") }).sorted(by: { $0.count > $1.count }) {
            out = out.replacing(f, with: f.pathLastComponent)
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        if folder.count > 2 { out = out.replacing(folder, with: "") }   // never the root's "/"
        return out.replacing(#/(^|[\s(“"'])\/(?:[^\s\/:;,()"“”]+\/)*([^\s\/:;,()"“”]+)/#) { "\($0.output.1)\($0.output.2)" }
    }
}
