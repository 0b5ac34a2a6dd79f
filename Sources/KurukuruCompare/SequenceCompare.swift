import KurukuruCore

// MARK: - FrameComparison

/// How one frame position of two animations compares.
public struct FrameComparison: Equatable, Sendable {
  /// Position of the frame in the sequences (0-based).
  public var index: Int
  /// Mismatched pixels (pixelmatch count). When the frame exists on one side only, or the two
  /// frames differ in size, every pixel of the larger frame counts as mismatched.
  public var mismatchedPixels: Int
  /// Delay of the frame in the first sequence (centiseconds for GIF), nil if absent or unknown.
  public var delayA: Int?
  /// Delay of the frame in the second sequence, nil if absent or unknown.
  public var delayB: Int?
  /// Whether this position exists in the first sequence.
  public var presentInA: Bool
  /// Whether this position exists in the second sequence.
  public var presentInB: Bool
  /// Whether both frames exist but have different sizes.
  public var sizeMismatch: Bool

  /// Creates a frame comparison.
  public init(
    index: Int, mismatchedPixels: Int, delayA: Int?, delayB: Int?, presentInA: Bool = true,
    presentInB: Bool = true, sizeMismatch: Bool = false
  ) {
    self.index = index
    self.mismatchedPixels = mismatchedPixels
    self.delayA = delayA
    self.delayB = delayB
    self.presentInA = presentInA
    self.presentInB = presentInB
    self.sizeMismatch = sizeMismatch
  }

  /// Whether the two delays differ (including one missing).
  public var delayDiffers: Bool { delayA != delayB }

  /// Whether anything differs at this position: pixels, size, presence or delay.
  public var differs: Bool {
    mismatchedPixels > 0 || sizeMismatch || !presentInA || !presentInB || delayDiffers
  }
}

// MARK: - SequenceComparison

/// The result of comparing two animations frame by frame.
public struct SequenceComparison: Equatable, Sendable {
  /// One entry per position, up to the longer sequence's frame count.
  public var frames: [FrameComparison]
  /// Number of frames of the first sequence.
  public var frameCountA: Int
  /// Number of frames of the second sequence.
  public var frameCountB: Int
  /// Whether any pair of frames differs in size.
  public var sizeMismatch: Bool
  /// Sum of `mismatchedPixels` over all positions.
  public var totalMismatched: Int

  /// Creates a comparison from its frames (counts and totals derived from them).
  public init(frames: [FrameComparison], frameCountA: Int, frameCountB: Int) {
    self.frames = frames
    self.frameCountA = frameCountA
    self.frameCountB = frameCountB
    self.sizeMismatch = frames.contains { $0.sizeMismatch }
    self.totalMismatched = frames.reduce(0) { $0 + $1.mismatchedPixels }
  }

  /// Whether the sequences differ in any way: frame count, sizes, pixels or delays.
  public var differs: Bool {
    frameCountA != frameCountB || frames.contains { $0.differs }
  }

  /// One line for people, e.g. `2 of 10 frames differ: 1234 mismatched pixels, delays differ
  /// at 1 frame` or `identical: 10 frames`.
  public var summary: String {
    guard differs else {
      return "identical: \(frameCountA) frame\(frameCountA == 1 ? "" : "s")"
    }
    let differing = frames.filter { $0.differs }.count
    let longest = max(frameCountA, frameCountB)
    var parts = ["\(totalMismatched) mismatched pixel\(totalMismatched == 1 ? "" : "s")"]
    if frameCountA != frameCountB { parts.append("frame counts \(frameCountA) vs \(frameCountB)") }
    if sizeMismatch { parts.append("frame sizes differ") }
    let delays = frames.filter { $0.presentInA && $0.presentInB && $0.delayDiffers }.count
    if delays > 0 { parts.append("delays differ at \(delays) frame\(delays == 1 ? "" : "s")") }
    return "\(differing) of \(longest) frame\(longest == 1 ? "" : "s") differ: " + parts.joined(separator: ", ")
  }
}

// MARK: - SequenceCompare

/// Compares two animations (decoded GIFs, PNG folders) frame by frame with pixelmatch.
public enum SequenceCompare {
  /// Compares `a` and `b` position by position.
  ///
  /// Different frame counts and frame sizes are reported in the result, not thrown.
  /// - Parameters:
  ///   - a: the first sequence: frames and their delays (centiseconds for GIF; nil if none).
  ///   - b: the second sequence.
  ///   - options: pixelmatch options for every frame; default pixelmatch's defaults.
  ///   - diffs: if given, called in order with the position and diff image of every pair of
  ///     same-sized frames (also the ones without mismatches).
  /// - Returns: per-frame counts, delays and the totals.
  /// - Throws: `CompareError.invalidOption`, or whatever `diffs` throws.
  public static func compare(
    _ a: [(frame: Frame, delay: Int?)], _ b: [(frame: Frame, delay: Int?)],
    options: PixelmatchOptions = .init(), diffs: ((Int, Frame) throws -> Void)? = nil
  ) throws -> SequenceComparison {
    try options.validate()
    var frames: [FrameComparison] = []
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? a[index] : nil
      let right = index < b.count ? b[index] : nil
      guard let left = left, let right = right else {
        let only = left ?? right
        frames.append(
          FrameComparison(
            index: index, mismatchedPixels: (only?.frame.width ?? 0) * (only?.frame.height ?? 0),
            delayA: left?.delay, delayB: right?.delay, presentInA: left != nil, presentInB: right != nil))
        continue
      }
      let (fa, fb) = (left.frame, right.frame)
      guard fa.width == fb.width, fa.height == fb.height else {
        frames.append(
          FrameComparison(
            index: index, mismatchedPixels: max(fa.width * fa.height, fb.width * fb.height),
            delayA: left.delay, delayB: right.delay, sizeMismatch: true))
        continue
      }
      let count: Int
      if let diffs = diffs {
        let result = try Pixelmatch.diff(fa, fb, options: options)
        try diffs(index, result.image)
        count = result.mismatchedPixels
      } else {
        count = try Pixelmatch.compare(fa, fb, options: options)
      }
      frames.append(FrameComparison(index: index, mismatchedPixels: count, delayA: left.delay, delayB: right.delay))
    }
    return SequenceComparison(frames: frames, frameCountA: a.count, frameCountB: b.count)
  }
}
