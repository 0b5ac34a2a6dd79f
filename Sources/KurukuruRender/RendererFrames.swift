import Foundation
import KurukuruCore

// MARK: - Renderer as a frame provider

extension Renderer {
  /// The loop as the encoders' frame provider: `frameCount` frames of `width` × `height`
  /// pixels, frame `i` rendered at `t = i / fps` (`renderer.frames(_:)`, on `jobs` threads) and
  /// shown for exactly `Renderer.frameTiming(of: scene.timeline)`.
  public var timedFrames: TimedFrames {
    let renderer = self
    var frames = TimedFrames(width: width, height: height, timing: Renderer.frameTiming(of: scene.timeline)) {
      try renderer.frames($0)
    }
    if let onEncoded { frames.onEncoded = { _ in onEncoded() } }
    return frames
  }

  /// A timeline's frames as exact fractions of a second: every frame lasts period / frames,
  /// the period taken as the simplest fraction within 1e-9 s whose denominator is at most
  /// 10,000 (every period made of the cycles' fractions, which `APNGDelays` writes as exact
  /// fractions), else at most 10⁹. A still image (period 0) is one frame of 1 / fps seconds,
  /// taken the same way.
  /// - Parameter timeline: the loop's period, frame count and rate.
  /// - Returns: `timeline.frameCount` frames of equal duration.
  public static func frameTiming(of timeline: Timeline) -> FrameTiming {
    let count = max(1, timeline.frameCount)
    guard timeline.period > 0, timeline.period.isFinite else {
      return .uniform(count: count, frameDuration: exactSeconds(1 / max(timeline.fps, 1e-3)))
    }
    let period = exactSeconds(timeline.period)
    let (denominator, overflow) = period.denominator.multipliedReportingOverflow(by: count)
    return .uniform(count: count, frameDuration: overflow ? exactSeconds(timeline.period / Double(count))
      : Rational(period.numerator, denominator))
  }

  /// `seconds` as a fraction: the simplest within 1e-9 with a denominator ≤ 10,000, else ≤ 10⁹
  /// (which always exists for the times a timeline has), else the nearest nanosecond.
  private static func exactSeconds(_ seconds: Double) -> Rational {
    if let r = Rational(approximating: seconds, maxDenominator: 10_000), abs(r.doubleValue - seconds) < 1e-9 {
      return r
    }
    if let r = Rational(approximating: seconds, maxDenominator: 1_000_000_000) { return r }
    return Rational(Int((min(max(seconds, 0), 1e9) * 1e9).rounded()), 1_000_000_000)
  }
}

// MARK: - FrameCounts

/// Frames drawn and encoded, counted from a renderer's `onFrame` and `onEncoded` callbacks on
/// any thread (for progress lines).
package final class FrameCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var counts = (drawn: 0, encoded: 0)

  package init() {}

  /// One more frame drawn (`Renderer.onFrame`).
  package func drew() { lock.lock(); counts.drawn += 1; lock.unlock() }
  /// One more frame encoded (`Renderer.onEncoded`).
  package func encoded() { lock.lock(); counts.encoded += 1; lock.unlock() }
  /// The counts so far.
  package var now: (drawn: Int, encoded: Int) { lock.lock(); defer { lock.unlock() }; return counts }
}
