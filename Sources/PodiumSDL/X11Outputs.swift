import CXrandr
import Foundation
import PodiumCore
import PodiumKit

/// The X server's current RandR geometry, read directly. SDL2 (2.26) keeps an X11 display's
/// bounds and mode from when it was connected — its RandR handler only adds and removes
/// displays — so after `xrandr --mode …` SDL still reports the old size. Podium corrects SDL's
/// enumeration with this, by output name (SDL names X11 displays after their RandR output).
public enum X11Outputs {
    nonisolated(unsafe) fileprivate static var display: OpaquePointer?

    /// Each active output's bounds in root-window pixels, by output name; nil when there is no X
    /// server to ask (another video driver, or `DISPLAY` unset). Opens one connection, kept.
    public static func current() -> [String: Rect]? {
        if display == nil { display = XOpenDisplay(nil) }
        guard let dpy = display else { return nil }
        let root = XDefaultRootWindow(dpy)
        guard let res = XRRGetScreenResourcesCurrent(dpy, root) else { return nil }
        defer { XRRFreeScreenResources(res) }
        var out: [String: Rect] = [:]
        for i in 0..<Int(res.pointee.noutput) {
            guard let info = XRRGetOutputInfo(dpy, res, res.pointee.outputs[i]) else { continue }
            defer { XRRFreeOutputInfo(info) }
            guard info.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(dpy, res, info.pointee.crtc) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let name = String(cString: info.pointee.name)
            out[name] = Rect(Double(crtc.pointee.x), Double(crtc.pointee.y), Double(crtc.pointee.width), Double(crtc.pointee.height))
        }
        return out
    }

    /// Whether a window manager runs (EWMH `_NET_SUPPORTING_WM_CHECK` on the root window). Without
    /// one, fullscreen requests go unanswered and SDL waits ~100 ms for each; callers then place a
    /// borderless window at the display's bounds instead. Nil when there is no X server to ask.
    public static func hasWindowManager() -> Bool? {
        if display == nil { display = XOpenDisplay(nil) }
        guard let dpy = display else { return nil }
        let atom = XInternAtom(dpy, "_NET_SUPPORTING_WM_CHECK", 1)
        guard atom != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let ok = XGetWindowProperty(dpy, XDefaultRootWindow(dpy), atom, 0, 1, 0, Atom(33 /* XA_WINDOW */), &type, &format, &count, &after, &data)
        if let d = data { XFree(d) }
        return ok == 0 && count > 0
    }

    /// `displays` with bounds and current mode replaced by the X server's, where they differ.
    /// Usable bounds follow when SDL had them equal to the bounds (no panels). SDL's own fullscreen
    /// still uses its stale size, so callers place a borderless window at these bounds instead.
    public static func corrected(_ displays: [DisplayInfo]) -> [DisplayInfo] {
        guard let now = current() else { return displays }
        return displays.map { d in
            guard let r = now[d.name], r != d.bounds else { return d }
            var c = d
            if c.usableBounds == c.bounds { c.usableBounds = r }
            c.bounds = r
            let mode = DisplayInfo.Mode(width: Int(r.width), height: Int(r.height), refreshRate: d.currentMode?.refreshRate ?? 0)
            c.currentMode = mode   // `modes` (and so the identity's native size) stays as SDL listed it
            return c
        }
    }
}

extension X11Outputs {
    /// Where the X server has `window` now (root coordinates, pixels): the truth when a window
    /// manager ignored what SDL asked for, which SDL still reports. Nil for a non-X11 window.
    public static func frame(of window: PlatformWindow) -> Rect? {
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
