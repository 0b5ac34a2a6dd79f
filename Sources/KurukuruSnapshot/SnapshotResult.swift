// MARK: - SnapshotResult

/// The outcome of checking one frame against its reference.
public struct SnapshotResult: Sendable, Equatable {
  /// What happened.
  public enum Outcome: Sendable, Equatable {
    /// The frame matched (mismatched pixels within the strategy's allowance).
    case matched(mismatchedPixels: Int)
    /// The reference was written (`overwrote`: it existed before, record mode `all`).
    case recorded(overwrote: Bool)
    /// There is no reference and the record mode is `never`.
    case missing
    /// More pixels differ than the strategy accepts.
    case mismatched(mismatchedPixels: Int)
    /// The frame and the reference differ in size (pixels).
    case sizeMismatch(reference: Size2, actual: Size2)
  }

  /// A width × height in pixels.
  public struct Size2: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)×\(height)" }
  }

  /// The snapshot's name (`1`, `2`, … for frames; the given name otherwise).
  public var name: String
  /// The reference image path.
  public var referencePath: String
  /// What happened.
  public var outcome: Outcome
  /// The actual frame written as an artifact, when the check failed on a comparison or a
  /// missing reference.
  public var actualPath: String?
  /// The diff image written as an artifact, when pixels mismatched.
  public var diffPath: String?

  /// Whether the test must fail: anything but `.matched` (recording fails too).
  public var failed: Bool {
    if case .matched = outcome { return false }
    return true
  }

  /// One paragraph for the test log, naming every file involved.
  public var message: String {
    switch outcome {
    case .matched(let n):
      return "snapshot \(name) matches \(referencePath) (\(n) mismatched pixels accepted)"
    case .recorded(let overwrote):
      return "snapshot \(name): \(overwrote ? "re-recorded" : "recorded") reference \(referencePath); "
        + "run the test again (without KURUKURU_RECORD=all) to compare against it"
    case .missing:
      return "snapshot \(name): no reference at \(referencePath) (KURUKURU_RECORD=never); "
        + "actual: \(actualPath ?? "-"); record with KURUKURU_RECORD=missing"
    case .mismatched(let n):
      return "snapshot \(name): \(n) mismatched pixel\(n == 1 ? "" : "s") against \(referencePath); "
        + "actual: \(actualPath ?? "-"); diff: \(diffPath ?? "-")"
    case .sizeMismatch(let r, let a):
      return "snapshot \(name): size \(a) px differs from the reference's \(r) px (\(referencePath)); "
        + "actual: \(actualPath ?? "-")"
    }
  }
}
