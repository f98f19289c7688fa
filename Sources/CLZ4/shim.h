// Debian's LZ4 (liblz4-dev): the PDF page store keeps rendered pages compressed with it, since
// slides are mostly flat colour and it decompresses at memory speed. Also glibc's malloc_trim
// for the page buffers the store frees.
#include <lz4.h>
/* LZ4's high-compression packer: the same format, unpacked by the same LZ4_decompress_safe. */
#include <lz4hc.h>

#include <malloc.h>
/* Hands freed heap memory back to the system (glibc keeps freed page buffers otherwise). */
static inline void podium_malloc_trim(void) { malloc_trim(0); }

