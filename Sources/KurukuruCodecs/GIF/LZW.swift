// MARK: - LZW

/// GIF LZW compression: the image data of a frame, byte-identical to giflib's encoder.
///
/// The string table maps (prefix code, next index) to the code of the longer string by open
/// addressing over at most 8,192 slots (at most 4,096 codes), at most half full: a frame of n
/// pixels adds at most n codes, so a small frame gets a small table (filling 8,192 slots costs
/// more than compressing a small frame). The table's size never changes the codes, only
/// where they are stored. Codes are assigned as giflib assigns them:
/// from `clear + 2` up; when code 4,095 would be next, a clear code is sent and the table starts
/// afresh. A code is written at the current width, after which the width grows if the next code
/// to assign no longer fits (at most 12 bits).
enum LZW {
  /// The code giflib never assigns: reaching it sends a clear code.
  private static let maxCode = 4095

  /// Bits of the table size for `pixelCount` pixels: at least twice the codes they can add
  /// (capped at 4,096), 64 to 8,192 slots.
  static func tableBits(pixelCount: Int) -> Int {
    let slots = 2 * min(pixelCount + 2, maxCode + 1)
    var bits = 6
    while 1 << bits < slots { bits += 1 }
    return bits
  }

  /// Compresses palette indices as GIF image data: the minimum code size byte, then the codes in
  /// data sub-blocks of at most 255 bytes, then the block terminator. The same bytes as giflib's
  /// `EGifPutLine` for the same pixels and code size.
  /// - Parameters:
  ///   - pixels: Palette indices below `1 << minCodeSize`.
  ///   - minCodeSize: The LZW minimum code size (2...8).
  /// - Returns: The image data.
  static func compress(_ pixels: [UInt8], minCodeSize: Int) -> [UInt8] {
    let codes = packedCodes(pixels, minCodeSize: minCodeSize)
    var out: [UInt8] = []
    out.reserveCapacity(codes.count + codes.count / 255 + 3)
    out.append(UInt8(minCodeSize))
    var start = 0
    while start < codes.count {
      let length = min(255, codes.count - start)
      out.append(UInt8(length))
      out.append(contentsOf: codes[start..<(start + length)])
      start += length
    }
    out.append(0)
    return out
  }

  /// The LZW code stream of `pixels`, packed least significant bit first, without sub-blocks.
  ///
  /// Each slot of the string table holds its key (prefix code << 8 | next index, 20 bits) and
  /// its code (12 bits) in one word, so a probe is one load. Runs of one index, most of a
  /// loader's frame, skip the table: a code whose string is one index repeated (`runIndex`)
  /// remembers the code of that string one longer (`runChild`), the entry the table would
  /// give for the same key. Only the time changes, not the codes.
  private static func packedCodes(_ pixels: [UInt8], minCodeSize: Int) -> [UInt8] {
    let clear = 1 << minCodeSize
    // At most one code per pixel, plus clear codes (one per 4,093 codes), the first clear, the
    // last string and the end code; 12 bits each at most.
    let capacity = (pixels.count + pixels.count / 4000 + 4) * 3 / 2 + 8
    let sizeBits = tableBits(pixelCount: pixels.count)
    let mask = (1 << sizeBits) - 1, shift = UInt32(32 - sizeBits)
    let empty = UInt32.max  // no key is 0xFFFFF with code 4,095
    var slots = [UInt32](repeating: empty, count: mask + 1)
    // Per code: the index its string repeats (−1: not a run), and the code of that run one
    // longer (−1: none yet).
    let codes = min(maxCode + 1, pixels.count + clear + 2)
    var runIndex = [Int16](repeating: -1, count: codes)
    var runChild = [Int16](repeating: -1, count: codes)
    for i in 0..<clear { runIndex[i] = Int16(i) }  // codes > clear + 1 (pixels.count ≥ 0)
    return [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
      slots.withUnsafeMutableBufferPointer { slots in
        runIndex.withUnsafeMutableBufferPointer { runIndex in
          runChild.withUnsafeMutableBufferPointer { runChild in
            pixels.withUnsafeBufferPointer { pixels in
              var bits: UInt64 = 0
              var count = 0
              var width = minCodeSize + 1
              var next = clear + 2
              var w = 0
              @inline(__always) func put(_ code: Int) {
                bits |= UInt64(code) << UInt64(count)
                count += width
                while count >= 8 {
                  out[w] = UInt8(truncatingIfNeeded: bits)
                  w += 1
                  bits >>= 8
                  count -= 8
                }
                if next >= 1 << width && width < 12 { width += 1 }
              }
              put(clear)
              if let first = pixels.first {
                var prefix = Int(first)
                for i in 1..<pixels.count {
                  let value = Int(pixels[i])
                  let repeated = Int(runIndex[prefix]) == value
                  if repeated, runChild[prefix] >= 0 {
                    prefix = Int(runChild[prefix])
                    continue
                  }
                  let key = UInt32(prefix << 8 | value)
                  var slot = Int((key &* 2_654_435_761) >> shift) & mask
                  var entry = slots[slot]
                  while entry != empty && entry >> 12 != key {
                    slot = (slot + 1) & mask
                    entry = slots[slot]
                  }
                  if entry != empty {
                    prefix = Int(entry & 0xFFF)
                    continue
                  }
                  put(prefix)
                  if next < maxCode {
                    slots[slot] = key << 12 | UInt32(next)
                    runIndex[next] = repeated ? Int16(value) : -1
                    if repeated { runChild[prefix] = Int16(next) }
                    next += 1
                  } else {
                    next = clear + 2
                    put(clear)
                    width = minCodeSize + 1
                    slots.update(repeating: empty)
                    runChild.update(repeating: -1)
                  }
                  prefix = value
                }
                put(prefix)
              }
              put(clear + 1)
              while count > 0 {
                out[w] = UInt8(truncatingIfNeeded: bits)
                w += 1
                bits >>= 8
                count -= 8
              }
              written = w
            }
          }
        }
      }
    }
  }
}
