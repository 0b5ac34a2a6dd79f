import Foundation
import XCTest
@testable import KurukuruCLI

// MARK: - Numbers people read, and help that fits

final class LooseEndsTests: XCTestCase {
  /// nv-line-scale-party's 1.38 s loop at 100 fps is 138 frames, exactly 100 fps; the division
  /// 138 / 1.38 is a unit in the last place above it, which `--json` no longer prints.
  func testInfoPrintsTheExactRateOfAWholeFrameLoop() throws {
    let run = try CLITest.run(["info", "nv-line-scale-party", "--fps", "100", "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(json["frames"] as? Int, 138)
    XCTAssertTrue(run.stdout.contains("\"fps\": 100,"), run.stdout)
  }

  /// The Swift line that plays an asset catalog of an automatic loop (7.0666… s) has six
  /// decimals at most.
  func testTheAssetCatalogLineRoundsTheAutoLoop() throws {
    let dir = try CLITest.temporaryDirectory()
    let run = try CLITest.run(["render", "nv-ball-grid-pulse", "--format", "xcassets", "--output", dir.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("UIImage.animatedImageNamed(\"nv-ball-grid-pulse\", duration: 7.066667)"), run.stdout)
  }

  /// Every option's help is a few lines (a shared option: a few per format); the reasoning
  /// behind `--matte` and `--quality` is in the README.
  func testEveryOptionsHelpIsAFewLines() throws {
    for command in ["render", "batch"] {
      let help = try CLITest.run([command, "--help"]).stdout
      var lines: [String: Int] = [:]
      var current = ""
      for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("  --") { current = String(line.dropFirst(2).split(separator: " ").first ?? ""); lines[current] = 0 }
        else if !line.hasPrefix("   ") { current = "" }
        if !current.isEmpty { lines[current, default: 0] += 1 }
      }
      XCTAssertEqual(lines["--matte"], 3, "\(command) --matte")
      XCTAssertLessThanOrEqual(lines["--quality"] ?? 99, 4, "\(command) --quality")
      for (option, count) in lines { XCTAssertLessThanOrEqual(count, 5, "\(command) \(option)") }
    }
    let readme = try String(contentsOf: CLITest.root.appendingPathComponent("README.md"), encoding: .utf8)
    XCTAssertTrue(readme.contains("**GIF matte and quality**"))
  }
}

// MARK: - Progress only on a terminal

final class ProgressLineTests: XCTestCase {
  /// Through a pipe (as here) stderr gets no carriage return or escape sequence from `render`
  /// or `batch`: the progress line is drawn only on a terminal.
  func testNoProgressBytesWhenStderrIsAPipe() throws {
    let dir = try CLITest.temporaryDirectory()
    let render = try CLITest.run(["render", "loading-circle", "--format", "apng", "--output", dir.appendingPathComponent("l.apng").path])
    XCTAssertEqual(render.status, 0, render.stderr)
    XCTAssertEqual(render.stderr, "")
    let batch = try CLITest.run(["batch", "loading-circle", "--output", dir.appendingPathComponent("b").path])
    XCTAssertEqual(batch.status, 0, batch.stderr)
    XCTAssertFalse(batch.stderr.contains("\r") || batch.stderr.contains("\u{1B}"), batch.stderr)
    XCTAssertTrue(batch.stderr.contains("batch: [1/"), "one plain line per output instead")
  }

  /// A line that is off draws nothing, whatever it is asked; one on a terminal is enabled
  /// unless quiet.
  func testTheLineIsOnOnlyForATerminalWithoutQuiet() {
    XCTAssertFalse(ProgressLine(quiet: false, terminal: false) { "x" }.enabled)
    XCTAssertFalse(ProgressLine(quiet: true, terminal: true) { "x" }.enabled)
    XCTAssertTrue(ProgressLine(quiet: false, terminal: true) { "x" }.enabled)
  }
}
