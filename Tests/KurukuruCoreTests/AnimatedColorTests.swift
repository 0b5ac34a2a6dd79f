import XCTest

@testable import KurukuruCore

/// Colours of fills, strokes, shadows and gradient stops animate like numbers, in SwiftUI's
/// space (straight linear-light sRGB, `Color.Resolved`'s animatable data) or CSS's
/// (premultiplied sRGB); expected values from the sRGB transfer function.
final class AnimatedColorTests: XCTestCase {
  func scene(_ view: String, width: Double = 40, height: Double = 40) throws -> ResolvedScene {
    try Preset(text: ##"{"width": \##(width), "height": \##(height), "view": \##(view)}"##, file: "t.json").scene()
  }

  /// The colour of the first drawing at `t`.
  func fill(_ s: ResolvedScene, at t: Double) -> RGBAColor? {
    func first(_ items: [DisplayItem]) -> Drawing? {
      for item in items {
        switch item {
        case .drawing(let d): return d
        case .layer(let l): if let d = first(l.items) { return d }
        default: continue
        }
      }
      return nil
    }
    guard let d = first(s.displayList(at: t).items), case .color(let c) = d.paint else { return nil }
    return c
  }

  func assertColor(_ c: RGBAColor?, _ r: Double, _ g: Double, _ b: Double, _ a: Double, line: UInt = #line) {
    guard let c else { return XCTFail("no colour", line: line) }
    for (x, y) in [(c.red, r), (c.green, g), (c.blue, b), (c.alpha, a)] { XCTAssertEqual(x, y, accuracy: 1e-9, "\(c)", line: line) }
  }

  /// The sRGB encoding of linear light 0.5: 1.055 · 0.5^(1/2.4) − 0.055.
  let half = 1.055 * pow(0.5, 1 / 2.4) - 0.055

  func testRedToBlueMeetsInLinearLightByDefaultAndInSRGBOnRequest() throws {
    let view = ##"{"Rectangle": {}, "modifiers": [{"fill": {"from": "#FF0000", "to": "#0000FF", "animation": "linear(duration: 1)"INTERP}}]}"##
    let linear = try scene(view.replacingOccurrences(of: "INTERP", with: ""))
    XCTAssertEqual(linear.timeline.period, 1, accuracy: 1e-12)
    assertColor(fill(linear, at: 0), 1, 0, 0, 1)
    assertColor(fill(linear, at: 0.5), half, 0, half, 1)
    XCTAssertEqual(half, 0.735356983, accuracy: 1e-9)
    let srgb = try scene(view.replacingOccurrences(of: "INTERP", with: ##", "interpolation": "srgb""##))
    assertColor(fill(srgb, at: 0.5), 0.5, 0, 0.5, 1)
    assertColor(fill(srgb, at: 0.25), 0.75, 0, 0.25, 1)
  }

  /// CSS premultiplies: transparent → red stays red while it fades in; SwiftUI's straight
  /// components go through the transparent black's darker red.
  func testAFadeFromClearIsPremultipliedInSRGB() throws {
    let view = ##"{"Rectangle": {}, "modifiers": [{"fill": {"values": ["clear", "#FF0000"], "animation": "linear(duration: 2)", "interpolation": "INTERP"}}]}"##
    assertColor(fill(try scene(view.replacingOccurrences(of: "INTERP", with: "srgb")), at: 1), 1, 0, 0, 0.5)
    assertColor(fill(try scene(view.replacingOccurrences(of: "INTERP", with: "linear")), at: 1), half, 0, 0, 0.5)
  }

  /// Keyframes with key times and per-segment curves, as numbers have them: three-dots'
  /// dot-flashing holds its dark colour to 50 % and steps back at 100 %.
  func testKeyframedColoursFollowKeyTimesAndCurves() throws {
    let s = try scene(##"{"Circle": {}, "modifiers": [{"fill": {"values": ["#9880FF", "#9880FF", "#EBE6FF"], "keyTimes": [0, 0.5, 1], "curves": ["linear", "steps(1, end)"], "animation": "linear(duration: 1).repeatForever(autoreverses: false)", "interpolation": "srgb"}}]}"##)
    assertColor(fill(s, at: 0.25), 0x98 / 255.0, 0x80 / 255.0, 1, 1)
    assertColor(fill(s, at: 0.75), 0x98 / 255.0, 0x80 / 255.0, 1, 1)
    let early = try XCTUnwrap(fill(s, at: 0.999))
    XCTAssertEqual(early.rgba8, RGBA8(r: 0x98, g: 0x80, b: 0xFF), "steps(1, end) jumps only at the end")
  }

  func testStrokeShadowForegroundAndGradientStopColoursAnimate() throws {
    let a = ##"{"from": "#000000", "to": "#FFFFFF", "animation": "linear(duration: 4)", "interpolation": "srgb"}"##
    let stroke = try scene(##"{"Circle": {}, "modifiers": [{"stroke": {"paint": \##(a), "lineWidth": 2}}]}"##)
    assertColor(fill(stroke, at: 1), 0.25, 0.25, 0.25, 1)
    let foreground = try scene(##"{"Circle": {}, "modifiers": [{"foregroundStyle": \##(a)}]}"##)
    assertColor(fill(foreground, at: 3), 0.75, 0.75, 0.75, 1)
    let shadow = try scene(##"{"Circle": {}, "modifiers": [{"frame": 10}, {"shadow": {"color": \##(a), "radius": 2}}]}"##)
    guard case .layer(let layer) = shadow.displayList(at: 2).items.first, let sh = layer.shadow else { return XCTFail() }
    assertColor(sh.color, 0.5, 0.5, 0.5, 1)
    let gradient = try scene(##"{"Rectangle": {}, "modifiers": [{"fill": {"LinearGradient": {"stops": [{"color": "red", "location": 0}, {"color": \##(a), "location": 1}]}}}]}"##)
    XCTAssertEqual(gradient.timeline.period, 4, accuracy: 1e-12)
    guard case .drawing(let d) = gradient.displayList(at: 2).items.first, case .linear(let g) = d.paint else { return XCTFail() }
    assertColor(g.stops[1].color, 0.5, 0.5, 0.5, 1)
  }

  /// A loop whose colour does not come back is a seam, as for numbers: the timeline sees the
  /// colour's tracks.
  func testTheTimelineSeesColourTracks() throws {
    let s = try scene(##"{"Rectangle": {}, "modifiers": [{"fill": {"from": "red", "to": "blue", "animation": "easeInOut(duration: 0.8).repeatForever(autoreverses: true)"}}]}"##)
    XCTAssertEqual(s.timeline.period, 1.6, accuracy: 1e-12)
    var tracks = 0
    s.root.forEachAnimatedValue { _, _ in tracks += 1 }
    XCTAssertEqual(tracks, 4)
  }

  func testErrorsNameThePlace() {
    func error(_ fill: String) -> String? {
      presetError(##"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": [{"fill": "## + fill + "}]}}")
    }
    XCTAssertEqual(
      error(##"{"from": "red", "to": "blue", "animation": "linear(duration: 1)", "interpolation": "oklab"}"##),
      "test.json:1:158: interpolation is 'linear' (SwiftUI's) or 'srgb' (CSS's premultiplied sRGB) (at view.modifiers[0].fill.interpolation)")
    XCTAssertEqual(
      error(##"{"values": ["red", "bleu"], "animation": "linear(duration: 1)"}"##),
      "test.json:1:94: unknown colour 'bleu' — did you mean 'blue'? (at view.modifiers[0].fill.values[1])")
    XCTAssertEqual(
      error(##"{"from": "red", "to": "blue"}"##),
      "test.json:1:75: an animated value needs 'animation', e.g. \"linear(duration: 1).repeatForever(autoreverses: false)\" (at view.modifiers[0].fill)")
  }
}
