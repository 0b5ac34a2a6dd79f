import KurukuruCore

// MARK: - PixelmatchOptions

/// Options of `Pixelmatch.compare`, with the defaults of pixelmatch v7.2.0.
///
/// Colours are RGB; their alpha is ignored (diff pixels are always drawn opaque).
public struct PixelmatchOptions: Sendable, Equatable {
  /// Matching threshold, 0…1; smaller is more sensitive. Two pixels differ when their squared
  /// YIQ distance exceeds 35215 × threshold². Default 0.1.
  public var threshold: Double
  /// Counts anti-aliased pixels as differences instead of detecting them. Default false.
  public var includeAA: Bool
  /// Opacity, 0…1, of the first image drawn in gray under the diff marks. Default 0.1.
  public var alpha: Double
  /// Colour of pixels detected as anti-aliasing in the diff image. Default yellow (255, 255, 0).
  public var aaColor: RGBA8
  /// Colour of mismatched pixels in the diff image. Default red (255, 0, 0).
  public var diffColor: RGBA8
  /// Colour of mismatched pixels where the second image is darker; nil uses `diffColor`.
  /// Default nil.
  public var diffColorAlt: RGBA8?
  /// Draws only the mismatches over an untouched (transparent) background. Default false.
  public var diffMask: Bool
  /// Blends semi-transparent pixels onto pixelmatch v7's fixed pattern of dark and light
  /// backgrounds (so that a change in alpha alone is visible); false blends onto white, as
  /// pixelmatch did before v6. Default true.
  public var checkerboard: Bool

  /// Creates options; every argument defaults to pixelmatch v7.2.0's default.
  public init(
    threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1,
    aaColor: RGBA8 = RGBA8(r: 255, g: 255, b: 0), diffColor: RGBA8 = RGBA8(r: 255, g: 0, b: 0),
    diffColorAlt: RGBA8? = nil, diffMask: Bool = false, checkerboard: Bool = true
  ) {
    self.threshold = threshold
    self.includeAA = includeAA
    self.alpha = alpha
    self.aaColor = aaColor
    self.diffColor = diffColor
    self.diffColorAlt = diffColorAlt
    self.diffMask = diffMask
    self.checkerboard = checkerboard
  }

  /// Checks that `threshold` and `alpha` lie in 0…1.
  /// - Throws: `CompareError.invalidOption` naming the option.
  public func validate() throws {
    guard threshold >= 0, threshold <= 1 else {
      throw CompareError.invalidOption(name: "threshold", value: threshold, range: "0…1")
    }
    guard alpha >= 0, alpha <= 1 else {
      throw CompareError.invalidOption(name: "alpha", value: alpha, range: "0…1")
    }
  }

  /// The largest squared YIQ distance still counted as a match: 35215 × threshold².
  var maxDelta: Double { 35215 * threshold * threshold }
}
