#include "podium_main_queue.h"
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

// From libdispatch (dispatch/private.h); not in its public headers.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t drained = PTHREAD_COND_INITIALIZER;
static int waiting;   // the watcher woke the loop and waits for a drain
static void (*wake_loop)(void);

static void *watch(void *unused) {
    (void)unused;
    int fd = _dispatch_get_main_queue_handle_4CF();
    for (;;) {
        struct pollfd p = { .fd = fd, .events = POLLIN };
        if (poll(&p, 1, -1) <= 0) continue;
        pthread_mutex_lock(&lock);
        waiting = 1;
        pthread_mutex_unlock(&lock);
        wake_loop();
        // The eventfd stays readable until the drain reads it: wait, so as not to spin.
        pthread_mutex_lock(&lock);
        while (waiting) pthread_cond_wait(&drained, &lock);
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

static void start_watcher(void) {
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&a, 64 * 1024);
    pthread_create(&t, &a, watch, NULL);
    pthread_attr_destroy(&a);
}

void podium_main_queue_watch(void (*wake)(void)) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    wake_loop = wake;
    // The handle is made on first use: make it here, on the caller's (main) thread.
    (void)_dispatch_get_main_queue_handle_4CF();
    pthread_once(&once, start_watcher);
}

void podium_main_queue_drain(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    // Reset the eventfd first: work queued while draining sets it again for the next turn.
    struct pollfd p = { .fd = fd, .events = POLLIN };
    if (poll(&p, 1, 0) == 1) { uint64_t n; (void)!read(fd, &n, sizeof n); }
    _dispatch_main_queue_callback_4CF(NULL);
    pthread_mutex_lock(&lock);
    waiting = 0;
    pthread_cond_signal(&drained);
    pthread_mutex_unlock(&lock);
}
