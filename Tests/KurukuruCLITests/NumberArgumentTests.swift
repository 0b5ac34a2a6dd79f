import Foundation
import XCTest

/// Numbers on the command line are decimal notation only (`NumberText.parse`): Swift's
/// `Double("0x10")` is 16 and `Double("inf")` infinity, which must not slip through.
final class NumberArgumentTests: XCTestCase {
  /// Runs `arguments`, expecting exit status 2 and exactly `stderr` as its one line.
  func assertUsageError(_ arguments: [String], _ stderr: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let dir = try CLITest.temporaryDirectory()
    let r = try CLITest.run(arguments, in: dir)
    XCTAssertEqual(r.status, 2, "exit status", file: file, line: line)
    XCTAssertEqual(r.stderr, stderr + "\n", file: file, line: line)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written", file: file, line: line)
  }

  func testHexadecimalInfinityAndNaNAreNotNumbers() throws {
    let preset = CLITest.preset("loading-circle")
    for text in ["0x2", "0X1p1", "inf", "nan", "infinity"] {
      try assertUsageError(["render", preset, "--scale", text], "render: --scale must be a number in 0.01…64, got '\(text)'")
    }
    try assertUsageError(
      ["frame", preset, "--time", "0x1", "--output", "f.png"], "frame: --time must be a number in 0…86400, got '0x1'")
    try assertUsageError(["info", preset, "--fps", "0x1E"], "info: --fps must be a number in 0.1…240, got '0x1E'")
    try assertUsageError(
      ["batch", preset, "--output", "out", "--scale", "1,0x2"], "batch: --scale takes numbers in 0.01…64, got '0x2'")
    try assertUsageError(
      ["render", preset, "--set", "lineWidth=0x10"], "\(preset): --set lineWidth=0x10: 'lineWidth' takes a number")
    try assertUsageError(
      ["render", preset, "--set", "lineWidth=inf"], "\(preset): --set lineWidth=inf: 'lineWidth' takes a number")
  }

  func testDecimalNotationStillWorks() throws {
    let dir = try CLITest.temporaryDirectory()
    let r = try CLITest.run(
      ["frame", CLITest.preset("loading-circle"), "--time", "5e-1", "--scale", ".5", "--set", "lineWidth=+4", "--output", "f.png"],
      in: dir)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stdout, "f.png: 24×24 px at t = 0.5 s\n")
  }
}
