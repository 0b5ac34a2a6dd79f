import Foundation
import XCTest

/// `render --format lottie` end to end: the file, the help line, and one-line errors with exit 2.
final class LottieCommandTests: XCTestCase {
  func testRenderWritesNameDotJsonAndHelpSaysWhatIsApproximated() throws {
    let dir = try CLITest.temporaryDirectory()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let run = try CLITest.run(["render", CLITest.preset("pacman"), "--format", "lottie", "--scale", "3"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    let data = try XCTUnwrap(FileManager.default.contents(atPath: dir.appendingPathComponent("pacman.json").path))
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(doc["w"] as? Int, 72)
    let help = try CLITest.run(["render", "--help"])
    XCTAssertTrue(help.stdout.contains("lottie"), help.stdout)
    XCTAssertTrue(help.stdout.contains("--scale has no effect"), help.stdout)
    XCTAssertTrue(help.stdout.contains("AngularGradient and shadow are approximated"), help.stdout)
  }

  func testAnUnexportableViewIsOneLineAndExitTwo() throws {
    let dir = try CLITest.temporaryDirectory()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let preset = dir.appendingPathComponent("cone.json")
    try Data("""
      {"width": 40, "height": 40, "view": {"Ellipse": {}, "modifiers": [
        {"fill": {"AngularGradient": {"colors": ["red", "blue"]}}}, {"frame": {"width": 30, "height": 20}}]}}
      """.utf8).write(to: preset)
    let run = try CLITest.run(["render", preset.path, "--format", "lottie", "--output", dir.appendingPathComponent("o.json").path])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("AngularGradient on Ellipse"), run.stderr)
    XCTAssertTrue(run.stderr.contains("(at view)"), run.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.json").path))
  }
}
