import Foundation
import XCTest

// MARK: - Bundled presets and the overflow warning, through the built binary

/// The preset library ships inside the binary: these run `kurukuru` from an empty temporary
/// directory, where no `Presets/` folder exists, and name presets by name.
final class BundledPresetCommandTests: XCTestCase {
  /// Every `Presets/*.json` of the repository (schema aside), by name.
  static func repositoryPresetNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: CLITest.root.appendingPathComponent("Presets").path)
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" && !$0.hasPrefix(".") }
      .map { String($0.dropLast(5)) }.sorted()
  }

  func testPresetsListsEveryBundledPresetFromAnyDirectory() throws {
    let dir = try CLITest.temporaryDirectory()
    let run = try CLITest.run(["presets", "--json"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(rows.compactMap { $0["name"] as? String }, try Self.repositoryPresetNames(), "every Presets/*.json is bundled")
    let first = try XCTUnwrap(rows.first)
    XCTAssertEqual(first["file"] as? String, "<bundled>/\(first["name"] as? String ?? "").json")
    for row in rows { XCTAssertNotNil(row["family"] as? String, "\(row["name"] ?? ""): family") }
    XCTAssertFalse(try CLITest.run(["presets"], in: dir).stdout.contains("no such folder"))
  }

  func testPresetsDirStillListsAFolder() throws {
    let dir = try CLITest.temporaryDirectory()
    _ = try CLITest.write(Self.dot(offset: 0), named: "mine.json", in: dir)
    let run = try CLITest.run(["presets", "--dir", dir.path, "--json"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(rows.compactMap { $0["name"] as? String }, ["mine"])
  }

  func testRenderAndFrameByNameFromATemporaryDirectory() throws {
    let dir = try CLITest.temporaryDirectory()
    let render = try CLITest.run(["render", "activity-indicator", "--format", "png"], in: dir)
    XCTAssertEqual(render.status, 0, render.stderr)
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("activity-indicator").path)
    XCTAssertEqual(frames.count, 45, "1.5 s at 30 fps")
    // The bundled text is the repository file: the same frames as rendering the file by path.
    let byPath = try CLITest.run(["frame", CLITest.preset("activity-indicator"), "--time", "0.3", "--output", "path.png"], in: dir)
    let byName = try CLITest.run(["frame", "activity-indicator", "--time", "0.3", "--output", "name.png"], in: dir)
    XCTAssertEqual(byPath.status, 0, byPath.stderr)
    XCTAssertEqual(byName.status, 0, byName.stderr)
    XCTAssertEqual(
      try Data(contentsOf: dir.appendingPathComponent("path.png")), try Data(contentsOf: dir.appendingPathComponent("name.png")))
    let info = try CLITest.run(["info", "loading-circle", "--json"], in: dir)
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("\"family\": \"Seeds\"") || info.stdout.contains("\"family\":\"Seeds\""), info.stdout)
  }

  func testAPathIsAFileAndABareNamePrefersTheBundledPreset() throws {
    let dir = try CLITest.temporaryDirectory()
    // A file named like a bundled preset, without .json: the bare name still means the bundled one.
    _ = try CLITest.write(Self.dot(offset: 0, size: 10), named: "loading-circle", in: dir)
    let bare = try CLITest.run(["info", "loading-circle", "--json"], in: dir)
    XCTAssertEqual(bare.status, 0, bare.stderr)
    XCTAssertTrue(bare.stdout.contains("<bundled>/loading-circle.json"), bare.stdout)
    let dotted = try CLITest.run(["info", "./loading-circle", "--json"], in: dir)
    XCTAssertEqual(dotted.status, 0, dotted.stderr)
    XCTAssertTrue(dotted.stdout.contains("\"width\": 10") || dotted.stdout.contains("\"width\":10"), dotted.stdout)
    // A bare name that is not bundled is a file in the current directory.
    _ = try CLITest.write(Self.dot(offset: 0, size: 12), named: "myspinner", in: dir)
    let own = try CLITest.run(["info", "myspinner", "--json"], in: dir)
    XCTAssertEqual(own.status, 0, own.stderr)
    XCTAssertTrue(own.stdout.contains("\"width\": 12") || own.stdout.contains("\"width\":12"), own.stdout)
    // A name ending in .json is always a file, even when the stem is bundled.
    let json = try CLITest.run(["info", "pacman.json"], in: dir)
    XCTAssertEqual(json.status, 2)
    XCTAssertEqual(json.stderr, "pacman.json: no such file\n")
  }

  func testAnUnknownNameIsAnErrorWithASuggestion() throws {
    let run = try CLITest.run(["render", "activty-indicator"], in: try CLITest.temporaryDirectory())
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.stderr.hasPrefix("activty-indicator: no such file, and no bundled preset of that name — did you mean 'activity-indicator'?"), run.stderr)
    XCTAssertEqual(run.stderr.split(separator: "\n").count, 1)
  }

  // MARK: - Overflow warning

  /// A 40×40 canvas with a 10 pt dot moved `offset` points left of the centre and back (linear,
  /// autoreversing over 1 s, 10 fps): at t = 1 s its left edge is at 15 − offset points.
  static func dot(offset: Double, size: Double = 40) -> String {
    """
    {
      "width": \(size), "height": \(size), "fps": 10,
      "view": { "Circle": {}, "modifiers": [
        { "fill": "red" }, { "frame": { "width": 10, "height": 10 } },
        { "offset": { "x": { "from": 0, "to": \(-offset), "animation": "linear(duration: 1).repeatForever()" } } }
      ] }
    }
    """
  }

  func testRenderWarnsOnceWhenTheDrawingLeavesTheCanvas() throws {
    let dir = try CLITest.temporaryDirectory()
    let file = try CLITest.write(Self.dot(offset: 18.5), named: "out.json", in: dir)
    let run = try CLITest.run(["render", file, "--output", "out.gif"], in: dir)
    XCTAssertEqual(run.status, 0, "a warning, not an error")
    XCTAssertEqual(run.stderr, "\(file): warning: drawing leaves the 40×40 canvas by 3.5 pt (left) at t = 1 s\n")
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.gif").path))
    let inside = try CLITest.write(Self.dot(offset: 15), named: "in.json", in: dir)
    let quiet = try CLITest.run(["render", inside, "--output", "in.gif"], in: dir)
    XCTAssertEqual(quiet.status, 0)
    XCTAssertEqual(quiet.stderr, "", "touching the edge is not leaving it")
  }

  func testFrameWarnsOnlyWhenThatInstantOverflows() throws {
    let dir = try CLITest.temporaryDirectory()
    let file = try CLITest.write(Self.dot(offset: 18.5), named: "out.json", in: dir)
    let early = try CLITest.run(["frame", file, "--time", "0.2", "--output", "a.png"], in: dir)
    XCTAssertEqual(early.status, 0)
    XCTAssertEqual(early.stderr, "", "at 0.2 s the dot is inside")
    let late = try CLITest.run(["frame", file, "--time", "0.9", "--output", "b.png"], in: dir)
    XCTAssertEqual(late.status, 0)
    XCTAssertEqual(late.stderr, "\(file): warning: drawing leaves the 40×40 canvas by 1.65 pt (left) at t = 0.9 s\n")
  }

  func testBatchWarnsAndSucceeds() throws {
    let dir = try CLITest.temporaryDirectory()
    let file = try CLITest.write(Self.dot(offset: 18.5), named: "out.json", in: dir)
    let run = try CLITest.run(["batch", file, "--output", "out", "--quiet"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "\(file): warning: drawing leaves the 40×40 canvas by 3.5 pt (left) at t = 1 s\n")
    let html = try String(contentsOf: dir.appendingPathComponent("out/index.html"), encoding: .utf8)
    XCTAssertTrue(html.contains("drawing leaves the 40×40 canvas by 3.5 pt (left) at t = 1 s"), "the gallery card says so too")
  }
}
