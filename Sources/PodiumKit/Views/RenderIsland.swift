/// A subtree whose draw commands can be made again alone, on a frame where nothing else in its
/// window changed (issue 19, idle CPU: the console's timer strip, once a second while the talk
/// runs, where walking the whole console, comparing its frame with the last and resolving its
/// pages cost about a third of each tick).
///
/// The view that owns it calls `rendered(from:at:clip:into:)` from its `render(into:)` override, so
/// every whole frame records where the view's commands sit in the window's list, under which
/// clip, and what they were. `WindowRoot.renderIsland()` then renders the view alone at that
/// place and clip; the platform puts the new commands in place of the old in the list it drew
/// last, after checking that list still holds exactly the old ones there (else it draws the
/// whole tree, as always). A full render of the tree gives the same list as the splice.
@MainActor
public final class RenderIsland {
    /// The commands made again, and where the old ones were.
    public struct Redraw {
        /// Where `old` sits in the window's last list (its commands' indices).
        public let range: Range<Int>
        /// The commands the view drew last, as recorded; `new` the ones it draws now.
        public let old: [DrawCommand]
        /// The commands the view draws now, to go in place of `old`.
        public let new: [DrawCommand]
        /// The clip in force around the view (window points), nil when none.
        public let clip: Rect?
    }

    /// The view whose commands the island records (held weakly); nil makes re-rendering alone
    /// impossible.
    public weak var view: View?
    /// Where the view's commands are in the last list its tree was rendered into, and those
    /// commands; nil before the first render.
    public private(set) var range: Range<Int>?
    /// The view's commands from the last whole render, in window points; empty before the first.
    public private(set) var commands: [DrawCommand] = []
    private var offset = Point.zero
    private var clip: Rect?
    private var alone = false

    /// An island for `view` (or one set later); nothing recorded yet.
    public init(view: View? = nil) { self.view = view }

    /// Records the view's part of `list`: its commands from index `start` on, drawn with the
    /// list's offset `offset` (window points) and clip `clip` on entry to its `render(into:)`.
    /// Ignored while it renders alone.
    public func rendered(from start: Int, at offset: Point, clip: Rect?, into list: DrawList) {
        guard !alone, start <= list.commands.count else { return }
        range = start..<list.commands.count
        commands = Array(list.commands[start...])
        self.offset = offset
        self.clip = clip
    }

    /// Renders the view alone where and under the clip it was last rendered; nil before any
    /// render or while it is not in a window. `range` and `commands` then describe the new
    /// commands at the same start.
    func renderAgain() -> Redraw? {
        guard let v = view, let r = range, v.isVisibleInWindow else { return nil }
        var list = DrawList()
        // The clip the ancestors had pushed, so the view's own clips and its culling come out
        // as in a whole frame; the seeding command is not part of the view's commands.
        if let clip { list.pushClip(clip) }
        list.offset = offset
        alone = true
        v.render(into: &list)
        alone = false
        let new = Array(list.commands.dropFirst(clip == nil ? 0 : 1))
        let redraw = Redraw(range: r, old: commands, new: new, clip: clip)
        range = r.lowerBound..<(r.lowerBound + new.count)
        commands = new
        return redraw
    }
}
