import Kurukuru

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

/// Copies a Cairo ARGB32 surface (premultiplied, native-endian 32-bit words) into a straight
/// RGBA8 frame of the same size.
/// - Parameter surface: the surface; flushed before reading.
/// - Returns: the frame.
func frameFromPremultiplied(_ surface: ImageSurface) -> Frame {
  let width = surface.width, height = surface.height, stride = surface.stride
  let count = width * height * 4
  let pixels = surface.withPixels { data -> [UInt8] in
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let data, let out = buffer.baseAddress else {
        buffer.initialize(repeating: 0)
        initialized = count
        return
      }
      convertRows(from: UnsafeRawPointer(data), stride: stride, width: width, height: height, into: out)
      initialized = count
    }
  }
  return Frame(width: width, height: height, pixels: pixels)
}

/// The conversion loop: opaque and transparent pixels take a fast path, the rest divide.
/// - Parameters:
///   - data: first byte of row 0 of the ARGB32 pixels.
///   - stride: bytes per source row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - out: `width * height * 4` bytes of RGBA output.
func convertRows(
  from data: UnsafeRawPointer, stride: Int, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>
) {
  var o = out
  for y in 0..<height {
    let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<width {
      let p = row[x]
      let a = p >> 24
      if a == 255 {
        o[0] = UInt8(truncatingIfNeeded: p >> 16)
        o[1] = UInt8(truncatingIfNeeded: p >> 8)
        o[2] = UInt8(truncatingIfNeeded: p)
        o[3] = 255
      } else if a == 0 {
        o[0] = 0
        o[1] = 0
        o[2] = 0
        o[3] = 0
      } else {
        o[0] = unpremultiply((p >> 16) & 255, alpha: a)
        o[1] = unpremultiply((p >> 8) & 255, alpha: a)
        o[2] = unpremultiply(p & 255, alpha: a)
        o[3] = UInt8(truncatingIfNeeded: a)
      }
      o += 4
    }
  }
}
