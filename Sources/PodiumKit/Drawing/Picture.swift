import FoundationEssentials

/// A recorded drawing (a map tile, say), drawn with `DrawCommand.picture`: the renderer
/// rasterises `commands` into a texture once per pixel size and afterwards only copies that
/// texture, so content that moves but does not change (a map while panning) costs a copy, not
/// its thousands of commands.
///
/// Immutable once made; `id` is unique for the life of the process. The renderer keeps the
/// texture while the picture lives (its owner decides what is worth keeping, as for `Bitmap`).
/// A picture's commands must not name other pictures (they are skipped).
public final class Picture: @unchecked Sendable {
    /// Unique per picture for the life of the process; the renderer keys its textures by it.
    public let id: UInt64
    /// Size in points; `commands` are in the picture's own points, origin top-left.
    public let size: Size
    /// Whether `commands` paint every pixel opaquely (the renderer may then copy it without
    /// blending, much faster in SDL's software renderer).
    public let isOpaque: Bool
    /// The drawing, in the picture's own points (origin top-left, within `size`); commands that
    /// draw pictures are skipped.
    public let commands: [DrawCommand]

    /// A picture of `size` points recording `commands`; pass `isOpaque` true only when they paint
    /// every pixel opaquely.
    public init(size: Size, isOpaque: Bool, commands: [DrawCommand]) {
        self.size = size; self.isOpaque = isOpaque; self.commands = commands
        id = Picture.nextID.next()
    }

    private static let nextID = IDCounter()
}

extension Picture: Equatable {
    public static func == (a: Picture, b: Picture) -> Bool { a === b }
}
