import Foundation
import KurukuruRender

// MARK: - Shards from the environment

extension BatchShard {
  /// Where a shard came from: the environment variables read, as `NAME=VALUE` words.
  public typealias Origin = String

  /// The shard the job engine running this process assigned (`batch --shard auto`), read from
  /// the first of these that is set:
  ///
  /// 1. `KURUKURU_SHARD=K/N` — any engine; `K` counts from 1.
  /// 2. `KURUKURU_SHARD_INDEX=K` (from 1) with `KURUKURU_SHARD_COUNT=N` — a GitHub Actions
  ///    matrix, which sets no variable of its own: `env: { KURUKURU_SHARD_INDEX: ${{ matrix.shard }},
  ///    KURUKURU_SHARD_COUNT: ${{ strategy.job-total }} }`.
  /// 3. `JOB_COMPLETION_INDEX=I` (from 0, set by a Kubernetes Indexed Job) with
  ///    `KURUKURU_SHARD_COUNT=N` (the Job's `completions`, which Kubernetes does not pass on):
  ///    shard I + 1 of N.
  /// 4. `CI_NODE_INDEX=K` (from 1) with `CI_NODE_TOTAL=N` — GitLab CI's `parallel:`.
  ///
  /// - Parameter environment: the process environment (`ProcessInfo.processInfo.environment`).
  /// - Returns: the shard and the variables it came from, e.g. `JOB_COMPLETION_INDEX=2
  ///   KURUKURU_SHARD_COUNT=4`.
  /// - Throws: `BatchError.noShardInEnvironment` when none is set; `.badShardVariable` for a
  ///   value that is not a whole number (or `K/N`), a count without an index or the reverse,
  ///   and an index outside the count.
  public static func fromEnvironment(_ environment: [String: String]) throws -> (shard: BatchShard, origin: Origin) {
    func value(_ name: String) -> String? {
      environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    func whole(_ name: String, _ text: String) throws -> Int {
      guard let n = Int(text) else { throw BatchError.badShardVariable(name: name, value: text, reason: "not a whole number") }
      return n
    }
    /// Shard `index` (from 1) of `count`, both read from the variables named.
    func make(index: Int, _ indexName: String, _ indexText: String, count countName: String, _ countText: String) throws
      -> (BatchShard, Origin)
    {
      let count = try whole(countName, countText)
      guard count >= 1, count <= 1000 else {
        throw BatchError.badShardVariable(name: countName, value: countText, reason: "the shard count must be 1…1000")
      }
      guard let shard = try? BatchShard(index, of: count) else {
        throw BatchError.badShardVariable(name: indexName, value: indexText, reason: "outside the \(count) shards")
      }
      return (shard, "\(indexName)=\(indexText) \(countName)=\(countText)")
    }
    if let text = value("KURUKURU_SHARD") {
      guard let shard = BatchShard(text) else {
        throw BatchError.badShardVariable(name: "KURUKURU_SHARD", value: text, reason: "K/N with 1 ≤ K ≤ N ≤ 1000 expected")
      }
      return (shard, "KURUKURU_SHARD=\(text)")
    }
    let count = value("KURUKURU_SHARD_COUNT")
    if let text = value("KURUKURU_SHARD_INDEX") {
      guard let count else { throw BatchError.badShardVariable(name: "KURUKURU_SHARD_INDEX", value: text, reason: "KURUKURU_SHARD_COUNT is not set") }
      return try make(
        index: whole("KURUKURU_SHARD_INDEX", text), "KURUKURU_SHARD_INDEX", text, count: "KURUKURU_SHARD_COUNT", count)
    }
    if let text = value("JOB_COMPLETION_INDEX") {
      guard let count else {
        throw BatchError.badShardVariable(
          name: "JOB_COMPLETION_INDEX", value: text, reason: "set KURUKURU_SHARD_COUNT to the Job's completions")
      }
      return try make(
        index: whole("JOB_COMPLETION_INDEX", text) + 1, "JOB_COMPLETION_INDEX", text, count: "KURUKURU_SHARD_COUNT", count)
    }
    if let text = value("CI_NODE_INDEX") {
      guard let total = value("CI_NODE_TOTAL") else {
        throw BatchError.badShardVariable(name: "CI_NODE_INDEX", value: text, reason: "CI_NODE_TOTAL is not set")
      }
      return try make(index: whole("CI_NODE_INDEX", text), "CI_NODE_INDEX", text, count: "CI_NODE_TOTAL", total)
    }
    if let count { throw BatchError.badShardVariable(name: "KURUKURU_SHARD_COUNT", value: count, reason: "no shard index is set beside it") }
    throw BatchError.noShardInEnvironment
  }
}

// MARK: - The shard option

extension FormatOptionValues {
  /// `shard`: `K/N`, or `auto` read from `environment` (`BatchShard.fromEnvironment`) with the
  /// variables it came from; nil when not given.
  /// - Throws: `RenderError.invalidOption` for a malformed `K/N`; `BatchError` from the environment.
  package func shard(environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> (shard: BatchShard, origin: BatchShard.Origin?)?
  {
    guard let text = values["shard"] else { return nil }
    if text == "auto" {
      let (shard, origin) = try BatchShard.fromEnvironment(environment)
      return (shard, origin)
    }
    guard let shard = BatchShard(text) else { throw fail("--shard takes K/N with 1 ≤ K ≤ N, or auto, got \(quoted: text)") }
    return (shard, nil)
  }
}
