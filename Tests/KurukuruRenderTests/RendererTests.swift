import Foundation
import Kurukuru
import XCTest

/// The render stage as a Swift user meets it: `Renderer` + an `OutputFormat`, decoded back with
/// the codecs and compared with frames rendered directly.
final class RendererTests: XCTestCase {
  // MARK: - Support

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func preset(_ name: String) throws -> Preset {
    try Preset.load(path: root.appendingPathComponent("Presets/\(name).json").path)
  }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// A one-dot preset at `fps` whose loop lasts 1 s.
  static func dot(fps: Double) throws -> Preset {
    try Preset(
      text: """
        {"name": "dot", "width": 20, "height": 20, "fps": \(fps), "view": {"Circle": {}, "modifiers": [
          {"frame": 10}, {"offset": {"x": {"from": -5, "to": 5, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}}]}}
        """, file: "dot.json")
  }

  // MARK: - GIF

  func testTheReadmeExampleWritesADecodableGIF() throws {
    let dir = try temporaryDirectory()
    let path = dir.appendingPathComponent("loader.gif").path
    let summary = try Renderer(try Self.preset("loading-circle"), scale: 2).write(.gif(), to: path)
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
    XCTAssertEqual(summary.bytes, bytes.count)
    let gif = try GIFDecoder.decode([UInt8](bytes))
    XCTAssertEqual(gif.width, 96)
    XCTAssertEqual(gif.height, 96)
    XCTAssertEqual(gif.loopCount, 0)
    // loading-circle: a 1.2 s loop at 50 fps.
    XCTAssertEqual(summary.frames, 60)
    XCTAssertEqual(gif.delays.reduce(0, +), 120, "delays add up to the loop")
  }

  func testGIFBytesDoNotDependOnJobs() throws {
    let preset = try Self.preset("activity-indicator")
    let one = try GIFFormat().encode(try Renderer(preset, jobs: 1))
    let three = try GIFFormat().encode(try Renderer(preset, jobs: 3))
    XCTAssertEqual(one, three)
  }

  func testScenesFasterThanGIFCanPlayAreRetimedTo50FPS() throws {
    let dir = try temporaryDirectory()
    let renderer = try Renderer(try Self.dot(fps: 60))
    XCTAssertEqual(renderer.frameCount, 60)
    let prepared = try renderer.prepared(for: GIFFormat())
    XCTAssertEqual(prepared.renderer.frameCount, 50)
    XCTAssertEqual(prepared.note, "GIF frames cannot be shorter than 2 cs; 60 fps lowered to 50")
    let summary = try renderer.write(.gif(), to: dir.appendingPathComponent("dot.gif").path)
    XCTAssertEqual(summary.frames, 50)
    XCTAssertEqual(summary.notes.first, prepared.note)
    // PNG sequences have no such limit.
    XCTAssertNil(try renderer.prepared(for: PNGSequenceFormat()).note)
    XCTAssertEqual(try renderer.scene.retimed(fps: 50, limits: Limits()).timeline, try Self.dot(fps: 50).scene().timeline)
  }

  // MARK: - PNG sequence

  func testPNGSequenceHoldsEveryFrameExactly() throws {
    let dir = try temporaryDirectory().appendingPathComponent("frames")
    let renderer = try Renderer(try Self.dot(fps: 10), scale: 2)
    // A stale frame of an earlier, longer render is removed; other files stay.
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data([1]).write(to: dir.appendingPathComponent("dot99@2x.png"))
    try Data([1]).write(to: dir.appendingPathComponent("notes.txt"))
    let summary = try renderer.write(.pngSequence(), to: dir.path)
    XCTAssertEqual(summary.frames, 10)
    XCTAssertEqual(summary.files.first, "dot0@2x.png")
    XCTAssertEqual(summary.files.last, "dot9@2x.png")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    XCTAssertEqual(names, (summary.files + ["notes.txt"]).sorted())
    for i in [0, 3, 9] {
      let data = try XCTUnwrap(FileManager.default.contents(atPath: dir.appendingPathComponent(summary.files[i]).path))
      XCTAssertEqual(try PNG.decode([UInt8](data)), try renderer.frame(i), "frame \(i)")
    }
    // A destination that does not exist yet is the staging folder renamed: same frames, and
    // nothing else is left beside it.
    let fresh = dir.deletingLastPathComponent().appendingPathComponent("fresh")
    let again = try renderer.write(.pngSequence(), to: fresh.path)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fresh.path).sorted(), again.files.sorted())
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.deletingLastPathComponent().path).sorted(),
      ["frames", "fresh"])
    for name in again.files {
      XCTAssertEqual(
        FileManager.default.contents(atPath: fresh.appendingPathComponent(name).path),
        FileManager.default.contents(atPath: dir.appendingPathComponent(name).path), name)
    }
    XCTAssertEqual(PNGSequenceFormat().defaultPath(name: "dot", scale: 2), "dot@2x")
    XCTAssertEqual(GIFFormat().defaultPath(name: "dot", scale: 1.5), "dot@1.5x.gif")
  }

  /// File names print scales through Core's number rule; every scale `--scale` takes to two
  /// decimals is named as before it (whole numbers bare, others Swift's shortest text without
  /// `.0`), so earlier outputs keep their names.
  func testScaleSuffixesKeepTheirNames() {
    func earlier(_ v: Double) -> String {
      if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
      var s = String(v)
      if s.hasSuffix(".0") { s.removeLast(2) }
      return s
    }
    for hundredths in 1...6400 {
      let scale = Double(hundredths) / 100
      XCTAssertEqual(OutputNaming.suffix(forScale: scale), scale == 1 ? "" : "@\(earlier(scale))x", "\(scale)")
    }
    XCTAssertEqual(OutputNaming.suffix(forScale: 2), "@2x")
    XCTAssertEqual(OutputNaming.suffix(forScale: 1.5), "@1.5x")
    XCTAssertEqual(OutputNaming.suffix(forScale: 0.75), "@0.75x")
    XCTAssertEqual(OutputNaming.number(80), "80")
  }

  // MARK: - Limits and errors

  func testTheCanvasLimitComesFromTheRasterizer() throws {
    let scene = try Self.preset("four-color-ring").scene()
    XCTAssertThrowsError(try Renderer(scene, scale: 40)) { error in
      XCTAssertEqual(error as? RasterError, .canvasTooLarge(width: 9600, height: 9600, limit: 8192, scale: 40))
      XCTAssertEqual("\(error)", "scale 40 makes a 9600×9600 px canvas; each side must be 1…8192 px")
    }
    XCTAssertThrowsError(try Renderer(scene, scale: 0.001)) { error in
      XCTAssertEqual(error as? RasterError, .emptyCanvas(width: 0, height: 0, scale: 0.001))
    }
    XCTAssertThrowsError(try Renderer(scene, scale: -1)) { XCTAssertEqual($0 as? RasterError, .invalidScale(-1)) }
  }

  func testAFailedWriteLeavesNothingBehind() throws {
    let dir = try temporaryDirectory()
    let blocker = dir.appendingPathComponent("file")
    try Data([0]).write(to: blocker)
    let renderer = try Renderer(try Self.dot(fps: 10))
    XCTAssertThrowsError(try renderer.write(.gif(), to: blocker.appendingPathComponent("x.gif").path)) { error in
      XCTAssertEqual(error as? RenderError, .notAFolder(path: blocker.path))
    }
    XCTAssertThrowsError(try renderer.write(.pngSequence(), to: blocker.path)) { error in
      XCTAssertEqual(error as? RenderError, .notAFolder(path: blocker.path))
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["file"], "no partial files")
  }

  // MARK: - Registry and options

  func testSummaryLinesAlignEveryFormatsSummary() {
    let lines = OutputFormats.summaryLines
    XCTAssertEqual(lines.count, OutputFormats.all.count)
    for (line, format) in zip(lines, OutputFormats.all) {
      XCTAssertTrue(line.hasPrefix("  \(format.name) "), line)
      XCTAssertEqual(String(line.dropFirst(12)), format.summary, "summaries start in column 13: \(line)")
    }
  }

  func testFormatsAreFoundByNameWithTheirOptions() throws {
    XCTAssertEqual(Array(OutputFormats.names.prefix(2)), ["gif", "png"])
    XCTAssertTrue(Set(OutputFormats.names).isSuperset(of: ["android", "xcassets", "css"]), "\(OutputFormats.names)")
    XCTAssertTrue(try OutputFormats.make("png") is PNGSequenceFormat)
    let gif = try XCTUnwrap(
      try OutputFormats.make("gif", options: FormatOptionValues(["matte": "#1C1C1E", "loops": "3", "colors": "16"]))
        as? GIFFormat)
    XCTAssertEqual(gif.options.matte, RGBA8(r: 0x1C, g: 0x1C, b: 0x1E))
    XCTAssertEqual(gif.options.loopCount, 3)
    XCTAssertEqual(gif.options.maxColors, 16)
    XCTAssertNotEqual(gif.cacheKey, GIFFormat().cacheKey, "options that change bytes change the cache key")
    XCTAssertEqual(GIFFormat().cacheKey, "\(RGBA8(r: 255, g: 255, b: 255))", "default key unchanged")
    XCTAssertThrowsError(try OutputFormats.make("webm")) { error in
      XCTAssertEqual(error as? RenderError, .unknownFormat("webm", known: OutputFormats.names))
    }
    XCTAssertThrowsError(try GIFFormat(options: FormatOptionValues(["loops": "x"]))) { error in
      XCTAssertEqual("\(error)", "render: --loops must be a whole number in 0…65535, got 'x'")
    }
    XCTAssertThrowsError(try GIFFormat(options: FormatOptionValues(["dither": "orderd"], command: "batch"))) { error in
      XCTAssertEqual("\(error)", "batch: --dither must be none or ordered, got 'orderd' — did you mean 'ordered'?")
    }
    XCTAssertThrowsError(try GIFFormat(options: FormatOptionValues(["matte": "#FF000080"]))) { error in
      XCTAssertEqual("\(error)", "render: --matte must be an opaque colour")
    }
    let cut = try GIFFormat(options: FormatOptionValues(["matte": "none"]))
    XCTAssertEqual(cut.options.transparency, .cut)
    XCTAssertEqual(GIFFormat().options.transparency, .matte(RGBA8(r: 255, g: 255, b: 255), threshold: 8))
    XCTAssertEqual(cut.cacheKey, "no matte")
    XCTAssertThrowsError(try GIFFormat(options: FormatOptionValues(["matte": "nope"]))) { error in
      XCTAssertTrue("\(error)".hasPrefix("render: --matte nope: "), "\(error)")
    }
  }

  /// `--matte none` on a preset with fades: its GIF decodes to the frames cut at half opacity
  /// (own colour where alpha ≥ 128, transparent elsewhere), nothing blended.
  func testNoMatteGIFShowsTheFramesCutAtHalfOpacity() throws {
    let renderer = try Renderer(try Self.preset("bars-fade"), scale: 1)
    let gif = try GIFFormat(options: FormatOptionValues(["matte": "none", "quality": "0"]))
    let decoded = try GIFDecoder.decode(try gif.encode(renderer))
    let delays = GIFDelays.centiseconds(renderer.timedFrames.timing)
    var ends: [Int] = []
    for d in decoded.delays { ends.append((ends.last ?? 0) + d) }
    var start = 0, partial = 0
    for (i, frame) in try renderer.frames(0..<delays.count).enumerated() where delays[i] > 0 {
      // The decoded frame showing at this frame's start (identical frames are merged).
      let got = decoded.frames[ends.firstIndex { $0 > start } ?? ends.count - 1]
      var wrong = 0
      for p in 0..<(frame.width * frame.height) {
        let a = frame.pixels[p * 4 + 3]
        if a > 0 && a < 255 { partial += 1 }
        let want = a >= 128 ? Array(frame.pixels[p * 4..<p * 4 + 3]) + [255] : [0, 0, 0, 0]
        if Array(got.pixels[p * 4..<p * 4 + 4]) != want { wrong += 1 }
      }
      XCTAssertEqual(wrong, 0, "frame \(i): pixels that are not the frame cut at 128")
      start += delays[i]
    }
    XCTAssertGreaterThan(partial, 1000, "the preset has fades and edges to cut")
  }
}
