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

  // MARK: - Passes

  /// Where an instant falls in an animation's passes.
  public enum Phase: Equatable, Sendable {
    /// Before the first pass (a delayed one-shot animation): progress 0.
    case before
    /// Inside a pass: `offset` seconds after the pass began (its pause included), running
    /// backwards on the odd passes of an autoreversing animation.
    case during(offset: Double, backwards: Bool)
    /// After the last pass, or an animation that has no time (a zero or infinite duration):
    /// progress 1.
    case after
  }

  /// One pass, placed in time: it begins at `start` seconds, rests for `pause` seconds where it
  /// starts, then runs for `duration` seconds, forwards or `backwards`.
  public struct Pass: Equatable, Sendable {
    public var start: Double
    public var pause: Double
    public var duration: Double
    public var backwards: Bool
  }

  /// Where `t` falls (the rule of `progress(at:)`):
  ///
  /// - `.forever`: u = (t − delay) mod cycle, for any t (also t < delay); with autoreverse the
  ///   second half of each cycle is the backwards pass.
  /// - `.once` / `.count(n)`: before `delay`, then n passes (odd passes, counted from 0, run
  ///   backwards when autoreversing), after from `endTime` on.
  /// - Parameter t: seconds since the start of the loop.
  public func phase(at t: Double) -> Phase {
    guard !t.isNaN else { return .before }
    let elapsed = t - delay
    switch repeatMode {
    case .forever(let autoreverses):
      guard duration > 0, duration.isFinite, elapsed.isFinite else { return .after }
      let pass = passLength
      let cycleLength = pass * (autoreverses ? 2 : 1)
      var u = elapsed.truncatingRemainder(dividingBy: cycleLength)
      if u < 0 { u += cycleLength }
      if u >= cycleLength { u = 0 }
      let backwards = u >= pass
      return .during(offset: backwards ? u - pass : u, backwards: backwards)
    case .once:
      return finitePhase(elapsed: elapsed, passes: 1, autoreverses: false)
    case .count(let count, let autoreverses):
      return finitePhase(elapsed: elapsed, passes: max(1, count), autoreverses: autoreverses)
    }
  }

  /// The phase of a finite run of `passes` passes, `elapsed` seconds after the delay.
  private func finitePhase(elapsed: Double, passes: Int, autoreverses: Bool) -> Phase {
    if elapsed < 0 || elapsed.isNaN { return .before }
    guard duration > 0, duration.isFinite, elapsed.isFinite else { return .after }
    let position = elapsed / passLength
    if position >= Double(passes) { return .after }
    let pass = position.rounded(.down)
    return .during(offset: (position - pass) * passLength, backwards: autoreverses && Int(pass) % 2 == 1)
  }

  /// The passes that begin before `t1` and end after `t0`, in order, for unrolling the
  /// animation into keyframes (Lottie). A repeating animation's passes begin at
  /// `delay + k·cycle` (and `+ passLength` for the backwards half); a finite one's at
  /// `delay + i·passLength`, and before `delay` and from `endTime` on it holds 0 and 1.
  /// - Parameter limit: the most passes returned. Default 100,000.
  /// - Returns: nil when more than `limit` passes fall in the range or the duration is not a
  ///   positive finite number.
  public func passes(from t0: Double, to t1: Double, limit: Int = 100_000) -> [Pass]? {
    guard duration > 0, duration.isFinite else { return nil }
    let pause = max(0, self.pause), pass = passLength
    var out: [Pass] = []
    switch repeatMode {
    case .forever(let autoreverses):
      guard let cycle, cycle > 0 else { return nil }
      var k = ((t0 - delay) / cycle).rounded(.down)
      while delay + k * cycle < t1 {
        let c = delay + k * cycle
        out.append(Pass(start: c, pause: pause, duration: duration, backwards: false))
        if autoreverses { out.append(Pass(start: c + pass, pause: pause, duration: duration, backwards: true)) }
        k += 1
        if out.count > limit { return nil }
      }
    case .once, .count:
      var count = 1, autoreverses = false
      if case .count(let n, let ar) = repeatMode { count = max(1, n); autoreverses = ar }
      for i in 0..<count {
        let s = delay + Double(i) * pass
        if s >= t1 { break }
        out.append(Pass(start: s, pause: pause, duration: duration, backwards: autoreverses && i % 2 == 1))
        if out.count > limit { return nil }
      }
    }
    return out
  }

  // MARK: - Timing

  /// Eased progress at time `t`: 0 before the first pass, 1 after the last, and inside a pass
  /// the curve at the pass's fraction — `(offset − pause) / duration`, 0 during the pause,
  /// mirrored (`1 − fraction`) on a backwards pass (`phase(at:)`). SwiftUI jumps to the model
  /// value at the end, even after an even count of autoreversed passes.
  /// - Parameter t: seconds since the start of the loop (0 = start).
  /// - Returns: eased progress, normally 0…1 but may overshoot with springs or Béziers.
  public func progress(at t: Double) -> Double {
    switch phase(at: t) {
    case .before: return 0
    case .after: return 1
    case .during(let offset, let backwards):
      let fraction = max(0, offset - pause) / duration
      return curve.progress(backwards ? 1 - fraction : fraction)
    }
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
