import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruCompare
import KurukuruRaster

// MARK: - Snapshot

/// The test-framework-independent core of the snapshot assertions: renders frames, compares them
/// with their references, records references and writes failure artifacts. The XCTest and Swift
/// Testing wrappers (`assertFrames`, `assertSnapshot`) only report the results.
///
/// ```swift
/// try assertFrames(of: "Presets/loading-circle.json", at: [0, 0.3, 0.6, 0.9], scale: 2)
/// ```
/// - References: `__Snapshots__/<TestFileName>/<testName>.<n>.png` beside the test file, n = 1…
///   (the index of the time).
/// - `KURUKURU_RECORD`: `missing` (default) records absent references, `all` re-records every
///   one, `never` only compares. Recording fails the test, as in swift-snapshot-testing.
/// - `KURUKURU_ARTIFACTS`: where the actual frame and the diff image of a failure go (default
///   `<tmp>/kurukuru-artifacts/<TestFileName>/`); the failure message names both.
public enum Snapshot {
  // MARK: - Checking

  /// Checks one frame against the reference `name` of `location`.
  /// - Parameters:
  ///   - frame: the actual frame.
  ///   - name: the snapshot's name, without `/`; the reference is `<testName>.<name>.png`.
  ///   - location: where references and artifacts live.
  ///   - record: when to write the reference; default `KURUKURU_RECORD` (else `.missing`).
  ///   - strategy: how to compare; default `.pixelmatch(threshold: 0.1, maxMismatchedPixels: 0)`.
  /// - Returns: the outcome, with the paths of the files written.
  /// - Throws: `SnapshotError` when a reference cannot be read or a file cannot be written.
  public static func check(
    _ frame: Frame, named name: String, at location: SnapshotLocation,
    record: SnapshotRecordMode? = nil, strategy: SnapshotStrategy = .default
  ) throws -> SnapshotResult {
    guard !name.isEmpty, !name.contains("/") else { throw SnapshotError.invalidName(name) }
    try strategy.validate()
    let mode = try record ?? SnapshotRecordMode.fromEnvironment()
    let reference = location.referencePath(named: name)
    var result = SnapshotResult(name: name, referencePath: reference, outcome: .missing)
    let exists = FileManager.default.fileExists(atPath: reference)

    if mode == .all || (!exists && mode == .missing) {
      try write(try encode(frame, path: reference), to: reference)
      result.outcome = .recorded(overwrote: exists)
      return result
    }
    guard exists else {
      result.actualPath = try writeArtifact(frame, to: location.actualPath(named: name))
      return result
    }
    let expected = try readReference(reference)
    guard expected.width == frame.width, expected.height == frame.height else {
      result.outcome = .sizeMismatch(
        reference: .init(width: expected.width, height: expected.height),
        actual: .init(width: frame.width, height: frame.height))
      result.actualPath = try writeArtifact(frame, to: location.actualPath(named: name))
      return result
    }
    let (count, diff) = try compare(expected, frame, strategy: strategy)
    if count <= strategy.maxMismatchedPixels {
      result.outcome = .matched(mismatchedPixels: count)
      return result
    }
    result.outcome = .mismatched(mismatchedPixels: count)
    result.actualPath = try writeArtifact(frame, to: location.actualPath(named: name))
    result.diffPath = try writeArtifact(diff, to: location.diffPath(named: name))
    return result
  }

  /// Renders `scene` at each time and checks frame n (1-based) against reference `n`.
  /// - Parameters:
  ///   - scene: the resolved scene.
  ///   - times: seconds ≥ 0, taken modulo the loop period.
  ///   - scale: pixels per point (> 0); default 1.
  ///   - location: where references and artifacts live.
  ///   - record: default `KURUKURU_RECORD` (else `.missing`).
  ///   - strategy: default `.pixelmatch()`.
  /// - Returns: one result per time, in order.
  /// - Throws: `SnapshotError`, or the rasterizer's error.
  public static func checkFrames(
    of scene: any AnimationSource, at times: [Double], scale: Double = 1, location: SnapshotLocation,
    record: SnapshotRecordMode? = nil, strategy: SnapshotStrategy = .default
  ) throws -> [SnapshotResult] {
    let frames = try render(scene, at: times, scale: scale)
    return try frames.enumerated().map { i, frame in
      try check(frame, named: String(i + 1), at: location, record: record, strategy: strategy)
    }
  }

  // MARK: - Rendering

  /// Renders `scene` at each time in `times` (seconds) at `scale` pixels per point.
  ///
  /// Times are taken modulo the scene's loop period (`scene.timeline.period`), so a time in the
  /// second loop shows what the looping GIF shows then (one-shot animations restart too).
  /// The frames are drawn through a raster cache of this call's own, freed when it returns.
  /// - Throws: `SnapshotError.noTimes`, `.invalidTime`, `.invalidScale`, or the rasterizer's
  ///   error.
  public static func render(_ scene: any AnimationSource, at times: [Double], scale: Double) throws -> [Frame] {
    guard !times.isEmpty else { throw SnapshotError.noTimes }
    guard scale.isFinite, scale > 0 else { throw SnapshotError.invalidScale(scale) }
    let rasterizer = Rasterizer(scale: scale)
    let period = scene.timeline.period
    return try times.map { t in
      guard t.isFinite, t >= 0 else { throw SnapshotError.invalidTime("\(t)") }
      let local = period > 0 && period.isFinite ? t - (t / period).rounded(.down) * period : t
      return try rasterizer.render(scene.displayList(at: local))
    }
  }

  /// Finds a preset file given relative to the working directory or to any folder above the
  /// test file (so `"Presets/spinner.json"` works from `swift test` and from an IDE alike).
  /// - Parameters:
  ///   - path: absolute, or relative.
  ///   - filePath: the test file (`#filePath`).
  /// - Returns: the path of an existing file.
  /// - Throws: `SnapshotError.presetNotFound` listing the places searched.
  public static func resolvePreset(_ path: String, relativeTo filePath: String) throws -> String {
    let fm = FileManager.default
    if path.hasPrefix("/") {
      guard fm.fileExists(atPath: path) else { throw SnapshotError.presetNotFound(path: path, searched: [path]) }
      return path
    }
    var searched = [fm.currentDirectoryPath]
    if fm.fileExists(atPath: fm.currentDirectoryPath + "/" + path) { return fm.currentDirectoryPath + "/" + path }
    var dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while dir.path != "/" && !dir.path.isEmpty {
      searched.append(dir.path)
      let candidate = dir.appendingPathComponent(path).path
      if fm.fileExists(atPath: candidate) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    throw SnapshotError.presetNotFound(path: path, searched: searched)
  }

  // MARK: - Comparing

  /// Counts mismatched pixels of two same-sized frames and draws a diff image (pixelmatch style:
  /// faded reference in gray, mismatches in red).
  ///
  /// `.pixelmatch` goes through `Pixelmatch.diff`, the single-frame entry point of
  /// KurukuruCompare that `SequenceCompare` uses for every position.
  /// - Throws: `SnapshotError.compare` wrapping the `CompareError` as is: `.sizeMismatch` when
  ///   the frames differ in size (for either strategy), `.invalidOption` for a pixelmatch
  ///   threshold outside 0…1.
  public static func compare(
    _ reference: Frame, _ actual: Frame, strategy: SnapshotStrategy
  ) throws -> (mismatchedPixels: Int, diff: Frame) {
    guard reference.width == actual.width, reference.height == actual.height else {
      throw SnapshotError.compare(
        .sizeMismatch(widthA: reference.width, heightA: reference.height, widthB: actual.width, heightB: actual.height))
    }
    switch strategy {
    case .pixelmatch(let threshold, _):
      do {
        let r = try Pixelmatch.diff(reference, actual, options: PixelmatchOptions(threshold: threshold))
        return (r.mismatchedPixels, r.image)
      } catch let error as CompareError {
        throw SnapshotError.compare(error)
      }
    case .exact(let tolerance, _):
      return exactDiff(reference, actual, tolerance: tolerance)
    }
  }

  /// resvg's rule: a pixel counts when any channel differs by more than `tolerance` levels.
  static func exactDiff(_ a: Frame, _ b: Frame, tolerance: Int) -> (Int, Frame) {
    var diff = Frame(width: a.width, height: a.height)
    var count = 0
    let pa = a.pixels, pb = b.pixels
    diff.pixels.withUnsafeMutableBufferPointer { out in
      var i = 0
      while i + 3 < pa.count {
        var differs = false
        for c in 0..<4 where abs(Int(pa[i + c]) - Int(pb[i + c])) > tolerance { differs = true }
        if differs {
          count += 1
          out[i] = 255; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 255
        } else {
          // Faded gray of the reference over white, as pixelmatch draws matching pixels.
          let alpha = Double(pa[i + 3]) / 255
          let luma = 0.29889531 * Double(pa[i]) + 0.58662247 * Double(pa[i + 1]) + 0.11448223 * Double(pa[i + 2])
          let v = UInt8(max(0, min(255, (255 + (luma - 255) * 0.1 * alpha).rounded())))
          out[i] = v; out[i + 1] = v; out[i + 2] = v; out[i + 3] = 255
        }
        i += 4
      }
    }
    return (count, diff)
  }

  // MARK: - Files

  private static func encode(_ frame: Frame, path: String) throws -> [UInt8] {
    do {
      return try PNG.encode(frame, compressionLevel: 9)
    } catch {
      throw SnapshotError.cannotWrite(path: path, reason: "\(error)")
    }
  }

  private static func readReference(_ path: String) throws -> Frame {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SnapshotError.unreadableReference(path: path, reason: "cannot read the file")
    }
    do {
      return try PNG.decode([UInt8](data))
    } catch {
      throw SnapshotError.unreadableReference(path: path, reason: "\(error)")
    }
  }

  private static func writeArtifact(_ frame: Frame, to path: String) throws -> String {
    try write(try encode(frame, path: path), to: path)
    return path
  }

  /// Writes `bytes` atomically, creating the parent folders.
  private static func write(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      throw SnapshotError.cannotWrite(path: path, reason: error.localizedDescription)
    }
  }
}
