import Foundation
import XCTest

@testable import KurukuruCore

/// The CSS, SVG and Android porting words (animated dash patterns, `viewBox`, …), each checked
/// against the rule its source states, with expected values computed here from that rule.
final class PortingWordsTests: XCTestCase {
  // MARK: - Helpers

  func drawings(_ items: [DisplayItem]) -> [Drawing] { drawingsInOrder(items) }

  func stroke(_ text: String, at t: Double) throws -> StrokeOptions {
    let list = try Preset(text: text, file: "t.json").scene().displayList(at: t)
    guard let d = drawings(list.items).first, case .stroke(let s) = d.style else {
      XCTFail("no stroke")
      return StrokeOptions()
    }
    return s
  }

  /// A circle stroked with `dash` (JSON) and a 1 s linear, non-repeating animation.
  func dashed(_ dash: String) -> String {
    presetText(view: #"{"Circle": {}, "modifiers": [{"stroke": {"lineWidth": 2, "dash": \#(dash)}}, {"frame": 40}]}"#)
  }

  // MARK: - Animated dash patterns

  /// Lists of the same length interpolate entry by entry.
  func testDashFromToInterpolatesEachLength() throws {
    let text = dashed(#"{"from": [2, 10], "to": [12, 4], "animation": "linear(duration: 1)"}"#)
    let s = try stroke(text, at: 0.25)
    XCTAssertEqual(s.dash.count, 2)
    XCTAssertEqual(s.dash[0], 2 + 10 * 0.25, accuracy: 1e-12)
    XCTAssertEqual(s.dash[1], 10 - 6 * 0.25, accuracy: 1e-12)
  }

  /// SVG 2's "repeatable list": [a, b] and [c, d, e] are both repeated to 6 entries
  /// ([a, b, a, b, a, b] and [c, d, e, c, d, e]) before they are mixed.
  func testDashListsOfDifferentLengthsRepeatToTheirLeastCommonMultiple() throws {
    let from = [1.0, 2], to = [3.0, 5, 7]
    let text = dashed(#"{"from": [1, 2], "to": [3, 5, 7], "animation": "linear(duration: 1)"}"#)
    let s = try stroke(text, at: 0.5)
    XCTAssertEqual(s.dash.count, 6)
    for k in 0..<6 {
      XCTAssertEqual(s.dash[k], (from[k % 2] + to[k % 3]) / 2, accuracy: 1e-12, "entry \(k)")
    }
    XCTAssertEqual(try stroke(text, at: 0).dash, [1, 2, 1, 2, 1, 2])
    let late = try stroke(text, at: 0.75).dash
    for k in 0..<6 { XCTAssertEqual(late[k], from[k % 2] + (to[k % 3] - from[k % 2]) * 0.75, accuracy: 1e-12) }
  }

  /// A curve that overshoots below 0 clamps each length at 0, as CSS clamps an interpolated
  /// `stroke-dasharray` to its non-negative range.
  func testOvershootingDashLengthsClampAtZero() throws {
    let text = dashed(#"{"from": [4, 4], "to": [0, 4], "curve": "cubic-bezier(0.5, 0, 0.5, 3)", "animation": "linear(duration: 1)"}"#)
    // The curve's y passes 1 near x = 0.5 (3·0.75·0.25·... ≥ 1.5), so 4 − 4·y is negative.
    let s = try stroke(text, at: 0.5)
    XCTAssertEqual(s.dash[0], 0)
    XCTAssertEqual(s.dash[1], 4)
  }

  /// The dash lengths are animated values of the scene: they set the loop.
  func testAnimatedDashSetsTheLoop() throws {
    let text = dashed(#"{"values": [[1, 3], [3, 1], [1, 3]], "animation": "linear(duration: 1.5).repeatForever(autoreverses: false)"}"#)
    XCTAssertEqual(try Preset(text: text, file: "t.json").scene().timeline.period, 1.5, accuracy: 1e-12)
  }

  func testDashErrors() {
    XCTAssertEqual(
      presetError(dashed(#"{"from": [], "to": [1, 2], "animation": "linear"}"#)),
      "test.json:4:85: an animated dash pattern needs at least one length in every keyframe (at view.modifiers[0].stroke.dash.from)")
    XCTAssertEqual(
      presetError(dashed(#"{"from": [0, 0], "to": [1, 2], "animation": "linear"}"#)),
      "test.json:4:85: a dash pattern needs a length > 0 (at view.modifiers[0].stroke.dash.from)")
    let fortyNine = "[" + Array(repeating: "1", count: 49).joined(separator: ", ") + "]"
    XCTAssertEqual(
      presetError(dashed(#"{"from": [1, 2, 3], "to": \#(fortyNine), "animation": "linear"}"#))?.contains(
        "the keyframes' dash lists repeat to more than 64 lengths (their least common multiple)"), true)
    XCTAssertEqual(
      presetError(dashed(#"{"from": [1, -2], "to": [1, 2], "animation": "linear"}"#)),
      "test.json:4:85: dash lengths must be ≥ 0 points (at view.modifiers[0].stroke.dash.from)")
  }

  // MARK: - viewBox

  /// SVG 2's default `preserveAspectRatio="xMidYMid meet"`: a 64 × 32 box on a 100 × 100 canvas
  /// scales by min(100/64, 100/32) = 1.5625 and is centred, so the box's corners land at
  /// (0, 25) and (100, 75).
  func testViewBoxMeetsAndCentres() throws {
    let text = presetText(
      view: #"{"Rectangle": {}, "modifiers": [{"fill": "red"}]}"#, extra: #"\#n  "viewBox": [0, 0, 64, 32],"#)
    let d = try XCTUnwrap(drawings(try Preset(text: text, file: "t.json").scene().displayList(at: 0).items).first)
    let points = d.path.elements.compactMap { e -> Point? in
      if case .move(let p) = e { return p }
      if case .line(let p) = e { return p }
      return nil
    }.map { d.transform.apply($0) }
    let xs = points.map(\.x), ys = points.map(\.y)
    XCTAssertEqual(xs.min() ?? -1, 0, accuracy: 1e-9)
    XCTAssertEqual(xs.max() ?? -1, 100, accuracy: 1e-9)
    XCTAssertEqual(ys.min() ?? -1, 25, accuracy: 1e-9)
    XCTAssertEqual(ys.max() ?? -1, 75, accuracy: 1e-9)
  }

  /// A stroke width in drawing units scales with the box.
  func testViewBoxScalesStrokes() throws {
    let text = presetText(
      view: #"{"Circle": {}, "modifiers": [{"stroke": {"lineWidth": 4}}, {"frame": 20}]}"#, extra: #"\#n  "viewBox": [0, 0, 50, 50],"#)
    let d = try XCTUnwrap(drawings(try Preset(text: text, file: "t.json").scene().displayList(at: 0).items).first)
    XCTAssertEqual(d.transform.a, 2, accuracy: 1e-12)
    XCTAssertEqual(d.transform.d, 2, accuracy: 1e-12)
    XCTAssertEqual(d.transform.apply(Point(x: 10, y: 10)).x, 50, accuracy: 1e-9, "the circle's centre is the canvas centre")
  }

  func testViewBoxErrors() {
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "viewBox": [0, 0, 44],"#)),
      "test.json:4:14: viewBox is [minX, minY, width, height] in drawing units, as SVG's viewBox=\"minX minY width height\"; got 3 numbers (at viewBox)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "viewBox": [0, 0, 0, 44],"#)),
      "test.json:4:21: the viewBox width must be in (0, 8192] drawing units, got 0 (at viewBox[2])")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "viewBox": [0, 0, 0.001, 0.001],"#)),
      "test.json:4:14: the viewBox would scale its drawing by 100000, more than 10000; give it the units the drawing uses (at viewBox)")
  }

  // MARK: - skew

  /// CSS Transforms 1's skew(α, β) = [1 tan α; tan β 1] about the anchor: a 40 × 20 rectangle
  /// at the centre of a 100 pt canvas, skewed by x 30° (animated 0 → 60° over 1 s, so 30° at
  /// 0.5 s) and y −10° about its top-leading corner.
  func testSkewShearsAboutItsAnchor() throws {
    let text = presetText(view: #"{"Rectangle": {}, "modifiers": [{"frame": {"width": 40, "height": 20}}, {"skew": {"x": {"from": 0, "to": 60, "animation": "linear(duration: 1)"}, "y": -10, "anchor": "topLeading"}}]}"#)
    let d = try XCTUnwrap(drawings(try Preset(text: text, file: "t.json").scene().displayList(at: 0.5).items).first)
    let corner = Point(x: 30, y: 40)  // the frame's top-leading corner on the canvas
    func expected(_ p: Point) -> Point {
      let x = p.x - corner.x, y = p.y - corner.y
      return Point(x: corner.x + x + tan(30 * Double.pi / 180) * y, y: corner.y + tan(-10 * Double.pi / 180) * x + y)
    }
    for local in [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 20), Point(x: 0, y: 20)] {
      let got = d.transform.apply(local)
      let want = expected(Point(x: corner.x + local.x, y: corner.y + local.y))
      XCTAssertEqual(got.x, want.x, accuracy: 1e-9, "\(local)")
      XCTAssertEqual(got.y, want.y, accuracy: 1e-9, "\(local)")
    }
  }

  /// A number is CSS's `skew(a)`, which is `skewX(a)`, about the centre.
  func testSkewNumberIsSkewX() throws {
    let text = presetText(view: #"{"Rectangle": {}, "modifiers": [{"frame": 20}, {"skew": 45}]}"#)
    let d = try XCTUnwrap(drawings(try Preset(text: text, file: "t.json").scene().displayList(at: 0).items).first)
    // The frame's top edge (10 pt above the centre) moves left by tan 45° · 10 = 10 pt.
    XCTAssertEqual(d.transform.apply(Point(x: 0, y: 0)).x, 40 - 10, accuracy: 1e-9)
    XCTAssertEqual(d.transform.apply(Point(x: 0, y: 20)).x, 40 + 10, accuracy: 1e-9)
    XCTAssertEqual(d.transform.apply(Point(x: 0, y: 0)).y, 40, accuracy: 1e-9)
  }

  func testSkewXAndSkewYSuggestSkew() {
    XCTAssertEqual(Suggestion.closest(to: "skewX", in: PresetReader.viewModifiers), "skew")
    XCTAssertEqual(Suggestion.closest(to: "skewY", in: PresetReader.viewModifiers), "skew")
  }

  func testSkewErrors() {
    XCTAssertEqual(
      presetError(presetText(view: #"{"Rectangle": {}, "modifiers": [{"skew": 90}]}"#)),
      "test.json:4:52: skew angle must be in −89…89 degrees, got 90 (at view.modifiers[0].skew)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Rectangle": {}, "modifiers": [{"skew": {"anchor": "top"}}]}"#)),
      "test.json:4:52: skew needs 'x' and/or 'y' (degrees, as CSS's skewX/skewY) (at view.modifiers[0].skew)")
  }

  // MARK: - box-shadow spread

  /// CSS Backgrounds 3 §7.1's spread radius: r + spread when r ≥ spread, else with the cubic
  /// factor 1 + (r / spread − 1)³; shrinking floors r + spread at 0.
  func testSpreadCornerRadiusFollowsCSS() {
    XCTAssertEqual(Lowering.spreadCornerRadius(5, spread: 2), 7)
    XCTAssertEqual(Lowering.spreadCornerRadius(0, spread: 4), 0, "a sharp corner stays sharp")
    XCTAssertEqual(Lowering.spreadCornerRadius(2, spread: 4), 2 + 4 * (1 + pow(0.5 - 1, 3)), accuracy: 1e-12)
    XCTAssertEqual(Lowering.spreadCornerRadius(3, spread: -5), 0)
  }

  /// A spread shadow is cast by the frame as a box, outset by the spread, and clipped to outside
  /// the box: a 20 pt square with no offset shows only a 4 pt ring of shadow around it.
  func testSpreadShadowIsTheOutsetBoxOutsideTheBox() throws {
    let text = presetText(view: #"{"Spacer": {}, "modifiers": [{"frame": 20}, {"shadow": {"color": "red", "radius": 0, "spread": 4}}]}"#)
    let list = try Preset(text: text, file: "t.json").scene().displayList(at: 0)
    guard case .clipped(let clip)? = list.items.first, case .drawing(let d)? = clip.items.first else {
      return XCTFail("\(list.items)")
    }
    XCTAssertTrue(clip.evenOdd)
    let xs = d.path.elements.compactMap { e -> Double? in
      switch e {
      case .move(let p), .line(let p), .cubic(_, _, let p): return d.transform.apply(p).x
      case .close: return nil
      }
    }
    XCTAssertEqual(xs.min() ?? 0, 40 - 4, accuracy: 1e-9)
    XCTAssertEqual(xs.max() ?? 0, 60 + 4, accuracy: 1e-9)
  }

  /// three-dots' dot-pulse at 300 instants of its 1.5 s loop, by _dot-pulse.scss: each dot is
  /// the box-shadow of a 10 px box with border-radius 5px, so a disc of radius 5 + spread about
  /// the dot's place (−15, 0, +15 px from the centre), spread −5 → 2 → −5 → −5 at 0, 30, 60,
  /// 100 % linearly, the dots 0, 0.25 and 0.5 s late; none while the spread is −5.
  func testDotPulseFollowsTheCSSKeyframes() throws {
    let scene = try Preset.load(path: presetPath("three-dots-dot-pulse")).scene()
    XCTAssertEqual(scene.timeline.period, 1.5, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    func spread(_ t: Double) -> Double {
      var p = t.truncatingRemainder(dividingBy: 1.5) / 1.5
      if p < 0 { p += 1 }
      if p < 0.3 { return -5 + 7 * p / 0.3 }
      if p < 0.6 { return 2 - 7 * (p - 0.3) / 0.3 }
      return -5
    }
    for k in 0..<300 {
      let t = Double(k) * 1.5 / 300
      let expected = [(-15.0, 0.0), (0, 0.25), (15, 0.5)].compactMap { dx, delay -> (Double, Double)? in
        let r = 5 + spread(t - delay)
        return r > 1e-9 ? (24 + dx, r) : nil
      }
      let discs = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(discs.count, expected.count, "\(t) s")
      for (disc, (cx, r)) in zip(discs, expected) {
        let points = disc.path.elements.compactMap { e -> Point? in
          switch e {
          case .move(let p), .line(let p), .cubic(_, _, let p): return disc.transform.apply(p)
          case .close: return nil
          }
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        XCTAssertEqual(xs.min() ?? 0, cx - r, accuracy: 1e-6, "\(t) s")
        XCTAssertEqual(xs.max() ?? 0, cx + r, accuracy: 1e-6, "\(t) s")
        XCTAssertEqual(ys.min() ?? 0, 8 - r, accuracy: 1e-6, "\(t) s")
        XCTAssertEqual(ys.max() ?? 0, 8 + r, accuracy: 1e-6, "\(t) s")
        // A disc: every on-curve point is r from the centre.
        for p in points { XCTAssertLessThanOrEqual(hypot(p.x - cx, p.y - 8), r * 1.000001 + 1e-9) }
      }
    }
  }

  // MARK: - Android path curves

  /// AOSP's progress_indeterminate_horizontal_rect1_translatex.xml, as Android writes it.
  static let rect1TranslatePath =
    "M 0.0,0.0 L 0.2 0 C 0.3958333333336,0 0.474845090492,0.206797621729 0.5916666666664,0.417082932942 C 0.7151610251224,0.639379624869 0.81625,0.974556908664 1.0,1.0"

  /// A path curve is the path's y at x: on a line by proportion, on a cubic where its x is x.
  func testPathCurveIsTheYOfThePath() throws {
    let curve = try AnimationParser.parseCurve("path(M0,0 L0.5,0.25 C 0.6,0.5 0.8,1 1,1)", number: { Double($0) ?? .nan })
    XCTAssertEqual(curve.progress(0.25), 0.125, accuracy: 1e-12)
    XCTAssertEqual(curve.progress(0.5), 0.25, accuracy: 1e-12)
    // On the cubic at parameter u = 0.5: x = (0.5 + 3·0.6 + 3·0.8 + 1) / 8, y = (0.25 + 1.5 + 3 + 1) / 8.
    XCTAssertEqual(curve.progress((0.5 + 1.8 + 2.4 + 1) / 8), (0.25 + 1.5 + 3 + 1) / 8, accuracy: 1e-12)
    XCTAssertEqual(curve.progress(1), 1)
    // One cubic is CSS's cubic-bezier with the same control points.
    let one = try AnimationParser.parseCurve("path(M0,0 C 0.4,0 0.2,1 1,1)", number: { Double($0) ?? .nan })
    for k in 0...20 {
      let x = Double(k) / 20
      XCTAssertEqual(one.progress(x), TimingCurve.bezier(UnitBezier(0.4, 0, 0.2, 1)).progress(x), accuracy: 1e-6)
    }
  }

  /// The horizontal bar's rect1 offset written with AOSP's own path as one curve follows the
  /// bundled preset's hand-split cubic-bezier keyframes (checked against AOSP to 0.001 pt in
  /// PortedPresetSourceTests) to within 0.001 pt at 400 instants.
  func testAndroidTranslatePathMatchesTheSplitKeyframes() throws {
    let bundled = try Preset.load(path: presetPath("android-horizontal-indeterminate")).scene()
    let text = presetText(view: #"{"Rectangle": {}, "modifiers": [{"frame": {"width": 288, "height": 2}}, {"offset": {"x": {"from": -522.59998, "to": 199.60001, "curve": "path(\#(Self.rect1TranslatePath))", "animation": "linear(duration: 2).repeatForever(autoreverses: false)"}}}]}"#)
    let scene = try Preset(text: text, file: "t.json").scene()
    var worst = 0.0
    for k in 0..<400 {
      let t = Double(k) / 200
      guard let ours = drawings(scene.displayList(at: t).items).first, let theirs = drawings(bundled.displayList(at: t).items).last else {
        return XCTFail()
      }
      // Both bars are 288 wide before their scale; compare where their centre goes.
      let a = ours.transform.apply(Point(x: 144, y: 1)).x - 50 + 180
      let b = theirs.transform.apply(Point(x: 144, y: 1)).x
      worst = max(worst, abs(a - b))
    }
    XCTAssertLessThan(worst, 1e-3)
  }

  func testPathCurveErrors() {
    func message(_ text: String) -> String? {
      do { _ = try AnimationParser.parseCurve(text, number: { Double($0) ?? .nan }); return nil } catch let e as AnimationSyntaxError {
        return "\(e.offset): \(e.message)"
      } catch { return "\(error)" }
    }
    XCTAssertEqual(message("path(M0,0 C 0.5,0 0.5,1 1,0.9)"), "5: a path curve runs from (0, 0) to (1, 1), as Android's PathInterpolator requires")
    XCTAssertEqual(
      message("path(M0,0 C 1.5,0 -0.5,1 1,1)"),
      "5: a path curve's x must never decrease (Android's PathInterpolator: the path cannot loop back on itself)")
    XCTAssertEqual(message("path(M0,0 c 0.5,0 0.5,1 1,1)"), "10: path curves take absolute M, L and C commands only, found 'c'")
    XCTAssertEqual(message("path(M0,0 L1,1"), "14: a path curve ends with ')'")
  }

  // MARK: - Time units and currentColor

  /// CSS's `<time>`: `0.5s` and `500ms` are seconds wherever the format takes seconds.
  func testCSSTimeUnitsAreSeconds() throws {
    let spec = try AnimationParser.parse(
      "linear(duration: 1500ms).repeatForever(autoreverses: false).delay(0.25s)", number: { Double($0) ?? .nan })
    XCTAssertEqual(spec.duration, 1.5, accuracy: 1e-12)
    XCTAssertEqual(spec.delay, 0.25, accuracy: 1e-12)
    let text = presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "duration": "2.5s","#)
    XCTAssertEqual(try Preset(text: text, file: "t.json").scene().timeline.period, 2.5, accuracy: 1e-12)
    XCTAssertEqual(TimeUnits.seconds("-120ms") ?? 0, -0.12, accuracy: 1e-15)
    XCTAssertNil(TimeUnits.seconds("seconds"), "a parameter named seconds is not a unit")
  }

  /// A unit inside an expression is still an error, and says how to write it.
  func testTimeUnitInAnExpressionSaysHowToWriteIt() {
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1).delay(2 * 0.5s)"}}]}"#)),
      "test.json:4:120: unexpected 's' — seconds are plain numbers here: write 0.5 (a lone 0.5s or 500ms is accepted, a unit inside an expression is not) (at view.modifiers[0].opacity.animation)")
  }

  func testCurrentColorSuggestsAColourParameter() {
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"fill": "currentColor"}]}"#)),
      "test.json:4:49: unknown colour 'currentColor' — CSS's currentColor is the colour the element inherits: here a colour parameter such as '$color', or no paint at all (the foreground style) (at view.modifiers[0].fill)")
  }

  // MARK: - Contradictory direction

  /// `repeatForever(autoreverses: false)` with `direction(alternate)`: the direction wins (it
  /// autoreverses) and the preset carries one warning line in the project's form, placed at the
  /// direction; agreeing or unwritten `autoreverses:` gives none.
  func testContradictoryDirectionWarns() throws {
    func preset(_ animation: String) throws -> Preset {
      try Preset(text: presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "\#(animation)"}}]}"#), file: "test.json")
    }
    let contradictory = try preset("linear(duration: 1).repeatForever(autoreverses: false).direction(alternate)")
    XCTAssertEqual(
      contradictory.warnings,
      ["test.json:4:152: warning: direction 'alternate' contradicts 'autoreverses: false' and replaces it: the animation autoreverses; drop one of them (at view.modifiers[0].opacity.animation)"])
    XCTAssertEqual(try contradictory.scene().timeline.period, 2, accuracy: 1e-12, "it autoreverses: two passes a cycle")
    XCTAssertEqual(
      try preset("linear(duration: 1).repeatCount(3, autoreverses: true).direction(normal)").warnings.first?.contains(
        "warning: direction 'normal' contradicts 'autoreverses: true' and replaces it: the animation does not autoreverse"), true)
    XCTAssertEqual(try preset("linear(duration: 1).repeatForever(autoreverses: true).direction(alternate)").warnings, [])
    XCTAssertEqual(try preset("linear(duration: 1).repeatForever().direction(normal)").warnings, [])
  }

  // MARK: - MUI's CircularProgress

  /// A CSS `cubic-bezier(a, b, c, d)` at progress x, by bisection on the curve's parameter.
  static func cssCurve(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ x: Double) -> Double {
    func cubic(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if cubic(a, c, mid) < x { lo = mid } else { hi = mid }
    }
    return cubic(b, d, (lo + hi) / 2)
  }

  /// At 280 instants of the 1.4 s loop, by CircularProgress.js's keyframes: the dash pattern
  /// [1 → 100 → 1, 200] and offset 0 → −15 → −126 (user units) per half, each half eased by
  /// `ease-in-out` = cubic-bezier(0.42, 0, 0.58, 1); the svg's 44-unit viewBox in a 40 pt span
  /// (scale 40/44), the circle of r 20.2 about the span's centre, turned 360° · t / 1.4.
  func testMUICircularProgressFollowsItsKeyframes() throws {
    let scene = try Preset.load(path: presetPath("mui-circular-progress")).scene()
    XCTAssertEqual(scene.timeline.period, 1.4, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    let scale = 40.0 / 44
    for k in 0..<280 {
      let t = Double(k) * 1.4 / 280, p = t / 1.4
      let half = p < 0.5 ? 0 : 1
      let e = Self.cssCurve(0.42, 0, 0.58, 1, half == 0 ? p / 0.5 : (p - 0.5) / 0.5)
      let dash = half == 0 ? 1 + 99 * e : 100 - 99 * e
      let offset = half == 0 ? -15 * e : -15 - 111 * e
      let arc = try XCTUnwrap(drawings(scene.displayList(at: t).items).first)
      guard case .stroke(let s) = arc.style else { return XCTFail("not a stroke") }
      XCTAssertEqual(s.dash.count, 2)
      XCTAssertEqual(s.dash[0], dash, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(s.dash[1], 200)
      XCTAssertEqual(s.dashPhase, offset, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(s.lineWidth, 3.6, accuracy: 1e-12)
      // The path starts at 3 o'clock of the circle (SVG's circle and ours), turned with the span.
      guard case .move(let start)? = arc.path.elements.first else { return XCTFail("no start") }
      let angle = 2 * Double.pi * p
      let expected = Point(x: 20 + 20.2 * scale * cos(angle), y: 20 + 20.2 * scale * sin(angle))
      let got = arc.transform.apply(start)
      XCTAssertEqual(got.x, expected.x, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(got.y, expected.y, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(hypot(arc.transform.a, arc.transform.b), scale, accuracy: 1e-12)
    }
  }

  /// Element Plus's spinner by loading.scss's rules, at 600 instants of its 6 s loop: loading-dash
  /// over 1.5 s (ease-in-out per keyframe segment: the dash 1, 200 → 90, 150 and the offset 0 →
  /// −40 in the first half, the offset −40 → −120 in the second), loading-rotate over 2 s,
  /// linear; the 50-unit viewBox on the 42-point canvas, the circle's path from its 3 o'clock.
  func testElementPlusLoadingFollowsItsKeyframes() throws {
    let scene = try Preset.load(path: presetPath("element-plus-loading")).scene()
    XCTAssertEqual(scene.timeline.period, 6, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    let scale = 42.0 / 50
    for k in 0..<600 {
      let t = Double(k) * 0.01, p = (t / 1.5).truncatingRemainder(dividingBy: 1)
      let first = p < 0.5
      let e = Self.cssCurve(0.42, 0, 0.58, 1, first ? p / 0.5 : (p - 0.5) / 0.5)
      let dash = first ? [1 + 89 * e, 200 - 50 * e] : [90, 150]
      let offset = first ? -40 * e : -40 - 80 * e
      let arc = try XCTUnwrap(drawings(scene.displayList(at: t).items).first)
      guard case .stroke(let s) = arc.style else { return XCTFail("not a stroke") }
      XCTAssertEqual(s.dash.count, 2)
      XCTAssertEqual(s.dash[0], dash[0], accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(s.dash[1], dash[1], accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(s.dashPhase, offset, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(s.lineWidth, 2, accuracy: 1e-12)
      XCTAssertEqual(s.lineCap, .round)
      guard case .move(let start)? = arc.path.elements.first else { return XCTFail("no start") }
      let angle = 2 * Double.pi * (t / 2).truncatingRemainder(dividingBy: 1)
      let got = arc.transform.apply(start)
      XCTAssertEqual(got.x, 21 + 20 * scale * cos(angle), accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(got.y, 21 + 20 * scale * sin(angle), accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(hypot(arc.transform.a, arc.transform.b), scale, accuracy: 1e-12)
    }
  }
}
