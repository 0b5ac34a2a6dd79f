import KurukuruCompare

// MARK: - SnapshotError

/// Everything that keeps a snapshot assertion from comparing at all (as opposed to a mismatch,
/// which is a test failure reported in `SnapshotResult`).
///
/// Errors of the comparison are passed through typed, wrapped in `.compare`, so that every
/// snapshot failure stays a `SnapshotError` while the cause can still be matched.
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
  /// No times were given to `assertFrames`.
  case noTimes
  /// A time is not a finite number of seconds ≥ 0 (the time as text).
  case invalidTime(String)
  /// The scale is not a finite number of pixels per point > 0.
  case invalidScale(Double)
  /// A snapshot name is empty or contains a path separator.
  case invalidName(String)
  /// A preset file was found neither relative to the working directory nor to the test file.
  case presetNotFound(path: String, searched: [String])
  /// The reference image exists but cannot be read or decoded (path, reason).
  case unreadableReference(path: String, reason: String)
  /// A file or directory could not be written (path, reason).
  case cannotWrite(path: String, reason: String)
  /// `KURUKURU_RECORD` holds something other than `all`, `missing` or `never`.
  case invalidRecordMode(String)
  /// A strategy number is out of range (name, value as text, allowed range).
  case invalidStrategy(name: String, value: String, range: String)
  /// The comparison refused its input: frames of different sizes given to `Snapshot.compare`,
  /// or a pixelmatch option out of range (the `CompareError`, unchanged).
  case compare(CompareError)

  public var description: String {
    switch self {
    case .noTimes:
      return "snapshot: no times given; pass at least one time in seconds"
    case .invalidTime(let t):
      return "snapshot: time \(t) is not a finite number of seconds ≥ 0"
    case .invalidScale(let s):
      return "snapshot: scale \(s) must be a finite number of pixels per point > 0"
    case .invalidName(let n):
      return "snapshot: name '\(n)' must be non-empty and contain no '/'"
    case .presetNotFound(let path, let searched):
      return "snapshot: \(path): no such preset file (looked in \(searched.joined(separator: ", ")))"
    case .unreadableReference(let path, let reason):
      return "snapshot: \(path): cannot read the reference image: \(reason)"
    case .cannotWrite(let path, let reason):
      return "snapshot: \(path): cannot write: \(reason)"
    case .invalidRecordMode(let m):
      return "snapshot: KURUKURU_RECORD='\(m)': expected all, missing or never"
    case .invalidStrategy(let name, let value, let range):
      return "snapshot: \(name) \(value) must be in \(range)"
    case .compare(let error):
      return "snapshot: \(error)"
    }
  }
}
