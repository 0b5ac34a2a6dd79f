import Foundation
import XCTest

import KurukuruBatch
@testable import KurukuruCLI

final class BatchCommandTests: XCTestCase {
  func manifest(_ dir: URL) throws -> [[String: Any]] {
    let data = try Data(contentsOf: dir.appendingPathComponent("manifest.json"))
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return root?["outputs"] as? [[String: Any]] ?? []
  }

  /// A folder with four small bundled presets (bars-fade's spring gives an fps that is not a
  /// short decimal, which a manifest must carry through re-runs unchanged).
  func smallPresets() throws -> URL {
    let dir = try CLITest.temporaryDirectory().appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for name in ["loading-circle", "timing-curve-dot", "activity-indicator", "bars-fade"] {
      try FileManager.default.copyItem(atPath: CLITest.preset(name), toPath: dir.appendingPathComponent("\(name).json").path)
    }
    return dir
  }

  func testBundledPresetsManifestIsCompleteAndHashedRight() throws {
    let out = try CLITest.temporaryDirectory()
    let r = try CLITest.run(["batch", CLITest.root.appendingPathComponent("Presets").path, "--output", out.path, "--quiet"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let presets = try FileManager.default.contentsOfDirectory(atPath: CLITest.root.appendingPathComponent("Presets").path)
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" }
    let entries = try manifest(out)
    for p in presets {
      let name = String(p.dropLast(5))
      XCTAssertTrue(entries.contains { $0["path"] as? String == "\(name).gif" }, "\(name).gif in the manifest")
      XCTAssertTrue(entries.contains { $0["path"] as? String == "\(name).contact.png" }, "\(name) contact sheet")
    }
    for e in entries {
      let path = try XCTUnwrap(e["path"] as? String)
      let data = try Data(contentsOf: out.appendingPathComponent(path))
      XCTAssertEqual(e["sha256"] as? String, SHA256.hex([UInt8](data)), path)
      XCTAssertEqual(e["bytes"] as? Int, data.count, path)
      for key in ["format", "scale", "frames", "fps", "duration", "presetHash"] { XCTAssertNotNil(e[key], "\(path) \(key)") }
    }
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    for p in presets { XCTAssertTrue(html.contains("id=\"\(p.dropLast(5))\""), p) }
    XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no external assets")
  }

  /// Bare names of bundled presets work from any directory and give the bytes of the same
  /// preset's file; a file or folder of that name comes first; an unknown name is one line, exit 2.
  func testBundledNamesAreInputs() throws {
    let empty = try CLITest.temporaryDirectory()
    let out = empty.appendingPathComponent("out"), fromFile = empty.appendingPathComponent("file")
    let named = try CLITest.run(["batch", "loading-circle", "--output", out.path, "--quiet"], in: empty)
    XCTAssertEqual(named.status, 0, named.stderr)
    let file = try CLITest.run(["batch", CLITest.preset("loading-circle"), "--output", fromFile.path, "--quiet"])
    XCTAssertEqual(file.status, 0, file.stderr)
    XCTAssertEqual(
      FileManager.default.contents(atPath: out.appendingPathComponent("loading-circle.gif").path),
      FileManager.default.contents(atPath: fromFile.appendingPathComponent("loading-circle.gif").path))
    // Run again: up to date (the cache key hashes the bundled text).
    let again = try CLITest.run(["batch", "loading-circle", "--output", out.path], in: empty)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stderr.contains("0 outputs written"), again.stderr)
    // A folder named like a bundled preset is the folder.
    let folder = empty.appendingPathComponent("loading-circle")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CLITest.preset("bars-fade"), toPath: folder.appendingPathComponent("bars-fade.json").path)
    let local = try CLITest.run(["batch", "loading-circle", "--output", empty.appendingPathComponent("local").path, "--quiet"], in: empty)
    XCTAssertEqual(local.status, 0, local.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: empty.appendingPathComponent("local/bars-fade.gif").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: empty.appendingPathComponent("local/loading-circle.gif").path))
    // Unknown names and paths: one line, exit 2, nothing written.
    let typo = try CLITest.run(["batch", "loading-circl", "--output", empty.appendingPathComponent("typo").path], in: empty)
    XCTAssertEqual(typo.status, 2)
    XCTAssertEqual(
      typo.stderr,
      "loading-circl: no such file or folder, and no bundled preset of that name — did you mean 'loading-circle'? (run 'kurukuru presets' for the list)\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: empty.appendingPathComponent("typo").path))
    let path = try CLITest.run(["batch", "./nothing.json", "--output", empty.appendingPathComponent("typo").path], in: empty)
    XCTAssertEqual(path.status, 2)
    XCTAssertEqual(path.stderr, "./nothing.json: no such file or folder\n")
  }

  func testJobsDoNotChangeBytesAndReRunsSkip() throws {
    let presets = try smallPresets()
    let a = try CLITest.temporaryDirectory(), b = try CLITest.temporaryDirectory()
    let args = ["batch", presets.path, "--format", "gif,png", "--scale", "1,2", "--quiet"]
    XCTAssertEqual(try CLITest.run(args + ["--output", a.path, "--jobs", "1"]).status, 0)
    XCTAssertEqual(try CLITest.run(args + ["--output", b.path, "--jobs", "2"]).status, 0)
    let ma = try manifest(a), mb = try manifest(b)
    XCTAssertEqual(ma.count, mb.count)
    XCTAssertEqual(ma.map { $0["sha256"] as? String }, mb.map { $0["sha256"] as? String })
    XCTAssertTrue(ma.contains { $0["path"] as? String == "loading-circle@2x" && $0["frames"] as? Int == 60 })
    // A second run renders nothing and leaves the manifest byte for byte as it was.
    let before = try Data(contentsOf: a.appendingPathComponent("manifest.json"))
    let again = try CLITest.run(args + ["--output", a.path, "--json"])
    XCTAssertEqual(try Data(contentsOf: a.appendingPathComponent("manifest.json")), before)
    XCTAssertEqual(again.status, 0, again.stderr)
    let summary = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(summary?["written"] as? Int, 0)
    XCTAssertEqual(summary?["upToDate"] as? Int, ma.count, "every output, previews included")
    // Changing an option re-renders what depends on it only.
    let changed = try CLITest.run(args + ["--output", a.path, "--json", "--set", "color=pink"])
    let s2 = try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any]
    XCTAssertGreaterThan(s2?["written"] as? Int ?? 0, 0)
    XCTAssertGreaterThan(s2?["upToDate"] as? Int ?? 0, 0, "loading-circle has no 'color' and stays up to date")
  }

  func testABrokenPresetFailsAlone() throws {
    let presets = try smallPresets()
    try "{\"width\": 10, \"height\": 10, \"view\": {\"Circel\": {}}}".write(
      to: presets.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
    let out = try CLITest.temporaryDirectory()
    let r = try CLITest.run(["batch", presets.path, "--output", out.path, "--quiet"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stderr.contains("broken.json:1:38: unknown view 'Circel' — did you mean 'Circle'?"), r.stderr)
    for name in ["loading-circle", "timing-curve-dot", "activity-indicator"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(name).gif").path), name)
    }
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertTrue(html.contains("broken.json"), "the gallery lists the failure")
  }

  func testShardsPartitionThePresets() throws {
    let presets = try smallPresets()
    var seen: [String] = []
    for k in 1...3 {
      let out = try CLITest.temporaryDirectory()
      let r = try CLITest.run(["batch", presets.path, "--output", out.path, "--shard", "\(k)/3", "--quiet"])
      XCTAssertEqual(r.status, 0, r.stderr)
      seen += try manifest(out).compactMap { $0["path"] as? String }.filter { $0.hasSuffix(".gif") && !$0.contains("/") }
    }
    XCTAssertEqual(seen.sorted(), ["activity-indicator.gif", "bars-fade.gif", "loading-circle.gif", "timing-curve-dot.gif"])
    let bad = try CLITest.run(["batch", presets.path, "--output", "x", "--shard", "4/3"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(bad.stderr, "batch: --shard takes K/N with 1 ≤ K ≤ N, or auto, got '4/3'\n")
  }

  /// An option of a format the batch does not write is an error naming the formats that take
  /// it, as in `render` (it was silently ignored), and nothing is written.
  func testOptionOfAnotherFormatIsAnError() throws {
    let presets = try smallPresets()
    let out = try CLITest.temporaryDirectory()
    let r = try CLITest.run(["batch", presets.path, "--output", out.path + "/o", "--format", "webp,apng", "--matte", "red"])
    XCTAssertEqual(r.status, 2)
    XCTAssertEqual(r.stderr, "batch: --matte applies to --format gif only\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path + "/o"))
  }

  /// `--shard auto` in a Kubernetes Indexed Job's pod writes what `--shard K/N` writes, and says
  /// where the shard came from; with no engine's variables it is one usage error.
  func testShardAutoReadsTheJobEnginesIndex() throws {
    let presets = try smallPresets()
    let explicit = try CLITest.temporaryDirectory(), auto = try CLITest.temporaryDirectory()
    XCTAssertEqual(try CLITest.run(["batch", presets.path, "--output", explicit.path, "--shard", "2/3", "--quiet"]).status, 0)
    let r = try CLITest.run(
      ["batch", presets.path, "--output", auto.path, "--shard", "auto"],
      shardEnvironment: ["JOB_COMPLETION_INDEX": "1", "KURUKURU_SHARD_COUNT": "3"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.hasPrefix("batch: shard 2/3 (JOB_COMPLETION_INDEX=1 KURUKURU_SHARD_COUNT=3)\n"), r.stderr)
    XCTAssertEqual(
      try Data(contentsOf: auto.appendingPathComponent("manifest.json")),
      try Data(contentsOf: explicit.appendingPathComponent("manifest.json")))
    let none = try CLITest.run(["batch", presets.path, "--output", auto.path, "--shard", "auto"], shardEnvironment: [:])
    XCTAssertEqual(none.status, 2)
    XCTAssertTrue(none.stderr.hasPrefix("batch: --shard auto found no shard in the environment: set KURUKURU_SHARD=K/N"), none.stderr)
    XCTAssertEqual(none.stderr.filter { $0 == "\n" }.count, 1)
  }
}
