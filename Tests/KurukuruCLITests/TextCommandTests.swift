import Foundation
import XCTest

// MARK: - Text on the command line

/// Text's contract at the binary: a missing font and an SF Symbol are one line and exit 2
/// with nothing written; `info` and the batch manifest name the font file; the Lottie export
/// writes a fixed Text's contours and refuses a counter in one line.
final class TextCommandTests: XCTestCase {
  let missingFont = #"{"width": 80, "height": 30, "view": {"Text": "Loading", "modifiers": [{"font": {"family": "No Such Family Kurukuru"}}]}}"#
  let counter = #"{"width": 80, "height": 30, "view": {"Text": {"counter": {"from": 0, "to": 100, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}, "suffix": "%"}}}"#

  func testAMissingFontIsOneLineAndExitTwo() throws {
    let dir = try CLITest.temporaryDirectory()
    let file = try CLITest.write(missingFont, named: "nofont.json", in: dir)
    let run = try CLITest.run(["render", file, "--format", "gif", "--output", dir.appendingPathComponent("out").path])
    XCTAssertEqual(run.status, 2)
    let lines = run.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, run.stderr)
    XCTAssertTrue(run.stderr.hasPrefix("\(file):1:80: no font found for family 'No Such Family Kurukuru'"), run.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
  }

  func testAnSFSymbolIsOneLineAndExitTwo() throws {
    let dir = try CLITest.temporaryDirectory()
    let file = try CLITest.write(#"{"width": 40, "height": 40, "view": {"Image": {"systemName": "circle.dotted"}}}"#, named: "sym.json", in: dir)
    let run = try CLITest.run(["info", file])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.stderr.contains("SF Symbols 'circle.dotted' cannot be drawn"), run.stderr)
    XCTAssertTrue(run.stderr.contains("closest: a Circle with a dashed stroke"), run.stderr)
  }

  func testInfoAndTheManifestNameTheFontFile() throws {
    let info = try CLITest.run(["info", CLITest.preset("fomantic-text-loader"), "--json"])
    XCTAssertEqual(info.status, 0, info.stderr)
    let root = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
    let fonts = root?["fonts"] as? [[String: Any]]
    let path = fonts?.first?["file"] as? String ?? ""
    XCTAssertTrue(path.hasSuffix("/DejaVuSans.ttf"), info.stdout)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    let plain = try CLITest.run(["info", CLITest.preset("fomantic-text-loader")])
    XCTAssertTrue(plain.stdout.contains("fonts:\n  \(path) (DejaVu Sans Book, "), plain.stdout)

    let dir = try CLITest.temporaryDirectory()
    let input = dir.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CLITest.preset("fomantic-text-loader"), toPath: input.appendingPathComponent("fomantic-text-loader.json").path)
    let out = dir.appendingPathComponent("out")
    let batch = try CLITest.run(["batch", input.path, "--output", out.path, "--format", "gif", "--quiet"])
    XCTAssertEqual(batch.status, 0, batch.stderr)
    let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
    let record = (manifest?["presets"] as? [[String: Any]])?.first
    XCTAssertEqual(record?["fonts"] as? [String], [path])
  }

  func testLottieExportWritesGlyphContoursAndRefusesACounter() throws {
    let dir = try CLITest.temporaryDirectory()
    let run = try CLITest.run(["render", CLITest.preset("fomantic-text-loader"), "--format", "lottie", "--output", dir.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    let json = try String(contentsOf: dir.appendingPathComponent("fomantic-text-loader.json"), encoding: .utf8)
    XCTAssertTrue(json.contains("\"nm\":\"Text\"") || json.contains("\"nm\": \"Text\""), "a Text group")
    // "Loading": L, o (2 contours), a (2), d (2), i (2), n, g (2) = 12 contours, one path each.
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    func textGroups(_ v: Any) -> [[String: Any]] {
      if let d = v as? [String: Any] {
        let own = d["nm"] as? String == "Text" && d["ty"] as? String == "gr" ? [d] : []
        return own + d.values.flatMap(textGroups)
      }
      if let a = v as? [Any] { return a.flatMap(textGroups) }
      return []
    }
    let items = textGroups(object).first?["it"] as? [[String: Any]] ?? []
    XCTAssertEqual(items.filter { $0["ty"] as? String == "sh" }.count, 12)
    XCTAssertEqual(items.filter { $0["ty"] as? String == "fl" }.count, 1)

    let file = try CLITest.write(counter, named: "counter.json", in: dir)
    let refused = try CLITest.run(["render", file, "--format", "lottie", "--output", dir.appendingPathComponent("c").path])
    XCTAssertEqual(refused.status, 2)
    XCTAssertTrue(refused.stderr.contains("a Text counter is not exported"), refused.stderr)
  }
}
