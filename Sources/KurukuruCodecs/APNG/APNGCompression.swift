// MARK: - APNGCompression

/// Which deflate implementation and level compress APNG image data.
public enum APNGCompression: Equatable, Hashable, Sendable {
  /// libdeflate at `level` (1...12). Level 12 is the default (`best`): files a few percent
  /// smaller than zlib 9's and libdeflate 6's or 9's, at many times their CPU time.
  case libdeflate(level: Int)
  /// zlib at `level` (1...9), `Z_DEFAULT_STRATEGY`, 32 KiB window.
  case zlib(level: Int)
  /// Zopfli with `iterations` (≥ 1) rounds of its optimal parse per block, block splitting on;
  /// where libdeflate 12's stream of the same rows is smaller (it can be on small palette
  /// frames), that one is kept, so a file is never larger than with `best`.
  case zopfli(iterations: Int)

  /// libdeflate level 12.
  public static let best = APNGCompression.libdeflate(level: 12)
  /// libdeflate level 6, the level candidates are ranked with, so each frame's ranking stream is
  /// written as is: about a sixth of `best`'s CPU time, for larger files (most where level 12
  /// finds far matches).
  public static let fast = APNGCompression.libdeflate(level: 6)
  /// Zopfli, 15 iterations (its own default): files a little smaller than `best`'s at tens of
  /// times its time. For files made once and served often.
  /// Output depends only on the rows, like libdeflate's.
  public static let max = APNGCompression.zopfli(iterations: 15)
  /// What candidates are ranked with before the winner is compressed with the chosen setting:
  /// libdeflate level 6. Level 1 misranks data whose matches are far back (palette frames
  /// filtered none against up); level 6 ranks them right at about twice level 1's time, still
  /// small beside level 12.
  static let estimate = APNGCompression.libdeflate(level: 6)
  /// What a small frame's filterings within `FrameWriter.recheckMargin` of the best (at most
  /// three) are ranked with again: libdeflate level 9, which ranks small palette frames as
  /// level 12 does, at a fraction of its time.
  static let recheck = APNGCompression.libdeflate(level: 9)
}
