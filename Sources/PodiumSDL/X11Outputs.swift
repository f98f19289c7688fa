import CXrandr
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// The X server's current RandR geometry, read directly. SDL2 (2.26) keeps an X11 display's
/// bounds and mode from when it was connected — its RandR handler only adds and removes
/// displays — so after `xrandr --mode …` SDL still reports the old size. Podium corrects SDL's
/// enumeration with this, by output name (SDL names X11 displays after their RandR output).
public enum X11Outputs {
    nonisolated(unsafe) fileprivate static var display: OpaquePointer?

    /// One RandR output: its name (what `xrandr` prints), its bounds in root-window pixels when
    /// it is switched on (nil when off or disconnected), and the EDID's make and model.
    /// `primary`: RandR's primary output (`xrandr --primary`).
    public struct Output: Equatable { public var name: String; public var bounds: Rect?; public var edid: EDID?; public var primary = false }

    /// The last answer and the server's RandR timestamps it was read at: while neither timestamp
    /// moved, no output, CRTC or mode changed (a plug, an unplug, `xrandr --mode` each move one),
    /// so the outputs are not read again on every display and window event of a plug.
    nonisolated(unsafe) private static var cache: (timestamp: Time, configTimestamp: Time, outputs: [Output])?
    nonisolated(unsafe) private static var edidAtom: Atom?
    /// Each output's name (fixed for the life of its XID) and last EDID, by XID: once every output
    /// was read one by one, a change is read from RandR 1.5's monitors (`activeOutputs`).
    nonisolated(unsafe) private static var known: [RROutput: (name: String, edid: EDID?)] = [:]
    /// Whether the server speaks RandR 1.5 (monitors), asked once.
    nonisolated(unsafe) private static var hasMonitors: Bool?
    /// How many times the outputs were read from the server rather than from `cache` (tests).
    public nonisolated(unsafe) private(set) static var outputReads = 0
    /// How many outputs were asked about one by one (`XRRGetOutputInfo`, a round trip each; the
    /// dummy driver has 16): every output on the first read, none on a plug after it (tests).
    public nonisolated(unsafe) private(set) static var outputInfoReads = 0

    /// Every output of the screen; nil when there is no X server to ask (another video driver,
    /// or `DISPLAY` unset). Opens one connection, kept. One round trip when nothing changed
    /// since the last call; after a change, two plus one per switched-on output (its EDID), where
    /// asking each output would take 1 + 2 or 3 per output (21 on the dummy driver with two on:
    /// the largest part of the plug path's X round trips, issue 19).
    public static func outputs() -> [Output]? {
        windowManager = nil
        if display == nil { display = XOpenDisplay(nil) }
        guard let dpy = display else { return nil }
        let root = XDefaultRootWindow(dpy)
        guard let res = XRRGetScreenResourcesCurrent(dpy, root) else { return nil }
        defer { XRRFreeScreenResources(res) }
        let stamps = (res.pointee.timestamp, res.pointee.configTimestamp)
        var out: [Output]
        if let c = cache, c.timestamp == stamps.0, c.configTimestamp == stamps.1 { out = c.outputs } else {
            outputReads += 1
            // Asked until the server has the atom (a driver that reports EDIDs makes it).
            if (edidAtom ?? 0) == 0 { edidAtom = XInternAtom(dpy, "EDID", 1) }
            out = activeOutputs(dpy, root, res) ?? everyOutput(dpy, res)
            cache = (stamps.0, stamps.1, out)
        }
        // Asked every time (one round trip): setting the primary output moves neither timestamp,
        // and xrandr may set it just after the mode it set with it (`--mode … --primary`).
        let primary = known[XRRGetOutputPrimary(dpy, root)]?.name
        for i in out.indices { out[i].primary = out[i].name == primary }
        return out
    }

    /// Every output asked about one by one: its name, connection and CRTC, the CRTC's geometry
    /// when it has one, the EDID when connected. Fills `known`.
    private static func everyOutput(_ dpy: OpaquePointer, _ res: UnsafeMutablePointer<XRRScreenResources>) -> [Output] {
        let edidAtom = self.edidAtom ?? 0
        var out: [Output] = []
        for i in 0..<Int(res.pointee.noutput) {
            let id = res.pointee.outputs[i]
            outputInfoReads += 1
            guard let info = XRRGetOutputInfo(dpy, res, id) else { continue }
            defer { XRRFreeOutputInfo(info) }
            // Only a connected output has a monitor to describe: no EDID round trip for the others
            // (a laptop lists several idle connectors; the dummy driver 14 of 16).
            let connected = Int32(info.pointee.connection) == RR_Connected
            var o = Output(name: String(cString: info.pointee.name), bounds: nil, edid: edidAtom == 0 || !connected ? nil : edid(dpy, id, edidAtom))
            if info.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(dpy, res, info.pointee.crtc) {
                o.bounds = Rect(Double(crtc.pointee.x), Double(crtc.pointee.y), Double(crtc.pointee.width), Double(crtc.pointee.height))
                XRRFreeCrtcInfo(crtc)
            }
            known[id] = (o.name, o.edid)
            out.append(o)
        }
        return out
    }

    /// The outputs from RandR 1.5's active monitors (one round trip): the server makes one
    /// automatic monitor per switched-on CRTC, with that CRTC's geometry (what `everyOutput`
    /// reads) and the outputs on it. Names come from `known`; the EDID is read again for each
    /// switched-on output (a projector swapped on a connector that stayed on), and an output
    /// switched off keeps the EDID last read. Nil, so that every output is asked, when the server
    /// lacks RandR 1.5, an output is new (its name unknown), or a monitor is one the user
    /// defined (`xrandr --setmonitor`: it may span several outputs or name none).
    private static func activeOutputs(_ dpy: OpaquePointer, _ root: Window, _ res: UnsafeMutablePointer<XRRScreenResources>) -> [Output]? {
        if hasMonitors == nil {
            var major: Int32 = 0, minor: Int32 = 0
            hasMonitors = XRRQueryVersion(dpy, &major, &minor) != 0 && (major, minor) >= (1, 5)
        }
        let ids = (0..<Int(res.pointee.noutput)).map { res.pointee.outputs[$0] }
        guard hasMonitors == true, ids.allSatisfy({ known[$0] != nil }) else { return nil }
        var n: Int32 = 0
        guard let monitors = XRRGetMonitors(dpy, root, 1, &n) else { return nil }
        defer { XRRFreeMonitors(monitors) }
        var bounds: [RROutput: Rect] = [:]
        for m in UnsafeBufferPointer(start: monitors, count: Int(max(0, n))) {
            guard m.automatic != 0 else { return nil }
            for k in 0..<Int(m.noutput) { bounds[m.outputs[k]] = Rect(Double(m.x), Double(m.y), Double(m.width), Double(m.height)) }
        }
        let edidAtom = self.edidAtom ?? 0
        return ids.map { id in
            var k = known[id]!
            if bounds[id] != nil { k.edid = edidAtom == 0 ? nil : edid(dpy, id, edidAtom); known[id] = k }
            return Output(name: k.name, bounds: bounds[id], edid: k.edid)
        }
    }

    private static func edid(_ dpy: OpaquePointer, _ output: RROutput, _ atom: Atom) -> EDID? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XRRGetOutputProperty(dpy, output, atom, 0, 128, 0, 0, 0 /* AnyPropertyType */, &type, &format, &count, &after, &data) == 0,
              let d = data else { return nil }
        defer { XFree(d) }
        return format == 8 ? EDID(Array(UnsafeBufferPointer(start: d, count: Int(count)))) : nil
    }

    /// Whether a window manager runs (EWMH `_NET_SUPPORTING_WM_CHECK` on the root window). Without
    /// one, fullscreen requests go unanswered and SDL waits ~100 ms for each; callers then place a
    /// borderless window at the display's bounds instead. Nil when there is no X server to ask.
    /// Asked once per enumeration (`outputs()` forgets the answer): one or two round trips that
    /// the plug path otherwise paid three times (the room strip, the placement, the strip
    /// again). A window manager that starts or stops later maps, reparents or unmaps windows,
    /// which are display and window events, each followed by an enumeration.
    public static func hasWindowManager() -> Bool? {
        if let known = windowManager { return known }
        if display == nil { display = XOpenDisplay(nil) }
        guard let dpy = display else { return nil }
        windowManagerChecks += 1
        let atom = XInternAtom(dpy, "_NET_SUPPORTING_WM_CHECK", 1)
        guard atom != 0 else { windowManager = false; return false }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let ok = XGetWindowProperty(dpy, XDefaultRootWindow(dpy), atom, 0, 1, 0, Atom(33 /* XA_WINDOW */), &type, &format, &count, &after, &data)
        if let d = data { XFree(d) }
        windowManager = ok == 0 && count > 0
        return windowManager
    }
    /// `hasWindowManager`'s answer until the next `outputs()`.
    nonisolated(unsafe) private static var windowManager: Bool?
    /// How many times the window manager's presence was asked of the server (tests).
    public nonisolated(unsafe) private(set) static var windowManagerChecks = 0

    /// `displays` as the X server has them now: named after their RandR output (SDL names a
    /// display after its EDID monitor name when there is one, e.g. `DELL U2415 24"`, which is not
    /// what `xrandr` or `--audience-display` use), with EDID make and model, and with the
    /// server's current bounds and mode. Outputs switched off are left out (SDL2 never reports
    /// them gone), and an output SDL lists twice after a replug is kept once. Usable bounds follow
    /// when SDL had them equal to the bounds (no panels). SDL's own fullscreen still uses its stale
    /// size, so callers place a borderless window at these bounds instead.
    public static func corrected(_ displays: [DisplayInfo]) -> [DisplayInfo] {
        guard let outs = outputs() else { return displays }
        var taken = Set<String>()
        return displays.compactMap { d in
            // Two identical monitors share an EDID name: their bounds tell them apart.
            let free = outs.filter { !taken.contains($0.name) }
            let byModel = free.filter { o in o.edid?.model.map { !$0.isEmpty && d.name.hasPrefix($0) } ?? false }
            let o = outs.first { $0.name == d.name }
                ?? byModel.first { $0.bounds == d.bounds } ?? byModel.first
                ?? free.first { $0.bounds == d.bounds }
            guard let o else { return d }   // unknown to RandR: as SDL says
            guard let r = o.bounds, taken.insert(o.name).inserted else { return nil }
            var c = d
            c.name = o.name; c.make = o.edid?.make; c.model = o.edid?.model; c.serial = o.edid?.serial; c.isPrimary = o.primary
            guard r != d.bounds else { return c }
            if c.usableBounds == c.bounds { c.usableBounds = r }
            c.bounds = r
            c.currentMode = DisplayInfo.Mode(width: Int(r.width), height: Int(r.height), refreshRate: d.currentMode?.refreshRate ?? 0)
            return c   // `modes` (and so the identity's native size) stays as SDL listed it
        }
    }
}

extension X11Outputs {
    /// Where the X server has `window` now (root coordinates, pixels): the truth when a window
    /// manager ignored what SDL asked for, which SDL still reports. Nil for a non-X11 window.
    @MainActor public static func frame(of window: PlatformWindow) -> Rect? {
        if display == nil { display = XOpenDisplay(nil) }
        guard let dpy = display else { return nil }
        let xw = podium_x11_window(UnsafeMutableRawPointer(window.sdl))
        guard xw != 0 else { return nil }
        var attrs = XWindowAttributes()
        guard XGetWindowAttributes(dpy, xw, &attrs) != 0 else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(dpy, xw, XDefaultRootWindow(dpy), 0, 0, &x, &y, &child) != 0 else { return nil }
        return Rect(Double(x), Double(y), Double(attrs.width), Double(attrs.height))
    }
}
