import KurukuruBatch
import XCTest

// MARK: - --shard auto

/// `BatchShard.fromEnvironment`: the variables of each job engine, in their own numbering.
final class ShardEnvironmentTests: XCTestCase {
  func shard(_ environment: [String: String]) throws -> String {
    let (shard, origin) = try BatchShard.fromEnvironment(environment)
    return "\(shard.index)/\(shard.count) \(origin)"
  }

  func message(_ environment: [String: String]) -> String {
    do {
      _ = try BatchShard.fromEnvironment(environment)
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  func testEachEnginesVariablesInTheirOwnNumbering() throws {
    XCTAssertEqual(try shard(["KURUKURU_SHARD": "3/8"]), "3/8 KURUKURU_SHARD=3/8")
    // GitHub Actions: the matrix value and strategy.job-total, mapped in the workflow.
    XCTAssertEqual(
      try shard(["KURUKURU_SHARD_INDEX": "2", "KURUKURU_SHARD_COUNT": "4"]),
      "2/4 KURUKURU_SHARD_INDEX=2 KURUKURU_SHARD_COUNT=4")
    // Kubernetes counts completions from 0: index 0 of 4 is shard 1/4, index 3 is 4/4.
    XCTAssertEqual(
      try shard(["JOB_COMPLETION_INDEX": "0", "KURUKURU_SHARD_COUNT": "4"]),
      "1/4 JOB_COMPLETION_INDEX=0 KURUKURU_SHARD_COUNT=4")
    XCTAssertEqual(try shard(["JOB_COMPLETION_INDEX": "3", "KURUKURU_SHARD_COUNT": "4"]).prefix(3), "4/4")
    // GitLab counts from 1.
    XCTAssertEqual(try shard(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "5"]), "1/5 CI_NODE_INDEX=1 CI_NODE_TOTAL=5")
    // The explicit variable wins over an engine's.
    XCTAssertEqual(try shard(["KURUKURU_SHARD": "2/2", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "5"]).prefix(3), "2/2")
  }

  func testMissingAndBadVariablesAreOneClearError() {
    XCTAssertEqual(
      message(["HOME": "/root"]),
      "batch: --shard auto found no shard in the environment: set KURUKURU_SHARD=K/N, or KURUKURU_SHARD_INDEX and "
        + "KURUKURU_SHARD_COUNT, or run in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with KURUKURU_SHARD_COUNT) "
        + "or GitLab parallel: (CI_NODE_INDEX, CI_NODE_TOTAL)")
    XCTAssertEqual(
      message(["JOB_COMPLETION_INDEX": "1"]),
      "batch: --shard auto: JOB_COMPLETION_INDEX='1': set KURUKURU_SHARD_COUNT to the Job's completions")
    XCTAssertEqual(
      message(["JOB_COMPLETION_INDEX": "4", "KURUKURU_SHARD_COUNT": "4"]),
      "batch: --shard auto: JOB_COMPLETION_INDEX='4': outside the 4 shards")
    XCTAssertEqual(message(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"]), "batch: --shard auto: CI_NODE_INDEX='0': outside the 3 shards")
    XCTAssertEqual(message(["CI_NODE_INDEX": "1"]), "batch: --shard auto: CI_NODE_INDEX='1': CI_NODE_TOTAL is not set")
    XCTAssertEqual(
      message(["KURUKURU_SHARD_INDEX": "x", "KURUKURU_SHARD_COUNT": "2"]),
      "batch: --shard auto: KURUKURU_SHARD_INDEX='x': not a whole number")
    XCTAssertEqual(
      message(["KURUKURU_SHARD_INDEX": "1", "KURUKURU_SHARD_COUNT": "1001"]),
      "batch: --shard auto: KURUKURU_SHARD_COUNT='1001': the shard count must be 1…1000")
    XCTAssertEqual(message(["KURUKURU_SHARD": "3/2"]), "batch: --shard auto: KURUKURU_SHARD='3/2': K/N with 1 ≤ K ≤ N ≤ 1000 expected")
    XCTAssertEqual(
      message(["KURUKURU_SHARD_COUNT": "2"]), "batch: --shard auto: KURUKURU_SHARD_COUNT='2': no shard index is set beside it")
  }
}
