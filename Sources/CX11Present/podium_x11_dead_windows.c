#include "podium_x11_dead_windows.h"
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A window gone between the tree's read and a property's (its client quit): not an error. */
static int ignore_error(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

/* `property` of `w` as bytes (8-bit) or longs (32-bit, Xlib's format), NUL-terminated;
 * NULL when absent. `*count`: items. Free with XFree. */
static unsigned char *property(Display *dpy, Window w, Atom property, Atom type, unsigned long *count) {
    Atom actual; int format; unsigned long n = 0, after = 0; unsigned char *data = NULL;
    if (XGetWindowProperty(dpy, w, property, 0, 1024, False, type, &actual, &format, &n, &after, &data) != Success
        || actual == None || !data) {
        if (data) XFree(data);
        return NULL;
    }
    if (count) *count = n;
    return data;
}

/* The window's title (_NET_WM_NAME, else WM_NAME, raw bytes: "Podium " is ASCII in every
 * encoding Xlib writes), or NULL. Free with XFree. */
static char *title(Display *dpy, Window w, Atom net_name) {
    char *t = (char *)property(dpy, w, net_name, AnyPropertyType, NULL);
    return t ? t : (char *)property(dpy, w, XA_WM_NAME, AnyPropertyType, NULL);
}

static int is_podium(Display *dpy, Window w, const char *name) {
    if (name && strncmp(name, "Podium ", 7) == 0) return 1;
    unsigned long n = 0;
    char *cls = (char *)property(dpy, w, XA_WM_CLASS, XA_STRING, &n);
    int yes = cls && strcmp(cls, "podium") == 0;   /* instance name, the first of two strings */
    if (cls) XFree(cls);
    return yes;
}

/* The pid of a client that is gone (it ran on this host), else 0. */
static long dead_pid(Display *dpy, Window w, Atom pid_atom, const char *host) {
    unsigned long n = 0;
    long *p = (long *)property(dpy, w, pid_atom, XA_CARDINAL, &n);
    long pid = p && n >= 1 ? p[0] : 0;
    if (p) XFree(p);
    if (pid <= 0 || pid == (long)getpid()) return 0;
    char *machine = (char *)property(dpy, w, XA_WM_CLIENT_MACHINE, AnyPropertyType, NULL);
    int here = !machine || !*host || strcmp(machine, host) == 0;
    if (machine) XFree(machine);
    if (!here) return 0;   /* another machine's pid says nothing here */
    if (kill((pid_t)pid, 0) == -1) return errno == ESRCH ? pid : 0;   /* EPERM: another user's, alive */
    /* A zombie (its parent, e.g. a launcher, has not waited for it yet) closed its connection
     * with its files: as dead as gone. "PID (comm) S ...": the state after the last ')'. */
    char path[64], stat[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    size_t n_read = f ? fread(stat, 1, sizeof stat - 1, f) : 0;
    if (f) fclose(f);
    stat[n_read] = 0;
    const char *close_paren = strrchr(stat, ')');
    return close_paren && (close_paren[1] == ' ') && (close_paren[2] == 'Z' || close_paren[2] == 'X') ? pid : 0;
}

static void append(char *report, size_t size, const char *text) {
    if (!report || size == 0) return;
    size_t used = strlen(report);
    if (used + 1 < size) snprintf(report + used, size - used, "%s", text);
}

/* Looks at `w` (and, when `depth` > 0 and it has no title, its children: a frame of a window
 * manager without _NET_CLIENT_LIST); frees it when a dead Podium process's. */
static int visit(Display *dpy, Window w, int depth, Atom net_name, Atom pid_atom, const char *host,
                 char *report, size_t report_size) {
    int freed = 0;
    char *name = title(dpy, w, net_name);
    if (name || depth == 0) {
        long pid = is_podium(dpy, w, name) ? dead_pid(dpy, w, pid_atom, host) : 0;
        if (pid) {
            XKillClient(dpy, (XID)w);
            XSync(dpy, False);
            char line[400];
            snprintf(line, sizeof line, "%spid %ld \xe2\x80\x9c%.300s\xe2\x80\x9d",
                     report && *report ? ", " : "", pid, name ? name : "?");
            append(report, report_size, line);
            freed = 1;
        }
        if (name) XFree(name);
        return freed;
    }
    Window root, parent, *children = NULL;
    unsigned int n = 0;
    if (!XQueryTree(dpy, w, &root, &parent, &children, &n)) return 0;
    for (unsigned int i = 0; i < n; i++) freed += visit(dpy, children[i], depth - 1, net_name, pid_atom, host, report, report_size);
    if (children) XFree(children);
    return freed;
}

int podium_x11_free_dead_windows(const char *display_name, char *report, size_t report_size) {
    if (report && report_size) report[0] = 0;
    Display *dpy = XOpenDisplay(display_name);
    if (!dpy) return -1;
    int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(ignore_error);
    char host[256] = "";
    if (gethostname(host, sizeof host - 1) != 0) host[0] = 0;
    Atom net_name = XInternAtom(dpy, "_NET_WM_NAME", False);
    Atom pid_atom = XInternAtom(dpy, "_NET_WM_PID", False);
    Window root = DefaultRootWindow(dpy);
    int freed = 0;
    /* A window manager's managed windows (reparented into its frames), then the root's own. */
    unsigned long managed = 0;
    long *clients = (long *)property(dpy, root, XInternAtom(dpy, "_NET_CLIENT_LIST", False), XA_WINDOW, &managed);
    for (unsigned long i = 0; clients && i < managed; i++)
        freed += visit(dpy, (Window)clients[i], 0, net_name, pid_atom, host, report, report_size);
    Window r, parent, *children = NULL;
    unsigned int n = 0;
    if (XQueryTree(dpy, root, &r, &parent, &children, &n)) {
        for (unsigned int i = 0; i < n; i++)
            freed += visit(dpy, children[i], clients ? 0 : 2, net_name, pid_atom, host, report, report_size);
        if (children) XFree(children);
    }
    if (clients) XFree(clients);
    XSync(dpy, False);
    XSetErrorHandler(old);
    XCloseDisplay(dpy);
    return freed;
}
