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

  /// The start of frame `i` of a loop sampled at `fps` frames per second: `round(1000·i/fps)` ms
  /// (halves away from zero).
  public static func start(ofFrame i: Int, fps: Double) -> Int {
    Int((1000 * Double(i) / fps).rounded())
  }

  /// The durations of `frameCount` frames sampled at `fps` frames per second.
  ///
  /// Frame `i` starts at `start(ofFrame: i)`, so duration(i) = start(i + 1) − start(i) and the
  /// durations add up to `round(1000·frameCount/fps)` ms: the loop plays at exactly its speed.
  /// For fps ≤ `maximumFPS` every duration is ≥ `minimum`; for fps ≤ 1000 every duration is ≥ 1.
  /// - Parameters:
  ///   - frameCount: Number of frames (≥ 0).
  ///   - fps: Frames per second (> 0, finite).
  /// - Returns: `frameCount` durations in milliseconds (empty for bad input).
  public static func milliseconds(frameCount: Int, fps: Double) -> [Int] {
    guard frameCount > 0, fps > 0, fps.isFinite else { return [] }
    return (0..<frameCount).map { start(ofFrame: $0 + 1, fps: fps) - start(ofFrame: $0, fps: fps) }
  }

  /// Millisecond durations turned into centiseconds with the rounding carried: frame `i` starts
  /// at round(t(i)/10) cs where t(i) is its start in ms, so the total is round(total ms / 10).
  /// - Parameter milliseconds: Durations in ms (≥ 0).
  /// - Returns: One duration per frame, in centiseconds.
  public static func centiseconds(fromMilliseconds milliseconds: [Int]) -> [Int] {
    var start = 0
    return milliseconds.map { d in
      let cs = (start + d + 5) / 10 - (start + 5) / 10
      start += d
      return cs
    }
  }
}
