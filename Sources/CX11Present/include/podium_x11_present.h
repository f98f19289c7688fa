// Pages kept in the X server as Pixmaps and presented there (issue 19): with SDL's software
// renderer on X11, an audience frame that is just a ready page is one XCopyArea from a server
// pixmap (plus fills for letterbox bars), with no client-side copy of the page's pixels.
// Uses SDL's own Display connection (requests stay ordered with SDL's presents; main thread).
#ifndef PODIUM_X11_PRESENT_H
#define PODIUM_X11_PRESENT_H
#include <stddef.h>
// The module's other header, named here so a build made before it existed (a stale module
// cache: `git pull && make build`) sees this header change and rebuilds the module.
#include "podium_x11_window.h"
#include "podium_x11_audience_lock.h"
#include "podium_populate.h"

typedef struct podium_xpresent podium_xpresent;

/// Opens presenting into `sdl_window` (an SDL_Window *). NULL when the window is not an X11
/// window or its visual is not 24/32-bit TrueColor (or DirectColor) with 8-bit R, G, B at 0xff0000, 0xff00, 0xff.
podium_xpresent *podium_xpresent_open(void *sdl_window);
/// Frees the GC and the transfer buffer (shared memory). Pixmaps must be freed before.
void podium_xpresent_close(podium_xpresent *p);
/// Whether uploads go through MIT-SHM (1) or plain XPutImage (0).
int podium_xpresent_uses_shm(const podium_xpresent *p);
/// One page kept in the X server: a Pixmap, filled through `podium_xpage_pixels` then
/// `podium_xpage_finish`. With MIT-SHM pixmaps (a local server that offers them) the pixmap's
/// memory is a shared segment the pixels are written into directly, so the server copies
/// nothing to make it; otherwise the pixels go in by XShmPutImage or XPutImage.
typedef struct podium_xpage podium_xpage;
/// A page of `width` × `height` pixels, or NULL when the server refused (errors are caught).
podium_xpage *podium_xpage_new(podium_xpresent *p, int width, int height);
/// Where to write the page's pixels (B, G, R, A bytes, `width * 4` bytes a row); valid until
/// `podium_xpage_finish`.
void *podium_xpage_pixels(podium_xpage *page);
/// The same page for new pixels of its size (a page evicted, reused rather than made anew: no
/// fresh shared memory to fault in); where to write them, or NULL. Then `podium_xpage_finish`.
void *podium_xpage_reuse(podium_xpresent *p, podium_xpage *page);
/// Makes the written pixels the pixmap's; 0 on success, -1 when the server refused.
int podium_xpage_finish(podium_xpresent *p, podium_xpage *page);
/// The page's Pixmap (0 before `podium_xpage_finish` succeeded).
unsigned long podium_xpage_pixmap(const podium_xpage *page);
/// Frees the pixmap and its shared memory.
void podium_xpage_free(podium_xpresent *p, podium_xpage *page);
/// Whether pages are MIT-SHM pixmaps (1), filled through shared memory (2) or by XPutImage (0).
int podium_xpresent_mode(const podium_xpresent *p);

/// Copies a pixmap's area to the window (queued; `podium_xpresent_flush` sends it).
void podium_xpresent_copy(podium_xpresent *p, unsigned long pixmap, int sx, int sy, int w, int h, int dx, int dy);
/// Copies a pixmap's area to the window through the clip of `n` rectangles (`rects`: x, y, w, h
/// each, window pixels): one request however many tiles changed (queued).
void podium_xpresent_copy_clipped(podium_xpresent *p, unsigned long pixmap, const int *rects, int n,
                                  int sx, int sy, int w, int h, int dx, int dy);
/// Fills a window area with an opaque colour 0xRRGGBB (queued).
void podium_xpresent_fill(podium_xpresent *p, unsigned int rgb, int x, int y, int w, int h);
/// Sends what is queued to the server without waiting.
void podium_xpresent_flush(podium_xpresent *p);
/// Sends what is queued and waits until the server has done it (XSync, one round trip).
void podium_xpresent_sync(podium_xpresent *p);
/// Requests sent on the connection that the server is not known to have processed yet.
unsigned long podium_xpresent_unprocessed(const podium_xpresent *p);

/// Reads `w` × `h` pixels of the screen at (x, y) (root window, pixels) of the X display
/// `display_name` through a connection of its own, into `rgba` (R, G, B, 255 bytes, w * 4 a
/// row). 0 on success, -1 when the display cannot be opened or read. For tests and diagnostics:
/// what the room sees, as the X server has it.
int podium_x11_read_screen(const char *display_name, int x, int y, int w, int h, unsigned char *rgba);

/// Reads the top-left `w` × `h` pixels (the window's size) of the SDL window `sdl_window` as the
/// X server has them now, after every request sent on SDL's connection so far has been
/// processed, into `rgba` (R, G, B, 255 bytes, w * 4 a row): what the display shows there,
/// another window over it included. 0 on success, -1 when the window is not an X11 one or cannot
/// be read (not viewable, partly off the screen: BadMatch).
int podium_x11_read_window(void *sdl_window, int w, int h, unsigned char *rgba);
#endif
