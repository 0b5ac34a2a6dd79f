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
  /// CSS `steps(count, position)`: progress rises in `count` equal jumps placed by `position`
  /// (CSS Easing Functions Level 1), holding flat between them. `count` ≥ 1 (≥ 2 for
  /// `jumpNone`).
  case steps(Int, StepPosition)
  /// Android's `PathInterpolator`: progress is the path's y at the time fraction (`PathCurve`).
  case path(PathCurve)

  // MARK: - Named curves

  /// SwiftUI / Core Animation ease-in: (0.42, 0, 1, 1).
  public static let easeIn = TimingCurve.bezier(UnitBezier(0.42, 0, 1, 1))
  /// SwiftUI / Core Animation ease-out: (0, 0, 0.58, 1).
  public static let easeOut = TimingCurve.bezier(UnitBezier(0, 0, 0.58, 1))
  /// SwiftUI / Core Animation ease-in-ease-out: (0.42, 0, 0.58, 1).
  public static let easeInOut = TimingCurve.bezier(UnitBezier(0.42, 0, 0.58, 1))
  /// Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
  public static let caDefault = TimingCurve.bezier(UnitBezier(0.25, 0.1, 0.25, 1))

  // MARK: - CSS curves

  // CSS's keywords are defined on their own, so that SwiftUI's names never change with them
  // (today SwiftUI's ease-in, ease-out and ease-in-out have the same control points).

  /// CSS `ease`: (0.25, 0.1, 0.25, 1), the same curve as Core Animation's default.
  public static let cssEase = TimingCurve.bezier(UnitBezier(0.25, 0.1, 0.25, 1))
  /// CSS `ease-in`: (0.42, 0, 1, 1).
  public static let cssEaseIn = TimingCurve.bezier(UnitBezier(0.42, 0, 1, 1))
  /// CSS `ease-out`: (0, 0, 0.58, 1).
  public static let cssEaseOut = TimingCurve.bezier(UnitBezier(0, 0, 0.58, 1))
  /// CSS `ease-in-out`: (0.42, 0, 0.58, 1).
  public static let cssEaseInOut = TimingCurve.bezier(UnitBezier(0.42, 0, 0.58, 1))
  /// CSS `step-start`: `steps(1, jump-start)`, 1 from the first instant.
  public static let stepStart = TimingCurve.steps(1, .jumpStart)
  /// CSS `step-end`: `steps(1, jump-end)`, 0 until the end.
  public static let stepEnd = TimingCurve.steps(1, .jumpEnd)

  // MARK: - Evaluation

  /// Eased progress for a linear fraction of one pass.
  ///
  /// Linear returns `x`; a Bézier its y at `x`; a spring `value(at: x · settlingDuration)`,
  /// except that x = 1 returns exactly 1 so every pass ends on its target (the spring itself is
  /// within 0.001 of it there). A spring that never settles (dampingFraction 0) reads `x` as
  /// seconds; the parser rejects such springs. `steps(n, position)` follows CSS: the step
  /// index is ⌊x·n⌋, plus 1 for `jumpStart`/`jumpBoth`, divided by the number of jumps (n, n + 1
  /// for `jumpBoth`, n − 1 for `jumpNone`) and capped at 1.
  /// - Parameter x: fraction of the pass, clamped to 0…1 (NaN is treated as 0).
  /// - Returns: progress, 1 at x = 1 and 0 at x = 0 (except `jumpStart`/`jumpBoth` steps, which
  ///   have already jumped there); may leave 0…1 (overshoot).
  public func progress(_ x: Double) -> Double {
    let u = x.isNaN ? 0 : min(1, max(0, x))
    switch self {
    case .linear:
      return u
    case .bezier(let curve):
      return curve.value(at: u)
    case .path(let curve):
      return curve.value(at: u)
    case .spring(let spring):
      if u >= 1 { return 1 }
      guard spring.settlingDuration.isFinite else { return spring.value(at: u) }
      return spring.value(at: u * spring.settlingDuration)
    case .steps(let count, let position):
      let n = Double(max(1, count))
      var step = (u * n).rounded(.down)
      if position == .jumpStart || position == .jumpBoth { step += 1 }
      let jumps: Double
      switch position {
      case .jumpStart, .jumpEnd: jumps = n
      case .jumpBoth: jumps = n + 1
      case .jumpNone: jumps = n - 1
      }
      guard jumps > 0 else { return u >= 1 ? 1 : 0 }
      return min(step, jumps) / jumps
    }
  }
}

// MARK: - StepPosition

/// Where the jumps of a CSS `steps()` curve fall.
public enum StepPosition: String, CaseIterable, Hashable, Sendable {
  /// The first jump at the start of the pass (CSS `jump-start`, also `start`).
  case jumpStart = "jump-start"
  /// The last jump at the end of the pass (CSS `jump-end`, also `end`; the default).
  case jumpEnd = "jump-end"
  /// No jump at either end: n flat steps from 0 to 1 (CSS `jump-none`; needs n ≥ 2).
  case jumpNone = "jump-none"
  /// Jumps at both ends: n + 1 jumps (CSS `jump-both`).
  case jumpBoth = "jump-both"

  /// The position named `name` in CSS (`jump-start`, `start`, …); nil for any other name.
  public init?(css name: String) {
    switch name {
    case "start": self = .jumpStart
    case "end": self = .jumpEnd
    default: self.init(rawValue: name)
    }
  }
}
