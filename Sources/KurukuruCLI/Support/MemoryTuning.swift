import Foundation

// MARK: - Memory tuning

/// How the `kurukuru` process asks glibc's allocator to keep memory it has freed.
///
/// Every frame allocates canvas-sized buffers (Cairo surfaces, straight-RGBA frames, encoder
/// state) and frees them a moment later. With glibc's defaults the freed memory goes back to the
/// kernel at once (a heap keeps only 128 KiB spare; blocks ≥ 128 KiB are their own mappings)
/// and the next frame faults it in again page by page. With two threads every such fault also
/// flushes the other core's TLB. Measured with the shipped binary on the bundled presets
/// (2 cores, best of 15):
///
/// | render | glibc defaults | tuned |
/// |---|---|---|
/// | bars-fade → GIF, --scale 2 | 42 ms | 32 ms |
/// | nv-ball-grid-pulse → GIF, --scale 2 | 90 ms | 80 ms |
/// | pacman → WebP, --scale 2 | 59 ms | 54 ms |
/// | circle-progress → GIF, --scale 3 --fps 30 | 1.30 s | 1.20 s |
///
/// The cost is resident memory: a heap may keep up to `topPad` bytes it no longer uses
/// (circle-progress above peaks at about 105 MB instead of 85 MB).
///
/// This is process-wide policy, so the command sets it, not the library: an app that links
/// Kurukuru keeps its own allocator settings. Elsewhere than glibc nothing is changed.
enum MemoryTuning {
  /// Spare bytes a heap keeps above its top when it grows or trims: 16 MiB (glibc's default is
  /// 128 KiB). 4 MiB was as fast for small canvases, but slower than the default for 510×510
  /// frames.
  static let topPad: Int32 = 16 << 20
  /// Blocks of at least this many bytes get their own mapping, returned to the kernel when
  /// freed: 32 MiB (glibc's default starts at 128 KiB). Setting `topPad` turns off glibc's
  /// dynamic threshold, so without this every canvas-sized block would be mapped and unmapped per
  /// frame. A 2048×2048 frame (16 MiB) still comes from the heap.
  static let mmapThreshold: Int32 = 32 << 20

  /// glibc's `mallopt` parameter numbers (`<malloc.h>`).
  private static let mTopPad: Int32 = -2
  private static let mMmapThreshold: Int32 = -3

  /// Applies the settings once, before the first large allocation. Returns whether glibc took
  /// both (false on other C libraries, where `mallopt` does not exist).
  @discardableResult
  static func apply() -> Bool {
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
