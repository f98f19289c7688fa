#include "podium_x11_window.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <stdio.h>
#include <string.h>
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

int podium_x11_set_window_title(void *sdl_window, const char *utf8) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *dpy = info.info.x11.display;
    Window w = info.info.x11.window;
    if (!dpy) return -1;
    /* EWMH: the UTF-8 title every current window manager and task bar reads. */
    XChangeProperty(dpy, w, XInternAtom(dpy, "_NET_WM_NAME", False), XInternAtom(dpy, "UTF8_STRING", False), 8,
                    PropModeReplace, (const unsigned char *)utf8, (int)strlen(utf8));
    /* ICCCM WM_NAME for older ones: STRING (Latin-1) or COMPOUND_TEXT, converted from UTF-8
     * whatever the process's locale (SDL converts through the C locale and then gives up). */
    XTextProperty prop;
    char *list[1] = { (char *)utf8 };
    if (Xutf8TextListToTextProperty(dpy, list, 1, XStdICCTextStyle, &prop) >= Success) {
        XSetWMName(dpy, w, &prop);
        XFree(prop.value);
    }
    XFlush(dpy);
    return 0;
}

int podium_x11_sync(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11 || !info.info.x11.display) return -1;
    XSync(info.info.x11.display, False);
    return 0;
}

int podium_x11_set_fullscreen_state(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11 || !info.info.x11.display) return -1;
    Display *dpy = info.info.x11.display;
    /* Appended to what SDL wrote (a repeated atom means nothing more); SDL rewrites the whole
     * list on its next state change. */
    Atom full = XInternAtom(dpy, "_NET_WM_STATE_FULLSCREEN", False);
    XChangeProperty(dpy, info.info.x11.window, XInternAtom(dpy, "_NET_WM_STATE", False), XA_ATOM, 32,
                    PropModeAppend, (const unsigned char *)&full, 1);
    XFlush(dpy);
    return 0;
}

int podium_x11_clear_fullscreen_state(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11 || !info.info.x11.display) return -1;
    Display *dpy = info.info.x11.display;
    Window w = info.info.x11.window;
    Atom state = XInternAtom(dpy, "_NET_WM_STATE", False), full = XInternAtom(dpy, "_NET_WM_STATE_FULLSCREEN", False);
    XWindowAttributes a;
    if (XGetWindowAttributes(dpy, w, &a) && a.map_state != IsUnmapped) {
        /* EWMH: a mapped window's state is the window manager's to change, on request. */
        XEvent e;
        memset(&e, 0, sizeof e);
        e.xclient.type = ClientMessage;
        e.xclient.window = w;
        e.xclient.message_type = state;
        e.xclient.format = 32;
        e.xclient.data.l[0] = 0;   /* _NET_WM_STATE_REMOVE */
        e.xclient.data.l[1] = (long)full;
        e.xclient.data.l[3] = 1;   /* source: an application */
        XSendEvent(dpy, DefaultRootWindow(dpy), False, SubstructureNotifyMask | SubstructureRedirectMask, &e);
    } else {
        Atom type;
        int format;
        unsigned long n = 0, after = 0;
        unsigned char *data = NULL;
        if (XGetWindowProperty(dpy, w, state, 0, 64, False, XA_ATOM, &type, &format, &n, &after, &data) == Success && data && format == 32) {
            Atom *atoms = (Atom *)data;
            unsigned long kept = 0;
            for (unsigned long i = 0; i < n; i++)
                if (atoms[i] != full) atoms[kept++] = atoms[i];
            if (kept != n) XChangeProperty(dpy, w, state, XA_ATOM, 32, PropModeReplace, data, (int)kept);
        }
        if (data) XFree(data);
    }
    XFlush(dpy);
    return 0;
}

/* Xlib's default error handler ends the process on any protocol error. SDL sends events to its
 * own windows (a wakeup to the window that last had the focus); one destroyed by a hot-plug a
 * moment before (BadWindow on X_SendEvent) ended the talk, with no crash for the watcher to
 * restart: an unplug and a plug to another size under load, 3 times in 8. A protocol error is
 * about one request; the talk goes on, and the error is logged. */
static int survive_error(Display *d, XErrorEvent *e) {
    char text[128] = "";
    XGetErrorText(d, e->error_code, text, sizeof text);
    fprintf(stderr, "podium: X error ignored, the talk goes on: %s (request %d, resource 0x%lx)\n",
            text, (int)e->request_code, (unsigned long)e->resourceid);
    return 0;
}

void podium_x11_survive_errors(void) { XSetErrorHandler(survive_error); }

unsigned long podium_x11_send_to_destroyed_window(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *dpy = info.info.x11.display;
    Window w = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
    XDestroyWindow(dpy, w);
    XEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.xclient.type = ClientMessage;
    ev.xclient.window = w;
    ev.xclient.format = 32;
    XSendEvent(dpy, w, False, NoEventMask, &ev);
    XSync(dpy, False);   // the error arrives now, through the installed handler
    return (unsigned long)w;
}

/* The display `podium_x11_retain_on_death` set to RetainTemporary, and the marker resource the
 * watcher names in its XKillClient. */
static Display *retaining = NULL;
static Pixmap retained_marker = None;

unsigned long podium_x11_retain_on_death(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11 || !info.info.x11.display) return 0;
    Display *dpy = info.info.x11.display;
    /* A pixmap, not a window: SDL destroys and remakes windows (a display change), and
     * XKillClient needs a resource that still exists when the process is gone. */
    if (retaining != dpy || retained_marker == None)
        retained_marker = XCreatePixmap(dpy, DefaultRootWindow(dpy), 1, 1, (unsigned)DefaultDepth(dpy, DefaultScreen(dpy)));
    retaining = dpy;
    XSetCloseDownMode(dpy, RetainTemporary);
    XSync(dpy, False);
    return (unsigned long)retained_marker;
}

void podium_x11_destroy_on_close(void) {
    if (!retaining) return;
    XSetCloseDownMode(retaining, DestroyAll);
    XSync(retaining, False);
    retaining = NULL;
    retained_marker = None;
}
