// Debian's LZ4 (liblz4-dev): the PDF page store keeps rendered pages compressed with it, since
// slides are mostly flat colour and it decompresses at memory speed. Also glibc's malloc knobs
// for the page buffers the store frees.
#include <lz4.h>

#include <malloc.h>
/* Hands freed heap memory back to the system (glibc keeps freed page buffers otherwise). */
static inline void podium_malloc_trim(void) { malloc_trim(0); }
/* Buffers of at least `bytes` are mapped on their own and unmapped when freed. glibc's default
 * threshold rises to the size of the last such buffer freed (up to 32 MB), after which page-sized
 * buffers (8 MB at 1920x1080, 33 MB textures at 4K) stay in the heap once freed. */
static inline void podium_malloc_map_large(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }
