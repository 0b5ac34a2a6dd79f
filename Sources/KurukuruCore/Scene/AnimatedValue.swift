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

  /// A track whose key times may start after 0 or stop before 1 (Core Animation's `keyTimes`
  /// `[0, 0.7]`): the first value holds from 0 and the last until 1, as flat linear segments
  /// added at the ends, so every track still runs from key time 0 to 1.
  /// - Parameters: as `init`; `keyTimes` rise within 0…1, `curves` has one per segment.
  public static func holdingEnds(
    values: [Double], keyTimes: [Double], curves: [TimingCurve], animation: AnimationSpec
  ) -> Track {
    var values = values, keyTimes = keyTimes, curves = curves
    if let first = keyTimes.first, first > 0, let v = values.first {
      values.insert(v, at: 0)
      keyTimes.insert(0, at: 0)
      curves.insert(.linear, at: 0)
    }
    if let last = keyTimes.last, last < 1, let v = values.last {
      values.append(v)
      keyTimes.append(1)
      curves.append(.linear)
    }
    return Track(values: values, keyTimes: keyTimes, curves: curves, animation: animation)
  }

  /// The value at `t` seconds.
  public func value(at t: Double) -> Double {
    let p = animation.progress(at: t)
    guard values.count > 1 else { return values.first ?? 0 }
    // Find the segment: the last k ≤ count − 2 with p ≥ keyTimes[k] (k = 0 when p is below them
    // all or NaN), by bisection; outside 0…1 the first or last segment extrapolates.
    var k = 0, above = values.count - 1
    while above - k > 1 {
      let mid = (k + above) / 2
      if p >= keyTimes[mid] { k = mid } else { above = mid }
    }
    let span = keyTimes[k + 1] - keyTimes[k]
    let f = span > 0 ? (p - keyTimes[k]) / span : 1
    let eased = (0...1).contains(f) ? curves[k].progress(f) : f
    return values[k] + (values[k + 1] - values[k]) * eased
  }
}
