// Angular (conic) gradients painted per device pixel: Cairo has no conic pattern, and its mesh
// patterns (thin wedges around the centre) cost many times a plain stroke to rasterize.
#include "kurukuru_raster.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

// MARK: - Angle

// atan(z) for 0 ≤ z ≤ 1: an odd polynomial of degree 15 fitted for the smallest largest error
// (3.7e-8 radians, 2.1e-6 degrees; a colour ramp of 255 levels over one degree moves 0.0005
// levels), where libm's atan2 costs about as much as the rest of the pixel together.
static inline double kk_atan_unit(double z) {
  double s = z * z;
  return z * (0.9999993356131782 +
              s * (-0.33329860850898135 +
                   s * (0.19946566024021348 +
                        s * (-0.13908630288186996 +
                             s * (0.09642197348903148 +
                                  s * (-0.05591230942231432 +
                                       s * (0.02186293701256794 + s * -0.004054559617715339)))))));
}

// The direction of (x, y) in degrees, clockwise from +x with y down (atan2(y, x)), in
// [−180, 180]; 0 for (0, 0). Branch-free (selects), so that a row of them vectorizes.
static inline double kk_degrees(double x, double y) {
  double ax = fabs(x), ay = fabs(y);
  double hi = ax > ay ? ax : ay, lo = ax > ay ? ay : ax;
  double a = kk_atan_unit(hi > 0 ? lo / hi : 0);
  a = ay > ax ? M_PI_2 - a : a;
  a = x < 0 ? M_PI - a : a;
  a *= 180 / M_PI;
  return y < 0 ? -a : a;
}

// MARK: - Colour

// v within 0…1; NaN gives 0.
static inline double kk_clamp01(double v) { return v > 0 ? (v < 1 ? v : 1) : 0; }

// A straight RGBA colour (0…1) as premultiplied ARGB32, each channel rounded to nearest.
static inline uint32_t kk_premultiplied(const double c[4]) {
  double a = kk_clamp01(c[3]);
  uint32_t alpha = (uint32_t)(a * 255 + 0.5);
  uint32_t r = (uint32_t)(kk_clamp01(c[0]) * a * 255 + 0.5);
  uint32_t g = (uint32_t)(kk_clamp01(c[1]) * a * 255 + 0.5);
  uint32_t b = (uint32_t)(kk_clamp01(c[2]) * a * 255 + 0.5);
  return alpha << 24 | r << 16 | g << 8 | b;
}

// A segment as the pixel loop uses it: offsets from the turn's start, and the colour as a base
// and a change per degree.
typedef struct {
  double from, to;
  double base[4], slope[4];
} kk_ramp;

// The colour of the gradient `offset` degrees after its start (0 ≤ offset < 360): the first
// ramp that ends after it, else the last.
static inline uint32_t kk_ramp_color(const kk_ramp *ramps, size_t count, double offset) {
  size_t k = 0;
  while (k + 1 < count && offset >= ramps[k].to) k++;
  const kk_ramp *r = &ramps[k];
  double d = offset < r->from ? 0 : (offset > r->to ? r->to - r->from : offset - r->from);
  double c[4];
  for (int i = 0; i < 4; i++) c[i] = r->base[i] + r->slope[i] * d;
  return kk_premultiplied(c);
}

// MARK: - Pattern

// The device-space bounding box of a user-space rectangle.
static void kk_device_box(const cairo_matrix_t *m, double x0, double y0, double x1, double y1, double box[4]) {
  double xs[4] = {x0, x1, x0, x1}, ys[4] = {y0, y0, y1, y1};
  for (int i = 0; i < 4; i++) {
    double x = xs[i], y = ys[i];
    cairo_matrix_transform_point(m, &x, &y);
    if (i == 0 || x < box[0]) box[0] = x;
    if (i == 0 || y < box[1]) box[1] = y;
    if (i == 0 || x > box[2]) box[2] = x;
    if (i == 0 || y > box[3]) box[3] = y;
  }
}

cairo_pattern_t *kk_conic_pattern(cairo_t *cr, double cx, double cy, double start,
                                  const kk_conic_segment *segments, size_t count, double ink_reach,
                                  int stroke) {
  cairo_matrix_t m, inverse;
  cairo_get_matrix(cr, &m);
  inverse = m;
  if (count == 0 || !isfinite(cx) || !isfinite(cy) || !isfinite(start) ||
      cairo_matrix_invert(&inverse) != CAIRO_STATUS_SUCCESS) {
    return cairo_pattern_create_rgba(0, 0, 0, 0);
  }
  // Where ink can land, in device space (extents taken under the identity matrix are those of
  // the path as drawn, not the box of its rotated box): a stroke under a CTM that scales alike
  // in every direction is stroked there with its device width; anything else takes the path's
  // extents grown by `ink_reach` scaled by the CTM's largest singular value.
  double sum = m.xx * m.xx + m.yx * m.yx + m.xy * m.xy + m.yy * m.yy;
  double det = fabs(m.xx * m.yy - m.yx * m.xy);
  double inner = sum * sum - 4 * det * det;
  double largest = sqrt((sum + sqrt(inner > 0 ? inner : 0)) / 2);
  double smallest = largest > 0 ? det / largest : 0;
  double x0, y0, x1, y1, clip[4], margin = 2;
  cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
  kk_device_box(&m, x0, y0, x1, y1, clip);
  cairo_identity_matrix(cr);
  if (stroke && largest - smallest <= 1e-9 * largest) {
    double width = cairo_get_line_width(cr);
    cairo_set_line_width(cr, width * largest);
    cairo_stroke_extents(cr, &x0, &y0, &x1, &y1);
    cairo_set_line_width(cr, width);
  } else {
    cairo_path_extents(cr, &x0, &y0, &x1, &y1);
    margin += ink_reach * largest;
  }
  cairo_set_matrix(cr, &m);
  double left = floor(fmax(x0 - margin, clip[0])), top = floor(fmax(y0 - margin, clip[1]));
  double right = ceil(fmin(x1 + margin, clip[2])), bottom = ceil(fmin(y1 + margin, clip[3]));
  cairo_surface_t *target = cairo_get_group_target(cr);
  if (cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE) {
    double dx, dy;
    cairo_surface_get_device_offset(target, &dx, &dy);
    left = fmax(left, -dx);
    top = fmax(top, -dy);
    right = fmin(right, cairo_image_surface_get_width(target) - dx);
    bottom = fmin(bottom, cairo_image_surface_get_height(target) - dy);
  }
  if (!(right > left && bottom > top) || right - left > 32767 || bottom - top > 32767) {
    return cairo_pattern_create_rgba(0, 0, 0, 0);
  }
  int width = (int)(right - left), height = (int)(bottom - top);

  kk_ramp local[16];
  kk_ramp *ramps = count <= 16 ? local : (kk_ramp *)malloc(count * sizeof(kk_ramp));
  if (ramps == NULL) return NULL;
  for (size_t k = 0; k < count; k++) {
    const kk_conic_segment *s = &segments[k];
    double span = s->to - s->from;
    ramps[k].from = s->from - start;
    ramps[k].to = s->to - start;
    for (int i = 0; i < 4; i++) {
      ramps[k].base[i] = s->start_color[i];
      ramps[k].slope[i] = span > 0 ? (s->end_color[i] - s->start_color[i]) / span : 0;
    }
  }
  // The start within one turn (fmod is exact), so that an angle in [−180, 180] is at most two
  // turns below it.
  double turn = fmod(start, 360);
  if (turn < 0) turn += 360;
  if (turn >= 360) turn = 0;

  cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(image);
    if (ramps != local) free(ramps);
    return NULL;
  }
  cairo_surface_flush(image);
  unsigned char *data = cairo_image_surface_get_data(image);
  int stride = cairo_image_surface_get_stride(image);
  // A row at a time: the angles first (no branches: vectorized), then the colours.
  double offsets[256];
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(data + (size_t)stride * y);
    double dy = top + y + 0.5;
    double ux0 = inverse.xy * dy + inverse.x0 - cx, uy0 = inverse.yy * dy + inverse.y0 - cy;
    for (int x0 = 0; x0 < width; x0 += 256) {
      int n = width - x0 < 256 ? width - x0 : 256;
      for (int i = 0; i < n; i++) {
        double dx = left + (x0 + i) + 0.5;
        double offset = kk_degrees(inverse.xx * dx + ux0, inverse.yx * dx + uy0) - turn;
        offset += offset < 0 ? 360 : 0;
        offset += offset < 0 ? 360 : 0;
        offsets[i] = offset >= 360 ? offset - 360 : offset;
      }
      for (int i = 0; i < n; i++) row[x0 + i] = kk_ramp_color(ramps, count, offsets[i]);
    }
  }
  if (ramps != local) free(ramps);
  cairo_surface_mark_dirty(image);

  cairo_pattern_t *pattern = cairo_pattern_create_for_surface(image);
  cairo_surface_destroy(image);
  // User space → the image's pixels: the CTM, then the box's corner to the origin.
  cairo_matrix_t placed = m;
  placed.x0 -= left;
  placed.y0 -= top;
  cairo_pattern_set_matrix(pattern, &placed);
  cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST);
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
  if (cairo_pattern_status(pattern) != CAIRO_STATUS_SUCCESS) {
    cairo_pattern_destroy(pattern);
    return NULL;
  }
  return pattern;
}
