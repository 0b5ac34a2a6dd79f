import Foundation
import KurukuruCore
import KurukuruPresets
import KurukuruSwiftUI
import XCTest

// MARK: - The seeds' own code

/// The articles' SwiftUI code (Fixtures/, copied out of the seeds) renders as the bundled presets
/// that were ported from them by hand: mean pixelmatch mismatch (threshold 0.1, antialiased
/// pixels counted) at most 1 % of the ink pixels (pixels either frame draws on), frame by frame.
final class SwiftUISeedTests: XCTestCase {
  func testSeed000LoadingCircleRendersAsLoadingCirclePreset() throws {
    try assertRendersAsBundled("LoadingCircle.swift", preset: "loading-circle")
  }

  func testSeed002CircleProgressRendersAsCircleProgressPreset() throws {
    try assertRendersAsBundled("CircleProgress.swift", preset: "circle-progress")
  }

  /// Seed 002's timer stops after a minute (a progress bar that fills once): the source never
  /// repeats, and the preset says so; seed 000's timer repeats and says nothing.
  func testAOneShotTimerSaysItDoesNotRepeat() throws {
    try SwiftUITest.requireCompiler()
    let path = SwiftUITest.fixtures.appendingPathComponent("CircleProgress.swift").path
    XCTAssertEqual(
      try SwiftUISource.preset(path: path, options: SwiftUITest.options).warnings,
      ["\(path): warning: the timer's values do not repeat: they run once, over 60 s; the animated file starts them again at its end (--loops 1 plays them once)"])
    let repeating = SwiftUITest.fixtures.appendingPathComponent("LoadingCircle.swift").path
    XCTAssertEqual(try SwiftUISource.preset(path: repeating, options: SwiftUITest.options).warnings, [])
  }

  func testSeed001ActivityIndicatorRendersAsActivityIndicatorPreset() throws {
    try assertRendersAsBundled("ActivityIndicator.swift", preset: "activity-indicator")
  }

  func testSeed003ProgressCircleExplainRendersAsTimingCurveDotPreset() throws {
    try assertRendersAsBundled("ProgressCircleExplain.swift", preset: "timing-curve-dot")
  }

  func assertRendersAsBundled(_ fixture: String, preset name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    try SwiftUITest.requireCompiler()
    let path = SwiftUITest.fixtures.appendingPathComponent(fixture).path
    let ported = try SwiftUISource.preset(path: path, options: SwiftUITest.options)
    let mean = try SwiftUITest.meanMismatch(ported, try PresetLibrary.preset(named: name), file: file, line: line)
    XCTAssertLessThanOrEqual(mean, 0.01, "\(fixture) vs \(name): mean mismatch \(mean * 100) % of ink", file: file, line: line)
  }
}
