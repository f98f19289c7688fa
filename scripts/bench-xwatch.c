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
//   bench-xwatch floor-copy X Y W H [shm]         the floor for showing a prepared page: covers the
//                                                 area and on each key press copies one of two
//                                                 pixmaps of its size, made beforehand, onto it
//                                                 (XCopyArea, as Podium presents a ready page);
//                                                 `shm`: MIT-SHM pixmaps, as Podium's are
// XWATCH_STAMPS=1: `keys` also prints "press T0 damage T1" (CLOCK_MONOTONIC ms) to stderr per press,
// and the floor programs "floor-key T" when their key press arrives, to line up with a program's
// own trace (podium's PODIUM_ADVANCE_TRACE=1).
// Build: cc -O2 -o bench-xwatch bench-xwatch.c -lX11 -lXext -lXdamage -lXfixes -l:libXtst.so.6
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
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

// A pixmap of the area's size with a page-like picture (a colour, bands, a block of "text"), in
// the server's memory or, with `shm`, in a MIT-SHM segment as Podium's page pixmaps are.
static Pixmap page_pixmap(Display *d, Window w, GC gc, int depth, int shm, unsigned long bg, unsigned long fg) {
    Pixmap p;
    if (shm) {
        int id = shmget(IPC_PRIVATE, (size_t)aw * ah * 4, IPC_CREAT | 0600);
        XShmSegmentInfo *seg = calloc(1, sizeof *seg);
        seg->shmid = id; seg->shmaddr = shmat(id, NULL, 0); seg->readOnly = False;
        if (id < 0 || seg->shmaddr == (void *)-1 || !XShmAttach(d, seg)) { fprintf(stderr, "bench-xwatch: no MIT-SHM\n"); exit(1); }
        p = XShmCreatePixmap(d, w, seg->shmaddr, seg, aw, ah, depth);
        XSync(d, False);
        shmctl(id, IPC_RMID, NULL);
    } else {
        p = XCreatePixmap(d, w, aw, ah, depth);
    }
    XSetForeground(d, gc, bg);
    XFillRectangle(d, p, gc, 0, 0, aw, ah);
    XSetForeground(d, gc, fg);
    for (int y = ah / 5; y < ah * 4 / 5; y += 40) XFillRectangle(d, p, gc, aw / 10, y, aw * 8 / 10 - (y * 7) % 300, 18);
    XSync(d, False);
    return p;
}

// The floor programs: a window over the area that, on each key press, fills itself with the
// other of two colours or (`copy`) copies the other of two prepared pixmaps onto itself.
static int floor_window(int copy, int shm) {
    Display *d = XOpenDisplay(NULL);
    if (!d) return 1;
    XSetWindowAttributes a = {.override_redirect = True, .background_pixel = 0};
    Window w = XCreateWindow(d, DefaultRootWindow(d), ax, ay, aw, ah, 0, CopyFromParent, InputOutput,
                             CopyFromParent, CWOverrideRedirect | CWBackPixel, &a);
    XSelectInput(d, w, KeyPressMask | ExposureMask);
    GC gc = XCreateGC(d, w, 0, NULL);
    XSetGraphicsExposures(d, gc, False);
    int depth = DefaultDepth(d, DefaultScreen(d));
    Pixmap pages[2] = {0, 0};
    if (copy) { pages[0] = page_pixmap(d, w, gc, depth, shm, 0xF4F1EA, 0x303030); pages[1] = page_pixmap(d, w, gc, depth, shm, 0x1E2A44, 0xE8E8E8); }
    XMapRaised(d, w);
    unsigned long colours[] = {0x202020, 0xE0E0E0};
    int k = 0;
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if (e.type == Expose) XSetInputFocus(d, w, RevertToParent, CurrentTime);
        if (e.type == KeyPress) k ^= 1;
        if (e.type == KeyPress && getenv("XWATCH_STAMPS")) fprintf(stderr, "floor-key %.3f\n", now_ms());
        if (e.type == KeyPress || e.type == Expose) {
            if (copy) {
                XCopyArea(d, pages[k], w, gc, 0, 0, aw, ah, 0, 0);
            } else {
                XSetForeground(d, gc, colours[k]);
                XFillRectangle(d, w, gc, 0, 0, aw, ah);
            }
            XFlush(d);
        }
    }
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
            if (getenv("XWATCH_STAMPS")) fprintf(stderr, "press %.3f damage %.3f\n", t0, t1);
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
    if (!strcmp(argv[1], "floor")) return floor_window(0, 0);
    if (!strcmp(argv[1], "floor-copy")) return floor_window(1, argc > 6 && !strcmp(argv[6], "shm"));
    fprintf(stderr, "usage: see the top of bench-xwatch.c\n");
    return 2;
}
