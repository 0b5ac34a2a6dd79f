import Foundation
import XCTest

/// Nothing a preset names and nothing planted in an output folder makes `render`, `frame`,
/// `batch` or `compare --diff` write, or delete, outside the folder they were given; interrupted
/// runs leave no partial outputs behind once the next run has been.
final class OutputSafetyTests: XCTestCase {
  // MARK: - Hostile names

  /// Names that must never reach a path, each with what the error says.
  static let hostileNames: [(json: String, shown: String)] = [
    ("../escaped", "'/' is not allowed"),
    ("..", "it must start with an ASCII letter or digit"),
    ("/tmp/kurukuru-escaped", "'/' is not allowed"),
    ("a\\u0000b", "'U+0000' is not allowed"),
    ("", "an empty name"),
    (".", "it must start with an ASCII letter or digit"),
    (".hidden", "it must start with an ASCII letter or digit"),
    ("a/b", "'/' is not allowed"),
    ("a\\\\b", "'\\' is not allowed"),
    ("x\\u202Egif", "'U+202E' is not allowed"),
    (String(repeating: "n", count: 65), "longer than 64 characters"),
  ]

  func testHostileNamesAreRefusedAtLoadAndNothingIsWritten() throws {
    let sandbox = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: sandbox) }
    let work = sandbox.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    for (name, reason) in OutputSafetyTests.hostileNames {
      let preset = try CLITest.write(
        #"{"name": "\#(name)", "width": 32, "height": 32, "view": {"Circle": {}, "modifiers": [{"fill": "red"}]}}"#,
        named: "p.json", in: work)
      let before = try Tree.listing(sandbox)
      let runs: [[String]] = [
        ["render", preset],
        ["render", preset, "--output", "out/"],
        ["render", preset, "--format", "png"],
        ["render", preset, "--format", "android"],
        ["frame", preset, "--time", "0"],
        ["batch", preset, "--output", "out", "--format", "gif,png,apng,webp,lottie,android,xcassets,css"],
      ]
      for arguments in runs {
        let run = try CLITest.run(arguments, in: work)
        let context = "name \(name.debugDescription), \(arguments.joined(separator: " "))"
        XCTAssertNotEqual(run.status, 0, context)
        XCTAssertTrue(
          run.stderr.contains("\(preset):1:10: name cannot name output files (\(reason))"),
          "\(context): \(run.stderr)")
        XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.contains("name cannot name") }.count, 1, context)
      }
      // Only batch's own manifest and gallery (listing the failure) appear, inside out/.
      let after = try Tree.listing(sandbox)
      let added = after.keys.filter { before[$0] == nil }.sorted()
      XCTAssertEqual(added, ["work/out", "work/out/index.html", "work/out/manifest.json"], "name \(name.debugDescription)")
      for (path, entry) in before { XCTAssertEqual(after[path], entry, path) }
      try FileManager.default.removeItem(at: work.appendingPathComponent("out"))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/kurukuru-escaped.gif"))
  }

  func testAPresetWithoutNameIsNamedAfterItsFileMadeSafe() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try CLITest.write(
      #"{"width": 32, "height": 32, "view": {"Circle": {}, "modifiers": [{"fill": "red"}]}}"#,
      named: ".my loader!.json", in: dir)
    let run = try CLITest.run(["render", file], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("my-loader-.gif").path), run.stdout)
    let japanese = try CLITest.write(
      #"{"width": 32, "height": 32, "view": {"Circle": {}}}"#, named: "ローダー.json", in: dir)
    let refused = try CLITest.run(["render", japanese], in: dir)
    XCTAssertEqual(refused.status, 2)
    XCTAssertTrue(refused.stderr.hasPrefix("\(japanese):1:1: the file name cannot name output files; set \"name\""), refused.stderr)
  }

  // MARK: - Planted links

  /// Each output of a batch, with a link planted where it goes: the batch refuses that output,
  /// and the link's target is untouched.
  func testBatchNeverWritesOrDeletesThroughPlantedLinks() throws {
    let plants: [(path: String, toFolder: Bool, format: String)] = [
      ("ball-pulse", true, "png"),
      ("previews", true, "gif"),
      ("ball-pulse.gif", false, "gif"),
      ("ball-pulse.apng", false, "apng"),
      ("ball-pulse.webp", false, "webp"),
      ("ball-pulse.json", false, "lottie"),
      ("ball-pulse.contact.png", false, "gif"),
      ("ball-pulse-android", true, "android"),
      ("ball-pulse-android/res", true, "android"),
      ("ball-pulse-android/res/drawable", true, "android"),
      ("ball-pulse.xcassets", true, "xcassets"),
      ("ball-pulse.xcassets/ball-pulse0.imageset", true, "xcassets"),
      ("ball-pulse-css", true, "css"),
      ("ball-pulse-css/ball-pulse.css", false, "css"),
      ("manifest.json", false, "gif"),
      ("index.html", false, "gif"),
    ]
    for plant in plants {
      let sandbox = try CLITest.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: sandbox) }
      let elsewhere = sandbox.appendingPathComponent("elsewhere")
      let out = sandbox.appendingPathComponent("out")
      try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
      for stale in ["ball-pulse99.png", "victim.gif", "ball-pulse0.png"] {
        try Data("keep".utf8).write(to: elsewhere.appendingPathComponent(stale))
      }
      let link = out.appendingPathComponent(plant.path)
      try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
      let destination = plant.toFolder ? elsewhere.path : elsewhere.appendingPathComponent("victim.gif").path
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
      let before = try Tree.listing(elsewhere)

      let run = try CLITest.run(["batch", "ball-pulse", "--output", out.path, "--format", plant.format], in: sandbox)
      XCTAssertNotEqual(run.status, 0, "\(plant.path): \(run.stderr)")
      XCTAssertTrue(
        run.stderr.contains("\(out.path)/\(plant.path): is a symbolic link; outputs are never written through links"),
        "\(plant.path): \(run.stderr)")
      XCTAssertEqual(try Tree.listing(elsewhere), before, plant.path)
      // The link itself is left as it was.
      XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), destination, plant.path)
    }
  }

  func testRenderFrameAndCompareRefuseLinksWhereTheirOutputGoes() throws {
    let sandbox = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: sandbox) }
    let elsewhere = sandbox.appendingPathComponent("elsewhere")
    let work = sandbox.appendingPathComponent("work")
    for dir in [elsewhere, work] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
    let victim = elsewhere.appendingPathComponent("victim.png")
    try Data("keep".utf8).write(to: victim)
    func plant(_ name: String) throws {
      try? FileManager.default.removeItem(atPath: work.appendingPathComponent(name).path)
      try FileManager.default.createDirectory(
        at: work.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent(name).path, withDestinationPath: victim.path)
    }
    let before = try Tree.listing(elsewhere)
    try plant("ball-pulse.gif")
    var run = try CLITest.run(["render", "ball-pulse"], in: work)
    XCTAssertEqual(run.status, 2, run.stderr)
    XCTAssertEqual(
      run.stderr,
      "<bundled>/ball-pulse.json: ball-pulse.gif: is a symbolic link; outputs are never written through links inside the output folder\n")
    try plant("out/ball-pulse.gif")
    run = try CLITest.run(["render", "ball-pulse", "--output", "out/"], in: work)
    XCTAssertEqual(run.status, 2, run.stderr)
    XCTAssertTrue(run.stderr.contains("out/ball-pulse.gif: is a symbolic link"), run.stderr)
    try plant("f.png")
    run = try CLITest.run(["frame", "ball-pulse", "--time", "0.1", "--output", "f.png"], in: work)
    XCTAssertEqual(run.status, 2, run.stderr)
    XCTAssertTrue(run.stderr.contains("f.png: is a symbolic link"), run.stderr)

    // compare --diff into a folder holding a planted diff0.png link: refused, nothing moved in.
    XCTAssertEqual(try CLITest.run(["render", "ball-pulse", "--format", "png", "--output", "a"], in: work).status, 0)
    XCTAssertEqual(try CLITest.run(["render", "bars-fade", "--format", "png", "--output", "b"], in: work).status, 0)
    try plant("diffs/diff0.png")
    run = try CLITest.run(["compare", "a", "b", "--diff", "diffs"], in: work)
    XCTAssertEqual(run.status, 2, run.stderr)
    XCTAssertTrue(run.stderr.hasPrefix("diffs/diff0.png: is a symbolic link"), run.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("diffs").path), ["diff0.png"])
    // A link named like a stale diff image is not the tool's: it stays.
    try FileManager.default.removeItem(atPath: work.appendingPathComponent("diffs/diff0.png").path)
    try plant("diffs/diff77.png")
    run = try CLITest.run(["compare", "a", "b", "--diff", "diffs"], in: work)
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: work.appendingPathComponent("diffs/diff77.png").path), victim.path)
    XCTAssertEqual(try Tree.listing(elsewhere), before)
  }

  // MARK: - Interruptions

  /// A batch stopped by SIGINT or SIGTERM removes its partial outputs as it stops; one killed by
  /// SIGKILL leaves them, and the next run removes them.
  func testInterruptedBatchesLeaveNoPartialOutputsAfterTheNextRun() throws {
    let sandbox = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: sandbox) }
    let out = sandbox.appendingPathComponent("out")
    let arguments = ["batch", "activity-indicator", "gradient-ring", "--output", out.path, "--format", "png,android,css,xcassets,gif"]
    enum Point { case atOnce, partialSeen, outputSeen }
    let cases: [(Point, Int32)] = [
      (.atOnce, SIGINT), (.partialSeen, SIGINT), (.partialSeen, SIGTERM), (.outputSeen, SIGTERM),
      (.partialSeen, SIGKILL), (.outputSeen, SIGKILL),
    ]
    for (point, signal) in cases {
      let context = "\(point) signal \(signal)"
      let process = Process()
      process.executableURL = CLITest.binary
      process.arguments = arguments + ["--force"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(60)
      while process.isRunning, Date() < deadline {
        let names = (try? Tree.listing(out).keys.map { $0 }) ?? []
        let partial = names.contains { $0.contains(".partial-") }
        let output = names.contains { $0.hasSuffix(".contact.png") || $0.hasSuffix("-android") }
        if point == .atOnce || (point == .partialSeen && partial) || (point == .outputSeen && partial && output) { break }
        usleep(2_000)
      }
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      let left = try Tree.listing(out).keys.filter { $0.contains(".partial-") }
      if signal != SIGKILL, process.terminationReason == .uncaughtSignal {
        XCTAssertEqual(left, [], "\(context): a signal that can be caught leaves nothing")
      }
      let rerun = try CLITest.run(arguments)
      XCTAssertEqual(rerun.status, 0, "\(context): \(rerun.stderr)")
      XCTAssertEqual(try Tree.listing(out).keys.filter { $0.contains(".partial-") }, [], context)
    }
  }

  // MARK: - Bundles in batch

  func testBatchWritesXcassetsAndRecordsTheCatalog() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try CLITest.run(["batch", "ball-pulse", "bars-fade", "--output", "out", "--format", "xcassets,android"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    let manifest = try JSONSerialization.jsonObject(
      with: Data(contentsOf: dir.appendingPathComponent("out/manifest.json"))) as? [String: Any]
    let outputs = manifest?["outputs"] as? [[String: Any]] ?? []
    let catalogs = outputs.filter { $0["format"] as? String == "xcassets" }
    XCTAssertEqual(catalogs.compactMap { $0["path"] as? String }, ["ball-pulse.xcassets", "bars-fade.xcassets"])
    // The catalog's bytes are every file in it, as the folder holds them.
    for entry in catalogs {
      let path = dir.appendingPathComponent("out/\(entry["path"] as? String ?? "")").path
      let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
      let total = try files.reduce(0) { sum, file in
        var isDir: ObjCBool = false
        FileManager.default.fileExists(atPath: path + "/" + file, isDirectory: &isDir)
        return isDir.boolValue ? sum : sum + (try Data(contentsOf: URL(fileURLWithPath: path + "/" + file))).count
      }
      XCTAssertEqual(entry["bytes"] as? Int, total, path)
      XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/Contents.json"), path)
    }
    let again = try CLITest.run(["batch", "ball-pulse", "bars-fade", "--output", "out", "--format", "xcassets,android"], in: dir)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stderr.contains("; 0 outputs written, "), again.stderr)
  }

  // MARK: - Exit status of writes

  func testAWriteTheSystemRefusesExitsWithStatus3() throws {
    let run = try CLITest.run(["render", "ball-pulse", "--output", "/proc/kurukuru.gif"])
    XCTAssertEqual(run.status, 3, run.stderr)
    XCTAssertTrue(run.stderr.hasPrefix("<bundled>/ball-pulse.json: /proc/kurukuru.gif: cannot write the file ("), run.stderr)
  }
}

// MARK: - Tree

/// A listing of a folder tree that does not follow links: path relative to the root → kind,
/// size and a checksum of the contents (files) or the link's target (links).
enum Tree {
  static func listing(_ root: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let base = root.path
    func visit(_ path: String) throws {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let relative = String(path.dropFirst(base.count + 1))
      switch attributes[.type] as? FileAttributeType {
      case .typeSymbolicLink?:
        result[relative] = "link → " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
      case .typeDirectory?:
        result[relative] = "folder"
        for child in try FileManager.default.contentsOfDirectory(atPath: path) { try visit(path + "/" + child) }
      default:
        let data = FileManager.default.contents(atPath: path) ?? Data()
        result[relative] = "file \(data.count) \(data.reduce(UInt64(5381)) { ($0 &* 33) ^ UInt64($1) })"
      }
    }
    guard FileManager.default.fileExists(atPath: root.path) else { return [:] }
    for child in try FileManager.default.contentsOfDirectory(atPath: root.path) { try visit(root.path + "/" + child) }
    return result
  }
}
