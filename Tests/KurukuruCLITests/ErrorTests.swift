import Foundation
import XCTest

/// Bad input: exit status 2, exactly one line on stderr naming the file and the place, and no
/// output file left behind.
final class ErrorTests: XCTestCase {
  func assertFails(
    _ args: [String], in dir: URL, stderr expected: String, noFile: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let r = try CLITest.run(args, in: dir)
    XCTAssertEqual(r.status, 2, "exit status", file: file, line: line)
    XCTAssertEqual(r.stderr, expected + "\n", file: file, line: line)
    XCTAssertEqual(r.stdout, "", file: file, line: line)
    if let noFile {
      XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent(noFile).path), "\(noFile) was written", file: file, line: line)
    }
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { $0.contains("partial") } ?? []
    XCTAssertEqual(leftovers, [], "temporary files left behind", file: file, line: line)
  }

  func testBrokenPresetNamesFileLineAndColumn() throws {
    let dir = try CLITest.temporaryDirectory()
    let bad = try CLITest.write("""
      {
        "width": 40,
        "height": 40,
        "view": {
          "Circle": {},
          "modifiers": [{ "stroek": { "lineWidth": 2 } }]
        }
      }
      """, named: "bad.json", in: dir)
    try assertFails(
      ["render", bad, "--output", "out.gif"], in: dir,
      stderr: "\(bad):6:21: unknown modifier 'stroek' — did you mean 'stroke'? (at view.modifiers[0])", noFile: "out.gif")
    try assertFails(
      ["render", bad, "--format", "png", "--output", "frames"], in: dir,
      stderr: "\(bad):6:21: unknown modifier 'stroek' — did you mean 'stroke'? (at view.modifiers[0])", noFile: "frames")
  }

  func testAGoodPresetIsNotWrittenWhenALaterOneIsBroken() throws {
    let dir = try CLITest.temporaryDirectory()
    let bad = try CLITest.write("{\"width\": 40, \"height\": -1, \"view\": {\"Circle\": {}}}", named: "neg.json", in: dir)
    try assertFails(
      ["render", CLITest.preset("loading-circle"), bad, "--output", "out"], in: dir,
      stderr: "\(bad):1:25: height must be in (0, 8192] points, got -1 (at height)", noFile: "out")
  }

  func testMalformedJSON() throws {
    let dir = try CLITest.temporaryDirectory()
    let bad = try CLITest.write("{\n  \"width\": 40,\n  \"height\": 40\n  \"view\": {}\n}", named: "syntax.json", in: dir)
    try assertFails(["info", bad], in: dir, stderr: "\(bad):4:3: expected ',' or '}'")
  }

  func testAMissingFileIsOneLineNamingIt() throws {
    let dir = try CLITest.temporaryDirectory()
    try assertFails(["info", "missing.json"], in: dir, stderr: "missing.json: no such file")
    try assertFails(["info", "missing.gif", "--json"], in: dir, stderr: "missing.gif: no such file")
    try assertFails(["render", "missing.json"], in: dir, stderr: "missing.json: no such file", noFile: "missing.gif")
  }

  /// The registered formats as the error lists them: `gif, png, … or css`.
  static let formatList = "gif, png, apng, webp, lottie, android, xcassets or css"

  func testUsageErrors() throws {
    let dir = try CLITest.temporaryDirectory()
    let preset = CLITest.preset("loading-circle")
    try assertFails(["render", preset, "--sacle", "2"], in: dir, stderr: "render: unknown option '--sacle' — did you mean '--scale'?")
    try assertFails(["render", preset, "--scale", "-2"], in: dir, stderr: "render: --scale must be a number in 0.01…64, got '-2'")
    try assertFails(
      ["render", CLITest.preset("four-color-ring"), "--scale", "40"], in: dir,
      stderr: "\(CLITest.preset("four-color-ring")): scale 40 makes a 9600×9600 px canvas; each side must be 1…8192 px")
    try assertFails(["render", preset, "--format", "gift"], in: dir, stderr: "render: --format must be \(Self.formatList), got 'gift' — did you mean 'gif'?")
    try assertFails(["rendr", preset], in: dir, stderr: "unknown command 'rendr' — did you mean 'render'? (run 'kurukuru --help')")
    try assertFails(
      ["render", preset, "--set", "blue4=red"], in: dir,
      stderr: "\(preset): --set 'blue4': unknown parameter — did you mean 'blue1'? (parameters: blue1, blue2, blue3, lineWidth)")
    try assertFails(["frame", preset], in: dir, stderr: "frame: --time SECONDS is required")
    try assertFails(["render", "missing.json"], in: dir, stderr: "missing.json: no such file")
  }

  func testCorruptGIFAndPNG() throws {
    let dir = try CLITest.temporaryDirectory()
    let gif = dir.appendingPathComponent("bad.gif")
    try Data("GIF89a\u{01}\u{00}".utf8).write(to: gif)
    let r = try CLITest.run(["info", gif.path])
    XCTAssertEqual(r.status, 2)
    XCTAssertTrue(r.stderr.hasPrefix(gif.path + ": "), r.stderr)
    XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, "one line")
    let png = dir.appendingPathComponent("bad.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]).write(to: png)
    let p = try CLITest.run(["info", png.path])
    XCTAssertEqual(p.status, 2)
    XCTAssertTrue(p.stderr.hasPrefix(png.path + ": "), p.stderr)
    XCTAssertEqual(p.stderr.filter { $0 == "\n" }.count, 1, "one line")
  }
}
