#define _GNU_SOURCE
#include "watch_cover.h"

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

/* The room must never see the desktop or a stale console while the talk is hung or restarting
 * (trial 10 F7, F10). The talk's own windows are gone from the moment its process dies until
 * the restart maps new ones, and a hung talk cannot hide its console when the displays change
 * under it. The watcher, which outlives both, acts on the X server through these. */

/* The few Xlib and XRandR calls used, opened on first use (a healthy talk's watcher maps none). */
static struct {
    int tried, ok;
    Display *(*open)(const char *);
    int (*close)(Display *);
    Window (*create)(Display *, Window, int, int, unsigned, unsigned, unsigned, int, unsigned, Visual *, unsigned long, XSetWindowAttributes *);
    int (*map_raised)(Display *, Window);
    int (*unmap)(Display *, Window);
    int (*destroy)(Display *, Window);
    int (*raise)(Display *, Window);
    int (*move_resize)(Display *, Window, int, int, unsigned, unsigned);
    int (*select)(Display *, Window, long);
    int (*pending)(Display *);
    int (*next)(Display *, XEvent *);
    int (*sync)(Display *, Bool);
    int (*store_name)(Display *, Window, const char *);
    Status (*geometry)(Display *, Drawable, Window *, int *, int *, unsigned *, unsigned *, unsigned *, unsigned *);
    XErrorHandler (*on_error)(XErrorHandler);
    Atom (*atom)(Display *, const char *, Bool);
    int (*change_property)(Display *, Window, Atom, Atom, int, int, const unsigned char *, int);
    int (*get_property)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *, unsigned long *, unsigned long *, unsigned char **);
    int (*free)(void *);
    int (*grab_server)(Display *);
    int (*ungrab_server)(Display *);
    Window (*owner)(Display *, Atom);
    int (*set_owner)(Display *, Atom, Window, Time);
    Bool (*randr_query)(Display *, int *, int *);
    void (*randr_select)(Display *, Window, int);
    XRRScreenResources *(*resources)(Display *, Window);
    void (*free_resources)(XRRScreenResources *);
    XRRCrtcInfo *(*crtc)(Display *, XRRScreenResources *, RRCrtc);
    void (*free_crtc)(XRRCrtcInfo *);
    int (*kill_client)(Display *, XID);
    Bool (*query_extension)(Display *, const char *, int *, int *, int *);
    Bool (*get_event_data)(Display *, XGenericEventCookie *);
    void (*free_event_data)(Display *, XGenericEventCookie *);
    KeySym (*keysym)(Display *, KeyCode, unsigned int, unsigned int);
    Bool (*query_pointer)(Display *, Window, Window *, Window *, int *, int *, int *, int *, unsigned int *);
    int (*input_focus)(Display *, Window *, int *);
} x;

/* libXi's two calls for raw key presses (`watch_keys`), opened only when keys are to be watched. */
static struct {
    int tried;
    Status (*query_version)(Display *, int *, int *);
    int (*select_events)(Display *, Window, XIEventMask *, int);
} xi;

/* An X error (a CRTC gone between two requests) must not end the watcher: Xlib's default
 * handler exits the process. */
static int ignore_error(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static int load_x(void) {
    if (x.tried) return x.ok;
    x.tried = 1;
    if (!getenv("DISPLAY")) return 0;
    void *xl = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL), *xr = dlopen("libXrandr.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!xl || !xr) return 0;
#define GET(lib, field, name) if (!(*(void **)&x.field = dlsym(lib, name))) return 0
    GET(xl, open, "XOpenDisplay"); GET(xl, close, "XCloseDisplay"); GET(xl, create, "XCreateWindow");
    GET(xl, map_raised, "XMapRaised"); GET(xl, unmap, "XUnmapWindow"); GET(xl, destroy, "XDestroyWindow"); GET(xl, raise, "XRaiseWindow"); GET(xl, move_resize, "XMoveResizeWindow");
    GET(xl, select, "XSelectInput"); GET(xl, pending, "XPending"); GET(xl, next, "XNextEvent"); GET(xl, sync, "XSync");
    GET(xl, store_name, "XStoreName"); GET(xl, geometry, "XGetGeometry"); GET(xl, on_error, "XSetErrorHandler");
    GET(xl, atom, "XInternAtom"); GET(xl, change_property, "XChangeProperty"); GET(xl, get_property, "XGetWindowProperty"); GET(xl, free, "XFree");
    GET(xl, grab_server, "XGrabServer"); GET(xl, ungrab_server, "XUngrabServer"); GET(xl, owner, "XGetSelectionOwner"); GET(xl, set_owner, "XSetSelectionOwner");
    GET(xr, randr_query, "XRRQueryExtension"); GET(xr, randr_select, "XRRSelectInput");
    GET(xr, resources, "XRRGetScreenResourcesCurrent"); GET(xr, free_resources, "XRRFreeScreenResources");
    GET(xr, crtc, "XRRGetCrtcInfo"); GET(xr, free_crtc, "XRRFreeCrtcInfo"); GET(xl, kill_client, "XKillClient");
    GET(xl, query_extension, "XQueryExtension"); GET(xl, get_event_data, "XGetEventData"); GET(xl, free_event_data, "XFreeEventData");
    GET(xl, keysym, "XkbKeycodeToKeysym"); GET(xl, query_pointer, "XQueryPointer"); GET(xl, input_focus, "XGetInputFocus");
#undef GET
    x.on_error(ignore_error);
    x.ok = 1;
    return 1;
}

static Display *open_display(void) {
    if (!load_x()) return NULL;
    Display *d = x.open(NULL);
    if (d) fcntl(ConnectionNumber(d), F_SETFD, FD_CLOEXEC);   /* never into the restarted talk */
    return d;
}

/* The active CRTCs' rectangles, at most `max`; their number, or -1. */
static int crtc_rects(Display *d, int (*out)[4], int max) {
    XRRScreenResources *r = x.resources(d, DefaultRootWindow(d));
    if (!r) return -1;
    int n = 0;
    for (int i = 0; i < r->ncrtc && n < max; i++) {
        XRRCrtcInfo *c = x.crtc(d, r, r->crtcs[i]);
        if (!c) continue;
        if (c->mode != None && c->width > 0 && c->height > 0) {
            int rect[4] = {c->x, c->y, (int)c->width, (int)c->height};
            int seen = 0;   /* a mirror: two CRTCs with one rectangle are one display for the talk */
            for (int k = 0; k < n; k++) seen |= memcmp(out[k], rect, sizeof rect) == 0;
            if (!seen) memcpy(out[n++], rect, sizeof rect);
        }
        x.free_crtc(c);
    }
    x.free_resources(r);
    return n;
}

static int contains_rect(const int (*set)[4], int n, const int rect[4]) {
    for (int i = 0; i < n; i++) if (memcmp(set[i], rect, 4 * sizeof(int)) == 0) return 1;
    return 0;
}

static Display *layout_display = NULL;
/* Whether `layout_display` asked for display-change events (`podium_layout_watch`), and the
 * RandR extension's first event number there (-1: no RandR). */
static int watching = 0, randr_events = -1;
/* The blackout keys' keysyms (`podium_layout_keys`) and the XInput extension's major opcode on
 * `layout_display` once their raw presses are asked for (-1: not asked, or no XInput 2). */
static unsigned long cover_keys[8];
static int cover_key_count = 0, xi_opcode = -1, talk_pid = 0;

void podium_layout_keys(const unsigned long *keysyms, int count, int talk) {
    cover_key_count = count < 0 ? 0 : count > 8 ? 8 : count;
    for (int i = 0; i < cover_key_count; i++) cover_keys[i] = keysyms[i];
    talk_pid = talk;
}

/* Whether a press of a blackout key now is the talk's key as the talk would read it (review28):
 * no modifier held (Shift+. is '>', Ctrl+B another binding: the key map's blackout keys have
 * none), and the keyboard focus on one of the talk's windows (SDL names its process in each
 * window's _NET_WM_PID), not a terminal the speaker types in. */
static int talks_key(Display *d) {
    Window root, child, focus;
    int rx, ry, wx, wy, revert;
    unsigned int mask = 0;
    if (x.query_pointer(d, DefaultRootWindow(d), &root, &child, &rx, &ry, &wx, &wy, &mask) && (mask & (ShiftMask | ControlMask | Mod1Mask | Mod4Mask))) return 0;
    x.input_focus(d, &focus, &revert);
    if (focus == None || focus == PointerRoot) return 0;
    Atom type;
    int format;
    unsigned long n = 0, left;
    unsigned char *data = NULL;
    int ours = 0;
    if (x.get_property(d, focus, x.atom(d, "_NET_WM_PID", False), 0, 1, False, XA_CARDINAL, &type, &format, &n, &left, &data) == Success && data) {
        ours = n == 1 && format == 32 && (int)*(unsigned long *)data == talk_pid;
        x.free(data);
    }
    return ours;
}

/* Raw key presses reach a client that selects them on the root window whatever window has the
 * focus (XInput 2, XI_RawKeyPress); asked as 2.2, so that they come during grabs too (XI 2.1's
 * change, XI2proto.txt "Raw events"). The hung talk cannot read its own keys; this can. */
static void watch_keys(Display *d) {
    xi_opcode = -1;
    if (cover_key_count == 0) return;
    if (!xi.tried) {
        xi.tried = 1;
        void *l = dlopen("libXi.so.6", RTLD_NOW | RTLD_LOCAL);
        if (l) { *(void **)&xi.query_version = dlsym(l, "XIQueryVersion"); *(void **)&xi.select_events = dlsym(l, "XISelectEvents"); }
    }
    int opcode, event, error, major = 2, minor = 2;
    if (!xi.query_version || !xi.select_events || !x.query_extension(d, "XInputExtension", &opcode, &event, &error)) return;
    if (xi.query_version(d, &major, &minor) != Success) return;
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_RawKeyPress);
    XIEventMask mask = {.deviceid = XIAllMasterDevices, .mask_len = sizeof bits, .mask = bits};
    xi.select_events(d, DefaultRootWindow(d), &mask, 1);
    xi_opcode = opcode;
}

int podium_layout_differs(const int (*rects)[4], int count) {
    if (!layout_display) layout_display = open_display();
    if (!layout_display) return -1;
    int now[16][4];
    int n = crtc_rects(layout_display, now, 16);
    if (n < 0) return -1;
    /* As sets: the talk lists each display once (a mirror is one rectangle). */
    int talk = 0;
    for (int i = 0; i < count; i++) {
        if (!contains_rect(now, n, rects[i])) return 1;
        int dup = 0;
        for (int k = 0; k < i; k++) dup |= memcmp(rects[k], rects[i], 4 * sizeof(int)) == 0;
        talk += !dup;
    }
    return talk != n;
}

void podium_layout_close(void) {
    if (layout_display) x.close(layout_display);
    layout_display = NULL;
    watching = 0;
    randr_events = -1;
    xi_opcode = -1;
}

int podium_layout_watch(void) {
    if (!layout_display) layout_display = open_display();
    if (!layout_display) return -1;
    if (!watching) {
        Window root = DefaultRootWindow(layout_display);
        int errors;
        if (x.randr_query(layout_display, &randr_events, &errors))
            x.randr_select(layout_display, root, RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask);
        else
            randr_events = -1;
        x.select(layout_display, root, StructureNotifyMask);   /* the screen's size, also without RandR */
        watch_keys(layout_display);
        x.sync(layout_display, False);
        watching = 1;
    }
    return ConnectionNumber(layout_display);
}

int podium_layout_event(const char **why, int *cover_key, int *other_keys) {
    if (!layout_display || !watching) return 0;
    int changed = 0;
    while (x.pending(layout_display)) {   /* what came, without waiting */
        XEvent e;
        x.next(layout_display, &e);
        if (xi_opcode >= 0 && e.type == GenericEvent && e.xcookie.extension == xi_opcode && x.get_event_data(layout_display, &e.xcookie)) {
            if (e.xcookie.evtype == XI_RawKeyPress) {
                /* The key's symbol without modifiers (level 0), as the talk's key map names it. */
                KeySym k = x.keysym(layout_display, (KeyCode)((XIRawEvent *)e.xcookie.data)->detail, 0, 0);
                int match = 0;
                for (int i = 0; i < cover_key_count; i++) match |= k == cover_keys[i];
                if (match && talks_key(layout_display)) *cover_key = 1;
                else if (!match && !IsModifierKey(k) && talks_key(layout_display)) *other_keys += 1;   /* lost with the hung talk */
            }
            x.free_event_data(layout_display, &e.xcookie);
            continue;
        }
        const char *name = NULL;
        if (randr_events >= 0 && e.type == randr_events + RRScreenChangeNotify) name = "RandR screen change";
        else if (randr_events >= 0 && e.type == randr_events + RRNotify) {
            int sub = ((XRRNotifyEvent *)&e)->subtype;
            name = sub == RRNotify_CrtcChange ? "RandR CRTC change" : sub == RRNotify_OutputChange ? "RandR output change" : NULL;
        } else if (e.type == ConfigureNotify) name = "the root window's ConfigureNotify";
        if (name && !changed) { *why = name; changed = 1; }
    }
    return changed;
}

/* The cover's rectangles (at most 16, their number): the room's display while an output still
 * has exactly that rectangle, else the whole screen (the displays changed: wherever the room is
 * now, it is covered); and every output the talk did not place its windows for (`layout`), so a
 * projector plugged or moved while the talk is hung or restarting shows black, not the desktop,
 * also when the talk had no room yet (trial 12 F3). The presenter's display, unchanged, is not. */
static int cover_rects(Display *d, const int room[4], const int (*layout)[4], int count, int (*out)[4]) {
    Window root;
    int gx, gy;
    unsigned w = 0, h = 0, border, depth;
    x.geometry(d, DefaultRootWindow(d), &root, &gx, &gy, &w, &h, &border, &depth);
    int screen[4] = {0, 0, w > 0 ? (int)w : 1, h > 0 ? (int)h : 1};
    int now[16][4];
    int n = crtc_rects(d, now, 16), has_room = room[2] > 0 && room[3] > 0;
    if (n < 0 || (has_room && !contains_rect((const int (*)[4])now, n, room))) {
        memcpy(out[0], screen, sizeof screen);
        return 1;
    }
    int k = 0;
    if (has_room) memcpy(out[k++], room, 4 * sizeof(int));
    for (int i = 0; i < n; i++)
        if (!contains_rect(layout, count, now[i]) && !(has_room && memcmp(now[i], room, 4 * sizeof(int)) == 0))
            memcpy(out[k++], now[i], sizeof now[i]);
    return k;
}

/* Puts the cover's windows (`made` so far, made as needed, at most 16) over `cover_rects`. */
static void place_cover(Display *d, Window *windows, int *made, const int room[4], const int (*layout)[4], int count) {
    int r[16][4];
    int n = cover_rects(d, room, layout, count, r);
    for (int i = 0; i < n; i++) {
        if (i >= *made) {
            XSetWindowAttributes a;
            memset(&a, 0, sizeof a);
            a.override_redirect = True;   /* no window manager frames, moves or stacks it */
            a.background_pixel = BlackPixel(d, DefaultScreen(d));
            windows[i] = x.create(d, DefaultRootWindow(d), r[i][0], r[i][1], (unsigned)r[i][2], (unsigned)r[i][3], 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWOverrideRedirect | CWBackPixel, &a);
            x.store_name(d, windows[i], "podium cover");   /* for tests and xwininfo */
            *made = i + 1;
        }
        x.move_resize(d, windows[i], r[i][0], r[i][1], (unsigned)r[i][2], (unsigned)r[i][3]);
        x.map_raised(d, windows[i]);
    }
    for (int i = n; i < *made; i++) x.unmap(d, windows[i]);
    x.sync(d, False);
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The room's lock (the selection `_PODIUM_AUDIENCE_S<screen>`, CX11Present's
 * `podium_x11_audience_claim`), taken over from the talk before it dies: the server frees a
 * selection when its owner's connection closes, and a second `podium present` started between
 * the talk's end and its restart's claim took the room (trial 12 F11). Taken only from the talk
 * (`talk`: its pid, as its owner window says) or, when the talk died first, while nobody holds
 * it. The owner window carries the restart's pid (this process's parent, the watcher, execs the
 * restart), the deck, and `token` (_PODIUM_AUDIENCE_HANDOVER), which the restart shows to take
 * the selection from this window, and only from it. Freed with this process's connection. */
static Window take_audience(Display *d, const char *deck, const char *token, long talk) {
    char name[48];
    snprintf(name, sizeof name, "_PODIUM_AUDIENCE_S%d", DefaultScreen(d));
    Atom selection = x.atom(d, name, False), pid_atom = x.atom(d, "_PODIUM_AUDIENCE_PID", False);
    Atom deck_atom = x.atom(d, "_PODIUM_AUDIENCE_DECK", False), token_atom = x.atom(d, "_PODIUM_AUDIENCE_HANDOVER", False);
    Atom utf8 = x.atom(d, "UTF8_STRING", False);
    Window w = x.create(d, DefaultRootWindow(d), -1, -1, 1, 1, 0, 0, InputOnly, CopyFromParent, 0, NULL);
    long pid = (long)getppid();
    x.change_property(d, w, pid_atom, XA_CARDINAL, 32, PropModeReplace, (const unsigned char *)&pid, 1);
    x.change_property(d, w, deck_atom, utf8, 8, PropModeReplace, (const unsigned char *)deck, (int)strlen(deck));
    x.change_property(d, w, token_atom, XA_STRING, 8, PropModeReplace, (const unsigned char *)token, (int)strlen(token));
    x.sync(d, False);
    x.grab_server(d);   /* the check and the take are one step */
    Window owner = x.owner(d, selection);
    long holder = owner == None ? talk : -1;
    Atom type;
    int format;
    unsigned long n, after;
    unsigned char *data = NULL;
    if (owner != None && x.get_property(d, owner, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &n, &after, &data) == Success && data) {
        if (format == 32 && n == 1) holder = *(long *)data;
        x.free(data);
    }
    if (holder == talk) x.set_owner(d, selection, w, CurrentTime);
    x.ungrab_server(d);
    x.sync(d, False);
    return w;
}

/* The child that holds the cover: its own X connection, the window, and the pipe's read end. */
static void hold_cover(int done, int ready, const int room[4], const int (*layout)[4], int count,
                       const char *deck, const char *token, int talk) {
    prctl(PR_SET_NAME, "podium-cover", 0, 0, 0);
    signal(SIGINT, SIG_IGN);   /* Ctrl+C reaches the process group; the restarted talk decides */
    signal(SIGHUP, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);   /* its X connection's end is an error to see, not its own end */
    Display *d = open_display();
    if (!d) _exit(0);
    Window lock = deck && token ? take_audience(d, deck, token, talk) : None;
    Window windows[16];
    int made = 0;
    x.select(d, DefaultRootWindow(d), StructureNotifyMask);   /* the screen's size changing */
    int randr = -1, errors;   /* an output going or moving within the same screen size too */
    if (x.randr_query(d, &randr, &errors)) x.randr_select(d, DefaultRootWindow(d), RRCrtcChangeNotifyMask);
    else randr = -1;
    place_cover(d, windows, &made, room, layout, count);
    ssize_t said = write(ready, "R", 1);   /* mapped: the watcher may end the talk now */
    (void)said;
    close(ready);
    double until = seconds_now() + 20;   /* a restart that never draws must not hide the screen for good */
    for (;;) {
        double left = until - seconds_now();
        if (left <= 0) break;
        struct pollfd p[2] = {{.fd = done, .events = POLLIN}, {.fd = ConnectionNumber(d), .events = POLLIN}};
        if (poll(p, 2, left > 1e6 ? -1 : (int)(left * 1000) + 1) < 0) continue;
        char byte = 0;
        if (p[0].revents && read(done, &byte, 1) == 1 && byte == 'U' && lock != None) {
            /* The talk survived its crash signal and runs on (`podium_cover_keep_lock`): the room
             * sees it again, and this process holds its lock, under its pid, until it ends. */
            for (int i = 0; i < made; i++) x.destroy(d, windows[i]);
            long pid = talk;
            x.change_property(d, lock, x.atom(d, "_PODIUM_AUDIENCE_PID", False), XA_CARDINAL, 32, PropModeReplace, (const unsigned char *)&pid, 1);
            x.sync(d, False);
            made = 0;
            until = 1e300;
            continue;
        }
        if (p[0].revents && byte == 'R' && until < 1e300) { until = seconds_now() + 20; continue; }   /* `podium_cover_renew` */
        if (p[0].revents) break;   /* end of file: the restarted talk drew its first frame, or no restart */
        int changed = 0;
        while (x.pending(d)) { XEvent e; x.next(d, &e); changed |= e.type == ConfigureNotify || (randr >= 0 && e.type == randr + RRNotify); }
        if (changed && until < 1e300) place_cover(d, windows, &made, room, layout, count);   /* the displays changed under the cover: follow them */
    }
    _exit(0);   /* the X server destroys the window with the connection */
}

void podium_cover_renew(int fd) {
    ssize_t r = write(fd, "R", 1);
    (void)r;
}

void podium_cover_keep_lock(int fd) {
    ssize_t r = write(fd, "U", 1);
    (void)r;
}

int podium_cover_raise(const int room[4], const int (*layout)[4], int count, const char *deck, const char *token, int talk, pid_t *holder) {
    if (!load_x()) return -1;
    int rects[8][4];
    if (count > 8) count = 8;
    if (count > 0) memcpy(rects, layout, (size_t)count * sizeof rects[0]);
    int p[2], ready[2];
    if (pipe2(p, O_CLOEXEC) != 0) return -1;
    if (pipe2(ready, O_CLOEXEC) != 0) { close(p[0]); close(p[1]); return -1; }
    int copy[4];
    memcpy(copy, room, sizeof copy);
    pid_t pid = fork();
    if (pid < 0) { close(p[0]); close(p[1]); close(ready[0]); close(ready[1]); return -1; }
    if (pid == 0) {
        /* Nothing of the watcher's but the read end and `ready`: its write end and the talk's
         * pipe held here would keep them from ever reaching end of file. */
        int done = fcntl(p[0], F_DUPFD, 3), said = fcntl(ready[1], F_DUPFD, done + 1);
        close_range(3, (unsigned)done - 1, 0);
        close_range((unsigned)done + 1, (unsigned)said - 1, 0);
        close_range((unsigned)said + 1, ~0U, 0);
        hold_cover(done, said, copy, (const int (*)[4])rects, count, deck, token, talk);
    }
    close(p[0]);
    close(ready[1]);
    /* Waits (at most 1 s) until the cover is on the screen: the talk's windows must not go
     * first (without Swift's backtracer a SIGABRT ends it within milliseconds). */
    struct pollfd r = {.fd = ready[0], .events = POLLIN};
    poll(&r, 1, 1000);
    close(ready[0]);
    *holder = pid;
    return p[1];
}

void podium_retained_free(unsigned long resource) {
    if (resource == 0) return;
    Display *d = open_display();
    if (!d) return;
    /* A live client is closed down by the first (its mode keeps its resources), a retained one
     * freed; the second, right behind it, frees what the first kept, or fails on a resource gone
     * (ignored). */
    x.kill_client(d, (XID)resource);
    x.kill_client(d, (XID)resource);
    x.sync(d, False);
    x.close(d);
}
