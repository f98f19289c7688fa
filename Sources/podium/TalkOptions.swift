import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// The talk's timing and starting place from the command line (`--duration MIN`,
/// `--end-time HH:MM`, `--last-minutes MIN`, `--end-slide N`, `--page N`), over what the deck
/// opener read beside the deck (`OpenedDeck`: pdfpc's `duration`, `endTime`, `lastMinutes`,
/// `endSlide` beside a PDF), over the deck's own `duration`.
enum TalkOptions {
    static let names = ["--duration", "--end-time", "--last-minutes", "--end-slide", "--page"]

    /// 10000 as "10000", 0.1 as "0.1" (no grouping separators, whatever the locale).
    static func plain(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }

    /// A command-line value as an error message shows it: at most 60 characters, control and
    /// bidi characters escaped (`\u{1b}`), so a message stays short and cannot drive the terminal.
    static func shown(_ v: String) -> String {
        let cut = v.count > 60 ? String(v.prefix(60)) + "…" : v
        return cut.unicodeScalars.map { u in
            u.properties.generalCategory == .control || u.properties.generalCategory == .format ? "\\u{\(String(u.value, radix: 16))}" : String(u)
        }.joined()
    }

    /// The file beside the deck its opener read the timing from, for a warning: `talk.pdfpc`
    /// beside a PDF (the only opener that gives timing), else "the file beside the deck".
    static func besideFile(_ deck: Deck) -> String {
        guard deck.path.lowercased().hasSuffix(".pdf") else { return "the file beside the deck" }
        return URL(fileURLWithPath: deck.path).deletingPathExtension().appendingPathExtension("pdfpc").path
    }

    /// A timing key as the file it came from spells it (review27): talk.pdfpc's `lastMinutes`
    /// and `endSlide`, pdfpc.sty's `lastminutes` and `enduserslide` for a value from the PDF's
    /// `\pdfpcsetup` (`source` names it).
    static func pdfpcKey(_ key: String, in source: String) -> String {
        guard source.hasSuffix("\\pdfpcsetup") else { return key }
        return key == "endSlide" ? "enduserslide" : key.lowercased()
    }

    /// Applies what the deck opener read (`opened`, nil for a JSON deck) and then the options to
    /// `deck`. Throws `UsageError` naming the option and value: not a number, or out of range
    /// (`--page` and `--end-slide` give the real range of slides).
    static func apply(_ deck: inout Deck, opened: OpenedDeck?, options: CommandLineInterface.Options) throws {
        if let p = opened {
            deck.durationMinutes = p.durationMinutes ?? deck.durationMinutes
            deck.endTimeMinutes = p.endTimeMinutes ?? deck.endTimeMinutes
            deck.lastMinutes = p.lastMinutes ?? deck.lastMinutes
            let count = Slides(deck.scenes).count
            if let end = p.endSlide, end > count {   // talk.pdfpc written before slides were cut
                let from = p.timingSources["endSlide"].map { " in \($0)" } ?? ""
                deck.openerWarnings.append("the planned end slide \(end) (\(pdfpcKey("endSlide", in: from))\(from)) is past the talk's \(count) slide\(count == 1 ? "" : "s"): the talk ends at its last slide")
            }
            deck.endSlide = p.endSlide.map { min($0, count) } ?? deck.endSlide
            deck.timingSources.merge(p.timingSources) { $1 }
        }
        let slides = Slides(deck.scenes)
        func number(_ option: String, _ range: ClosedRange<Double>, whole: Bool = false) throws -> Double? {
            guard let v = options.values[option] else { return nil }
            guard let n = Double(v), range.contains(n), !whole || n == n.rounded() else {
                let counted = slides.isGrouped ? " (\(slides.count) slides; a slide's overlays count as one)" : ""
                let what = whole ? "a slide number \(Int(range.lowerBound))…\(Int(range.upperBound))\(counted)" : "minutes, a number \(plain(range.lowerBound))…\(plain(range.upperBound))"
                throw CommandLineInterface.UsageError(description: "\(option) expects \(what), got \"\(shown(v))\"")
            }
            return n
        }
        if let d = try number("--duration", Deck.durationRange) {
            guard options.values["--end-time"] == nil else { throw CommandLineInterface.UsageError(description: "give either --duration or --end-time, not both") }
            // 0 is pdfpc's "no duration" (`-d 0`): the timer counts up, over a duration or end
            // time the deck or talk.pdfpc gives, never a countdown from 0:00.
            deck.durationMinutes = d > 0 ? d : nil; deck.endTimeMinutes = nil   // the command line over the file's end time
            deck.timingSources["duration"] = d > 0 ? "--duration" : nil
        }
        if let t = options.values["--end-time"] {
            guard let c = ClockTime(t) else { throw CommandLineInterface.UsageError(description: "--end-time expects a time HH:MM (24 h), got \"\(shown(t))\"") }
            // The end time is the plan; a duration the files gave is not mixed in (review27:
            // `check` said "duration 20 min, end time 10:30 (--end-time)").
            deck.endTimeMinutes = c.hour * 60 + c.minute; deck.durationMinutes = nil
            deck.timingSources["duration"] = "--end-time"
        }
        if let l = try number("--last-minutes", 0...10_000) { deck.lastMinutes = l; deck.timingSources["lastMinutes"] = "--last-minutes" }
        // `-d 0` turned off a planned end the files gave: said so, not blamed on them (trial 22 m6).
        let endTurnedOff = options.values["--duration"].flatMap(Double.init) == 0
        // Typed and with no end to count back from: said, not silently ignored (trial 11, F12).
        if let v = options.values["--last-minutes"], deck.durationMinutes == nil, deck.endTimeMinutes == nil {
            if endTurnedOff { throw CommandLineInterface.UsageError(description: "--last-minutes \(shown(v)) needs a planned end, which --duration 0 turns off: give --duration MIN or --end-time HH:MM instead") }
            throw CommandLineInterface.UsageError(description: "--last-minutes \(shown(v)) needs a planned end: give --duration MIN or --end-time HH:MM (or a duration in the deck or its .pdfpc)")
        }
        // Both count slides as the speaker sees them (the position, the slide prompt, the
        // overview), as pdfpc's --page and --end-slide count user slides: a Beamer frame's
        // overlays are one slide, pdfpc's hidden pages none.
        if let e = try number("--end-slide", 1...Double(max(1, slides.count)), whole: true).map(Int.init) { deck.endSlide = e; deck.timingSources["endSlide"] = "--end-slide" }
        // The file's alone, as `--last-minutes` alone is refused above: said and not used
        // (trial 20 #12: it was taken, and `check` said "last minutes 30").
        if let l = opened?.lastMinutes, options.values["--last-minutes"] == nil, deck.durationMinutes == nil, deck.endTimeMinutes == nil {
            // Named where it was written (talk.pdfpc, or pdfpc.sty's settings in the PDF: review26).
            let file = opened?.timingSources["lastMinutes"] ?? besideFile(deck)
            deck.openerWarnings.append(endTurnedOff
                ? "\(file): \(pdfpcKey("lastMinutes", in: file)) \(plain(l)) not used: --duration 0 turned off the planned end (the timer counts up)"
                : "\(file): \(pdfpcKey("lastMinutes", in: file)) \(plain(l)) needs a planned end (a duration or end time there, or --duration MIN / --end-time HH:MM): not used")
            deck.lastMinutes = nil
            deck.timingSources["lastMinutes"] = nil
        }
        if let slide = try number("--page", 1...Double(max(1, slides.count)), whole: true).map(Int.init) {
            deck.startScene = slides.ranges[slide - 1].lowerBound
        }
    }
}
