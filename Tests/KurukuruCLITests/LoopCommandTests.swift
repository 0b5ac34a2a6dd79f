import Foundation
import XCTest

@testable import KurukuruCodecs

/// The loop as the CLI shows it: `frame --time` past the loop, seams in `info`.
final class LoopCommandTests: XCTestCase {
  /// A time past the loop renders that time modulo the loop length (what the looping files
  /// show), and the help says so.
  func testFrameTimePastTheLoopWrapsRoundIt() throws {
    let dir = try CLITest.temporaryDirectory()
    func frame(_ time: String) throws -> Data {
      let png = dir.appendingPathComponent("t\(time).png").path
      let r = try CLITest.run(["frame", CLITest.preset("circle-stroke-spin"), "--time", time, "--output", png])
      XCTAssertEqual(r.status, 0, r.stderr)
      return try Data(contentsOf: URL(fileURLWithPath: png))
    }
    // The loop is 1.7 s: 2.2 s and 3.9 s are 0.5 s into it.
    let half = try frame("0.5")
    XCTAssertEqual(try frame("2.2"), half)
    XCTAssertEqual(try frame("3.9"), half)
    XCTAssertNotEqual(try frame("0.6"), half, "a different instant draws a different frame")
    let help = try CLITest.run(["frame", "--help"])
    XCTAssertTrue(help.stdout.contains("wraps round it (t modulo the loop length)"), help.stdout)
  }

  /// `info` reports a duration that cuts a cycle, with the seam; an `auto` duration reports the
  /// loop it chose.
  func testInfoReportsTheSeamOfADurationThatCutsACycle() throws {
    let dir = try CLITest.temporaryDirectory()
    func preset(_ duration: String) throws -> String {
      try CLITest.write(
        """
        {"width": 40, "height": 40, "fps": 25, "duration": \(duration), "view": {"ZStack": {"content": [
          {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 0.72).repeatForever(autoreverses: false)"}}]},
          {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1.02).repeatForever(autoreverses: false)"}}]}
        ]}}}
        """, named: "p\(duration.count).json", in: dir)
    }
    let cut = try CLITest.run(["info", try preset("2")])
    XCTAssertEqual(cut.status, 0, cut.stderr)
    XCTAssertTrue(cut.stdout.contains("\nseam: 0.222\n"), cut.stdout)
    let whole = try CLITest.run(["info", try preset("12.24"), "--json"])
    XCTAssertEqual(whole.status, 0, whole.stderr)
    XCTAssertFalse(whole.stdout.contains("seam"), "12.24 s holds whole cycles of both: \(whole.stdout)")
    // 2 s is 2.78 cycles of 0.72 s (a 22% early jump of that sawtooth) and 1.96 of 1.02 s (4%).
    XCTAssertTrue(
      cut.stdout.contains(
        "the 2 s loop cuts the cycles 0.72 s, 1.02 s; it is not seamless: at the wrap a value jumps by 22.2% of its range"),
      cut.stdout)
    let auto = try CLITest.run(["info", try preset("{\"auto\": 4}"), "--json"])
    XCTAssertEqual(auto.status, 0, auto.stderr)
    let object = try JSONSerialization.jsonObject(with: Data(auto.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(object?["duration"] as? Double, 2.12)
    XCTAssertEqual(object?["frames"] as? Int, 53)
    XCTAssertEqual(object?["seam"] as? Double, 0.078)
    let notes = object?["notes"] as? [String] ?? []
    XCTAssertEqual(notes, ["the 2.12 s loop cuts the cycles 0.72 s, 1.02 s; it is not seamless: at the wrap a value jumps by 7.8% of its range"])
    // At 30 fps an "auto" loop of 152 frames lasts 5.0666… s: render prints it to six decimals.
    let odd = try CLITest.write(
      try String(contentsOfFile: try preset("{\"auto\": 6}"), encoding: .utf8)
        .replacingOccurrences(of: "\"fps\": 25", with: "\"fps\": 30"),
      named: "odd.json", in: dir)
    let render = try CLITest.run(["render", odd, "--output", dir.appendingPathComponent("odd.gif").path])
    XCTAssertEqual(render.status, 0, render.stderr)
    XCTAssertTrue(render.stdout.contains(": 152 frames, 5.066667 s, "), render.stdout)
  }
}
