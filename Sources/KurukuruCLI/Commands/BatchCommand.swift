// MARK: - batch (placeholder until the batch issue)

enum BatchCommand {
  static func run(_ raw: [String]) throws -> Int32 {
    throw UsageError("batch: not available yet")
  }
}
