import PodiumKit

/// Where a window really is (the window system's frame, not what was asked for) against where the
/// display-role policy put it. A window manager decides the output a fullscreen window covers
/// (with overlapping outputs of different sizes, openbox takes the larger) and carries fullscreen
/// windows along when their output moves, so the frame asked for and the real one can part
/// (trial 10 F2: the console fullscreen on the projector while the log said "presenter on DUMMY0").
public struct RealPlacement: Equatable, Sendable, CustomStringConvertible {
    /// The window's real frame (desktop coordinates, the platform's units).
    public var frame: Rect
    /// The display holding most of the window, nil when it is on none.
    public var display: DisplayInfo?
    /// The window shows on the room's display (a real part of it beyond the meant display).
    public var onRoomsDisplay: Bool

    public var description: String { "\(display?.name ?? "no display") \(frame)" }

    /// Nil when a window at `frame` is where it was meant to be: mostly (at least half of it) on
    /// `meant`, and not on `room` (the display the room sees, when it is not `meant` and does not
    /// mirror it: `DisplayInfo.mirrors`). Otherwise where it really is. A frame of no area (unmapped, not known) is
    /// never judged misplaced.
    public static func misplaced(frame: Rect, meant: DisplayInfo, room: DisplayInfo?, displays: [DisplayInfo]) -> RealPlacement? {
        guard frame.width > 0, frame.height > 0 else { return nil }
        func area(_ r: Rect) -> Double { frame.intersects(r) ? frame.intersection(r).width * frame.intersection(r).height : 0 }
        // A room display mirroring the meant one (`DisplayInfo.mirrors`, as the policy decides) is
        // no other display: the room sees the meant display anyway.
        let roomApart = room.flatMap { r in r.identity != meant.identity && !r.mirrors(meant) ? r : nil }
        // On the room's display: the part of the window there that is not also on the meant one
        // (a sliver of overlap between the two displays is the meant display's own), at least two
        // pixels thick (its area over twice its longest side): an edge shared is not "on" it.
        let onRoom = roomApart.map { r -> Bool in
            guard frame.intersects(r.bounds) else { return false }
            let there = frame.intersection(r.bounds)
            let outside = there.width * there.height - (there.intersects(meant.bounds) ? there.intersection(meant.bounds).width * there.intersection(meant.bounds).height : 0)
            return there.width >= 2 && there.height >= 2 && outside >= 2 * max(there.width, there.height)
        } ?? false
        let onMeant = area(meant.bounds) * 2 >= frame.width * frame.height
        guard onRoom || !onMeant else { return nil }
        let most = displays.max { area($0.bounds) < area($1.bounds) }.flatMap { area($0.bounds) > 0 ? $0 : nil }
        return RealPlacement(frame: frame, display: most, onRoomsDisplay: onRoom)
    }
}
