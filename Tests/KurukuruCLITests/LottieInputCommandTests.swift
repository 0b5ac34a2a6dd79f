import Foundation
import XCTest

/// Lottie files on the command line: what is warned about and what is refused.
final class LottieInputCommandTests: XCTestCase {
  /// A 40×40 composition whose red square (20 pt) sits half outside its right edge, with
  /// `extra` layers after it.
  private func write(_ name: String, extraLayers: String = "", in dir: URL) throws -> URL {
    return URL(fileURLWithPath: try CLITest.write("""
      {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [
        {"ty": 4, "ip": 0, "op": 10, "st": 0, "ks": {},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [40, 20]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                    {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}\(extraLayers)]}
      """, named: name, in: dir))
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

  /// `render FILE --format apng,webp --fit 96x96`: one file per format, the 40×40 pt canvas
  /// fitted into 96×96 pt (96×96 px at scale 1), each byte for byte what a render of that
  /// format alone writes.
  func testSeveralFormatsAtAFittedScaleWriteWhatEachAloneWrites() throws {
    let dir = try CLITest.temporaryDirectory()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let file = try write("loader.json", in: dir)
    let both = dir.appendingPathComponent("both"), alone = dir.appendingPathComponent("alone")
    let run = try CLITest.run(["render", file.path, "--format", "apng,webp", "--fit", "96x96", "--output", both.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    for format in ["apng", "webp"] {
      let single = try CLITest.run(["render", file.path, "--format", format, "--fit", "96x96", "--output", alone.path + "/"])
      XCTAssertEqual(single.status, 0, single.stderr)
      let name = "loader.\(format)"
      let a = try XCTUnwrap(FileManager.default.contents(atPath: both.appendingPathComponent(name).path), name)
      let b = try XCTUnwrap(FileManager.default.contents(atPath: alone.appendingPathComponent(name).path), name)
      XCTAssertEqual(a, b, name)
    }
    // 96×96 px: the square's red reaches the fitted canvas's edge at x = 96 · 30/40 = 72.
    let info = try CLITest.run(["info", both.appendingPathComponent("loader.apng").path, "--json"])
    XCTAssertTrue(info.stdout.contains("\"width\" : 96") || info.stdout.contains("\"width\": 96"), info.stdout)
    let unknown = try CLITest.run(["render", file.path, "--format", "apng,wepb", "--output", both.path])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertTrue(unknown.stderr.contains("'wepb'"), unknown.stderr)
  }

  /// A design-sized composition fitted into a loader's size renders as an Android bundle: the
  /// densities multiply the fitted 20×20 pt (mdpi 20 px … xxxhdpi 80 px), where the design's
  /// 4000×4000 pt would pass the work limit at xxxhdpi.
  func testFitMakesADesignSizedFileABundleOfLoaderSize() throws {
    let dir = try CLITest.temporaryDirectory()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let url = URL(fileURLWithPath: try CLITest.write("""
      {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 4000, "h": 4000, "layers": [
        {"ty": 4, "ip": 0, "op": 10, "st": 0, "ks": {},
         "shapes": [{"ty": "el", "p": {"a": 0, "k": [2000, 2000]}, "s": {"a": 0, "k": [4000, 4000]}},
                    {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]}]}
      """, named: "design.json", in: dir))
    let out = dir.appendingPathComponent("app")
    let run = try CLITest.run(["render", url.path, "--format", "android", "--fit", "20x20", "--output", out.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
    XCTAssertFalse(files.isEmpty, "no frames in \(out.path)")
    for path in files {
      let info = try CLITest.run(["info", out.appendingPathComponent(path).path, "--json"])
      let density = path.contains("xxxhdpi") ? 4.0 : path.contains("xxhdpi") ? 3.0 : path.contains("xhdpi") ? 2.0
        : path.contains("hdpi") ? 1.5 : 1.0
      let side = Int((20 * density).rounded())
      XCTAssertTrue(info.stdout.contains("\"width\" : \(side)") || info.stdout.contains("\"width\": \(side)"), "\(path): \(info.stdout)")
    }
  }
}
