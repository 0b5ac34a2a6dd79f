import Foundation
import XCTest

/// Lottie files on the command line: what is warned about and what is refused.
final class LottieInputCommandTests: XCTestCase {
  /// A 40×40 composition whose red square (20 pt) sits half outside its right edge, with
  /// `extra` layers after it.
  private func write(_ name: String, extraLayers: String = "", in dir: URL) throws -> URL {
    let url = dir.appendingPathComponent(name)
    try Data("""
      {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [
        {"ty": 4, "ip": 0, "op": 10, "st": 0, "ks": {},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [40, 20]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                    {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}\(extraLayers)]}
      """.utf8).write(to: url)
    return url
  }

  /// A composition clips to its canvas by definition: ink past it is the design, not a
  /// porting mistake, so neither `render` nor `frame` warns (a preset would).
  func testDrawingPastTheCompositionIsNotWarnedAbout() throws {
    let dir = try CLITest.temporaryDirectory()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let file = try write("edge.json", in: dir)
    let render = try CLITest.run(["render", file.path, "--output", dir.appendingPathComponent("edge.gif").path])
    XCTAssertEqual(render.status, 0, render.stderr)
    XCTAssertFalse(render.stderr.contains("warning"), render.stderr)
    let frame = try CLITest.run(["frame", file.path, "--time", "0", "--output", dir.appendingPathComponent("f.png").path])
    XCTAssertEqual(frame.status, 0, frame.stderr)
    XCTAssertEqual(frame.stderr, "")
  }

  /// A text layer is refused: exit 2, one line naming the feature, the place and the option that
  /// draws the rest, and no file; with `--allow-unsupported` the square renders and the text
  /// layer is one warning.
  func testARefusedFeatureIsOneLineAndAllowUnsupportedDrawsTheRest() throws {
    let dir = try CLITest.temporaryDirectory()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let file = try write("text.json", extraLayers: #", {"ty": 5, "ip": 0, "op": 10, "st": 0, "ks": {}}"#, in: dir)
    let out = dir.appendingPathComponent("text.gif")
    let refused = try CLITest.run(["render", file.path, "--output", out.path])
    XCTAssertEqual(refused.status, 2)
    let lines = refused.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, refused.stderr)
    XCTAssertTrue(refused.stderr.hasPrefix("\(file.path):4:"), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("text layers are not supported"), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("--allow-unsupported"), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("(at layers[1])"), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

    let allowed = try CLITest.run(["render", file.path, "--output", out.path, "--allow-unsupported"])
    XCTAssertEqual(allowed.status, 0, allowed.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.path))
    let warnings = allowed.stderr.split(separator: "\n").filter { $0.contains("warning:") }
    XCTAssertEqual(warnings.count, 1, allowed.stderr)
    XCTAssertTrue(warnings.first?.contains("text layers") ?? false, allowed.stderr)
  }
}
