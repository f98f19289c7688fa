import PodiumKit

/// One display as the platform reports it. `name` is the one users see in their own tools:
/// the RandR output name on X11 (`xrandr`), the compositor's output name on Wayland
/// (`swaymsg -t get_outputs`). Bounds are in the desktop's coordinate space (points;
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
    /// Manufacturer and monitor name where the platform knows them (EDID on X11, wl_output's
    /// make and model on Wayland), e.g. "DEL" and "DELL U2415".
    public var make: String?, model: String?
    public init(index: Int, name: String, bounds: Rect, usableBounds: Rect, dpi: Double? = nil, currentMode: Mode? = nil, modes: [Mode] = [],
                make: String? = nil, model: String? = nil) {
        self.index = index; self.name = name; self.bounds = bounds; self.usableBounds = usableBounds
        self.dpi = dpi; self.currentMode = currentMode; self.modes = modes; self.make = make; self.model = model
    }

    /// The name, with make and model when known: `HDMI-1 (DEL DELL U2415)`.
    public var label: String {
        let extra = [make, model].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return extra.isEmpty ? name : "\(name) (\(extra))"
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

    /// One line, "WIDTH HEIGHT NAME", for what a crash restart carries (`init(line:)` reads it).
    public var line: String { "\(nativeWidth) \(nativeHeight) \(name)" }
    public init?(line: String) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let w = Int(parts[0]), let h = Int(parts[1]), !parts[2].isEmpty else { return nil }
        self.init(name: String(parts[2]), nativeWidth: w, nativeHeight: h)
    }
}
