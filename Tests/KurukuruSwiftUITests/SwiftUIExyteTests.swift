import Foundation
import KurukuruCore
import KurukuruPresets
import KurukuruSwiftUI
import XCTest

// MARK: - exyte/ActivityIndicatorView's own code

/// exyte/ActivityIndicatorView's indicator views (Fixtures/exyte, MIT, copied unmodified), shown
/// by Fixtures/exyte/Hosts.swift at each bundled preset's defaults, render as the presets ported
/// from them by hand: mean pixelmatch mismatch (threshold 0.1, antialiased pixels counted) at most
/// 2 % of the ink pixels. Where a preset departs from the code (Presets/README.md §17), the test
/// pins the departure instead: the preset with it undone matches exactly.
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

  /// exyte's growing circle starts its animation in an `asyncAfter(.now() + 0.01)` after the
  /// onAppear reset, a 0.01 s phase offset the preset leaves out.
  func testGrowingCircleIsTheGrowingCirclePresetDelayedBy10ms() throws {
    let delayed = try Self.bundled("exyte-growing-circle") { view in
      var view = view
      view["modifiers"] = (view["modifiers"] as? [[String: Any]] ?? []).map { modifier in
        modifier.mapValues { value -> Any in
          guard var animated = value as? [String: Any], let animation = animated["animation"] as? String else { return value }
          animated["animation"] = animation + ".delay(0.01)"
          return animated
        }
      }
      return view
    }
    XCTAssertEqual(try SwiftUITest.meanMismatch(try Self.ported("ExyteGrowingCircle"), delayed), 0)
  }

  /// exyte's growing arc starts its animation in the same `asyncAfter(.now() + 0.01)`, on a 2 s
  /// sawtooth that moves fast at its wrap; its shape's `animatableData` is swept.
  func testGrowingArcIsTheGrowingArcPresetDelayedBy10ms() throws {
    let delayed = try Self.bundled("growing-arc") { view in
      var view = view
      var arc = view["Arc"] as? [String: Any] ?? [:]
      for key in ["startAngle", "endAngle"] {
        guard var angle = arc[key] as? [String: Any], let animation = angle["animation"] as? String else { continue }
        angle["animation"] = animation + ".delay(0.01)"
        arc[key] = angle
      }
      view["Arc"] = arc
      return view
    }
    XCTAssertEqual(try SwiftUITest.meanMismatch(try Self.ported("ExyteGrowingArc"), delayed), 0)
  }

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

  /// The bundled preset `name` with its root view changed by `change`.
  static func bundled(_ name: String, _ change: ([String: Any]) -> [String: Any]) throws -> Preset {
    let text = try XCTUnwrap(PresetLibrary.text(named: name))
    var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    json["$schema"] = nil
    json["view"] = change(try XCTUnwrap(json["view"] as? [String: Any]))
    let data = try JSONSerialization.data(withJSONObject: json)
    return try Preset(text: String(decoding: data, as: UTF8.self), file: name + ".json")
  }

  func assertRendersAsBundled(_ view: String, preset name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let mean = try SwiftUITest.meanMismatch(try Self.ported(view), try PresetLibrary.preset(named: name), file: file, line: line)
    XCTAssertLessThanOrEqual(mean, 0.02, "\(view) vs \(name): mean mismatch \(mean * 100) % of ink", file: file, line: line)
  }
}
