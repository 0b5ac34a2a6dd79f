import KurukuruCore

// MARK: - Hand-built PNG files

/// Builds PNG files byte by byte (stored zlib blocks, no compression), independent of libpng,
/// so that the decoder is checked against values the test itself chose.
enum PNGBuilder {
  /// Colour types of the PNG specification.
  enum ColorType: UInt8 {
    case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6
  }

  /// A complete PNG from already packed scanlines (each row's filter byte 0 is added here).
  /// - Parameters:
  ///   - rows: per pass (one pass if not interlaced), the packed rows without filter bytes.
  static func file(
    width: Int, height: Int, bitDepth: UInt8, colorType: ColorType, interlaced: Bool = false,
    extraChunks: [(String, [UInt8])] = [], rows: [[UInt8]]
  ) -> [UInt8] {
    var ihdr = be32(width) + be32(height)
    ihdr += [bitDepth, colorType.rawValue, 0, 0, interlaced ? 1 : 0]
    var raw: [UInt8] = []
    for row in rows { raw.append(0); raw += row }
    var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    out += chunk("IHDR", ihdr)
    for (type, data) in extraChunks { out += chunk(type, data) }
    out += chunk("IDAT", zlibStored(raw))
    out += chunk("IEND", [])
    return out
  }

  /// A chunk: length, type, data, CRC.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return be32(data.count) + typeBytes + data + be32(Int(crc32(typeBytes + data)))
  }

  static func be32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return crc ^ 0xffff_ffff
  }

  /// A zlib stream made of stored (uncompressed) blocks.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let count = min(65535, data.count - start)
      let final: UInt8 = start + count == data.count ? 1 : 0
      out += [final, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)]
      out += data[start..<start + count]
      start += count
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    return out + be32(Int(b << 16 | a))
  }

  /// Adam7 passes: (x start, y start, x step, y step).
  static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
}

// MARK: - Deterministic random frames

/// A small linear congruential generator (deterministic test data).
struct TestRandom {
  var state: UInt64

  mutating func next() -> UInt8 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 33)
  }
}

/// A frame of random pixels whose alpha cycles through 0, 128, 255 and random values.
func randomFrame(width: Int, height: Int, seed: UInt64) -> Frame {
  var random = TestRandom(state: seed)
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  for i in 0..<width * height {
    pixels[i * 4] = random.next()
    pixels[i * 4 + 1] = random.next()
    pixels[i * 4 + 2] = random.next()
    let alphas: [UInt8] = [0, 128, 255, random.next()]
    pixels[i * 4 + 3] = alphas[i % 4]
  }
  return Frame(width: width, height: height, pixels: pixels)
}
