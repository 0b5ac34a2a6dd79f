// MARK: - debug (hidden; for scripts/bench)

enum DebugCommand {
  static func run(_ raw: [String]) throws -> Int32 {
    throw UsageError("debug: not available yet")
  }
}
