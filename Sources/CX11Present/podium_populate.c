#include "podium_populate.h"
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

struct range { void *addr; size_t len; };

static void *populate(void *arg) {
    struct range r = *(struct range *)arg;
    free(arg);
    madvise(r.addr, r.len, MADV_POPULATE_WRITE);
    return NULL;
}

int podium_populate_async(void *addr, size_t len) {
    if (!addr || len == 0) return -1;
    struct range *r = malloc(sizeof *r);
    if (!r) return -1;
    *r = (struct range){ addr, len };
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 << 10);
    pthread_t t;
    int err = pthread_create(&t, &attr, populate, r);
    pthread_attr_destroy(&attr);
    if (err) { free(r); return -1; }
    return 0;
}
