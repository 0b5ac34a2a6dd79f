import Foundation

// Coordinates are in points, y grows downward, origin top-left (ARCHITECTURE.md §4). Angles in the public
// model are in degrees; positive angles turn clockwise on screen.

// MARK: - Point

/// A point or a vector, in points (y down).
public struct Point: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) { self.x = x; self.y = y }
  public static let zero = Point(x: 0, y: 0)

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
  /// Linear interpolation: `a` at `t = 0`, `b` at `t = 1`.
  public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
  }
  /// Euclidean length of the vector, in points.
  public var length: Double { (x * x + y * y).squareRoot() }
}

// MARK: - Size and Rect

/// A size in points (width and height ≥ 0 in a resolved scene).
public struct Size: Equatable, Hashable, Sendable {
  public var width: Double
  public var height: Double
  public init(width: Double, height: Double) { self.width = width; self.height = height }
  public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle in points: `origin` is its top-left corner.
public struct Rect: Equatable, Hashable, Sendable {
  public var origin: Point
  public var size: Size
  public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }
  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { size.width }
  public var height: Double { size.height }
  public var center: Point { Point(x: midX, y: midY) }
  /// The rectangle shrunk by `d` points on every side (never below zero size).
  public func insetBy(_ d: Double) -> Rect {
    let w = max(0, width - 2 * d), h = max(0, height - 2 * d)
    return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
  }
  /// The point at unit coordinates `(u, v)` of the rectangle: (0, 0) top-left, (1, 1) bottom-right.
  public func point(atUnit u: Double, _ v: Double) -> Point {
    Point(x: minX + u * width, y: minY + v * height)
  }
}

// MARK: - Transform

/// A 2-D affine transform mapping `(x, y)` to `(a·x + c·y + tx, b·x + d·y + ty)` — Cairo's and
/// Core Graphics' convention. Units are points; `rotation(degrees:)` turns clockwise on screen.
public struct Transform: Equatable, Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Translation by `(x, y)` points.
  public static func translation(x: Double, y: Double) -> Transform {
    Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }
  /// Scale by `(x, y)` about the origin.
  public static func scale(x: Double, y: Double) -> Transform {
    Transform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }
  /// Rotation about the origin by `degrees`, positive = clockwise on screen (y down).
  public static func rotation(degrees: Double) -> Transform {
    let r = degrees * .pi / 180
    let cs = cos(r), sn = sin(r)
    return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// `self` followed by `next`: `(self.then(next)).apply(p) == next.apply(self.apply(p))`.
  public func then(_ next: Transform) -> Transform {
    Transform(
      a: a * next.a + b * next.c, b: a * next.b + b * next.d,
      c: c * next.a + d * next.c, d: c * next.b + d * next.d,
      tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
  }

  /// Maps a point.
  public func apply(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }
  /// Maps a vector (ignores the translation).
  public func applyToVector(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y)
  }
  /// The determinant of the linear part; its square root is the mean scale factor.
  public var determinant: Double { a * d - b * c }
}
