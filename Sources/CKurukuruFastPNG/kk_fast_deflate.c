// The fast PNG-sequence writer: straight RGBA8 frames filtered with a cheap rule and deflated by
// a matcher that only looks one pixel left and one row up, without libpng. Its state lives in an
// explicit kk_fast_encoder handle (owned in Swift by FastPNGEncoder, freed in its deinit).

#include "kk_fast_deflate.h"

#include <libdeflate.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Pixel deflate

// A deflate writer for filtered RGBA rows: LZ77 with only two candidate distances, the pixel on
// the left (4 bytes back) and the same byte one row up (stride + 1 back), greedy, then one block
// with Huffman codes built for this image.

typedef struct {
  uint8_t *out;
  size_t size;
  uint64_t bits;
  unsigned count;
} kk_bit_writer;

// Adds `n` ≤ 48 bits; fewer than 8 stay pending. Branch-free: eight bytes are stored every
// time and the whole ones kept (the output needs 8 bytes of slack past its end).
static inline void kk_put_bits(kk_bit_writer *w, uint64_t value, unsigned n) {
  w->bits |= value << w->count;
  w->count += n;
  uint64_t le = w->bits;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  le = __builtin_bswap64(le);
#endif
  memcpy(w->out + w->size, &le, 8);
  unsigned bytes = w->count >> 3;
  w->size += bytes;
  w->bits >>= bytes * 8;  // count ≤ 7 + 48, so at most 6 bytes: the shift stays below 64
  w->count &= 7;
}

// Pads the pending bits to a whole byte with zeros and writes it.
static inline void kk_flush_bits(kk_bit_writer *w) {
  if (w->count > 0) w->out[w->size++] = (uint8_t)w->bits;
  w->bits = 0;
  w->count = 0;
}

static const uint16_t kk_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,
                                            15, 17, 19, 23, 27, 31, 35, 43, 51,  59,
                                            67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t kk_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                            2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t kk_dist_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,
                                          17,   25,   33,   49,   65,   97,    129,   193,
                                          257,  385,  513,  769,  1025, 1537,  2049,  3073,
                                          4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t kk_dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                          6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static int kk_dist_code(unsigned dist) {
  int code = 29;
  while (kk_dist_base[code] > dist) code--;
  return code;
}

// Huffman code lengths (at most `limit` ≤ 15 bits) for `n` ≤ 288 symbols with frequencies
// `freq`; every symbol with a non-zero frequency gets a code. Needs at least two used symbols.
// Too-long codes are shortened as zlib does: the tree's depths are counted per length (those
// past `limit` at `limit`), lengths are moved down from the deepest level until the Kraft sum
// fits, and the lengths are handed out again, longest to the least frequent: one build, where
// halving the frequencies and building again would often need two for about the same bytes.
static void kk_huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
  // Nodes 0..n-1 are leaves, n.. internal; parent links give depths.
  uint64_t weight[2 * 288];
  int parent[2 * 288], order[288], used = 0;
  for (int i = 0; i < n; i++) {
    lengths[i] = 0;
    if (freq[i] > 0) order[used++] = i;
  }
  // Used leaves by weight, ties by symbol: `order` holds them by symbol, and a stable radix
  // sort on the weight, a byte at a time (only as many bytes as the largest weight has), keeps
  // that order among equal weights. (A comparison sort of weight << 9 | symbol keys gives the
  // same order, slower.)
  uint32_t largest = 0;
  for (int i = 0; i < used; i++) largest = freq[order[i]] > largest ? freq[order[i]] : largest;
  int spare[288], *from = order, *to = spare;
  for (unsigned shift = 0; shift < 32 && (largest >> shift) != 0; shift += 8) {
    int start[257] = {0};
    for (int i = 0; i < used; i++) start[((freq[from[i]] >> shift) & 255) + 1]++;
    for (int d = 0; d < 256; d++) start[d + 1] += start[d];
    for (int i = 0; i < used; i++) to[start[(freq[from[i]] >> shift) & 255]++] = from[i];
    int *swap = from;
    from = to;
    to = swap;
  }
  if (from != order) memcpy(order, from, (size_t)used * sizeof(int));
  for (int i = 0; i < n; i++) weight[i] = freq[i];
  // Two-queue merge: leaves in `order`, internal nodes in creation order (already sorted).
  int leaf = 0, inner = n, next = n;
  for (int k = 0; k < used - 1; k++) {
    int pick[2];
    for (int t = 0; t < 2; t++) {
      if (leaf < used && (inner >= next || weight[order[leaf]] <= weight[inner])) {
        pick[t] = order[leaf++];
      } else {
        pick[t] = inner++;
      }
    }
    weight[next] = weight[pick[0]] + weight[pick[1]];
    parent[pick[0]] = next;
    parent[pick[1]] = next;
    next++;
  }
  int root = next - 1, depth[2 * 288], longest = 0;
  depth[root] = 0;
  for (int node = root - 1; node >= n; node--) depth[node] = depth[parent[node]] + 1;
  for (int i = 0; i < used; i++) {
    int s = order[i], d = depth[parent[s]] + 1;
    lengths[s] = (uint8_t)d;
    if (d > longest) longest = d;
  }
  if (longest <= limit) return;
  // Leaves per length, the too-deep ones at `limit`. `overflow` counts every node (leaf or
  // internal) deeper than `limit`: a subtree under a node at depth `limit` with m leaves has
  // 2m − 2 of them, and clamping its leaves adds (m − 1) · 2^−limit to the Kraft sum, which
  // (m − 1) of the steps below take away again.
  int count[16] = {0}, overflow = 0;
  for (int i = 0; i < used; i++) {
    int d = lengths[order[i]];
    if (d > limit) {
      d = limit;
      overflow++;
    }
    count[d]++;
  }
  for (int node = n; node < root; node++) overflow += depth[node] > limit;
  // Each step moves a leaf from the deepest level with one above `limit − 1` down, pairing it
  // with a leaf at `limit`: the sum drops by 2^−limit twice.
  while (overflow > 0) {
    int bits = limit - 1;
    while (count[bits] == 0) bits--;
    count[bits]--;
    count[bits + 1] += 2;
    count[limit]--;
    overflow -= 2;
  }
  // Longest codes to the least frequent symbols (`order` is by rising frequency).
  int at = 0;
  for (int bits = limit; bits >= 1; bits--) {
    for (int c = 0; c < count[bits]; c++) lengths[order[at++]] = (uint8_t)bits;
  }
}

int kk_fast_huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
  if (freq == NULL || lengths == NULL || n < 2 || n > 288 || limit < 1 || limit > 15) return -1;
  int used = 0;
  for (int i = 0; i < n; i++) used += freq[i] > 0;
  if (used < 2 || (used > (1 << limit))) return -1;
  kk_huffman_lengths(freq, n, limit, lengths);
  return 0;
}

// Canonical codes, bit-reversed for LSB-first output.
static void kk_huffman_codes(const uint8_t *lengths, int n, uint16_t *codes) {
  unsigned count[16] = {0}, next[16];
  for (int i = 0; i < n; i++) count[lengths[i]]++;
  count[0] = 0;
  unsigned code = 0;
  for (int bits = 1; bits < 16; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  for (int i = 0; i < n; i++) {
    unsigned len = lengths[i];
    if (len == 0) continue;
    unsigned c = next[len]++;
    // Reversed as 16 bits (halves, bytes, nibbles, pairs, bits swapped), then shifted down.
    c = (c >> 8 & 0x00ffu) | (c << 8 & 0xff00u);
    c = (c >> 4 & 0x0f0fu) | (c << 4 & 0xf0f0u);
    c = (c >> 2 & 0x3333u) | (c << 2 & 0xccccu);
    c = (c >> 1 & 0x5555u) | (c << 1 & 0xaaaau);
    codes[i] = (uint16_t)(c >> (16 - len));
  }
}

static inline unsigned kk_match_length(const uint8_t *a, const uint8_t *b, unsigned limit) {
  unsigned n = 0;
#if defined(__SSE2__)
  // 16 bytes a step: most matches are 258-byte runs of transparent or flat pixels.
  while (n + 16 <= limit) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(a + n));
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + n));
    unsigned differ = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ 0xffffu;
    if (differ != 0) return n + (unsigned)__builtin_ctz(differ);
    n += 16;
  }
#endif
  while (n + 8 <= limit) {
    uint64_t x, y;
    memcpy(&x, a + n, 8);
    memcpy(&y, b + n, 8);
    if (x != y) return n + (unsigned)(__builtin_ctzll(x ^ y) >> 3);
    n += 8;
  }
  while (n < limit && a[n] == b[n]) n++;
  return n;
}

static inline uint32_t kk_load32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

// The bits of the first three bytes of a kk_load32 value.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define KK_FIRST3 0xffffff00u
#else
#define KK_FIRST3 0x00ffffffu
#endif

static inline int kk_three_equal(const uint8_t *a, const uint8_t *b) {
  return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

// Symbols: a literal is its byte; a match is KK_MATCH | KK_MATCH_UP (distance one row, else one
// pixel) | length code << 16 | length.
#define KK_MATCH 0x80000000u
#define KK_MATCH_UP 0x40000000u

// The deflate length code (0–28) of each match length 3–258, looked up rather than searched for
// in the per-byte loops: a constant table, filled once per process (not encoder state).
static uint8_t kk_length_code[259];
static pthread_once_t kk_length_once = PTHREAD_ONCE_INIT;

static void kk_length_code_init(void) {
  for (int code = 0, length = 3; length <= 258; length++) {
    while (code < 28 && kk_length_base[code + 1] <= length) code++;
    kk_length_code[length] = (uint8_t)code;
  }
}

static inline uint32_t kk_match_symbol(unsigned length, int far) {
  return KK_MATCH | (far ? KK_MATCH_UP : 0) | (uint32_t)kk_length_code[length] << 16 | length;
}

// The symbols of bytes [start, end) of `data` (a band of whole lines, `up` bytes apart; up 0: no
// match one line up), greedy with the two candidate distances. Matches end at `end`, so the
// symbols of a band depend only on its bytes and the line before it: kk_fast_encoder_finish keeps
// them for bands that did not change. Returns the number of symbols written to `symbols`; sets
// `literals` to how many of them are literals.
static size_t kk_band_symbols(const uint8_t *data, size_t start, size_t end, size_t up,
                              uint32_t *symbols, uint32_t *literals) {
  size_t count = 0, i = start;
  uint32_t unmatched = 0;
  // Where both candidates exist and a whole 258-byte match fits, one branch tells a literal from
  // a match (the first three bytes of each candidate compared at once): edge pixels make
  // literal/match choices that no branch predictor learns.
  const size_t fast_start = up > 4 ? up : 4;
  while (i < end) {
    while (up && i >= fast_start && i + 258 <= end) {
      uint32_t x = kk_load32(data + i), left = kk_load32(data + i - 4), above = kk_load32(data + i - up);
      unsigned same_left = ((x ^ left) & KK_FIRST3) == 0, same_above = ((x ^ above) & KK_FIRST3) == 0;
      if (!(same_left | same_above)) {
        symbols[count++] = data[i];
        unmatched++;
        i++;
        continue;
      }
      unsigned best = same_left ? kk_match_length(data + i, data + i - 4, 258) : 0, far = 0;
      if (same_above && best < 258) {
        unsigned l = kk_match_length(data + i, data + i - up, 258);
        if (l > best) {
          best = l;
          far = 1;
        }
      }
      symbols[count++] = kk_match_symbol(best, (int)far);
      i += best;
    }
    if (i >= end) break;
    unsigned limit = end - i < 258 ? (unsigned)(end - i) : 258, best = 0, far = 0;
    // Candidates whose first three bytes differ cannot make a match: rejected before measuring.
    if (i >= 4 && limit >= 3 && kk_three_equal(data + i, data + i - 4)) {
      best = kk_match_length(data + i, data + i - 4, limit);
    }
    if (up && i >= up && best < limit && limit >= 3 && kk_three_equal(data + i, data + i - up)) {
      unsigned l = kk_match_length(data + i, data + i - up, limit);
      if (l > best) {
        best = l;
        far = 1;
      }
    }
    if (best >= 3) {
      symbols[count++] = kk_match_symbol(best, (int)far);
      i += best;
    } else {
      symbols[count++] = data[i];
      unmatched++;
      i++;
    }
  }
  *literals = unmatched;
  return count;
}

// Adds the codes of `n` symbols to the frequencies.
static void kk_count_symbols(const uint32_t *symbols, size_t n, int dist4_code, int up_code,
                             uint32_t *litlen_freq, uint32_t *dist_freq) {
  for (size_t k = 0; k < n; k++) {
    uint32_t s = symbols[k];
    if (s & KK_MATCH) {
      litlen_freq[257 + ((s >> 16) & 0x1f)]++;
      dist_freq[(s & KK_MATCH_UP) ? up_code : dist4_code]++;
    } else {
      litlen_freq[s]++;
    }
  }
}

// The most bytes kk_write_block writes for `symbols` symbols: a header of at most 400 bytes,
// at most 6 bytes a symbol (a 48-bit match), the end code, the aligning stored block and 8 bytes
// of slack for the bit writer.
static size_t kk_block_bound(size_t symbols) { return 6 * symbols + 512; }

// Writes one deflate block (not the final one) holding `bands` bands whose symbols are at
// `symbols` + b × `slot` (`counts[b]` of them), with its own Huffman codes from the frequencies
// `freq_in` / `dist_in` of exactly those symbols and distances 4 and `up`, then an empty stored
// block, so that it ends on a byte boundary: blocks written alone can be put together by copying.
// `out` holds kk_block_bound(total symbols) bytes; returns the bytes written.
static size_t kk_write_block(const uint32_t *symbols, size_t slot, const uint32_t *counts,
                             uint32_t bands, size_t up, const uint32_t *freq_in,
                             const uint32_t *dist_in, uint8_t *out) {
  uint32_t litlen_freq[286], dist_freq[30];
  memcpy(litlen_freq, freq_in, sizeof litlen_freq);
  memcpy(dist_freq, dist_in, sizeof dist_freq);
  const int dist4_code = kk_dist_code(4), up_code = up ? kk_dist_code((unsigned)up) : 0;
  litlen_freq[256] = 1;
  // Complete trees for every decoder: at least two used symbols in each.
  if (litlen_freq[0] == 0) litlen_freq[0] = 1;
  if (dist_freq[0] == 0) dist_freq[0] = 1;
  if (dist_freq[1] == 0) dist_freq[1] = 1;

  uint8_t litlen_len[286], dist_len[30];
  uint16_t litlen_code[286] = {0}, dist_code[30] = {0};
  kk_huffman_lengths(litlen_freq, 286, 15, litlen_len);
  kk_huffman_lengths(dist_freq, 30, 15, dist_len);
  kk_huffman_codes(litlen_len, 286, litlen_code);
  kk_huffman_codes(dist_len, 30, dist_code);
  int hlit = 286, hdist = 30;
  while (hlit > 257 && litlen_len[hlit - 1] == 0) hlit--;
  while (hdist > 1 && dist_len[hdist - 1] == 0) hdist--;

  // Code lengths, run-length coded with 16 (repeat previous 3–6), 17 (3–10 zeros), 18 (11–138).
  uint8_t all[286 + 30];
  int total = 0;
  for (int k = 0; k < hlit; k++) all[total++] = litlen_len[k];
  for (int k = 0; k < hdist; k++) all[total++] = dist_len[k];
  uint16_t rle[286 + 30];
  uint8_t rle_extra[286 + 30];
  int runs = 0;
  uint32_t cl_freq[19] = {0};
  for (int k = 0; k < total;) {
    int value = all[k], run = 1;
    while (k + run < total && all[k + run] == value) run++;
    if (value == 0 && run >= 3) {
      int take = run > 138 ? 138 : run;
      if (take >= 11) {
        rle[runs] = 18;
        rle_extra[runs++] = (uint8_t)(take - 11);
      } else {
        rle[runs] = 17;
        rle_extra[runs++] = (uint8_t)(take - 3);
      }
      cl_freq[rle[runs - 1]]++;
      k += take;
    } else if (value != 0 && run >= 4) {
      rle[runs] = (uint16_t)value;
      rle_extra[runs++] = 0;
      cl_freq[value]++;
      int left = run - 1;
      k += 1;
      while (left >= 3) {
        int take = left > 6 ? 6 : left;
        rle[runs] = 16;
        rle_extra[runs++] = (uint8_t)(take - 3);
        cl_freq[16]++;
        k += take;
        left -= take;
      }
    } else {
      rle[runs] = (uint16_t)value;
      rle_extra[runs++] = 0;
      cl_freq[value]++;
      k += 1;
    }
  }
  int cl_used = 0;
  for (int k = 0; k < 19; k++) cl_used += cl_freq[k] > 0;
  for (int k = 0; cl_used < 2 && k < 19; k++) {
    if (cl_freq[k] == 0) {
      cl_freq[k] = 1;
      cl_used++;
    }
  }
  uint8_t cl_len[19];
  uint16_t cl_code[19] = {0};
  kk_huffman_lengths(cl_freq, 19, 7, cl_len);
  kk_huffman_codes(cl_len, 19, cl_code);
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  int hclen = 19;
  while (hclen > 4 && cl_len[order[hclen - 1]] == 0) hclen--;

  kk_bit_writer w = {out, 0, 0, 0};
  kk_put_bits(&w, 0, 1);  // not the final block
  kk_put_bits(&w, 2, 2);  // dynamic Huffman
  kk_put_bits(&w, (uint32_t)(hlit - 257), 5);
  kk_put_bits(&w, (uint32_t)(hdist - 1), 5);
  kk_put_bits(&w, (uint32_t)(hclen - 4), 4);
  for (int k = 0; k < hclen; k++) kk_put_bits(&w, cl_len[order[k]], 3);
  for (int k = 0; k < runs; k++) {
    kk_put_bits(&w, cl_code[rle[k]], cl_len[rle[k]]);
    if (rle[k] == 16) kk_put_bits(&w, rle_extra[k], 2);
    if (rle[k] == 17) kk_put_bits(&w, rle_extra[k], 3);
    if (rle[k] == 18) kk_put_bits(&w, rle_extra[k], 7);
  }
  // Each symbol is one write of its whole code: literal, or length code + extra bits + distance
  // code + extra bits (at most 48 bits), chosen without a branch.
  uint64_t length_bits[512] = {0}, literal_bits[256];
  uint8_t length_count[512] = {0}, literal_count[256];
  for (int k = 0; k < 256; k++) {
    literal_bits[k] = litlen_code[k];
    literal_count[k] = litlen_len[k];
  }
  for (unsigned length = 3; length <= 258; length++) {
    int lc = kk_length_code[length];
    length_bits[length] = litlen_code[257 + lc] |
                          (uint64_t)(length - kk_length_base[lc]) << litlen_len[257 + lc];
    length_count[length] = (uint8_t)(litlen_len[257 + lc] + kk_length_extra[lc]);
  }
  uint64_t dist_bits[2];
  uint8_t dist_count[2];
  for (int k = 0; k < 2; k++) {
    unsigned dist = k ? (unsigned)up : 4;
    int dc = k ? up_code : dist4_code;
    dist_bits[k] = dist_code[dc] | (uint64_t)(dist - kk_dist_base[dc]) << dist_len[dc];
    dist_count[k] = (uint8_t)(dist_len[dc] + kk_dist_extra[dc]);
  }
  for (uint32_t b = 0; b < bands; b++) {
    const uint32_t *band = symbols + slot * b;
    for (uint32_t k = 0; k < counts[b]; k++) {
      uint32_t s = band[k];
      unsigned length = s & 0x1ff, far = (s >> 30) & 1, literal = s & 0xff;
      uint64_t match = length_bits[length] | dist_bits[far] << length_count[length];
      unsigned match_count = (unsigned)length_count[length] + dist_count[far];
      uint64_t pick = 0 - (uint64_t)(s >> 31);  // all ones for a match (masks: no branch)
      kk_put_bits(&w, (match & pick) | (literal_bits[literal] & ~pick),
                  (match_count & (unsigned)pick) | (literal_count[literal] & ~(unsigned)pick));
    }
  }
  kk_put_bits(&w, litlen_code[256], litlen_len[256]);
  // An empty stored block (BFINAL 0, type 00, then LEN 0 and NLEN 0xffff from the next byte).
  kk_put_bits(&w, 0, 3);
  kk_flush_bits(&w);
  static const uint8_t empty_stored[4] = {0x00, 0x00, 0xff, 0xff};
  memcpy(out + w.size, empty_stored, 4);
  return w.size + 4;
}

// MARK: - Fast writing

// Lines of the filtered buffer whose symbols are remembered together: a band's matches end at
// its last line, which costs a few bytes a band, and a band is matched again when any of its
// lines changed, or the line before it. 16 lines: within a fraction of a percent of whole
// frames' bytes, and the fastest of 4 to 32.
#define KK_BAND_LINES 16u

// Bands per deflate block. Each block has its own Huffman codes from its own symbols and ends on
// a byte boundary (an empty stored block), so a block whose bands did not change is the same
// bytes as the last time this thread wrote it, and is copied instead of written again: on a
// loader, most of a frame. 8 bands: about the bytes of one block a frame (fewer bands a block
// cost more bytes), for far fewer instructions.
#define KK_BLOCK_BANDS 8u

// The code frequencies of one band's symbols: 286 literal/length codes, then 30 distance codes.
#define KK_FREQS (286u + 30u)

// The state of one fast encoder, kept between frames: allocating a libdeflate compressor (hundreds
// of kB) and a frame-sized filter buffer for every frame costs page faults on every call.
//
// It also remembers the filtered rows and their symbols, band by band, from the frames this
// encoder encoded before: consecutive frames of a loader change few rows (a growing arc: the
// rows around its tip), and a band whose lines and the line before it
// are unchanged has the same symbols, so only changed bands are matched again, and a deflate block
// of unchanged bands is the same bytes, copied as it was written. What a frame is encoded to never
// depends on the frames before it: the remembered symbols and blocks are exactly those that
// matching and writing them again would give.
struct kk_fast_encoder {
  struct libdeflate_compressor *compressor;
  int level;
  uint8_t *filtered;
  uint32_t *symbols;  // band b's symbols start at symbols + b × KK_BAND_LINES × (width × 4 + 1)
  size_t capacity;
  uint8_t *deflated;  // libdeflate's zlib stream, before it is copied into an exactly sized PNG
  size_t deflated_capacity;
  // The frame kk_fast_encoder_prepare filtered last (width 0: none).
  uint32_t width, height, adler;
  // The lines remembered, for frames of line_width × lines pixels (0 × 0: none yet).
  uint32_t line_width, lines;
  uint8_t *line_known;       // 1: the buffer holds this line of the frame prepared last
  uint32_t *line_sum;        // each line's byte sum and weighted sum modulo 65521, from which
  uint32_t *line_weighted;   // the frame's Adler-32 is put together without reading unchanged lines
  uint8_t *band_stale;       // 1: the band's symbols (and their frequencies) must be made again
  uint32_t *band_symbols;    // how many symbols each band has
  uint32_t *band_literals;   // how many of them are literals
  uint32_t *band_freq;       // each band's code frequencies, KK_FREQS apart
  size_t fresh_literals;     // literals of the bands that are not stale
  // Each block's bytes as kk_write_block wrote them from its bands' current symbols, valid while
  // none of its bands went stale.
  uint8_t **block_bytes;
  size_t *block_size, *block_capacity;
  uint8_t *block_valid;
  // The last PNG kk_fast_encoder_finish wrote (valid until the next call or the free).
  uint8_t *png;
  size_t png_capacity;
};

static void kk_fast_lines_free(kk_fast_encoder *state) {
  if (state->block_bytes != NULL) {
    uint32_t blocks = (state->lines + KK_BAND_LINES * KK_BLOCK_BANDS - 1) / (KK_BAND_LINES * KK_BLOCK_BANDS);
    for (uint32_t k = 0; k < blocks; k++) free(state->block_bytes[k]);
  }
  free(state->line_known);
  free(state->line_sum);
  free(state->line_weighted);
  free(state->band_stale);
  free(state->band_symbols);
  free(state->band_literals);
  free(state->band_freq);
  free(state->block_bytes);
  free(state->block_size);
  free(state->block_capacity);
  free(state->block_valid);
  state->line_known = state->band_stale = state->block_valid = NULL;
  state->line_sum = state->line_weighted = state->band_symbols = state->band_literals = state->band_freq = NULL;
  state->block_bytes = NULL;
  state->block_size = state->block_capacity = NULL;
  state->line_width = state->lines = 0;
}

kk_fast_encoder *kk_fast_encoder_create(void) {
  (void)pthread_once(&kk_length_once, kk_length_code_init);
  return (kk_fast_encoder *)calloc(1, sizeof(kk_fast_encoder));
}

void kk_fast_encoder_free(kk_fast_encoder *state) {
  if (state == NULL) return;
  if (state->compressor != NULL) libdeflate_free_compressor(state->compressor);
  free(state->filtered);
  free(state->symbols);
  free(state->deflated);
  free(state->png);
  kk_fast_lines_free(state);
  free(state);
}

// Makes room in `state` for a `width` × `height` frame; what it remembers of earlier frames is
// dropped when their size differs. Returns 0, or −1 when out of memory.
static int kk_fast_reserve(kk_fast_encoder *state, uint32_t width, uint32_t height) {
  size_t filtered_size = ((size_t)width * 4 + 1) * height;
  if (state->capacity < filtered_size) {
    kk_fast_lines_free(state);
    free(state->filtered);
    free(state->symbols);
    state->filtered = (uint8_t *)malloc(filtered_size);
    state->symbols = (uint32_t *)malloc(filtered_size * sizeof(uint32_t));
    state->capacity = filtered_size;
    if (state->filtered == NULL || state->symbols == NULL) {
      state->capacity = 0;
      return -1;
    }
  }
  if (state->line_width != width || state->lines != height) {
    kk_fast_lines_free(state);
    uint32_t bands = (height + KK_BAND_LINES - 1) / KK_BAND_LINES;
    uint32_t blocks = (bands + KK_BLOCK_BANDS - 1) / KK_BLOCK_BANDS;
    state->line_known = (uint8_t *)calloc(height, 1);
    state->line_sum = (uint32_t *)calloc(height, sizeof(uint32_t));
    state->line_weighted = (uint32_t *)calloc(height, sizeof(uint32_t));
    state->band_stale = (uint8_t *)malloc(bands);
    state->band_symbols = (uint32_t *)calloc(bands, sizeof(uint32_t));
    state->band_literals = (uint32_t *)calloc(bands, sizeof(uint32_t));
    state->band_freq = (uint32_t *)calloc((size_t)bands * KK_FREQS, sizeof(uint32_t));
    state->block_bytes = (uint8_t **)calloc(blocks, sizeof(uint8_t *));
    state->block_size = (size_t *)calloc(blocks, sizeof(size_t));
    state->block_capacity = (size_t *)calloc(blocks, sizeof(size_t));
    state->block_valid = (uint8_t *)calloc(blocks, 1);
    // Set before a failure below, so that kk_fast_lines_free knows how many blocks to free.
    state->lines = height;
    if (state->line_known == NULL || state->line_sum == NULL || state->line_weighted == NULL ||
        state->band_stale == NULL || state->band_symbols == NULL || state->band_literals == NULL ||
        state->band_freq == NULL || state->block_bytes == NULL || state->block_size == NULL ||
        state->block_capacity == NULL || state->block_valid == NULL) {
      kk_fast_lines_free(state);
      return -1;
    }
    memset(state->band_stale, 1, bands);
    state->fresh_literals = 0;
    state->line_width = width;
  }
  return 0;
}

// Makes `*buffer` hold at least `need` bytes (its contents are not kept). Returns 0, or −1 when
// out of memory (then the buffer is empty).
static int kk_reserve(uint8_t **buffer, size_t *capacity, size_t need) {
  if (*capacity >= need) return 0;
  free(*buffer);
  *buffer = (uint8_t *)malloc(need);
  *capacity = *buffer == NULL ? 0 : need;
  return *buffer == NULL ? -1 : 0;
}

// Marks band b's symbols as to be made again.
static inline void kk_fast_mark_stale(kk_fast_encoder *state, uint32_t b) {
  state->block_valid[b / KK_BLOCK_BANDS] = 0;
  if (state->band_stale[b]) return;
  state->band_stale[b] = 1;
  state->fresh_literals -= state->band_literals[b];
}

static void kk_put32(uint8_t *p, uint32_t value) {
  p[0] = (uint8_t)(value >> 24);
  p[1] = (uint8_t)(value >> 16);
  p[2] = (uint8_t)(value >> 8);
  p[3] = (uint8_t)value;
}

// Writes the length, type and CRC around `length` data bytes already at p + 8; returns the end.
static uint8_t *kk_finish_chunk(uint8_t *p, const char *type, uint32_t length) {
  kk_put32(p, length);
  memcpy(p + 4, type, 4);
  kk_put32(p + 8 + length, libdeflate_crc32(0, p + 4, (size_t)length + 4));
  return p + 12 + length;
}

kk_fast_status kk_fast_encoder_prepare(kk_fast_encoder *state, const uint8_t *pixels, uint32_t width,
                                      uint32_t height, uint32_t *adler_out) {
  if (state == NULL || pixels == NULL || adler_out == NULL || width == 0 || height == 0 ||
      width > 0x7fffffffu / 4 || height > 0x7fffffffu) {
    return KK_FAST_INVALID_ARGUMENT;
  }
  size_t stride = (size_t)width * 4;
  if (height > (SIZE_MAX / 8) / (stride + 1)) return KK_FAST_OUT_OF_MEMORY;
  state->width = 0;
  if (kk_fast_reserve(state, width, height) != 0) return KK_FAST_OUT_OF_MEMORY;

  // Filters: none, smaller than libpng's minimum-sum-of-absolute-differences rule over all
  // filters (with or without a preference for runs): loader frames are mostly transparent or
  // flat, and runs of equal pixels stay runs of equal 4-byte groups that deflate matches at
  // distance 4.
  // A row equal to the one above becomes zeros with up (the one cheap win left; a memcmp).
  // A line is rewritten only when it differs from the one in the buffer; then its Adler-32
  // parts are taken again, and its band's symbols go stale (and the next band's, for its last
  // line).
  uint8_t *filtered = state->filtered;
  const uint32_t modulus = 65521;
  // Below a row that did not change, one comparison settles most rows: the filter chosen last
  // time says whether the row equalled the one above, and so it still does exactly when it is
  // unchanged too.
  int above_unchanged = 1;  // row y − 1 is the same as in the frame filtered last (none for y 0)
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *row = pixels + stride * y;
    uint8_t *line = filtered + (stride + 1) * y;
    int known = state->line_known[y], changed, same_row;
    if (known && above_unchanged && line[0] == 2) {
      changed = memcmp(row, row - stride, stride) != 0;
      same_row = !changed;
      if (changed) {
        line[0] = 0;
        memcpy(line + 1, row, stride);
      }
    } else if (known && above_unchanged && memcmp(line + 1, row, stride) == 0) {
      changed = 0;
      same_row = 1;
    } else if (y > 0 && memcmp(row, row - stride, stride) == 0) {
      changed = !(known && line[0] == 2);
      if (changed) {
        line[0] = 2;
        memset(line + 1, 0, stride);
      }
      // The same zeros as before, but the row itself is the same only if the row above is.
      same_row = !changed && above_unchanged;
    } else {
      changed = !(known && line[0] == 0 && memcmp(line + 1, row, stride) == 0);
      same_row = !changed;
      if (changed) {
        line[0] = 0;
        memcpy(line + 1, row, stride);
      }
    }
    above_unchanged = same_row;
    if (!changed) continue;
    state->line_known[y] = 1;
    // Adler-32 from 1 over L bytes b1…bL gives a = 1 + Σb and b = L + Σ(L − k + 1)·bk.
    uint32_t parts = libdeflate_adler32(1, line, stride + 1);
    uint32_t length = (uint32_t)((stride + 1) % modulus);
    state->line_sum[y] = ((parts & 0xffff) + modulus - 1) % modulus;
    state->line_weighted[y] = ((parts >> 16) + modulus - length) % modulus;
    kk_fast_mark_stale(state, y / KK_BAND_LINES);
    if (y + 1 < height && (y + 1) % KK_BAND_LINES == 0) kk_fast_mark_stale(state, (y + 1) / KK_BAND_LINES);
  }
  // The Adler-32 the zlib stream ends with, line by line: over a line of L bytes, s2 grows by
  // L·s1 plus the line's weighted sum and s1 by its byte sum.
  uint64_t s1 = 1, s2 = 0, line_length = (stride + 1) % modulus;
  for (uint32_t y = 0; y < height; y++) {
    s2 = (s2 + line_length * s1 + state->line_weighted[y]) % modulus;
    s1 = (s1 + state->line_sum[y]) % modulus;
  }
  uint32_t adler = (uint32_t)(s2 << 16 | s1);
  state->width = width;
  state->height = height;
  state->adler = adler;
  *adler_out = adler;
  return KK_FAST_OK;
}

// The CRC-32 of a frame's size (width, height as big-endian 32-bit) and then its filtered rows.
static uint32_t kk_rows_crc(uint32_t width, uint32_t height, const uint8_t *rows, size_t size) {
  uint8_t size_bytes[8];
  kk_put32(size_bytes, width);
  kk_put32(size_bytes + 4, height);
  return libdeflate_crc32(libdeflate_crc32(0, size_bytes, 8), rows, size);
}

kk_fast_status kk_fast_encoder_prepared_crc(const kk_fast_encoder *state, uint32_t *crc) {
  if (state == NULL || crc == NULL || state->width == 0) return KK_FAST_INVALID_ARGUMENT;
  size_t filtered_size = ((size_t)state->width * 4 + 1) * state->height;
  *crc = kk_rows_crc(state->width, state->height, state->filtered, filtered_size);
  return KK_FAST_OK;
}

static uint32_t kk_get32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

kk_fast_status kk_fast_crc_of_png(const uint8_t *png, size_t size, uint32_t *crc) {
  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  // Signature, IHDR (RGBA 8-bit, not interlaced) and one IDAT: what kk_fast_encoder_finish writes.
  if (png == NULL || crc == NULL) return KK_FAST_INVALID_ARGUMENT;
  if (size < 8 + 25 + 12 || memcmp(png, signature, 8) != 0) return KK_FAST_NOT_PNG;
  if (kk_get32(png + 8) != 13 || memcmp(png + 12, "IHDR", 4) != 0 || png[24] != 8 ||
      png[25] != 6 || png[28] != 0) {
    return KK_FAST_CORRUPT;
  }
  uint32_t width = kk_get32(png + 16), height = kk_get32(png + 20);
  size_t length = kk_get32(png + 33);
  if (width == 0 || height == 0 || width > 0x7fffffffu / 4 || memcmp(png + 37, "IDAT", 4) != 0 ||
      length > size - 45) {
    return KK_FAST_CORRUPT;
  }
  size_t stride = (size_t)width * 4;
  if (height > (SIZE_MAX / 8) / (stride + 1)) return KK_FAST_OUT_OF_MEMORY;
  size_t rows_size = (stride + 1) * height, actual = 0;
  uint8_t *rows = (uint8_t *)malloc(rows_size);
  struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
  if (rows == NULL || inflater == NULL) {
    free(rows);
    if (inflater != NULL) libdeflate_free_decompressor(inflater);
    return KK_FAST_OUT_OF_MEMORY;
  }
  enum libdeflate_result result =
      libdeflate_zlib_decompress(inflater, png + 41, length, rows, rows_size, &actual);
  libdeflate_free_decompressor(inflater);
  if (result == LIBDEFLATE_SUCCESS && actual == rows_size) {
    *crc = kk_rows_crc(width, height, rows, rows_size);
  }
  free(rows);
  return result == LIBDEFLATE_SUCCESS && actual == rows_size ? KK_FAST_OK : KK_FAST_CORRUPT;
}

kk_fast_status kk_fast_encoder_finish(kk_fast_encoder *state, int level, const uint8_t **png_out,
                                     size_t *size_out) {
  if (state == NULL || png_out == NULL || size_out == NULL || level < 1 || level > 12 || state->width == 0) {
    return KK_FAST_INVALID_ARGUMENT;
  }
  uint32_t width = state->width, height = state->height;
  size_t stride = (size_t)width * 4, line = stride + 1, filtered_size = line * height;
  const uint8_t *filtered = state->filtered;
  // Deflate: the pixel matcher when at most 3 % of the bytes stay literals, else libdeflate.
  // Below that the matcher's files are within a few percent of libdeflate's at a small fraction
  // of its time; above it (opaque colour rings, gradients) they grow fast, so those frames take
  // libdeflate.
  // Stale bands are matched again in order until the literals of the bands that are not stale
  // pass 3 %: a lower bound of the frame's literals, so the choice is the same as matching all.
  const size_t up = line <= 32768 ? line : 0, max_literals = filtered_size / 33;
  const int dist4_code = kk_dist_code(4), up_code = up ? kk_dist_code((unsigned)up) : 0;
  const uint32_t bands = (height + KK_BAND_LINES - 1) / KK_BAND_LINES;
  const size_t slot = line * KK_BAND_LINES;
  int matched = state->fresh_literals <= max_literals;
  for (uint32_t b = 0; matched && b < bands; b++) {
    if (!state->band_stale[b]) continue;
    uint32_t *symbols = state->symbols + slot * b, literals;
    size_t end = b + 1 < bands ? slot * (b + 1) : filtered_size;
    size_t count = kk_band_symbols(filtered, slot * b, end, up, symbols, &literals);
    uint32_t *freq = state->band_freq + (size_t)b * KK_FREQS;
    memset(freq, 0, KK_FREQS * sizeof(uint32_t));
    kk_count_symbols(symbols, count, dist4_code, up_code, freq, freq + 286);
    state->band_symbols[b] = (uint32_t)count;
    state->band_literals[b] = literals;
    state->band_stale[b] = 0;
    state->fresh_literals += literals;
    matched = state->fresh_literals <= max_literals;
  }
  // The zlib stream: with the pixel matcher, blocks whose bands changed are written again, and
  // the stream is put together straight into the PNG below (the zlib header, every block, a
  // final empty block with fixed codes — BFINAL 1, type 01, end code: ten zero-padded bits — and
  // the Adler-32); otherwise libdeflate deflates into `state->deflated`.
  const uint32_t blocks = (bands + KK_BLOCK_BANDS - 1) / KK_BLOCK_BANDS;
  size_t compressed = 0;
  if (matched) {
    compressed = 2 + 2 + 4;
    for (uint32_t k = 0; k < blocks; k++) {
      uint32_t first = k * KK_BLOCK_BANDS, count = bands - first < KK_BLOCK_BANDS ? bands - first : KK_BLOCK_BANDS;
      if (!state->block_valid[k]) {
        uint32_t freq[KK_FREQS] = {0};
        size_t symbols = 0;
        for (uint32_t b = first; b < first + count; b++) {
          const uint32_t *band = state->band_freq + (size_t)b * KK_FREQS;
          for (uint32_t c = 0; c < KK_FREQS; c++) freq[c] += band[c];
          symbols += state->band_symbols[b];
        }
        if (kk_reserve(&state->block_bytes[k], &state->block_capacity[k], kk_block_bound(symbols)) != 0) {
          return KK_FAST_OUT_OF_MEMORY;
        }
        state->block_size[k] = kk_write_block(state->symbols + slot * first, slot, state->band_symbols + first,
                                              count, up, freq, freq + 286, state->block_bytes[k]);
        state->block_valid[k] = 1;
      }
      compressed += state->block_size[k];
    }
  } else {
    if (state->compressor == NULL || state->level != level) {
      if (state->compressor != NULL) libdeflate_free_compressor(state->compressor);
      state->compressor = libdeflate_alloc_compressor(level);
      state->level = level;
      if (state->compressor == NULL) return KK_FAST_OUT_OF_MEMORY;
    }
    size_t bound = libdeflate_zlib_compress_bound(state->compressor, filtered_size);
    if (bound > 0x7fffffffu || kk_reserve(&state->deflated, &state->deflated_capacity, bound) != 0) {
      return KK_FAST_OUT_OF_MEMORY;
    }
    compressed = libdeflate_zlib_compress(state->compressor, filtered, filtered_size, state->deflated, bound);
  }
  if (compressed == 0 || compressed > 0x7fffffffu) return KK_FAST_OUT_OF_MEMORY;

  // Signature 8, IHDR 25, IDAT 12 + data, IEND 12, in the encoder's output buffer.
  size_t capacity = 8 + 25 + 12 + compressed + 12;
  if (kk_reserve(&state->png, &state->png_capacity, capacity) != 0) return KK_FAST_OUT_OF_MEMORY;
  uint8_t *png = state->png;
  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  memcpy(png, signature, 8);
  uint8_t *p = png + 8;
  kk_put32(p + 8, width);
  kk_put32(p + 12, height);
  p[16] = 8;  // bit depth
  p[17] = 6;  // colour type RGBA
  p[18] = 0;  // deflate
  p[19] = 0;  // filter method 0
  p[20] = 0;  // not interlaced
  p = kk_finish_chunk(p, "IHDR", 13);
  if (matched) {
    uint8_t *out = p + 8;
    *out++ = 0x78;  // zlib: deflate, 32 KiB window
    *out++ = 0x01;  // fastest-compression hint; (0x78 << 8 | 0x01) % 31 == 0
    for (uint32_t k = 0; k < blocks; k++) {
      memcpy(out, state->block_bytes[k], state->block_size[k]);
      out += state->block_size[k];
    }
    *out++ = 0x03;
    *out++ = 0x00;
    kk_put32(out, state->adler);
  } else {
    memcpy(p + 8, state->deflated, compressed);
  }
  p = kk_finish_chunk(p, "IDAT", (uint32_t)compressed);
  p = kk_finish_chunk(p, "IEND", 0);
  *png_out = png;
  *size_out = (size_t)(p - png);
  return KK_FAST_OK;
}
