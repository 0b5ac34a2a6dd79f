import XCTest

@testable import KurukuruCore

/// Unknown names get a suggestion by meaning (the word SwiftUI, UIKit, Core Animation or CSS
/// uses) where one fits the place, else by spelling.
final class SuggestionTests: XCTestCase {
  func testMeaningComesFirstAndOnlyAmongValidNames() {
    XCTAssertEqual(Suggestion.closest(to: "color", in: ["paint", "lineWidth"]), "paint")
    XCTAssertEqual(Suggestion.closest(to: "Colour", in: ["color", "radius"]), "color", "case-insensitive")
    XCTAssertEqual(Suggestion.closest(to: "width", in: ["paint", "lineWidth"]), "lineWidth")
    XCTAssertEqual(Suggestion.closest(to: "width", in: ["x", "y"]), "x")
    XCTAssertEqual(Suggestion.closest(to: "start", in: ["colors", "center", "startAngle", "endAngle"]), "startAngle")
    XCTAssertNil(Suggestion.closest(to: "angle", in: ["x", "y"]), "no meaning fits and nothing is spelt alike")
    XCTAssertEqual(Suggestion.closest(to: "offset", in: ["color", "location"]), "location", "SVG's stop offset")
    XCTAssertEqual(Suggestion.closest(to: "size", in: Preset.topLevelKeys), "width")
    XCTAssertEqual(Suggestion.closest(to: "stroek", in: ["fill", "stroke"]), "stroke", "spelling still works")
    // Every meaning names something the format knows.
    let known = Set(
      PresetReader.viewKinds + PresetReader.shapeModifiers + PresetReader.viewModifiers + PresetReader.animatedKeys
        + Preset.topLevelKeys + AnimationParser.animationNames + AnimationParser.modifierNames
        + ["paint", "style", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase", "degrees", "anchor",
           "scale", "x", "y", "color", "radius", "leading", "trailing", "padding", "spacing", "content", "range",
           "center", "startAngle", "endAngle", "startPoint", "endPoint", "startRadius", "endRadius", "cornerRadius",
           "clockwise", "stops", "colors", "default", "min", "max", "background", "angle", "alignment", "location",
           "red", "green", "blue", "opacity", "description"])
    for (word, targets) in Suggestion.meanings {
      XCTAssertEqual(word, word.lowercased(), word)
      for t in targets { XCTAssertTrue(known.contains(t), "\(word) → \(t)") }
    }
  }

  func testPresetErrorsSuggestWhatSwiftUIUsersMean() {
    func error(_ modifier: String) -> String? {
      presetError(#"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": ["# + modifier + "]}}")
    }
    let stroke = "(expected one of: paint, lineWidth, lineCap, lineJoin, miterLimit, dash, dashPhase) (at view.modifiers[0].stroke)"
    XCTAssertEqual(error(#"{"stroke": {"color": "red", "lineWidth": 2}}"#), "test.json:1:78: unknown key 'color' — did you mean 'paint'? \(stroke)")
    XCTAssertEqual(error(#"{"stroke": {"color": "red"}}"#), "test.json:1:78: unknown key 'color' — did you mean 'paint'? \(stroke)",
                   "an object that is not a colour object is read as the stroke's arguments")
    XCTAssertEqual(error(#"{"stroke": {"foregroundStyle": "red"}}"#), "test.json:1:78: unknown key 'foregroundStyle' — did you mean 'paint'? \(stroke)")
    XCTAssertEqual(error(#"{"stroke": {"paint": "red", "width": 3}}"#), "test.json:1:94: unknown key 'width' — did you mean 'lineWidth'? \(stroke)")
    XCTAssertEqual(error(#"{"stroke": {"paint": "red", "lineDashPattern": [3, 2]}}"#), "test.json:1:94: unknown key 'lineDashPattern' — did you mean 'dash'? \(stroke)")
    XCTAssertEqual(error(#"{"fill": {"colour": "red"}}"#), "test.json:1:76: unknown key 'colour' — did you mean 'paint'? (expected one of: paint, style) (at view.modifiers[0].fill)")
    XCTAssertEqual(error(#"{"rotationEffect": {"angle": 45}}"#), "test.json:1:86: unknown key 'angle' — did you mean 'degrees'? (expected one of: degrees, anchor) (at view.modifiers[0].rotationEffect)")
    XCTAssertEqual(error(#"{"offset": {"width": 10}}"#), "test.json:1:78: unknown key 'width' — did you mean 'x'? (expected one of: x, y) (at view.modifiers[0].offset)")
    XCTAssertEqual(error(#"{"trim": {"end": 0.5}}"#), "test.json:1:76: unknown key 'end' — did you mean 'to'? (expected one of: from, to) (at view.modifiers[0].trim)")
    XCTAssertEqual(error(#"{"shadow": {"blur": 3}}"#), "test.json:1:78: unknown key 'blur' — did you mean 'radius'? (expected one of: color, radius, x, y, spread, cornerRadius) (at view.modifiers[0].shadow)")
    XCTAssertEqual(error(#"{"alpha": 0.5}"#), "test.json:1:67: unknown modifier 'alpha' — did you mean 'opacity'? (at view.modifiers[0])")
    XCTAssertEqual(error(#"{"tint": "red"}"#), "test.json:1:67: unknown modifier 'tint' — did you mean 'foregroundColor'? (at view.modifiers[0])")
    XCTAssertEqual(
      error(#"{"rotationEffect": {"from": 0, "to": 360, "duration": 1, "animation": "linear"}}"#),
      "test.json:1:108: unknown key 'duration' — it goes inside 'animation', e.g. \"linear(duration: 1)\" (expected one of: from, to, values, keyTimes, curves, curve, animation, base) (at view.modifiers[0].rotationEffect)")
    XCTAssertEqual(
      error(#"{"animation": "linear"}"#),
      "test.json:1:67: unknown modifier 'animation' — an animation belongs to the value it animates: {\"from\": a, \"to\": b, \"animation\": \"…\"} (§8 of Presets/README.md) (at view.modifiers[0])")
    XCTAssertEqual(
      error(#"{"opacity": {"from": 0, "to": 1, "animation": "easeInEaseOut(duration: 1)"}}"#),
      "test.json:1:113: unknown animation 'easeInEaseOut' — did you mean 'easeInOut'? (at view.modifiers[0].opacity.animation)")
    XCTAssertEqual(
      error(#"{"fill": {"LinearGradiant": {"colors": ["red"]}}}"#),
      "test.json:1:76: unknown paint 'LinearGradiant' — did you mean 'LinearGradient'? (at view.modifiers[0].fill)")
  }

  /// The words porters from CSS and Android type (issue 27, part 7) name what they mean here.
  func testCSSWordsByMeaning() {
    XCTAssertEqual(Suggestion.closest(to: "boxShadow", in: PresetReader.viewModifiers), "shadow")
    XCTAssertEqual(Suggestion.closest(to: "border", in: PresetReader.shapeModifiers), "strokeBorder")
    XCTAssertEqual(Suggestion.closest(to: "transform", in: PresetReader.viewModifiers), "rotationEffect")
    XCTAssertEqual(Suggestion.closest(to: "Line", in: PresetReader.viewKinds), "Capsule")
    XCTAssertEqual(Suggestion.closest(to: "infinite", in: AnimationParser.modifierNames), "repeatForever")
    XCTAssertEqual(Suggestion.closest(to: "iterationCount", in: AnimationParser.modifierNames), "repeatCount")
    XCTAssertEqual(Suggestion.closest(to: "left", in: ["x", "y"]), "x", "an offset's left")
    XCTAssertEqual(Suggestion.closest(to: "left", in: ["leading", "trailing", "center"]), "leading", "an alignment's left")
    XCTAssertEqual(Suggestion.closest(to: "top", in: ["x", "y"]), "y")
  }

  func testViewsAndTopLevelKeysByMeaning() {
    XCTAssertEqual(
      presetError(#"{"width": 40, "height": 40, "view": {"Oval": {}}}"#),
      "test.json:1:38: unknown view 'Oval' — did you mean 'Ellipse'? (at view)")
    XCTAssertEqual(
      presetError(#"{"width": 40, "height": 40, "frameRate": 30, "view": {"Circle": {}}}"#),
      "test.json:1:29: unknown key 'frameRate' — did you mean 'fps'? (expected one of: name, title, description, family, source, width, height, viewBox, background, fps, duration, parameters, view)")
  }
}
