/// A wall-clock time "HH:MM" (24 h), as pdfpc's `endTime` and `--end-time` take.
public struct ClockTime: Equatable, Sendable {
    public var hour: Int, minute: Int
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        hour = h; minute = m
    }
}
