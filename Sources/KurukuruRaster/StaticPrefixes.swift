import CCairo
import Foundation
import KurukuruCore

// MARK: - StaticPrefixes

/// A small, thread-safe cache of the canvases left by the first items of display lists that do
/// not change from frame to frame (a track ring under a turning or growing arc), so those items
/// are drawn once instead of every frame.
///
/// A frame with a stored prefix is drawn on a working copy of its canvas that stays warm from
/// frame to frame. A frame without one is drawn from its background as usual: a working copy of
/// the background alone would save instructions but not time, since a copy, the canvas and its
/// straight pixels besides the frame make the conversion memory-bound.
///
/// Drawing the items of a list in order onto a canvas is deterministic, so the premultiplied
/// canvas after items `0..<k` is a pure function of the canvas (size in pixels, scale,
/// background) and of those items. A frame whose first `k` items equal a stored prefix (found by
/// comparing the items for equality; items containing NaN never match) starts from a copy of that
/// canvas and draws only the rest: the very bytes a full drawing gives, whichever frames were
/// rendered before and on whichever thread.
///
/// Which prefixes are stored: the cache remembers the items of the last list it was asked about
/// on each canvas (frames of several animations may be rendered at once); when a list shares its first `k ≥ 1` items with that one and no stored prefix matches, those
/// `k` items become the candidate, and the next list that starts with the candidate (no stored
/// prefix matching it either) has them drawn into a new entry: items static for only two frames
/// are never drawn twice. Each entry also keeps its canvas converted to straight RGBA, so that
/// the parts a frame left unchanged are copied instead of converted again, and up to
/// `Entry.maximumWorkspaces` working copies of its canvas, which frames draw their other items
/// on and leave as they found them.
///
/// At most `maximumEntries` entries and `maximumBytes` bytes (counting every entry at its
/// largest: two canvases and the working copies) are kept, the least recently used going first;
/// canvases over a sixteenth of `maximumBytes` are never stored.
///
/// Each `RasterCache` holds one (a rasterizer's `cache.prefixes`).
final class StaticPrefixes: @unchecked Sendable {
  /// Most entries kept.
  let maximumEntries: Int
  /// Most bytes kept (both canvases of every entry).
  let maximumBytes: Int

  /// What a canvas is, besides its items.
  struct Canvas: Equatable {
    /// Width in pixels.
    var width: Int
    /// Height in pixels.
    var height: Int
    /// Pixels per point.
    var scale: Double
    /// The colour painted first.
    var background: RGBAColor
  }

  /// A prefix drawn once.
  final class Entry: @unchecked Sendable {
    /// The canvas it was drawn on.
    let canvas: Canvas
    /// The items drawn, in order.
    let items: [DisplayItem]
    /// The premultiplied ARGB32 canvas after `items` (`width * height * 4` bytes, rows
    /// `width * 4` bytes apart).
    let premultiplied: UnsafeMutablePointer<UInt8>
    /// `premultiplied` converted to straight RGBA (same layout).
    let straight: UnsafeMutablePointer<UInt8>

    /// Bytes of one canvas.
    var canvasBytes: Int { canvas.width * canvas.height * 4 }
    /// Most bytes the entry holds: its two canvases and the working copies it keeps.
    var footprint: Int { (2 + Entry.maximumWorkspaces) * canvasBytes }

    /// Draws `items` onto a new canvas.
    /// - Throws: `RasterError` from drawing (nothing is kept then).
    init(
      canvas: Canvas, items: [DisplayItem],
      draw: (UnsafeMutablePointer<UInt8>) throws -> Void
    ) throws {
      let count = canvas.width * canvas.height * 4
      let premultiplied = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      premultiplied.initialize(repeating: 0, count: count)
      do {
        try draw(premultiplied)
      } catch {
        premultiplied.deallocate()
        throw error
      }
      let straight = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      straight.initialize(repeating: 0, count: count)
      convertRows(
        from: UnsafeRawPointer(premultiplied), stride: canvas.width * 4, width: canvas.width, height: canvas.height,
        into: straight)
      self.canvas = canvas
      self.items = items
      self.premultiplied = premultiplied
      self.straight = straight
    }

    private let lock = NSLock()
    private var workspaces: [UnsafeMutablePointer<UInt8>] = []

    /// Most working copies kept for reuse.
    static let maximumWorkspaces = 2

    deinit {
      premultiplied.deallocate()
      straight.deallocate()
      for w in workspaces { w.deallocate() }
    }

    /// A working copy of `premultiplied` to draw the rest of a frame on: a kept one, or a new
    /// copy. Give it back with `giveWorkspace(_:)` once it equals `premultiplied` again
    /// (`convert(_:into:over:)` restores it), or deallocate it.
    func takeWorkspace() -> UnsafeMutablePointer<UInt8> {
      lock.lock()
      let kept = workspaces.popLast()
      lock.unlock()
      if let kept { return kept }
      let count = canvasBytes
      let workspace = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      workspace.initialize(from: premultiplied, count: count)
      return workspace
    }

    /// Takes back a working copy that equals `premultiplied` byte for byte.
    func giveWorkspace(_ workspace: UnsafeMutablePointer<UInt8>) {
      lock.lock()
      if workspaces.count < Entry.maximumWorkspaces {
        workspaces.append(workspace)
        lock.unlock()
      } else {
        lock.unlock()
        workspace.deallocate()
      }
    }

    /// Whether a list on `canvas` starts with this entry's items.
    func isPrefix(of items: [DisplayItem], on canvas: Canvas) -> Bool {
      self.canvas == canvas && self.items.count <= items.count && items.starts(with: self.items)
    }
  }

  private let lock = NSLock()
  private var entries: [Entry] = []  // least recently used first
  private var bytes = 0
  /// Per canvas (most recently used last, at most `maximumEntries`): the items of the last list
  /// asked about, and the candidate prefix.
  private var history: [(canvas: Canvas, recent: [DisplayItem], candidate: [DisplayItem]?)] = []

  /// Creates a cache.
  /// - Parameters:
  ///   - maximumEntries: most entries kept (default 16).
  ///   - maximumBytes: most bytes kept (default 64 MiB).
  init(maximumEntries: Int = 16, maximumBytes: Int = 64 << 20) {
    self.maximumEntries = maximumEntries
    self.maximumBytes = maximumBytes
  }

  /// The longest stored prefix of `items` on `canvas`, or a new one when `items` start with the
  /// candidate (see the type's notes); nil when neither applies or the canvas is too large to
  /// store.
  /// - Parameters:
  ///   - items: the list's items.
  ///   - canvas: the list's canvas.
  ///   - draw: draws the given items (and the background) onto a zero-filled premultiplied
  ///     canvas of `canvas.width * canvas.height * 4` bytes.
  /// - Returns: the entry to start from.
  /// - Throws: errors of `draw`.
  func prefix(
    of items: [DisplayItem], on canvas: Canvas,
    draw: ([DisplayItem], UnsafeMutablePointer<UInt8>) throws -> Void
  ) throws -> Entry? {
    guard !items.isEmpty, canvas.width * canvas.height * 4 <= maximumBytes / 16 else { return nil }
    lock.lock()
    var best: Int?
    for (i, entry) in entries.enumerated() where entry.isPrefix(of: items, on: canvas) {
      if let b = best, entries[b].items.count >= entry.items.count { continue }
      best = i
    }
    if let best {
      let found = entries.remove(at: best)
      entries.append(found)
      lock.unlock()
      return found
    }
    // A prefix is drawn on its third list in a row (the first two make it the candidate), so
    // items that stay for only two frames never cost an extra drawing.
    var drawn: [DisplayItem]?
    if let h = history.lastIndex(where: { $0.canvas == canvas }) {
      var record = history.remove(at: h)
      if let candidate = record.candidate, candidate.count <= items.count, items.starts(with: candidate) {
        drawn = candidate
        record.candidate = nil
      } else {
        let shared = zip(record.recent, items).prefix { $0 == $1 }.count
        if shared > 0 { record.candidate = Array(items[..<shared]) }
      }
      record.recent = items
      history.append(record)
    } else {
      history.append((canvas, items, nil))
      if history.count > maximumEntries { history.removeFirst() }
    }
    lock.unlock()
    guard let prefix = drawn else { return nil }

    let entry = try Entry(canvas: canvas, items: prefix) { try draw(prefix, $0) }
    lock.lock()
    defer { lock.unlock() }
    if let index = entries.firstIndex(where: { $0.canvas == canvas && $0.items == prefix }) {
      return entries[index]  // drawn meanwhile on another thread: the same bytes
    }
    entries.append(entry)
    bytes += entry.footprint
    while entries.count > maximumEntries || bytes > maximumBytes {
      bytes -= entries.removeFirst().footprint
    }
    return entry
  }

  /// Forgets every entry and the last list.
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    entries.removeAll()
    bytes = 0
    history.removeAll()
  }

  /// Entries held and their total size in bytes (for tests).
  var holding: (entries: Int, bytes: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (entries.count, bytes)
  }
}

// MARK: - Converting

/// Converts a premultiplied ARGB32 canvas to straight RGBA in place, `convertRows` doing the
/// work except in whole 16-pixel blocks that are all zero (transparent, most of a loader's
/// canvas), which stay as they are. The result is exactly `convertRows` of the whole canvas (the
/// conversion is a function of each pixel alone, and maps zero to zero).
/// - Parameters:
///   - data: the canvas, `width * height * 4` bytes, rows `width * 4` apart.
///   - width: width in pixels.
///   - height: height in pixels.
func convertInPlace(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
  let blocks = width / 16
  let raw = UnsafeRawPointer(data)
  for y in 0..<height {
    let row = y * width * 4
    var pending: Int?  // first pixel of a run still to convert
    func flush(to end: Int) {
      guard let start = pending else { return }
      pending = nil
      guard end > start else { return }
      let first = data + row + start * 4
      convertRows(from: UnsafeRawPointer(first), stride: (end - start) * 4, width: end - start, height: 1, into: first)
    }
    for b in 0..<blocks {
      let x = b * 16
      let offset = row + x * 4
      // The first two pixels decide for most inked blocks; only a block starting clear is read whole.
      var bits = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if bits == 0 {
        for k in 1..<8 { bits |= raw.loadUnaligned(fromByteOffset: offset + k * 8, as: UInt64.self) }
      }
      if bits == 0 {
        flush(to: x)
      } else if pending == nil {
        pending = x
      }
    }
    if pending == nil && blocks * 16 < width { pending = blocks * 16 }
    flush(to: width)
  }
}

/// Writes the straight RGBA frame of a canvas drawn on a working copy of `entry`'s canvas, and
/// restores the copy: whole rows and 16-pixel blocks that still equal the prefix's canvas take
/// the prefix's straight pixels; the rest goes through `convertRows` and is then copied back
/// from the prefix. The frame is exactly `convertRows` of the drawn canvas.
/// - Parameters:
///   - workspace: the drawn canvas (`width * height * 4` bytes of `entry.canvas`); equal to
///     `entry.premultiplied` on return.
///   - out: the frame, same size and layout.
///   - entry: the prefix.
func convert(_ workspace: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, over entry: StaticPrefixes.Entry) {
  let width = entry.canvas.width, height = entry.canvas.height
  let blocks = width / 16
  let rowBytes = width * 4
  for y in 0..<height {
    let row = y * rowBytes
    if memcmp(workspace + row, entry.premultiplied + row, rowBytes) == 0 {
      (out + row).update(from: entry.straight + row, count: rowBytes)
      continue
    }
    var pending: Int?  // first pixel of a run still to convert
    func flush(to end: Int) {
      guard let start = pending else { return }
      pending = nil
      let offset = row + start * 4, bytes = (end - start) * 4
      convertRows(
        from: UnsafeRawPointer(workspace + offset), stride: bytes, width: end - start, height: 1, into: out + offset)
      (workspace + offset).update(from: entry.premultiplied + offset, count: bytes)
    }
    for b in 0..<blocks {
      let x = b * 16
      let offset = row + x * 4
      if memcmp(workspace + offset, entry.premultiplied + offset, 64) == 0 {
        flush(to: x)
        (out + offset).update(from: entry.straight + offset, count: 64)
      } else if pending == nil {
        pending = x
      }
    }
    if pending == nil && blocks * 16 < width { pending = blocks * 16 }
    flush(to: width)
  }
}
