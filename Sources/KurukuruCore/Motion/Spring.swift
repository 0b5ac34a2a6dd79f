import Foundation

// MARK: - SpringCurve

/// A SwiftUI spring moving from 0 to 1 with zero initial velocity (ARCHITECTURE.md §4).
///
/// Mass 1, stiffness k = (2π / response)², damping c = 4π · dampingFraction / response, so the
/// natural angular frequency is ω₀ = 2π / response (rad/s) and the damping ratio is
/// `dampingFraction`. Displacement is computed in closed form for the under-damped
/// (dampingFraction < 1), critically damped (= 1) and over-damped (> 1) cases.
public struct SpringCurve: Equatable, Hashable, Sendable {
  /// Period of the undamped oscillation, in seconds (> 0).
  public let response: Double
  /// Damping ratio: 0 never settles, 1 is critical damping, above 1 over-damped.
  public let dampingFraction: Double
  /// Seconds until the motion stays settled, rounded up to a whole millisecond (see
  /// `SpringCurve.settlingEpsilon`); `.infinity` when it never settles (dampingFraction 0, or so
  /// light that it would take over 2·10¹¹ periods).
  ///
  /// Settled means |1 − x(t)| ≤ 0.001 and |x′(t)| / ω₀ ≤ 0.001 (the velocity expressed as the
  /// displacement it would cover in 1/ω₀ seconds), for every later t. Computed once, at
  /// initialisation, deterministically: the first instant after which both hold is bracketed by
  /// a backward scan (steps of response/5000) from an instant known to be settled — an
  /// exponential envelope, moved back by whole half-periods for under-damped springs — and
  /// refined by bisection.
  public private(set) var settlingDuration: Double

  /// Tolerance of the settled state, as a fraction of the distance travelled.
  public static let settlingEpsilon = 0.001

  /// Creates a spring from SwiftUI's `spring(response:dampingFraction:)` parameters.
  /// - Parameters:
  ///   - response: seconds, > 0 (non-positive or non-finite values become 1e-3 s).
  ///   - dampingFraction: ≥ 0 (negative or NaN values become 0).
  public init(response: Double, dampingFraction: Double) {
    self.response = response.isFinite && response > 0 ? max(response, 1e-3) : 1e-3
    self.dampingFraction = dampingFraction.isFinite ? max(0, dampingFraction) : 0
    self.settlingDuration = 0
    self.settlingDuration = computeSettlingDuration()
  }

  /// Creates a spring from SwiftUI's iOS 17 `Spring(duration:bounce:)` parameters.
  ///
  /// Mapping (as SwiftUI documents by example — `Spring(duration: 0.5, bounce: 0.3)` has
  /// stiffness 157.9 and damping 17.6): response = duration; dampingFraction = 1 − bounce for
  /// bounce ≥ 0, and 1 / (1 + bounce) for bounce < 0 (over-damped).
  /// - Parameters:
  ///   - duration: the perceptual duration in seconds, > 0 (SwiftUI default 0.5).
  ///   - bounce: −1 < bounce ≤ 1 (SwiftUI default 0); 0 is critically damped, 1 undamped.
  public init(duration: Double, bounce: Double) {
    let fraction: Double
    if bounce >= 0 {
      fraction = 1 - bounce
    } else {
      fraction = bounce > -1 ? 1 / (1 + bounce) : 1e6
    }
    self.init(response: duration, dampingFraction: fraction)
  }

  // MARK: - Motion

  /// Natural angular frequency ω₀ = 2π / response, in rad/s.
  public var angularFrequency: Double { 2 * Double.pi / response }

  /// Displacement at `seconds`: 0 at 0, tending to 1 (may overshoot when under-damped).
  /// - Parameter seconds: time since the start, in seconds; values ≤ 0 give 0.
  /// - Returns: the displacement from 0 towards 1.
  public func value(at seconds: Double) -> Double {
    guard seconds > 0 else { return 0 }
    return 1 - state(at: seconds).error
  }

  /// Velocity at `seconds`, in units of the full distance per second.
  /// - Parameter seconds: time since the start, in seconds; values ≤ 0 give 0.
  /// - Returns: dx/dt.
  public func velocity(at seconds: Double) -> Double {
    guard seconds > 0 else { return 0 }
    return state(at: seconds).velocity
  }

  /// The remaining distance e(t) = 1 − x(t) (e(0) = 1, e′(0) = 0) and the velocity x′(t) = −e′(t).
  private func state(at t: Double) -> (error: Double, velocity: Double) {
    let w0 = angularFrequency
    let zeta = dampingFraction
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let decay = exp(-zeta * w0 * t)
      let c = cos(wd * t)
      let s = sin(wd * t)
      let error = decay * (c + (zeta * w0 / wd) * s)
      let velocity = decay * (w0 * w0 / wd) * s
      return (error, velocity)
    } else if zeta == 1 {
      let decay = exp(-w0 * t)
      return (decay * (1 + w0 * t), decay * w0 * w0 * t)
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w0 * (zeta - root)  // slow root, closer to 0
      let r2 = -w0 * (zeta + root)  // fast root
      let e1 = exp(r1 * t)
      let e2 = exp(r2 * t)
      let error = (r2 * e1 - r1 * e2) / (r2 - r1)
      let velocity = (r1 * r2) * (e1 - e2) / (r1 - r2)
      return (error, velocity)
    }
  }

  // MARK: - Settling

  /// The larger of the remaining distance and the scaled speed; ≤ ε means settled at t.
  func unsettledness(at t: Double) -> Double {
    let st = state(at: t)
    return max(abs(st.error), abs(st.velocity) / angularFrequency)
  }

  /// A time after which `unsettledness` is certainly ≤ ε, from an exponential envelope.
  private func settledBound() -> Double {
    let eps = SpringCurve.settlingEpsilon
    let w0 = angularFrequency
    let zeta = dampingFraction
    if zeta < 1 {
      // |e| and |x′|/ω₀ are both ≤ e^(−ζω₀t) / √(1−ζ²).
      let factor = 1 / (1 - zeta * zeta).squareRoot()
      return log(factor / eps) / (zeta * w0)
    } else if zeta == 1 {
      // e = e^(−ω₀t)(1 + ω₀t) ≥ ω₀t·e^(−ω₀t) = |x′|/ω₀ and it decreases: bracket e(t) = ε.
      var hi = 1 / w0
      while exp(-w0 * hi) * (1 + w0 * hi) > eps { hi *= 2 }
      return hi
    } else {
      // Both ≤ e^(r₁t) · ζ / √(ζ²−1), with r₁ = −ω₀(ζ − √(ζ²−1)).
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w0 * (zeta - root)
      return log((zeta / root) / eps) / -r1
    }
  }

  /// The settling duration in seconds, rounded up to a whole millisecond.
  private func computeSettlingDuration() -> Double {
    guard dampingFraction > 0 else { return .infinity }
    let eps = SpringCurve.settlingEpsilon
    let bound = settledBound()
    guard bound.isFinite else { return .infinity }
    if bound <= 0 { return 0 }
    // Steps of response/5000 (ω₀·step ≈ 0.0013 rad) cannot hide a peak above ε by more than
    // ~2e-7 of it.
    let step = response / 5000
    let scanEnd = dampingFraction < 1 ? underdampedScanEnd(bound: bound, step: step) : bound
    // Absurdly light damping (more than 1e15 steps, i.e. 2e11 periods) counts as never settling.
    guard scanEnd / step < 1e15 else { return .infinity }
    // Scan back from a settled instant to the last unsettled sample.
    var index = Int((scanEnd / step).rounded(.up))
    while index > 0 && unsettledness(at: Double(index - 1) * step) <= eps { index -= 1 }
    if index == 0 { return 0 }
    // Settled at index·step, unsettled at (index − 1)·step: bisect the crossing.
    var lo = Double(index - 1) * step
    var hi = Double(index) * step
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if mid <= lo || mid >= hi { break }
      if unsettledness(at: mid) > eps { lo = mid } else { hi = mid }
    }
    return (hi * 1000).rounded(.up) / 1000
  }

  /// For an under-damped spring, a settled instant at most about half a period after the last
  /// unsettled one, so that lightly damped springs need not be scanned period by period.
  ///
  /// Half a period P = π/ω_d later, both the remaining distance and the velocity are the same
  /// up to sign, scaled by q = e^(−ζω₀P). So if the largest unsettledness sampled in the window
  /// [bound − P, bound] is m, the window j periods earlier peaks at m / qʲ: the last unsettled
  /// window is the first j with m / qʲ > ε.
  private func underdampedScanEnd(bound: Double, step: Double) -> Double {
    let eps = SpringCurve.settlingEpsilon
    let w0 = angularFrequency
    let zeta = dampingFraction
    let half = Double.pi / (w0 * (1 - zeta * zeta).squareRoot())
    guard bound > half else { return bound }
    let samples = Int((half / step).rounded(.up))
    let spacing = half / Double(samples)
    var peak = 0.0
    for i in 0...samples { peak = max(peak, unsettledness(at: bound - half + Double(i) * spacing)) }
    guard peak > 0, peak <= eps else { return bound }
    let logQ = -zeta * w0 * half
    let ratio = log(peak / eps) / logQ
    guard ratio.isFinite, ratio < 1e9 else { return bound }
    var periods = Int(ratio.rounded(.down)) + 1
    while periods > 0 && peak > eps * exp(logQ * Double(periods - 1)) { periods -= 1 }
    while !(peak > eps * exp(logQ * Double(periods))) { periods += 1 }
    let end = bound - Double(periods) * half
    return end - half > 0 ? end : bound
  }
}
