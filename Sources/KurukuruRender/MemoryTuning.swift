import Foundation

// MARK: - Memory tuning

/// How the `kurukuru` process asks glibc's allocator to keep memory it has freed: every frame
/// allocates canvas-sized buffers and frees them a moment later, and with glibc's defaults the
/// memory goes back to the kernel at once and is faulted in again page by page. The cost is
/// resident memory: a heap may keep up to `topPad` bytes it no longer uses. (The figures are in
/// `scripts/bench.d/README.md`.) Kept beside the renderer whose allocations it is tuned for, but
/// process-wide, so the library never applies it: the `kurukuru` command calls `apply()` at
/// start. Elsewhere than glibc nothing is changed.
package enum MemoryTuning {
  /// Spare bytes a heap keeps above its top when it grows or trims: 16 MiB (glibc's default is
  /// 128 KiB).
  package static let topPad: Int32 = 16 << 20
  /// Blocks of at least this many bytes get their own mapping, returned to the kernel when
  /// freed: 32 MiB (glibc's default starts at 128 KiB). Setting `topPad` turns off glibc's
  /// dynamic threshold, so without this every canvas-sized block would be mapped and unmapped per
  /// frame. A 2048×2048 frame (16 MiB) still comes from the heap.
  package static let mmapThreshold: Int32 = 32 << 20

  /// glibc's `mallopt` parameter numbers (`<malloc.h>`).
  private static let mTopPad: Int32 = -2
  private static let mMmapThreshold: Int32 = -3

  /// Applies the settings once, before the first large allocation. Returns whether glibc took
  /// both (false on other C libraries, where `mallopt` does not exist).
  @discardableResult
  package static func apply() -> Bool {
    #if os(Linux)
    // Looked up at run time: the Glibc module does not export <malloc.h>.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let padded = mallopt(mTopPad, topPad) == 1
    let mapped = mallopt(mMmapThreshold, mmapThreshold) == 1
    return padded && mapped
    #else
    return false
    #endif
  }
}
