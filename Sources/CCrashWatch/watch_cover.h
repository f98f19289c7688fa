#ifndef PODIUM_WATCH_COVER_H
#define PODIUM_WATCH_COVER_H

#include <sys/types.h>

/* What the crash watcher does on the X server while a talk is dying or hung (watch_cover.c).
 * libX11, libXrandr (and libXi, for keys) are opened with dlopen on first use only, so a healthy talk's watcher
 * maps none of them (issue 19). Private to CCrashWatch. */

/* Puts a black override-redirect window over the room's display (`room`: x, y, width, height
 * in X pixels; width 0: none) or, when no output has that rectangle any more (the displays
 * changed), over the whole screen, and one over each output that is none of the `count`
 * displays the talk placed its windows for (`layout`, a projector plugged since), held by a child process ("podium-cover") until the returned pipe's write end is
 * closed everywhere (the restarted talk closes it after its first frame) or 20 s pass. With
 * `deck` and `token` (else NULL), the child first takes the room's lock (the X selection
 * `_PODIUM_AUDIENCE_S<screen>`) from the talk (`talk`, its pid), before the talk can die, and
 * holds it for the restart, which shows `token` to take it over; freed with the cover. Returns
 * that write end (close-on-exec) and the child in `*holder`, or -1 (no X server, no libX11). */
int podium_cover_raise(const int room[4], const int (*layout)[4], int count, const char *deck, const char *token, int talk, pid_t *holder);

/* The talk survived its crash signal: the cover (`fd`, the pipe `podium_cover_raise` returned)
 * comes down, but its holder keeps the room's lock it took, now naming the talk, until that
 * pipe is closed (the talk ended; the lock would otherwise be free while it runs on). */
void podium_cover_keep_lock(int fd);

/* The cover on `fd` (`podium_cover_raise`) is handed to a restart: its holder's self-timeout (it
 * ends 20 s after it was raised, so a restart that never draws does not hide the screen for
 * good) starts again from now. */
void podium_cover_renew(int fd);

/* Whether the X server's active outputs (their CRTC rectangles, as a set) differ from the
 * `count` rectangles the talk last placed its windows for: 1 yes, 0 no, -1 unknown (no X).
 * Keeps an X connection open between calls; `podium_layout_close` ends it. */
int podium_layout_differs(const int (*rects)[4], int count);
void podium_layout_close(void);

/* Asks the X server (on the connection `podium_layout_differs` keeps) for display changes:
 * RandR screen, CRTC and output change notifications and the root window's StructureNotify.
 * Returns that connection's file descriptor to wait on, or -1 (no X). */
int podium_layout_watch(void);

/* The keys `podium_layout_watch` also watches (X keysyms, at most 8; 0: none): their raw
 * presses (XInput 2), for the blackout key pressed while the talk is hung; counted only with no
 * modifier held and the keyboard focus on a window of process `talk` (its _NET_WM_PID). */
void podium_layout_keys(const unsigned long *keysyms, int count, int talk);

/* Reads what arrived on that connection, without waiting: 1 when a display change did (`*why`
 * names the first, e.g. "RandR CRTC change"), else 0. Sets `*cover_key` to 1 when one of the
 * keys of `podium_layout_keys` was pressed (left as it was otherwise), and adds to `*other_keys`
 * each other key pressed the same way (not a modifier alone). */
int podium_layout_event(const char **why, int *cover_key, int *other_keys);

/* Frees what the X server kept of a talk that died in close-down mode RetainTemporary:
 * XKillClient on `resource` (one of its connection's, `podium_crash_watch_retained`), twice, as
 * the first only closes the connection if the server has not yet seen it go; synced. Nothing
 * for 0, no X server, or a resource already gone (the error is ignored). */
void podium_retained_free(unsigned long resource);

#endif
