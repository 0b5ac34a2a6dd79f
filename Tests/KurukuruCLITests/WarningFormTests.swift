import Foundation
import XCTest

/// Every warning is one line `PLACE: warning: message` (the file it is about, or the command
/// for an option), and `render --quiet` prints none of them; the output is the same.
final class WarningFormTests: XCTestCase {
  /// A 60 fps preset whose circle overflows: GIF lowers its rate, and the drawing leaves the canvas.
  static let fast = #"{"width": 20, "height": 20, "fps": 60, "view": {"Circle": {}, "modifiers": [{"frame": 30}]}}"#

  func testEveryWarningNamesItsPlaceFirstAndQuietSilencesThem() throws {
    let dir = try CLITest.temporaryDirectory()
    let preset = dir.appendingPathComponent("fast.json")
    try Self.fast.write(to: preset, atomically: true, encoding: .utf8)
    let gif = dir.appendingPathComponent("fast.gif").path
    let run = try CLITest.run(["render", "fast.json", "--output", gif], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stderr,
      "fast.json: warning: GIF frames cannot be shorter than 2 cs; 60 fps lowered to 50\n"
        + "fast.json: warning: drawing leaves the 20×20 canvas by 5 pt (left) at t = 0 s\n")
    let option = try CLITest.run(["render", "fast.json", "--fps", "70", "--output", gif], in: dir)
    XCTAssertTrue(option.stderr.hasPrefix("render: warning: GIF frames cannot be shorter than 2 cs; --fps 70 lowered to 50\n"), option.stderr)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: gif))
    let quiet = try CLITest.run(["render", "fast.json", "--fps", "70", "--quiet", "--output", gif], in: dir)
    XCTAssertEqual(quiet.status, 0)
    XCTAssertEqual(quiet.stderr, "")
    XCTAssertFalse(quiet.stdout.isEmpty, "the summary line stays")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: gif)), bytes)
    // Errors still print with --quiet.
    let broken = try CLITest.run(["render", "missing.json", "--quiet"], in: dir)
    XCTAssertEqual(broken.status, 2)
    XCTAssertFalse(broken.stderr.isEmpty)
  }

  /// No line of the command line's sources writes a warning in another form.
  func testNoWarningIsWrittenOutsideTheOneForm() throws {
    let sources = CLITest.root.appendingPathComponent("Sources/KurukuruCLI")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    XCTAssertFalse(files.isEmpty)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains("Console.err(") && (line.contains("warning:") || line.contains("note:")) {
        XCTFail("\(file):\(n + 1): use Console.warning / Console.note: \(line)")
      }
    }
  }
}
