#include <string.h>
#include "podium_lz4_rows.h"

/* Where the output goes: position `pos` of the block's output is row pos / row, column pos % row. */
typedef struct { uint8_t *dst; size_t row, pitch, total; } Rows;

static inline uint8_t *at(const Rows *o, size_t pos) { return o->dst + (pos / o->row) * o->pitch + pos % o->row; }

/* An LZ4 length: `base` (the token's 4 bits), and when 15, bytes added while they are 255. */
static inline int length(const uint8_t **ip, const uint8_t *end, size_t base, size_t *out) {
    size_t n = base;
    if (base == 15) {
        uint8_t b;
        do {
            if (*ip >= end) return -1;
            b = *(*ip)++;
            n += b;
        } while (b == 255);
    }
    *out = n;
    return 0;
}

int podium_lz4_decode_rows(const uint8_t *src, size_t srcSize, uint8_t *dst, size_t row, size_t height, size_t pitch) {
    if (row == 0 || pitch < row) return -1;
    Rows o = { dst, row, pitch, row * height };
    const uint8_t *ip = src, *end = src + srcSize;
    size_t pos = 0;
    while (ip < end) {
        uint8_t token = *ip++;
        size_t lit, len;
        if (length(&ip, end, token >> 4, &lit) != 0 || lit > (size_t)(end - ip) || lit > o.total - pos) return -1;
        // Literals, cut where rows end.
        while (lit > 0) {
            size_t col = pos % row, k = row - col < lit ? row - col : lit;
            memcpy(at(&o, pos), ip, k);
            ip += k; pos += k; lit -= k;
        }
        if (ip == end) break;   // the last sequence has literals only
        if (end - ip < 2) return -1;
        size_t off = (size_t)ip[0] | (size_t)ip[1] << 8;
        ip += 2;
        if (length(&ip, end, token & 15, &len) != 0) return -1;
        len += 4;
        if (off == 0 || off > pos || len > o.total - pos) return -1;
        // The match: from `off` bytes back, in pieces that stay within one row at both ends.
        size_t from = pos - off;
        while (len > 0) {
            size_t dc = pos % row, sc = from % row;
            size_t k = row - dc < row - sc ? row - dc : row - sc;
            if (k > len) k = len;
            uint8_t *d = at(&o, pos);
            const uint8_t *s = at(&o, from);
            if (off >= k) {
                memcpy(d, s, k);   // apart (other rows, or far enough back in this one)
            } else {
                // Overlapping, in one row (a piece reaching into an earlier row is shorter than
                // `off`): the output repeats every `off` bytes, so copy the first period, then
                // double what is done.
                memcpy(d, s, off);
                size_t done = off;
                while (done < k) {
                    size_t n = done < k - done ? done : k - done;
                    memcpy(d + done, d, n);
                    done += n;
                }
            }
            pos += k; from += k; len -= k;
        }
    }
    return pos == o.total ? 0 : -1;
}
