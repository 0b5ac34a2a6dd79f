// MARK: - APNGCompression

/// Which deflate implementation and level compress APNG image data.
public enum APNGCompression: Equatable, Hashable, Sendable {
  /// libdeflate at `level` (1...12). Level 12 is the default: measured at scale 2, files 2–3%
  /// smaller than zlib level 9 (gradient-ring 229,780 vs 237,217 bytes; loading-circle 75,894
  /// vs 77,528; four-color-ring 87,376 vs 90,119) and than libdeflate 6/9, at many times the
  /// time: gradient-ring's 45 winning frames (2.1 MB of filtered rows) take 0.016 s of CPU at
  /// level 6 (234,165 bytes of streams), 0.06 s at 9 (236,465), 0.17 s at 10 (229,261), 0.45 s
  /// at 11 (228,180) and 1.10 s at 12 (227,289).
  case libdeflate(level: Int)
  /// zlib at `level` (1...9), `Z_DEFAULT_STRATEGY`, 32 KiB window.
  case zlib(level: Int)
  /// Zopfli with `iterations` (≥ 1) rounds of its optimal parse per block, block splitting on;
  /// where libdeflate 12's stream of the same rows is smaller (it was for some of equalizer's
  /// palette frames), that one is kept, so a file is never larger than with `best`.
  case zopfli(iterations: Int)

  /// libdeflate level 12.
  public static let best = APNGCompression.libdeflate(level: 12)
  /// libdeflate level 6, the level candidates are ranked with, so each frame's ranking stream is
  /// written as is: about a sixth of `best`'s CPU time (at 2x, one thread: gradient-ring 0.20 s
  /// against 1.35 s, activity-indicator 0.40 s against 2.1 s) for files 3–25 % larger
  /// (gradient-ring 3 %, activity-indicator 15 %, whose far matches level 12 finds, equalizer 25 %).
  public static let fast = APNGCompression.libdeflate(level: 6)
  /// Zopfli, 15 iterations (its own default). Measured on the 64 bundled presets at 2x: files
  /// 0–3.6 % smaller than `best` (median 1.8 %; activity-indicator 98,139 bytes against
  /// 101,677, gradient-ring 226,107 against 228,834), at 7–70 times its time over two runs
  /// (median 25–26; the longest, circle-progress's 600 frames, 113–145 s). For files made once and served often.
  /// Output depends only on the rows, like libdeflate's.
  public static let max = APNGCompression.zopfli(iterations: 15)
  /// What candidates are ranked with before the winner is compressed with the chosen setting:
  /// libdeflate level 6. Level 1 misranks data whose matches are far back: equalizer's palette
  /// frames filtered none are 26,027 bytes at level 1 but 9,769 at level 12, against 16,402 and
  /// 13,202 filtered up, so level 1 picked up and the file was 1.26x apngasm's; level 6 ranks
  /// them right (13,217 vs 15,156) at about twice level 1's time, still small beside level 12.
  static let estimate = APNGCompression.libdeflate(level: 6)
  /// What a small frame's filterings within `FrameWriter.recheckMargin` of the best (at most
  /// three) are ranked with again: libdeflate level 9, which ranks equalizer's palette frames as
  /// level 12 does, at a quarter to a fifth of its time.
  static let recheck = APNGCompression.libdeflate(level: 9)
}
