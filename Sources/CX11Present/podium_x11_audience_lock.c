#include "podium_x11_audience_lock.h"
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static Display *claim_dpy;

/* The holder's window may be destroyed while we read it: its errors are ours to ignore (Xlib's
 * default handler would end the process, and this runs before SDL sets its own). */
static int ignore_error(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static void read_holder(Display *dpy, Window owner, Atom pid_atom, Atom deck_atom, long *pid, char *deck, size_t size) {
    Atom type; int format; unsigned long n, after; unsigned char *data = NULL;
    *pid = -1;
    if (size > 0) deck[0] = 0;
    if (XGetWindowProperty(dpy, owner, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &n, &after, &data) == Success && data) {
        if (format == 32 && n == 1) *pid = *(long *)data;
        XFree(data); data = NULL;
    }
    if (size > 0 && XGetWindowProperty(dpy, owner, deck_atom, 0, (long)(size / 4 + 1), False, AnyPropertyType, &type, &format, &n, &after, &data) == Success && data) {
        if (format == 8) { size_t len = n < size - 1 ? n : size - 1; memcpy(deck, data, len); deck[len] = 0; }
        XFree(data);
    }
}

/* Whether `owner` shows the handover token `token` (`_PODIUM_AUDIENCE_HANDOVER`, the crash
 * watcher's cover holding the lock for this restart). */
static int shows_token(Display *dpy, Window owner, Atom token_atom, const char *token) {
    Atom type; int format; unsigned long n, after; unsigned char *data = NULL;
    size_t len = strlen(token);
    int same = 0;
    if (XGetWindowProperty(dpy, owner, token_atom, 0, (long)(len / 4 + 2), False, XA_STRING, &type, &format, &n, &after, &data) == Success && data) {
        same = format == 8 && n == len && after == 0 && memcmp(data, token, len) == 0;
        XFree(data);
    }
    return same;
}

int podium_x11_audience_claim(const char *display_name, const char *deck, const char *handover, int *screen,
                              long *holder_pid, char *holder_deck, size_t holder_deck_size) {
    if (claim_dpy) return 1;
    *holder_pid = -1;
    if (holder_deck_size > 0) holder_deck[0] = 0;
    Display *dpy = XOpenDisplay(display_name);
    if (!dpy) return -1;
    // Never inherited by a program the talk starts: the claim must end with this process.
    fcntl(ConnectionNumber(dpy), F_SETFD, FD_CLOEXEC);
    int s = DefaultScreen(dpy);
    if (screen) *screen = s;
    char name[48];
    snprintf(name, sizeof name, "_PODIUM_AUDIENCE_S%d", s);
    Atom selection = XInternAtom(dpy, name, False);
    Atom pid_atom = XInternAtom(dpy, "_PODIUM_AUDIENCE_PID", False);
    Atom deck_atom = XInternAtom(dpy, "_PODIUM_AUDIENCE_DECK", False);
    Atom utf8 = XInternAtom(dpy, "UTF8_STRING", False);
    Atom token_atom = XInternAtom(dpy, "_PODIUM_AUDIENCE_HANDOVER", False);
    Window w = XCreateSimpleWindow(dpy, RootWindow(dpy, s), -1, -1, 1, 1, 0, 0, 0);
    long pid = (long)getpid();
    XChangeProperty(dpy, w, pid_atom, XA_CARDINAL, 32, PropModeReplace, (unsigned char *)&pid, 1);
    XChangeProperty(dpy, w, deck_atom, utf8, 8, PropModeReplace, (const unsigned char *)deck, (int)strlen(deck));
    // No name: tools and tests that find podium's windows by title (xdotool search) must not find this one.

    XSync(dpy, False);
    int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(ignore_error);
    XGrabServer(dpy);
    Window owner = XGetSelectionOwner(dpy, selection);
    // Taken from its owner only when that owner holds it for this process (a crash restart).
    int take = owner == None || (handover && *handover && shows_token(dpy, owner, token_atom, handover));
    if (take) XSetSelectionOwner(dpy, selection, w, CurrentTime);
    else read_holder(dpy, owner, pid_atom, deck_atom, holder_pid, holder_deck, holder_deck_size);
    XUngrabServer(dpy);
    XSync(dpy, False);
    int mine = take && XGetSelectionOwner(dpy, selection) == w;
    XSetErrorHandler(old);
    if (mine) { claim_dpy = dpy; return 1; }
    XCloseDisplay(dpy);
    return 0;
}

void podium_x11_audience_release(void) {
    if (!claim_dpy) return;
    XCloseDisplay(claim_dpy);
    claim_dpy = NULL;
}
