import KurukuruCore

// MARK: - WebPDelays

/// Frame durations for an animated WebP, in milliseconds, with the rounding error carried so
/// that they add up to the loop.
public enum WebPDelays {
  /// The shortest duration browsers honour, in milliseconds: Chromium, WebKit and Firefox play
  /// frames of 10 ms or less at 100 ms.
  public static let minimum = 11

  /// The fastest frame rate a WebP plays at its real speed: 1000 / 11 ≈ 90.9, rounded down to
  /// 90 frames per second (every duration is then ≥ 11 ms). Renderers re-time faster scenes.
  public static let maximumFPS = 90.0

  /// The durations of frames shown at `timing`'s exact times.
  ///
  /// Frame `i` starts at round(1000 · tᵢ) ms, tᵢ its exact start in seconds (halves up), so
  /// duration(i) = start(i + 1) − start(i) and the durations add up to the total rounded to
  /// 1 ms: the loop plays at exactly its speed (at 30 fps: 33, 34, 33, … ms). For at most
  /// `maximumFPS` frames a second every duration is ≥ `minimum`; for at most 1000, ≥ 1.
  /// - Parameter timing: the frames' exact durations.
  /// - Returns: one duration per frame in milliseconds; empty without frames or timing.
  public static func milliseconds(_ timing: FrameTiming) -> [Int] {
    guard timing.count > 0, let ticks = timing.ticks else { return [] }
    return (0..<timing.count).map { ticks.start($0 + 1, unitsPerSecond: 1000) - ticks.start($0, unitsPerSecond: 1000) }
  }
}
