#include "podium_zstd.h"
#include <pthread.h>

static pthread_key_t key;
static int have_key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void free_context(void *ctx) { ZSTD_freeDCtx(ctx); }
static void make_key(void) { have_key = pthread_key_create(&key, free_context) == 0; }

size_t podium_zstd_decompress(void *dst, size_t capacity, const void *src, size_t n) {
    pthread_once(&once, make_key);
    ZSTD_DCtx *ctx = have_key ? pthread_getspecific(key) : NULL;
    if (!ctx && have_key && (ctx = ZSTD_createDCtx()) != NULL && pthread_setspecific(key, ctx) != 0) {
        ZSTD_freeDCtx(ctx);
        ctx = NULL;
    }
    /* No context to be had: the call that allocates its own, as before. */
    return ctx ? ZSTD_decompressDCtx(ctx, dst, capacity, src, n) : ZSTD_decompress(dst, capacity, src, n);
}
