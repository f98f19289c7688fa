#define _GNU_SOURCE
#include "podium_crash_watch.h"
#include "watch_cover.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int crash_fd = -1;
/* The watcher's answer to a crash byte ('K': the room is covered, `cover`), fd 6 on its side. */
static int ack_fd = -1;
/* Shared with the watcher (a memfd it gets as fd 5, read after a crash): the scene whose plugin
 * code runs now (-1: none; plain stores, no signal handler or system call on the hot path),
 * what a restart carries over (`podium_crash_watch_carry`), the main loop's heartbeat
 * (`podium_crash_watch_heartbeat`; the watcher maps it and reads it every second), the talk's
 * process id, the talk's place in two slots, `place_slot` naming the complete one
 * (`podium_crash_watch_place`), whether a reload asked to forget the crashes in a row
 * (`podium_crash_watch_forget`), the displays the talk placed its windows for
 * (`podium_crash_watch_layout`), whether it holds the room's lock on the X server
 * (`podium_crash_watch_audience`) and the X resource naming its retained windows
 * (`podium_crash_watch_retained`). */
struct shared_state {
    volatile int scene;
    char carry[512];
    volatile long long beat_ms;   /* CLOCK_MONOTONIC ms of the loop's last pass; 0: not watched */
    volatile int talk;            /* the talk's pid */
    volatile int place_slot;      /* -1: no place yet */
    char place[2][4096];
    volatile int forget;          /* 1: a reload since; the next crash is the first in a row */
    volatile int layout_count;    /* how many of `layout` hold; 0: not on X11, nothing to watch */
    int layout[8][4];             /* x, y, width, height in X pixels */
    int room[4];                  /* the room's display (width 0: none, or not fullscreen) */
    volatile int spare_count;     /* how many of `spare` hold */
    int spare[8][4];              /* displays of `layout` the talk only covers black: covered too */
    volatile int audience;        /* 1: the talk holds the X selection `_PODIUM_AUDIENCE_S<screen>` */
    char audience_deck[1024];     /* for that selection's owner window: the deck's path */
    volatile unsigned long retained;   /* an X resource of the talk's connection while the X server
                                        * keeps its windows past its death; 0: none (`podium_crash_watch_retained`) */
    /* The crash signal the handler caught (`on_crash`; 0: none yet), its si_code, the sender's
     * pid for a sent one and the faulting address for a raised one: the watcher says which
     * crash it restarts after (a crash at launch otherwise left no trace with the backtracer off). */
    volatile int crash_signal, crash_code, crash_sender;
    volatile unsigned long crash_address;
    volatile int first_frame;     /* 1: the talk drew its first frame (`podium_crash_watch_first_frame`) */
    /* The deck entry of `scene` (its 12-hex `SceneCode.identity`; empty: unknown), so a restart
     * that reads a deck edited since finds that scene, not the one now at its index (review31 #8). */
    char scene_identity[16];
};
static struct shared_state *shared = NULL;
/* What the watcher writes for the restart's environment (`watch`, `restart_environment`). */
static char crashed_scene[64] = "PODIUM_CRASHED_SCENE=-1 0";
/* `scene_identity` when the hang was seen (`read_pipe`): the talk may have moved on by the kill. */
static char hung_identity[16] = "";
static char carry[600] = "PODIUM_CRASH_CARRY=";
static char place[4200] = "PODIUM_CRASH_PLACE=";
static char cause[32] = "PODIUM_CRASH_KIND=crash";
static char cover_entry[64] = "PODIUM_COVER=";
/* The token the cover's owner window of the room's lock shows (`cover`); the restart gets it as
 * PODIUM_AUDIENCE_HANDOVER and takes the lock over from that window only (empty: no handover). */
static char handover[40] = "";
static char handover_entry[80] = "PODIUM_AUDIENCE_HANDOVER=";
/* The black cover over the room while the talk dies and restarts (`podium_cover_raise`): the
 * pipe's write end (the restart gets it as PODIUM_COVER="fd pid") and the child holding it. */
static int cover_fd = -1;
static pid_t cover_holder = 0;
/* Whether that cover was raised for a crash or the kill (`cover`), and whether its holder took
 * the room's lock then. */
static int cover_locked = 0, cover_has_lock = 0;
/* Whether that cover is the one the watcher before held over the room, kept here too until the
 * talk's first frame (the talk says 'U'): a talk that dies before it leaves the room covered. */
static int cover_inherited = 0;
/* That cover as this process got it (`adopt_cover`), and the token of the room's lock its
 * holder keeps for the restart (`adopt_handover`). */
static int inherited_cover = -1;
static pid_t inherited_holder = 0;
static int inherited_holder_fd = -1;   /* its pidfd, taken at exec (`adopt_cover`) */
static char inherited_handover[40] = "";
/* A holder kept for the room's lock only, after the talk survived its crash signal
 * (`keep_lock`): the pipe whose end of file ends it, and its pid. */
static int lock_fd = -1;
static pid_t lock_holder = 0;
/* The watcher's process id: its SIGABRT ends a hung talk (`on_crash`). */
static pid_t watcher_pid = 0;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS};
static struct sigaction previous[65];

/* Async-signal-safe: one write, a wait of at most 300 ms for the watcher to cover the room (the
 * talk's windows go when the process does; without Swift's backtracer that is at once), the
 * previous action back, and the signal again if it was sent (kill, raise, abort) rather than
 * raised by the faulting instruction, which runs again on return. The watcher's SIGABRT to a hung
 * talk is handed to the previous handler here instead, and then the default action ends the
 * process: Swift's backtracer returns from a sent signal after writing the backtrace, and the
 * hung loop would go on until the watcher's SIGKILL 5 s later, the room covered all that time
 * (trial 12 F4). */
static void on_crash(int sig, siginfo_t *info, void *context) {
    if (shared && shared->crash_signal == 0) {
        shared->crash_code = info ? info->si_code : 0;
        shared->crash_sender = info && info->si_code <= 0 ? info->si_pid : 0;
        shared->crash_address = info && info->si_code > 0 ? (unsigned long)info->si_addr : 0;
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        shared->crash_signal = sig;
    }
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "C", 1); (void)r; }
    if (ack_fd >= 0) { struct pollfd p = {.fd = ack_fd, .events = POLLIN}; poll(&p, 1, 300); }
    struct sigaction before = previous[sig];
    sigaction(sig, &before, NULL);
    if (info != NULL && info->si_code > 0) return;
    if (info == NULL || info->si_code != SI_USER || info->si_pid != watcher_pid || watcher_pid <= 0) {
        raise(sig);
        return;
    }
    if ((before.sa_flags & SA_SIGINFO) && before.sa_sigaction != NULL)
        before.sa_sigaction(sig, info, context);   /* the backtrace */
    else if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN)
        before.sa_handler(sig);
    signal(sig, SIG_DFL);
    raise(sig);   /* pending (blocked in this handler) until the return, then the end */
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void say(const char *text) { ssize_t r = write(2, text, strlen(text)); (void)r; }

/* How long the talk's main loop may go without coming round before the watcher treats it as
 * hung (PODIUM_HANG_SECONDS overrides; 0 turns it off). 10 s: the loop comes round at least
 * once a second when idle (it sleeps at most 1 s), and the slowest legitimate steps on the main
 * thread (a reload making a big deck's scenes afresh, a display change, a PDF's first pages on a
 * loaded 2-core machine) take a few seconds; a frozen console for 10 s is still far shorter
 * than the speaker finding a terminal. Watched only from the first frame (the first stamp)
 * until the loop ends, so loading and shutting down are never mistaken for a hang. */
static double hang_seconds(void) {
    const char *v = getenv("PODIUM_HANG_SECONDS");
    double s = v && *v ? atof(v) : 10;
    return s > 0 ? s : 0;
}

/* Whether process `pid` is stopped (Ctrl+Z, a debugger): not hung, only held. */
static int stopped(int pid) {
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return 0;
    text[n] = 0;
    char *paren = strrchr(text, ')');
    return paren && paren[1] == ' ' && (paren[2] == 'T' || paren[2] == 't');
}

/* Takes the cover down (its holder sees end of file) and waits for the holder. */
static void uncover(void) {
    if (cover_fd < 0) return;
    close(cover_fd);
    cover_fd = -1;
    if (cover_holder > 0) waitpid(cover_holder, NULL, 0);
    cover_holder = 0;
    cover_locked = 0;
    cover_has_lock = 0;
    cover_inherited = 0;
}

/* Ends the holder kept for the lock (`keep_lock`): the talk ended, or a new cover took it over. */
static void release_lock(void) {
    if (lock_fd < 0) return;
    close(lock_fd);
    lock_fd = -1;
    if (lock_holder > 0) waitpid(lock_holder, NULL, 0);
    lock_holder = 0;
}

/* The talk survived its crash signal and runs on: the cover comes down, but the room's lock its
 * holder took stays held for the talk until the talk ends (the talk's own claim is gone). */
static void keep_lock(void) {
    if (!cover_has_lock) { uncover(); return; }
    podium_cover_keep_lock(cover_fd);
    lock_fd = cover_fd;
    lock_holder = cover_holder;
    cover_fd = -1;
    cover_holder = 0;
    cover_locked = 0;
    cover_has_lock = 0;
    cover_inherited = 0;
}

/* Raises the black cover over the room the talk last placed its audience window on, and over
 * any output it placed no window for (a projector plugged during a hang, trial 12 F3; with no
 * room yet too). Nothing when not on X11. `lock`: the talk is about to die (a crash, the kill):
 * the cover's holder also takes the room's lock over from it for the restart, if the talk holds
 * it (trial 12 F11, `podium_cover_raise`). A cover already up without the lock is replaced, the
 * new one mapped before the old one goes (the room sees black throughout). */
static void cover(const struct shared_state *state, int lock) {
    int count = state->layout_count < 8 ? state->layout_count : 8;
    if (count <= 0) return;
    int room[4], layout[8][4], spare[8][4];
    memcpy(room, (const int *)state->room, sizeof room);
    int spares = state->spare_count < 8 ? state->spare_count : 8;
    memcpy(spare, (const int *)state->spare, sizeof spare);
    /* The talk's black covers of spare displays die with it: left out of the layout, those
     * displays are covered as every output the talk placed no window for. */
    int kept = 0;
    for (int i = 0; i < count; i++) {
        int covered = 0;
        for (int k = 0; k < spares; k++) covered |= memcmp(spare[k], (const int *)state->layout[i], sizeof spare[k]) == 0;
        if (!covered) memcpy(layout[kept++], (const int *)state->layout[i], sizeof layout[0]);
    }
    count = kept;
    char deck[sizeof state->audience_deck];
    int locking = lock && state->audience;
    if (locking) {
        memcpy(deck, state->audience_deck, sizeof deck);
        deck[sizeof deck - 1] = 0;
        unsigned char bytes[16];
        if (getrandom(bytes, sizeof bytes, 0) != (ssize_t)sizeof bytes) locking = 0;
        for (int i = 0; locking && i < 16; i++) snprintf(handover + 2 * i, 3, "%02x", bytes[i]);
    }
    pid_t holder = 0;
    int fd = podium_cover_raise(room, (const int (*)[4])layout, count, locking ? deck : NULL, locking ? handover : NULL, state->talk, &holder);
    if (fd < 0) return;
    uncover();
    if (locking) release_lock();   /* the new holder took the lock from the kept one */
    cover_fd = fd;
    cover_holder = holder;
    cover_inherited = 0;
    cover_locked = lock;
    cover_has_lock = locking;
    if (locking) snprintf(handover_entry, sizeof handover_entry, "PODIUM_AUDIENCE_HANDOVER=%s", handover);
}

/* Reads the talk's bytes on the pipe (fd 3) until end of file (every file of the talk closed),
 * and meanwhile watches the heartbeat in the shared state (fd 5): a main loop that has not come
 * round for `hang_seconds` (by this process's own clock, counted only while it runs itself and
 * the talk is not stopped) is ended like a crash: SIGABRT, so the talk logs a backtrace of where
 * it hung, then SIGKILL after 5 s if it is still there. `hung_scene` gets the scene whose plugin
 * code was running then (-1: none); it stays -2 when nothing hung. */
/* The value the talk carries under `key` (its carry is "key=value" lines, `CrashRestart.carry`),
 * or NULL. */
static const char *carried(const char *carry, const char *key) {
    size_t n = strlen(key);
    for (const char *line = carry; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, key, n) == 0 && line[n] == '=') return line + n + 1;
    return NULL;
}

/* Whether a kind's `validate` ran when the talk died: the talk carries "validating=IDENTITY
 * KIND" meanwhile (`SceneCode.validating`). That is a scene's plugin code too, though no scene
 * index is marked yet (the deck is being read). */
static int validating(const char *carry) { return carried(carry, "validating") != NULL; }

/* The blackout key was pressed while the talk was hung (`read_pipe`): the room was covered at
 * once, and a restart is told to keep it black ("blackedOut=1" in its carry). */
static int blackout_pressed = 0;
/* Other keys pressed meanwhile (not modifiers): lost with the talk; the restart says so
 * ("keysLost=N" in its carry; trial 32 m6: the speaker could not tell whether a press counted). */
static int keys_lost = 0;

/* The talk's blackout keys ("coverKeys=98 46", X keysyms, `CrashRestart.carryCoverKeys`) for
 * the X connection a late loop opens. */
static void watch_cover_keys(const volatile char *shared_carry, int talk) {
    char text[sizeof ((struct shared_state *)0)->carry];
    memcpy(text, (const char *)shared_carry, sizeof text);
    text[sizeof text - 1] = 0;
    unsigned long keys[8];
    int n = 0;
    const char *v = carried(text, "coverKeys");
    for (char *end; v && n < 8; v = *end == ' ' ? end + 1 : NULL) {
        unsigned long k = strtoul(v, &end, 10);
        if (end == v) break;
        keys[n++] = k;
    }
    podium_layout_keys(keys, n, talk);
}

/* Whether the talk's last place (`podium_crash_watch_place`, the journal's JSON) has the room
 * covered (an "audienceMode" is written only for black or white): a blackout key then means
 * "show", which the watcher cannot do for a hung talk; the cover is left to the talk. */
static int place_covered(const struct shared_state *state) {
    int slot = state->place_slot;
    if (slot != 0 && slot != 1) return 0;
    char text[sizeof state->place[0]];
    memcpy(text, (const char *)state->place[slot], sizeof text);
    text[sizeof text - 1] = 0;
    return strstr(text, "\"audienceMode\"") != NULL;
}

static void read_pipe(int *crashed, int *ended, int *armed, int *stopping, int *hung_scene) {
    /* Mapped with the hang watch off too: a crash byte still covers the room (review29 #4). */
    const struct shared_state *state = NULL;
    double limit = hang_seconds();
    void *m = mmap(NULL, sizeof(struct shared_state), PROT_READ, MAP_SHARED, 5, 0);
    if (m != MAP_FAILED) state = m;
    int talk = state ? state->talk : 0;
    long long last_beat = 0, covered_beat = 0;
    double seen = now_seconds(), last_turn = seen, killed_at = 0;
    int displays_changed = 0, said_covered = 0;
    /* While the loop is over 1.5 s late: the X connection that wakes this loop on a display
     * change (`podium_layout_watch`), else -1. A healthy talk's watcher opens none. */
    int xfd = -1;
    char byte;
    for (;;) {
        struct pollfd p[2] = {{.fd = 3, .events = POLLIN}, {.fd = xfd, .events = POLLIN}};
        /* Every 250 ms while the loop is late or the room covered (a talk that survived its
         * crash signal to uncover), else every second; at once on a display change. */
        int late = state && ((limit > 0 && now_seconds() - seen > 1) || cover_fd >= 0);
        /* With the hang watch off and no cover up, nothing needs a look: asleep until a byte
         * (review30 #7: it woke every second). */
        int idle = limit <= 0 && cover_fd < 0;
        int r = poll(p, xfd >= 0 ? 2 : 1, state && !idle ? (late ? 250 : 1000) : -1);
        if (r < 0 && errno != EINTR) break;
        if (r > 0 && p[0].revents) {
            ssize_t n = read(3, &byte, 1);
            if (n == 0) break;
            if (n == 1 && byte == 'C') {
                *crashed = 1;
                /* The talk is dying: its windows go with it. Black over the room from now on,
                 * until the restart's first frame (not the desktop, trial 10 F7). */
                if (state && (cover_fd < 0 || !cover_locked)) { cover(state, 1); covered_beat = state->beat_ms; }
                ssize_t k = write(6, "K", 1);   /* the talk's crash handler may go on */
                (void)k;
            }
            else if (n == 1 && byte == 'Q') *ended = 1;
            else if (n == 1 && byte == 'A') *armed = 1;
            else if (n == 1 && byte == 'S') *stopping = 1;
            else if (n == 1 && byte == 'U' && cover_inherited) uncover();
            else if (n < 0 && errno != EINTR && errno != EAGAIN) break;
        }
        if (!state || talk <= 0 || *ended || *stopping) continue;   /* quitting takes as long as it takes */
        double t = now_seconds();
        /* This process did not run for a while (stopped with the talk by Ctrl+Z, a suspended
         * machine, starved): the time it did not watch is not the talk's fault. */
        if (t - last_turn > 3) seen = t;
        last_turn = t;
        long long beat = state->beat_ms;
        /* A loop that came round reads the keys pressed meanwhile itself (its blackout too). */
        if (beat != last_beat || beat == 0) { last_beat = beat; seen = t; podium_layout_close(); xfd = -1; blackout_pressed = 0; keys_lost = 0; }
        else if (t - seen > 2 && stopped(talk)) seen = t;   /* /proc read only once the beat is late */
        /* A crash signal the talk survived: its loop comes round again, the room sees it. Not
         * the cover inherited from the watcher before: a restart stamps the beat in plugin code
         * before its first frame too (a `validate`, a scene's `make`), and only that frame's 'U'
         * takes it down (review29 #1: a hanging `validate` dropped it, the room saw the desktop). */
        if (cover_fd >= 0 && !cover_inherited && killed_at == 0 && beat != covered_beat) keep_lock();
        if (limit <= 0) continue;   /* PODIUM_HANG_SECONDS=0: no hang watch */
        /* The displays changed under a loop that is late (a lid closed during a hang): the
         * window manager moves and stretches the hung talk's undrawn windows, so the room may
         * see a stale console (trial 10 F10). Restart at once rather than after `limit`. Only
         * once the loop is over 1.5 s late: an idle loop sleeps up to 1 s and this one looks
         * every second, so a healthy idle talk can seem up to ~1 s late; a healthy one redraws
         * for a display change within milliseconds and says so (`podium_crash_watch_layout`).
         * Event driven (trial 12 F5): on the X connection opened once the loop is that late, a
         * display change wakes this loop at once, which covers the room before comparing (a poll
         * found it up to 250 ms late, the room seeing the stale console meanwhile). Compared
         * once on opening too: a change while the loop was less late. Not before the first frame:
         * no window shows anything stale yet (review30 #1: a projector's handshake during a slow
         * first `make` killed a healthy launch). */
        const char *why = NULL;
        if (*hung_scene == -2 && t - seen > 1.5 && state->layout_count > 0 && state->first_frame) {
            int n = state->layout_count < 8 ? state->layout_count : 8;
            if (xfd < 0) watch_cover_keys(state->carry, talk);
            int opened = xfd < 0 && (xfd = podium_layout_watch()) >= 0;
            int key = 0;
            int event = xfd >= 0 && podium_layout_event(&why, &key, &keys_lost);
            /* The speaker blacks the room out while the talk cannot (trial 30 m2: the key was
             * lost with the hung talk, and the restart showed the slide): black at once, and the
             * restart keeps it black. Keys pressed in the first 1.5 s of a hang are the talk's. */
            if (key && !blackout_pressed && place_covered(state)) {
                if (!said_covered) say("podium: the blackout key was pressed while the talk was not responding, the room covered already: it stays covered\n");
                said_covered = 1;
            } else if (key && !blackout_pressed) {
                blackout_pressed = 1;
                say("podium: the blackout key was pressed while the talk was not responding: the room covered black at once\n");
                if (cover_fd < 0) { cover(state, 0); covered_beat = beat; }
            }
            if (event) {
                char line[300];
                snprintf(line, sizeof line, "podium: a display change (%s) while the talk was not responding (its main loop has not come round for %.1f s): "
                         "the room covered at once\n", why, t - seen);
                say(line);
                if (cover_fd < 0) { cover(state, 0); covered_beat = beat; }
            }
            if (opened || event || xfd < 0) displays_changed = podium_layout_differs((const int (*)[4])state->layout, n) == 1;
        }
        if (*hung_scene == -2 && (t - seen > limit || displays_changed)) {
            *hung_scene = state->scene;
            memcpy(hung_identity, (const char *)state->scene_identity, sizeof hung_identity);
            hung_identity[sizeof hung_identity - 1] = 0;
            char line[300], where[48] = "";
            if (*hung_scene >= 0) snprintf(where, sizeof where, " in the plugin code of scene %d", *hung_scene + 1);
            if (displays_changed)
                snprintf(line, sizeof line, "podium: the displays changed while the talk was not responding%s (its main loop has not come round for %.1f s); "
                         "ending it with SIGABRT (for a backtrace) to restart it at once\n", where, t - seen);
            else
                snprintf(line, sizeof line, "podium: the talk stopped responding%s (its main loop has not come round for %.0f s); "
                         "ending it with SIGABRT (for a backtrace) to restart it\n", where, t - seen);
            say(line);
            podium_layout_close();
            xfd = -1;
            *crashed = 1;
            killed_at = t;
            if (cover_fd < 0 || !cover_locked) cover(state, 1);   /* before its windows go, and its lock */
            ssize_t k = write(6, "K", 1);     /* answered before asked: its crash handler goes on at once */
            (void)k;
            kill(talk, SIGABRT);
        } else if (killed_at > 0 && t - killed_at > 5) {
            /* The crash handler ends the talk right after its backtrace; this is the fallback
             * for a talk that could not (a handler stuck in a lock the hang holds). */
            say("podium: the hung talk did not end within 5 s of its SIGABRT; ending it with SIGKILL\n");
            kill(talk, SIGKILL);
            killed_at = -1;
        }
    }
    if (state) munmap((void *)state, sizeof(struct shared_state));
}

/* The watcher: reads the pipe (fd 3) until the talk ends, then restarts the binary open as fd 4
 * or ends. Runs in `podium-watch`, or in the forked child when that program is missing. */
/* How many times the talk's budget a scene's plugin code may spend (`watch`). */
static const int scene_restarts = 4;


static void watch(char **argv, char **envp, char *history, size_t history_size,
                  int count, int blamed_count, double since, int max_restarts, double window_seconds) {
    prctl(PR_SET_NAME, "podium-watch", 0, 0, 0);
    /* Nothing of the talk's but stdio, the pipe (3), its binary (4), the shared state (5), the
     * answer to its crash handler (6) and the cover of the watcher before (7, when the talk is a
     * restart): a file or socket held here would outlive it. */
    close_range(inherited_cover == 7 ? 8 : 7, ~0U, 0);
    /* A restart that dies before its first frame (a second crash, in a plugin's `validate`):
     * the cover stays over the room and goes to the next restart with its lock's token
     * (review28 #7: the room saw the desktop between the two). */
    if (inherited_cover == 7) {
        cover_fd = 7;
        cover_holder = 0;   /* not this process's child: `inherited_holder` names it for the restart */
        cover_inherited = 1;
        snprintf(handover, sizeof handover, "%s", inherited_handover);
        if (handover[0]) snprintf(handover_entry, sizeof handover_entry, "PODIUM_AUDIENCE_HANDOVER=%s", handover);
    }
    inherited_cover = -1;
    /* Ctrl+C in the terminal reaches the whole process group: the talk quits cleanly and the
     * watcher then sees end of file without a crash byte; it must not die first. */
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    /* Its 'K' after a hang kill often goes to a talk already gone: an error to ignore, not the
     * end of the watcher (review29 #7: it relied on the talk's own SIG_IGN, inherited). */
    signal(SIGPIPE, SIG_IGN);
    int crashed = 0, ended = 0, armed = 0, stopping = 0, hung_scene = -2;
    read_pipe(&crashed, &ended, &armed, &stopping, &hung_scene);
    /* Where the crash was, and how many crashes in a row were in that scene's plugin code
     * (`podium_crash_watch_scene`), what the restart carries over, the room to cover after a
     * kill and the talk's windows the X server kept: from the shared state. */
    struct shared_state state;
    memset(&state, 0, sizeof state);
    if (pread(5, &state, sizeof state, 0) != (ssize_t)sizeof state) { memset(&state, 0, sizeof state); state.scene = -1; }
    /* An end on purpose, also after a crash signal the talk survived (Swift's backtracer returns
     * from one sent by kill), and a kill while it quits (SIGTERM's grace ran out, a second
     * Ctrl+C, a SIGKILL ending a slow quit): nothing to restart. Nothing of the talk's stays on
     * the X server either (it died before setting its close-down back: xkill, a kill mid-quit). */
    if (ended || (!crashed && stopping)) { podium_retained_free(state.retained); uncover(); release_lock(); _exit(0); }
    /* Gone without a word: no crash byte, no end, not quitting. The talk says so on every end it
     * chooses (`podium_crash_watch_ended`, also from exit(3), and `podium_crash_watch_stopping`
     * from the moment it quits), so this was a SIGKILL it did not ask for (the kernel's
     * out-of-memory killer, `kill -9`) or a signal it does not handle: restarted as after a
     * crash, the room covered meanwhile (trial 13 F5: the room saw the desktop, no restart). */
    int killed = !crashed;
    if (crashed && state.crash_signal > 0) {
        char line[200];
        const char *name = strsignal(state.crash_signal);
        if (state.crash_code > 0)
            snprintf(line, sizeof line, "podium: the talk's crash signal: %d (%s), code %d, address 0x%lx\n", state.crash_signal, name ? name : "?", state.crash_code, state.crash_address);
        else
            snprintf(line, sizeof line, "podium: the talk's crash signal: %d (%s), sent by pid %d (code %d)\n", state.crash_signal, name ? name : "?", state.crash_sender, state.crash_code);
        say(line);
    }
    double now = now_seconds();
    /* A crash or hang in a scene's plugin code (not a kill): that scene is skipped after its
     * second in a row (its first when the room was elsewhere), so each such restart makes
     * progress; they have a budget of their own, `scene_restarts` times the talk's, and the
     * host's own crashes and kills keep the talk's (trial 30 F1: two crashing scenes of one
     * plugin spent the 3 within 60 s and the next crash ended the talk). */
    state.carry[sizeof state.carry - 1] = 0;
    int blamed = !killed && ((hung_scene != -2 ? hung_scene : state.scene) >= 0 || validating(state.carry));
    if ((count == 0 && blamed_count == 0) || now - since > window_seconds) { count = 0; blamed_count = 0; since = now; }
    if (blamed ? blamed_count >= scene_restarts * max_restarts : count >= max_restarts) {
        say(killed ? "podium: the talk was killed again; not restarting it (too many crashes in a short time). Start it again with `podium present --resume`.\n"
                   : "podium: the talk crashed again; not restarting it (too many crashes in a short time). Start it again with `podium present --resume`.\n");
        podium_retained_free(state.retained);   /* the room is handed back */
        uncover();
        release_lock();
        _exit(1);
    }
    /* Killed: black over the room at once, over the talk's last frame, which the X server kept
     * on the room (`podium_crash_watch_retained`; else the desktop showed until now), and its
     * lock taken for the restart (`podium_cover_raise` takes it from the talk's dead window, or
     * a free one, for the talk's restart). */
    if (killed) cover(&state, 1);
    /* Under the cover (mapped and synced, raised at a crash byte or just now): what the X server
     * kept of the dead talk goes, before the restart maps its windows, so none of it stays on
     * the server or above the restart's windows. */
    podium_retained_free(state.retained);
    snprintf(history, history_size, "PODIUM_CRASH_RESTARTS=%d %.3f %d", count + !blamed, since, blamed_count + blamed);
    int last_scene = -1, last_times = 0;
    char last_identity[16] = "";
    const char *c = getenv("PODIUM_CRASHED_SCENE");
    if (c && !state.forget) sscanf(c, "%d %d %15s", &last_scene, &last_times, last_identity);   /* a reload since: a fresh count */
    if (hung_scene != -2) { state.scene = hung_scene; memcpy(state.scene_identity, hung_identity, sizeof hung_identity); }
    if (killed) state.scene = -1;   /* killed from outside: no scene's plugin code is to blame */
    /* The identity only when it is one (12 hex digits): a torn or empty one is left out. */
    state.scene_identity[sizeof state.scene_identity - 1] = 0;
    int identified = strlen(state.scene_identity) == 12 && strspn(state.scene_identity, "0123456789abcdef") == 12;
    /* In a row: the same deck entry when both crashes name one (a deck edited between them moves
     * the index: review32 #2), else the same index. */
    int same = identified && strlen(last_identity) == 12 ? strcmp(state.scene_identity, last_identity) == 0 : state.scene == last_scene;
    int times = state.scene >= 0 && same ? last_times + 1 : 1;
    snprintf(crashed_scene, sizeof crashed_scene, "PODIUM_CRASHED_SCENE=%d %d%s%s", state.scene, state.scene >= 0 ? times : 0,
             state.scene >= 0 && identified ? " " : "", state.scene >= 0 && identified ? state.scene_identity : "");
    char lost[32] = "";
    if (keys_lost > 0) snprintf(lost, sizeof lost, "%skeysLost=%d", state.carry[0] || blackout_pressed ? "\n" : "", keys_lost);
    snprintf(carry, sizeof carry, "PODIUM_CRASH_CARRY=%s%s%s%s", state.carry, blackout_pressed && state.carry[0] ? "\n" : "", blackout_pressed ? "blackedOut=1" : "", lost);
    /* The place (`podium_crash_watch_place`): a restart resumes it even when the journal on disk
     * could not be written (a read-only or full state folder). */
    if (state.place_slot == 0 || state.place_slot == 1) {
        state.place[state.place_slot][sizeof state.place[0] - 1] = 0;
        snprintf(place, sizeof place, "PODIUM_CRASH_PLACE=%s", state.place[state.place_slot]);
    }
    snprintf(cause, sizeof cause, "PODIUM_CRASH_KIND=%s", killed ? "kill" : hung_scene != -2 ? "hang" : "crash");
    close(5);
    /* The cover stays up through the exec: the restarted talk closes it after its first frame
     * (`podium_crash_watch_uncover`) and waits for its holder. */
    if (cover_fd >= 0) {
        int fd = fcntl(cover_fd, F_DUPFD, 7);   /* 7 and up: the restart's own watcher closes them */
        if (fd >= 0) { close(cover_fd); cover_fd = fd; }
        snprintf(cover_entry, sizeof cover_entry, "PODIUM_COVER=%d %d", cover_fd, (int)(cover_inherited ? inherited_holder : cover_holder));
        /* Its holder's 20 s start again: a chain of restarts that die before drawing keeps the
         * room covered, not only the first 20 s of it (review29 #3). */
        podium_cover_renew(cover_fd);
    }
    /* The talk's place only once it journals it; before (the resume question still open) the
     * restart asks that question again, as the crashed talk was doing. */
    if (armed) {
        int last = 0, has = 0;
        for (; argv[last]; last++) has |= strcmp(argv[last], "--resume") == 0;
        if (!has) argv[last] = "--resume";   /* the spare slot `copy_strings` left */
        say(killed ? "podium: the talk was killed (SIGKILL, e.g. the out-of-memory killer or kill -9, not a quit); restarting it where it was (--resume). "
                     "To end a talk, quit it (q, Ctrl+Q) or send it SIGTERM\n"
            : hung_scene != -2 ? "podium: the talk stopped responding; restarting it where it was (--resume)\n"
                               : "podium: the talk crashed; restarting it where it was (--resume)\n");
    } else {
        say(killed ? "podium: the talk was killed before its place was settled; restarting it as it was launched\n"
                   : "podium: the talk crashed before its place was settled; restarting it as it was launched\n");
    }
    release_lock();   /* none by now: a crash after a survived one raised a cover that took it over */
    signal(SIGINT, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    close(3);
    close(6);
    /* The binary that crashed (held open as fd 4 since the talk started): by its path (so `ps`
     * and `killall` know it as podium), or through the descriptor if a rebuild has replaced the
     * file since, so versions never mix. */
    fcntl(4, F_SETFD, FD_CLOEXEC);
    char path[4096];
    ssize_t len = readlink("/proc/self/fd/4", path, sizeof path - 1);
    const char *deleted = " (deleted)";
    size_t dl = strlen(deleted);
    if (len > 0 && (size_t)len < sizeof path - 1) {
        path[len] = 0;
        if ((size_t)len < dl || strcmp(path + len - dl, deleted) != 0) execve(path, argv, envp);
    }
    execveat(4, "", argv, envp, AT_EMPTY_PATH);
    say("podium: could not restart the talk after a crash (exec failed)\n");
    _exit(1);
}

static char **copy_strings(char *const list[], int extra) {
    int n = 0;
    while (list[n]) n++;
    char **copy = calloc((size_t)(n + extra + 1), sizeof(char *));
    if (!copy) return NULL;
    for (int i = 0; i < n; i++) copy[i] = strdup(list[i]);
    return copy;
}

/* Puts `entry` (NAME=…) in `env` in place of its NAME's entry, or in the first free slot. */
static void put(char **env, char *entry) {
    size_t name = (size_t)(strchr(entry, '=') - entry) + 1;
    int e = 0;
    while (env[e] && strncmp(env[e], entry, name) != 0) e++;
    env[e] = entry;   /* replaces the old entry or takes a spare slot at the end */
}

/* The environment for a restart: `environ` with PODIUM_CRASH_RESTARTS in `history`,
 * PODIUM_CRASHED_SCENE and PODIUM_CRASH_CARRY (the watcher writes all three), or NULL. */
static char **restart_environment(char *history) {
    char **env = copy_strings(environ, 7);
    if (!env) return NULL;
    put(env, history);
    put(env, crashed_scene);
    put(env, carry);
    put(env, place);
    put(env, cause);
    put(env, cover_entry);
    put(env, handover_entry);
    return env;
}

static int is_watcher_entry(const char *v, const char *history) {
    return v == history || v == crashed_scene || v == carry || v == place || v == cause || v == cover_entry || v == handover_entry;
}

/* `podium-watch` beside the running binary, into `path`; 0, or -1 when it is not there. */
static int watcher_program(char *path, size_t size) {
    ssize_t len = readlink("/proc/self/exe", path, size - 1);
    if (len <= 0 || (size_t)len >= size - 1) return -1;
    path[len] = 0;
    char *slash = strrchr(path, '/');
    if (!slash || (size_t)(slash - path) + sizeof "/podium-watch" > size) return -1;
    strcpy(slash, "/podium-watch");
    return access(path, X_OK);
}

/* exit(3) from anywhere (a library's: Xlib's when the X server goes away) is an end the talk's
 * own code chose, not a kill: the watcher restarts nothing. Only in the talk's process, not in a
 * child forked from it that holds the pipe until it execs. */
static pid_t talk_pid = 0;
static void ended_by_exit(void) { if (getpid() == talk_pid) podium_crash_watch_ended(); }

/* SIGTERM and SIGINT until the talk handles them itself (`QuitSignals` replaces this, once the
 * deck is loaded): the default end at once, as before, but said to be on purpose first (Ctrl+C
 * while the deck loads is no kill to restart). Reset to the default on entry (SA_RESETHAND);
 * the signal raised again is delivered when this returns. */
static void on_quit_signal(int sig) {
    podium_crash_watch_stopping();
    raise(sig);
}

int podium_crash_watch(char *const argv[], int max_restarts, double window_seconds) {
    /* Everything the watcher needs is made before the fork: after it, it calls only what is
     * safe in a child of a process that may have threads. */
    int count = 0, blamed_count = 0;
    double since = 0;
    const char *h = getenv("PODIUM_CRASH_RESTARTS");
    if (h) sscanf(h, "%d %lf %d", &count, &since, &blamed_count);
    static char history[64] = "PODIUM_CRASH_RESTARTS=0 0 0";
    char **args = copy_strings(argv, 1);
    char **env = restart_environment(history);
    /* The watcher proper is the small C program `podium-watch` exec'd from the fork, so it holds
     * none of the talk's libraries and heap (issue 19: memory); `podium-watch MAX WINDOW COUNT
     * SINCE ARGV...`. Without it, the forked copy of this process watches, as before. */
    static char program[4096], numbers[4][32];
    int has_program = watcher_program(program, sizeof program) == 0;
    int n = 0;
    while (argv[n]) n++;
    char **wargv = calloc((size_t)n + 6, sizeof(char *));
    if (!args || !env || !wargv) { errno = ENOMEM; return -1; }
    snprintf(numbers[0], sizeof numbers[0], "%d", max_restarts);
    snprintf(numbers[1], sizeof numbers[1], "%.3f", window_seconds);
    snprintf(numbers[2], sizeof numbers[2], "%d/%d", count, blamed_count);
    snprintf(numbers[3], sizeof numbers[3], "%.3f", since);
    wargv[0] = "podium-watch";
    for (int i = 0; i < 4; i++) wargv[i + 1] = numbers[i];
    for (int i = 0; i < n; i++) wargv[i + 5] = args[i];

    /* The talk's binary, held open for a restart (a rebuild may replace the file meanwhile). */
    int exe = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (exe < 0) return -1;
    /* The shared state: a memfd mapped here, handed to the watcher (it survives its exec). */
    int state = memfd_create("podium-crash-state", MFD_CLOEXEC);
    if (state >= 0 && ftruncate(state, sizeof(struct shared_state)) == 0) {
        void *page = mmap(NULL, sizeof(struct shared_state), PROT_READ | PROT_WRITE, MAP_SHARED, state, 0);
        if (page != MAP_FAILED) { shared = page; shared->scene = -1; shared->carry[0] = 0; shared->beat_ms = 0; shared->talk = getpid(); shared->place_slot = -1; }
    }
    /* A restart hands the cover it got to its own watcher as fd 7 (`watch`), with its lock's token. */
    char **wenv = NULL;
    static char wcover[32], whandover[80];
    if (inherited_cover >= 0 && (wenv = copy_strings(environ, 2)) != NULL) {
        snprintf(wcover, sizeof wcover, "PODIUM_COVER=7 %d", (int)inherited_holder);
        snprintf(whandover, sizeof whandover, "PODIUM_AUDIENCE_HANDOVER=%s", inherited_handover);
        put(wenv, wcover);
        put(wenv, whandover);
    }
    int fds[2], acks[2] = {-1, -1};
    if (pipe2(fds, O_CLOEXEC) != 0) { int saved = errno; close(exe); errno = saved; return -1; }
    if (pipe2(acks, O_CLOEXEC | O_NONBLOCK) != 0) acks[0] = acks[1] = -1;   /* then the handler does not wait */
    pid_t pid = fork();
    if (pid < 0) { int saved = errno; close(exe); close(fds[0]); close(fds[1]); errno = saved; return -1; }
    if (pid == 0) {
        close(fds[1]);
        /* The pipe as 3 and the binary as 4, by way of free numbers so neither overwrites the
         * other; dup2 leaves them open across exec. */
        int r = fcntl(fds[0], F_DUPFD, 10), x = fcntl(exe, F_DUPFD, 10), st = state >= 0 ? fcntl(state, F_DUPFD, 10) : -1;
        int a = acks[1] >= 0 ? fcntl(acks[1], F_DUPFD, 10) : -1;
        int c = inherited_cover >= 0 ? fcntl(inherited_cover, F_DUPFD, 10) : -1;
        if (r < 0 || x < 0) _exit(1);
        dup2(r, 3);
        dup2(x, 4);
        if (st >= 0) dup2(st, 5); else close(5);
        if (a >= 0) dup2(a, 6); else close(6);
        inherited_cover = c >= 0 && dup2(c, 7) == 7 ? 7 : -1;
        close_range(inherited_cover == 7 ? 8 : 7, ~0U, 0);
        if (has_program) execve(program, wargv, wenv && inherited_cover == 7 ? wenv : environ);
        watch(args, env, history, sizeof history, count, blamed_count, since, max_restarts, window_seconds);
    }
    watcher_pid = pid;
    talk_pid = getpid();
    atexit(ended_by_exit);
    static const int quit_signals[] = {SIGINT, SIGTERM};
    for (size_t i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++) {
        int quit = quit_signals[i];
        struct sigaction before, a;
        memset(&a, 0, sizeof a);
        a.sa_handler = on_quit_signal;
        a.sa_flags = SA_RESETHAND;
        sigemptyset(&a.sa_mask);
        /* Only where the default would end the talk (not under nohup's SIG_IGN). */
        if (sigaction(quit, NULL, &before) == 0 && !(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_DFL) sigaction(quit, &a, NULL);
    }
    close(exe);
    if (state >= 0) close(state);   /* the mapping stays */
    close(fds[0]);
    crash_fd = fds[1];
    if (acks[1] >= 0) close(acks[1]);
    ack_fd = acks[0];
    /* The copies are the watcher's; this process has no further use for them. */
    for (char **a = args; *a; a++) free(*a);
    free(args);
    free(wargv);
    if (wenv) {
        for (char **v = wenv; *v; v++) if (*v != wcover && *v != whandover) free(*v);
        free(wenv);
    }
    for (char **v = env; *v; v++) if (!is_watcher_entry(*v, history)) free(*v);
    free(env);
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        struct sigaction a;
        memset(&a, 0, sizeof a);
        a.sa_sigaction = on_crash;
        a.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&a.sa_mask);
        sigaction(crash_signals[i], &a, &previous[crash_signals[i]]);
    }
    return 0;
}

int podium_crash_watch_scene(int index, const char *identity) {
    if (!shared) return -1;
    int previous = shared->scene;
    /* The identity first: a crash in between names the scene before with the new one's entry,
     * which the restart does not find at that index and looks up by entry. */
    size_t n = identity ? strnlen(identity, sizeof shared->scene_identity - 1) : 0;
    if (n) memcpy(shared->scene_identity, identity, n);
    shared->scene_identity[n] = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);   /* the compiler keeps that order */
    shared->scene = index;
    return previous;
}

int podium_crash_watch_carry(const char *text) {
    if (!shared) return -1;
    size_t n = strlen(text);
    if (n >= sizeof shared->carry) return -1;
    /* The first byte last: a crash in between leaves an empty value, never a half-written one. */
    shared->carry[0] = 0;
    if (n > 1) memcpy(shared->carry + 1, text + 1, n - 1);
    shared->carry[n] = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    shared->carry[0] = text[0];
    return 0;
}

void podium_crash_watch_heartbeat(void) {
    if (!shared) return;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long long ms = (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
    shared->beat_ms = ms > 0 ? ms : 1;
}

void podium_crash_watch_heartbeat_stop(void) {
    if (shared) shared->beat_ms = 0;
}

void podium_crash_watch_first_frame(void) {
    if (shared) shared->first_frame = 1;
}

int podium_crash_watch_place(const char *text) {
    if (!shared) return -1;
    size_t n = strlen(text);
    if (n >= sizeof shared->place[0]) return -1;
    /* The slot not named is written whole, then named: a crash in between leaves the last
     * complete place. */
    int slot = shared->place_slot == 0 ? 1 : 0;
    memcpy(shared->place[slot], text, n + 1);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    shared->place_slot = slot;
    return 0;
}

int podium_crash_watch_main(int argc, char **argv) {
    if (argc < 6) {
        say("podium-watch: started by `podium present` only (podium-watch MAX WINDOW COUNT/SCENECOUNT SINCE ARGV...)\n");
        return 2;
    }
    if (fcntl(3, F_GETFD) < 0 || fcntl(4, F_GETFD) < 0) {
        say("podium-watch: no talk to watch (file descriptors 3 and 4 are not open)\n");
        return 2;
    }
    static char history[64] = "PODIUM_CRASH_RESTARTS=0 0 0";
    char **args = copy_strings(argv + 5, 1);
    char **env = restart_environment(history);
    if (!args || !env) return 1;
    int count = 0, blamed_count = 0;
    sscanf(argv[3], "%d/%d", &count, &blamed_count);
    watch(args, env, history, sizeof history, count, blamed_count, atof(argv[4]), atoi(argv[1]), atof(argv[2]));
    return 1;
}

void podium_crash_watch_armed(void) {
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "A", 1); (void)r; }
}

void podium_crash_watch_ended(void) {
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "Q", 1); (void)r; }
}

void podium_crash_watch_stopping(void) {
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "S", 1); (void)r; }
}

int podium_crash_watch_retained(unsigned long resource) {
    if (!shared) return -1;
    shared->retained = resource;
    return 0;
}

/* The pipe's read end is the watcher's only: once it ended, the write end reports POLLERR. */
static int watcher_gone(int timeout_ms) {
    struct pollfd p = {.fd = crash_fd, .events = 0};
    int r;
    while ((r = poll(&p, 1, timeout_ms)) < 0 && errno == EINTR) {}
    return r == 1 && (p.revents & (POLLERR | POLLHUP | POLLNVAL));
}

int podium_crash_watch_running(void) { return crash_fd >= 0 && !watcher_gone(0); }

void podium_crash_watch_wait_gone(void) {
    if (crash_fd < 0) return;
    while (!watcher_gone(-1)) {}
    /* The watcher is this process's child (after a restart, of the talk that took over its
     * process): reaped, not left a zombie beside the talk (trial 29). */
    if (watcher_pid > 0) while (waitpid(watcher_pid, NULL, 0) < 0 && errno == EINTR) {}
}

void podium_crash_watch_forget(void) {
    if (shared) shared->forget = 1;
}

void podium_crash_watch_layout(const int *rects, int count, const int *room, const int *spare, int spare_count) {
    if (!shared) return;
    if (count > 8) count = 8;
    if (spare_count > 8) spare_count = 8;
    if (spare_count < 0 || !spare) spare_count = 0;
    /* Written only by the main loop, read by the watcher only once that loop is late. */
    shared->layout_count = 0;
    if (count > 0) memcpy(shared->layout, rects, (size_t)count * 4 * sizeof(int));
    memcpy(shared->room, room, 4 * sizeof(int));
    shared->spare_count = 0;
    if (spare_count > 0) memcpy(shared->spare, spare, (size_t)spare_count * 4 * sizeof(int));
    shared->spare_count = spare_count;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    shared->layout_count = count;
}

/* The cover the watcher of the talk before this one holds over the room (PODIUM_COVER="fd pid",
 * `podium_cover_raise`), taken before anything else runs: close-on-exec (no child of the talk
 * keeps it up) and out of the environment (a later restart is not handed a stale one). */
__attribute__((constructor)) static void adopt_cover(void) {
    const char *v = getenv("PODIUM_COVER");
    int fd = -1, pid = 0;
    if (v && sscanf(v, "%d %d", &fd, &pid) == 2 && fd >= 6 && fcntl(fd, F_SETFD, FD_CLOEXEC) == 0) {
        inherited_cover = fd;
        inherited_holder = pid;
        /* Named now, while this process holds the cover so the holder cannot have ended by end of
         * file: by the first frame its pid may be another's (review30 #5). Close-on-exec; Linux
         * 5.3 (without it the holder is not waited for: its cover goes with its end of file). */
        if (pid > 0) inherited_holder_fd = (int)syscall(SYS_pidfd_open, pid, 0);
    }
    unsetenv("PODIUM_COVER");
}

void podium_crash_watch_audience(const char *deck) {
    if (!shared) return;
    shared->audience = 0;
    snprintf(shared->audience_deck, sizeof shared->audience_deck, "%s", deck);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    shared->audience = 1;
}

/* The token of the lock the watcher's cover holds for this restart (PODIUM_AUDIENCE_HANDOVER),
 * taken out of the environment before anything else runs, like PODIUM_COVER: no program the talk
 * starts (another `podium present`) may show it. */

__attribute__((constructor)) static void adopt_handover(void) {
    const char *v = getenv("PODIUM_AUDIENCE_HANDOVER");
    if (v) snprintf(inherited_handover, sizeof inherited_handover, "%s", v);
    unsetenv("PODIUM_AUDIENCE_HANDOVER");
}

const char *podium_crash_watch_handover(void) { return inherited_handover[0] ? inherited_handover : NULL; }

void podium_crash_watch_uncover(void) {
    if (inherited_cover < 0) return;
    /* The watcher holds the cover too (a restart dying before this frame leaves it up): its
     * copy goes now, ours next, and the holder ends on end of file. */
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "U", 1); (void)r; }
    close(inherited_cover);
    inherited_cover = -1;
    /* The holder ends within milliseconds of end of file: waited for through the pidfd taken at
     * exec (for at most 1 s), then reaped if it is this process's child (the watcher that raised
     * it exec'd this talk; not when handed on from a restart that died before its first frame,
     * review29 #5). The pidfd names that very process, so neither can touch another that took
     * its pid: a bare `waitpid` on it blocked for a reused pid of this talk's own child. */
    if (inherited_holder_fd >= 0) {
        struct pollfd p = {.fd = inherited_holder_fd, .events = POLLIN};
        while (poll(&p, 1, 1000) < 0 && errno == EINTR) {}
        siginfo_t info;
        (void)waitid(P_PIDFD, (id_t)inherited_holder_fd, &info, WEXITED | WNOHANG);
        close(inherited_holder_fd);
        inherited_holder_fd = -1;
    }
    inherited_holder = 0;
}
