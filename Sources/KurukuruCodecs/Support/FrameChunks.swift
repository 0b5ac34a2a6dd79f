import KurukuruCore

// MARK: - FrameChunks

/// The input loop the GIF, APNG and WebP encoders share: frames are asked for in bounded
/// chunks, in order, the next chunk rendered while the current one is encoded
/// (`ChunkPrefetch`), and every chunk is checked against the canvas before an encoder sees it.
enum FrameChunks {
  /// Frames asked of the provider at once: at most 32, and at most about 16 MiB of pixels (two
  /// chunks are alive at a time: one encoded, the next rendered).
  /// - Parameters:
  ///   - width: Canvas width in pixels.
  ///   - height: Canvas height in pixels.
  static func size(width: Int, height: Int) -> Int {
    max(1, min(32, (16 << 20) / max(1, width * height * 4)))
  }

  /// The ranges of consecutive frames in `0..<count` for which `shown` holds, each at most
  /// `chunk` frames long, in order; a frame that is not shown ends a range and is skipped.
  /// - Parameters:
  ///   - count: Number of frames (≥ 0).
  ///   - chunk: The most frames a range holds (≥ 1).
  ///   - shown: Whether frame `i` is asked for at all; default every frame.
  static func ranges(count: Int, chunk: Int, shown: (Int) -> Bool = { _ in true }) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    while start < count {
      guard shown(start) else {
        start += 1
        continue
      }
      var end = start
      while end < count && end - start < chunk && shown(end) { end += 1 }
      ranges.append(start..<end)
      start = end
    }
    return ranges
  }

  /// Calls `body` with each range of `ranges` and its frames, in order, after checking that
  /// the provider returned one frame per index, each of the canvas size.
  /// - Parameters:
  ///   - ranges: Frame ranges in the order they are wanted (`ranges(count:chunk:shown:)`).
  ///   - frames: The provider; asked for each range from a helper thread, in order, never twice
  ///     at once.
  ///   - body: Encodes a range's frames, on the calling thread.
  /// - Throws: `FrameInputError.frameCountMismatch` or `.frameSizeMismatch`, the errors of the
  ///   provider and of `body`, the first in range order.
  static func forEach(_ ranges: [Range<Int>], of frames: TimedFrames,
                      body: (Range<Int>, [Frame]) throws -> Void) throws {
    let (width, height) = (frames.width, frames.height)
    try ChunkPrefetch.forEach(ranges, frames: { try frames.frames($0) }) { range, rendered in
      guard rendered.count == range.count else {
        throw FrameInputError.frameCountMismatch(range: range, actual: rendered.count)
      }
      for (offset, frame) in rendered.enumerated() where frame.width != width || frame.height != height {
        throw FrameInputError.frameSizeMismatch(frame: range.lowerBound + offset, width: frame.width,
                                                height: frame.height, expectedWidth: width, expectedHeight: height)
      }
      try body(range, rendered)
    }
  }
}
