// Polygon tessellation through GLU's tessellator (Debian's libglu1-mesa): any polygon, concave,
// with holes or self-intersecting, into triangles a convex-only fill can draw.
#pragma once
#include <stdint.h>

/// Tessellates the rings (`ring_lengths[i]` points each, their x, y pairs one after another in
/// `xy`) with the odd winding rule (a ring inside another is a hole), or the nonzero rule when
/// `nonzero` is not 0 (a hole winds against its outline). Returns the number of
/// triangles and sets `*out` to 6 doubles per triangle (x0 y0 x1 y1 x2 y2), which the caller
/// frees with free(); 0 with `*out` NULL when there is nothing to fill; -1 when out of memory or
/// when GLU (libGLU.so.1, opened on the first call) cannot be loaded.
int32_t podium_tessellate(const double *xy, const int32_t *ring_lengths, int32_t ring_count, int32_t nonzero, double **out);
