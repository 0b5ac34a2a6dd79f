import Foundation
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruPresets
import KurukuruRender
import XCTest

// MARK: - Comparing by display time

/// `SequenceCompare` lines sequences up by display time: merged frames equal the frames they
/// stand for, a side without timing is spread over the other's duration, each format's rounding
/// of frame starts is no difference, and a real difference is found at its frame and time.
final class DisplayTimeTests: XCTestCase {
  // MARK: - Synthetic sequences

  /// Frame `i` of a 12 × 8 animation: a bar at column `i`.
  private func bar(_ i: Int, color: RGBA8 = RGBA8(r: 30, g: 90, b: 200)) -> Frame {
    var f = Frame(width: 12, height: 8, fill: RGBA8(r: 255, g: 255, b: 255))
    for y in 0..<8 { f[i % 12, y] = color }
    return f
  }

  /// Frames 0…5 where 1, 2 and 3 show the same picture, as an encoder that merges them stores
  /// them (4 frames, the merged one lasting 3 frame-times) and as a folder (6 frames).
  private func merged() -> (stored: TimedFrames, folder: TimedFrames) {
    let pictures = [bar(0), bar(1), bar(1), bar(1), bar(4), bar(5)]
    let stored = TimedFrames([bar(0), bar(1), bar(4), bar(5)],
                             durations: [Rational(1, 30), Rational(3, 30), Rational(1, 30), Rational(1, 30)])
    return (stored, TimedFrames(pictures))
  }

  func testMergedFramesEqualTheFramesTheyStandFor() throws {
    let (stored, folder) = merged()
    let result = try SequenceCompare.compare(stored, folder)
    XCTAssertFalse(result.differs, result.summary)
    XCTAssertEqual(result.rule, .displayTime)
    XCTAssertEqual(result.frames.map(\.frameA), [0, 1, 1, 1, 2, 3])
    XCTAssertEqual(result.frames.map(\.frameB), [0, 1, 2, 3, 4, 5])
    XCTAssertEqual(result.summary, "identical: 4 and 6 frames over 0.2 s, 0 mismatched pixels")
    // The other way round, and against the frames with exact timing of their own.
    XCTAssertFalse(try SequenceCompare.compare(folder, stored).differs)
    let exact = TimedFrames([bar(0), bar(1), bar(1), bar(1), bar(4), bar(5)], frameDuration: Rational(1, 30))
    let both = try SequenceCompare.compare(stored, exact)
    XCTAssertFalse(both.differs, both.summary)
    XCTAssertFalse(both.durationsDiffer)
  }

  /// A GIF's frames start on whole centiseconds (0, 3, 7, 10, … at 30 fps), up to 5 ms off
  /// i / 30: the same frames with exact times, or without timing, are identical to them.
  func testGIFRoundingOfFrameStartsIsNoDifference() throws {
    let frames = (0..<45).map { bar($0) }
    let gif = TimedFrames(frames, durations: GIFDelays.centiseconds(.uniform(count: 45, frameDuration: Rational(1, 30)))
      .map { Rational($0, 100) }, unit: Rational(1, 100))
    for other in [TimedFrames(frames, frameDuration: Rational(1, 30)), TimedFrames(frames)] {
      let result = try SequenceCompare.compare(gif, other)
      XCTAssertFalse(result.differs, result.summary)
      XCTAssertEqual(result.frames.map(\.frameA), result.frames.map(\.frameB))
      XCTAssertEqual(result.frames.count, 45)
    }
  }

  /// Totals are compared to the coarser side's delay unit: a GIF's 1.62 s equals an exact
  /// 1.618 s (its centiseconds round to the same), not 1.63 s or 1.6 s.
  func testTotalsAgreeToTheCoarserDelayUnit() throws {
    let frames = (0..<2).map { bar($0) }
    let gif = TimedFrames(frames, durations: [Rational(81, 100), Rational(81, 100)], unit: Rational(1, 100))
    let webp = TimedFrames(frames, durations: [Rational(809, 1000), Rational(809, 1000)], unit: Rational(1, 1000))
    let exact = TimedFrames(frames, frameDuration: Rational(809, 1000))
    XCTAssertFalse(try SequenceCompare.compare(gif, exact).durationsDiffer)
    XCTAssertFalse(try SequenceCompare.compare(webp, exact).durationsDiffer)
    XCTAssertFalse(try SequenceCompare.compare(gif, webp).durationsDiffer)
    let longer = try SequenceCompare.compare(gif, TimedFrames(frames, frameDuration: Rational(815, 1000)))
    XCTAssertTrue(longer.durationsDiffer)
    XCTAssertTrue(longer.summary.hasSuffix("durations differ: 1.62 vs 1.63 s"), longer.summary)
    let gifs = try SequenceCompare.compare(
      gif, TimedFrames(frames, durations: [Rational(80, 100), Rational(81, 100)], unit: Rational(1, 100)))
    XCTAssertTrue(gifs.durationsDiffer, "two GIFs a centisecond apart")
  }

  /// One changed frame is found at that frame and its time, whichever side it is on.
  func testOneChangedFrameIsFoundAtItsFrameAndTime() throws {
    let (stored, _) = merged()
    var pictures = [bar(0), bar(1), bar(1), bar(1), bar(4), bar(5)]
    pictures[2] = bar(1, color: RGBA8(r: 250, g: 0, b: 0))
    let folder = TimedFrames(pictures)
    for (a, b, frameOfChange) in [(stored, folder, \FrameComparison.frameB), (folder, stored, \FrameComparison.frameA)] {
      let result = try SequenceCompare.compare(a, b)
      let differing = result.frames.filter(\.differs)
      XCTAssertEqual(differing.count, 1, result.summary)
      XCTAssertEqual(differing.first?[keyPath: frameOfChange], 2)
      XCTAssertEqual(try XCTUnwrap(differing.first?.time), 2.0 / 30, accuracy: 1e-12)
      XCTAssertEqual(try XCTUnwrap(differing.first?.duration), 1.0 / 30, accuracy: 1e-12)
      XCTAssertEqual(differing.first?.mismatchedPixels, 8)
      XCTAssertTrue(result.summary.contains(" at 0.0667 s)"), result.summary)
    }
  }

  /// A picture that does not move, encoded as a GIF re-timed to 50 fps (all 75 frames merged into
  /// one of 150 cs), against 90 frames of a 60 fps folder: every position differs by the same
  /// palette pixels, and by nothing else (no count, timing or presence).
  func testStillGIFAgainstSixtyFPSFramesDiffersOnlyByItsPalette() throws {
    var picture = Frame(width: 32, height: 32)
    for y in 0..<32 {
      for x in 0..<32 { picture[x, y] = RGBA8(r: UInt8(x * 8), g: UInt8(y * 8), b: UInt8((x * y) % 256)) }
    }
    let gif = try GIFEncoder.encode(TimedFrames([Frame](repeating: picture, count: 75), frameDuration: Rational(1, 50)),
                                    options: GIFOptions(maxColors: 16))
    let decoded = try GIFDecoder.decode(gif)
    XCTAssertEqual(decoded.frames.count, 1)
    let a = TimedFrames(decoded.frames, durations: decoded.delays.map { Rational($0, 100) }, unit: Rational(1, 100))
    let result = try SequenceCompare.compare(a, TimedFrames([Frame](repeating: picture, count: 90)))
    XCTAssertFalse(result.durationsDiffer)
    XCTAssertFalse(result.frameCountsDiffer)
    XCTAssertEqual(result.frames.count, 90)
    let palette = try Pixelmatch.compare(decoded.frames[0], picture)
    XCTAssertGreaterThan(palette, 0, "16 colours cannot hold the gradient")
    XCTAssertTrue(result.frames.allSatisfy { $0.presentInA && $0.presentInB && $0.mismatchedPixels == palette })
  }

  // MARK: - Renders

  /// A preset rendered at 60 fps: its GIF, re-timed to 50 fps (2 cs delays), against the 60 fps
  /// frames over the same 1.5 s: every frame of both compared, nothing missing, no count or
  /// timing difference; the pixels differ only a little (frames 1/300 s to 1/60 s apart).
  func testGIFRetimedToFiftyFPSAgainstSixtyFPSFrames() throws {
    let renderer = try Renderer(try PresetLibrary.preset(named: "activity-indicator").scene(fps: 60), scale: 1)
    let prepared = try renderer.prepared(for: GIFFormat())
    XCTAssertEqual(prepared.renderer.frameCount, 75)
    let decoded = try GIFDecoder.decode(try GIFFormat().encode(prepared.renderer))
    XCTAssertTrue(decoded.delays.allSatisfy { $0 % 2 == 0 })
    let gif = TimedFrames(decoded.frames, durations: decoded.delays.map { Rational($0, 100) }, unit: Rational(1, 100))
    let frames = try renderer.frames(0..<renderer.frameCount)
    XCTAssertEqual(frames.count, 90)
    let result = try SequenceCompare.compare(gif, TimedFrames(frames), workers: 2)
    XCTAssertFalse(result.durationsDiffer)
    XCTAssertFalse(result.frameCountsDiffer)
    XCTAssertEqual(Set(result.frames.compactMap { $0.frameB }), Set(0..<90))
    XCTAssertEqual(Set(result.frames.compactMap { $0.frameA }), Set(0..<decoded.frames.count))
    XCTAssertTrue(result.frames.allSatisfy { $0.presentInA && $0.presentInB && !$0.sizeMismatch })
    let area = renderer.width * renderer.height
    XCTAssertTrue(result.frames.allSatisfy { $0.mismatchedPixels * 10 < area }, "no frame paired with a far one")
    XCTAssertFalse(result.summary.contains("differ:") && (result.summary.contains("counts") || result.summary.contains("durations")))
  }

  /// Every bundled preset's APNG and WebP (which merge identical frames) equal the PNG folder
  /// of the same render, opened from disk as `kurukuru compare` opens them.
  func testAPNGAndWebPOfEveryBundledPresetEqualItsPNGFolder() throws {
    let names = PresetLibrary.names
    XCTAssertGreaterThanOrEqual(names.count, 17)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kk-displaytime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var merged = 0
    for name in names {
      let renderer = try Renderer(try PresetLibrary.preset(named: name), scale: 1, jobs: 2)
      let png = folder.appendingPathComponent(name).path
      _ = try renderer.write(.pngSequence(), to: png)
      let frames = try FrameSource(path: png)
      for format in ["apng", "webp"] {
        let path = folder.appendingPathComponent("\(name).\(format)").path
        let bytes = format == "apng"
          ? try APNGFormat(APNGOptions(compression: .fast)).encode(try renderer.prepared(for: APNGFormat()).renderer)
          : try WebPFormat().encode(try renderer.prepared(for: WebPFormat()).renderer).bytes
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try FrameSource(path: path)
        guard renderer.scene.timeline.requestedFPS <= 90 || format == "apng" else { continue }  // a re-timed WebP shows other instants
        let result = try SequenceCompare.compare(file.frames, frames.frames, workers: 2)
        XCTAssertFalse(result.differs, "\(name).\(format): \(result.summary)")
        if file.count < frames.count { merged += 1 }
      }
    }
    XCTAssertGreaterThan(merged, 5, "the test must include files that merged frames")
  }
}
