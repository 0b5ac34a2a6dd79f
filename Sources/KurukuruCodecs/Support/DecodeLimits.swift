// MARK: - DecodeLimits

/// The sanity limits of every decoder (GIF, APNG, WebP), checked from headers before memory is
/// allocated, so that a small malformed file cannot ask for gigabytes.
public enum DecodeLimits {
  /// Largest accepted canvas or frame side, in pixels: 8192.
  public static let maxSide = 8192
  /// Largest accepted number of frames: 100,000.
  public static let maxFrames = 100_000
  /// Largest memory, in bytes, that decoding may spend on composited frames: 1 GiB.
  public static let maxDecodedBytes = 1 << 30
}
