import KurukuruCore

// MARK: - GIFDelays

/// Frame delays for a GIF, in centiseconds, with the rounding error carried so that they add up.
public enum GIFDelays {
  /// The smallest delay browsers honour, in centiseconds (0 and 1 cs play as 10 cs).
  public static let minimum = 2

  /// The fastest frame rate a GIF plays: delays are whole centiseconds and at least `minimum`,
  /// so 50 frames per second. Renderers re-time faster scenes to this rate.
  public static let maximumFPS = 100.0 / Double(minimum)

  /// The delays of frames shown at `timing`'s exact times.
  ///
  /// Frame `i` starts at `round(100 · tᵢ)` cs, tᵢ its exact start in seconds (halves up), so
  /// delay(i) = round(100 · tᵢ₊₁) − round(100 · tᵢ) and the delays add up to the rounded total:
  /// the loop plays at exactly the right speed (at 30 fps: 3, 4, 3, 3, 4, 3, … cs). For at most
  /// 50 frames a second every delay is ≥ 2 cs. Where slots would be 0 or 1 cs, the slot is
  /// merged into the frame that starts the group: that frame gets the whole group's time
  /// (≥ 2 cs) and the others get 0, which `GIFEncoder` reads as "drop this frame". A final group
  /// shorter than 2 cs is added to the previous shown frame. The total is unchanged (except when
  /// the whole animation lasts under 2 cs: then the first frame gets 2 cs).
  /// - Parameter timing: the frames' exact durations.
  /// - Returns: one delay per frame in centiseconds, each 0 (drop) or ≥ 2; empty without frames
  ///   or timing.
  public static func centiseconds(_ timing: FrameTiming) -> [Int] {
    guard timing.count > 0, let ticks = timing.ticks else { return [] }
    func start(_ i: Int) -> Int { ticks.start(i, unitsPerSecond: 100) }
    let frameCount = timing.count
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
