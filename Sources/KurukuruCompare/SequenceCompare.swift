import KurukuruCore

// MARK: - FrameComparison

/// How one frame position of two sequences compares.
public struct FrameComparison: Equatable, Sendable {
  /// A frame's width × height in pixels.
  public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }

    /// `width × height`, the number of pixels.
    public var area: Int { width * height }

    /// `24×16`.
    public var description: String { "\(width)×\(height)" }
  }

  /// Position of the frame in the sequences (0-based).
  public var index: Int
  /// Mismatched pixels (pixelmatch count). When the frame exists on one side only, or the two
  /// frames differ in size, every pixel of the larger frame counts as mismatched.
  public var mismatchedPixels: Int
  /// Delay of the frame in the first sequence, in centiseconds; nil if absent or unknown.
  public var delayA: Int?
  /// Delay of the frame in the second sequence, in centiseconds; nil if absent or unknown.
  public var delayB: Int?
  /// Size of the frame in the first sequence; nil when the first sequence has no frame here.
  public var sizeA: Size?
  /// Size of the frame in the second sequence; nil when the second sequence has no frame here.
  public var sizeB: Size?

  /// Creates a frame comparison.
  public init(index: Int, mismatchedPixels: Int, delayA: Int?, delayB: Int?, sizeA: Size?, sizeB: Size?) {
    self.index = index
    self.mismatchedPixels = mismatchedPixels
    self.delayA = delayA
    self.delayB = delayB
    self.sizeA = sizeA
    self.sizeB = sizeB
  }

  /// Whether this position exists in the first sequence.
  public var presentInA: Bool { sizeA != nil }
  /// Whether this position exists in the second sequence.
  public var presentInB: Bool { sizeB != nil }

  /// Whether both frames exist but have different sizes.
  public var sizeMismatch: Bool {
    guard let sizeA, let sizeB else { return false }
    return sizeA != sizeB
  }

  /// Whether the two delays differ. **Delays count only where both sides have one**: a sequence
  /// without timing (a PNG folder, a single PNG) matches any delay, and a position present on
  /// one side only is already a difference by its absence.
  public var delayDiffers: Bool {
    guard let delayA, let delayB else { return false }
    return delayA != delayB
  }

  /// Whether anything differs at this position: pixels, size, presence or delay.
  public var differs: Bool {
    mismatchedPixels > 0 || sizeMismatch || !presentInA || !presentInB || delayDiffers
  }
}

// MARK: - SequenceComparison

/// The result of comparing two sequences frame by frame.
public struct SequenceComparison: Equatable, Sendable {
  /// One entry per position, up to the longer sequence's frame count, in order.
  public var frames: [FrameComparison]
  /// Number of frames of the first sequence.
  public var frameCountA: Int
  /// Number of frames of the second sequence.
  public var frameCountB: Int

  /// Creates a comparison from its frames (totals are derived from them).
  public init(frames: [FrameComparison], frameCountA: Int, frameCountB: Int) {
    self.frames = frames
    self.frameCountA = frameCountA
    self.frameCountB = frameCountB
  }

  /// Sum of `mismatchedPixels` over all positions.
  public var totalMismatched: Int { frames.reduce(0) { $0 + $1.mismatchedPixels } }

  /// Whether any pair of frames differs in size.
  public var sizeMismatch: Bool { frames.contains { $0.sizeMismatch } }

  /// The number of positions where anything differs.
  public var differingFrames: Int { frames.filter(\.differs).count }

  /// Whether the sequences differ in any way: frame count, sizes, pixels or delays (where both
  /// sides have one; see `FrameComparison.delayDiffers`).
  public var differs: Bool {
    frameCountA != frameCountB || frames.contains { $0.differs }
  }

  /// One line for people, e.g. `identical: 10 frames, 0 mismatched pixels` or
  /// `2 of 10 frames differ: 1234 mismatched pixels, frame counts differ: 10 vs 9, frame sizes
  /// differ at 1 frame (first: frame 3, 24×16 vs 20×16), delays differ at 1 frame (first: frame
  /// 1, 4 vs 10 cs)` (each part only when it applies).
  public var summary: String {
    guard differs else {
      return "identical: \(frameCountA) frame\(plural(frameCountA)), 0 mismatched pixels"
    }
    let total = totalMismatched
    var parts = ["\(total) mismatched pixel\(plural(total))"]
    if frameCountA != frameCountB { parts.append("frame counts differ: \(frameCountA) vs \(frameCountB)") }
    let sizes = frames.filter(\.sizeMismatch)
    if let first = sizes.first, let sizeA = first.sizeA, let sizeB = first.sizeB {
      parts.append(
        "frame sizes differ at \(sizes.count) frame\(plural(sizes.count)) "
          + "(first: frame \(first.index), \(sizeA) vs \(sizeB))")
    }
    let delays = frames.filter(\.delayDiffers)
    if let first = delays.first, let delayA = first.delayA, let delayB = first.delayB {
      parts.append(
        "delays differ at \(delays.count) frame\(plural(delays.count)) "
          + "(first: frame \(first.index), \(delayA) vs \(delayB) cs)")
    }
    let longest = max(frameCountA, frameCountB)
    return "\(differingFrames) of \(longest) frame\(plural(longest)) differ: " + parts.joined(separator: ", ")
  }

  private func plural(_ n: Int) -> String { n == 1 ? "" : "s" }
}

// MARK: - SequenceCompare

/// Compares two frame sequences (GIFs, PNG folders, frames in memory) position by position with
/// pixelmatch. This is the one sequence comparison of the project: the `compare` command and the
/// library share it.
public enum SequenceCompare {
  /// Compares `a` and `b` position by position, on up to `workers` threads.
  ///
  /// Each position is read, compared and handed to `diffs` on its own, so at most two frames per
  /// worker are in memory at a time (for sequences that read frames on demand), and the result
  /// is the same for any number of workers. Different frame counts and frame sizes are reported
  /// in the result, not thrown: a frame present on one side only, or two frames of different
  /// sizes, count every pixel of the larger frame as mismatched. Delays count only where both
  /// sides have one (see `FrameComparison.delayDiffers`).
  /// - Parameters:
  ///   - a: the first (reference) sequence; matching pixels of its frames are drawn in the diffs.
  ///   - b: the second sequence.
  ///   - options: pixelmatch options for every frame; default pixelmatch's defaults.
  ///   - workers: the most threads used (≥ 1; default 1, the calling thread only).
  ///   - diffs: if given, called once per position whose two frames exist and have the same size
  ///     (also the ones without mismatches), with the position and its diff image. With more than
  ///     one worker it is called from worker threads, concurrently and in no particular order, so
  ///     it must synchronise any state it shares; with one worker it is called in order on the
  ///     calling thread.
  /// - Returns: per-position counts, sizes and delays, in order.
  /// - Throws: `CompareError.invalidOption`; otherwise the error of the lowest position whose
  ///   frame could not be read or whose `diffs` call threw (no new position starts after a
  ///   failure).
  public static func compare(
    _ a: some FrameSequence, _ b: some FrameSequence, options: PixelmatchOptions = .init(),
    workers: Int = 1, diffs: ((Int, Frame) throws -> Void)? = nil
  ) throws -> SequenceComparison {
    try options.validate()
    let frames = try Parallel.map(max(a.count, b.count), workers: workers) { index in
      try comparePosition(index, a, b, options: options, diffs: diffs)
    }
    return SequenceComparison(frames: frames, frameCountA: a.count, frameCountB: b.count)
  }

  /// Reads and compares position `index` of both sequences.
  private static func comparePosition(
    _ index: Int, _ a: some FrameSequence, _ b: some FrameSequence, options: PixelmatchOptions,
    diffs: ((Int, Frame) throws -> Void)?
  ) throws -> FrameComparison {
    let frameA = index < a.count ? try a.frame(index) : nil
    let frameB = index < b.count ? try b.frame(index) : nil
    let sizeA = frameA.map { FrameComparison.Size(width: $0.width, height: $0.height) }
    let sizeB = frameB.map { FrameComparison.Size(width: $0.width, height: $0.height) }
    var result = FrameComparison(
      index: index, mismatchedPixels: 0, delayA: index < a.count ? a.delay(index) : nil,
      delayB: index < b.count ? b.delay(index) : nil, sizeA: sizeA, sizeB: sizeB)
    guard let frameA, let frameB, sizeA == sizeB else {
      // Missing or differently sized: every pixel of the larger frame counts.
      result.mismatchedPixels = max(sizeA?.area ?? 0, sizeB?.area ?? 0)
      return result
    }
    if let diffs {
      let diff = try Pixelmatch.diff(frameA, frameB, options: options)
      result.mismatchedPixels = diff.mismatchedPixels
      try diffs(index, diff.image)
    } else {
      result.mismatchedPixels = try Pixelmatch.compare(frameA, frameB, options: options)
    }
    return result
  }
}
