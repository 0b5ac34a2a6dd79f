import Foundation
@testable import KurukuruBatch
import KurukuruCore
import KurukuruRender
import XCTest

// MARK: - Joining shards

/// Shards of one batch join into what one batch of every preset writes, file for file, whether
/// they wrote separate folders (merged afterwards) or one folder at the same time.
final class BatchMergeTests: XCTestCase {
  /// Five small presets, one broken, in a folder; the options of a batch of them into `output`.
  func inputs() throws -> String {
    let input = try BatchTest.folder()
    for (n, name) in ["a", "b", "c", "d"].enumerated() {
      try BatchTest.write(BatchTest.dot(name: name, seconds: 0.3 + 0.1 * Double(n)), as: "\(name).json", in: input)
    }
    try BatchTest.write("{ \"width\": 16 }", as: "e-broken.json", in: input)
    return input
  }

  func options(_ input: String, _ output: String, shard: BatchShard? = nil) -> BatchOptions {
    BatchOptions(
      inputs: [input], output: output, formats: [GIFFormat(), PNGSequenceFormat()], scales: [1, 2], jobs: 2, shard: shard)
  }

  /// Every file below `folder` (hidden ones too) with its bytes, by relative path.
  func tree(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = URL(fileURLWithPath: folder).standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
    for case let path as String in walker {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDir), !isDir.boolValue {
        files[path] = try BatchTest.bytes(base + "/" + path)
      }
    }
    return files
  }

  func testSeparateShardsMergeIntoTheSingleBatchsTree() throws {
    let input = try inputs(), single = try BatchTest.folder()
    try Batch.run(options(input, single))
    let expected = try tree(single)
    XCTAssertTrue(expected.keys.contains("manifest.json") && expected.keys.contains("index.html"))
    XCTAssertTrue(expected.keys.contains(BatchFolderLock.fileName))
    var shards: [String] = []
    for k in 1...3 {
      let folder = try BatchTest.folder()
      try Batch.run(options(input, folder, shard: try BatchShard(k, of: 3)))
      shards.append(folder)
    }
    // Each shard holds only part of the batch.
    XCTAssertTrue(try shards.allSatisfy { try tree($0).count < expected.count })
    for order in [shards, shards.reversed()] {
      let merged = try BatchTest.folder()
      let report = try BatchMerge.merge(order, into: merged)
      XCTAssertEqual(report.manifest.presets.map(\.name), ["a", "b", "c", "d"])
      XCTAssertEqual(report.manifest.failures.map(\.file), [input + "/e-broken.json"])
      let got = try tree(merged)
      XCTAssertEqual(got.keys.sorted(), expected.keys.sorted())
      for (path, bytes) in expected { XCTAssertEqual(got[path], bytes, path) }
    }
  }

  func testShardsWritingOneFolderAtOnceLeaveTheSingleBatchsTree() throws {
    let input = try inputs(), single = try BatchTest.folder(), shared = try BatchTest.folder()
    try Batch.run(options(input, single))
    let shards = try (1...4).map { try BatchShard($0, of: 4) }
    let runs = shards.map { options(input, shared, shard: $0) }
    DispatchQueue.concurrentPerform(iterations: runs.count) { k in
      do { try Batch.run(runs[k]) } catch { XCTFail("shard \(k + 1): \(error)") }
    }
    let expected = try tree(single), got = try tree(shared)
    XCTAssertEqual(got.keys.sorted(), expected.keys.sorted())
    for (path, bytes) in expected { XCTAssertEqual(got[path], bytes, path) }
  }

  /// A manifest joined from its parts in any order is the same.
  func testJoiningDependsOnWhatNotOnTheOrder() throws {
    let input = try inputs()
    let parts = try (1...3).map { k -> Manifest in
      try Batch.run(options(input, try BatchTest.folder(), shard: try BatchShard(k, of: 3))).manifest
    }
    let a = parts[0].overlaid(with: parts[1]).overlaid(with: parts[2])
    let b = parts[2].overlaid(with: parts[0]).overlaid(with: parts[1])
    XCTAssertEqual(a, b)
    XCTAssertNil(a.shards, "every shard is there")
    XCTAssertEqual(parts[0].overlaid(with: parts[1]).shards, Manifest.ShardSet(count: 3, done: [1, 2]))
  }

  func testAMissingDuplicatedOrForeignShardIsOneErrorNamingIt() throws {
    let input = try inputs()
    var shards: [String] = []
    for k in 1...2 {
      let folder = try BatchTest.folder()
      try Batch.run(options(input, folder, shard: try BatchShard(k, of: 2)))
      shards.append(folder)
    }
    func error(_ folders: [String]) -> String {
      let out = (try? BatchTest.folder()) ?? "/tmp/x"
      do {
        try BatchMerge.merge(folders, into: out)
        return "merged"
      } catch {
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/manifest.json"), "nothing written")
        return String(describing: error)
      }
    }
    XCTAssertEqual(error([shards[0]]), "batch merge: shard 2/2 missing; give every shard's folder")
    XCTAssertEqual(error([shards[0], shards[1], shards[1]]), "\(shards[1]): shard 2/2 is also in \(shards[1])")
    let other = try BatchTest.folder()
    var gifOnly = options(input, other, shard: try BatchShard(2, of: 2))
    gifOnly.formats = [GIFFormat()]
    try Batch.run(gifOnly)
    XCTAssertEqual(
      error([shards[0], other]),
      "\(other): made with other options than \(shards[0]) (inputs, formats, scales, settings, title or limits differ)")
    let split3 = try BatchTest.folder()
    try Batch.run(options(input, split3, shard: try BatchShard(3, of: 3)))
    XCTAssertEqual(error([shards[0], split3]), "\(split3): holds shards of a split in 3, and \(shards[0]) of a split in 2")
    // Another version's manifest.
    let old = try BatchTest.folder()
    try Batch.run(options(input, old, shard: try BatchShard(2, of: 2)))
    let text = try String(contentsOfFile: old + "/manifest.json", encoding: .utf8)
    try text.replacingOccurrences(of: ToolVersion.name, with: "kurukuru 0.0.9").write(toFile: old + "/manifest.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(error([shards[0], old]), "\(old): made by kurukuru 0.0.9, not \(ToolVersion.name): join shards made by one version")
    // An output changed after its manifest was written.
    let changed = shards[1] + "/" + (Manifest.read(shards[1] + "/manifest.json")?.outputs.first { $0.format == "gif" }?.path ?? "")
    var bytes = try BatchTest.bytes(changed)
    bytes[bytes.count - 2] ^= 1
    try bytes.write(to: URL(fileURLWithPath: changed))
    XCTAssertTrue(error(shards).hasSuffix(": changed since its manifest was written"), error(shards))
    XCTAssertEqual(error([try BatchTest.folder()]).hasSuffix(": no manifest.json: not the output folder of a batch"), true)
  }
}
