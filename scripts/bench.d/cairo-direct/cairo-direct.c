/*
 * cairo-direct: the benchmark baseline for Kurukuru's rasterizer.
 *
 * Reads a file of frames written by KurukuruRaster's CairoCallDump (one Cairo operation per
 * line, frames starting with a `frame` line), parses all of them first, then renders every frame
 * with the same Cairo calls the Swift renderer makes -- including the angular-gradient painter (the renderer's own C), the
 * Gaussian blur of shadows and of blurred layers, clips, blend modes, mask coverage (alpha or
 * luminance, inverted) and the conversion to straight RGBA8, implemented the same way -- and
 * prints `frames=N seconds=S`, S being the rendering time only. Projected groups
 * (`rotation3DEffect`) are not replayed: a dump holding one stops with "unknown operation".
 *
 * Usage: cairo-direct DUMP [--hash] [--repeat K]
 *   --hash      also print `hash=H`, the FNV-1a 64-bit hash of all RGBA8 frames of one pass in
 *               order (not timed), to check that the frames are byte-identical to the Swift
 *               renderer's.
 *   --repeat K  render all frames K times (default 1), for steadier timings; `frames=` counts
 *               every frame rendered.
 *
 * The text format is documented in Sources/KurukuruRaster/CairoCallDump.swift.
 */
#include <cairo.h>
#include <kurukuru_raster.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* ---- Parsed operations ------------------------------------------------------------------ */

enum kind {
  K_FRAME, K_CANVAS, K_BACKGROUND, K_DRAW, K_MOVE, K_LINE, K_CURVE, K_CLOSE, K_COLOR, K_LINEAR,
  K_RADIAL, K_ANGULAR, K_STOP, K_FILL, K_STROKE, K_GROUP, K_SHADOW, K_BLEND, K_FILTER, K_CLEAR,
  K_CLIP, K_CLIPPED, K_MASK, K_MASKITEMS, K_END
};

static const char *const kind_names[] = {
  "frame", "canvas", "background", "draw", "M", "L", "C", "Z", "color", "linear",
  "radial", "angular", "stop", "fill", "stroke", "group", "shadow", "blend", "filter", "clear",
  "clip", "clipped", "mask", "maskitems", "end"
};

/* Blend modes by their dump names (Cairo's operator names), read as their cairo_operator_t. */
static const struct {
  const char *name;
  cairo_operator_t op;
} operator_names[] = {
  {"over", CAIRO_OPERATOR_OVER}, {"multiply", CAIRO_OPERATOR_MULTIPLY}, {"screen", CAIRO_OPERATOR_SCREEN},
  {"overlay", CAIRO_OPERATOR_OVERLAY}, {"darken", CAIRO_OPERATOR_DARKEN}, {"lighten", CAIRO_OPERATOR_LIGHTEN},
  {"color-dodge", CAIRO_OPERATOR_COLOR_DODGE}, {"color-burn", CAIRO_OPERATOR_COLOR_BURN},
  {"hard-light", CAIRO_OPERATOR_HARD_LIGHT}, {"soft-light", CAIRO_OPERATOR_SOFT_LIGHT},
  {"difference", CAIRO_OPERATOR_DIFFERENCE}, {"exclusion", CAIRO_OPERATOR_EXCLUSION},
  {"hsl-hue", CAIRO_OPERATOR_HSL_HUE}, {"hsl-saturation", CAIRO_OPERATOR_HSL_SATURATION},
  {"hsl-color", CAIRO_OPERATOR_HSL_COLOR}, {"hsl-luminosity", CAIRO_OPERATOR_HSL_LUMINOSITY},
  {"add", CAIRO_OPERATOR_ADD}, {"dest-out", CAIRO_OPERATOR_DEST_OUT}, {"dest-in", CAIRO_OPERATOR_DEST_IN},
  {"xor", CAIRO_OPERATOR_XOR},
};

typedef struct {
  int kind;
  int argc;
  size_t args; /* index of the first argument in the arena */
} op_t;

typedef struct {
  size_t first; /* index of the frame's first op (after `frame`) */
  size_t count;
} frame_t;

static op_t *ops;
static size_t op_count, op_capacity;
static double *arena;
static size_t arena_count, arena_capacity;
static frame_t *frames;
static size_t frame_count, frame_capacity;

static void fail(const char *message, size_t line) {
  fprintf(stderr, "cairo-direct: %s (line %zu)\n", message, line);
  exit(2);
}

static void *grow(void *buffer, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return buffer;
  size_t next = *capacity ? *capacity * 2 : 1024;
  while (next < needed) next *= 2;
  void *result = realloc(buffer, next * size);
  if (!result) fail("out of memory", 0);
  *capacity = next;
  return result;
}

static double word_value(const char *word, size_t line) {
  if (!strcmp(word, "nonzero") || !strcmp(word, "butt") || !strcmp(word, "miter")) return 0;
  if (!strcmp(word, "evenodd") || !strcmp(word, "round")) return 1;
  if (!strcmp(word, "square") || !strcmp(word, "bevel")) return 2;
  if (!strcmp(word, "alpha")) return 0;
  if (!strcmp(word, "luminance")) return 1;
  for (size_t i = 0; i < sizeof operator_names / sizeof operator_names[0]; i++)
    if (!strcmp(word, operator_names[i].name)) return operator_names[i].op;
  char *end;
  double value = strtod(word, &end);
  if (end == word || *end) fail("bad number", line);
  return value;
}

static void parse(char *text) {
  size_t line = 0;
  char *cursor = text;
  while (*cursor) {
    char *next = strchr(cursor, '\n');
    if (next) *next = 0;
    line++;
    char *save = NULL;
    char *word = strtok_r(cursor, " \t\r", &save);
    if (word) {
      int kind = -1;
      for (int k = 0; k <= K_END; k++)
        if (!strcmp(word, kind_names[k])) kind = k;
      if (kind < 0) fail("unknown operation", line);
      if (kind == K_FRAME) {
        frames = grow(frames, &frame_capacity, frame_count + 1, sizeof *frames);
        frames[frame_count].first = op_count;
        frames[frame_count].count = 0;
        frame_count++;
      } else {
        if (!frame_count) fail("operation before the first frame", line);
        ops = grow(ops, &op_capacity, op_count + 1, sizeof *ops);
        op_t *op = &ops[op_count++];
        op->kind = kind;
        op->argc = 0;
        op->args = arena_count;
        while ((word = strtok_r(NULL, " \t\r", &save))) {
          arena = grow(arena, &arena_capacity, arena_count + 1, sizeof *arena);
          arena[arena_count++] = word_value(word, line);
          op->argc++;
        }
        frames[frame_count - 1].count++;
      }
    }
    if (!next) break;
    cursor = next + 1;
  }
}

/* ---- Blur: the same integer Gaussian as Blur.swift --------------------------------------- */

typedef struct {
  int radius;
  long *weights; /* 2 * radius + 1, summing to 65536 */
} kernel_t;

static kernel_t make_kernel(double sigma) {
  kernel_t k;
  if (!(sigma > 0) || !isfinite(sigma)) {
    k.radius = 0;
    k.weights = malloc(sizeof(long));
    k.weights[0] = 65536;
    return k;
  }
  int r = (int)ceil(3 * sigma);
  int taps = 2 * r + 1;
  double *exact = malloc(taps * sizeof(double));
  double total = 0;
  for (int i = -r; i <= r; i++) {
    exact[i + r] = exp(-(double)(i * i) / (2 * sigma * sigma));
    total = total + exact[i + r];
  }
  k.radius = r;
  k.weights = malloc(taps * sizeof(long));
  long others = 0;
  for (int i = 0; i < taps; i++) {
    k.weights[i] = (long)round(exact[i] / total * 65536);
    if (i != r) others += k.weights[i];
  }
  k.weights[r] = 65536 - others;
  free(exact);
  return k;
}

/* Where a blurred image may be non-zero, inclusive: the ink's box grown by the kernel's radius,
 * clamped to the image, as Blur.swift reports it; x1 < x0 when nothing is inked. */
typedef struct {
  int x0, y0, x1, y1;
} reach_t;

static const reach_t no_reach = {0, 0, -1, -1};

/* One channel (the byte `shift` bits up in each native 32-bit word; 24: alpha) of an ARGB32
 * image blurred into bytes `step` apart (1: an A8 mask; 4: one channel of an ARGB32 image).
 * A mask (step 1) is zero-filled first; an ARGB32 output must already be zero. */
static reach_t blur_channel(const unsigned char *argb, int argb_stride, int width, int height, kernel_t kernel,
                            int shift, unsigned char *out, int out_stride, int step) {
  if (width <= 0 || height <= 0) return no_reach;
  /* Bounding box of the coverage (premultiplied: a channel is non-zero only where alpha is);
   * inked[y] counts the rows above y that have any. */
  int min_x = width, max_x = -1, min_y = height, max_y = -1;
  long *inked = calloc(height + 1, sizeof(long));
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(argb + (size_t)y * argb_stride);
    int first = -1, last = -1;
    for (int x = 0; x < width; x++)
      if (row[x] >> 24) {
        if (first < 0) first = x;
        last = x;
      }
    inked[y + 1] = inked[y] + (first >= 0);
    if (first >= 0) {
      if (first < min_x) min_x = first;
      if (last > max_x) max_x = last;
      if (y < min_y) min_y = y;
      max_y = y;
    }
  }
  if (step == 1)
    for (int y = 0; y < height; y++) memset(out + (size_t)y * out_stride, 0, width);
  if (max_x < 0) {
    free(inked);
    return no_reach;
  }
  int r = kernel.radius, taps = 2 * r + 1;
  const long *weights = kernel.weights;
  int x0 = min_x - r < 0 ? 0 : min_x - r, x1 = max_x + r > width - 1 ? width - 1 : max_x + r;
  int columns = x1 - x0 + 1, rows = max_y - min_y + 1;
  long *padded = calloc(columns + 2 * r, sizeof(long));
  uint16_t *middle = calloc((size_t)columns * rows, sizeof(uint16_t));
  long *sums = calloc(columns, sizeof(long));

  /* Horizontal pass: channel -> 16-bit (x256) intermediate rows. */
  for (int y = min_y; y <= max_y; y++) {
    if (inked[y + 1] <= inked[y]) continue;
    const uint32_t *row = (const uint32_t *)(argb + (size_t)y * argb_stride);
    for (int k = 0; k < columns + 2 * r; k++) {
      int x = x0 - r + k;
      padded[k] = x >= min_x && x <= max_x ? (long)((row[x] >> shift) & 255) : 0;
    }
    uint16_t *mid = middle + (size_t)(y - min_y) * columns;
    for (int i = 0; i < columns; i++) {
      long sum = 0;
      const long *window = padded + i;
      for (int k = 0; k < taps; k++) sum += weights[k] * window[k];
      mid[i] = (uint16_t)((sum + 128) >> 8);
    }
  }

  /* Vertical pass: weighted sums of intermediate rows -> 8-bit output rows. */
  int y_start = min_y - r < 0 ? 0 : min_y - r, y_end = max_y + r > height - 1 ? height - 1 : max_y + r;
  for (int y = y_start; y <= y_end; y++) {
    int lo = y - r > min_y ? y - r : min_y, hi = y + r < max_y ? y + r : max_y;
    if (lo > hi || inked[hi + 1] <= inked[lo]) continue;
    memset(sums, 0, columns * sizeof(long));
    for (int source = lo; source <= hi; source++) {
      if (inked[source + 1] <= inked[source]) continue;
      long w = weights[source - y + r];
      const uint16_t *row = middle + (size_t)(source - min_y) * columns;
      for (int i = 0; i < columns; i++) sums[i] += w * row[i];
    }
    unsigned char *o = out + (size_t)y * out_stride + (size_t)x0 * step;
    for (int i = 0; i < columns; i++) {
      long v = (sums[i] + (1L << 23)) >> 24;
      o[(size_t)i * step] = (unsigned char)(v > 255 ? 255 : v);
    }
  }
  free(padded);
  free(middle);
  free(inked);
  free(sums);
  reach_t reach = {x0, y_start, x1, y_end};
  return reach;
}

static reach_t blur_alpha(const unsigned char *argb, int argb_stride, int width, int height, kernel_t kernel,
                          unsigned char *mask, int mask_stride) {
  return blur_channel(argb, argb_stride, width, height, kernel, 24, mask, mask_stride, 1);
}

/* Every channel of a premultiplied ARGB32 image blurred into a zero-filled one (a blurred
 * layer); the reach is alpha's, which holds the colours'. */
static reach_t blur_premultiplied(const unsigned char *argb, int argb_stride, int width, int height,
                                  kernel_t kernel, unsigned char *out, int out_stride) {
  static const uint32_t probe = 1;
  int little = *(const unsigned char *)&probe == 1;
  reach_t reach = no_reach;
  for (int shift = 0; shift <= 24; shift += 8) {
    int byte = little ? shift / 8 : 3 - shift / 8;
    reach = blur_channel(argb, argb_stride, width, height, kernel, shift, out + byte, out_stride, 4);
  }
  return reach;
}


/* Mask coverage as MaskGroup wants it: alpha, or the luminance of the premultiplied colour
 * (2126 R + 7152 G + 722 B + 5000) / 10000, or 255 minus either when inverted. */
static void mask_coverage(const unsigned char *argb, int argb_stride, int width, int height, int luminance,
                          int inverted, unsigned char *mask, int mask_stride) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(argb + (size_t)y * argb_stride);
    unsigned char *o = mask + (size_t)y * mask_stride;
    for (int x = 0; x < width; x++) {
      uint32_t p = row[x];
      uint32_t v = luminance ? (2126 * ((p >> 16) & 255) + 7152 * ((p >> 8) & 255) + 722 * (p & 255) + 5000) / 10000
                             : p >> 24;
      o[x] = (unsigned char)(inverted ? 255 - v : v);
    }
  }
}

/* ---- Angular gradient: the same segments as Gradients.swift, painted by the same C ------- */

static double clamp01(double v) { return v < 0 ? 0 : (v > 1 ? 1 : v); }

static double stop_location(const op_t *stop) { return arena[stop->args]; }

static const double *stop_color(const op_t *stop) { return &arena[stop->args + 1]; }

static void add_segment(kk_conic_segment *segments, size_t *count, double from, double to, const double *a,
                        const double *b) {
  if (to > from) {
    kk_conic_segment *s = &segments[(*count)++];
    s->from = from;
    s->to = to;
    memcpy(s->start_color, a, sizeof s->start_color);
    memcpy(s->end_color, b, sizeof s->end_color);
  }
}

/* The context's path (and a stroke's style) must be set, as in Gradients.swift. */
static cairo_pattern_t *angular_pattern(cairo_t *cr, const op_t *paint, double ink_reach, int stroke) {
  const double *v = &arena[paint->args];
  double cx = v[0], cy = v[1], start = v[2], sweep = v[3];
  int n = (int)v[4];
  const op_t *stops = paint + 1;
  kk_conic_segment *segments = malloc((n + 4) * sizeof(kk_conic_segment));
  if (!segments) fail("out of memory", 0);
  size_t count = 0;
  if (n > 0) {
    const double *first = stop_color(&stops[0]), *last = stop_color(&stops[n - 1]);
    if (sweep > 0) {
#define ANGLE(loc) (start + clamp01(loc) * sweep)
      add_segment(segments, &count, start, ANGLE(stop_location(&stops[0])), first, first);
      for (int i = 0; i + 1 < n; i++)
        add_segment(segments, &count, ANGLE(stop_location(&stops[i])), ANGLE(stop_location(&stops[i + 1])),
                    stop_color(&stops[i]), stop_color(&stops[i + 1]));
      add_segment(segments, &count, ANGLE(stop_location(&stops[n - 1])), start + sweep, last, last);
#undef ANGLE
    }
    double gap = 360 - sweep;
    if (gap > 0) {
      double middle = start + sweep + gap / 2;
      add_segment(segments, &count, start + sweep, middle, last, last);
      add_segment(segments, &count, middle, start + 360, first, first);
    }
  }
  cairo_pattern_t *pattern = kk_conic_pattern(cr, cx, cy, start, segments, count, ink_reach, stroke);
  free(segments);
  if (!pattern) fail("out of memory", 0);
  return pattern;
}

/* ---- Rendering ---------------------------------------------------------------------------- */

enum level_kind { L_CANVAS, L_GROUP, L_SHADOW, L_BLEND, L_FILTER, L_CLIP, L_MASK };

typedef struct {
  int kind;
  cairo_t *cr;
  cairo_surface_t *surface; /* shadow, filter and mask levels: the offscreen content (children) */
  int ox, oy, w, h;         /* canvas pixel rectangle of the surface */
  double opacity, color[4], offset_x, offset_y;
  kernel_t kernel;          /* shadow (shadow and filter levels) */
  int has_shadow;           /* filter levels */
  double blur_sigma;        /* filter levels: the layer's own blur, px */
  cairo_operator_t op;      /* blend and filter levels */
  int luminance, inverted;  /* mask levels */
  cairo_t *children_cr;     /* mask levels: the children's context, while `cr` draws the mask */
  cairo_surface_t *mask;    /* mask levels: the mask items' surface */
} level_t;

#define MAX_DEPTH 256

/* Paints a shadow mask (when given, with its reach) and then an offscreen image, each clipped to
 * where it can change pixels, as Layers.swift does: the mask's reach moved by the offset and
 * grown by a pixel, and the image's reach. Matrix: canvas pixels of the parent. */
static void paint_shadow_and_image(cairo_t *pcr, const level_t *level, cairo_surface_t *mask, reach_t mask_reach,
                                   cairo_surface_t *image, reach_t image_reach) {
  if (mask && mask_reach.x1 >= mask_reach.x0) {
    double rx = level->ox + mask_reach.x0, ry = level->oy + mask_reach.y0;
    cairo_save(pcr);
    cairo_rectangle(pcr, floor(rx + level->offset_x) - 1, floor(ry + level->offset_y) - 1,
                    mask_reach.x1 - mask_reach.x0 + 1 + 3, mask_reach.y1 - mask_reach.y0 + 1 + 3);
    cairo_clip(pcr);
    cairo_set_source_rgba(pcr, level->color[0], level->color[1], level->color[2], level->color[3] * level->opacity);
    cairo_mask_surface(pcr, mask, level->ox + level->offset_x, level->oy + level->offset_y);
    cairo_restore(pcr);
  }
  cairo_rectangle(pcr, level->ox + image_reach.x0, level->oy + image_reach.y0, image_reach.x1 - image_reach.x0 + 1,
                  image_reach.y1 - image_reach.y0 + 1);
  cairo_clip(pcr);
  cairo_set_source_surface(pcr, image, level->ox, level->oy);
  cairo_paint_with_alpha(pcr, level->opacity);
}

static void set_point_matrix(cairo_t *cr, const level_t *level, double scale) {
  cairo_matrix_t m;
  cairo_matrix_init(&m, scale, 0, 0, scale, -level->ox, -level->oy);
  cairo_set_matrix(cr, &m);
}

static void add_stops(cairo_pattern_t *pattern, const op_t *paint, int n) {
  for (int i = 0; i < n; i++) {
    const double *s = &arena[paint[1 + i].args];
    cairo_pattern_add_color_stop_rgba(pattern, s[0], s[1], s[2], s[3], s[4]);
  }
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
}

/* Sets the source; a stroke's style (stroke ≠ 0) is already set. */
static void set_source(cairo_t *cr, const op_t *paint, double ink_reach, int stroke) {
  const double *v = &arena[paint->args];
  cairo_pattern_t *pattern = NULL;
  switch (paint->kind) {
  case K_COLOR:
    cairo_set_source_rgba(cr, v[0], v[1], v[2], v[3]);
    return;
  case K_LINEAR:
    pattern = cairo_pattern_create_linear(v[0], v[1], v[2], v[3]);
    add_stops(pattern, paint, (int)v[4]);
    break;
  case K_RADIAL:
    pattern = cairo_pattern_create_radial(v[0], v[1], v[2], v[0], v[1], v[3]);
    add_stops(pattern, paint, (int)v[4]);
    break;
  case K_ANGULAR:
    pattern = angular_pattern(cr, paint, ink_reach, stroke);
    break;
  }
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern);
}

/* Renders one frame; returns straight RGBA8 (malloc'd) and its size. */
static unsigned char *render_frame(const frame_t *frame, int *out_width, int *out_height) {
  const op_t *op = &ops[frame->first], *end = op + frame->count;
  if (op == end || op->kind != K_CANVAS) fail("frame without canvas", 0);
  int width = (int)arena[op->args], height = (int)arena[op->args + 1];
  double scale = arena[op->args + 2];
  op++;
  *out_width = width;
  *out_height = height;
  if (width <= 0 || height <= 0) return malloc(1);
  /* Cairo draws into the output buffer itself, converted in place afterwards (as Rasterizer.swift
   * does): one zero-filled allocation per frame and no copy. */
  unsigned char *rgba = malloc((size_t)width * height * 4);
  if (!rgba) fail("out of memory", 0);
  memset(rgba, 0, (size_t)width * height * 4);

  level_t stack[MAX_DEPTH];
  int depth = 0;
  cairo_surface_t *canvas = cairo_image_surface_create_for_data(rgba, CAIRO_FORMAT_ARGB32, width, height, width * 4);
  stack[0].kind = L_CANVAS;
  stack[0].cr = cairo_create(canvas);
  stack[0].surface = canvas;
  stack[0].ox = 0;
  stack[0].oy = 0;
  stack[0].w = width;
  stack[0].h = height;
  cairo_set_antialias(stack[0].cr, CAIRO_ANTIALIAS_GOOD);

  const op_t *paint = NULL;
  for (; op < end; op++) {
    const double *v = &arena[op->args];
    level_t *top = &stack[depth];
    cairo_t *cr = top->cr;
    switch (op->kind) {
    case K_BACKGROUND:
      cairo_set_source_rgba(cr, v[0], v[1], v[2], v[3]);
      cairo_paint(cr);
      break;
    case K_DRAW: {
      cairo_save(cr);
      set_point_matrix(cr, top, scale);
      cairo_matrix_t m;
      cairo_matrix_init(&m, v[0], v[1], v[2], v[3], v[4], v[5]);
      cairo_transform(cr, &m);
      cairo_new_path(cr);
      break;
    }
    case K_MOVE: cairo_move_to(cr, v[0], v[1]); break;
    case K_LINE: cairo_line_to(cr, v[0], v[1]); break;
    case K_CURVE: cairo_curve_to(cr, v[0], v[1], v[2], v[3], v[4], v[5]); break;
    case K_CLOSE: cairo_close_path(cr); break;
    case K_COLOR: case K_LINEAR: case K_RADIAL: case K_ANGULAR: paint = op; break;
    case K_STOP: break;
    case K_FILL:
      cairo_set_fill_rule(cr, v[0] == 1 ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING);
      set_source(cr, paint, 0, 0);
      cairo_fill(cr);
      cairo_restore(cr);
      break;
    case K_STROKE: {
      double line_width = v[0], miter = v[3], factor = 1;
      int cap = (int)v[1], join = (int)v[2], dashes = (int)v[5];
      if (join == 0 && miter > factor) factor = miter;
      if (cap == 2 && sqrt(2.0) > factor) factor = sqrt(2.0);
      cairo_set_line_width(cr, line_width);
      cairo_set_line_cap(cr, cap == 0 ? CAIRO_LINE_CAP_BUTT : cap == 1 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE);
      cairo_set_line_join(cr, join == 0 ? CAIRO_LINE_JOIN_MITER : join == 1 ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL);
      cairo_set_miter_limit(cr, miter);
      cairo_set_dash(cr, dashes ? &v[6] : NULL, dashes, v[4]);
      set_source(cr, paint, line_width / 2 * factor, 1);
      cairo_stroke(cr);
      cairo_restore(cr);
      break;
    }
    case K_GROUP: {
      if (depth + 1 >= MAX_DEPTH) fail("layers nested too deeply", 0);
      cairo_push_group(cr);
      level_t *level = &stack[++depth];
      *level = *top;
      level->kind = L_GROUP;
      level->opacity = v[0];
      break;
    }
    case K_SHADOW: {
      if (depth + 1 >= MAX_DEPTH) fail("layers nested too deeply", 0);
      kernel_t kernel = make_kernel(v[5]);
      double ox = v[6], oy = v[7], pad = kernel.radius + 2;
      double tx0 = top->ox, ty0 = top->oy, tx1 = tx0 + top->w, ty1 = ty0 + top->h;
      double x0 = fmin(tx0, floor(tx0 - ox) - pad), y0 = fmin(ty0, floor(ty0 - oy) - pad);
      double x1 = fmax(tx1, ceil(tx1 - ox) + pad), y1 = fmax(ty1, ceil(ty1 - oy) + pad);
      level_t *level = &stack[++depth];
      level->kind = L_SHADOW;
      level->ox = (int)x0;
      level->oy = (int)y0;
      level->w = (int)(x1 - x0);
      level->h = (int)(y1 - y0);
      level->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, level->w, level->h);
      level->cr = cairo_create(level->surface);
      cairo_set_antialias(level->cr, CAIRO_ANTIALIAS_GOOD);
      level->opacity = v[0];
      memcpy(level->color, &v[1], 4 * sizeof(double));
      level->offset_x = ox;
      level->offset_y = oy;
      level->kernel = kernel;
      break;
    }
    case K_BLEND: {
      if (depth + 1 >= MAX_DEPTH) fail("layers nested too deeply", 0);
      cairo_save(cr);
      if (op->argc >= 6) {
        cairo_matrix_t m;
        cairo_matrix_init(&m, 1, 0, 0, 1, -top->ox, -top->oy);
        cairo_set_matrix(cr, &m);
        cairo_rectangle(cr, v[2], v[3], v[4], v[5]);
        cairo_clip(cr);
      }
      cairo_push_group(cr);
      level_t *level = &stack[++depth];
      *level = *top;
      level->kind = L_BLEND;
      level->op = (cairo_operator_t)v[0];
      level->opacity = v[1];
      break;
    }
    case K_FILTER: {
      if (depth + 1 >= MAX_DEPTH) fail("layers nested too deeply", 0);
      level_t *level = &stack[++depth];
      level->kind = L_FILTER;
      level->opacity = v[0];
      level->op = (cairo_operator_t)v[1];
      level->blur_sigma = v[2];
      level->ox = (int)v[3];
      level->oy = (int)v[4];
      level->w = (int)v[5];
      level->h = (int)v[6];
      level->has_shadow = op->argc >= 14;
      if (level->has_shadow) {
        memcpy(level->color, &v[7], 4 * sizeof(double));
        level->kernel = make_kernel(v[11]);
        level->offset_x = v[12];
        level->offset_y = v[13];
      }
      level->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, level->w, level->h);
      level->cr = cairo_create(level->surface);
      cairo_set_antialias(level->cr, CAIRO_ANTIALIAS_GOOD);
      break;
    }
    case K_CLEAR:
      cairo_save(cr);
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint(cr);
      cairo_restore(cr);
      break;
    case K_CLIP: {
      cairo_save(cr);
      set_point_matrix(cr, top, scale);
      cairo_matrix_t m;
      cairo_matrix_init(&m, v[0], v[1], v[2], v[3], v[4], v[5]);
      cairo_transform(cr, &m);
      cairo_new_path(cr);
      break;
    }
    case K_CLIPPED: {
      if (depth + 1 >= MAX_DEPTH) fail("layers nested too deeply", 0);
      cairo_set_fill_rule(cr, v[0] == 1 ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING);
      cairo_clip(cr);
      level_t *level = &stack[++depth];
      *level = *top;
      level->kind = L_CLIP;
      break;
    }
    case K_MASK: {
      if (depth + 1 >= MAX_DEPTH) fail("layers nested too deeply", 0);
      level_t *level = &stack[++depth];
      level->kind = L_MASK;
      level->luminance = v[0] == 1;
      level->inverted = v[1] == 1;
      level->ox = (int)v[2];
      level->oy = (int)v[3];
      level->w = (int)v[4];
      level->h = (int)v[5];
      level->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, level->w, level->h);
      level->cr = cairo_create(level->surface);
      cairo_set_antialias(level->cr, CAIRO_ANTIALIAS_GOOD);
      level->children_cr = NULL;
      level->mask = NULL;
      break;
    }
    case K_MASKITEMS: {
      if (top->kind != L_MASK || top->mask) fail("maskitems outside a mask", 0);
      top->children_cr = top->cr;
      top->mask = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, top->w, top->h);
      top->cr = cairo_create(top->mask);
      cairo_set_antialias(top->cr, CAIRO_ANTIALIAS_GOOD);
      break;
    }
    case K_END: {
      if (depth == 0) fail("unbalanced end", 0);
      level_t *level = &stack[depth--];
      level_t *parent = &stack[depth];
      if (level->kind == L_GROUP) {
        cairo_pop_group_to_source(parent->cr);
        cairo_paint_with_alpha(parent->cr, level->opacity);
        break;
      }
      if (level->kind == L_BLEND) {
        if (level->opacity < 1) {
          cairo_set_source_rgba(parent->cr, 0, 0, 0, level->opacity);
          cairo_set_operator(parent->cr, CAIRO_OPERATOR_DEST_IN);
          cairo_paint(parent->cr);
        }
        cairo_pop_group_to_source(parent->cr);
        cairo_set_operator(parent->cr, level->op);
        cairo_paint(parent->cr);
        cairo_restore(parent->cr);
        break;
      }
      if (level->kind == L_CLIP) {
        cairo_restore(parent->cr);
        break;
      }
      if (level->kind == L_MASK) {
        if (!level->mask) fail("mask without maskitems", 0);
        cairo_surface_flush(level->mask);
        cairo_surface_flush(level->surface);
        cairo_surface_t *coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, level->w, level->h);
        cairo_surface_flush(coverage);
        mask_coverage(cairo_image_surface_get_data(level->mask), cairo_image_surface_get_stride(level->mask),
                      level->w, level->h, level->luminance, level->inverted, cairo_image_surface_get_data(coverage),
                      cairo_image_surface_get_stride(coverage));
        cairo_surface_mark_dirty(coverage);
        cairo_t *pcr = parent->cr;
        cairo_save(pcr);
        cairo_matrix_t m;
        cairo_matrix_init(&m, 1, 0, 0, 1, -parent->ox, -parent->oy);
        cairo_set_matrix(pcr, &m);
        cairo_set_source_surface(pcr, level->surface, level->ox, level->oy);
        cairo_mask_surface(pcr, coverage, level->ox, level->oy);
        cairo_restore(pcr);
        cairo_surface_destroy(coverage);
        cairo_destroy(level->cr);
        cairo_destroy(level->children_cr);
        cairo_surface_destroy(level->mask);
        cairo_surface_destroy(level->surface);
        break;
      }
      if (level->kind == L_FILTER) {
        cairo_surface_flush(level->surface);
        cairo_surface_t *image = level->surface, *blurred = NULL, *mask = NULL;
        reach_t image_reach = no_reach, mask_reach = no_reach;
        if (level->blur_sigma > 0) {
          kernel_t kernel = make_kernel(level->blur_sigma);
          blurred = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, level->w, level->h);
          cairo_surface_flush(blurred);
          image_reach = blur_premultiplied(cairo_image_surface_get_data(image), cairo_image_surface_get_stride(image),
                                           level->w, level->h, kernel, cairo_image_surface_get_data(blurred),
                                           cairo_image_surface_get_stride(blurred));
          cairo_surface_mark_dirty(blurred);
          free(kernel.weights);
          image = blurred;
        }
        if (level->has_shadow) {
          mask = cairo_image_surface_create(CAIRO_FORMAT_A8, level->w, level->h);
          cairo_surface_flush(mask);
          mask_reach = blur_alpha(cairo_image_surface_get_data(image), cairo_image_surface_get_stride(image), level->w,
                                  level->h, level->kernel, cairo_image_surface_get_data(mask),
                                  cairo_image_surface_get_stride(mask));
          cairo_surface_mark_dirty(mask);
          free(level->kernel.weights);
        }
        if (level->blur_sigma <= 0) image_reach = mask_reach;
        cairo_t *pcr = parent->cr;
        if (image_reach.x1 < image_reach.x0) {
          /* No ink: only a destination-in layer changes anything (it keeps nothing). */
          if (level->op == CAIRO_OPERATOR_DEST_IN) {
            cairo_save(pcr);
            cairo_set_operator(pcr, CAIRO_OPERATOR_CLEAR);
            cairo_paint(pcr);
            cairo_restore(pcr);
          }
        } else {
          cairo_save(pcr);
          cairo_matrix_t m;
          cairo_matrix_init(&m, 1, 0, 0, 1, -parent->ox, -parent->oy);
          cairo_set_matrix(pcr, &m);
          int grouped = level->op != CAIRO_OPERATOR_OVER;
          if (grouped) {
            if (level->op != CAIRO_OPERATOR_DEST_IN) {
              /* The surface and where its shadow lands, as Layers.swift clips the group. */
              double x0 = level->ox, y0 = level->oy, x1 = x0 + level->w, y1 = y0 + level->h;
              if (level->has_shadow) {
                x0 = fmin(x0, floor(x0 + level->offset_x) - 1);
                y0 = fmin(y0, floor(y0 + level->offset_y) - 1);
                x1 = fmax(x1, ceil(x1 + level->offset_x) + 1);
                y1 = fmax(y1, ceil(y1 + level->offset_y) + 1);
              }
              cairo_rectangle(pcr, x0, y0, x1 - x0, y1 - y0);
              cairo_clip(pcr);
            }
            cairo_push_group(pcr);
          }
          paint_shadow_and_image(pcr, level, mask, mask_reach, image, image_reach);
          if (grouped) {
            cairo_pop_group_to_source(pcr);
            cairo_set_operator(pcr, level->op);
            cairo_paint(pcr);
          }
          cairo_restore(pcr);
        }
        if (mask) cairo_surface_destroy(mask);
        if (blurred) cairo_surface_destroy(blurred);
        cairo_destroy(level->cr);
        cairo_surface_destroy(level->surface);
        break;
      }
      cairo_surface_flush(level->surface);
      cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A8, level->w, level->h);
      cairo_surface_flush(mask);
      reach_t reach = blur_alpha(cairo_image_surface_get_data(level->surface),
                                 cairo_image_surface_get_stride(level->surface), level->w, level->h, level->kernel,
                                 cairo_image_surface_get_data(mask), cairo_image_surface_get_stride(mask));
      cairo_surface_mark_dirty(mask);
      cairo_surface_mark_dirty(level->surface);
      if (reach.x1 >= reach.x0) {
        cairo_t *pcr = parent->cr;
        cairo_save(pcr);
        cairo_matrix_t m;
        cairo_matrix_init(&m, 1, 0, 0, 1, -parent->ox, -parent->oy);
        cairo_set_matrix(pcr, &m);
        paint_shadow_and_image(pcr, level, mask, reach, level->surface, reach);
        cairo_restore(pcr);
      }
      cairo_surface_destroy(mask);
      cairo_destroy(level->cr);
      cairo_surface_destroy(level->surface);
      free(level->kernel.weights);
      break;
    }
    default:
      fail("unexpected operation", 0);
    }
  }
  if (depth != 0) fail("unbalanced layers", 0);
  if (cairo_status(stack[0].cr) != CAIRO_STATUS_SUCCESS) fail(cairo_status_to_string(cairo_status(stack[0].cr)), 0);

  /* Premultiplied native-endian ARGB32 -> straight RGBA8 in place, rounding to nearest: each
   * pixel is read whole before its four bytes are written. */
  cairo_surface_flush(canvas);
  cairo_destroy(stack[0].cr);
  cairo_surface_finish(canvas);
  cairo_surface_destroy(canvas);
  unsigned char *o = rgba;
  for (size_t i = 0; i < (size_t)width * height; i++, o += 4) {
    uint32_t p, a;
    memcpy(&p, o, 4);
    a = p >> 24;
    if (a == 255) {
      o[0] = p >> 16; o[1] = p >> 8; o[2] = p; o[3] = 255;
    } else if (a == 0) {
      o[0] = o[1] = o[2] = o[3] = 0;
    } else {
      uint32_t r = (((p >> 16) & 255) * 255 + a / 2) / a, g = (((p >> 8) & 255) * 255 + a / 2) / a,
               b = ((p & 255) * 255 + a / 2) / a;
      o[0] = r > 255 ? 255 : r; o[1] = g > 255 ? 255 : g; o[2] = b > 255 ? 255 : b; o[3] = a;
    }
  }
  return rgba;
}

/* ---- Main --------------------------------------------------------------------------------- */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  const char *usage = "usage: cairo-direct DUMP [--hash] [--repeat K]\n";
  if (argc < 2) {
    fputs(usage, stderr);
    return 2;
  }
  int want_hash = 0;
  long passes = 1;
  for (int a = 2; a < argc; a++) {
    if (!strcmp(argv[a], "--hash")) {
      want_hash = 1;
    } else if (!strcmp(argv[a], "--repeat") && a + 1 < argc) {
      char *end;
      passes = strtol(argv[++a], &end, 10);
      if (*end || passes < 1 || passes > 10000) {
        fputs("cairo-direct: --repeat must be a whole number in 1...10000\n", stderr);
        return 2;
      }
    } else {
      fputs(usage, stderr);
      return 2;
    }
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 2;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc(size + 1);
  if (!text || fread(text, 1, size, file) != (size_t)size) fail("cannot read the dump", 0);
  text[size] = 0;
  fclose(file);
  parse(text);
#ifdef __GLIBC__
  /* Keep freed frame and layer buffers for the next frame. Without this, glibc may return each
   * multi-megabyte buffer to the kernel (mmap/trim) and fault it in again on the next frame, which
   * made an earlier version of this baseline up to 3x slower on large, simple frames. */
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif

  uint64_t hash = 0xcbf29ce484222325ULL;
  double seconds = 0;
  for (long pass = 0; pass < passes; pass++) {
    for (size_t f = 0; f < frame_count; f++) {
      int width, height;
      double started = now();
      unsigned char *rgba = render_frame(&frames[f], &width, &height);
      seconds += now() - started;
      if (want_hash && pass == 0)
        for (size_t i = 0; i < (size_t)width * height * 4; i++) hash = (hash ^ rgba[i]) * 0x100000001b3ULL;
      free(rgba);
    }
  }
  printf("frames=%zu seconds=%.6f\n", frame_count * (size_t)passes, seconds);
  if (want_hash) printf("hash=%llx\n", (unsigned long long)hash);
  free(text);
  free(ops);
  free(arena);
  free(frames);
  return 0;
}
