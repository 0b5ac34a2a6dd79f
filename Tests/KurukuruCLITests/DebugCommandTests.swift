import Foundation
import KurukuruCore
import KurukuruCodecs
import XCTest

/// The hidden `kurukuru debug` tools that scripts/bench relies on.
final class DebugCommandTests: XCTestCase {
  func testDumpCairoWritesEveryFrameOfTheLoop() throws {
    let r = try CLITest.run(["debug", "dump-cairo", CLITest.preset("timing-curve-dot"), "--scale", "2"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.split(separator: "\n")
    XCTAssertEqual(lines.filter { $0 == "frame" }.count, 57, "1.9 s at 30 fps")
    XCTAssertEqual(lines.filter { $0 == "canvas 500 500 2.0" }.count, 57)
    XCTAssertEqual(lines.first, "frame")
    // The dot: one filled drawing per frame.
    XCTAssertEqual(lines.filter { $0.hasPrefix("fill ") }.count, 57)
  }

  func testTimeRenderCountsRepeatedFramesAndHashesTheSameBytesAsThePNGs() throws {
    let preset = CLITest.preset("timing-curve-dot")
    let r = try CLITest.run(["debug", "time-render", preset, "--jobs", "2", "--repeat", "3", "--hash"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let fields = Dictionary(
      r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { word -> (String, String)? in
        guard let eq = word.firstIndex(of: "=") else { return nil }
        return (String(word[..<eq]), String(word[word.index(after: eq)...]))
      }, uniquingKeysWith: { a, _ in a })
    XCTAssertEqual(fields["frames"], "171")
    XCTAssertNotNil(fields["seconds"].flatMap(Double.init))
    XCTAssertNotNil(fields["fps"].flatMap(Double.init))
    XCTAssertGreaterThan(fields["cpu"].flatMap(Double.init) ?? 0, 0, r.stdout)

    // FNV-1a 64 over the RGBA8 bytes of the PNG sequence's frames, in order.
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("frames")
    let png = try CLITest.run(["render", preset, "--format", "png", "--output", out.path])
    XCTAssertEqual(png.status, 0, png.stderr)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for i in 0..<57 {
      let data = try Data(contentsOf: out.appendingPathComponent("timing-curve-dot\(i).png"))
      for byte in try PNG.decode([UInt8](data)).pixels { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    XCTAssertEqual(fields["hash"], String(hash, radix: 16))
  }

  func testUnknownSubcommandIsBadUsage() throws {
    let r = try CLITest.run(["debug", "time-rendr", CLITest.preset("timing-curve-dot")])
    XCTAssertEqual(r.status, 2)
    XCTAssertTrue(r.stderr.contains("time-render"), r.stderr)
  }
}
