// MARK: - CompareError

/// Everything that can go wrong while comparing frames.
public enum CompareError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The two frames differ in size (width × height in pixels).
  case sizeMismatch(widthA: Int, heightA: Int, widthB: Int, heightB: Int)
  /// The diff output does not hold width × height × 4 bytes.
  case diffSizeMismatch(expected: Int, actual: Int)
  /// An option is outside its range (`name`, the value, the allowed range as text).
  case invalidOption(name: String, value: Double, range: String)
  /// A sequence's provider returned no frame for an index its timing has (`A` or `B`, the index).
  case missingFrame(side: String, index: Int)

  public var description: String {
    switch self {
    case .sizeMismatch(let wa, let ha, let wb, let hb):
      return "compare: image sizes differ: \(wa)×\(ha) vs \(wb)×\(hb) pixels"
    case .diffSizeMismatch(let expected, let actual):
      return "compare: diff output holds \(actual) bytes, expected \(expected)"
    case .invalidOption(let name, let value, let range):
      return "compare: option \(name) = \(value) outside \(range)"
    case .missingFrame(let side, let index):
      return "compare: sequence \(side) has no frame \(index)"
    }
  }
}
