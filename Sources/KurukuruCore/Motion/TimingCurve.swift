import Foundation

// MARK: - TimingCurve

/// How one pass of an animation eases its linear time fraction into progress (ARCHITECTURE.md §4).
public enum TimingCurve: Equatable, Hashable, Sendable {
  /// Progress equals the time fraction.
  case linear
  /// A CSS cubic-bezier curve.
  case bezier(UnitBezier)
  /// A spring whose pass lasts its `settlingDuration`.
  case spring(SpringCurve)

  // MARK: - Named curves

  /// SwiftUI / Core Animation ease-in: (0.42, 0, 1, 1).
  public static let easeIn = TimingCurve.bezier(UnitBezier(0.42, 0, 1, 1))
  /// SwiftUI / Core Animation ease-out: (0, 0, 0.58, 1).
  public static let easeOut = TimingCurve.bezier(UnitBezier(0, 0, 0.58, 1))
  /// SwiftUI / Core Animation ease-in-ease-out: (0.42, 0, 0.58, 1).
  public static let easeInOut = TimingCurve.bezier(UnitBezier(0.42, 0, 0.58, 1))
  /// Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
  public static let caDefault = TimingCurve.bezier(UnitBezier(0.25, 0.1, 0.25, 1))

  // MARK: - Evaluation

  /// Eased progress for a linear fraction of one pass.
  ///
  /// Linear returns `x`; a Bézier its y at `x`; a spring `value(at: x · settlingDuration)`,
  /// except that x = 1 returns exactly 1 so every pass ends on its target (the spring itself is
  /// within 0.001 of it there). A spring that never settles (dampingFraction 0) reads `x` as
  /// seconds; the parser rejects such springs.
  /// - Parameter x: fraction of the pass, clamped to 0…1 (NaN is treated as 0).
  /// - Returns: progress, 0 at x = 0 and 1 at x = 1; may leave 0…1 (overshoot).
  public func progress(_ x: Double) -> Double {
    let u = x.isNaN ? 0 : min(1, max(0, x))
    switch self {
    case .linear:
      return u
    case .bezier(let curve):
      return curve.value(at: u)
    case .spring(let spring):
      if u >= 1 { return 1 }
      guard spring.settlingDuration.isFinite else { return spring.value(at: u) }
      return spring.value(at: u * spring.settlingDuration)
    }
  }
}
