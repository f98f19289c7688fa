#include "podium_x11_present.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <SDL2/SDL_syswm.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>

struct podium_xpresent {
    Display *dpy;
    Window win;
    Visual *visual;
    int depth;
    GC gc;
    int shm;                 // MIT-SHM usable
    int shm_pixmaps;         // and its shared-memory pixmaps
    XShmSegmentInfo seg;     // attached when seg.shmaddr is set
    size_t seg_size;
    void *heap;              // the buffer without MIT-SHM
    size_t heap_size;
};

static void *podium_xpresent_buffer(podium_xpresent *p, int width, int height);

// X errors of our own requests are caught here, as SDL guards its XShm setup: SDL's handler
// (and Xlib's default) would end the process, and a refused pixmap must never stop the talk.
static int trapped;
static int trap_handler(Display *d, XErrorEvent *e) { (void)d; trapped = e->error_code ? e->error_code : 1; return 0; }
typedef int (*handler_t)(Display *, XErrorEvent *);
static handler_t trap_begin(Display *dpy) {
    XSync(dpy, False);   // errors of earlier requests still go to their owner's handler
    trapped = 0;
    return XSetErrorHandler(trap_handler);
}
static int trap_end(Display *dpy, handler_t old) {
    XSync(dpy, False);
    XSetErrorHandler(old);
    return trapped;
}

podium_xpresent *podium_xpresent_open(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    Display *dpy = info.info.x11.display;
    Window win = info.info.x11.window;
    XWindowAttributes a;
    if (!dpy || !win || !XGetWindowAttributes(dpy, win, &a) || !a.visual) return NULL;
    Visual *v = a.visual;
    // The dummy driver's default visual is DirectColor: pixel values are what SDL writes either way.
    if ((v->class != TrueColor && v->class != DirectColor) || v->red_mask != 0xff0000 || v->green_mask != 0xff00 || v->blue_mask != 0xff) return NULL;
    if (a.depth != 24 && a.depth != 32) return NULL;
    int n = 0, bpp = 0;
    XPixmapFormatValues *f = XListPixmapFormats(dpy, &n);
    for (int i = 0; f && i < n; i++) if (f[i].depth == a.depth) bpp = f[i].bits_per_pixel;
    if (f) XFree(f);
    if (bpp != 32) return NULL;
    podium_xpresent *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->dpy = dpy; p->win = win; p->visual = v; p->depth = a.depth;
    handler_t old = trap_begin(dpy);
    p->gc = XCreateGC(dpy, win, 0, NULL);
    if (trap_end(dpy, old) || !p->gc) { free(p); return NULL; }
    // No GraphicsExpose/NoExpose events for SDL's queue after each copy.
    XSetGraphicsExposures(dpy, p->gc, False);
    // MIT-SHM only on a local connection, as SDL decides for its own framebuffer.
    const char *name = DisplayString(dpy);
    int local = name && (name[0] == ':' || strncmp(name, "unix:", 5) == 0);
    p->shm = local && XShmQueryExtension(dpy) && !getenv("PODIUM_SERVER_PIXMAPS_NO_SHM");
    int major = 0, minor = 0;
    Bool pixmaps = False;
    p->shm_pixmaps = p->shm && XShmQueryVersion(dpy, &major, &minor, &pixmaps) && pixmaps
        && XShmPixmapFormat(dpy) == ZPixmap && !getenv("PODIUM_SERVER_PIXMAPS_PUT");
    return p;
}

static void detach(podium_xpresent *p) {
    if (!p->seg.shmaddr) return;
    XShmDetach(p->dpy, &p->seg);
    XSync(p->dpy, False);
    shmdt(p->seg.shmaddr);
    memset(&p->seg, 0, sizeof p->seg);
    p->seg_size = 0;
}

void podium_xpresent_close(podium_xpresent *p) {
    if (!p) return;
    detach(p);
    if (p->gc) XFreeGC(p->dpy, p->gc);
    XFlush(p->dpy);
    free(p->heap);
    free(p);
}

int podium_xpresent_uses_shm(const podium_xpresent *p) { return p && p->shm; }
int podium_xpresent_mode(const podium_xpresent *p) { return !p ? 0 : p->shm_pixmaps ? 1 : p->shm ? 2 : 0; }

// The transfer buffer's pixels into `into` (a new pixmap when 0); the pixmap, or 0 on an error.
static unsigned long put_pixels(podium_xpresent *p, int width, int height, Pixmap into) {
    if (!p) return 0;
    size_t size = (size_t)width * (size_t)height * 4;
    char *data = p->shm ? p->seg.shmaddr : p->heap;
    if (!data || size > (p->shm ? p->seg_size : p->heap_size)) return 0;
    XImage *img = p->shm
        ? XShmCreateImage(p->dpy, p->visual, (unsigned)p->depth, ZPixmap, data, &p->seg, (unsigned)width, (unsigned)height)
        : XCreateImage(p->dpy, p->visual, (unsigned)p->depth, ZPixmap, 0, data, (unsigned)width, (unsigned)height, 32, width * 4);
    if (!img) return 0;
    handler_t old = trap_begin(p->dpy);
    Pixmap pm = into ? into : XCreatePixmap(p->dpy, p->win, (unsigned)width, (unsigned)height, (unsigned)p->depth);
    if (p->shm) XShmPutImage(p->dpy, pm, p->gc, img, 0, 0, 0, 0, (unsigned)width, (unsigned)height, False);
    else XPutImage(p->dpy, pm, p->gc, img, 0, 0, 0, 0, (unsigned)width, (unsigned)height);
    // The XSync in trap_end also means the server is done reading the shared buffer.
    int err = trap_end(p->dpy, old);
    img->data = NULL;   // the buffer is ours
    XDestroyImage(img);
    if (err) {
        if (into) return 0;   // the caller's to free
        old = trap_begin(p->dpy);
        XFreePixmap(p->dpy, pm);
        trap_end(p->dpy, old);
        return 0;
    }
    return pm;
}

struct podium_xpage {
    int width, height;
    Pixmap pixmap;
    XShmSegmentInfo seg;     // a shared-memory pixmap's segment (shmaddr NULL otherwise)
    void *pixels;            // where the caller writes
};

podium_xpage *podium_xpage_new(podium_xpresent *p, int width, int height) {
    if (!p || width <= 0 || height <= 0) return NULL;
    podium_xpage *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->width = width; g->height = height;
    if (p->shm_pixmaps) {
        size_t size = (size_t)width * (size_t)height * 4;
        int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
        void *addr = id >= 0 ? shmat(id, NULL, 0) : (void *)-1;
        // Its pages made in one call, not a fault at a time as the page is written into it
        // (8 MB: 6.8 ms instead of 8.3 here). Nothing is lost before Linux 5.14, which lacks it.
        if (addr != (void *)-1) madvise(addr, size, MADV_POPULATE_WRITE);
        if (addr != (void *)-1) {
            // Writable: the server refuses a pixmap over a read-only segment (BadAccess).
            g->seg.shmid = id; g->seg.shmaddr = addr; g->seg.readOnly = False;
            handler_t old = trap_begin(p->dpy);
            XShmAttach(p->dpy, &g->seg);
            g->pixmap = XShmCreatePixmap(p->dpy, p->win, addr, &g->seg, (unsigned)width, (unsigned)height, (unsigned)p->depth);
            int err = trap_end(p->dpy, old);
            shmctl(id, IPC_RMID, NULL);   // gone once both sides detach
            if (!err) { g->pixels = addr; return g; }
            // Refused (no memory, or no shared pixmaps after all): clean up quietly, and make
            // pixmaps the other way from now on.
            old = trap_begin(p->dpy);
            if (g->pixmap) XFreePixmap(p->dpy, g->pixmap);
            XShmDetach(p->dpy, &g->seg);
            trap_end(p->dpy, old);
            shmdt(addr);
            p->shm_pixmaps = 0;
        } else if (id >= 0) {
            shmctl(id, IPC_RMID, NULL);
        }
        free(g);
        return NULL;
    }
    g->pixels = podium_xpresent_buffer(p, width, height);
    if (!g->pixels) { free(g); return NULL; }
    return g;
}

void *podium_xpage_pixels(podium_xpage *g) { return g ? g->pixels : NULL; }

int podium_xpage_finish(podium_xpresent *p, podium_xpage *g) {
    if (!p || !g) return -1;
    g->pixels = NULL;
    if (g->seg.shmaddr) return 0;   // the pixmap is the memory written
    Pixmap pm = put_pixels(p, g->width, g->height, g->pixmap);
    if (pm) g->pixmap = pm;
    return pm ? 0 : -1;
}

void *podium_xpage_reuse(podium_xpresent *p, podium_xpage *g) {
    if (!p || !g) return NULL;
    // The server may still have a copy from this pixmap queued: let it finish before the
    // pixels change under it.
    XSync(p->dpy, False);
    g->pixels = g->seg.shmaddr ? g->seg.shmaddr : podium_xpresent_buffer(p, g->width, g->height);
    return g->pixels;
}

unsigned long podium_xpage_pixmap(const podium_xpage *g) { return g && (!g->seg.shmaddr || !g->pixels) ? g->pixmap : 0; }

void podium_xpage_free(podium_xpresent *p, podium_xpage *g) {
    if (!p || !g) return;
    if (g->pixmap) XFreePixmap(p->dpy, g->pixmap);
    if (g->seg.shmaddr) {
        // The server detaches after every request queued before (a copy from this pixmap); its
        // mapping is its own, so ours can go now, without a round trip.
        XShmDetach(p->dpy, &g->seg);
        shmdt(g->seg.shmaddr);
    }
    free(g);
}

static void *podium_xpresent_buffer(podium_xpresent *p, int width, int height) {
    if (!p || width <= 0 || height <= 0) return NULL;
    size_t size = (size_t)width * (size_t)height * 4;
    if (p->shm) {
        if (p->seg.shmaddr && p->seg_size >= size) return p->seg.shmaddr;
        detach(p);
        int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
        if (id >= 0) {
            void *addr = shmat(id, NULL, 0);
            if (addr != (void *)-1) {
                p->seg.shmid = id; p->seg.shmaddr = addr; p->seg.readOnly = True;
                handler_t old = trap_begin(p->dpy);
                XShmAttach(p->dpy, &p->seg);
                int err = trap_end(p->dpy, old);
                shmctl(id, IPC_RMID, NULL);   // gone once both sides detach
                if (!err) { p->seg_size = size; return addr; }
                shmdt(addr);
                memset(&p->seg, 0, sizeof p->seg);
            } else {
                shmctl(id, IPC_RMID, NULL);
            }
        }
        p->shm = 0;   // shared memory refused: plain XPutImage from now on
    }
    if (p->heap_size < size) {
        free(p->heap);
        p->heap = malloc(size);
        p->heap_size = p->heap ? size : 0;
    }
    return p->heap;
}

void podium_xpresent_copy(podium_xpresent *p, unsigned long pixmap, int sx, int sy, int w, int h, int dx, int dy) {
    if (!p || !pixmap || w <= 0 || h <= 0) return;
    XCopyArea(p->dpy, pixmap, p->win, p->gc, sx, sy, (unsigned)w, (unsigned)h, dx, dy);
}

void podium_xpresent_copy_clipped(podium_xpresent *p, unsigned long pixmap, const int *rects, int n,
                                  int sx, int sy, int w, int h, int dx, int dy) {
    if (!p || !pixmap || w <= 0 || h <= 0 || n <= 0) return;
    XRectangle stack[64], *clip = n <= 64 ? stack : malloc(sizeof(XRectangle) * (size_t)n);
    if (!clip) {   // no memory for the clip: one copy a rectangle
        for (int i = 0; i < n; i++) {
            const int *r = rects + 4 * i;
            podium_xpresent_copy(p, pixmap, sx + r[0] - dx, sy + r[1] - dy, r[2], r[3], r[0], r[1]);
        }
        return;
    }
    for (int i = 0; i < n; i++)
        clip[i] = (XRectangle){ (short)rects[4 * i], (short)rects[4 * i + 1], (unsigned short)rects[4 * i + 2], (unsigned short)rects[4 * i + 3] };
    XSetClipRectangles(p->dpy, p->gc, 0, 0, clip, n, Unsorted);
    XCopyArea(p->dpy, pixmap, p->win, p->gc, sx, sy, (unsigned)w, (unsigned)h, dx, dy);
    XSetClipMask(p->dpy, p->gc, None);   // the fills and whole copies after it are unclipped
    if (clip != stack) free(clip);
}

void podium_xpresent_fill(podium_xpresent *p, unsigned int rgb, int x, int y, int w, int h) {
    if (!p || w <= 0 || h <= 0) return;
    XSetForeground(p->dpy, p->gc, (unsigned long)(rgb & 0xffffff) | (p->depth == 32 ? 0xff000000ul : 0));
    XFillRectangle(p->dpy, p->win, p->gc, x, y, (unsigned)w, (unsigned)h);
}

void podium_xpresent_flush(podium_xpresent *p) { if (p) XFlush(p->dpy); }

void podium_xpresent_sync(podium_xpresent *p) { if (p) XSync(p->dpy, False); }

unsigned long podium_xpresent_unprocessed(const podium_xpresent *p) {
    return p ? NextRequest(p->dpy) - 1 - LastKnownRequestProcessed(p->dpy) : 0;
}

// `img`'s pixels as R, G, B, 255 bytes, w * 4 a row.
static void rgba_from_image(XImage *img, int w, int h, unsigned char *rgba) {
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            unsigned long px = XGetPixel(img, i, j);
            unsigned char *o = rgba + ((size_t)j * (size_t)w + (size_t)i) * 4;
            o[0] = (unsigned char)((px & img->red_mask) >> 16);
            o[1] = (unsigned char)((px & img->green_mask) >> 8);
            o[2] = (unsigned char)(px & img->blue_mask);
            o[3] = 255;
        }
}

// `w` × `h` pixels of `drawable` at (x, y) read through a connection of its own to `display_name`.
static int read_drawable(const char *display_name, int root, Window drawable, int x, int y, int w, int h, unsigned char *rgba) {
    Display *dpy = XOpenDisplay(display_name);
    if (!dpy) return -1;
    // A rectangle beyond the screen (an output just switched off or moved) is BadMatch: trapped,
    // so a test grabbing the screen while it changes gets -1 instead of Xlib ending it.
    handler_t old = trap_begin(dpy);
    XImage *img = XGetImage(dpy, root ? DefaultRootWindow(dpy) : drawable, x, y, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
    if (trap_end(dpy, old) && img) { XDestroyImage(img); img = NULL; }
    // 8 bits a channel in the usual places (TrueColor or the dummy driver's DirectColor at depth
    // 24/32), as rgba_from_image reads them; anything else is not read (-1).
    if (img && (img->red_mask != 0xff0000 || img->green_mask != 0xff00 || img->blue_mask != 0xff)) { XDestroyImage(img); img = NULL; }
    if (!img) { XCloseDisplay(dpy); return -1; }
    rgba_from_image(img, w, h, rgba);
    XDestroyImage(img);
    XCloseDisplay(dpy);
    return 0;
}

int podium_x11_read_screen(const char *display_name, int x, int y, int w, int h, unsigned char *rgba) {
    return read_drawable(display_name, 1, None, x, y, w, h, rgba);
}

int podium_x11_read_window(void *sdl_window, int w, int h, unsigned char *rgba) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11 || !info.info.x11.display) return -1;
    // Every frame SDL and the page copies sent on this connection is drawn before the read.
    XSync(info.info.x11.display, False);
    return read_drawable(DisplayString(info.info.x11.display), 0, info.info.x11.window, 0, 0, w, h, rgba);
}
