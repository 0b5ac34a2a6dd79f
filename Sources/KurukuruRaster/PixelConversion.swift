import KurukuruCore

// MARK: - Premultiplied ARGB32 → straight RGBA8

/// Converts one premultiplied channel to straight alpha with rounding to nearest:
/// `(c * 255 + a / 2) / a`, clamped to 255; 0 when `a` is 0.
/// - Parameters:
///   - c: the premultiplied channel (0…255, normally ≤ `a`).
///   - a: the alpha (0…255).
/// - Returns: the straight channel.
@inline(__always)
func unpremultiply(_ c: UInt32, alpha a: UInt32) -> UInt8 {
  guard a != 0 else { return 0 }
  return UInt8(truncatingIfNeeded: min(255, (c * 255 + a / 2) / a))
}

/// The conversion loop: opaque and transparent pixels take a fast path, the rest divide.
///
/// Works in place (`out` at `data`, `stride == width * 4`): each pixel is read whole before its
/// four bytes are written, through raw (untyped) memory accesses.
/// - Parameters:
///   - data: first byte of row 0 of the premultiplied, native-endian ARGB32 pixels (4-byte aligned).
///   - stride: bytes per source row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - out: `width * height * 4` bytes of straight RGBA output.
func convertRows(
  from data: UnsafeRawPointer, stride: Int, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>
) {
  let output = UnsafeMutableRawPointer(out)
  let inPlace = UnsafeRawPointer(output) == data && stride == width * 4
  for y in 0..<height {
    let row = data + y * stride
    let target = output + y * width * 4
    // Sixteen pixels at a time when they are all opaque or all clear (most of a loader's frame),
    // else four at a time likewise: a byte shuffle, or zeros (nothing to write in place); mixed
    // groups go pixel by pixel.
    var x = 0
    #if _endian(little)  // the lanes are stored in native byte order
    while x + 16 <= width {
      let p0 = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
      let p1 = row.loadUnaligned(fromByteOffset: x * 4 + 16, as: SIMD4<UInt32>.self)
      let p2 = row.loadUnaligned(fromByteOffset: x * 4 + 32, as: SIMD4<UInt32>.self)
      let p3 = row.loadUnaligned(fromByteOffset: x * 4 + 48, as: SIMD4<UInt32>.self)
      if (p0 & p1 & p2 & p3) &>> 24 == SIMD4(repeating: 255) {
        target.storeBytes(of: opaqueRGBA(p0), toByteOffset: x * 4, as: SIMD4<UInt32>.self)
        target.storeBytes(of: opaqueRGBA(p1), toByteOffset: x * 4 + 16, as: SIMD4<UInt32>.self)
        target.storeBytes(of: opaqueRGBA(p2), toByteOffset: x * 4 + 32, as: SIMD4<UInt32>.self)
        target.storeBytes(of: opaqueRGBA(p3), toByteOffset: x * 4 + 48, as: SIMD4<UInt32>.self)
      } else if p0 | p1 | p2 | p3 == SIMD4(repeating: 0) {
        if !inPlace { (target + x * 4).initializeMemory(as: UInt8.self, repeating: 0, count: 64) }
      } else {
        for quad in 0..<4 { convertQuad(row, target, x + quad * 4, inPlace: inPlace) }
      }
      x += 16
    }
    while x + 4 <= width {
      convertQuad(row, target, x, inPlace: inPlace)
      x += 4
    }
    #endif
    while x < width {
      convertPixel(row, target, x)
      x += 1
    }
  }
}

#if _endian(little)
/// Four opaque premultiplied ARGB32 pixels as straight RGBA (R in the lowest byte).
@inline(__always)
private func opaqueRGBA(_ p: SIMD4<UInt32>) -> SIMD4<UInt32> {
  (p &>> 16) & 0xFF | (p & 0xFF00) | (p & 0xFF) &<< 16 | 0xFF00_0000
}

/// Converts pixels `x..<x + 4` of a row (see `convertRows`): a shuffle when all are opaque,
/// nothing to do when all are clear in place, else pixel by pixel.
@inline(__always)
private func convertQuad(_ row: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, _ x: Int, inPlace: Bool) {
  let p = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
  if p &>> 24 == SIMD4(repeating: 255) {
    target.storeBytes(of: opaqueRGBA(p), toByteOffset: x * 4, as: SIMD4<UInt32>.self)
  } else if p == SIMD4(repeating: 0) {
    if !inPlace { target.storeBytes(of: p, toByteOffset: x * 4, as: SIMD4<UInt32>.self) }
  } else {
    for k in x..<(x + 4) { convertPixel(row, target, k) }
  }
}
#endif

/// Converts pixel `x` of a row (see `convertRows`).
@inline(__always)
private func convertPixel(_ row: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, _ x: Int) {
  let p = row.load(fromByteOffset: x * 4, as: UInt32.self)
  let a = p >> 24
  let rgba: UInt32  // R in the lowest byte: bytes R, G, B, A once stored little-endian
  if a == 255 {
    rgba = (p >> 16) & 0xFF | (p & 0xFF00) | (p & 0xFF) << 16 | 0xFF00_0000
  } else if a == 0 {
    rgba = 0
  } else {
    let r = UInt32(unpremultiply((p >> 16) & 255, alpha: a))
    let g = UInt32(unpremultiply((p >> 8) & 255, alpha: a))
    let b = UInt32(unpremultiply(p & 255, alpha: a))
    rgba = r | g << 8 | b << 16 | a << 24
  }
  target.storeBytes(of: rgba.littleEndian, toByteOffset: x * 4, as: UInt32.self)
}
