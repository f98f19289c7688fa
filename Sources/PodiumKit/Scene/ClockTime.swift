/// A wall-clock time "HH:MM" (24 h), as pdfpc's `endTime` and `--end-time` take.
public struct ClockTime: Equatable, Sendable {
    /// Hour 0–23 and minute 0–59.
    public var hour: Int, minute: Int
    /// Parses `"H:MM"` or `"HH:MM"` (24-hour, one or two digits each); nil for anything else or out
    /// of range (`24:00`, `9:60`).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        hour = h; minute = m
    }
}
