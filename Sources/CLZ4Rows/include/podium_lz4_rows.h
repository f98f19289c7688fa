#ifndef PODIUM_LZ4_ROWS_H
#define PODIUM_LZ4_ROWS_H
#include <stddef.h>
#include <stdint.h>

/* Decodes one LZ4 block (the format LZ4_compress_default writes) whose output is `height` rows of
 * `row` bytes each, back to back, writing row r at `dst + r * pitch` (pitch >= row): a packed PDF
 * page unpacked straight into a window surface at a view's rectangle, with no page-sized buffer
 * on the way (issue 19). LZ4's own decoder needs its output contiguous; this one maps each
 * position of the block's output to its row. Returns 0 when the block decoded to exactly
 * row * height bytes, -1 on malformed or truncated data (rows already written may then hold
 * part of the page). */
int podium_lz4_decode_rows(const uint8_t *src, size_t srcSize, uint8_t *dst, size_t row, size_t height, size_t pitch);

#endif
