import Foundation

// MARK: - UnitBezier

/// A CSS `cubic-bezier` timing curve from (0, 0) to (1, 1) (ARCHITECTURE.md §4).
///
/// The curve is `B(s) = 3(1−s)²s·c0 + 3(1−s)s²·c1 + s³` for a parameter `s` in 0…1. Its x is the
/// linear time fraction and its y the eased progress. The x coordinates of both control points
/// are clamped to 0…1, which keeps x(s) monotonic so that every x has exactly one y; the y
/// coordinates are free, so y may leave 0…1 (overshoot).
public struct UnitBezier: Equatable, Hashable, Sendable {
  /// First control point, x in 0…1.
  public let c0x: Double
  /// First control point, y (any value).
  public let c0y: Double
  /// Second control point, x in 0…1.
  public let c1x: Double
  /// Second control point, y (any value).
  public let c1y: Double

  /// Creates the curve with control points (c0x, c0y) and (c1x, c1y).
  /// - Parameters:
  ///   - c0x: x of the first control point; clamped to 0…1 (NaN becomes 0).
  ///   - c0y: y of the first control point.
  ///   - c1x: x of the second control point; clamped to 0…1 (NaN becomes 0).
  ///   - c1y: y of the second control point.
  public init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
    self.c0x = UnitBezier.clampUnit(c0x)
    self.c0y = c0y
    self.c1x = UnitBezier.clampUnit(c1x)
    self.c1y = c1y
  }

  // MARK: - Evaluation

  /// The curve as a `CubicBezier` from (0, 0) to (1, 1).
  public var curve: CubicBezier {
    CubicBezier(p0: .zero, p1: Point(x: c0x, y: c0y), p2: Point(x: c1x, y: c1y), p3: Point(x: 1, y: 1))
  }

  /// The eased progress y for a linear time fraction x: y at the parameter where x(s) = x
  /// (`CubicBezier.parameter(atX:)`, Newton then bisection, to well below 1e-7).
  /// - Parameter x: the linear fraction, clamped to 0…1 (NaN is treated as 0).
  /// - Returns: y at that x; 0 at x = 0 and 1 at x = 1; may leave 0…1 for overshooting curves.
  public func value(at x: Double) -> Double {
    let u = UnitBezier.clampUnit(x)
    if u == 0 { return 0 }
    if u == 1 { return 1 }
    let c = curve
    return c.y(atParameter: c.parameter(atX: u))
  }

  /// Clamps to 0…1; NaN becomes 0.
  private static func clampUnit(_ v: Double) -> Double {
    if v.isNaN { return 0 }
    return min(1, max(0, v))
  }
}
