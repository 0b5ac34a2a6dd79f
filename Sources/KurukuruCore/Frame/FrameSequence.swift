// MARK: - FrameSequence

/// An ordered run of frames with optional timing, read one frame at a time: a decoded GIF, a
/// folder of PNG frames, frames held in memory.
///
/// It lives in the core, next to `Frame`, so that the codecs can provide sequences (GIF files,
/// PNG folders) and the comparison can consume them without either stage depending on the other.
///
/// Conforming types must allow `frame(_:)` and `delay(_:)` to be called from several threads at
/// once (for different or equal indices): `SequenceCompare` reads positions in parallel. A type
/// that decodes on demand returns a new frame per call and keeps nothing, so a long sequence
/// never sits in memory as a whole.
public protocol FrameSequence {
  /// The number of frames (≥ 0).
  var count: Int { get }

  /// Frame `index`, 0 ≤ `index` < `count`.
  /// - Throws: whatever reading the frame throws (e.g. a decoding error naming the file).
  func frame(_ index: Int) throws -> Frame

  /// How long frame `index` is shown, in centiseconds (GIF's unit), or nil when the sequence
  /// has no timing for it (PNG frames have none).
  func delay(_ index: Int) -> Int?
}

// MARK: - FrameList

/// Frames held in memory as a `FrameSequence`.
public struct FrameList: FrameSequence, Equatable, Sendable {
  /// The frames, in order.
  public var frames: [Frame]
  /// One delay per frame in centiseconds (nil for a frame without timing); positions past the
  /// end have none.
  public var delays: [Int?]

  /// Frames with optional delays.
  /// - Parameters:
  ///   - frames: the frames, in order.
  ///   - delays: centiseconds per frame; default none (every delay nil).
  public init(_ frames: [Frame], delays: [Int?] = []) {
    self.frames = frames
    self.delays = delays
  }

  public var count: Int { frames.count }

  public func frame(_ index: Int) -> Frame { frames[index] }

  public func delay(_ index: Int) -> Int? { index < delays.count ? delays[index] : nil }
}
