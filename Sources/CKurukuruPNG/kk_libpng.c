// libpng wrapper for KurukuruCodecs: setjmp lives here, Swift only sees status codes.
// (The fast PNG-sequence writer, which needs no libpng, is the CKurukuruFastPNG target.)

#include "kk_libpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Messages

static void kk_copy_message(char *destination, const char *text) {
  if (destination == NULL) return;
  if (text == NULL) text = "";
  strncpy(destination, text, KK_PNG_MESSAGE_CAPACITY - 1);
  destination[KK_PNG_MESSAGE_CAPACITY - 1] = '\0';
}

// MARK: - Reading

struct kk_png_reader {
  png_structp png;
  png_infop info;
  const uint8_t *data;
  size_t size;
  size_t offset;
  int truncated;
  int header_read;
  uint32_t width;
  uint32_t height;
  png_bytep *rows;
  char message[KK_PNG_MESSAGE_CAPACITY];
};

static void kk_read_error(png_structp png, png_const_charp text) {
  kk_png_reader *reader = (kk_png_reader *)png_get_error_ptr(png);
  if (reader != NULL) kk_copy_message(reader->message, text);
  png_longjmp(png, 1);
}

static void kk_read_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void kk_read_data(png_structp png, png_bytep out, size_t length) {
  kk_png_reader *reader = (kk_png_reader *)png_get_io_ptr(png);
  if (reader->size - reader->offset < length) {
    reader->truncated = 1;
    png_error(png, "unexpected end of data");
  }
  memcpy(out, reader->data + reader->offset, length);
  reader->offset += length;
}

static kk_png_status kk_read_failure(kk_png_reader *reader) {
  return reader->truncated ? KK_PNG_TRUNCATED : KK_PNG_CORRUPT;
}

kk_png_reader *kk_png_reader_create(const uint8_t *data, size_t size) {
  kk_png_reader *reader = (kk_png_reader *)calloc(1, sizeof(kk_png_reader));
  if (reader == NULL) return NULL;
  reader->data = data;
  reader->size = size;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, kk_read_error, kk_read_warning);
  if (reader->png == NULL) {
    free(reader);
    return NULL;
  }
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) {
    png_destroy_read_struct(&reader->png, NULL, NULL);
    free(reader);
    return NULL;
  }
  png_set_read_fn(reader->png, reader, kk_read_data);
  return reader;
}

void kk_png_reader_destroy(kk_png_reader *reader) {
  if (reader == NULL) return;
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader->rows);
  free(reader);
}

const char *kk_png_reader_message(const kk_png_reader *reader) {
  return reader == NULL ? "" : reader->message;
}

kk_png_status kk_png_reader_read_header(kk_png_reader *reader, uint32_t max_side, uint32_t *width,
                                        uint32_t *height) {
  if (reader == NULL || width == NULL || height == NULL || reader->header_read) {
    return KK_PNG_INVALID_ARGUMENT;
  }
  if (reader->size < 8 || png_sig_cmp(reader->data, 0, 8) != 0) return KK_PNG_NOT_PNG;
  if (setjmp(png_jmpbuf(reader->png))) return kk_read_failure(reader);

  png_structp png = reader->png;
  png_infop info = reader->info;
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  *width = w;
  *height = h;
  if (w > max_side || h > max_side) return KK_PNG_TOO_LARGE;

  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  // Exact values only: no png_set_gamma / png_set_alpha_mode, so gAMA, sRGB, iCCP and cHRM are
  // read but never applied.
  if (bit_depth == 16) png_set_scale_16(png);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
    png_set_gray_to_rgb(png);
  }
  if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
  }
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) {
    kk_copy_message(reader->message, "unsupported pixel layout after conversion");
    return KK_PNG_CORRUPT;
  }
  reader->width = w;
  reader->height = h;
  reader->header_read = 1;
  return KK_PNG_OK;
}

kk_png_status kk_png_reader_read_pixels(kk_png_reader *reader, uint8_t *pixels, size_t capacity) {
  if (reader == NULL || pixels == NULL || !reader->header_read || reader->rows != NULL) {
    return KK_PNG_INVALID_ARGUMENT;
  }
  size_t stride = (size_t)reader->width * 4;
  if (capacity < stride * reader->height) return KK_PNG_INVALID_ARGUMENT;
  reader->rows = (png_bytep *)malloc(sizeof(png_bytep) * (reader->height > 0 ? reader->height : 1));
  if (reader->rows == NULL) return KK_PNG_OUT_OF_MEMORY;
  for (uint32_t y = 0; y < reader->height; y++) reader->rows[y] = pixels + stride * y;
  if (setjmp(png_jmpbuf(reader->png))) return kk_read_failure(reader);
  png_read_image(reader->png, reader->rows);
  png_read_end(reader->png, NULL);
  return KK_PNG_OK;
}

// MARK: - Writing

typedef struct {
  kk_png_buffer *output;
  int out_of_memory;
  char *message;
} kk_writer_context;

static void kk_write_error(png_structp png, png_const_charp text) {
  kk_writer_context *context = (kk_writer_context *)png_get_error_ptr(png);
  if (context != NULL) kk_copy_message(context->message, text);
  png_longjmp(png, 1);
}

static void kk_write_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void kk_write_data(png_structp png, png_bytep data, size_t length) {
  kk_writer_context *context = (kk_writer_context *)png_get_io_ptr(png);
  kk_png_buffer *buffer = context->output;
  if (buffer->capacity - buffer->size < length) {
    size_t capacity = buffer->capacity > 0 ? buffer->capacity : 4096;
    while (capacity - buffer->size < length) {
      if (capacity > SIZE_MAX / 2) {
        context->out_of_memory = 1;
        png_error(png, "output too large");
      }
      capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
    if (grown == NULL) {
      context->out_of_memory = 1;
      png_error(png, "out of memory");
    }
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->size, data, length);
  buffer->size += length;
}

static void kk_flush_data(png_structp png) { (void)png; }

void kk_png_buffer_free(kk_png_buffer *buffer) {
  if (buffer == NULL) return;
  free(buffer->data);
  buffer->data = NULL;
  buffer->size = 0;
  buffer->capacity = 0;
}

static int kk_filter_flags(kk_png_filter filter) {
  switch (filter) {
    case KK_PNG_FILTER_NONE: return PNG_FILTER_NONE;
    case KK_PNG_FILTER_SUB: return PNG_FILTER_SUB;
    case KK_PNG_FILTER_UP: return PNG_FILTER_UP;
    case KK_PNG_FILTER_AVERAGE: return PNG_FILTER_AVG;
    case KK_PNG_FILTER_PAETH: return PNG_FILTER_PAETH;
    case KK_PNG_FILTERS_ADAPTIVE: return PNG_ALL_FILTERS;
  }
  return -1;
}

kk_png_status kk_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                                 int level, kk_png_filter filter, kk_png_buffer *output,
                                 char *message) {
  kk_copy_message(message, "");
  int flags = kk_filter_flags(filter);
  if (pixels == NULL || output == NULL || width == 0 || height == 0 || level < 0 || level > 9 ||
      flags < 0) {
    return KK_PNG_INVALID_ARGUMENT;
  }
  kk_writer_context context = {output, 0, message};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, kk_write_error,
                                            kk_write_warning);
  if (png == NULL) return KK_PNG_OUT_OF_MEMORY;
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    return KK_PNG_OUT_OF_MEMORY;
  }
  // Nothing allocated below needs freeing except the libpng structs (rows are written one by one).
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return context.out_of_memory ? KK_PNG_OUT_OF_MEMORY : KK_PNG_CORRUPT;
  }
  png_set_write_fn(png, &context, kk_write_data, kk_flush_data);
  png_set_compression_level(png, level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, flags);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  size_t stride = (size_t)width * 4;
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)(pixels + stride * y));
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return KK_PNG_OK;
}
