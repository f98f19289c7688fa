// Debian's Pango with cairo (libpango1.0-dev): shaping (HarfBuzz), bidi (UAX #9), line breaking
// (UAX #14), font fallback (fontconfig) and colour emoji for every piece of text Podium draws.
#include <pango/pangocairo.h>
#include <stdint.h>

// cairo's ARGB32 is premultiplied; SDL's blend mode wants straight alpha. In place, `n` pixels.
static inline void podium_unpremultiply(uint32_t *px, long n) {
    for (long i = 0; i < n; i++) {
        uint32_t p = px[i], a = p >> 24;
        if (a == 0 || a == 255) continue;
        uint32_t r = ((p >> 16) & 0xFF) * 255 / a, g = ((p >> 8) & 0xFF) * 255 / a, b = (p & 0xFF) * 255 / a;
        px[i] = (a << 24) | ((r > 255 ? 255 : r) << 16) | ((g > 255 ? 255 : g) << 8) | (b > 255 ? 255 : b);
    }
}
