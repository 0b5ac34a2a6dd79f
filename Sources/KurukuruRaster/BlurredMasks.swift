import Foundation
import KurukuruCore

// MARK: - BlurredMasks

/// A small, thread-safe cache of the blurred masks of shadowed layers, so a glowing part that
/// does not move between frames (a finished arc, a static ring) is blurred once, not every frame.
///
/// A mask is a pure function of what is drawn into the layer and where: the layer's items, the
/// scale, the offscreen surface's rectangle (`ShadowLayerBounds`), the shadow blur's sigma and
/// the sigma of the layer's own blur (a blurred layer casts the shadow of its blurred pixels).
/// Entries are found by comparing all five for equality (items containing NaN never match, and are
/// simply blurred again), so a hit gives the very bytes a fresh blur would: output does not
/// depend on which frames were rendered before or on which thread. Only the mask's reach (the
/// rectangle outside which it is 0) is stored. At most `maximumEntries` masks and
/// `maximumBytes` bytes are kept; the least recently used go first.
///
/// Each `RasterCache` holds one (a rasterizer's `cache.masks`).
final class BlurredMasks: @unchecked Sendable {
  /// Most masks kept.
  let maximumEntries: Int
  /// Most mask bytes kept.
  let maximumBytes: Int

  /// What a mask is a function of.
  struct Key: Equatable {
    /// The layer's children.
    var items: [DisplayItem]
    /// Pixels per point.
    var scale: Double
    /// Gaussian standard deviation in pixels.
    var sigma: Double
    /// The offscreen surface's rectangle in canvas pixels.
    var bounds: ShadowLayerBounds
    /// Gaussian standard deviation of the layer's own blur, in pixels, applied before the
    /// shadow's; 0 for none. Default 0.
    var layerBlur: Double = 0
  }

  /// A stored mask: its reach and the reach's bytes, row after row (reach width bytes a row).
  struct Mask {
    var reach: MaskBounds
    var bytes: [UInt8]
  }

  private let lock = NSLock()
  private var entries: [(key: Key, mask: Mask)] = []  // least recently used first
  private var bytes = 0

  /// Creates a cache.
  /// - Parameters:
  ///   - maximumEntries: most masks kept (default 16).
  ///   - maximumBytes: most mask bytes kept (default 16 MiB).
  init(maximumEntries: Int = 16, maximumBytes: Int = 16 << 20) {
    self.maximumEntries = maximumEntries
    self.maximumBytes = maximumBytes
  }

  /// Copies the mask stored for `key` into an A8 buffer whose bytes are all 0.
  /// - Parameters:
  ///   - key: what the mask is a function of.
  ///   - mask: first byte of the A8 buffer (the layer's size).
  ///   - stride: bytes per row of the buffer.
  /// - Returns: the mask's reach, or nil (buffer untouched) when no mask is stored for `key`.
  func copy(_ key: Key, into mask: UnsafeMutablePointer<UInt8>, stride: Int) -> MaskBounds? {
    lock.lock()
    defer { lock.unlock() }
    guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
    let entry = entries.remove(at: index)
    entries.append(entry)
    let reach = entry.mask.reach
    let width = reach.maxX - reach.minX + 1
    entry.mask.bytes.withUnsafeBufferPointer { stored in
      guard let base = stored.baseAddress else { return }
      for y in reach.minY...reach.maxY {
        (mask + y * stride + reach.minX).update(from: base + (y - reach.minY) * width, count: width)
      }
    }
    return reach
  }

  /// Stores the reach of a freshly blurred mask for `key` (nothing when it alone exceeds
  /// `maximumBytes`).
  /// - Parameters:
  ///   - key: what the mask is a function of.
  ///   - mask: first byte of the A8 mask.
  ///   - stride: bytes per row of the mask.
  ///   - reach: the rectangle outside which the mask is 0.
  func store(_ key: Key, from mask: UnsafePointer<UInt8>, stride: Int, reach: MaskBounds) {
    let width = reach.maxX - reach.minX + 1, height = reach.maxY - reach.minY + 1
    guard width > 0, height > 0, width * height <= maximumBytes else { return }
    var copied = [UInt8](repeating: 0, count: width * height)
    copied.withUnsafeMutableBufferPointer { out in
      guard let base = out.baseAddress else { return }
      for y in reach.minY...reach.maxY {
        (base + (y - reach.minY) * width).update(from: mask + y * stride + reach.minX, count: width)
      }
    }
    lock.lock()
    defer { lock.unlock() }
    if let index = entries.firstIndex(where: { $0.key == key }) {
      bytes -= entries[index].mask.bytes.count
      entries.remove(at: index)
    }
    entries.append((key, Mask(reach: reach, bytes: copied)))
    bytes += copied.count
    while entries.count > maximumEntries || bytes > maximumBytes {
      bytes -= entries.removeFirst().mask.bytes.count
    }
  }

  /// Forgets every mask.
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    entries.removeAll()
    bytes = 0
  }

  /// Masks held and their total size in bytes (for tests).
  var holding: (masks: Int, bytes: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (entries.count, bytes)
  }
}
