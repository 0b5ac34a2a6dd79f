import XCTest

@testable import KurukuruCore

/// Expressions as presets use them: percentages in key times, indexed arrays of numbers and
/// colours, and where their errors point.
final class PresetExpressionTests: XCTestCase {
  /// The fill colours of the circles a preset's root `HStack` holds, in order.
  private func fills(_ text: String) throws -> [RGBA8] {
    let scene = try Preset(text: text, file: "test.json").scene()
    guard case .hStack(_, _, let children) = scene.root.kind else {
      XCTFail("root is not an HStack")
      return []
    }
    return children.map { child in
      guard case .shape(let s) = child.kind, case .fill(.color(.constant(let c))?, _) = s.style else { return RGBA8(r: 0, g: 0, b: 0, a: 0) }
      return c.rgba8
    }
  }

  private func row(_ fill: String, count: Int = 4, extra: String = "") -> String {
    presetText(
      view: """
        {"HStack": {"content": [{"ForEach": {"range": \(count), "content": [{"Circle": {}, "modifiers": [{"fill": "\(fill)"}]}]}}]}}
        """, extra: extra)
  }

  // MARK: - Percent key times

  func testPercentKeyTimesAndValues() throws {
    let text = presetText(view: """
      {"Circle": {}, "modifiers": [{"scaleEffect": {"values": [1, "30%", 1], "keyTimes": ["0%", "30%", "100%"],
        "animation": "linear(duration: 1).repeatForever(autoreverses: false).delay(25% * 2)"}}]}
      """)
    let scene = try Preset(text: text, file: "test.json").scene()
    guard case .scaleEffect(let x, _, _) = scene.root.modifiers[0], case .track(let track) = x else {
      return XCTFail("no animated scale")
    }
    XCTAssertEqual(track.keyTimes, [0, 0.3, 1])
    XCTAssertEqual(track.values, [1, 0.3, 1])
    XCTAssertEqual(track.animation.delay, 0.5)
  }

  // MARK: - Colour arrays and opacity expressions

  func testIndexedColourArraysPickPerIndex() throws {
    let colors = try fills(
      row("[red, #00FF00, rgb(0, 0, 255), $accent.opacity(50%)][i]",
          extra: "\n  \"parameters\": {\"accent\": {\"default\": \"#FF00FF\"}},"))
    XCTAssertEqual(colors, [
      RGBA8(r: 0xFF, g: 0x3B, b: 0x30), RGBA8(r: 0, g: 0xFF, b: 0), RGBA8(r: 0, g: 0, b: 0xFF),
      RGBA8(r: 0xFF, g: 0, b: 0xFF, a: 128),
    ])
    XCTAssertEqual(
      try fills(row("[black, white][i % 2].opacity(1 - i / 4)")),
      [RGBA8(r: 0, g: 0, b: 0), RGBA8(r: 255, g: 255, b: 255, a: 191), RGBA8(r: 0, g: 0, b: 0, a: 128),
       RGBA8(r: 255, g: 255, b: 255, a: 64)])
  }

  func testColourArrayErrorsPointIntoTheString() {
    // Line 4 is `  "view": {"HStack": …`; `quote` is the column of the fill string's opening quote.
    // A problem with the whole string points at the quote, one inside it at its character.
    let quote = 2 + #""view": {"HStack": {"content": [{"ForEach": {"range": 4, "content": [{"Circle": {}, "modifiers": [{"fill": ""#.count
    let place = "(at view.HStack.content[0].ForEach.content[0].modifiers[0].fill)"
    XCTAssertEqual(
      presetError(row("[red, blue][i]")),
      "test.json:4:\(quote + 13): array index 2 is out of range: the array has 2 values, indices 0…1 \(place)")
    XCTAssertEqual(
      presetError(row("[red, bleu][0]", count: 1)),
      "test.json:4:\(quote + 7): unknown colour 'bleu' — did you mean 'blue'? \(place)")
    XCTAssertEqual(
      presetError(row("[red, blue][j]")),
      "test.json:4:\(quote + 13): unknown name 'j' — did you mean 'i'? \(place)")
    XCTAssertEqual(
      presetError(row("[red, blue]")),
      "test.json:4:\(quote): bad colour '[red, blue]': expected an indexed array such as [red, blue][i % 2] \(place)")
    XCTAssertEqual(
      presetError(row("red.opacity(i)")),
      "test.json:4:\(quote): opacity in 'red.opacity(i)' must be in 0…1, got 2 \(place)")
  }

  func testDeeplyNestedColourArraysAreAnError() {
    let nested = String(repeating: "[", count: 40) + "red" + String(repeating: "][0]", count: 40)
    XCTAssertEqual(presetError(row(nested, count: 1))?.hasSuffix("colour nested deeper than 32 levels (at view.HStack.content[0].ForEach.content[0].modifiers[0].fill)"), true)
    let fine = String(repeating: "[", count: 5) + "red" + String(repeating: "][0]", count: 5)
    XCTAssertEqual(try fills(row(fine, count: 1)), [RGBA8(r: 0xFF, g: 0x3B, b: 0x30)])
  }

  // MARK: - Errors inside animation strings

  func testAnErrorInsideAnAnimationStringHasOneLocationAndOnePath() {
    let text = #"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": [{"rotationEffect": {"from": 0, "to": 360, "animation": "linear(duration: dur).repeatForever(autoreverses: false)"}}]}}"#
    let column = text.distance(from: text.startIndex, to: text.range(of: "dur)")!.lowerBound) + 1
    XCTAssertEqual(column, 139)
    XCTAssertEqual(presetError(text), "test.json:1:139: unknown name 'dur' (at view.modifiers[0].rotationEffect.animation)")
    // The argument's own text appears earlier in the string: the column is still the argument's.
    let repeated = #"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1).delay(1).speed(1 / 0)"}}]}}"#
    let at = repeated.distance(from: repeated.startIndex, to: repeated.range(of: "1 / 0")!.lowerBound) + 1
    XCTAssertEqual(
      presetError(repeated), "test.json:1:\(at): '1 / 0' is not a finite number (at view.modifiers[0].opacity.animation)")
    // With an escape in the string, columns inside it are unknown: the error points at its quote.
    let escaped = #"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": [{"rotationEffect": {"from": 0, "to": 360, "animation": "\u006Cinear(duration: dur)"}}]}}"#
    let quote = escaped.distance(from: escaped.startIndex, to: escaped.range(of: #""\u006C"#)!.lowerBound) + 1
    XCTAssertEqual(presetError(escaped), "test.json:1:\(quote): unknown name 'dur' (at view.modifiers[0].rotationEffect.animation)")
    // Keyframe curves go through the same path.
    let curve = #"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": [{"opacity": {"values": [0, 1], "curve": "timingCurve(0.2, k, 0.2, 1)", "animation": "linear"}}]}}"#
    let k = curve.distance(from: curve.startIndex, to: curve.range(of: "k,")!.lowerBound) + 1
    XCTAssertEqual(presetError(curve), "test.json:1:\(k): unknown name 'k' (at view.modifiers[0].opacity.curve)")
  }
}
