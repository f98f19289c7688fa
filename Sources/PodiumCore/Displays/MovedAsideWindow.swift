import PodiumKit

/// A presenter window in an ordinary window (`--windowed`) that `DisplayController` moved aside
/// (`SideBySideWindows`) when the projector went and the audience window opened beside it on the
/// one display left: where the speaker had it, so it goes back there when the projector returns
/// (trial 21 m3: it stayed squeezed at the left), unless the speaker moved or resized it meanwhile.
struct MovedAsideWindow: Equatable {
    /// The speaker's frame before the move (desktop coordinates, as `DisplayWindow.frame`).
    var speakers: Rect
    /// Where it was put beside the audience window.
    var aside: Rect
    /// The display it was on: the speaker's frame means something only there.
    var display: DisplayIdentity

    /// Points a window manager may shift a window it decorates from where it was asked to go
    /// (its border and title bar; openbox's is about 25); a speaker's own move is larger.
    static let moveSlack = 48.0
    /// Points a window manager may round a size by (size hints).
    static let sizeSlack = 2.0

    /// The frame to put the window back at when it is at `now`: the speaker's, unless `now` is no
    /// longer where it was put aside (the speaker moved or resized it: theirs now); nil then.
    func frameToRestore(now: Rect) -> Rect? {
        let moved = abs(now.minX - aside.minX) > Self.moveSlack || abs(now.minY - aside.minY) > Self.moveSlack
        let resized = abs(now.width - aside.width) > Self.sizeSlack || abs(now.height - aside.height) > Self.sizeSlack
        return moved || resized ? nil : speakers
    }
}
