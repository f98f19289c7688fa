// xxHash compiled in from Debian's header (libxxhash-dev), not linked: a PDF talk maps no extra
// library for it.
#define XXH_INLINE_ALL
#include <xxhash.h>
#include "podium_tile_hash.h"

void podium_tile_hashes(const uint8_t *pixels, int width, int height, int stride, int tile, uint64_t *out) {
    int cols = (width + tile - 1) / tile, rows = (height + tile - 1) / tile;
    for (int i = 0; i < cols * rows; i++) out[i] = 0;
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * (size_t)stride;
        uint64_t *h = out + (size_t)(y / tile) * (size_t)cols;
        for (int c = 0; c < cols; c++) {
            int x = c * tile, w = width - x < tile ? width - x : tile;
            h[c] = XXH3_64bits_withSeed(row + (size_t)x * 4, (size_t)w * 4, h[c]);
        }
    }
}
