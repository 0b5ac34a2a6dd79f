import Dispatch
import KurukuruCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Pixelmatch

/// Pixel-level image comparison, exactly as pixelmatch v7.2.0 (mapbox, ISC licence) counts and
/// draws it: YIQ colour distance against a threshold, anti-aliasing detection, transparent pixels
/// blended onto pixelmatch's background pattern, and the same diff image.
public enum Pixelmatch {
  /// Counts the pixels of `a` and `b` that differ.
  /// - Parameters:
  ///   - a: the first (reference) image.
  ///   - b: the second image, the same size as `a`.
  ///   - options: threshold, anti-aliasing and colours; default pixelmatch's defaults.
  /// - Returns: the number of mismatched pixels (anti-aliased pixels are not counted unless
  ///   `options.includeAA`).
  /// - Throws: `CompareError.sizeMismatch`, `CompareError.invalidOption`.
  public static func compare(_ a: Frame, _ b: Frame, options: PixelmatchOptions = .init()) throws -> Int {
    try checkSizes(a, b)
    try options.validate()
    return run(a, b, options: options, output: nil)
  }

  /// Counts the pixels of `a` and `b` that differ and draws the diff image into `diff`.
  ///
  /// Like pixelmatch, pixels that the diff does not draw (matching or anti-aliased pixels with
  /// `diffMask`) keep whatever `diff` held.
  /// - Parameters:
  ///   - a: the first (reference) image; matching pixels are drawn as its faded gray.
  ///   - b: the second image, the same size as `a`.
  ///   - options: threshold, anti-aliasing and colours; default pixelmatch's defaults.
  ///   - diff: the output image, the same size as `a`.
  /// - Returns: the number of mismatched pixels.
  /// - Throws: `CompareError.sizeMismatch` (also when `diff` has another size),
  ///   `CompareError.invalidOption`.
  public static func compare(
    _ a: Frame, _ b: Frame, options: PixelmatchOptions = .init(), diff: inout Frame
  ) throws -> Int {
    try checkSizes(a, b)
    try checkSizes(a, diff)
    try options.validate()
    return diff.pixels.withUnsafeMutableBufferPointer { output in
      run(a, b, options: options, output: output.baseAddress)
    }
  }

  /// Compares `a` and `b` and returns the count together with a new diff image (transparent
  /// black wherever nothing is drawn).
  /// - Parameters:
  ///   - a: the first (reference) image.
  ///   - b: the second image, the same size as `a`.
  ///   - options: threshold, anti-aliasing and colours; default pixelmatch's defaults.
  /// - Returns: the number of mismatched pixels and the diff image.
  /// - Throws: `CompareError.sizeMismatch`, `CompareError.invalidOption`.
  public static func diff(
    _ a: Frame, _ b: Frame, options: PixelmatchOptions = .init()
  ) throws -> (mismatchedPixels: Int, image: Frame) {
    var image = Frame(width: a.width, height: a.height)
    let count = try compare(a, b, options: options, diff: &image)
    return (count, image)
  }

  // MARK: - Implementation

  private static func checkSizes(_ a: Frame, _ b: Frame) throws {
    guard a.width == b.width, a.height == b.height else {
      throw CompareError.sizeMismatch(widthA: a.width, heightA: a.height, widthB: b.width, heightB: b.height)
    }
  }

  /// The comparison proper; sizes and options are already checked.
  private static func run(
    _ a: Frame, _ b: Frame, options: PixelmatchOptions, output: UnsafeMutablePointer<UInt8>?
  ) -> Int {
    let width = a.width, height = a.height
    let count = width * height
    guard count > 0 else { return 0 }
    return a.pixels.withUnsafeBufferPointer { bufferA in
      b.pixels.withUnsafeBufferPointer { bufferB in
        guard let img1 = bufferA.baseAddress, let img2 = bufferB.baseAddress else { return 0 }
        // Array storage is at least 8-byte aligned, so pixels can be loaded as 32-bit words.
        return compareRows(
          img1, PixelWords(UnsafeRawPointer(img1)), img2, PixelWords(UnsafeRawPointer(img2)),
          width: width, height: height, options: options, output: output)
      }
    }
  }

  @inline(__always)
  private static func draw(_ output: UnsafeMutablePointer<UInt8>, _ pos: Int, _ color: RGBA8) {
    output[pos] = color.r
    output[pos + 1] = color.g
    output[pos + 2] = color.b
    output[pos + 3] = 255
  }

  @inline(__always)
  private static func drawGray(
    _ output: UnsafeMutablePointer<UInt8>, _ pos: Int, _ image: UnsafePointer<UInt8>, alpha: Double
  ) {
    let value = YIQ.gray(image, pos, alpha: alpha)
    output[pos] = value
    output[pos + 1] = value
    output[pos + 2] = value
    output[pos + 3] = 255
  }

  private static func compareRows(
    _ img1: UnsafePointer<UInt8>, _ a32: PixelWords,
    _ img2: UnsafePointer<UInt8>, _ b32: PixelWords,
    width: Int, height: Int, options: PixelmatchOptions, output: UnsafeMutablePointer<UInt8>?
  ) -> Int {
    let count = width * height
    let drawsBackground = !options.diffMask
    let alpha = options.alpha

    // Fast path: identical images (word by word, as pixelmatch does).
    if memcmp(img1, img2, count * 4) == 0 {
      if let output = output, drawsBackground {
        for i in 0..<count { drawGray(output, i * 4, img1, alpha: alpha) }
      }
      return 0
    }

    // Rows are independent: large images are split into bands compared in parallel. Each band
    // writes only its own rows of the diff, and the counts are summed in order, so the result
    // does not depend on the number of threads.
    let bandCount = count >= parallelPixelThreshold ? min(height, bandsPerImage) : 1
    if bandCount == 1 {
      return compareBand(img1, a32, img2, b32, width: width, height: height, rows: 0..<height,
                         options: options, output: output)
    }
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: bandCount)
    defer { counts.deallocate() }
    DispatchQueue.concurrentPerform(iterations: bandCount) { band in
      let rows = (height * band / bandCount)..<(height * (band + 1) / bandCount)
      counts[band] = compareBand(img1, a32, img2, b32, width: width, height: height, rows: rows,
                                 options: options, output: output)
    }
    return counts.reduce(0, +)
  }

  /// Images with at least this many pixels are compared in parallel bands.
  private static let parallelPixelThreshold = 1 << 16

  /// Number of bands a large image is split into.
  private static let bandsPerImage = 8

  /// Compares the rows `rows` (anti-aliasing detection still looks at their neighbours).
  private static func compareBand(
    _ img1: UnsafePointer<UInt8>, _ a32: PixelWords,
    _ img2: UnsafePointer<UInt8>, _ b32: PixelWords,
    width: Int, height: Int, rows: Range<Int>, options: PixelmatchOptions,
    output: UnsafeMutablePointer<UInt8>?
  ) -> Int {
    let drawsBackground = !options.diffMask
    let alpha = options.alpha
    let maxDelta = options.maxDelta
    let checkerboard = options.checkerboard
    let detectAA = !options.includeAA
    let aaColor = options.aaColor
    let diffColor = options.diffColor
    let altColor = options.diffColorAlt ?? options.diffColor
    let detector = Antialiasing(width: width, height: height, checkerboard: checkerboard)
    var mismatched = 0

    for y in rows {
      let row = y * width
      for x in 0..<width {
        let i = row + x
        let pos = i * 4
        let delta: Double
        if a32[i] == b32[i] {
          delta = 0
        } else {
          delta = YIQ.delta(img1, pos, img2, pos, yOnly: false, checkerboard: checkerboard)
        }

        if abs(delta) > maxDelta {
          if detectAA
            && (detector.isAntialiased(img1, a32, b32, x: x, y: y)
              || detector.isAntialiased(img2, b32, a32, x: x, y: y))
          {
            // Anti-aliasing: drawn (not in a mask), not counted.
            if let output = output, drawsBackground { draw(output, pos, aaColor) }
          } else {
            if let output = output { draw(output, pos, delta < 0 ? altColor : diffColor) }
            mismatched += 1
          }
        } else if let output = output, drawsBackground {
          drawGray(output, pos, img1, alpha: alpha)
        }
      }
    }
    return mismatched
  }
}

// MARK: - PixelWords

/// The pixels of an image as 32-bit words (for equality tests only), loaded from raw memory.
struct PixelWords {
  let base: UnsafeRawPointer

  init(_ base: UnsafeRawPointer) {
    self.base = base
  }

  /// The four bytes of pixel `index` as one word.
  @inline(__always)
  subscript(index: Int) -> UInt32 {
    base.load(fromByteOffset: index &* 4, as: UInt32.self)
  }
}
