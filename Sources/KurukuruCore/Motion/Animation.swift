import Foundation

// MARK: - RepeatMode

/// How many passes an animation makes.
public enum RepeatMode: Equatable, Hashable, Sendable {
  /// One pass, then hold the end value.
  case once
  /// `count` passes (≥ 1), alternating direction when `autoreverses`, then jump to the end value.
  case count(Int, autoreverses: Bool)
  /// Passes forever; with `autoreverses` every second pass runs backwards.
  case forever(autoreverses: Bool)
}

// MARK: - AnimationSpec

/// A resolved animation: one pass of `duration` seconds shaped by `curve`, after `delay`,
/// repeated according to `repeatMode` (ARCHITECTURE.md §4).
///
/// Kurukuru renders the steady state of a loop, so for `.forever` the delay is a phase offset
/// (like a negative CSS `animation-delay`), while `.once` and `.count` start after it and then
/// hold the end value; a negative delay starts them part-way through (CSS semantics).
public struct AnimationSpec: Equatable, Hashable, Sendable {
  /// Easing of one pass.
  public var curve: TimingCurve
  /// Seconds of one pass, > 0, with any `speed` already applied.
  public var duration: Double
  /// Seconds before the first pass (may be negative), with any `speed` already applied where
  /// SwiftUI applies it. Default 0.
  public var delay: Double
  /// Number of passes. Default `.once`.
  public var repeatMode: RepeatMode
  /// Seconds of waiting before every pass (≥ 0): a delay written before the repeat modifier,
  /// which SwiftUI repeats with each pass. During the wait the value rests where the pass
  /// starts. Default 0.
  public var pause: Double = 0

  /// Creates a resolved animation.
  /// - Parameters:
  ///   - curve: easing of one pass.
  ///   - duration: seconds of one pass, > 0 (a non-positive duration makes every pass instant).
  ///   - delay: seconds before the first pass; a phase offset when repeating forever. Default 0.
  ///   - repeatMode: number of passes. Default `.once`.
  public init(
    curve: TimingCurve, duration: Double, delay: Double = 0, repeatMode: RepeatMode = .once
  ) {
    self.curve = curve
    self.duration = duration
    self.delay = delay
    self.repeatMode = repeatMode
  }

  // MARK: - Timing

  /// Eased progress at time `t`.
  ///
  /// - `.forever`: u = (t − delay) mod cycle, for any t (also t < delay). Without autoreverse the
  ///   progress is curve(u / duration); with it, the first half of the cycle is curve(frac) and the
  ///   second half curve(1 − frac) — the forward curve mirrored in time.
  /// - `.once` / `.count(n)`: 0 before `delay`; then n passes (odd passes, counted from 0, run
  ///   backwards when autoreversing); 1 from `endTime` on — SwiftUI jumps to the model value at
  ///   the end, even after an even count of autoreversed passes.
  /// - Parameter t: seconds since the start of the loop (0 = start).
  /// - Returns: eased progress, normally 0…1 but may overshoot with springs or Béziers.
  public func progress(at t: Double) -> Double {
    guard !t.isNaN else { return 0 }
    let elapsed = t - delay
    switch repeatMode {
    case .forever(let autoreverses):
      guard duration > 0, duration.isFinite, elapsed.isFinite else { return 1 }
      let pass = passLength
      let cycleLength = pass * (autoreverses ? 2 : 1)
      var u = elapsed.truncatingRemainder(dividingBy: cycleLength)
      if u < 0 { u += cycleLength }
      if u >= cycleLength { u = 0 }
      let backwards = u >= pass
      let fraction = max(0, (backwards ? u - pass : u) - pause) / duration
      return curve.progress(backwards ? 1 - fraction : fraction)
    case .once:
      return onePassProgress(elapsed: elapsed, passes: 1, autoreverses: false)
    case .count(let count, let autoreverses):
      return onePassProgress(elapsed: elapsed, passes: max(1, count), autoreverses: autoreverses)
    }
  }

  /// Progress of a finite run of `passes` passes, `elapsed` seconds after the delay.
  private func onePassProgress(elapsed: Double, passes: Int, autoreverses: Bool) -> Double {
    if elapsed < 0 || elapsed.isNaN { return 0 }
    guard duration > 0, duration.isFinite, elapsed.isFinite else { return 1 }
    let position = elapsed / passLength
    if position >= Double(passes) { return 1 }
    let pass = position.rounded(.down)
    let fraction = max(0, (position - pass) * passLength - pause) / duration
    let backwards = autoreverses && Int(pass) % 2 == 1
    return curve.progress(backwards ? 1 - fraction : fraction)
  }

  /// Seconds of one pass including its pause: `pause + duration`.
  public var passLength: Double { max(0, pause) + duration }

  /// For `.forever`: the length of one cycle in seconds, `(pause + duration) × (autoreverses ?
  /// 2 : 1)`; nil otherwise.
  public var cycle: Double? {
    guard case .forever(let autoreverses) = repeatMode else { return nil }
    return passLength * (autoreverses ? 2 : 1)
  }

  /// For `.once` / `.count(n)`: the time it ends, `delay + passes × (pause + duration)`, in
  /// seconds; nil for `.forever`.
  public var endTime: Double? {
    switch repeatMode {
    case .forever: return nil
    case .once: return delay + passLength
    case .count(let count, _): return delay + Double(max(1, count)) * passLength
    }
  }
}
