import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruSnapshot
import XCTest

// MARK: - The snapshot API itself

/// Record modes, comparison strategies, artifacts and naming of `Snapshot.check`, in a
/// temporary folder (never the real `__Snapshots__`).
final class SnapshotAPITests: XCTestCase {
  private var root = ""
  private var location = SnapshotLocation(filePath: "/x/Test.swift", function: "test()")

  override func setUpWithError() throws {
    root = NSTemporaryDirectory() + "kk-snapshot-api-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    location = SnapshotLocation(filePath: root + "/Tests/FooTests.swift", function: "testBar()", artifacts: root + "/artifacts")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: root)
  }

  func testLocationFollowsSwiftSnapshotTestingLayout() {
    XCTAssertEqual(location.referencePath(named: "3"), root + "/Tests/__Snapshots__/FooTests/testBar.3.png")
    XCTAssertEqual(location.actualPath(named: "3"), root + "/artifacts/FooTests/testBar.3.png")
    XCTAssertEqual(location.diffPath(named: "3"), root + "/artifacts/FooTests/testBar.3.diff.png")
    XCTAssertEqual(SnapshotLocation(filePath: "/a/B.swift", function: "`spins fast`(x:)").testName, "spins-fast")
  }

  func testMissingReferenceIsRecordedAndFails() throws {
    let frame = square(RGBA8(r: 255, g: 0, b: 0))
    let first = try Snapshot.check(frame, named: "1", at: location, record: .missing)
    XCTAssertEqual(first.outcome, .recorded(overwrote: false))
    XCTAssertTrue(first.failed)
    XCTAssertTrue(first.message.contains(first.referencePath))
    let stored = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: first.referencePath))))
    XCTAssertEqual(stored, frame)
    // The second run compares and passes.
    let second = try Snapshot.check(frame, named: "1", at: location, record: .missing)
    XCTAssertEqual(second.outcome, .matched(mismatchedPixels: 0))
    XCTAssertFalse(second.failed)
  }

  func testNeverModeFailsWithoutWriting() throws {
    let result = try Snapshot.check(square(RGBA8(r: 0, g: 0, b: 255)), named: "1", at: location, record: .never)
    XCTAssertEqual(result.outcome, .missing)
    XCTAssertTrue(result.failed)
    XCTAssertFalse(FileManager.default.fileExists(atPath: result.referencePath))
    XCTAssertNotNil(result.actualPath)
  }

  func testAllModeOverwritesAndFails() throws {
    _ = try Snapshot.check(square(RGBA8(r: 0, g: 0, b: 0)), named: "1", at: location, record: .missing)
    let white = square(RGBA8(r: 255, g: 255, b: 255))
    let result = try Snapshot.check(white, named: "1", at: location, record: .all)
    XCTAssertEqual(result.outcome, .recorded(overwrote: true))
    XCTAssertTrue(result.failed)
    XCTAssertEqual(try Snapshot.check(white, named: "1", at: location, record: .never).outcome, .matched(mismatchedPixels: 0))
  }

  func testMismatchWritesActualAndDiffAndNamesThem() throws {
    let reference = square(RGBA8(r: 0, g: 0, b: 0))
    _ = try Snapshot.check(reference, named: "1", at: location, record: .missing)
    var changed = reference
    for y in 2..<5 { for x in 2..<6 { set(&changed, x, y, RGBA8(r: 255, g: 255, b: 255)) } }
    let result = try Snapshot.check(changed, named: "1", at: location, record: .never)
    XCTAssertEqual(result.outcome, .mismatched(mismatchedPixels: 12))
    let actualPath = try XCTUnwrap(result.actualPath), diffPath = try XCTUnwrap(result.diffPath)
    XCTAssertTrue(result.message.contains(actualPath))
    XCTAssertTrue(result.message.contains(diffPath))
    XCTAssertEqual(try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: actualPath)))), changed)
    let diff = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: diffPath))))
    XCTAssertEqual(diff[3, 3], RGBA8(r: 255, g: 0, b: 0), "mismatches are drawn red")
    XCTAssertNotEqual(diff[8, 8], RGBA8(r: 255, g: 0, b: 0))
    // A tolerance of 12 pixels accepts the change.
    let tolerated = try Snapshot.check(
      changed, named: "1", at: location, record: .never, strategy: .pixelmatch(threshold: 0.1, maxMismatchedPixels: 12))
    XCTAssertEqual(tolerated.outcome, .matched(mismatchedPixels: 12))
  }

  func testSizeMismatchFails() throws {
    _ = try Snapshot.check(square(RGBA8(r: 0, g: 0, b: 0)), named: "1", at: location, record: .missing)
    let result = try Snapshot.check(Frame(width: 5, height: 16), named: "1", at: location, record: .never)
    XCTAssertEqual(result.outcome, .sizeMismatch(reference: .init(width: 16, height: 16), actual: .init(width: 5, height: 16)))
    XCTAssertTrue(result.message.contains("5×16"))
  }

  /// resvg's rule: one level per channel is noise, two levels count.
  func testExactStrategyToleratesOneLevel() throws {
    let reference = square(RGBA8(r: 100, g: 100, b: 100))
    _ = try Snapshot.check(reference, named: "1", at: location, record: .missing)
    var nudged = reference
    set(&nudged, 0, 0, RGBA8(r: 101, g: 99, b: 100))
    set(&nudged, 1, 0, RGBA8(r: 102, g: 100, b: 100))
    let result = try Snapshot.check(nudged, named: "1", at: location, record: .never, strategy: .exact(tolerance: 1))
    XCTAssertEqual(result.outcome, .mismatched(mismatchedPixels: 1))
    // pixelmatch at threshold 0.1 sees neither change.
    XCTAssertEqual(try Snapshot.check(nudged, named: "1", at: location, record: .never).outcome, .matched(mismatchedPixels: 0))
  }

  func testBadArgumentsThrow() {
    XCTAssertThrowsError(try Snapshot.check(square(RGBA8(r: 0, g: 0, b: 0)), named: "a/b", at: location)) {
      XCTAssertEqual($0 as? SnapshotError, .invalidName("a/b"))
    }
    XCTAssertThrowsError(
      try Snapshot.check(square(RGBA8(r: 0, g: 0, b: 0)), named: "1", at: location, strategy: .pixelmatch(threshold: 2))
    ) { XCTAssertEqual(($0 as? SnapshotError)?.description.contains("threshold"), true) }
    XCTAssertThrowsError(try Snapshot.resolvePreset("Presets/nope.json", relativeTo: #filePath))
    XCTAssertNoThrow(try Snapshot.resolvePreset("Presets/loading-circle.json", relativeTo: #filePath))
  }

  /// Errors of the comparison come through as the `CompareError` itself (wrapped in
  /// `SnapshotError.compare`), not as text.
  func testCompareErrorsPassThroughTyped() {
    let small = square(RGBA8(r: 0, g: 0, b: 0)), wide = Frame(width: 20, height: 16)
    let sizes = SnapshotError.compare(.sizeMismatch(widthA: 16, heightA: 16, widthB: 20, heightB: 16))
    for strategy in [SnapshotStrategy.pixelmatch(), .exact()] {
      XCTAssertThrowsError(try Snapshot.compare(small, wide, strategy: strategy)) {
        XCTAssertEqual($0 as? SnapshotError, sizes, "\(strategy)")
      }
    }
    XCTAssertEqual(sizes.description, "snapshot: compare: image sizes differ: 16×16 vs 20×16 pixels")
    XCTAssertThrowsError(try Snapshot.compare(small, small, strategy: .pixelmatch(threshold: 1.5))) {
      XCTAssertEqual($0 as? SnapshotError, .compare(.invalidOption(name: "threshold", value: 1.5, range: "0…1")))
    }
    // `check` validates the strategy before comparing, naming the strategy's number.
    XCTAssertThrowsError(
      try Snapshot.check(small, named: "1", at: location, record: .never, strategy: .pixelmatch(threshold: 1.5))
    ) { XCTAssertEqual($0 as? SnapshotError, .invalidStrategy(name: "threshold", value: "1.5", range: "0…1")) }
  }

  /// Times are taken modulo the loop period, one-shot animations included (four-color-ring:
  /// 1.5 s period, arcs drawn by one-shot trims).
  func testTimesWrapByTheLoopPeriod() throws {
    let path = try Snapshot.resolvePreset("Presets/four-color-ring.json", relativeTo: #filePath)
    let scene = try Preset.load(path: path).scene()
    let frames = try Snapshot.render(scene, at: [0.35, 1.85, 1.2], scale: 1)
    XCTAssertEqual(frames[0], frames[1])
    XCTAssertNotEqual(frames[1], frames[2])
    XCTAssertThrowsError(try Snapshot.render(scene, at: [-1], scale: 1))
    XCTAssertThrowsError(try Snapshot.render(scene, at: [], scale: 1))
    XCTAssertThrowsError(try Snapshot.render(scene, at: [0], scale: 0))
  }

  // MARK: - Helpers

  private func square(_ color: RGBA8) -> Frame { Frame(width: 16, height: 16, fill: color) }

  private func set(_ frame: inout Frame, _ x: Int, _ y: Int, _ c: RGBA8) {
    let i = (y * frame.width + x) * 4
    frame.pixels[i] = c.r
    frame.pixels[i + 1] = c.g
    frame.pixels[i + 2] = c.b
    frame.pixels[i + 3] = c.a
  }
}
