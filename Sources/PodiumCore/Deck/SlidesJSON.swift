import PodiumKit

extension Slides {
    /// Where scene `index` is in slides, as the control socket's and the phone remote's state
    /// give it: `index`, `count`, `overlay` and `overlays` 0-based counts (overlays of one slide
    /// share a PDF page label), and `position`, the console's text (`slide 2/12 (4/4)`, or
    /// `3 / 10` when no slide has overlays), which the go-to-slide prompt's numbers follow.
    public func stateJSON(of index: Int) -> JSONValue {
        let s = position(of: index)
        return ["index": .number(Double(s.slide)), "count": .number(Double(count)), "overlay": .number(Double(s.overlay)),
                "overlays": .number(Double(s.overlays)), "position": .string(positionText(of: index))]
    }
}
