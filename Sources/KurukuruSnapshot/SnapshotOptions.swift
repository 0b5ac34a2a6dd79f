import Foundation

// MARK: - SnapshotRecordMode

/// When reference images are written.
///
/// As in swift-snapshot-testing, recording always fails the test: a test that records has not
/// compared anything, and a green run must mean "matched a reference that was already there".
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
  /// Overwrite every reference with the actual frame, and fail.
  case all
  /// Record references that do not exist yet (and fail); compare the others. The default.
  case missing
  /// Never write references: a missing reference is a failure.
  case never

  /// The mode named by the environment variable `KURUKURU_RECORD`, `.missing` when unset or empty.
  /// - Throws: `SnapshotError.invalidRecordMode` for any other value.
  public static func fromEnvironment() throws -> SnapshotRecordMode {
    guard let text = ProcessInfo.processInfo.environment["KURUKURU_RECORD"], !text.isEmpty else {
      return .missing
    }
    guard let mode = SnapshotRecordMode(rawValue: text.lowercased()) else {
      throw SnapshotError.invalidRecordMode(text)
    }
    return mode
  }
}

// MARK: - SnapshotStrategy

/// How an actual frame is compared with its reference.
///
/// The default, `.pixelmatch()`, suits frames rendered on different machines: pixelmatch's
/// anti-aliasing detection ignores the edge pixels that differ between Cairo/pixman versions and
/// CPU paths, and threshold 0.1 ignores colour differences a person cannot see, while any real
/// change of shape, position or colour still counts. `.exact(tolerance: 1)` is resvg's rule
/// ("a channel off by more than 1 counts"), for references rendered on the same machine.
public enum SnapshotStrategy: Sendable, Equatable {
  /// pixelmatch v7.2.0 counting (YIQ distance, anti-aliasing ignored).
  /// - `threshold`: 0…1, smaller is stricter; default 0.1.
  /// - `maxMismatchedPixels`: mismatched pixels still accepted (≥ 0); default 0.
  case pixelmatch(threshold: Double = 0.1, maxMismatchedPixels: Int = 0)
  /// Channel by channel: a pixel counts when any of R, G, B, A differs by more than `tolerance`
  /// (0…255 levels; default 1). `maxMismatchedPixels` (≥ 0) are still accepted; default 0.
  case exact(tolerance: Int = 1, maxMismatchedPixels: Int = 0)

  /// The default strategy: `.pixelmatch(threshold: 0.1, maxMismatchedPixels: 0)`.
  public static let `default` = SnapshotStrategy.pixelmatch()

  /// The number of mismatched pixels accepted.
  public var maxMismatchedPixels: Int {
    switch self {
    case .pixelmatch(_, let n), .exact(_, let n): return n
    }
  }

  /// Checks the numbers of the strategy.
  /// - Throws: `SnapshotError.invalidStrategy` naming the number.
  public func validate() throws {
    switch self {
    case .pixelmatch(let threshold, _):
      guard threshold >= 0, threshold <= 1 else {
        throw SnapshotError.invalidStrategy(name: "threshold", value: "\(threshold)", range: "0…1")
      }
    case .exact(let tolerance, _):
      guard (0...255).contains(tolerance) else {
        throw SnapshotError.invalidStrategy(name: "tolerance", value: "\(tolerance)", range: "0…255")
      }
    }
    guard maxMismatchedPixels >= 0 else {
      throw SnapshotError.invalidStrategy(
        name: "maxMismatchedPixels", value: "\(maxMismatchedPixels)", range: "0…")
    }
  }
}
