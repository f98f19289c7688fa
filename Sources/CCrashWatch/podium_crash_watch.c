#define _GNU_SOURCE
#include "podium_crash_watch.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

static int crash_fd = -1;
/* Shared with the watcher, which reads it after a crash: the scene whose plugin code runs now
 * (-1: none; plain stores, no signal handler or system call on the hot path), and what a restart
 * carries over (`podium_crash_watch_carry`). */
struct shared_state { volatile int scene; char carry[512]; };
static struct shared_state *shared = NULL;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS};
static struct sigaction previous[65];

/* Async-signal-safe: one write, the previous action back, and the signal again if it was sent
 * (kill, raise, abort) rather than raised by the faulting instruction, which runs again on return. */
static void on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "C", 1); (void)r; }
    sigaction(sig, &previous[sig], NULL);
    if (info == NULL || info->si_code <= 0) raise(sig);
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void say(const char *text) { ssize_t r = write(2, text, strlen(text)); (void)r; }

/* The watcher: waits, then restarts or ends. Runs in the forked child only. */
static void watch(int fd, char **argv, char **envp, char *history, size_t history_size,
                  char *crashed_scene, size_t crashed_size, char *carry, size_t carry_size, int last_scene, int last_times,
                  int count, double since, int max_restarts, double window_seconds) {
    prctl(PR_SET_NAME, "podium-watch", 0, 0, 0);
    /* Nothing of the talk's but stdio and the pipe: a file or socket held here would outlive it. */
    if (fd != 3) { dup2(fd, 3); close(fd); }
    close_range(4, ~0U, 0);
    /* Ctrl+C in the terminal reaches the whole process group: the talk quits cleanly and the
     * watcher then sees end of file without a crash byte; it must not die first. */
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    char byte;
    int crashed = 0, ended = 0, armed = 0;
    ssize_t n;
    while ((n = read(3, &byte, 1)) != 0) {
        if (n == 1 && byte == 'C') crashed = 1;
        else if (n == 1 && byte == 'Q') ended = 1;
        else if (n == 1 && byte == 'A') armed = 1;
        else if (n < 0 && errno != EINTR) break;
    }
    /* A crash signal the talk survived (Swift's backtracer returns from one sent by kill) is
     * followed by its clean end: nothing to restart. */
    if (!crashed || ended) _exit(0);
    double now = now_seconds();
    if (count == 0 || now - since > window_seconds) { count = 0; since = now; }
    if (count >= max_restarts) {
        say("podium: the talk crashed again; not restarting it (too many crashes in a short time). Start it again with `podium present --resume`.\n");
        _exit(1);
    }
    snprintf(history, history_size, "PODIUM_CRASH_RESTARTS=%d %.3f", count + 1, since);
    /* Where the crash was, and how many crashes in a row were in that scene's plugin code. */
    int scene = shared ? shared->scene : -1;
    int times = scene >= 0 && scene == last_scene ? last_times + 1 : 1;
    snprintf(crashed_scene, crashed_size, "PODIUM_CRASHED_SCENE=%d %d", scene, scene >= 0 ? times : 0);
    snprintf(carry, carry_size, "PODIUM_CRASH_CARRY=%s", shared ? shared->carry : "");
    /* The talk's place only once it journals it; before (the resume question still open) the
     * restart asks that question again, as the crashed talk was doing. */
    if (armed) {
        int last = 0, has = 0;
        for (; argv[last]; last++) has |= strcmp(argv[last], "--resume") == 0;
        if (!has) argv[last] = "--resume";   /* the spare slot `copy_strings` left */
        say("podium: the talk crashed; restarting it where it was (--resume)\n");
    } else {
        say("podium: the talk crashed before its place was settled; restarting it as it was launched\n");
    }
    signal(SIGINT, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    close(3);
    /* The binary that crashed: by its path (so `ps` and `killall` know it as podium), or through
     * /proc/self/exe if a rebuild has replaced the file since, so versions never mix. */
    char path[4096];
    ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
    const char *deleted = " (deleted)";
    size_t dl = strlen(deleted);
    if (len > 0 && (size_t)len < sizeof path - 1) {
        path[len] = 0;
        if ((size_t)len < dl || strcmp(path + len - dl, deleted) != 0) execve(path, argv, envp);
    }
    execve("/proc/self/exe", argv, envp);
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

int podium_crash_watch(char *const argv[], int max_restarts, double window_seconds) {
    /* Everything the watcher needs is made before the fork: after it, it calls only what is
     * safe in a child of a process that may have threads. */
    int count = 0;
    double since = 0;
    const char *h = getenv("PODIUM_CRASH_RESTARTS");
    if (h) sscanf(h, "%d %lf", &count, &since);
    int last_scene = -1, last_times = 0;
    const char *c = getenv("PODIUM_CRASHED_SCENE");
    if (c) sscanf(c, "%d %d", &last_scene, &last_times);
    char **args = copy_strings(argv, 1);
    char **env = copy_strings(environ, 3);
    static char history[64] = "PODIUM_CRASH_RESTARTS=0 0";
    static char crashed_scene[64] = "PODIUM_CRASHED_SCENE=-1 0";
    static char carry[600] = "PODIUM_CRASH_CARRY=";
    if (!args || !env) { errno = ENOMEM; return -1; }
    int e = 0;
    while (env[e] && strncmp(env[e], "PODIUM_CRASH_RESTARTS=", 22) != 0) e++;
    env[e] = history; /* replaces the old entry or takes a spare slot at the end */
    e = 0;
    while (env[e] && strncmp(env[e], "PODIUM_CRASHED_SCENE=", 21) != 0) e++;
    env[e] = crashed_scene;
    e = 0;
    while (env[e] && strncmp(env[e], "PODIUM_CRASH_CARRY=", 19) != 0) e++;
    env[e] = carry;
    void *page = mmap(NULL, sizeof(struct shared_state), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page != MAP_FAILED) { shared = page; shared->scene = -1; shared->carry[0] = 0; }

    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) { int saved = errno; close(fds[0]); close(fds[1]); errno = saved; return -1; }
    if (pid == 0) {
        close(fds[1]);
        watch(fds[0], args, env, history, sizeof history, crashed_scene, sizeof crashed_scene, carry, sizeof carry,
              last_scene, last_times, count, since, max_restarts, window_seconds);
    }
    close(fds[0]);
    crash_fd = fds[1];
    /* The copies are the watcher's; this process has no further use for them. */
    for (char **a = args; *a; a++) free(*a);
    free(args);
    for (char **v = env; *v; v++) if (*v != history && *v != crashed_scene && *v != carry) free(*v);
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

void podium_crash_watch_armed(void) {
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "A", 1); (void)r; }
}

void podium_crash_watch_ended(void) {
    if (crash_fd >= 0) { ssize_t r = write(crash_fd, "Q", 1); (void)r; }
}

int podium_crash_watch_scene(int index) {
    if (!shared) return -1;
    int previous = shared->scene;
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
