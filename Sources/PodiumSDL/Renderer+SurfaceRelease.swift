import CSDL2
import FoundationEssentials
import Glibc

/// The room's window surface handed back while the X server presents its pages (issue 19,
/// memory). SDL's software renderer draws into a window surface of the window's size (8.3 MB at
/// 1920×1080, MIT-SHM shared memory that the X server maps too); once the server presents the
/// room from page pixmaps, that surface only matters again when SDL draws the next frame, and
/// it is then repainted wherever it is presented (`surfaceStale`). So after a server present its
/// pages are given back (`MADV_REMOVE` punches them out of the shared segment, for the X server
/// as well; `MADV_DONTNEED` where the surface is private memory): they read as zeros until SDL
/// paints them again. Never before a frame SDL presents: the surface is stale by then anyway
/// and is repainted first.
extension Renderer {
    /// Gives the window surface's pages back if SDL drew into it since the last time.
    func releaseWindowSurface() {
        guard surfaceTouched, Self.surfaceReleaseEnabled, let w = SDL_RenderGetWindow(sdl), let s = SDL_GetWindowSurface(w),
              let pixels = s.pointee.pixels else { return }
        surfaceTouched = false
        guard let (start, length) = Self.wholePages(pixels, byteCount: Int(s.pointee.pitch) * Int(s.pointee.h)) else { return }
        if madvise(start, length, MADV_REMOVE) != 0 { _ = madvise(start, length, MADV_DONTNEED) }
        surfaceReleases += 1
    }

    /// Bytes of the window surface resident now (`mincore`): 0 right after a release; 0 with
    /// another renderer than SDL's software one (which draws into no window surface).
    public var windowSurfaceResidentBytes: Int {
        guard driverName == "software", let w = SDL_RenderGetWindow(sdl), let s = SDL_GetWindowSurface(w), let pixels = s.pointee.pixels,
              let (start, length) = Self.wholePages(pixels, byteCount: Int(s.pointee.pitch) * Int(s.pointee.h)) else { return 0 }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var vec = [UInt8](repeating: 0, count: length / page)
        guard mincore(start, length, &vec) == 0 else { return 0 }
        return vec.reduce(0) { $0 + Int($1 & 1) } * page
    }

    /// The whole pages inside `byteCount` bytes at `p`.
    static func wholePages(_ p: UnsafeMutableRawPointer, byteCount: Int) -> (UnsafeMutableRawPointer, Int)? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let a = Int(bitPattern: p), lo = (a + page - 1) / page * page, hi = (a + byteCount) / page * page
        guard hi > lo, let start = UnsafeMutableRawPointer(bitPattern: lo) else { return nil }
        return (start, hi - lo)
    }

    /// `PODIUM_SURFACE_RELEASE=0` keeps the surface's pages (A/B benches).
    static let surfaceReleaseEnabled = ProcessInfo.processInfo.environment["PODIUM_SURFACE_RELEASE"] != "0"
}
