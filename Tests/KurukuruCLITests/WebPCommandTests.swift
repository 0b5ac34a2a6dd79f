import Foundation
import KurukuruCodecs
import XCTest

/// `kurukuru render --format webp`, `--quality`, `info FILE.webp` and malformed WebP files, run
/// end to end through the built binary.
final class WebPCommandTests: XCTestCase {
  func testRenderWritesALosslessWebPThatInfoDescribes() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLITest.run(["render", CLITest.preset("loading-circle"), "--format", "webp", "--scale", "2"], in: dir)
    XCTAssertEqual(r.status, 0, r.stderr)
    let path = dir.appendingPathComponent("loading-circle@2x.webp").path
    XCTAssertTrue(FileManager.default.fileExists(atPath: path), "default name NAME@2x.webp")
    let info = try CLITest.run(["info", path, "--json"])
    XCTAssertEqual(info.status, 0, info.stderr)
    let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any] ?? [:]
    XCTAssertEqual(json["format"] as? String, "webp")
    XCTAssertEqual(json["width"] as? Int, 96)
    XCTAssertEqual(json["height"] as? Int, 96)
    XCTAssertEqual(json["loop"] as? Int, 0)
    XCTAssertEqual(json["compression"] as? String, "lossless")
    let delays = json["delays"] as? [Int] ?? []
    XCTAssertEqual(delays.count, json["frames"] as? Int)
    XCTAssertEqual(delays.reduce(0, +), 1200, "60 frames at 50 fps: 1.2 s")
    XCTAssertEqual((json["duration"] as? NSNumber)?.doubleValue, 1.2)
    // compare against the PNG frames: identical.
    let pngs = dir.appendingPathComponent("frames").path
    XCTAssertEqual(try CLITest.run(["render", CLITest.preset("loading-circle"), "--format", "png", "--scale", "2",
                                    "--output", pngs]).status, 0)
    let compare = try CLITest.run(["compare", path, pngs])
    XCTAssertEqual(compare.status, 0, compare.stdout + compare.stderr)
  }

  func testQualityAndLoopsOptions() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("g.webp").path
    let r = try CLITest.run(["render", CLITest.preset("gradient-ring"), "--format", "webp", "--quality", "80",
                             "--loops", "2", "--scale", "2", "--output", out])
    XCTAssertEqual(r.status, 0, r.stderr)
    let info = try WebPDecoder.info([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
    XCTAssertEqual(info.compression, "lossy")
    XCTAssertEqual(info.loopCount, 2)
    let bad = try CLITest.run(["render", CLITest.preset("gradient-ring"), "--format", "webp", "--quality", "101",
                               "--output", out])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains("--quality"), bad.stderr)
    let help = try CLITest.run(["render", "--help"])
    XCTAssertTrue(help.stdout.contains("WebP: lossy colour"), help.stdout)
  }

  func testMalformedWebPIsOneLineAndExit2() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("a.webp")
    XCTAssertEqual(try CLITest.run(["render", CLITest.preset("ball-pulse"), "--format", "webp", "--output", good.path]).status, 0)
    let bytes = try Data(contentsOf: good)
    let cut = dir.appendingPathComponent("cut.webp")
    try bytes.prefix(bytes.count / 2).write(to: cut)
    for command in [["info", cut.path], ["compare", cut.path, good.path]] {
      let r = try CLITest.run(command)
      XCTAssertEqual(r.status, 2, command.joined(separator: " "))
      XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
      XCTAssertTrue(r.stderr.contains("webp: truncated"), r.stderr)
    }
  }
}
