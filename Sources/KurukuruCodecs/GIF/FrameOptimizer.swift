import Foundation
import KurukuruCore

// MARK: - OptimizedFrame

/// One frame as written to the file: its rectangle, indices and control data.
struct OptimizedFrame {
  /// Disposal method: 1 = leave in place, 2 = restore the rectangle to transparent.
  var disposal: Int
  /// Delay in centiseconds.
  var delay: Int
  /// The frame's rectangle on the canvas, in pixels.
  var rect: PixelRect
  /// `rect.width * rect.height` palette indices, row by row.
  var pixels: [UInt8]
}

// MARK: - FrameLayout

/// A frame whose place in the animation is decided (disposal, delay, rectangle) but whose
/// indices are not yet chosen: everything needed to finish it without the other frames.
struct FrameLayout {
  /// Disposal method: 1 = leave in place, 2 = restore the rectangle to transparent.
  var disposal: Int
  /// Delay in centiseconds.
  var delay: Int
  /// The frame's rectangle on the canvas, in pixels.
  var rect: PixelRect
  /// The canvas the frame must show, inside `rect`, row by row.
  var now: [UInt8]
  /// The canvas the frame is drawn on, inside `rect`, row by row.
  var before: [UInt8]

  /// The frame's bytes in the file (graphics control extension, image descriptor, LZW data), its
  /// indices chosen by `FrameOptimizer.choose`.
  /// - Parameters:
  ///   - transparent: The transparent palette index.
  ///   - minCodeSize: The LZW minimum code size (2...8).
  func encoded(transparent: UInt8, minCodeSize: Int) -> [UInt8] {
    let data = FrameOptimizer.choose(now: now, before: before, transparent: transparent, minCodeSize: minCodeSize).data
    return GIFWriter.frameBytes(disposal: disposal, delay: delay, transparentIndex: Int(transparent), rect: rect,
                                data: data)
  }

  /// The frame with its indices chosen (`FrameOptimizer.choosePixels`).
  /// - Parameters:
  ///   - transparent: The transparent palette index.
  ///   - minCodeSize: The LZW minimum code size (2...8).
  func optimized(transparent: UInt8, minCodeSize: Int) -> OptimizedFrame {
    OptimizedFrame(disposal: disposal, delay: delay, rect: rect,
                   pixels: FrameOptimizer.choosePixels(now: now, before: before, transparent: transparent,
                                                       minCodeSize: minCodeSize))
  }
}

// MARK: - CanvasChange

/// How a canvas differs from the one before it; depends on the two canvases only, so it can be
/// computed for many pairs at once.
struct CanvasChange {
  /// `true` when the canvases are equal.
  let same: Bool
  /// The bounding box of the pixels that differ (empty when none).
  let changed: PixelRect
  /// The bounding box of the pixels that are ink before and transparent after (empty when none).
  let cleared: PixelRect

  /// Compares two canvases of `width` × `height` palette indices.
  /// - Parameters:
  ///   - before: The earlier canvas.
  ///   - after: The later canvas.
  ///   - transparent: The transparent palette index.
  init(from before: [UInt8], to after: [UInt8], width: Int, height: Int, transparent t: UInt8) {
    // One pass: rows that are equal (most of them in a loader) are skipped with `memcmp`.
    var changedX = (min: width, max: -1), changedY = (min: height, max: -1)
    var clearedX = (min: width, max: -1), clearedY = (min: height, max: -1)
    before.withUnsafeBufferPointer { a in
      after.withUnsafeBufferPointer { b in
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return }
        for y in 0..<height {
          let row = y * width
          guard memcmp(pa + row, pb + row, width) != 0 else { continue }
          changedY.min = min(changedY.min, y)
          changedY.max = y
          var rowCleared = false
          for x in 0..<width where a[row + x] != b[row + x] {
            changedX.min = min(changedX.min, x)
            changedX.max = max(changedX.max, x)
            if b[row + x] == t {
              // Ink before (it differs from the transparent index), transparent after.
              clearedX.min = min(clearedX.min, x)
              clearedX.max = max(clearedX.max, x)
              rowCleared = true
            }
          }
          if rowCleared {
            clearedY.min = min(clearedY.min, y)
            clearedY.max = y
          }
        }
      }
    }
    func box(_ x: (min: Int, max: Int), _ y: (min: Int, max: Int)) -> PixelRect {
      guard y.max >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
      return PixelRect(x: x.min, y: y.min, width: x.max - x.min + 1, height: y.max - y.min + 1)
    }
    same = changedY.max < 0
    changed = box(changedX, changedY)
    cleared = box(clearedX, clearedY)
  }
}

// MARK: - FrameOptimizer

/// Turns a stream of indexed canvases into cropped frames with transparent "unchanged" pixels
/// (gifsicle -O2 style), choosing disposal methods so that every decoder shows each canvas exactly.
///
/// Frame 0 covers the whole canvas. For a later frame, the canvas it is drawn on is the previous
/// canvas after the previous frame's disposal; pixels equal there are written as the transparent
/// index and the frame is cropped to the bounding box of the others. A pixel that turns from ink
/// back to transparent cannot be drawn (transparent means "keep"), so the previous frame then gets
/// disposal 2 (restore to background = transparent in browsers; the background index is the
/// transparent one for other decoders) over its rectangle, enlarged to cover every such pixel;
/// the new frame redraws what it needs inside it. The frame is held back until the next one is
/// known, which also lets identical consecutive canvases merge (delays summed, split again
/// above 65535 cs). The last frame's
/// disposal is chosen against frame 0, so that the loop restarts correctly even in decoders that
/// do not clear the canvas between loops.
///
/// Memory: four canvases of `width * height` bytes, whatever the frame count.
struct FrameOptimizer {
  let width: Int
  let height: Int
  let transparent: UInt8
  let minCodeSize: Int

  /// The largest delay a frame can hold, in centiseconds; longer merged runs are split.
  static let maxDelay = 65535

  /// The canvas the pending frame is drawn on (after the previous frame's disposal).
  private var base: [UInt8]
  /// The canvas the pending frame must show.
  private var pending: [UInt8]
  /// The first canvas, to choose the last frame's disposal.
  private var first: [UInt8] = []
  private var pendingRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
  private var pendingDelay = 0
  private var hasPending = false

  /// Creates an optimizer for a canvas of `width` × `height` pixels.
  /// - Parameters:
  ///   - transparent: The transparent palette index.
  ///   - minCodeSize: The LZW minimum code size the frames are written with (2...8), to compare
  ///     the cost of equivalent frames.
  init(width: Int, height: Int, transparent: UInt8, minCodeSize: Int = 8) {
    self.width = width
    self.height = height
    self.transparent = transparent
    self.minCodeSize = minCodeSize
    base = [UInt8](repeating: transparent, count: width * height)
    pending = base
  }

  // MARK: - Streaming

  /// Adds the next canvas; writes the previous frame once it is final.
  /// - Parameters:
  ///   - canvas: `width * height` palette indices.
  ///   - delay: How long the canvas shows, in centiseconds.
  ///   - write: Receives each finished frame, in order.
  mutating func add(_ canvas: [UInt8], delay: Int, write: (OptimizedFrame) throws -> Void) throws {
    let (t, codeSize) = (transparent, minCodeSize)
    try add(canvas, delay: delay, change: nil) { try write($0.optimized(transparent: t, minCodeSize: codeSize)) }
  }

  /// Writes the held-back last frame.
  mutating func finish(write: (OptimizedFrame) throws -> Void) throws {
    let (t, codeSize) = (transparent, minCodeSize)
    try finish { try write($0.optimized(transparent: t, minCodeSize: codeSize)) }
  }

  /// Adds the next canvas; hands on the previous frame's decided layout once it is final. Only
  /// these decisions depend on the canvases before; the indices of a `FrameLayout` are chosen
  /// (and compressed) apart, on any thread.
  /// - Parameters:
  ///   - canvas: `width * height` palette indices.
  ///   - delay: How long the canvas shows, in centiseconds.
  ///   - change: How `canvas` differs from the canvas added before it, when computed ahead
  ///     (`CanvasChange(from:to:)`); `nil` = compare here.
  ///   - write: Receives each finished frame layout, in order.
  mutating func add(_ canvas: [UInt8], delay: Int, change: CanvasChange?,
                    write: (FrameLayout) throws -> Void) throws {
    guard hasPending else {
      first = canvas
      pending = canvas
      pendingRect = PixelRect(x: 0, y: 0, width: width, height: height)
      pendingDelay = delay
      hasPending = true
      return
    }
    let same = change.map { $0.same } ?? (canvas == pending)
    if same && pendingDelay + delay <= FrameOptimizer.maxDelay {
      pendingDelay += delay
      return
    }
    let disposal = try flush(next: canvas, cleared: change?.cleared, write: write)
    pending = canvas
    if let change, disposal == 1 {
      // The base is the previous canvas itself (nothing was restored): the change computed ahead.
      pendingRect = change.changed
    } else {
      pendingRect = FrameOptimizer.difference(base, pending, width: width, height: height) { a, b in a != b }
    }
    pendingDelay = delay
  }

  /// Hands on the held-back last frame's layout.
  mutating func finish(write: (FrameLayout) throws -> Void) throws {
    guard hasPending else { return }
    try flush(next: first, cleared: nil, write: write)
    hasPending = false
  }

  // MARK: - Writing one frame

  /// Decides the pending frame's disposal and rectangle, hands it on and moves to the next base.
  /// - Returns: The disposal method chosen (1 or 2).
  @discardableResult
  private mutating func flush(next: [UInt8], cleared known: PixelRect?,
                              write: (FrameLayout) throws -> Void) throws -> Int {
    let t = transparent
    let cleared = known ?? FrameOptimizer.difference(pending, next, width: width, height: height) { now, then in
      then == t && now != t
    }
    let disposal = cleared.isEmpty ? 1 : 2
    var rect = pendingRect.union(cleared)
    if rect.isEmpty { rect = PixelRect(x: 0, y: 0, width: 1, height: 1) }
    try write(FrameLayout(disposal: disposal, delay: pendingDelay, rect: rect,
                          now: crop(pending, rect), before: crop(base, rect)))
    swap(&base, &pending)
    if disposal == 2 {
      base.withUnsafeMutableBufferPointer { base in
        guard let start = base.baseAddress else { return }
        for row in rect.y..<(rect.y + rect.height) {
          (start + row * width + rect.x).update(repeating: t, count: rect.width)
        }
      }
    }
    return disposal
  }

  /// The pixels of `canvas` inside `rect`, row by row.
  private func crop(_ canvas: [UInt8], _ rect: PixelRect) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: rect.width * rect.height)
    canvas.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        for row in 0..<rect.height {
          (to + row * rect.width).update(from: from + (rect.y + row) * width + rect.x, count: rect.width)
        }
      }
    }
    return out
  }

  /// The indices to write for a frame, and their LZW data. A pixel already right on the canvas
  /// may be written as "keep" (the transparent index) or as its own colour: the frame is written
  /// all one way or all the other, whichever has fewer changes of index from one pixel to the
  /// next (ties: keep), as runs are what LZW compresses: nearly as small as compressing both
  /// ways and a pixel-by-pixel LZW-guided choice and keeping the smallest, at a third of the work.
  /// - Parameters:
  ///   - now: The canvas the frame must show inside its rectangle, row by row.
  ///   - before: The canvas it is drawn on, same pixels.
  ///   - transparent: The transparent palette index.
  ///   - minCodeSize: The LZW minimum code size (2...8).
  /// - Returns: One index per pixel of `now`, and their image data (`LZW.compress`).
  static func choose(now: [UInt8], before: [UInt8], transparent t: UInt8,
                     minCodeSize: Int) -> (pixels: [UInt8], data: [UInt8]) {
    let count = now.count
    var keep = [UInt8](repeating: t, count: count)
    var choice = false
    // Changes of index between neighbouring pixels, written each way.
    var keepBreaks = 0, ownBreaks = 0
    now.withUnsafeBufferPointer { now in
      before.withUnsafeBufferPointer { before in
        keep.withUnsafeMutableBufferPointer { keep in
          var lastKeep = count > 0 && now[0] != before[0] ? now[0] : t
          var lastOwn = count > 0 ? now[0] : t
          for i in 0..<count {
            let value = now[i]
            var written = t
            if value != before[i] {
              written = value
              keep[i] = value
            } else if value != t {
              choice = true
            }
            keepBreaks &+= written != lastKeep ? 1 : 0
            ownBreaks &+= value != lastOwn ? 1 : 0
            lastKeep = written
            lastOwn = value
          }
        }
      }
    }
    let pixels = choice && ownBreaks < keepBreaks ? now : keep
    return (pixels, LZW.compress(pixels, minCodeSize: minCodeSize))
  }

  /// The indices `choose(now:before:transparent:minCodeSize:)` writes.
  static func choosePixels(now: [UInt8], before: [UInt8], transparent t: UInt8, minCodeSize: Int) -> [UInt8] {
    choose(now: now, before: before, transparent: t, minCodeSize: minCodeSize).pixels
  }

  /// The bounding box of the pixels where `differs(a, b)` holds (empty when none).
  static func difference(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int,
                         differs: (UInt8, UInt8) -> Bool) -> PixelRect {
    var minX = width, minY = height, maxX = -1, maxY = -1
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        for y in 0..<height {
          let row = y * width
          var x = 0
          while x < width && !differs(a[row + x], b[row + x]) { x += 1 }
          guard x < width else { continue }
          minX = min(minX, x)
          var last = width - 1
          while !differs(a[row + last], b[row + last]) { last -= 1 }
          maxX = max(maxX, last)
          if minY == height { minY = y }
          maxY = y
        }
      }
    }
    guard maxY >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}
