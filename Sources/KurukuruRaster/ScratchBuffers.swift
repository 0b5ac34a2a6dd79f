import Foundation

// MARK: - ScratchBuffers

/// A small, thread-safe pool of zero-filled pixel buffers for the offscreen surfaces of shadowed
/// and blurred layers and of mask groups.
///
/// A glowing preset allocates a canvas-sized ARGB32 surface and an A8 mask for every shadowed
/// layer of every frame. Allocated and freed each time, these multi-megabyte blocks go back to the
/// kernel and are faulted in again page by page, a large share of a glowing frame's time.
/// Keeping a few freed buffers avoids that. The pool holds at most `maximumBuffers` free
/// buffers and `maximumBytes` in all; larger buffers are never kept, so it
/// adds at most `maximumBytes` to the resident size. Buffers are zero when taken, so output never
/// depends on what a buffer held before: a buffer given back `cleaned` (its user zeroed the few
/// bytes it wrote) is handed out as it is, any other is zero-filled when taken.
///
/// Each `RasterCache` holds one (a rasterizer's `cache.scratch`).
final class ScratchBuffers: @unchecked Sendable {
  /// Most free buffers kept.
  let maximumBuffers: Int
  /// Most bytes kept in free buffers.
  let maximumBytes: Int

  private let lock = NSLock()
  private var free: [(buffer: Buffer, clean: Bool)] = []
  private var freeBytes = 0

  /// A block of memory from the pool.
  struct Buffer {
    /// First byte; 16-byte aligned.
    let pointer: UnsafeMutableRawPointer
    /// Bytes allocated (≥ the bytes asked for).
    let capacity: Int
  }

  /// Creates a pool.
  /// - Parameters:
  ///   - maximumBuffers: most free buffers kept (default 8).
  ///   - maximumBytes: most bytes kept in free buffers (default 32 MiB).
  init(maximumBuffers: Int = 8, maximumBytes: Int = 32 << 20) {
    self.maximumBuffers = maximumBuffers
    self.maximumBytes = maximumBytes
  }

  deinit {
    for entry in free { entry.buffer.pointer.deallocate() }
  }

  /// A zero-filled buffer of at least `bytes` bytes: the smallest free one that fits, or a new one.
  /// Give it back with `give(_:)` once nothing uses it any more.
  /// - Parameter bytes: bytes needed (≥ 1).
  /// - Returns: the buffer.
  func take(bytes: Int) -> Buffer {
    lock.lock()
    var best: Int?
    for (i, entry) in free.enumerated() where entry.buffer.capacity >= bytes {
      if let b = best, free[b].buffer.capacity <= entry.buffer.capacity { continue }
      best = i
    }
    let reused = best.map { i -> (buffer: Buffer, clean: Bool) in
      freeBytes -= free[i].buffer.capacity
      return free.remove(at: i)
    }
    lock.unlock()
    if let reused, reused.clean { return reused.buffer }
    let buffer = reused?.buffer ?? Buffer(pointer: .allocate(byteCount: max(1, bytes), alignment: 16), capacity: max(1, bytes))
    buffer.pointer.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.capacity)
    return buffer
  }

  /// Returns a buffer taken from this pool; it is kept for reuse while the pool has room, and
  /// freed otherwise (the smallest kept buffers make way for a larger one).
  /// - Parameters:
  ///   - buffer: the buffer; must not be used afterwards.
  ///   - cleaned: true when every byte of its capacity is 0 again (default false: it is
  ///     zero-filled when next taken).
  func give(_ buffer: Buffer, cleaned: Bool = false) {
    var release: [Buffer] = []
    lock.lock()
    if buffer.capacity > maximumBytes {
      release.append(buffer)
    } else {
      free.append((buffer, cleaned))
      freeBytes += buffer.capacity
      free.sort { $0.buffer.capacity > $1.buffer.capacity }
      while free.count > maximumBuffers || freeBytes > maximumBytes, let smallest = free.popLast() {
        freeBytes -= smallest.buffer.capacity
        release.append(smallest.buffer)
      }
    }
    lock.unlock()
    for b in release { b.pointer.deallocate() }
  }

  /// Frees every buffer the pool keeps. Buffers taken meanwhile are not affected: given back,
  /// they are kept or freed as usual.
  func removeAll() {
    lock.lock()
    let release = free
    free.removeAll()
    freeBytes = 0
    lock.unlock()
    for entry in release { entry.buffer.pointer.deallocate() }
  }

  /// Free buffers held and their total size in bytes (for tests).
  var holding: (buffers: Int, bytes: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (free.count, freeBytes)
  }
}
