#ifndef PODIUM_CRASH_WATCH_H
#define PODIUM_CRASH_WATCH_H

/* Restarting a talk that crashed (`podium present`): a small watcher process waits for the talk
 * process to end and, if it ended by a crash signal, starts it again with the given arguments
 * plus `--resume` (once the talk said its place is journaled, `podium_crash_watch_armed`), so the
 * room gets the talk back where it was without the speaker typing anything. A talk that ends
 * without a word, neither quitting nor crashing (a SIGKILL it did not ask for: the kernel's
 * out-of-memory killer, `kill -9`; or a signal it does not handle), is restarted the same way,
 * the room covered black meanwhile (trial 13 F5); `kill -9` therefore does not end a talk: quit
 * it (q, Ctrl+Q, SIGTERM), or end the watcher first. An end on purpose is never restarted: a clean
 * exit (`podium_crash_watch_ended`, also exit(3) from anywhere), or any end once the talk is
 * quitting (`podium_crash_watch_stopping`: SIGTERM or SIGINT handled, a second one or a SIGKILL
 * ending a slow quit). A talk whose main loop stops coming round (`podium_crash_watch_heartbeat`)
 * is ended by the watcher and restarted the same way.
 *
 * How: a pipe whose write end only the talk process holds (close-on-exec). The talk's handlers
 * for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE and SIGSYS write one byte to it, then
 * pass the signal on to whatever handled it before (Swift's backtracer) or to the default
 * action. The watcher reads until end of file, i.e. until every file of the talk is closed (its
 * `flock` on the journal is gone too). If that byte came and no `podium_crash_watch_ended`
 * after it, it execs the same binary again (`/proc/self/exe`, so a rebuild meanwhile does not
 * mix versions) with `argv` and this process's environment.
 *
 * The watcher is the small C program `podium-watch` beside the binary, exec'd from the
 * fork with the pipe as fd 3 and the binary as fd 4, so it holds none of the talk's libraries or
 * heap (issue 19); if that program is missing, the forked copy of this process watches instead.
 *
 * `argv` is NULL-terminated; it and the environment are copied before the fork. At most
 * `max_restarts` restarts within `window_seconds` of the first one (the count travels in the environment as
 * PODIUM_CRASH_RESTARTS="count since", monotonic seconds); past that the watcher says so on
 * stderr and ends, so a talk that crashes on start does not flicker on the room forever.
 * SIGINT and SIGTERM left at their default get a handler that says the talk is quitting
 * (`podium_crash_watch_stopping`) before that default end, until the talk installs its own.
 * Returns 0, or -1 with errno set (no watcher then; the talk runs without one). */
int podium_crash_watch(char *const argv[], int max_restarts, double window_seconds);

/* The talk journals its place now (no resume question open): a restart adds `--resume`.
 * Before, a restart is launched as the talk was, and asks the resume question again. */
void podium_crash_watch_armed(void);

/* The talk process ends on purpose (any exit status, SIGTERM included): no restart, even after a
 * crash signal it survived. Call last, just before `_exit` (exit(3) calls it by itself).
 * Nothing when no watcher runs. */
void podium_crash_watch_ended(void);

/* The talk is quitting (the speaker's `q`, Ctrl+Q or `quit`, a SIGTERM or SIGINT received): if
 * it is killed before `podium_crash_watch_ended` (a second Ctrl+C, SIGTERM's grace run out, a
 * SIGKILL after a quit that took too long) the watcher restarts nothing; a crash signal still
 * restarts it. The hang watch ends too. Async-signal-safe (one write); any thread. */
void podium_crash_watch_stopping(void);

/* The plugin code of scene `index` (0-based; -1: none) runs from now on; returns the index it
 * replaces, for nesting. `identity`: that scene's deck entry (`SceneCode.identity`, 12 hex
 * digits; NULL or "": unknown). After a crash the watcher passes where it was to the restart as
 * PODIUM_CRASHED_SCENE="index times identity" (index -1 when no scene's code ran; `times`:
 * crashes in a row in that scene; the identity only when known), so a scene that crashes the
 * talk again can be skipped instead of the talk going down after its last restart, and found by
 * its entry in a deck edited before the restart. Plain stores in memory shared with the watcher
 * (a memfd it holds as fd 5). */
int podium_crash_watch_scene(int index, const char *identity);

/* What a restart after a crash carries over (at most 511 bytes of text, e.g. the phone remote's
 * tokens and port, so phones stay paired): the watcher passes the last value given to the
 * restart as PODIUM_CRASH_CARRY. Returns 0, or -1 when there is no watcher or it is too long. */
int podium_crash_watch_carry(const char *text);

/* The talk's main loop came round (call once a pass, from the first frame on): a plain store of
 * the monotonic time in the shared state. A loop that has not come round for 10 s
 * (PODIUM_HANG_SECONDS; 0: never) is taken for hung: the watcher sends the talk SIGABRT (a
 * backtrace), then SIGKILL after 5 s, and restarts it as after a crash, with
 * PODIUM_CRASH_KIND=hang and PODIUM_CRASHED_SCENE naming the scene whose plugin code was
 * running then (after a crash the kind is "crash"; after a kill the talk did not ask for,
 * "kill" with PODIUM_CRASHED_SCENE "-1 0": no scene's code is to blame). `podium_crash_watch_heartbeat_stop`: the loop ended (quitting takes
 * as long as it takes); not watched any more. */
void podium_crash_watch_heartbeat(void);
void podium_crash_watch_heartbeat_stop(void);
/* The talk's first frame is drawn (call once): from now on a late loop is a talk whose windows
 * may be stale, so a display change or the blackout key while it is late covers the room and a
 * display change restarts it at once. Before it, no window shows anything yet: a slow first
 * `make` during a projector's handshake is left to finish (review30 #1), and the layout reported
 * meanwhile only tells a crash's cover where the room is (review29 #2). */
void podium_crash_watch_first_frame(void);

/* The talk's place (the journal's record as JSON, at most 4095 bytes): kept in the shared state
 * so a restart resumes it without the disk (a read-only or full state folder); the restart gets
 * the last complete value as PODIUM_CRASH_PLACE. Returns 0, or -1 when there is no watcher or it
 * is too long. */
int podium_crash_watch_place(const char *text);

/* A reload (the speaker's retry): the next crash or hang counts as the first in a row, whatever
 * came before (PODIUM_CRASHED_SCENE's `times`). */
void podium_crash_watch_forget(void);

/* The displays the talk placed its windows for (`count` rectangles x, y, width, height in X
 * pixels, at most 8; call after each change, from the main loop) and the room's display among
 * them (`room`, 4 ints; width 0: no fullscreen audience window). Only on X11: with `count` 0 the
 * watcher does nothing on the display server. While the main loop is over 1.5 s late, the watcher
 * listens for RandR and root-window changes on an X connection of its own (none while the loop
 * is on time): a display change covers the room at once, and when the outputs then differ from
 * these displays it restarts the hung talk at once (its stale console would stay on the room for
 * the rest of the 10 s). From a crash
 * or hang until the restart's first frame, the watcher keeps a black window over the room.
 * `spare` (`spare_count` rectangles, at most 8, each also in `rects`): the displays the talk only
 * covers black (`DisplayPolicy.spareDisplays`), which the watcher's window covers too, as every
 * output the talk placed no window for. */
void podium_crash_watch_layout(const int *rects, int count, const int *room, const int *spare, int spare_count);

/* The talk holds the room's lock on the X server (the selection `_PODIUM_AUDIENCE_S<screen>`,
 * CX11Present's `podium_x11_audience_claim`) for the deck at path `deck` (at most 1023 bytes
 * kept). On a crash or a hang the watcher's cover takes that selection over before the talk dies
 * and holds it until the restart takes it (`podium_crash_watch_handover`), so no other `podium
 * present` can take the room in between (trial 12 F11); freed with the cover if the restart
 * never draws (20 s) or there is none. */
void podium_crash_watch_audience(const char *deck);

/* In a restart: the token (PODIUM_AUDIENCE_HANDOVER, taken out of the environment at load) that
 * the cover's owner window of the room's lock shows; pass it to `podium_x11_audience_claim` to
 * take the lock over from that window. NULL when not a restart or no lock was handed over. */
const char *podium_crash_watch_handover(void);

/* The restart's first frame is drawn: the watcher's black cover over the room (kept since the
 * talk before died) comes down. Nothing when there is none. */
void podium_crash_watch_uncover(void);

/* The X server keeps this talk's windows when it dies without closing its X connection (a
 * SIGKILL; CX11Present's `podium_x11_retain_on_death`), so the room keeps the last frame until
 * the watcher's cover is up instead of seeing the desktop. `resource`: an X resource of that
 * connection (0: not kept any more, a quit set the close-down back); the watcher frees what the
 * server kept with XKillClient on it after every end of the talk, under its cover when it
 * restarts it. Returns 0, or -1 when no watcher runs (then keep nothing: nobody would free it). */
int podium_crash_watch_retained(unsigned long resource);

/* Whether the watcher still runs (1) or ended (0: killed, or none started). */
int podium_crash_watch_running(void);

/* Waits (blocking, any thread) until the watcher has ended, and reaps it; at once when none was started. */
void podium_crash_watch_wait_gone(void);

/* `podium-watch`'s main: `podium-watch MAX WINDOW COUNT SINCE ARGV...` with fds 3, 4 (5, the shared state, and 6, the answer to the crash handler) as
 * `podium_crash_watch` leaves them. Returns (2, with a message) only when not started that way. */
int podium_crash_watch_main(int argc, char **argv);

#endif
