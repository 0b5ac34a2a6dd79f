import Foundation

// MARK: - RasterCache

/// What a rasterizer keeps from one frame to the next so that later frames draw less, owned by
/// whoever owns the rasterizer (`Rasterizer(scale:cache:)`; a `Renderer` makes one of its own).
///
/// Nothing in it changes a byte of output: a frame drawn with a warm cache, a cold one or one
/// shared with other rasterizers is the frame drawn with none. Two rasterizers with different
/// caches never see each other's entries or budgets. Three parts, each with its own budget and
/// its own lock, the least recently used going first:
///
/// - static prefixes (`StaticPrefixes`): the canvases left by the first items of lists that stay
///   from frame to frame (a track under a moving arc). At most 16 entries and 64 MiB
///   (67,108,864 bytes), counting every entry at its largest (two canvases and two working
///   copies); a canvas over 4 MiB (4,194,304 bytes, a sixteenth of the budget) is never kept.
/// - blurred masks (`BlurredMasks`): the A8 shadow masks of layers drawn exactly as before. At
///   most 16 masks and 16 MiB (16,777,216 bytes).
/// - scratch buffers (`ScratchBuffers`): free zero-filled buffers for the offscreen surfaces of
///   shadowed and blurred layers and of masks. At most 8 buffers and 32 MiB (33,554,432 bytes); a larger buffer is
///   never kept.
///
/// So one cache keeps at most 112 MiB (117,440,512 bytes) of pixels, besides what frames being
/// drawn hold. Any number of threads may render through one cache at once. The memory goes back
/// when the last rasterizer holding the cache is gone, or at once with `removeAll()`. A new
/// cache holds no pixels until frames are drawn through it.
public final class RasterCache: Sendable {
  /// Canvases of static first items.
  let prefixes: StaticPrefixes
  /// Blurred masks of shadowed layers.
  let masks: BlurredMasks
  /// Free buffers for the offscreen surfaces of shadowed and blurred layers and of masks.
  let scratch: ScratchBuffers

  /// Creates an empty cache with the budgets in the type's notes.
  public init() {
    prefixes = StaticPrefixes()
    masks = BlurredMasks()
    scratch = ScratchBuffers()
  }

  /// Forgets every entry of the three parts and frees their memory now instead of when the
  /// cache goes away. Frames drawn afterwards are the same bytes; they only draw everything
  /// again until the cache refills. Safe to call while other threads render through the cache:
  /// what they use meanwhile stays theirs, and may be kept again when they are done with it.
  public func removeAll() {
    prefixes.removeAll()
    masks.removeAll()
    scratch.removeAll()
  }

  // MARK: - Observing

  /// What a cache holds at one moment.
  package struct Holding: Equatable, Sendable {
    /// Static-prefix entries.
    package var prefixes: Int
    /// Bytes the static-prefix entries count for (each at its largest).
    package var prefixBytes: Int
    /// Blurred masks.
    package var masks: Int
    /// Bytes of the blurred masks.
    package var maskBytes: Int
    /// Free scratch buffers.
    package var scratchBuffers: Int
    /// Bytes of the free scratch buffers.
    package var scratchBytes: Int

    /// Nothing held: a new cache, or one just emptied.
    package static let empty = Holding(
      prefixes: 0, prefixBytes: 0, masks: 0, maskBytes: 0, scratchBuffers: 0, scratchBytes: 0)
  }

  /// What the cache holds now (for tests and diagnostics); each part is read under its own lock,
  /// so with frames rendering meanwhile the parts may be from slightly different moments.
  package var holding: Holding {
    let p = prefixes.holding, m = masks.holding, s = scratch.holding
    return Holding(
      prefixes: p.entries, prefixBytes: p.bytes, masks: m.masks, maskBytes: m.bytes, scratchBuffers: s.buffers,
      scratchBytes: s.bytes)
  }

  /// Most bytes of static-prefix entries kept (64 MiB).
  package var prefixBudget: Int { prefixes.maximumBytes }
}
