// Small C layer over libpng for KurukuruCodecs.
//
// libpng reports errors by longjmp, which Swift cannot catch. Every function here sets its own
// setjmp point before calling libpng and turns a libpng error into a status code and a message,
// so no longjmp ever crosses into Swift.

#ifndef KK_LIBPNG_H
#define KK_LIBPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a call.
typedef enum {
  KK_PNG_OK = 0,
  /// The bytes do not start with the PNG signature.
  KK_PNG_NOT_PNG = 1,
  /// The data ended before the image was complete.
  KK_PNG_TRUNCATED = 2,
  /// libpng rejected the data (bad CRC, zlib error, invalid chunk...); see the message.
  KK_PNG_CORRUPT = 3,
  /// Width or height exceeds the limit given to the reader.
  KK_PNG_TOO_LARGE = 4,
  /// Memory could not be allocated.
  KK_PNG_OUT_OF_MEMORY = 5,
  /// A function was called with invalid arguments or out of order.
  KK_PNG_INVALID_ARGUMENT = 6
} kk_png_status;

/// Size of the message buffers below, in bytes (including the terminating NUL).
#define KK_PNG_MESSAGE_CAPACITY 200

// MARK: - Reading

/// An in-progress decode of one PNG held in memory (the memory is not copied: keep it alive).
typedef struct kk_png_reader kk_png_reader;

/// Creates a reader over `size` bytes at `data`; NULL if out of memory.
kk_png_reader *kk_png_reader_create(const uint8_t *data, size_t size);

/// Frees the reader and everything libpng allocated for it. Accepts NULL.
void kk_png_reader_destroy(kk_png_reader *reader);

/// Reads the header and every chunk before the image data, and sets up the conversion to
/// straight RGBA, 8 bits per channel (palette and tRNS expanded, gray to RGB, 16 bits scaled,
/// interlacing handled, no gamma or colour conversion).
/// Fails with KK_PNG_TOO_LARGE when a side exceeds `max_side` pixels; the width and height are
/// stored before that check.
kk_png_status kk_png_reader_read_header(kk_png_reader *reader, uint32_t max_side, uint32_t *width,
                                        uint32_t *height);

/// Decodes the image into `pixels` (width × height × 4 bytes, rows top to bottom) and reads the
/// chunks after it up to IEND.
kk_png_status kk_png_reader_read_pixels(kk_png_reader *reader, uint8_t *pixels, size_t capacity);

/// The last libpng error message of the reader (empty if none).
const char *kk_png_reader_message(const kk_png_reader *reader);

// MARK: - Writing

/// Filters the encoder may use; one value or `KK_PNG_FILTERS_ADAPTIVE` to let libpng pick per row.
typedef enum {
  KK_PNG_FILTER_NONE = 0,
  KK_PNG_FILTER_SUB = 1,
  KK_PNG_FILTER_UP = 2,
  KK_PNG_FILTER_AVERAGE = 3,
  KK_PNG_FILTER_PAETH = 4,
  KK_PNG_FILTERS_ADAPTIVE = 5
} kk_png_filter;

/// Bytes of an encoded PNG, allocated with malloc; free with `kk_png_buffer_free`.
typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
} kk_png_buffer;

/// Frees the bytes of `buffer` and zeroes it. Accepts an empty buffer.
void kk_png_buffer_free(kk_png_buffer *buffer);

/// Encodes straight RGBA8 pixels (width × height × 4 bytes) as an RGBA, 8-bit, non-interlaced
/// PNG without gamma or time chunks, with zlib level `level` (0–9) and the given filter.
/// On failure `message` (KK_PNG_MESSAGE_CAPACITY bytes) receives libpng's message.
kk_png_status kk_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                                 int level, kk_png_filter filter, kk_png_buffer *output,
                                 char *message);

#ifdef __cplusplus
}
#endif

#endif
