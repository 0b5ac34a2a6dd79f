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

  /// The eased progress y for a linear time fraction x.
  ///
  /// Solves x(s) = x for the curve parameter s — Newton's method while the slope is safely away
  /// from zero, then bisection — to well below 1e-7, and returns y(s).
  /// - Parameter x: the linear fraction, clamped to 0…1 (NaN is treated as 0).
  /// - Returns: y at that x; 0 at x = 0 and 1 at x = 1; may leave 0…1 for overshooting curves.
  public func value(at x: Double) -> Double {
    let u = UnitBezier.clampUnit(x)
    if u == 0 { return 0 }
    if u == 1 { return 1 }
    return sampleY(solve(u))
  }

  /// The curve parameter s in 0…1 whose x(s) equals `x` (x strictly inside 0…1).
  /// - Parameter x: the linear fraction.
  /// - Returns: s with |x(s) − x| ≤ 1e-14, or s bracketed by bisection to ~1e-16.
  func solve(_ x: Double) -> Double {
    // Newton from s = x; only trust it while the slope is well away from zero, so that a tiny
    // residual also means a tiny error in s.
    var s = x
    for _ in 0..<8 {
      let residual = sampleX(s) - x
      if abs(residual) <= UnitBezier.residualTolerance { return s }
      let slope = sampleDX(s)
      if abs(slope) < UnitBezier.slopeGuard { break }
      let next = s - residual / slope
      if !(next > 0 && next < 1) { break }
      s = next
    }
    // Bisection: x(s) is non-decreasing on 0…1 because both control x are in 0…1.
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<80 {
      let mid = (lo + hi) / 2
      if mid <= lo || mid >= hi { break }
      if sampleX(mid) < x { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }

  // MARK: - Polynomial form

  /// x(s) in Horner form.
  func sampleX(_ s: Double) -> Double {
    let (a, b, c) = UnitBezier.coefficients(c0x, c1x)
    return ((a * s + b) * s + c) * s
  }

  /// y(s) in Horner form.
  func sampleY(_ s: Double) -> Double {
    let (a, b, c) = UnitBezier.coefficients(c0y, c1y)
    return ((a * s + b) * s + c) * s
  }

  /// dx/ds.
  func sampleDX(_ s: Double) -> Double {
    let (a, b, c) = UnitBezier.coefficients(c0x, c1x)
    return (3 * a * s + 2 * b) * s + c
  }

  /// Power-basis coefficients (a, b, c) of `a·s³ + b·s² + c·s` for one coordinate.
  private static func coefficients(_ p0: Double, _ p1: Double) -> (Double, Double, Double) {
    let c = 3 * p0
    let b = 3 * (p1 - p0) - c
    let a = 1 - c - b
    return (a, b, c)
  }

  /// Newton stops when |x(s) − x| is below this.
  private static let residualTolerance = 1e-14
  /// Newton is abandoned for bisection when |dx/ds| is below this.
  private static let slopeGuard = 1e-3

  /// Clamps to 0…1; NaN becomes 0.
  private static func clampUnit(_ v: Double) -> Double {
    if v.isNaN { return 0 }
    return min(1, max(0, v))
  }
}
