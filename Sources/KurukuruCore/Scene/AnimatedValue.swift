// MARK: - AnimatedValue

/// A number of the scene that may change over time: a constant, or a track driven by an
/// animation (SwiftUI's from/to, or Core Animation–style keyframes).
public enum AnimatedValue: Equatable, Hashable, Sendable {
  case constant(Double)
  case track(Track)

  /// The value at `t` seconds from the start of the loop.
  public func value(at t: Double) -> Double {
    switch self {
    case .constant(let v): return v
    case .track(let track): return track.value(at: t)
    }
  }

  /// The animation driving this value, if any.
  public var animation: AnimationSpec? {
    if case .track(let track) = self { return track.animation }
    return nil
  }
}

// MARK: - Track

/// Keyframed values driven by one animation.
///
/// The animation gives an eased progress `p` (0 at the start, 1 at the end, possibly beyond for
/// overshooting curves). `p` is located among `keyTimes` (0…1, increasing, first 0, last 1);
/// segment `k` is shaped by `curves[k]` and interpolates `values[k]` → `values[k + 1]`. A track
/// with two keyframes is SwiftUI's `from`/`to` and extrapolates when `p` overshoots.
public struct Track: Equatable, Hashable, Sendable {
  public var values: [Double]
  public var keyTimes: [Double]
  /// One curve per segment (`values.count - 1`).
  public var curves: [TimingCurve]
  public var animation: AnimationSpec

  public init(values: [Double], keyTimes: [Double], curves: [TimingCurve], animation: AnimationSpec) {
    self.values = values
    self.keyTimes = keyTimes
    self.curves = curves
    self.animation = animation
  }

  /// The value at `t` seconds.
  public func value(at t: Double) -> Double {
    let p = animation.progress(at: t)
    guard values.count > 1 else { return values.first ?? 0 }
    // Find the segment; outside 0…1 the first or last segment extrapolates.
    var k = 0
    while k < values.count - 2, p >= keyTimes[k + 1] { k += 1 }
    let span = keyTimes[k + 1] - keyTimes[k]
    let f = span > 0 ? (p - keyTimes[k]) / span : 1
    let eased = (0...1).contains(f) ? curves[k].progress(f) : f
    return values[k] + (values[k + 1] - values[k]) * eased
  }
}
