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
  init(width: Int, height: Int, transparent: UInt8) {
    self.width = width
    self.height = height
    self.transparent = transparent
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
    guard hasPending else {
      first = canvas
      pending = canvas
      pendingRect = PixelRect(x: 0, y: 0, width: width, height: height)
      pendingDelay = delay
      hasPending = true
      return
    }
    if canvas == pending && pendingDelay + delay <= FrameOptimizer.maxDelay {
      pendingDelay += delay
      return
    }
    try flush(next: canvas, write: write)
    pending = canvas
    pendingRect = FrameOptimizer.difference(base, pending, width: width, height: height) { a, b in a != b }
    pendingDelay = delay
  }

  /// Writes the held-back last frame.
  mutating func finish(write: (OptimizedFrame) throws -> Void) throws {
    guard hasPending else { return }
    try flush(next: first, write: write)
    hasPending = false
  }

  // MARK: - Writing one frame

  private mutating func flush(next: [UInt8], write: (OptimizedFrame) throws -> Void) throws {
    let t = transparent
    let cleared = FrameOptimizer.difference(pending, next, width: width, height: height) { now, then in
      then == t && now != t
    }
    let disposal = cleared.isEmpty ? 1 : 2
    var rect = pendingRect.union(cleared)
    if rect.isEmpty { rect = PixelRect(x: 0, y: 0, width: 1, height: 1) }
    var pixels = [UInt8](repeating: t, count: rect.width * rect.height)
    pending.withUnsafeBufferPointer { now in
      base.withUnsafeBufferPointer { before in
        for row in 0..<rect.height {
          let source = (rect.y + row) * width + rect.x
          let target = row * rect.width
          for x in 0..<rect.width where now[source + x] != before[source + x] {
            pixels[target + x] = now[source + x]
          }
        }
      }
    }
    try write(OptimizedFrame(disposal: disposal, delay: pendingDelay, rect: rect, pixels: pixels))
    swap(&base, &pending)
    if disposal == 2 {
      for row in rect.y..<(rect.y + rect.height) {
        let start = row * width + rect.x
        for i in start..<(start + rect.width) { base[i] = t }
      }
    }
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
