// MARK: - ToolVersion

/// The version of Kurukuru. Batch cache keys and manifests carry it, so that a new version
/// renders every output again instead of trusting files an older one wrote.
public enum ToolVersion {
  /// The version number, e.g. `0.1.0` (what `kurukuru --version` prints).
  public static let number = "0.1.0"
  /// The tool and its version as manifests name it: `kurukuru 0.1.0`.
  public static var name: String { "kurukuru \(number)" }
}
