#ifndef PODIUM_ZSTD_H
#define PODIUM_ZSTD_H
/* Debian's Zstandard (libzstd-dev): the PDF page store packs pages it keeps for long again with
 * it while the talk rests (Plugins/PDF/Render/PageRepack.swift). Already in the process: SDL's
 * audio libraries link it. Its whole API is visible to Swift through this module. */
#include <stddef.h>
#include <zstd.h>

/* ZSTD_decompressDCtx with one context per thread, made at the thread's first call and freed when
 * it ends: ZSTD_decompress allocates and frees its ~96 kB context at every call, a malloc per
 * unpack and a way for a page to fail to unpack under memory pressure that LZ4 does not have
 * (trial 27 m2). Returns the bytes written, or an error code (ZSTD_isError). */
size_t podium_zstd_decompress(void *dst, size_t capacity, const void *src, size_t n);

#endif
