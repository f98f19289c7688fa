// Memory made ready on another thread before it is written (issue 19, launch).
#ifndef PODIUM_POPULATE_H
#define PODIUM_POPULATE_H
#include <stddef.h>

/// Starts a thread that makes every page of [addr, addr + len) present and writable
/// (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14; nothing before it), so a thread writing there
/// later takes no page faults: a window surface made just before its first frame (SDL's
/// shared-memory framebuffer, 8 MB at 1920×1080, written whole by that frame: ~8 ms of faults
/// on the main thread). Harmless if the range is unmapped meanwhile (the call then fails; no
/// byte is read or written). 0 when started, -1 otherwise.
int podium_populate_async(void *addr, size_t len);
#endif
