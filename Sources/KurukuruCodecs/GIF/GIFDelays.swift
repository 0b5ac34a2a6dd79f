// MARK: - GIFDelays

/// Frame delays for a GIF, in centiseconds, with the rounding error carried so that they add up.
public enum GIFDelays {
  /// The smallest delay browsers honour, in centiseconds (0 and 1 cs play as 10 cs).
  public static let minimum = 2

  /// The fastest frame rate a GIF plays: delays are whole centiseconds and at least `minimum`,
  /// so 50 frames per second. Renderers re-time faster scenes to this rate.
  public static let maximumFPS = 100.0 / Double(minimum)

  /// The delays of `frameCount` frames sampled at `fps` frames per second.
  ///
  /// Frame `i` starts at `round(100·i/fps)` cs, so delay(i) = round(100(i+1)/fps) − round(100·i/fps)
  /// and the delays add up to `round(100·frameCount/fps)`: the loop plays at exactly the right
  /// speed. For fps ≤ 50 every delay is ≥ 2 cs. Above 50 fps some slots would be 0 or 1 cs; then
  /// the slot is merged into the frame that starts the group: that frame gets the whole group's
  /// time (≥ 2 cs) and the others get 0, which `GIFEncoder` reads as "drop this frame". A final
  /// group shorter than 2 cs is added to the previous shown frame. The total is unchanged (except
  /// when the whole animation lasts under 2 cs: then the first frame gets 2 cs).
  /// - Parameters:
  ///   - frameCount: Number of frames (≥ 0).
  ///   - fps: Frames per second (> 0, finite).
  /// - Returns: `frameCount` delays in centiseconds; each is 0 (drop) or ≥ 2.
  public static func centiseconds(frameCount: Int, fps: Double) -> [Int] {
    guard frameCount > 0, fps > 0, fps.isFinite else { return [] }
    func start(_ i: Int) -> Int { Int((100 * Double(i) / fps).rounded()) }
    var delays = [Int](repeating: 0, count: frameCount)
    var groupStart = 0
    var accumulated = 0
    var lastShown: Int?
    for i in 0..<frameCount {
      if accumulated == 0 { groupStart = i }
      accumulated += start(i + 1) - start(i)
      if accumulated >= minimum {
        delays[groupStart] = accumulated
        lastShown = groupStart
        accumulated = 0
      }
    }
    if accumulated > 0 || lastShown == nil {
      if let shown = lastShown {
        delays[shown] += accumulated
      } else {
        delays[0] = max(minimum, accumulated)
      }
    }
    return delays
  }
}
