import PodiumKit

/// One display as the platform reports it. Bounds are in the desktop's coordinate space (points;
/// pixels on X11), and can have negative origins (a projector placed left of the laptop).
public struct DisplayInfo: Equatable, Sendable {
    public struct Mode: Equatable, Sendable, CustomStringConvertible {
        public var width: Int, height: Int, refreshRate: Int
        public init(width: Int, height: Int, refreshRate: Int) { self.width = width; self.height = height; self.refreshRate = refreshRate }
        public var description: String { "\(width)x\(height)@\(refreshRate)Hz" }
    }
    public var index: Int
    public var name: String
    public var bounds: Rect
    public var usableBounds: Rect
    public var dpi: Double?
    public var currentMode: Mode?
    public var modes: [Mode]
    public init(index: Int, name: String, bounds: Rect, usableBounds: Rect, dpi: Double? = nil, currentMode: Mode? = nil, modes: [Mode] = []) {
        self.index = index; self.name = name; self.bounds = bounds; self.usableBounds = usableBounds
        self.dpi = dpi; self.currentMode = currentMode; self.modes = modes
    }

    /// What the display *is*, independent of its index and position: name plus native size
    /// (its largest mode). Used to recognise the projector again after a replug.
    public var identity: DisplayIdentity {
        let native = modes.max { $0.width * $0.height < $1.width * $1.height }
        return DisplayIdentity(name: name, nativeWidth: native?.width ?? Int(bounds.width), nativeHeight: native?.height ?? Int(bounds.height))
    }
}

public struct DisplayIdentity: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var name: String, nativeWidth: Int, nativeHeight: Int
    public init(name: String, nativeWidth: Int, nativeHeight: Int) { self.name = name; self.nativeWidth = nativeWidth; self.nativeHeight = nativeHeight }
    public var description: String { "\(name) (\(nativeWidth)x\(nativeHeight))" }
}
