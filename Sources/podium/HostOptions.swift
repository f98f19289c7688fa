import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// `present`'s options about the room and the clock rather than the deck: `--start-time HH:MM`,
/// `--switch-screens`, `--windowed [presenter|audience|both]`. Checked before any window opens;
/// a bad value is a usage error naming the option and the value.
enum HostOptions {
    static let flags = ["--switch-screens"]
    static let values = ["--start-time", "--windowed"]

    /// `--windowed` alone is both views (as it always was); `--windowed=MODE` (or
    /// `--windowed MODE`, joined by `PdfpcOptions.translate`) chooses.
    static func windowedViews(_ o: CommandLineInterface.Options) throws -> WindowedViews {
        guard let mode = o.values["--windowed"] else { return o.flags.contains("--windowed") ? .both : [] }
        guard let w = WindowedViews(mode: mode) else {
            throw CommandLineInterface.UsageError(description: "--windowed expects presenter, audience or both (pdfpc's presentation and none work too), got \"\(TalkOptions.shown(mode))\"")
        }
        return w
    }

    /// `--start-time HH:MM` as minutes after midnight, nil when not given.
    static func startMinutes(_ o: CommandLineInterface.Options) throws -> Int? {
        guard let t = o.values["--start-time"] else { return nil }
        guard let m = minutes(t) else { throw CommandLineInterface.UsageError(description: "--start-time expects a time HH:MM (24 h), got \"\(TalkOptions.shown(t))\"") }
        return m
    }

    /// "9:05", "09:05", "23:59" → minutes after midnight; nil for anything else.
    static func minutes(_ t: String) -> Int? {
        let p = t.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, (1...2).contains(p[0].count), p[1].count == 2, p.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let h = Int(p[0]), let m = Int(p[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return h * 60 + m
    }

    /// The display selectors. `--switch-screens` (`DisplayPolicy.switchesScreens`: the default
    /// presenter and audience displays exchanged) names no display, so it cannot be combined
    /// with them.
    static func displaySelectors(_ o: CommandLineInterface.Options) throws -> (audience: String?, presenter: String?) {
        let a = o.values["--audience-display"], p = o.values["--presenter-display"]
        guard o.flags.contains("--switch-screens") else { return (a, p) }
        guard a == nil, p == nil else {
            throw CommandLineInterface.UsageError(description: "--switch-screens swaps the default displays; with --audience-display or --presenter-display, name the displays instead")
        }
        return (nil, nil)
    }
}
