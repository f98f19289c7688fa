#ifndef PODIUM_TILE_HASH_H
#define PODIUM_TILE_HASH_H
#include <stdint.h>

/* Hashes of a page's pixels tile by tile (issue 19: an advance copies to the room only the tiles
 * in which the new page differs from the one shown). `pixels` holds `height` rows of `width` 4-byte
 * pixels, `stride` bytes apart; tiles are `tile` pixels square, row-major, the last column and row
 * cut at the edges; `out` gets ceil(width/tile) * ceil(height/tile) hashes. Each is Debian's
 * xxHash (XXH3, 64 bits) over the tile's rows, chained row to row through the seed. */
void podium_tile_hashes(const uint8_t *pixels, int width, int height, int stride, int tile, uint64_t *out);

#endif
