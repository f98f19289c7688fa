#include "podium_x11_window.h"
#include <X11/Xlib.h>
#include <SDL2/SDL_syswm.h>

int podium_x11_set_window_background(void *sdl_window, unsigned int rgb) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *dpy = info.info.x11.display;
    XWindowAttributes a;
    if (!dpy || !XGetWindowAttributes(dpy, info.info.x11.window, &a) || !a.visual) return -1;
    // A pixel value in the window's visual (TrueColor or the dummy driver's DirectColor).
    unsigned long px = 0;
    unsigned long masks[3] = { a.visual->red_mask, a.visual->green_mask, a.visual->blue_mask };
    unsigned int parts[3] = { (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255 };
    for (int i = 0; i < 3; i++) {
        unsigned long m = masks[i];
        if (!m) continue;
        int shift = 0, bits = 0;
        while (!(m & 1)) { m >>= 1; shift++; }
        while (m & 1) { m >>= 1; bits++; }
        px |= (unsigned long)(bits >= 8 ? parts[i] << (bits - 8) : parts[i] >> (8 - bits)) << shift;
    }
    XSetWindowBackground(dpy, info.info.x11.window, px);
    XFlush(dpy);
    return 0;
}
