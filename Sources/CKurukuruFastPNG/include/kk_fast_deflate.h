// The fast PNG-sequence writer for KurukuruCodecs: straight RGBA8 frames to PNG files without
// libpng, with a pixel matcher for deflate. Its state is an explicit handle, kk_fast_encoder,
// used by one thread at a time and freed with kk_fast_encoder_free (Swift: FastPNGEncoder).

#ifndef KK_FAST_DEFLATE_H
#define KK_FAST_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a call.
typedef enum {
  KK_FAST_OK = 0,
  /// The bytes are not a PNG (kk_fast_crc_of_png).
  KK_FAST_NOT_PNG = 1,
  /// The PNG is not one this writer wrote, or its image data is corrupt (kk_fast_crc_of_png).
  KK_FAST_CORRUPT = 2,
  /// Memory could not be allocated.
  KK_FAST_OUT_OF_MEMORY = 3,
  /// A function was called with invalid arguments or out of order.
  KK_FAST_INVALID_ARGUMENT = 4
} kk_fast_status;

/// One encoder's state: its libdeflate compressor and buffers, and the filtered lines, matches
/// and deflate blocks of the frame it prepared last, so that only bands of lines that changed
/// are matched again. The bytes of a frame never depend on what the encoder encoded before.
typedef struct kk_fast_encoder kk_fast_encoder;

/// A new encoder with nothing remembered; NULL if out of memory.
kk_fast_encoder *kk_fast_encoder_create(void);

/// Frees the encoder and everything it holds (the last PNG included). Accepts NULL.
void kk_fast_encoder_free(kk_fast_encoder *encoder);

/// The first half of an encoding, for callers that skip frames they already wrote: filters
/// straight RGBA8 pixels (width × height × 4 bytes; rows equal to the row above with up, all
/// others with none) into the encoder and sets `adler` to the Adler-32 of the filtered rows (the
/// zlib checksum, a cheap first test for repeated frames: equal frames of the same size always
/// have equal values). Follow with kk_fast_encoder_finish to get the PNG, or drop it (the next
/// prepare replaces it).
kk_fast_status kk_fast_encoder_prepare(kk_fast_encoder *encoder, const uint8_t *pixels, uint32_t width,
                                      uint32_t height, uint32_t *adler);

/// The CRC-32 of the size and filtered rows of the frame the encoder prepared last: with the
/// Adler-32, a 64-bit test that two frames are equal.
kk_fast_status kk_fast_encoder_prepared_crc(const kk_fast_encoder *encoder, uint32_t *crc);

/// The second half: deflates the frame the encoder prepared last — by the pixel matcher, which
/// only looks one pixel left and one row up (dynamic-Huffman blocks of 8 bands of 16 lines, each
/// ending on a byte boundary), or by libdeflate at `level` (1–12) when more than 3 % of the bytes
/// find no such match — and writes the PNG (IHDR RGBA 8-bit, one IDAT, IEND). `*png` and
/// `*size` then hold it, valid until the next call on this encoder or its free. The same pixels
/// and level always give the same bytes. KK_FAST_INVALID_ARGUMENT when nothing was prepared.
kk_fast_status kk_fast_encoder_finish(kk_fast_encoder *encoder, int level, const uint8_t **png, size_t *size);

/// The same CRC-32 as kk_fast_encoder_prepared_crc for a PNG that kk_fast_encoder_finish wrote
/// (its IDAT inflated, so slower than for a prepared frame). KK_FAST_NOT_PNG or KK_FAST_CORRUPT
/// for any other file.
kk_fast_status kk_fast_crc_of_png(const uint8_t *png, size_t size, uint32_t *crc);

/// The Huffman code lengths the pixel matcher's blocks use (exposed for tests): at most `limit`
/// (1…15) bits for each of `n` (2…288) symbols with a non-zero frequency in `freq` (at least two
/// of them), 0 for the others, into `lengths`. Returns 0, or −1 for arguments out of range.
int kk_fast_huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths);

#ifdef __cplusplus
}
#endif

#endif
