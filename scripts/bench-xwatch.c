// The benchmarks' eye on an X server: times from a key press (XTest, as a keyboard would) or a
// launch to the first change of pixels in a screen area, from the server's own DAMAGE events
// (no polling of pixels, so the watcher costs no CPU while it waits). Also the method's floor:
// a tiny Xlib window that repaints on each key press.
//
//   bench-xwatch keys X Y W H KEY N [SETTLE_MS]  press KEY N times; per press, ms to the first
//                                                 damage inside the area (one line each)
//   bench-xwatch settle X Y W H QUIET_MS          print "ready" once watching, then "first F last L":
//                                                 CLOCK_MONOTONIC ms of the first and the last damage
//                                                 inside the area once it has been quiet QUIET_MS
//                                                 (the caller launches the program after "ready")
//   bench-xwatch stamps X Y W H N [SETTLE_MS]     N times: once the area has been quiet, print
//                                                 "ready", then the CLOCK_MONOTONIC ms of the first
//                                                 damage inside it (-1 after 5 s): the caller acts
//                                                 (e.g. a WebSocket request) after "ready"
//   bench-xwatch floor X Y W H                    the floor program: covers the area, repaints it
//                                                 (another colour) on each key press; until killed
// Build: cc -O2 -o bench-xwatch bench-xwatch.c -lX11 -lXdamage -lXfixes -l:libXtst.so.6
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/Xfixes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// libXtst's header is not installed (libxtst-dev); its runtime library is (xdotool uses it).
extern int XTestFakeKeyEvent(Display *, unsigned int keycode, Bool is_press, unsigned long delay);

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int ax, ay, aw, ah, damage_base;

// Waits up to `timeout_ms` for a damage event inside the area; returns its time or -1.
static double wait_damage(Display *d, double timeout_ms) {
    double end = now_ms() + timeout_ms;
    for (;;) {
        while (XPending(d)) {
            XEvent e;
            XNextEvent(d, &e);
            if (e.type != damage_base + XDamageNotify) continue;
            XDamageNotifyEvent *n = (XDamageNotifyEvent *)&e;
            int x = n->area.x, y = n->area.y;
            if (x < ax + aw && x + n->area.width > ax && y < ay + ah && y + n->area.height > ay) {
                if (getenv("XWATCH_VERBOSE"))   // each damage: when and where, to see what a launch waits for
                    fprintf(stderr, "damage %.1f %dx%d+%d+%d\n", now_ms(), n->area.width, n->area.height, x, y);
                return now_ms();
            }
        }
        double left = end - now_ms();
        if (left <= 0) return -1;
        struct pollfd p = {ConnectionNumber(d), POLLIN, 0};
        poll(&p, 1, (int)left + 1);
    }
}

static Display *open_watch(void) {
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "bench-xwatch: cannot open display\n"); exit(1); }
    int err;
    if (!XDamageQueryExtension(d, &damage_base, &err)) { fprintf(stderr, "bench-xwatch: no DAMAGE extension\n"); exit(1); }
    // Raw rectangles: an event for every change, not only when the damaged region grows.
    XDamageCreate(d, DefaultRootWindow(d), XDamageReportRawRectangles);
    XSync(d, False);
    // The server reports the whole root as damaged when the watch is made (DamageCreate on a
    // window damages its borderClip): not a change of anyone's. Dropped here, or `settle`
    // took it for the launched program's first pixel and, when that program drew nothing for
    // QUIET_MS, printed its own start as the last damage (a launch "settled" in 0 ms).
    while (XPending(d)) { XEvent e; XNextEvent(d, &e); }
    return d;
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: see the top of bench-xwatch.c\n"); return 2; }
    ax = atoi(argv[2]); ay = atoi(argv[3]); aw = atoi(argv[4]); ah = atoi(argv[5]);
    if (!strcmp(argv[1], "keys") && argc >= 8) {
        Display *d = open_watch();
        KeyCode code = XKeysymToKeycode(d, XStringToKeysym(argv[6]));
        int n = atoi(argv[7]), settle = argc > 8 ? atoi(argv[8]) : 300;
        for (int i = 0; i < n; i++) {
            while (wait_damage(d, settle) >= 0) {}   // quiet first: the previous frame is done
            double t0 = now_ms();
            XTestFakeKeyEvent(d, code, True, 0);
            XTestFakeKeyEvent(d, code, False, 0);
            XFlush(d);
            double t1 = wait_damage(d, 5000);
            printf("%.2f\n", t1 < 0 ? -1 : t1 - t0);
            fflush(stdout);
        }
        return 0;
    }
    if (!strcmp(argv[1], "settle") && argc >= 7) {
        Display *d = open_watch();
        int quiet = atoi(argv[6]);
        printf("ready\n");
        fflush(stdout);
        double first = wait_damage(d, 20000), last = first;
        for (double t; first >= 0 && (t = wait_damage(d, quiet)) >= 0;) last = t;
        printf("first %.2f last %.2f\n", first, last);
        return 0;
    }
    if (!strcmp(argv[1], "stamps") && argc >= 7) {
        Display *d = open_watch();
        int n = atoi(argv[6]), settle = argc > 7 ? atoi(argv[7]) : 300;
        for (int i = 0; i < n; i++) {
            while (wait_damage(d, settle) >= 0) {}
            printf("ready\n");
            fflush(stdout);
            printf("%.2f\n", wait_damage(d, 5000));
            fflush(stdout);
        }
        return 0;
    }
    if (!strcmp(argv[1], "floor")) {
        Display *d = XOpenDisplay(NULL);
        if (!d) return 1;
        XSetWindowAttributes a = {.override_redirect = True, .background_pixel = 0};
        Window w = XCreateWindow(d, DefaultRootWindow(d), ax, ay, aw, ah, 0, CopyFromParent, InputOutput,
                                 CopyFromParent, CWOverrideRedirect | CWBackPixel, &a);
        XSelectInput(d, w, KeyPressMask | ExposureMask);
        XMapRaised(d, w);
        GC gc = XCreateGC(d, w, 0, NULL);
        unsigned long colours[] = {0x202020, 0xE0E0E0};
        int k = 0;
        for (;;) {
            XEvent e;
            XNextEvent(d, &e);
            if (e.type == Expose) XSetInputFocus(d, w, RevertToParent, CurrentTime);
            if (e.type == KeyPress) k ^= 1;
            if (e.type == KeyPress || e.type == Expose) {
                XSetForeground(d, gc, colours[k]);
                XFillRectangle(d, w, gc, 0, 0, aw, ah);
                XFlush(d);
            }
        }
    }
    fprintf(stderr, "usage: see the top of bench-xwatch.c\n");
    return 2;
}
