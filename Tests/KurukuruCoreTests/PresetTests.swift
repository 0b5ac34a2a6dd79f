import XCTest

@testable import KurukuruCore

final class PresetTests: XCTestCase {
  // MARK: - Seeds

  func testSeedPresetsLoadWithTheirTimelines() throws {
    let expected: [(String, Double, Double, Double, Int)] = [
      // name, width, fps, period, frames
      ("loading-circle", 48, 50, 1.2, 60),
      ("activity-indicator", 200, 30, 1.5, 45),
      ("circle-progress", 170, 10, 60, 600),
      ("timing-curve-dot", 250, 30, 1.9, 57),
      ("four-color-ring", 240, 30, 1.5, 45),
    ]
    for (name, width, fps, period, frames) in expected {
      let scene = try Preset.load(path: presetPath(name)).scene()
      XCTAssertEqual(scene.name, name)
      XCTAssertEqual(scene.size.width, width, name)
      XCTAssertEqual(scene.timeline.fps, fps, accuracy: 1e-9, name)
      XCTAssertEqual(scene.timeline.period, period, accuracy: 1e-9, name)
      XCTAssertEqual(scene.timeline.frameCount, frames, name)
      XCTAssertEqual(scene.timeline.notes, [], name)
    }
  }

  func testActivityIndicatorExpandsForEachWithIndexExpressions() throws {
    let scene = try Preset.load(path: presetPath("activity-indicator")).scene()
    guard case .zStack(_, let dots) = scene.root.kind else { return XCTFail("root is not a ZStack") }
    XCTAssertEqual(dots.count, 5)
    for (i, dot) in dots.enumerated() {
      guard case .scaleEffect(let x, _, _) = dot.modifiers[1], case .track(let track) = x else {
        return XCTFail("dot \(i) has no animated scale")
      }
      XCTAssertEqual(track.values[0], 1 - Double(i) / 5, accuracy: 1e-12)
      XCTAssertEqual(track.values[1], 0.2 + Double(i) / 5, accuracy: 1e-12)
      XCTAssertEqual(track.animation.curve, .bezier(UnitBezier(0.5, 0.15 + Double(i) / 5, 0.25, 1)))
      XCTAssertEqual(track.animation.duration, 1.5)
      XCTAssertEqual(track.animation.repeatMode, .forever(autoreverses: false))
    }
  }

  func testSettingsOverrideParameters() throws {
    let preset = try Preset.load(path: presetPath("activity-indicator"))
    let scene = try preset.scene(settings: ["color": "teal"])
    guard case .foregroundStyle(.color(.constant(let c))) = scene.root.modifiers[1] else { return XCTFail("no foreground") }
    XCTAssertEqual(c.rgba8, RGBA8(r: 0x30, g: 0xB0, b: 0xC7))
    XCTAssertThrowsError(try preset.scene(settings: ["colour": "teal"])) {
      XCTAssertEqual(
        String(describing: $0),
        "\(presetPath("activity-indicator")): setting 'colour': unknown parameter — did you mean 'color'? (parameters: color)")
    }
    XCTAssertThrowsError(try preset.scene(settings: ["color": "tael"])) {
      XCTAssertTrue(String(describing: $0).hasSuffix("setting color=tael: unknown colour 'tael' — did you mean 'teal'?"))
    }
    let progress = try Preset.load(path: presetPath("circle-progress"))
    XCTAssertEqual(try progress.scene(settings: ["seconds": "10"]).timeline.period, 10)
    XCTAssertThrowsError(try progress.scene(settings: ["seconds": "0"])) {
      XCTAssertTrue(String(describing: $0).hasSuffix("setting seconds=0: must be at least 1"))
    }
    XCTAssertThrowsError(try progress.scene(settings: ["seconds": "abc"])) {
      XCTAssertTrue(String(describing: $0).hasSuffix("setting seconds=abc: 'seconds' takes a number"))
    }
  }

  // MARK: - Errors name the file, line, column and path

  func testMisspeltModifierSuggestsTheRightOne() {
    let text = presetText(view: """
      {
          "Circle": {},
          "modifiers": [
            { "stroek": { "lineWidth": 2 } }
          ]
        }
      """)
    XCTAssertEqual(
      presetError(text),
      "test.json:7:9: unknown modifier 'stroek' — did you mean 'stroke'? (at view.modifiers[0])")
  }

  func testErrorsOfMany() {
    let cases: [(String, String)] = [
      (presetText(view: "{\"Cirle\": {}}"), "test.json:4:12: unknown view 'Cirle' — did you mean 'Circle'? (at view)"),
      (presetText(view: "{\"Circle\": {\"radius\": 3}}"),
       "test.json:4:23: unknown key 'radius' (expected one of: ) (at view.Circle)"),
      ("{\"width\": -5, \"height\": 10, \"view\": {\"Circle\": {}}}", "test.json:1:11: width must be in (0, 8192] points, got -5 (at width)"),
      ("{\"width\": 100000, \"height\": 10, \"view\": {\"Circle\": {}}}", "test.json:1:11: width must be in (0, 8192] points, got 100000 (at width)"),
      ("{\"width\": 10, \"height\": 10, \"fsp\": 30, \"view\": {\"Circle\": {}}}",
       "test.json:1:29: unknown key 'fsp' — did you mean 'fps'? (expected one of: name, title, description, family, source, width, height, viewBox, background, fps, duration, parameters, view)"),
      ("{\"width\": 10, \"height\": 10}", "test.json:1:1: missing required key 'view'"),
      (presetText(view: "{\"Circle\": {}, \"modifiers\": [{\"opacity\": 1.5}]}"),
       "test.json:4:52: opacity must be in 0…1, got 1.5 (at view.modifiers[0].opacity)"),
      (presetText(view: "{\"Circle\": {}, \"modifiers\": [{\"frame\": 40}, {\"stroke\": \"red\"}]}"),
       "test.json:4:56: 'stroke' applies to the shape itself; move it before the view modifiers (as in SwiftUI, where it only exists on Shape) (at view.modifiers[1])"),
      (presetText(view: "{\"Circle\": {}, \"modifiers\": [{\"fill\": \"bleu\"}]}"),
       "test.json:4:49: unknown colour 'bleu' — did you mean 'blue'? (at view.modifiers[0].fill)"),
      (presetText(view: "{\"Circle\": {}, \"modifiers\": [{\"rotationEffect\": {\"from\": 0, \"to\": 360, \"animation\": \"lienar(duration: 1)\"}}]}"),
       "test.json:4:96: unknown animation 'lienar' — did you mean 'linear'? (at view.modifiers[0].rotationEffect.animation)"),
      (presetText(view: "{\"ZStack\": {\"content\": [{\"ForEach\": {\"range\": \"0..<n\", \"content\": [{\"Circle\": {}}]}}]}}"),
       "test.json:4:62: unknown name 'n' (at view.ZStack.content[0].ForEach.range)"),
      (presetText(view: "{\"Circle\": {}, \"modifiers\": [{\"offset\": {\"x\": \"i * 2\"}}]}"),
       "test.json:4:58: unknown name 'i' (at view.modifiers[0].offset.x)"),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(presetError(text), expected, text)
    }
  }

  func testLimitsAreCheckedBeforeAllocation() {
    // 200 × 200 views from nested ForEach: stopped at the 10,001st.
    let many = presetText(view: """
      {"ZStack": {"content": [{"ForEach": {"range": 200, "content": [{"ZStack": {"content": [
        {"ForEach": {"range": 200, "as": "j", "content": [{"Circle": {}}]}}]}}]}}]}}
      """)
    XCTAssertEqual(
      presetError(many),
      "test.json:5:53: more than 10000 views after expanding ForEach (at view.ZStack.content[0].ForEach.content[0].ZStack.content[0].ForEach.content[0])")
    XCTAssertEqual(
      presetError(presetText(view: "{\"ZStack\": {\"content\": [{\"ForEach\": {\"range\": 20000, \"content\": []}}]}}")),
      "test.json:4:57: expected a whole number in 0…10000, got 20000 (at view.ZStack.content[0].ForEach.range)")
    let longLoop = presetText(view: """
      {"ZStack": {"content": [
        {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 7).repeatForever()"}}]},
        {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 11).repeatForever()"}}]}
      ]}}
      """)
    XCTAssertEqual(
      presetError(longLoop),
      "test.json: loop period 154 s (least common multiple of the cycles 14 s, 22 s) exceeds 30 s; set \"duration\" in the preset to choose the loop (a number, or \"auto\" for the least visible seam)")
    let tooManyFrames = presetText(view: "{\"Circle\": {}}", extra: "\n  \"duration\": 600, \"fps\": 240,")
    XCTAssertEqual(presetError(tooManyFrames), "test.json: 144000 frames (600 s at 240 fps) exceed the limit of 100000")
    var deep = "{\"Circle\": {}}"
    for _ in 0..<40 { deep = "{\"ZStack\": {\"content\": [\(deep)]}}" }
    XCTAssertTrue(presetError(presetText(view: deep))?.contains("views nested deeper than 32 levels") == true)
  }

  func testFrameShorthandCanBeAnimatedAndCapsuleStyleIsChecked() throws {
    let text = presetText(view: """
      {"Circle": {}, "modifiers": [{"frame": {"from": 10, "to": 50, "animation": "linear(duration: 1).repeatForever()"}}]}
      """)
    let scene = try Preset(text: text, file: "t.json").scene()
    guard case .frame(let w?, let h?, _) = scene.root.modifiers[0] else { return XCTFail("no animated frame") }
    XCTAssertEqual(w.value(at: 0.5), 30, accuracy: 1e-9)
    XCTAssertEqual(h.value(at: 0.5), 30, accuracy: 1e-9)
    XCTAssertEqual(scene.timeline.period, 2)
    XCTAssertEqual(
      presetError(presetText(view: "{\"Capsule\": {\"style\": \"continous\"}}")),
      "test.json:4:33: style is 'circular' or 'continuous' — did you mean 'continuous'? (at view.Capsule.style)")
  }

  func testEmptyForEachStillValidatesItsContent() {
    let text = presetText(view: "{\"ZStack\": {\"content\": [{\"ForEach\": {\"range\": 0, \"content\": [{\"Circel\": {}}]}}]}}")
    XCTAssertTrue(presetError(text)?.contains("unknown view 'Circel' — did you mean 'Circle'?") == true)
  }

  func testColourSyntax() throws {
    func c(_ s: String) -> RGBA8? { try? ColorSyntax.parse(s).get().rgba8 }
    XCTAssertEqual(c("orange"), RGBA8(r: 0xFF, g: 0x95, b: 0x00))
    XCTAssertEqual(c("#0000FF"), RGBA8(r: 0, g: 0, b: 255))
    XCTAssertEqual(c("#f80"), RGBA8(r: 255, g: 136, b: 0))
    XCTAssertEqual(c("#FF000080"), RGBA8(r: 255, g: 0, b: 0, a: 128))
    XCTAssertEqual(c("rgb(59, 150, 215)"), RGBA8(r: 59, g: 150, b: 215))
    XCTAssertEqual(c("rgba(0, 0, 0, 0.5)"), RGBA8(r: 0, g: 0, b: 0, a: 128))
    XCTAssertEqual(c("gray.opacity(0.5)"), RGBA8(r: 0x8E, g: 0x8E, b: 0x93, a: 128))
    XCTAssertEqual(c("transparent"), RGBA8(r: 0, g: 0, b: 0, a: 0))
    XCTAssertNil(c("#12345"))
    XCTAssertNil(c("rgb(300, 0, 0)"))
  }
}
