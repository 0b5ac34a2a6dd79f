import KurukuruCore

// MARK: - RasterError

/// Everything that can go wrong while turning a `DisplayList` into a `Frame`.
///
/// A resolved display list is always drawable; these errors come from the rasterizer's own
/// limits (scale, canvas and layer sizes) or from Cairo itself (for example out of memory).
public enum RasterError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The rasterizer's scale is not a finite number greater than 0 (pixels per point).
  case invalidScale(Double)
  /// The canvas would be larger than `limit` pixels on a side at `scale` pixels per point.
  case canvasTooLarge(width: Int, height: Int, limit: Int, scale: Double)
  /// The canvas would be less than one pixel on a side at `scale` pixels per point.
  case emptyCanvas(width: Int, height: Int, scale: Double)
  /// A layer with a shadow or a blur, or a mask group, needs an offscreen surface larger than
  /// `limit` pixels on a side (canvas plus the blur's reach and the shadow offset).
  case layerTooLarge(width: Int, height: Int, limit: Int)
  /// Content under a `rotation3DEffect` that is not a solid fill needs an offscreen surface
  /// larger than `limit` pixels on a side (the part of the view's plane the canvas can see).
  case projectionTooLarge(width: Int, height: Int, limit: Int)
  /// Cairo reported a failure status while doing `operation`.
  case cairo(operation: String, status: String)

  public var description: String {
    switch self {
    case .invalidScale(let scale):
      return "rasterizer: scale must be a finite number greater than 0 (pixels per point), got \(formatted(scale))"
    case .canvasTooLarge(let width, let height, let limit, let scale):
      return "scale \(formatted(scale)) makes a \(width)×\(height) px canvas; each side must be 1…\(limit) px"
    case .emptyCanvas(let width, let height, let scale):
      return "scale \(formatted(scale)) makes a \(width)×\(height) px canvas; each side must be 1…\(Rasterizer.maximumCanvasSide) px"
    case .layerTooLarge(let width, let height, let limit):
      return
        "rasterizer: offscreen layer surface (a shadow, a blur or a mask) of \(width)×\(height) pixels exceeds the limit of \(limit) pixels a side"
    case .projectionTooLarge(let width, let height, let limit):
      return
        "rasterizer: the offscreen surface of a rotation3DEffect would be \(width)×\(height) pixels; the limit is \(limit) pixels a side"
    case .cairo(let operation, let status):
      return "rasterizer: cairo failed while \(operation): \(status)"
    }
  }
}

/// `2`, `0.5`: a scale as people write it (`NumberText.format(_:decimals:)`).
private func formatted(_ v: Double) -> String { NumberText.format(v) }
