import CX11Present
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// One window's ready pages kept in the X server as Pixmaps ("server textures", issue 19), so a
/// frame that is just a page is presented by the server with one XCopyArea: no client-side copy
/// of the page onto the window surface, no 8 MB sent per advance.
///
/// Only with SDL's software renderer on X11 (`make` returns nil otherwise, or with
/// `PODIUM_SERVER_PIXMAPS=0`). Pixmaps are made on the main thread with SDL's own Display
/// connection, ahead of the advance (`Renderer.uploadAhead`): unpacked straight into a MIT-SHM
/// pixmap's shared memory where the server offers those (nothing for the server to copy), else
/// through one reused shared buffer and XShmPutImage, or plain XPutImage on a remote server. At
/// most `byteBudget` bytes of pixmaps (`PagePixmapPolicy`: one window frame, the page ahead),
/// least recently used out; a pixmap goes with its bitmap.
final class ServerPixmaps {
    /// A page's pixmap and its bitmap, held: while the pixmap is kept the page's cache hands out
    /// the same bitmap again (a page stepped back to is found here), and a bitmap holds only its
    /// packed pixels. A replaced bitmap (a PDF reloaded) is never drawn again and ages out.
    struct Entry { var page: OpaquePointer; var pixmap: UInt; var width: Int32; var height: Int32; var owner: Bitmap; var used: UInt64 }
    private var handle: OpaquePointer?
    private var entries: [UInt64: Entry] = [:]
    /// The page last evicted, refilled for the next page of its size instead of made anew
    /// (fresh shared memory costs page faults and zeroing in both processes).
    private var spare: (page: OpaquePointer, width: Int32, height: Int32)?
    /// Bytes of pixmaps kept at most (pixels × 4), set from the window's size; a spare page besides.
    var byteBudget = 0
    /// Pixmaps made so far, and frames presented from one (tests, `state`).
    private(set) var uploads = 0, presents = 0
    /// Pixels copied from pixmaps to the window so far (tests, `state`).
    private(set) var pixelsCopied = 0
    var count: Int { entries.count }
    /// Pixmaps kept of bitmaps other than `ids`.
    func count(excluding ids: Set<UInt64>) -> Int { entries.keys.filter { !ids.contains($0) }.count }
    var usesSharedMemory: Bool { podium_xpresent_uses_shm(handle) != 0 }
    /// How pages get into the server: "shm-pixmap" (written straight into a shared-memory
    /// pixmap, the server copies nothing), "shm-put" (XShmPutImage) or "put" (XPutImage).
    var mode: String { ["put", "shm-pixmap", "shm-put"][Int(podium_xpresent_mode(handle))] }

    /// Whether the kill switch (`PODIUM_SERVER_PIXMAPS=0`) is off.
    static var enabled: Bool { ProcessInfo.processInfo.environment["PODIUM_SERVER_PIXMAPS"] != "0" }

    /// For `window` (an SDL_Window) when it is an X11 window with a usable visual; nil otherwise.
    static func make(window: OpaquePointer) -> ServerPixmaps? {
        guard enabled, let h = podium_xpresent_open(UnsafeMutableRawPointer(window)) else { return nil }
        let s = ServerPixmaps()
        s.handle = h
        return s
    }

    /// The pixmap holding `b`'s pixels, with its size, or nil.
    func lookup(_ b: Bitmap, frame: UInt64) -> Entry? {
        guard var e = entries[b.id] else { return nil }
        e.used = frame
        entries[b.id] = e
        return e
    }

    /// Puts `b`'s pixels (B, G, R, A bytes) into a new pixmap of its size, evicting others but
    /// never those of `keeping` (bitmap ids: the frame's pages, shown and ahead); false when the
    /// server refused it or the bitmap could not give its pixels (the software path draws it then).
    @discardableResult
    func upload(_ b: Bitmap, frame: UInt64, keeping: Set<UInt64> = []) -> Bool {
        guard let h = handle, b.format == .bgra, b.width * b.height * 4 <= byteBudget else { return false }
        if lookup(b, frame: frame) != nil { return true }
        AdvanceTrace.mark("upload")
        let w = Int32(b.width), ht = Int32(b.height)
        trim(toFit: b.width * b.height * 4, keeping: keeping)
        guard entries.values.reduce(0, { $0 + Int($1.width) * Int($1.height) * 4 }) + b.width * b.height * 4 <= byteBudget else { return false }
        let reused = spare.flatMap { $0.width == w && $0.height == ht ? $0.page : nil }
        if reused != nil { spare = nil }
        guard let page = reused ?? podium_xpage_new(h, w, ht) else { return false }
        guard let buf = reused.map({ podium_xpage_reuse(h, $0) }) ?? podium_xpage_pixels(page), b.copyPixels(into: buf, stride: b.width * 4),
              podium_xpage_finish(h, page) == 0 else { podium_xpage_free(h, page); return false }
        entries[b.id] = Entry(page: page, pixmap: UInt(podium_xpage_pixmap(page)), width: w, height: ht, owner: b, used: frame)
        uploads += 1
        return true
    }

    /// Evicts the least recently used, but not `keeping`, until `extra` more bytes fit (the last
    /// one evicted kept spare for the page about to be made).
    func trim(toFit extra: Int = 0, keeping: Set<UInt64> = []) {
        var bytes = entries.values.reduce(0) { $0 + Int($1.width) * Int($1.height) * 4 }
        for (id, e) in entries.sorted(by: { $0.value.used < $1.value.used }) where bytes + extra > byteBudget && !keeping.contains(id) {
            entries[id] = nil
            if let s = spare { podium_xpage_free(handle, s.page) }
            spare = (e.page, e.width, e.height)
            bytes -= Int(e.width) * Int(e.height) * 4
        }
    }

    /// Frees every pixmap (the window was resized or moved to another display).
    func removeAll() {
        guard let h = handle else { return }
        for e in entries.values { podium_xpage_free(h, e.page) }
        if let s = spare { podium_xpage_free(h, s.page) }
        entries.removeAll(); spare = nil
        podium_xpresent_flush(h)
    }

    /// Frees everything; before the window goes. Idempotent.
    func destroy() {
        removeAll()
        podium_xpresent_close(handle)
        handle = nil
    }

    /// Copies `src` of `pixmap` to `dst`'s origin in the window (queued).
    func copy(_ pixmap: UInt, from src: IntRect, to dst: (x: Int32, y: Int32)) {
        pixelsCopied += src.area
        podium_xpresent_copy(handle, pixmap, src.x, src.y, src.w, src.h, dst.x, dst.y)
    }
    /// Copies `src` of `pixmap` to the window at `dst`, only inside `clip` (window pixels, each
    /// inside the copy's destination): one request for every tile that changed (queued).
    func copy(_ pixmap: UInt, from src: IntRect, to dst: (x: Int32, y: Int32), clippedTo clip: [IntRect]) {
        guard clip.count > 1 else {
            if let r = clip.first { copy(pixmap, from: IntRect(x: src.x + r.x - dst.x, y: src.y + r.y - dst.y, w: r.w, h: r.h), to: (r.x, r.y)) }
            return
        }
        pixelsCopied += clip.reduce(0) { $0 + $1.area }
        clipRequests += 1
        let ints = clip.flatMap { [Int32($0.x), Int32($0.y), Int32($0.w), Int32($0.h)] }
        ints.withUnsafeBufferPointer { podium_xpresent_copy_clipped(handle, pixmap, $0.baseAddress, Int32(clip.count), src.x, src.y, src.w, src.h, dst.x, dst.y) }
    }
    /// Clipped copies sent (`copy(_:from:to:clippedTo:)`), tests.
    private(set) var clipRequests = 0
    /// Fills `r` of the window with the opaque colour `c` (queued).
    func fill(_ r: IntRect, _ c: Color) {
        podium_xpresent_fill(handle, UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b), r.x, r.y, r.w, r.h)
    }
    /// Sends the queued copy and fills and waits until the server has done them (as SDL's own
    /// X11 present does, XSync), counting one frame presented. Not just XFlush: the server,
    /// woken by our request, is usually placed on this thread's core (a sync wakeup), and the
    /// main thread went on to draw the console at once, so the room's copy waited for it
    /// whenever the other core was busy (the page-render worker after a first visit: key → room
    /// 2-5 ms later than a revisit). Waiting here hands the core to the server first.
    func flush() {
        AdvanceTrace.mark("copy-sent")
        podium_xpresent_sync(handle)
        AdvanceTrace.mark("copy-done")
        presents += 1
        if podium_xpresent_unprocessed(handle) == 0 { presentsDone += 1 }
    }
    /// Frames the server had wholly presented when `flush` returned (tests: all of them).
    private(set) var presentsDone = 0
}

/// The X server's pixels of the screen, read through a connection of its own: what the room
/// sees. For tests and diagnostics.
public enum X11Screen {
    /// `rect` (root-window pixels) of the X display `display` (e.g. ":5") as R, G, B, A bytes,
    /// row-major; nil when the display cannot be opened or read.
    public static func pixels(display: String, x: Int, y: Int, width: Int, height: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let rc = out.withUnsafeMutableBufferPointer { podium_x11_read_screen(display, Int32(x), Int32(y), Int32(width), Int32(height), $0.baseAddress) }
        return rc == 0 ? out : nil
    }
}
