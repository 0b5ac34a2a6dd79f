import Foundation
import Kurukuru
import XCTest

/// `--format webp` as a Swift user meets it: every bundled preset encoded, decoded back with
/// `WebPDecoder` and compared with `renderer.frame(i)` by display time (libwebp merges identical
/// consecutive frames into one longer frame).
final class WebPTests: XCTestCase {
  // MARK: - Support

  /// Every bundled preset (`Presets/*.json` but the schema).
  static func presetPaths() throws -> [String] {
    let folder = RendererTests.root.appendingPathComponent("Presets")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }

  /// RGB of straight RGBA composited on an opaque grey level (0 = black, 255 = white).
  static func composite(_ frame: Frame, on level: Int) -> [Int] {
    var out = [Int](repeating: 0, count: frame.width * frame.height * 3)
    frame.pixels.withUnsafeBufferPointer { px in
      for i in 0..<(frame.width * frame.height) {
        let a = Int(px[i * 4 + 3])
        for c in 0..<3 { out[i * 3 + c] = (Int(px[i * 4 + c]) * a + level * (255 - a) + 127) / 255 }
      }
    }
    return out
  }

  /// For every rendered frame, the decoded frame showing at its start (rounded ms).
  func shown(_ decoded: DecodedWebP, renderer: Renderer) -> [Int] {
    let durations = WebPDelays.milliseconds(renderer.timedFrames.timing)
    var start = 0
    return durations.map { d in
      defer { start += d }
      return decoded.frameIndex(at: start)
    }
  }

  // MARK: - Lossless

  func testLosslessRoundTripOfEveryPresetIsExact() throws {
    for path in try Self.presetPaths() {
      let renderer = try Renderer(try Preset.load(path: path), scale: 1)
      let encoding = try WebPFormat().encode(renderer)
      XCTAssertTrue(encoding.isLossless)
      let decoded = try WebPDecoder.decode(encoding.bytes)
      XCTAssertEqual(decoded.width, renderer.width)
      XCTAssertEqual(decoded.height, renderer.height)
      XCTAssertTrue(decoded.isAnimated)
      XCTAssertEqual(decoded.loopCount, 0, path)
      XCTAssertLessThanOrEqual(decoded.frames.count, renderer.frameCount, path)
      let total = WebPDelays.milliseconds(renderer.timedFrames.timing).reduce(0, +)
      XCTAssertEqual(decoded.durations.reduce(0, +), total, "\(path): durations add up to the loop")
      for (i, k) in shown(decoded, renderer: renderer).enumerated() {
        let expected = try renderer.frame(i)
        if decoded.frames[k] != expected {
          XCTFail("\(path): frame \(i) (decoded frame \(k)) differs from the render")
          break
        }
      }
    }
  }

  // MARK: - Lossy

  func testLossyQuality80IsAtLeast40DBOnWhiteAndBlackForEveryPreset() throws {
    for path in try Self.presetPaths() {
      try checkLossy(path: path, scale: 1)
    }
  }

  /// gradient-ring at 2× is where lossy colour pays (about 0.75× the lossless bytes): the lossy
  /// path itself, not the lossless fallback, must then reach 40 dB with exact alpha.
  func testLossyColourIsKeptWhereItPays() throws {
    let encoding = try checkLossy(path: RendererTests.root.appendingPathComponent("Presets/gradient-ring.json").path, scale: 2)
    XCTAssertFalse(encoding.isLossless)
    XCTAssertGreaterThanOrEqual(encoding.lossyPSNR ?? 0, 40)
  }

  /// Encodes a preset at quality 80 and checks the written file: ≥ 40 dB on white and on black
  /// (every rendered frame against the decoded frame showing at its start), exact alpha.
  @discardableResult
  func checkLossy(path: String, scale: Double) throws -> WebPEncoding {
    do {
      let renderer = try Renderer(try Preset.load(path: path), scale: scale)
      let encoding = try WebPFormat(WebPOptions(quality: 80)).encode(renderer)
      XCTAssertEqual(try WebPDecoder.info(encoding.bytes).compression, encoding.isLossless ? "lossless" : "lossy")
      let decoded = try WebPDecoder.decode(encoding.bytes)
      for level in [255, 0] {
        var squared = 0, count = 0
        for (i, k) in shown(decoded, renderer: renderer).enumerated() {
          let a = Self.composite(try renderer.frame(i), on: level), b = Self.composite(decoded.frames[k], on: level)
          for j in 0..<a.count { squared += (a[j] - b[j]) * (a[j] - b[j]) }
          count += a.count
        }
        let psnr = squared == 0 ? Double.infinity : 10 * log10(255 * 255 / (Double(squared) / Double(count)))
        XCTAssertGreaterThanOrEqual(psnr, 40, "\(path) on \(level == 0 ? "black" : "white")")
      }
      // Alpha is exact even when colour is lossy.
      for (i, k) in shown(decoded, renderer: renderer).enumerated().prefix(3) {
        let a = try renderer.frame(i).pixels, b = decoded.frames[k].pixels
        XCTAssertTrue(stride(from: 3, to: a.count, by: 4).allSatisfy { a[$0] == b[$0] }, "\(path) alpha of frame \(i)")
      }
      return encoding
    }
  }

  // MARK: - Loop, delays, determinism

  func testLoopCountAndDurationsAddUpToTheLoop() throws {
    let renderer = try Renderer(try RendererTests.dot(fps: 30), scale: 1)
    let bytes = try WebPFormat(WebPOptions(loopCount: 3)).encode(renderer).bytes
    let info = try WebPDecoder.info(bytes)
    XCTAssertEqual(info.loopCount, 3)
    XCTAssertEqual(info.durations.reduce(0, +), 1000)
    let thirtyFPS = FrameTiming.uniform(count: 30, frameDuration: Rational(1, 30))
    XCTAssertEqual(WebPDelays.milliseconds(thirtyFPS).prefix(3), [33, 34, 33])
    XCTAssertEqual(WebPDelays.milliseconds(thirtyFPS).reduce(0, +), 1000)
  }

  func testBytesDoNotDependOnJobs() throws {
    for (name, quality) in [("gradient-ring", nil), ("four-color-ring", 80.0), ("gradient-ring", 80.0)] as [(String, Double?)] {
      let preset = try RendererTests.preset(name)
      let one = try WebPFormat(WebPOptions(quality: quality)).encode(try Renderer(preset, scale: 1, jobs: 1))
      let three = try WebPFormat(WebPOptions(quality: quality)).encode(try Renderer(preset, scale: 1, jobs: 3))
      XCTAssertEqual(one.bytes, three.bytes, "\(name) quality \(quality.map { "\($0)" } ?? "lossless")")
    }
  }

  func testScenesFasterThanBrowsersPlayAreRetimedTo90FPS() throws {
    let renderer = try Renderer(try RendererTests.dot(fps: 120), scale: 1)
    let prepared = try renderer.prepared(for: WebPFormat())
    XCTAssertEqual(prepared.renderer.scene.timeline.requestedFPS, 90)
    XCTAssertNotNil(prepared.note)
    let durations = WebPDelays.milliseconds(prepared.renderer.timedFrames.timing)
    XCTAssertGreaterThanOrEqual(durations.min() ?? 0, WebPDelays.minimum)
  }
}
