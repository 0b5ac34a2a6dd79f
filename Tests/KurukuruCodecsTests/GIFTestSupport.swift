import Foundation
import KurukuruCore
@testable import KurukuruCodecs
import XCTest

// MARK: - Synthetic animations

/// Loader-like animations drawn with simple math (analytic anti-aliasing).
enum Synthetic {
  /// Coverage of a pixel by a shape whose signed distance (pixels, negative inside) is `d`.
  static func coverage(_ d: Double) -> Double { max(0, min(1, 0.5 - d)) }

  static func pixel(_ color: (Double, Double, Double), _ alpha: Double) -> RGBA8 {
    func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    let a = max(0, min(1, alpha))
    return a == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : RGBA8(r: c(color.0), g: c(color.1), b: c(color.2), a: c(a))
  }

  /// An orange disc moving round a circle on a transparent canvas (few colours: exact palette).
  static func disc(size: Int, frame i: Int, of n: Int) -> Frame {
    var frame = Frame(width: size, height: size)
    let s = Double(size)
    let angle = 2 * Double.pi * Double(i) / Double(n)
    let cx = s / 2 + s * 0.28 * cos(angle), cy = s / 2 + s * 0.28 * sin(angle), r = s * 0.14
    for y in 0..<size {
      for x in 0..<size {
        let d = hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy) - r
        frame[x, y] = pixel((1, 0.584, 0), coverage(d))
      }
    }
    return frame
  }

  /// A three-quarter ring with an angular gradient (blue → purple → pink), rotating; transparent
  /// background unless `background` is given (then opaque).
  static func arc(size: Int, frame i: Int, of n: Int, background: (Double, Double, Double)? = nil) -> Frame {
    var frame = Frame(width: size, height: size)
    let s = Double(size)
    let c = s / 2, radius = s * 0.36, half = s * 0.06
    let rotation = 2 * Double.pi * Double(i) / Double(n)
    let span = 1.5 * Double.pi
    for y in 0..<size {
      for x in 0..<size {
        let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
        let dist = hypot(dx, dy)
        var theta = atan2(dy, dx) - rotation
        theta = theta.truncatingRemainder(dividingBy: 2 * Double.pi)
        if theta < 0 { theta += 2 * Double.pi }
        let ring = coverage(abs(dist - radius) - half)
        // Distance (pixels) outside the angular span, measured along the circle.
        let outside = theta <= span ? -min(theta, span - theta) * dist : min(theta - span, 2 * Double.pi - theta) * dist
        let a = ring * coverage(outside)
        let t = min(1, theta / span)
        let color = t < 0.5
          ? mix((0.0, 0.478, 1.0), (0.686, 0.322, 0.871), t * 2)
          : mix((0.686, 0.322, 0.871), (1.0, 0.176, 0.333), t * 2 - 1)
        if let bg = background {
          frame[x, y] = pixel(mix(bg, color, a), 1)
        } else {
          frame[x, y] = pixel(color, a)
        }
      }
    }
    return frame
  }

  static func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
  }
}

// MARK: - Reference results

enum Reference {
  /// `frame` blended onto `matte` in floating point (the true-colour reference), RGB only.
  static func onMatte(_ frame: Frame, _ matte: RGBA8) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(frame.width * frame.height * 3)
    let m = [Double(matte.r), Double(matte.g), Double(matte.b)]
    for i in 0..<(frame.width * frame.height) {
      let a = Double(frame.pixels[i * 4 + 3]) / 255
      for ch in 0..<3 { out.append(Double(frame.pixels[i * 4 + ch]) * a + m[ch] * (1 - a)) }
    }
    return out
  }

  /// PSNR (dB) between two RGB images given as doubles.
  static func psnr(_ a: [Double], _ b: [Double]) -> Double {
    var sum = 0.0
    for i in a.indices { sum += (a[i] - b[i]) * (a[i] - b[i]) }
    let mse = sum / Double(a.count)
    return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
  }

  /// The canvases the encoder intends: matted, palette-mapped, transparent as (0, 0, 0, 0).
  static func expected(_ frames: [Frame], options: GIFOptions) -> [Frame] {
    var matting = Matting(options.transparency)
    if case .matte(_, let base) = options.transparency, options.maxColorError != 0 && options.maxFringeError > 0 {
      // The encoder sets the alpha threshold from its first chunk of frames.
      let chunk = FrameChunks.size(width: frames[0].width, height: frames[0].height)
      matting = Matting(options.transparency, threshold: Matting.fringeThreshold(
        of: Array(frames.prefix(chunk)), matte: matting.matte, base: base, maxError: options.maxFringeError))
    }
    var histogram = ColorHistogram()
    var keys = [ColorKey](repeating: 0, count: frames[0].width * frames[0].height)
    for frame in frames {
      keys = Reference.keys(of: frame, matting)
      histogram.add(keys)
    }
    let colorError = options.colorError(hasTransparency: histogram.transparentCount > 0)
    let palette = Quantizer.palette(for: histogram, maxColors: options.maxColors, maxError: colorError)
    var mapper = PixelMapper(palette: palette, dither: options.dither)
    // A pixel whose key changed keeps its previous opaque palette colour while that is within
    // the temporal tolerance of the new colour.
    let tolerance = GIFOptions.temporalTolerance(forColorError: colorError)
    var previousKeys: [ColorKey]? = nil
    var previousIndices = [Int](repeating: 0, count: keys.count)
    return frames.map { frame in
      keys = Reference.keys(of: frame, matting)
      var out = Frame(width: frame.width, height: frame.height)
      for y in 0..<frame.height {
        for x in 0..<frame.width {
          let p = y * frame.width + x
          var index = Int(mapper.index(keys[p], x: x, y: y))
          if let before = previousKeys {
            let old = previousIndices[p]
            if before[p] == keys[p] {
              index = old
            } else if keys[p] != .transparent && old < palette.colors.count && index != old {
              let c = palette.colors[old]
              let d = (c.red - keys[p].red) * (c.red - keys[p].red) + (c.green - keys[p].green) * (c.green - keys[p].green)
                + (c.blue - keys[p].blue) * (c.blue - keys[p].blue)
              if d <= tolerance { index = old }
            }
          }
          previousIndices[p] = index
          if index < palette.colors.count {
            let k = palette.colors[index]
            out[x, y] = RGBA8(r: UInt8(k.red), g: UInt8(k.green), b: UInt8(k.blue))
          }
        }
      }
      previousKeys = keys
      return out
    }
  }
}

extension Reference {
  /// The colour key of every pixel of `frame` under `matting`, row by row.
  static func keys(of frame: Frame, _ matting: Matting) -> [ColorKey] {
    frame.pixels.withUnsafeBufferPointer { px in (0..<(frame.width * frame.height)).map { matting.key(px, $0) } }
  }
}

// MARK: - Encoding helpers

extension GIFEncoder {
  /// Encodes in-memory frames with delays in centiseconds (tests only).
  static func encode(_ frames: [Frame], delays: [Int], options: GIFOptions = GIFOptions()) throws -> [UInt8] {
    try encode(TimedFrames(frames, durations: delays.map { Rational($0, 100) }, unit: Rational(1, 100)), options: options)
  }

  /// Encodes frames from a provider with delays in centiseconds (tests only); `frameCount` must
  /// be `delays.count`.
  static func encode(width: Int, height: Int, frameCount: Int, delays: [Int], options: GIFOptions = GIFOptions(),
                     cacheBudget: Int = KeyCache.budget, frames: @escaping (Range<Int>) throws -> [Frame]) throws -> [UInt8] {
    precondition(frameCount == delays.count, "one delay per frame")
    let timing = FrameTiming.durations(delays.map { Rational($0, 100) }, unit: Rational(1, 100))
    return try encode(TimedFrames(width: width, height: height, timing: timing, frames: frames), options: options,
                      cacheBudget: cacheBudget)
  }
}

// MARK: - Hand-made GIF files

/// Assembles GIF files byte by byte, with uncompressed LZW (a clear code before the table grows),
/// to feed the decoder features our encoder never writes.
struct GIFBytes {
  var bytes: [UInt8] = Array("GIF89a".utf8)

  private static func tableBits(_ count: Int) -> Int {
    var bits = 1
    while (1 << bits) < count { bits += 1 }
    return bits
  }

  private static func table(_ colors: [RGBA8]) -> [UInt8] {
    let size = 1 << tableBits(colors.count)
    var out: [UInt8] = []
    for i in 0..<size {
      let c = i < colors.count ? colors[i] : RGBA8(r: 0, g: 0, b: 0)
      out += [c.r, c.g, c.b]
    }
    return out
  }

  private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

  mutating func screen(width: Int, height: Int, global: [RGBA8]?) {
    bytes += GIFBytes.le16(width) + GIFBytes.le16(height)
    if let global {
      bytes += [0xF0 | UInt8(GIFBytes.tableBits(global.count) - 1), 0, 0] + GIFBytes.table(global)
    } else {
      bytes += [0x70, 0, 0]
    }
  }

  mutating func loop(_ count: Int) {
    bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + GIFBytes.le16(count) + [0]
  }

  mutating func control(disposal: Int, delay: Int, transparent: Int?) {
    bytes += [0x21, 0xF9, 4, UInt8(disposal << 2) | (transparent == nil ? 0 : 1)] + GIFBytes.le16(delay)
      + [UInt8(transparent ?? 0), 0]
  }

  /// An image; `rows` are given top to bottom and stored interlaced when asked.
  mutating func image(x: Int, y: Int, width: Int, height: Int, local: [RGBA8]? = nil, interlaced: Bool = false,
                      indices: [UInt8], tableBits: Int = 2) {
    bytes += [0x2C] + GIFBytes.le16(x) + GIFBytes.le16(y) + GIFBytes.le16(width) + GIFBytes.le16(height)
    var flags: UInt8 = interlaced ? 0x40 : 0
    var bits = tableBits
    if let local {
      bits = GIFBytes.tableBits(local.count)
      flags |= 0x80 | UInt8(bits - 1)
    }
    bytes.append(flags)
    if let local { bytes += GIFBytes.table(local) }
    var order = Array(0..<height)
    if interlaced {
      order = []
      for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { order += Array(stride(from: start, to: height, by: step)) }
    }
    var stored: [UInt8] = []
    for row in order where (row + 1) * width <= indices.count { stored += indices[(row * width)..<((row + 1) * width)] }
    bytes += GIFBytes.lzw(stored, minCodeSize: max(2, bits))
  }

  mutating func trailer() { bytes.append(0x3B) }

  /// Uncompressed LZW: every code is a literal; a clear code comes before the code width grows.
  static func lzw(_ indices: [UInt8], minCodeSize m: Int) -> [UInt8] {
    let clear = 1 << m, end = clear + 1, width = m + 1, chunk = (1 << m) - 2
    var codes: [Int] = []
    for (i, v) in indices.enumerated() {
      if i % chunk == 0 { codes.append(clear) }
      codes.append(Int(v))
    }
    codes.append(end)
    var packed: [UInt8] = []
    var acc = 0, count = 0
    for code in codes {
      acc |= code << count
      count += width
      while count >= 8 { packed.append(UInt8(acc & 0xFF)); acc >>= 8; count -= 8 }
    }
    if count > 0 { packed.append(UInt8(acc & 0xFF)) }
    var out: [UInt8] = [UInt8(m)]
    var start = 0
    while start < packed.count {
      let n = min(255, packed.count - start)
      out.append(UInt8(n))
      out += packed[start..<(start + n)]
      start += n
    }
    out.append(0)
    return out
  }
}

// MARK: - Frame assertions

/// Asserts two frame lists are equal, reporting the first differing pixel instead of every byte.
func assertFramesEqual(_ actual: [Frame], _ expected: [Frame], _ message: String = "",
                       file: StaticString = #filePath, line: UInt = #line) {
  guard actual.count == expected.count else {
    XCTFail("\(message) \(actual.count) frames, expected \(expected.count)", file: file, line: line)
    return
  }
  for (i, (a, e)) in zip(actual, expected).enumerated() where a != e {
    guard a.width == e.width, a.height == e.height else {
      XCTFail("\(message) frame \(i) is \(a.width)×\(a.height), expected \(e.width)×\(e.height)", file: file, line: line)
      return
    }
    for y in 0..<a.height {
      for x in 0..<a.width where a[x, y] != e[x, y] {
        XCTFail("\(message) frame \(i) pixel (\(x), \(y)) is \(a[x, y]), expected \(e[x, y])", file: file, line: line)
        return
      }
    }
  }
}
