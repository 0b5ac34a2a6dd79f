import Foundation
import KurukuruCompare
import KurukuruCore
import KurukuruPresets
import KurukuruRender
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
    let bundled = try PresetLibrary.preset(named: name)
    let a = try Renderer(ported, jobs: 1), b = try Renderer(bundled, jobs: 1)
    XCTAssertEqual(a.frameCount, b.frameCount, "frame count", file: file, line: line)
    let options = PixelmatchOptions(threshold: 0.1, includeAA: true)
    var shares: [Double] = []
    for i in 0..<min(a.frameCount, b.frameCount) {
      let fa = try a.frame(i), fb = try b.frame(i)
      XCTAssertEqual([fa.width, fa.height], [fb.width, fb.height], "frame \(i) size", file: file, line: line)
      let mismatched = try Pixelmatch.compare(fa, fb, options: options)
      let ink = (0..<fa.width * fa.height).filter { fa.pixels[$0 * 4 + 3] > 0 || fb.pixels[$0 * 4 + 3] > 0 }.count
      XCTAssertGreaterThan(ink, 0, "frame \(i) draws nothing", file: file, line: line)
      shares.append(Double(mismatched) / Double(max(1, ink)))
    }
    let mean = shares.reduce(0, +) / Double(max(1, shares.count))
    XCTAssertLessThanOrEqual(mean, 0.01, "\(fixture) vs \(name): mean mismatch \(mean * 100) % of ink", file: file, line: line)
  }
}
