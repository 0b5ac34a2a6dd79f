import Foundation
import Kurukuru
import XCTest

/// `--format apng` on the bundled presets: every decoded frame equals the rendered one, the
/// delays add up to the loop exactly, and the bytes never depend on the number of jobs.
final class APNGRenderTests: XCTestCase {
  static var presetNames: [String] {
    let dir = RendererTests.root.appendingPathComponent("Presets")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Encodes the preset, decodes it and checks every timeline frame and the delays.
  @discardableResult
  func assertRoundTrip(_ name: String, scale: Double = 1, format: APNGFormat = APNGFormat(),
                       file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
    let renderer = try Renderer(try RendererTests.preset(name), scale: scale, jobs: 2)
    let bytes = try format.encode(renderer)
    let decoded = try APNGDecoder.decode(bytes)
    let timeline = renderer.scene.timeline
    XCTAssertEqual(decoded.width, renderer.width, file: file, line: line)
    XCTAssertEqual(decoded.loopCount, 0, file: file, line: line)
    let delays = APNGDelays.delays(renderer.timedFrames.timing)
    let expanded = try XCTUnwrap(APNGRenderTests.expand(decoded, delays: delays), "\(name): merged delays", file: file, line: line)
    let frames = try renderer.frames(0..<renderer.frameCount)
    XCTAssertEqual(expanded.count, frames.count, file: file, line: line)
    for i in frames.indices where expanded[i] != frames[i] {
      XCTFail("\(name) @\(scale)x: frame \(i) differs", file: file, line: line)
      break
    }
    if timeline.period > 0 {
      XCTAssertEqual(APNGDelay.total(decoded.delays), timeline.period, accuracy: 1e-12, "\(name): delays add up to the loop",
                     file: file, line: line)
    }
    return bytes
  }

  /// One decoded frame per timeline frame, following merged delays; nil when they do not match.
  static func expand(_ decoded: DecodedAPNG, delays: [APNGDelay]) -> [Frame]? {
    var out: [Frame] = []
    var i = 0
    for (k, d) in decoded.delays.enumerated() {
      var covered = APNGDelay(0, 1)
      while covered.rational != d.rational {
        guard i < delays.count, let sum = covered.adding(delays[i]) else { return nil }
        covered = sum
        out.append(decoded.frames[k])
        i += 1
      }
    }
    return i == delays.count ? out : nil
  }

  // MARK: - Tests

  func testEveryPresetRoundTripsExactly() throws {
    XCTAssertGreaterThanOrEqual(Self.presetNames.count, 17)
    for name in Self.presetNames { try assertRoundTrip(name) }
  }

  func testPresetsAtScale2RoundTripExactly() throws {
    try assertRoundTrip("loading-circle", scale: 2)
    try assertRoundTrip("equalizer", scale: 2)
  }

  func testFewColoursGiveAPaletteAndGradientsRGBA() throws {
    let palette = try assertRoundTrip("spinkit-wave")
    XCTAssertEqual(palette[25], 3, "spinkit-wave: colour type 3 (palette)")
    XCTAssertNotNil(palette.firstRange(of: Array("PLTE".utf8)))
    let rgba = try assertRoundTrip("gradient-ring")
    XCTAssertEqual(rgba[25], 6, "gradient-ring: colour type 6 (RGBA)")
    XCTAssertNil(rgba.firstRange(of: Array("PLTE".utf8)))
  }

  func testLoopCountAndDelays() throws {
    let renderer = try Renderer(try RendererTests.preset("loading-circle"))
    let info = try APNGDecoder.info(try APNGFormat(APNGOptions(loopCount: 3)).encode(renderer))
    XCTAssertEqual(info.loopCount, 3)
    XCTAssertEqual(Set(info.delays), [APNGDelay(1, 50)], "loading-circle: 50 fps")
    XCTAssertEqual(APNGDelay.total(info.delays), 1.2, accuracy: 1e-12)
    let options = try APNGFormat(options: FormatOptionValues(["loops": "2"]))
    XCTAssertEqual(options.options.loopCount, 2)
    XCTAssertEqual(options.cacheKey, "loops=2")
    XCTAssertThrowsError(try APNGFormat(options: FormatOptionValues(["loops": "-1"])))
    let fast = try APNGFormat(options: FormatOptionValues(["compression": "fast"]))
    XCTAssertEqual(fast.options.compression, .fast)
    XCTAssertEqual(fast.cacheKey, "compression=libdeflate(level: 6)")
    XCTAssertEqual(try APNGFormat(options: FormatOptionValues(["compression": "best"])).options.compression, .best)
    let max = try APNGFormat(options: FormatOptionValues(["compression": "max"]))
    XCTAssertEqual(max.options.compression, .zopfli(iterations: 15))
    XCTAssertEqual(max.cacheKey, "compression=zopfli(iterations: 15)")
    XCTAssertThrowsError(try APNGFormat(options: FormatOptionValues(["compression": "small"])))
  }

  /// equalizer at 2x: Zopfli alone made some palette frames larger than libdeflate 12 (12,225
  /// bytes in all against best's 12,204); keeping the smaller stream per frame gives 12,160.
  func testMaxCompressionIsLosslessAndSmallerThanBest() throws {
    let best = try assertRoundTrip("equalizer", scale: 2)
    let max = try assertRoundTrip("equalizer", scale: 2, format: APNGFormat(APNGOptions(compression: .max)))
    XCTAssertLessThan(max.count, best.count)
  }

  func testFramesAbove50FPSAreKept() throws {
    let renderer = try Renderer(try RendererTests.dot(fps: 60))
    XCTAssertNil(APNGFormat().frameRateLimit)
    let dir = try temporaryDirectory()
    let summary = try renderer.write(.apng(), to: dir.appendingPathComponent("dot.apng").path)
    XCTAssertEqual(summary.frames, 60)
    XCTAssertTrue(summary.notes.isEmpty)
    let info = try APNGDecoder.info([UInt8](try Data(contentsOf: dir.appendingPathComponent("dot.apng"))))
    XCTAssertEqual(info.frames, 60)
    XCTAssertEqual(Set(info.delays), [APNGDelay(1, 60)])
  }

  func testBytesDoNotDependOnJobs() throws {
    let preset = try RendererTests.preset("four-color-ring")
    let one = try APNGFormat().encode(try Renderer(preset, jobs: 1))
    let three = try APNGFormat().encode(try Renderer(preset, jobs: 3))
    XCTAssertEqual(one, three)
  }

  func testDefaultNames() {
    XCTAssertEqual(APNGFormat().defaultPath(name: "loader", scale: 1), "loader.apng")
    XCTAssertEqual(APNGFormat().defaultPath(name: "loader", scale: 2), "loader@2x.apng")
    XCTAssertNotNil(OutputFormats.named("apng"))
  }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-apng-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }
}
