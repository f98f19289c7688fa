import PodiumKit

/// When two displays count as mirrored: the one rule the display-role policy (`DisplayPolicy`,
/// `AudiencePlacement.mirror`) and the safety net (`RealPlacement`) share.
extension DisplayInfo {
    /// The share of the smaller display's area an overlap must cover for the two to mirror each
    /// other. A real mirror (`xrandr --same-as`, a desktop's "mirror displays", a smaller output at
    /// the larger's origin) covers all of it; a display-settings drag a few pixels off leaves a
    /// sliver of overlap (trial 12 F7: a projector at x=1279 or 1270 beside a 1280-wide laptop),
    /// which shows the room nothing of the console: those displays are extended, not mirrored.
    public static let mirrorShare = 0.5

    /// Whether `self` and `other` overlap over at least `mirrorShare` of the smaller one's area
    /// (areas in the desktop's units). A display never mirrors itself.
    public func mirrors(_ other: DisplayInfo) -> Bool {
        guard identity != other.identity, bounds.intersects(other.bounds) else { return false }
        let o = bounds.intersection(other.bounds)
        let smaller = min(bounds.width * bounds.height, other.bounds.width * other.bounds.height)
        return smaller > 0 && o.width * o.height >= smaller * Self.mirrorShare
    }
}
