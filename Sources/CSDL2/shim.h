#include <SDL.h>
#include <stdio.h>
#include <signal.h>

// Function-like macros Swift cannot import (see shared/NOTES.md).
static inline int podium_windowpos_centered_display(int n) { return (int)SDL_WINDOWPOS_CENTERED_DISPLAY(n); }
static inline int podium_windowpos_undefined_display(int n) { return (int)SDL_WINDOWPOS_UNDEFINED_DISPLAY(n); }
static inline Uint32 podium_button_mask(int b) { return SDL_BUTTON(b); }
// Swift 6 refuses to touch C globals like stdout; do it here.
static inline void podium_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
// A control-socket client that hangs up must not kill the presentation: write() then fails with
// EPIPE instead of raising SIGPIPE.
static inline void podium_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }
#include <malloc.h>
/* Buffers of at least `bytes` are mapped on their own and unmapped when freed. glibc's default
 * threshold rises to the size of the last such buffer freed (up to 32 MB), after which page-sized
 * buffers (8 MB at 1920x1080, 33 MB textures and window surfaces at 4K) stay in the heap once freed. */
static inline void podium_malloc_map_large(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }
