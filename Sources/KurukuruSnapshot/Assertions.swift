import Foundation
import KurukuruCore
import XCTest

#if canImport(Testing)
  import Testing
#endif

// MARK: - Source context

/// Where an assertion was written, for reporting a failure at the caller's line.
public struct SnapshotSourceContext: Sendable {
  public var fileID: StaticString
  public var filePath: StaticString
  public var function: String
  public var line: UInt
  public var column: UInt

  public init(fileID: StaticString, filePath: StaticString, function: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.function = function
    self.line = line
    self.column = column
  }

  /// The snapshot location of this test.
  func location() -> SnapshotLocation {
    SnapshotLocation(filePath: "\(filePath)", function: function)
  }
}

// MARK: - Reporting

/// Reports snapshot failures to whichever test framework is running the test.
public enum SnapshotReporter {
  /// Reports `message` as a failure at `context`: through Swift Testing's `Issue.record` when
  /// called from a Swift Testing test, else through `XCTFail` at the caller's file and line.
  public static func fail(_ message: String, at context: SnapshotSourceContext) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: "\(context.fileID)", filePath: "\(context.filePath)",
            line: Int(context.line), column: Int(context.column)))
        return
      }
    #endif
    XCTFail(message, file: context.filePath, line: context.line)
  }

  /// Reports every failed result; returns the results unchanged.
  @discardableResult
  public static func report(_ results: [SnapshotResult], at context: SnapshotSourceContext) -> [SnapshotResult] {
    for result in results where result.failed { fail(result.message, at: context) }
    return results
  }
}

// MARK: - Assertions

/// Renders a preset file at each time and asserts that frame n matches the reference
/// `__Snapshots__/<TestFile>/<testName>.<n>.png` beside the test file (n = 1, 2, …).
///
/// Failures (mismatch, missing or recorded reference) are reported with `XCTFail`, or with
/// `Issue.record` under Swift Testing, at the caller's line, naming the reference, the actual
/// frame and the diff image written to `KURUKURU_ARTIFACTS` (default `<tmp>/kurukuru-artifacts`).
/// - Parameters:
///   - path: the preset file, relative to the working directory or to a folder above the test
///     file (e.g. `"Presets/loading-circle.json"`).
///   - times: seconds ≥ 0, taken modulo the loop period.
///   - scale: pixels per point (> 0); default 1.
///   - settings: preset parameters by name, as text (like `--set NAME=VALUE`); default none.
///   - record: default the environment variable `KURUKURU_RECORD` (`all`, `missing`, `never`;
///     unset: `missing`). Recording always fails the test.
///   - strategy: default `.pixelmatch(threshold: 0.1, maxMismatchedPixels: 0)`.
/// - Returns: the results, one per time.
/// - Throws: a `PresetError` for a bad preset, `SnapshotError` for bad arguments or I/O
///   failures, or the rasterizer's error.
@discardableResult
public func assertFrames(
  of path: String, at times: [Double], scale: Double = 1, settings: [String: String] = [:],
  record: SnapshotRecordMode? = nil, strategy: SnapshotStrategy = .default,
  fileID: StaticString = #fileID, file: StaticString = #filePath, function: String = #function,
  line: UInt = #line, column: UInt = #column
) throws -> [SnapshotResult] {
  let context = SnapshotSourceContext(fileID: fileID, filePath: file, function: function, line: line, column: column)
  let preset = try Preset.load(path: try Snapshot.resolvePreset(path, relativeTo: "\(file)"))
  let scene = try preset.scene(settings: settings)
  let results = try Snapshot.checkFrames(
    of: scene, at: times, scale: scale, location: context.location(), record: record, strategy: strategy)
  return SnapshotReporter.report(results, at: context)
}

/// Renders a preset with `settings` at each time and asserts each frame against its reference;
/// see `assertFrames(of:at:scale:settings:record:strategy:)` for the naming and reporting.
/// - Returns: the results, one per time.
/// - Throws: `PresetError`, `SnapshotError`, or the rasterizer's error.
@discardableResult
public func assertFrames(
  of preset: Preset, at times: [Double], scale: Double = 1, settings: [String: String] = [:],
  record: SnapshotRecordMode? = nil, strategy: SnapshotStrategy = .default,
  fileID: StaticString = #fileID, file: StaticString = #filePath, function: String = #function,
  line: UInt = #line, column: UInt = #column
) throws -> [SnapshotResult] {
  try assertFrames(
    of: try preset.scene(settings: settings), at: times, scale: scale, record: record, strategy: strategy,
    fileID: fileID, file: file, function: function, line: line, column: column)
}

/// Renders a resolved scene at each time and asserts each frame against its reference; see
/// `assertFrames(of:at:scale:settings:record:strategy:)` for the naming and reporting.
/// - Returns: the results, one per time.
/// - Throws: `SnapshotError`, or the rasterizer's error.
@discardableResult
public func assertFrames(
  of scene: any AnimationSource, at times: [Double], scale: Double = 1,
  record: SnapshotRecordMode? = nil, strategy: SnapshotStrategy = .default,
  fileID: StaticString = #fileID, file: StaticString = #filePath, function: String = #function,
  line: UInt = #line, column: UInt = #column
) throws -> [SnapshotResult] {
  let context = SnapshotSourceContext(fileID: fileID, filePath: file, function: function, line: line, column: column)
  let results = try Snapshot.checkFrames(
    of: scene, at: times, scale: scale, location: context.location(), record: record, strategy: strategy)
  return SnapshotReporter.report(results, at: context)
}

/// Asserts that a frame matches the reference `__Snapshots__/<TestFile>/<testName>.<name>.png`.
/// - Parameters:
///   - frame: the actual frame.
///   - name: the snapshot's name (no `/`).
///   - record: default `KURUKURU_RECORD` (else `.missing`); recording always fails the test.
///   - strategy: default `.pixelmatch(threshold: 0.1, maxMismatchedPixels: 0)`.
/// - Returns: the result.
/// - Throws: `SnapshotError` for a bad name or I/O failures.
@discardableResult
public func assertSnapshot(
  of frame: Frame, named name: String, record: SnapshotRecordMode? = nil,
  strategy: SnapshotStrategy = .default,
  fileID: StaticString = #fileID, file: StaticString = #filePath, function: String = #function,
  line: UInt = #line, column: UInt = #column
) throws -> SnapshotResult {
  let context = SnapshotSourceContext(fileID: fileID, filePath: file, function: function, line: line, column: column)
  let result = try Snapshot.check(frame, named: name, at: context.location(), record: record, strategy: strategy)
  SnapshotReporter.report([result], at: context)
  return result
}
