import Foundation
import XCTest

/// The porting words' command-line side: a contradictory `direction` is a warning line in the
/// one form, which `render --quiet` silences.
final class PortingWordsCommandTests: XCTestCase {
  func testContradictoryDirectionIsAWarningLine() throws {
    let dir = try CLITest.temporaryDirectory()
    let text = #"{"width": 20, "height": 20, "view": {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1).repeatForever(autoreverses: false).direction(alternate)"}}]}}"#
    try text.write(to: dir.appendingPathComponent("alt.json"), atomically: true, encoding: .utf8)
    let gif = dir.appendingPathComponent("alt.gif").path
    let run = try CLITest.run(["render", "alt.json", "--output", gif], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stderr,
      "alt.json:1:178: warning: direction 'alternate' contradicts 'autoreverses: false' and replaces it: the animation autoreverses; drop one of them (at view.modifiers[0].opacity.animation)\n")
    let quiet = try CLITest.run(["render", "alt.json", "--quiet", "--output", gif], in: dir)
    XCTAssertEqual(quiet.status, 0)
    XCTAssertEqual(quiet.stderr, "")
  }
}
