import Foundation
import KurukuruCore
import KurukuruPresets
import KurukuruSwiftUI
import XCTest

// MARK: - exyte/ActivityIndicatorView's own code

/// exyte/ActivityIndicatorView's indicator views (Fixtures/exyte, MIT, copied unmodified), shown
/// by Fixtures/exyte/Hosts.swift at each bundled preset's defaults, render as the presets ported
/// from them by hand: mean pixelmatch mismatch (threshold 0.1, antialiased pixels counted) at most
/// 2 % of the ink pixels.
final class SwiftUIExyteTests: XCTestCase {
  override func setUpWithError() throws { try SwiftUITest.requireCompiler() }

  func testDefaultRendersAsBarsFade() throws { try assertRendersAsBundled("ExyteDefault", preset: "bars-fade") }
  func testArcsRenderAsExyteArcs() throws { try assertRendersAsBundled("ExyteArcs", preset: "exyte-arcs") }
  func testRotatingDotsRenderAsActivityIndicator() throws { try assertRendersAsBundled("ExyteRotatingDots", preset: "activity-indicator") }
  func testFlickeringDotsRenderAsDotsFlicker() throws { try assertRendersAsBundled("ExyteFlickeringDots", preset: "dots-flicker") }
  func testScalingDotsRenderAsExyteScalingDots() throws { try assertRendersAsBundled("ExyteScalingDots", preset: "exyte-scaling-dots") }
  func testOpacityDotsRenderAsExyteOpacityDots() throws { try assertRendersAsBundled("ExyteOpacityDots", preset: "exyte-opacity-dots") }
  func testGradientRendersAsGradientRing() throws { try assertRendersAsBundled("ExyteGradient", preset: "gradient-ring") }

  /// exyte's equalizer offsets bar i to 2·w·i − size/2 + w/2 (w = size/count/2), leaving its
  /// row half a gap left of centre; the preset says the same with an offset of −w/2.
  func testEqualizerRendersAsEqualizer() throws { try assertRendersAsBundled("ExyteEqualizer", preset: "equalizer") }

  /// exyte's growing circle and growing arc start animating in an `asyncAfter(.now() + 0.01)`
  /// after the onAppear reset; the loop starts at that first animated write.
  func testGrowingCircleRendersAsExyteGrowingCircle() throws {
    try assertRendersAsBundled("ExyteGrowingCircle", preset: "exyte-growing-circle")
  }
  func testGrowingArcRendersAsGrowingArc() throws { try assertRendersAsBundled("ExyteGrowingArc", preset: "growing-arc") }

  // MARK: - Support

  /// The indicator files and the host file as one file (the stand-in compiles one file).
  static let combined: Result<String, Error> = Result {
    let folder = SwiftUITest.fixtures.appendingPathComponent("exyte")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") && $0 != "Hosts.swift" }.sorted() + ["Hosts.swift"]
    let text = try names.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    return try SwiftUITest.write(text, name: "Exyte")
  }

  /// The preset the host view `view` becomes.
  static func ported(_ view: String) throws -> Preset {
    var options = SwiftUITest.options
    options.view = view
    return try SwiftUISource.preset(path: try combined.get(), options: options)
  }

  func assertRendersAsBundled(_ view: String, preset name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let mean = try SwiftUITest.meanMismatch(try Self.ported(view), try PresetLibrary.preset(named: name), file: file, line: line)
    XCTAssertLessThanOrEqual(mean, 0.02, "\(view) vs \(name): mean mismatch \(mean * 100) % of ink", file: file, line: line)
  }
}
