/// `--windowed [presenter|audience|both]`: which views get an ordinary window instead of filling
/// their display. `--windowed` alone is `.both` (as before the modes existed). With one display
/// an audience in a window (`.audience`, `.both`) gets a window beside the presenter's; otherwise
/// it shows in the presenter's preview.
public struct WindowedViews: OptionSet, Sendable, Equatable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let presenter = WindowedViews(rawValue: 1)
    public static let audience = WindowedViews(rawValue: 2)
    public static let both: WindowedViews = [.presenter, .audience]

    /// "presenter", "audience" (pdfpc: "presentation"), "both", "none"; nil for anything else.
    public init?(mode: String) {
        switch mode.lowercased() {
        case "presenter": self = .presenter
        case "audience", "presentation": self = .audience
        case "both": self = .both
        case "none": self = []
        default: return nil
        }
    }
    public static let modes = ["presenter", "audience", "both"]
}
