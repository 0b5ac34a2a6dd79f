// MARK: - compare (placeholder until the compare module lands)

enum CompareCommand {
  static func run(_ raw: [String]) throws -> Int32 {
    throw UsageError("compare: not available yet")
  }
}
