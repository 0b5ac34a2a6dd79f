import Foundation
import XCTest

/// `render --format apng`, `info` and `compare` on APNG files, through the built binary.
final class APNGCommandTests: XCTestCase {
  func testRenderWritesTheDefaultNameAndInfoDescribesIt() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let render = try CLITest.run(["render", CLITest.preset("loading-circle"), "--format", "apng", "--scale", "2"], in: dir)
    XCTAssertEqual(render.status, 0, render.stderr)
    let path = dir.appendingPathComponent("loading-circle@2x.apng").path
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    let info = try CLITest.run(["info", path, "--json"])
    XCTAssertEqual(info.status, 0, info.stderr)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(json["format"] as? String, "apng")
    XCTAssertEqual(json["width"] as? Int, 96)
    XCTAssertEqual(json["height"] as? Int, 96)
    XCTAssertEqual(json["loop"] as? Int, 0)
    let frames = try XCTUnwrap(json["frames"] as? Int)
    XCTAssertEqual(frames, 60)
    XCTAssertEqual((json["delayFractions"] as? [String]).map(Set.init), ["1/50"])
    XCTAssertEqual(try XCTUnwrap(json["duration"] as? Double), 1.2, accuracy: 1e-9)
    XCTAssertEqual((json["delays"] as? [Double])?.count, 60)
  }

  func testAnyOutputNameAndLoopsAndCompare() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let apng = dir.appendingPathComponent("spin.png").path
    let render = try CLITest.run(["render", CLITest.preset("spinkit-wave"), "--format", "apng", "--loops", "4", "--output", apng])
    XCTAssertEqual(render.status, 0, render.stderr)
    let info = try CLITest.run(["info", apng])
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("format: apng"), info.stdout)
    XCTAssertTrue(info.stdout.contains("loop: 4"), info.stdout)
    // compare counts frames: a preset without identical consecutive frames (none are merged).
    let loader = dir.appendingPathComponent("loader.apng").path
    XCTAssertEqual(try CLITest.run(["render", CLITest.preset("loading-circle"), "--format", "apng", "--output", loader]).status, 0)
    let frames = dir.appendingPathComponent("frames").path
    XCTAssertEqual(try CLITest.run(["render", CLITest.preset("loading-circle"), "--format", "png", "--output", frames]).status, 0)
    let compare = try CLITest.run(["compare", loader, frames])
    XCTAssertEqual(compare.status, 0, compare.stdout + compare.stderr)
  }

  func testMalformedFilesExit2WithOneLine() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.apng").path
    XCTAssertEqual(try CLITest.run(["render", CLITest.preset("equalizer"), "--format", "apng", "--output", good]).status, 0)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
    bytes[44] ^= 0xFF  // inside acTL's data: its CRC no longer matches
    let bad = dir.appendingPathComponent("bad.apng").path
    try Data(bytes).write(to: URL(fileURLWithPath: bad))
    for args in [["info", bad], ["info", bad, "--json"], ["compare", bad, good]] {
      let run = try CLITest.run(args)
      XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
      let lines = run.stderr.split(separator: "\n")
      XCTAssertEqual(lines.count, 1, run.stderr)
      XCTAssertTrue(run.stderr.contains("bad.apng: apng: bad crc in acTL chunk"), run.stderr)
    }
  }

  func testHelpListsTheFormatAndItsOption() throws {
    let help = try CLITest.run(["render", "--help"])
    XCTAssertTrue(help.stdout.contains("apng"), help.stdout)
    XCTAssertTrue(help.stdout.contains("APNG: acTL play count"), help.stdout)
  }
}
