import KurukuruCore
import KurukuruRaster
import KurukuruSnapshot
import XCTest

// MARK: - Golden frames, one feature per case

/// One small inline preset per feature (resvg style), rendered at t = 0, scale 2, on a white
/// 60 × 60 pt canvas. References live in `__Snapshots__/GoldenFeatureTests/<test>.1.png`.
final class GoldenFeatureTests: XCTestCase {
  // MARK: - Shapes

  func testCircle() throws {
    try feature(#"{"Circle": {}, "modifiers": [{"fill": "red"}, {"frame": {"width": 40, "height": 40}}]}"#)
  }

  func testEllipse() throws {
    try feature(#"{"Ellipse": {}, "modifiers": [{"fill": "blue"}, {"frame": {"width": 50, "height": 30}}]}"#)
  }

  func testRectangle() throws {
    try feature(#"{"Rectangle": {}, "modifiers": [{"fill": "green"}, {"frame": {"width": 40, "height": 24}}]}"#)
  }

  func testRoundedRectangle() throws {
    try feature(
      #"{"RoundedRectangle": {"cornerRadius": 10}, "modifiers": [{"fill": "purple"}, {"frame": {"width": 50, "height": 36}}]}"#)
  }

  func testCapsule() throws {
    try feature(#"{"Capsule": {}, "modifiers": [{"fill": "orange"}, {"frame": {"width": 50, "height": 20}}]}"#)
  }

  /// 0° → 90° clockwise: the quarter from 3 to 6 o'clock.
  func testArcClockwise() throws {
    try feature(
      #"{"Arc": {"startAngle": 0, "endAngle": 90, "clockwise": true}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 4}}, {"frame": {"width": 40, "height": 40}}]}"#)
  }

  /// 0° → 90° counter-clockwise: three quarters, from 3 o'clock up through 12 and 9 to 6.
  func testArcCounterClockwise() throws {
    try feature(
      #"{"Arc": {"startAngle": 0, "endAngle": 90, "clockwise": false}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 4}}, {"frame": {"width": 40, "height": 40}}]}"#)
  }

  /// NV's triangle: apex at the top centre, base along the bottom, in a 40 × 30 frame.
  func testPolygon() throws {
    try feature(
      #"{"Polygon": {"points": ["top", [1, 1], [0, 1]]}, "modifiers": [{"fill": "indigo"}, {"frame": {"width": 40, "height": 30}}]}"#)
  }

  // MARK: - Trim and strokes

  func testTrim() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"trim": {"from": 0.1, "to": 0.6}}, {"stroke": {"paint": "teal", "lineWidth": 5}}, {"frame": {"width": 40, "height": 40}}]}"#)
  }

  func testStrokeCapButt() throws { try feature(capArc("butt")) }
  func testStrokeCapRound() throws { try feature(capArc("round")) }
  func testStrokeCapSquare() throws { try feature(capArc("square")) }

  func testStrokeJoinMiter() throws { try feature(joinRect("miter")) }
  func testStrokeJoinRound() throws { try feature(joinRect("round")) }
  func testStrokeJoinBevel() throws { try feature(joinRect("bevel")) }

  func testStrokeDash() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"stroke": {"paint": "indigo", "lineWidth": 4, "dash": [8, 5], "dashPhase": 3}}, {"frame": {"width": 44, "height": 44}}]}"#)
  }

  /// strokeBorder insets by half the line width: the ring stays inside the 40 pt frame, drawn
  /// over a gray frame-sized square to show it.
  func testStrokeBorder() throws {
    try feature(
      #"{"ZStack": {"content": [{"Rectangle": {}, "modifiers": [{"fill": "rgb(221, 221, 221)"}, {"frame": {"width": 40, "height": 40}}]}, {"Circle": {}, "modifiers": [{"strokeBorder": {"paint": "red", "lineWidth": 8}}, {"frame": {"width": 40, "height": 40}}]}]}}"#)
  }

  /// Even-odd fill of a trimmed circle (the open path is closed by its chord). No preset shape
  /// overlaps itself, so even-odd and non-zero agree; the case guards the style's plumbing.
  func testFillEvenOdd() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"trim": {"from": 0.1, "to": 0.85}}, {"fill": {"paint": "brown", "style": "evenOdd"}}, {"frame": {"width": 44, "height": 44}}]}"#)
  }

  // MARK: - Gradients

  func testLinearGradient() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": {"LinearGradient": {"colors": ["red", "yellow", "blue"], "startPoint": "leading", "endPoint": "trailing"}}}, {"frame": {"width": 50, "height": 30}}]}"#)
  }

  func testRadialGradient() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"fill": {"RadialGradient": {"colors": ["white", "green", "black"], "center": "center", "startRadius": 2, "endRadius": 24}}}, {"frame": {"width": 48, "height": 48}}]}"#)
  }

  /// Red at 12 o'clock, then green, blue and red again going clockwise.
  func testAngularGradient() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"fill": {"AngularGradient": {"colors": ["red", "green", "blue", "red"], "angle": -90}}}, {"frame": {"width": 48, "height": 48}}]}"#)
  }

  /// A half sweep, 0° → 180°: outside it the end colours extend.
  func testAngularGradientPartialSweep() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"fill": {"AngularGradient": {"colors": ["yellow", "purple"], "startAngle": 0, "endAngle": 180}}}, {"frame": {"width": 48, "height": 48}}]}"#)
  }

  // MARK: - Effects

  /// Group opacity: the overlap of the two circles is no darker than the rest.
  func testGroupOpacity() throws {
    try feature(
      #"{"ZStack": {"content": [{"Circle": {}, "modifiers": [{"fill": "blue"}, {"frame": {"width": 30, "height": 30}}, {"offset": {"x": -8}}]}, {"Circle": {}, "modifiers": [{"fill": "blue"}, {"frame": {"width": 30, "height": 30}}, {"offset": {"x": 8}}]}]}, "modifiers": [{"opacity": 0.5}]}"#)
  }

  func testOffset() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"fill": "pink"}, {"frame": {"width": 16, "height": 16}}, {"offset": {"x": 15, "y": -10}}]}"#)
  }

  /// 30° clockwise about the top-leading corner of the bar.
  func testRotationEffectAnchor() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": "mint"}, {"frame": {"width": 36, "height": 10}}, {"rotationEffect": {"degrees": 30, "anchor": "topLeading"}}]}"#)
  }

  /// Half size towards the bottom-trailing corner, over the unscaled outline in gray.
  func testScaleEffectAnchor() throws {
    try feature(
      #"{"ZStack": {"content": [{"Rectangle": {}, "modifiers": [{"fill": "rgb(221, 221, 221)"}, {"frame": {"width": 40, "height": 40}}]}, {"Rectangle": {}, "modifiers": [{"fill": "cyan"}, {"frame": {"width": 40, "height": 40}}, {"scaleEffect": {"scale": 0.5, "anchor": "bottomTrailing"}}]}]}}"#)
  }

  func testShadow() throws {
    try feature(
      #"{"Circle": {}, "modifiers": [{"fill": "yellow"}, {"frame": {"width": 30, "height": 30}}, {"shadow": {"color": "black", "radius": 4, "x": 4, "y": 4}}]}"#)
  }

  // MARK: - Stacks and ForEach

  func testHStackTopAlignment() throws {
    try feature(
      #"{"HStack": {"alignment": "top", "spacing": 4, "content": [\#(bar(8, 10, "red")), \#(bar(8, 30, "green")), \#(bar(8, 20, "blue"))]}}"#)
  }

  func testVStackLeadingAlignment() throws {
    try feature(
      #"{"VStack": {"alignment": "leading", "spacing": 4, "content": [\#(bar(10, 8, "red")), \#(bar(30, 8, "green")), \#(bar(20, 8, "blue"))]}}"#)
  }

  func testZStackBottomTrailingAlignment() throws {
    try feature(
      #"{"ZStack": {"alignment": "bottomTrailing", "content": [\#(bar(40, 40, "rgb(221, 221, 221)")), \#(bar(24, 12, "red")), \#(bar(10, 24, "blue"))]}}"#)
  }

  /// Eight dots round a circle, each turned by i × 45° and fading with i.
  func testForEach() throws {
    try feature(
      #"{"ZStack": {"content": [{"ForEach": {"range": "0..<8", "as": "i", "content": [{"Circle": {}, "modifiers": [{"fill": "black"}, {"frame": {"width": 8, "height": 8}}, {"opacity": "1 - i/10"}, {"offset": {"y": -20}}, {"rotationEffect": "i * 45"}]}]}}]}}"#)
  }

  // MARK: - Helpers

  /// Renders `view` alone at t = 0 on a white `size` pt canvas at scale 2 and asserts it
  /// against the test's reference.
  // MARK: - 3-D rotation

  /// A card turned 40° about y (left edge nearer), a ring turned 60° about x (bottom nearer).
  func testRotation3DEffect() throws {
    try feature(
      #"{"ZStack": {"content": [{"Rectangle": {}, "modifiers": [{"fill": "blue"}, {"frame": {"width": 36, "height": 26}}, {"rotation3DEffect": {"degrees": 40, "axis": "y"}}]}, {"Circle": {}, "modifiers": [{"stroke": {"paint": "red", "lineWidth": 3}}, {"frame": 30}, {"rotation3DEffect": {"degrees": 60, "axis": "x"}}]}]}}"#)
  }

  /// A gradient square with a shadow folded 120° about its top edge (the back face, upside
  /// down), lifted by anchorZ, with a gentler perspective.
  func testRotation3DEffectBackFaceWithGradientAndShadow() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": {"LinearGradient": {"colors": ["orange", "purple"], "startPoint": "top", "endPoint": "bottom"}}}, {"frame": 20}, {"shadow": {"color": "black", "radius": 3, "y": 2}}, {"rotation3DEffect": {"degrees": 120, "axis": [1, 0.3, 0], "anchor": "top", "anchorZ": 5, "perspective": 0.5}}, {"offset": {"y": 20}}]}"#)
  }

  // MARK: - Clips and masks

  /// A diamond with a diamond of half its size inside, one clip path filled even-odd: a red
  /// square shows only in the band between them (the seam where the path steps inside is a
  /// line of no width).
  func testClipShapeEvenOdd() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": "red"}, {"frame": 48}, {"clipShape": {"shape": {"Polygon": {"points": [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5], [0.5, 0.25], [0.75, 0.5], [0.5, 0.75], [0.25, 0.5]]}}, "style": {"eoFill": true}}}]}"#)
  }

  /// A 60 × 20 bar offset half out of its 40 × 20 frame, clipped to the frame.
  func testClipped() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": "blue"}, {"frame": {"width": 60, "height": 20}}, {"offset": {"x": -30}}, {"frame": {"width": 40, "height": 20}}, {"clipped": {}}]}"#)
  }

  /// A gradient square with corners of radius 12.
  func testCornerRadius() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": {"LinearGradient": {"colors": ["orange", "purple"], "startPoint": "top", "endPoint": "bottom"}}}, {"frame": 44}, {"cornerRadius": 12}]}"#)
  }

  /// A green square seen through a half-transparent circle at its top-leading corner and an
  /// opaque capsule across its bottom: the mask's alpha, 0.5 and 1.
  func testMask() throws {
    try feature(
      #"{"Rectangle": {}, "modifiers": [{"fill": "green"}, {"frame": 44}, {"mask": {"ZStack": {"alignment": "topLeading", "content": [{"Circle": {}, "modifiers": [{"frame": 24}, {"opacity": 0.5}]}, {"Capsule": {}, "modifiers": [{"frame": {"width": 44, "height": 14}}, {"offset": {"y": 30}}]}]}}}]}"#)
  }

  // MARK: - Animated colours

  /// Halfway through red → blue: SwiftUI's linear-light mix (#BC00BC) on the left, CSS's
  /// premultiplied sRGB (#800080) on the right; below, a gradient whose end stop fades from
  /// clear to teal, premultiplied, and a square whose shadow turns from black to red.
  func testAnimatedColors() throws {
    let fade = ##"{"from": "#FF0000", "to": "#0000FF", "animation": "linear(duration: 1)"SPACE}"##
    let view = ##"{"VStack": {"spacing": 6, "content": [{"HStack": {"spacing": 6, "content": [{"Rectangle": {}, "modifiers": [{"fill": LINEAR}, {"frame": 22}]}, {"Rectangle": {}, "modifiers": [{"fill": SRGB}, {"frame": 22}]}]}}, {"HStack": {"spacing": 6, "content": [{"Rectangle": {}, "modifiers": [{"fill": {"LinearGradient": {"stops": [{"color": "white", "location": 0}, {"color": {"from": "clear", "to": "teal", "animation": "linear(duration: 1)", "interpolation": "srgb"}, "location": 1}], "startPoint": "leading", "endPoint": "trailing"}}}, {"frame": 22}]}, {"Rectangle": {}, "modifiers": [{"fill": "gray"}, {"frame": 16}, {"shadow": {"color": {"from": "black", "to": "red", "animation": "linear(duration: 1)"}, "radius": 3, "x": 2, "y": 2}}]}]}}]}}"##
      .replacingOccurrences(of: "LINEAR", with: fade.replacingOccurrences(of: "SPACE", with: ""))
      .replacingOccurrences(of: "SRGB", with: fade.replacingOccurrences(of: "SPACE", with: ##", "interpolation": "srgb""##))
    let text = ##"{"width": 60, "height": 60, "background": "white", "fps": 10, "view": \##(view)}"##
    let results = try assertFrames(of: try Preset(text: text, file: "testAnimatedColors.json"), at: [0.5], scale: 2)
    // The two mixes, from the sRGB transfer function: 1.055 · 0.5^(1/2.4) − 0.055 = 0.7354 → 188.
    let frame = try Rasterizer(scale: 2).render(try Preset(text: text, file: "t.json").scene().displayList(at: 0.5))
    XCTAssertEqual(frame[2 * 19, 2 * 15], RGBA8(r: 188, g: 0, b: 188), "\(results)")
    XCTAssertEqual(frame[2 * 41, 2 * 15], RGBA8(r: 128, g: 0, b: 128))
  }

  private func feature(
    _ view: String, size: Int = 60, file: StaticString = #filePath, function: String = #function,
    line: UInt = #line
  ) throws {
    let text = #"{"width": \#(size), "height": \#(size), "background": "white", "fps": 10, "view": \#(view)}"#
    let preset = try Preset(text: text, file: "\(function).json")
    try assertFrames(of: preset, at: [0], scale: 2, file: file, function: function, line: line)
  }

  /// A thick open arc (10 o'clock → 2 o'clock) with the given cap.
  private func capArc(_ cap: String) -> String {
    #"{"Arc": {"startAngle": 210, "endAngle": 330, "clockwise": true}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 10, "lineCap": "\#(cap)"}}, {"frame": {"width": 36, "height": 36}}]}"#
  }

  /// A thick-stroked rectangle with the given join.
  private func joinRect(_ join: String) -> String {
    #"{"Rectangle": {}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 10, "lineJoin": "\#(join)"}}, {"frame": {"width": 30, "height": 30}}, {"rotationEffect": 20}]}"#
  }

  /// A filled rectangle of `w` × `h` points.
  private func bar(_ w: Int, _ h: Int, _ color: String) -> String {
    #"{"Rectangle": {}, "modifiers": [{"fill": "\#(color)"}, {"frame": {"width": \#(w), "height": \#(h)}}]}"#
  }
}
