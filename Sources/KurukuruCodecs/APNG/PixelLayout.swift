// MARK: - PixelLayout

/// How pixels are stored: palette indices of 1, 2, 4 or 8 bits, or 8-bit grey, grey + alpha,
/// RGB or RGBA — the fewest bytes a pixel that hold every colour of the animation exactly.
struct PixelLayout {
  /// The PNG colour types written.
  enum Kind {
    /// Colour type 3 (PLTE, tRNS for the non-opaque entries).
    case palette
    /// Colour type 0, 8 bits: every pixel opaque and grey (1 byte a pixel).
    case grey
    /// Colour type 4, 8 bits: every pixel grey (2 bytes a pixel, so smaller files than RGBA).
    case greyAlpha
    /// Colour type 2, 8 bits: every pixel opaque (3 bytes a pixel).
    case rgb
    /// Colour type 6, 8 bits.
    case rgba
  }

  let kind: Kind
  /// The palette's RGBA words: non-opaque colours first (so tRNS stops early), each group in
  /// increasing order; empty unless `kind` is `.palette`.
  let palette: [UInt32]
  /// Palette index of each colour.
  let index: [UInt32: UInt8]
  /// Bits per pixel: the palette's bit depth (1, 2, 4, 8), else 8, 16, 24 or 32.
  let bits: Int

  /// A palette layout for `colors` (≤ 256, transparent black included), else the smallest
  /// 8-bit layout for pixels that are all grey and/or all opaque. Opaque grey prefers `.grey`
  /// to a palette of as many bytes a pixel: no PLTE, and grey levels filter well.
  /// RGB or grey with a tRNS colour key is not used: no bundled preset has only alphas 0 and
  /// 255 with a colour free to be the key.
  init(colors: Set<UInt32>?, isGrey: Bool = false, isOpaque: Bool = false) {
    if let colors, !(isGrey && isOpaque && colors.count > 16) {
      kind = .palette
      palette = colors.sorted { a, b in
        let oa = a >> 24 == 255, ob = b >> 24 == 255
        return oa != ob ? !oa : a < b
      }
      var index: [UInt32: UInt8] = [:]
      for (i, c) in palette.enumerated() { index[c] = UInt8(i) }
      self.index = index
      switch palette.count {
      case ...2: bits = 1
      case ...4: bits = 2
      case ...16: bits = 4
      default: bits = 8
      }
      return
    }
    palette = []; index = [:]
    switch (isGrey, isOpaque) {
    case (true, true): kind = .grey; bits = 8
    case (true, false): kind = .greyAlpha; bits = 16
    case (false, true): kind = .rgb; bits = 24
    case (false, false): kind = .rgba; bits = 32
    }
  }

  var isPalette: Bool { kind == .palette }
  /// Whether pixels can be transparent (a transparent black pixel exists): false for opaque
  /// grey and RGB, where OVER is the same as SOURCE.
  var hasAlpha: Bool { kind != .grey && kind != .rgb }
  /// Bytes per complete pixel for the filters (1 below 8 bits).
  var filterBPP: Int { max(1, bits / 8) }
  /// Bytes per row of `width` pixels.
  func rowBytes(_ width: Int) -> Int { (width * bits + 7) / 8 }

  /// IHDR's bit depth and colour type.
  var ihdr: (depth: UInt8, colorType: UInt8) {
    switch kind {
    case .palette: return (UInt8(bits), 3)
    case .grey: return (8, 0)
    case .greyAlpha: return (8, 4)
    case .rgb: return (8, 2)
    case .rgba: return (8, 6)
    }
  }

  /// Rows of RGBA words in this layout.
  func encode(_ words: [UInt32], width: Int, height: Int) throws -> [UInt8] {
    switch kind {
    case .palette:
      return try encodePalette(words, width: width, height: height)
    case .rgba:
      var out = [UInt8](repeating: 0, count: words.count * 4)
      out.withUnsafeMutableBytes { dst in
        words.withUnsafeBytes { src in dst.copyMemory(from: src) }
      }
      // Words are little-endian RGBA, so the copy is already R, G, B, A on little-endian hosts.
      #if _endian(big)
      for (i, w) in words.enumerated() {
        out[i * 4] = UInt8(w & 255); out[i * 4 + 1] = UInt8(w >> 8 & 255)
        out[i * 4 + 2] = UInt8(w >> 16 & 255); out[i * 4 + 3] = UInt8(w >> 24)
      }
      #endif
      return out
    case .rgb:
      var out = [UInt8](repeating: 0, count: words.count * 3)
      for (i, w) in words.enumerated() {
        out[i * 3] = UInt8(w & 255); out[i * 3 + 1] = UInt8(w >> 8 & 255); out[i * 3 + 2] = UInt8(w >> 16 & 255)
      }
      return out
    case .greyAlpha:
      var out = [UInt8](repeating: 0, count: words.count * 2)
      for (i, w) in words.enumerated() { out[i * 2] = UInt8(w & 255); out[i * 2 + 1] = UInt8(w >> 24) }
      return out
    case .grey:
      return words.map { UInt8($0 & 255) }
    }
  }

  private func encodePalette(_ words: [UInt32], width: Int, height: Int) throws -> [UInt8] {
    let rowBytes = rowBytes(width)
    var out = [UInt8](repeating: 0, count: rowBytes * height)
    var lastWord: UInt32 = 0
    var lastIndex = index[0] ?? 0
    let perByte = 8 / bits
    for y in 0..<height {
      for x in 0..<width {
        let w = words[y * width + x]
        if w != lastWord {
          guard let i = index[w] else { throw APNGError.internalInconsistency("a colour is missing from the palette") }
          lastWord = w; lastIndex = i
        }
        let byte = y * rowBytes + x / perByte
        let shift = 8 - bits * (x % perByte + 1)
        out[byte] |= lastIndex << shift
      }
    }
    return out
  }
}
