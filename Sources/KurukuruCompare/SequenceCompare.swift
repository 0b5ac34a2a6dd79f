import Foundation
import KurukuruCore

// MARK: - FrameComparison

/// How one position of two sequences compares: the frame each side shows there, when, and how
/// many pixels differ.
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

  /// Position in display order (0-based).
  public var index: Int
  /// The first sequence's frame shown here; nil when it has none (past its end or count).
  public var frameA: Int?
  /// The second sequence's frame shown here; nil when it has none.
  public var frameB: Int?
  /// When both frames are first shown together, in seconds from the start; nil when neither
  /// sequence has timing (positions are then frame indices).
  public var time: Double?
  /// How long both are shown together, in seconds; nil without timing.
  public var duration: Double?
  /// Mismatched pixels (pixelmatch count). When the position has a frame on one side only, or
  /// the two frames differ in size, every pixel of the larger frame counts as mismatched.
  public var mismatchedPixels: Int
  /// How long the first sequence shows its frame in all, in seconds; nil without timing or frame.
  public var durationA: Double?
  /// How long the second sequence shows its frame in all, in seconds; nil without timing or frame.
  public var durationB: Double?
  /// Size of the first sequence's frame; nil when it has none here.
  public var sizeA: Size?
  /// Size of the second sequence's frame; nil when it has none here.
  public var sizeB: Size?

  /// Creates a position's comparison.
  public init(
    index: Int, frameA: Int?, frameB: Int?, time: Double?, duration: Double?, mismatchedPixels: Int,
    durationA: Double?, durationB: Double?, sizeA: Size?, sizeB: Size?
  ) {
    self.index = index
    self.frameA = frameA
    self.frameB = frameB
    self.time = time
    self.duration = duration
    self.mismatchedPixels = mismatchedPixels
    self.durationA = durationA
    self.durationB = durationB
    self.sizeA = sizeA
    self.sizeB = sizeB
  }

  /// Whether the first sequence shows a frame here.
  public var presentInA: Bool { frameA != nil }
  /// Whether the second sequence shows a frame here.
  public var presentInB: Bool { frameB != nil }

  /// Whether both frames exist but have different sizes.
  public var sizeMismatch: Bool {
    guard let sizeA, let sizeB else { return false }
    return sizeA != sizeB
  }

  /// Whether anything differs at this position: pixels, size or presence.
  public var differs: Bool {
    mismatchedPixels > 0 || sizeMismatch || !presentInA || !presentInB
  }
}

// MARK: - SequenceComparison

/// The result of comparing two sequences position by position (see `Rule`).
public struct SequenceComparison: Equatable, Sendable {
  /// How positions were lined up.
  public enum Rule: String, Equatable, Sendable {
    /// Neither side has timing: frame i against frame i.
    case index
    /// By display time: each position is a pair of frames shown at the same time
    /// (`SequenceCompare.compare` has the rule).
    case displayTime
  }

  /// One entry per position, in display order.
  public var frames: [FrameComparison]
  /// Number of frames of the first sequence.
  public var frameCountA: Int
  /// Number of frames of the second sequence.
  public var frameCountB: Int
  /// How positions were lined up.
  public var rule: Rule
  /// Total duration of the first sequence in seconds; nil without timing.
  public var durationA: Double?
  /// Total duration of the second sequence in seconds; nil without timing.
  public var durationB: Double?
  /// Both sequences have timing and their total durations differ (beyond the coarser side's
  /// delay unit).
  public var durationsDiffer: Bool

  /// Creates a comparison from its parts.
  public init(
    frames: [FrameComparison], frameCountA: Int, frameCountB: Int, rule: Rule = .index, durationA: Double? = nil,
    durationB: Double? = nil, durationsDiffer: Bool = false
  ) {
    self.frames = frames
    self.frameCountA = frameCountA
    self.frameCountB = frameCountB
    self.rule = rule
    self.durationA = durationA
    self.durationB = durationB
    self.durationsDiffer = durationsDiffer
  }

  /// Sum of `mismatchedPixels` over all positions.
  public var totalMismatched: Int { frames.reduce(0) { $0 + $1.mismatchedPixels } }

  /// Whether any pair of frames differs in size.
  public var sizeMismatch: Bool { frames.contains { $0.sizeMismatch } }

  /// The number of positions where anything differs.
  public var differingFrames: Int { frames.filter(\.differs).count }

  /// Whether the frame counts differ where they count: compared by index only (by display time
  /// a merged frame stands for several).
  public var frameCountsDiffer: Bool { rule == .index && frameCountA != frameCountB }

  /// Whether the sequences differ in any way: pixels, sizes, a frame missing at some position,
  /// frame counts (by index) or total durations (both timed).
  public var differs: Bool {
    frameCountsDiffer || durationsDiffer || frames.contains { $0.differs }
  }

  /// One line for people, e.g. `identical: 10 frames, 0 mismatched pixels`,
  /// `identical: 31 and 45 frames over 1.5 s, 0 mismatched pixels` (by display time), or
  /// `2 of 10 frames differ: 1234 mismatched pixels (first: frame 3 vs 3 at 0.1 s), durations
  /// differ: 1.5 vs 1.2 s, frame sizes differ at 1 frame (first: frame 3 vs 3, 24×16 vs 20×16)`
  /// (each part only when it applies; without timing `frame counts differ: 10 vs 9` and no
  /// times).
  public var summary: String {
    guard differs else {
      guard frameCountA != frameCountB else {
        return "identical: \(frameCountA) frame\(plural(frameCountA)), 0 mismatched pixels"
      }
      let over = (durationA ?? durationB).map { " over \(seconds($0))" } ?? ""
      return "identical: \(frameCountA) and \(frameCountB) frames\(over), 0 mismatched pixels"
    }
    let total = totalMismatched
    var first = ""
    if let p = frames.first(where: { $0.mismatchedPixels > 0 }), rule == .displayTime {
      first = " (first: \(pair(p))\(p.time.map { " at \(seconds($0))" } ?? ""))"
    }
    var parts = ["\(total) mismatched pixel\(plural(total))\(first)"]
    if frameCountsDiffer { parts.append("frame counts differ: \(frameCountA) vs \(frameCountB)") }
    if durationsDiffer, let a = durationA, let b = durationB {
      parts.append("durations differ: \(number(a)) vs \(number(b)) s")
    }
    let sizes = frames.filter(\.sizeMismatch)
    if let p = sizes.first, let sizeA = p.sizeA, let sizeB = p.sizeB {
      parts.append(
        "frame sizes differ at \(sizes.count) frame\(plural(sizes.count)) (first: \(pair(p)), \(sizeA) vs \(sizeB))")
    }
    let count = frames.count
    return "\(differingFrames) of \(count) frame\(plural(count)) differ: " + parts.joined(separator: ", ")
  }

  /// `frame 3` by index, `frame 3 vs 4` by display time (`–` for a missing frame).
  private func pair(_ p: FrameComparison) -> String {
    guard rule == .displayTime else { return "frame \(p.index)" }
    return "frame \(p.frameA.map(String.init) ?? "–") vs \(p.frameB.map(String.init) ?? "–")"
  }

  private func plural(_ n: Int) -> String { n == 1 ? "" : "s" }
}

/// Seconds with at most 4 decimals and no trailing zeros: `1.5`, `0.0333`.
func number(_ seconds: Double) -> String {
  var text = String(format: "%.4f", seconds)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}

/// `1.5 s`.
private func seconds(_ value: Double) -> String { "\(number(value)) s" }

// MARK: - SequenceCompare

/// Compares two frame sequences (GIF, APNG and WebP files, PNG folders, renders, frames in
/// memory) position by position with pixelmatch. This is the one sequence comparison of the
/// project: the `compare` command and the library share it.
///
/// Positions follow display time (`DisplayAlignment`): when neither side has timing, frame i
/// against frame i; otherwise a side without timing is spread evenly over the other's duration,
/// every frame of either side is sampled at the middle of its display interval, and each
/// distinct pair of frames shown together there is one position, so a frame an encoder merged
/// with its identical neighbours (shown for k frame-times) equals each of the k frames the other
/// side shows meanwhile. Total durations that differ (both timed, beyond the coarser side's delay
/// unit) are a difference.
public enum SequenceCompare {
  /// Compares `a` and `b` position by position, on up to `workers` threads.
  ///
  /// Each position's two frames are read, compared and handed to `diffs` on their own, so at
  /// most two frames per worker are in memory at a time (for sequences that read frames on
  /// demand; a frame shown at several positions is read for each), and the result is the same
  /// for any number of workers. Frame sizes, a frame missing on one side and differing totals
  /// are reported in the result, not thrown: a missing frame, or two frames of different sizes,
  /// count every pixel of the larger frame as mismatched.
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
  /// - Returns: per-position frames, times, counts and sizes, in display order.
  /// - Throws: `CompareError.invalidOption`; otherwise the error of the lowest position whose
  ///   frame could not be read (`CompareError.missingFrame` when a provider returns none) or
  ///   whose `diffs` call threw (no new position starts after a failure).
  public static func compare(
    _ a: TimedFrames, _ b: TimedFrames, options: PixelmatchOptions = .init(),
    workers: Int = 1, diffs: ((Int, Frame) throws -> Void)? = nil
  ) throws -> SequenceComparison {
    try options.validate()
    let alignment = DisplayAlignment(a.timing, b.timing)
    let frames = try Parallel.map(alignment.positions.count, workers: workers) { index in
      try comparePosition(index, alignment.positions[index], a, b, options: options, diffs: diffs)
    }
    return SequenceComparison(
      frames: frames, frameCountA: a.count, frameCountB: b.count, rule: alignment.rule,
      durationA: alignment.durationA, durationB: alignment.durationB, durationsDiffer: alignment.durationsDiffer)
  }

  /// Reads and compares the frames of position `index`.
  private static func comparePosition(
    _ index: Int, _ position: DisplayAlignment.Position, _ a: TimedFrames, _ b: TimedFrames,
    options: PixelmatchOptions, diffs: ((Int, Frame) throws -> Void)?
  ) throws -> FrameComparison {
    let frameA = try position.frameA.map { try read($0, of: a, side: "A") }
    let frameB = try position.frameB.map { try read($0, of: b, side: "B") }
    let sizeA = frameA.map { FrameComparison.Size(width: $0.width, height: $0.height) }
    let sizeB = frameB.map { FrameComparison.Size(width: $0.width, height: $0.height) }
    var result = FrameComparison(
      index: index, frameA: position.frameA, frameB: position.frameB, time: position.time, duration: position.duration,
      mismatchedPixels: 0, durationA: position.frameA.flatMap { a.timing.duration(ofFrame: $0)?.doubleValue },
      durationB: position.frameB.flatMap { b.timing.duration(ofFrame: $0)?.doubleValue }, sizeA: sizeA, sizeB: sizeB)
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

  /// Frame `index` of `frames`.
  /// - Throws: the provider's error, or `CompareError.missingFrame` when it returns none.
  private static func read(_ index: Int, of frames: TimedFrames, side: String) throws -> Frame {
    guard let frame = try frames.frames(index..<(index + 1)).first else {
      throw CompareError.missingFrame(side: side, index: index)
    }
    return frame
  }
}
