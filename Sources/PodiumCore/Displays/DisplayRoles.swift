/// Which display shows the presenter view and which the audience view (indexes into the current
/// enumeration). Pure policy, so it is tested without displays.
public struct DisplayRoles: Equatable, Sendable {
    public var presenter: Int?
    public var audience: Int?
    public init(presenter: Int?, audience: Int?) { self.presenter = presenter; self.audience = audience }

    /// Default: presenter on the primary display (SDL's index 0), audience on the first other one;
    /// one display → no audience display. `audience`/`presenter` choose by index or name; a choice
    /// naming a display that is not connected falls back to the default.
    public static func choose(_ displays: [DisplayInfo], audience: String? = nil, presenter: String? = nil) -> DisplayRoles {
        guard !displays.isEmpty else { return DisplayRoles(presenter: nil, audience: nil) }
        func find(_ s: String?) -> Int? {
            guard let s else { return nil }
            if let i = Int(s), displays.contains(where: { $0.index == i }) { return i }
            return displays.first { $0.name == s }?.index
        }
        let p = find(presenter) ?? displays[0].index
        var a = find(audience)
        if a == p { a = nil }
        if a == nil { a = displays.first { $0.index != p }?.index }
        return DisplayRoles(presenter: p, audience: a)
    }
}
