// MARK: - PixelRect

/// A rectangle of whole pixels on a frame or canvas: the column and row of its top-left corner
/// and its width and height, in pixels, y growing downward (the order `Frame` stores rows in).
///
/// It is empty when its width or height is 0 or less. The codecs' changed regions, frame
/// rectangles and crops use it (`Rect` is the core's rectangle in points).
public struct PixelRect: Equatable, Hashable, Sendable {
  /// Column of the left edge, in pixels from the left of the canvas.
  public var x: Int
  /// Row of the top edge, in pixels from the top of the canvas.
  public var y: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a rectangle from its top-left corner and size, in pixels.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether it holds no pixel (a width or height ≤ 0).
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The smallest rectangle holding both; an empty rectangle counts as nothing (the other one is
  /// returned).
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(x, other.x), y0 = min(y, other.y)
    let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether the pixel at column `px`, row `py` lies inside.
  @inline(__always)
  public func contains(_ px: Int, _ py: Int) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
}
