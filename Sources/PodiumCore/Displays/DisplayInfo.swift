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
    /// The EDID serial (`EDID.serial`) where the platform reads it (X11); nil on Wayland.
    public var serial: String?
    /// The window system's primary display (X11: RandR's primary output, `xrandr --primary`);
    /// false on platforms without one (Wayland). SDL lists the primary first at its start but
    /// appends a display connected later, so after a lid opened on a lid-closed launch SDL's
    /// display 0 is the projector: `DisplayPolicy` asks this first (trial 18 F1).
    public var isPrimary: Bool
    public init(index: Int, name: String, bounds: Rect, usableBounds: Rect, dpi: Double? = nil, currentMode: Mode? = nil, modes: [Mode] = [],
                make: String? = nil, model: String? = nil, serial: String? = nil, isPrimary: Bool = false) {
        self.index = index; self.name = name; self.bounds = bounds; self.usableBounds = usableBounds
        self.dpi = dpi; self.currentMode = currentMode; self.modes = modes; self.make = make; self.model = model; self.serial = serial
        self.isPrimary = isPrimary
    }

    /// Which monitor this is (make, model, serial), or nil when the display reported none of
    /// them (no EDID: the dummy driver, some adapters and capture devices).
    public var monitor: DisplayMonitor? {
        let m = DisplayMonitor(make: make, model: model, serial: serial)
        return m.isEmpty ? nil : m
    }

    /// Whether this is a laptop's built-in panel, by its connector name: the Linux kernel's DRM
    /// connector types for internal panels, which RandR (`xrandr`) and Wayland compositors
    /// (`swaymsg -t get_outputs`, Mutter, KWin) name outputs after: `eDP` (embedded DisplayPort),
    /// `LVDS` and `DSI` (drm_connector.c, `drm_connector_enum_list`), as `eDP-1` (modesetting
    /// driver, Wayland) or `eDP1` (the intel and amdgpu X drivers).
    public var isBuiltInPanel: Bool {
        let n = name.lowercased()
        return ["edp", "lvds", "dsi"].contains { n.hasPrefix($0) && n.dropFirst($0.count).first.map { $0 == "-" || $0.isNumber } ?? true }
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

/// A monitor as its EDID describes it (`EDID`): manufacturer ID, monitor name, serial. Each
/// part is nil when the monitor does not report it; two monitors of the same model without
/// serials cannot be told apart.
public struct DisplayMonitor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var make: String?, model: String?, serial: String?
    public init(make: String?, model: String?, serial: String?) { self.make = make; self.model = model; self.serial = serial }
    public var isEmpty: Bool { [make, model, serial].allSatisfy { ($0 ?? "").isEmpty } }
    public var description: String { [make, model, serial.map { "serial \($0)" }].compactMap { $0 }.joined(separator: " ") }
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
