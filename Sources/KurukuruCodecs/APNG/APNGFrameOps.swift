// MARK: - APNGDispose

/// fcTL's `dispose_op`: what becomes of a frame's region before the next frame is drawn. The raw
/// value is the byte the file stores.
enum APNGDispose: UInt8, Sendable, CaseIterable {
  /// 0: the region is left as drawn.
  case none = 0
  /// 1: the region is cleared to transparent black.
  case background = 1
  /// 2: the region goes back to what it was before the frame was drawn (for the first frame the
  /// spec reads it as `background`).
  case previous = 2
}

// MARK: - APNGBlend

/// fcTL's `blend_op`: how a frame's pixels meet the canvas. The raw value is the byte the file
/// stores.
enum APNGBlend: UInt8, Sendable, CaseIterable {
  /// 0: the frame's pixels replace the region, alpha included.
  case source = 0
  /// 1: the frame's pixels are composited OVER the region.
  case over = 1
}
