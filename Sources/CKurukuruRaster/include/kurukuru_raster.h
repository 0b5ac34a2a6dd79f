// Small C layer for KurukuruRaster: what Cairo has no pattern for, painted per device pixel.
//
// The benchmark baseline (scripts/bench.d/cairo-direct) compiles this same file, so its frames
// stay byte-identical to the Swift renderer's.

#ifndef KURUKURU_RASTER_H
#define KURUKURU_RASTER_H

#include <cairo.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One stretch of an angular gradient: from `from` to `to` degrees (absolute angles, clockwise
/// on screen from 3 o'clock, `start` ≤ from < to ≤ start + 360) the straight RGBA colour (each
/// channel 0…1) goes linearly from `start_color` to `end_color`.
typedef struct {
  double from, to;
  double start_color[4], end_color[4];
} kk_conic_segment;

/// An angular (conic) gradient as a Cairo source pattern for the context's current path, in
/// its current user space: every device pixel that the path's ink can reach takes the colour of
/// the direction from (`cx`, `cy`) through the pixel's centre in user space.
///
/// Where ink can reach, in device space within the target surface and the clip, two pixels
/// wider: for a stroke (`stroke` ≠ 0, its style already set on `cr`) under a CTM that scales
/// alike in every direction, the stroke's own extents; otherwise the path's extents grown by
/// `ink_reach` user units (how far a stroke's ink can reach beyond its path; 0 for a fill).
///
/// The angle is measured in user space (a scaled or skewed drawing keeps the gradient's rays),
/// in degrees, with an error below 3e-6 degrees. `segments` (`count` ≥ 0) cover one turn from
/// `start` in order; with none the pattern is transparent. The image is premultiplied ARGB32 at
/// device resolution, placed by an integer translation, so Cairo copies it without resampling;
/// outside it the edge pixels extend (where no ink lands).
///
/// Returns a new pattern (the caller destroys it); a transparent one when nothing can be
/// reached, the CTM is singular or the centre or start is not finite (a colour that is not a
/// number counts as 0); NULL when memory runs out.
cairo_pattern_t *kk_conic_pattern(cairo_t *cr, double cx, double cy, double start,
                                  const kk_conic_segment *segments, size_t count, double ink_reach,
                                  int stroke);

#ifdef __cplusplus
}
#endif

#endif
