// MARK: - Frame

/// A rasterized image: straight (not premultiplied) RGBA, 8 bits per channel.
///
/// Pixels are stored row by row from the top-left corner, four bytes per pixel in the order
/// red, green, blue, alpha; `pixels.count == width * height * 4` always holds. This is the
/// currency between the rasterizer, the codecs and the comparison.
public struct Frame: Equatable, Sendable {
  /// Width in pixels (≥ 0).
  public let width: Int
  /// Height in pixels (≥ 0).
  public let height: Int
  /// `width * height * 4` bytes, RGBA, straight alpha.
  public var pixels: [UInt8]

  /// Creates a frame from existing pixels.
  /// - Precondition: `pixels.count == width * height * 4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "frame size mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates a frame filled with one colour (default: transparent black).
  public init(width: Int, height: Int, fill: RGBA8 = RGBA8(r: 0, g: 0, b: 0, a: 0)) {
    precondition(width >= 0 && height >= 0, "negative frame size")
    self.width = width
    self.height = height
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    if fill != RGBA8(r: 0, g: 0, b: 0, a: 0) {
      for i in stride(from: 0, to: pixels.count, by: 4) {
        pixels[i] = fill.r; pixels[i + 1] = fill.g; pixels[i + 2] = fill.b; pixels[i + 3] = fill.a
      }
    }
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y` (both from the top-left, in pixels).
  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      let i = (y * width + x) * 4
      return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
    set {
      let i = (y * width + x) * 4
      pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
    }
  }
}

// MARK: - RGBA8

/// One straight-alpha pixel, 8 bits per channel.
public struct RGBA8: Equatable, Hashable, Sendable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r; self.g = g; self.b = b; self.a = a
  }
}
