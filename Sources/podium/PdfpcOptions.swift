import PodiumCore

/// pdfpc's command-line spellings, for speakers whose fingers know them: the ones Podium has are
/// aliases (`-d 20` is `--duration 20`); the others are refused with a message naming what
/// Podium does instead, so nothing given on the command line is silently ignored.
enum PdfpcOptions {
    /// pdfpc's short options (and long ones Podium spells differently) → Podium's.
    static let aliases: [String: String] = [
        "-d": "--duration", "-e": "--end-time", "-l": "--last-minutes", "-P": "--page", "-n": "--notes",
        "-g": "--no-grouping", "--disable-auto-grouping": "--no-grouping", "-w": "--windowed",
        "-t": "--start-time", "-s": "--switch-screens",
    ]

    /// pdfpc options Podium has no counterpart for, with what to do instead.
    static let refused: [String: String] = [
        "-S": "pdfpc's --single-screen: with one display Podium shows the audience view in the presenter's preview; --windowed gives it a window",
        "--single-screen": "pdfpc's --single-screen: with one display Podium shows the audience view in the presenter's preview; --windowed gives it a window",
        "-Z": "pdfpc's --size: use --windowed (the windows can be resized)",
        "--size": "pdfpc's --size: use --windowed (the windows can be resized)",
        "-C": "pdfpc's --time-of-day: the console always shows the time of day beside the timers",
        "--time-of-day": "pdfpc's --time-of-day: the console always shows the time of day beside the timers",
        "-L": "pdfpc's --list-actions: podium present --keymap FILE; Assets/keymap.example.json lists every action",
        "--list-actions": "pdfpc's --list-actions: podium present --keymap FILE; Assets/keymap.example.json lists every action",
        "-R": "pdfpc's --pdfpc-location: Podium reads talk.pdfpc beside talk.pdf",
        "--pdfpc-location": "pdfpc's --pdfpc-location: Podium reads talk.pdfpc beside talk.pdf",
        "-c": "pdfpc's cache options: Podium renders neighbouring pages ahead by itself; nothing to set",
        "-p": "pdfpc's cache options: Podium renders neighbouring pages ahead by itself; nothing to set",
        "-z": "pdfpc's cache options: Podium renders neighbouring pages ahead by itself; nothing to set",
        "--disable-cache": "pdfpc's cache options: Podium renders neighbouring pages ahead by itself; nothing to set",
        "--persist-cache": "pdfpc's cache options: Podium renders neighbouring pages ahead by itself; nothing to set",
        "--disable-compression": "pdfpc's cache options: Podium renders neighbouring pages ahead by itself; nothing to set",
    ]

    /// Rewrites pdfpc spellings in `args` into Podium's. Throws `UsageError` naming the option
    /// for a refused pdfpc option or a short option neither tool has (which would otherwise be
    /// taken for the deck's path). `--windowed MODE` / `-w MODE` (MODE one of presenter,
    /// audience, both, and pdfpc's presentation, none) becomes `--windowed=MODE`; `--windowed`
    /// followed by anything else stays the flag (both views windowed).
    static func translate(_ args: [String]) throws -> [String] {
        var out: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]; i += 1
            let name = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            if let why = refused[name] { throw CommandLineInterface.UsageError(description: "\(TalkOptions.shown(a)): \(why)") }
            if name == "--windowed" || name == "-w" {
                if a.contains("=") { out.append("--windowed" + a.dropFirst(name.count)); continue }
                if i < args.count, WindowedViews(mode: args[i]) != nil { out.append("--windowed=" + args[i]); i += 1; continue }
                out.append("--windowed"); continue
            }
            // "-d20" is "-d 20".
            if a.count > 2, !a.hasPrefix("--"), !a.contains("="), let alias = aliases[String(a.prefix(2))], !["--windowed", "--no-grouping", "--switch-screens"].contains(alias) {
                out += [alias, String(a.dropFirst(2))]; continue
            }
            if let alias = aliases[name] { out.append(a.contains("=") ? alias + a.dropFirst(name.count) : alias); continue }
            if a.hasPrefix("-"), !a.hasPrefix("--"), a.count > 1, Double(a) == nil {
                throw CommandLineInterface.UsageError(description: "unknown option \"\(TalkOptions.shown(a))\" (podium --help lists the options; pdfpc's spellings are in the README's \"Coming from pdfpc\")")
            }
            out.append(a)
        }
        return out
    }
}
