import Foundation
import XCTest

@testable import KurukuruCore

/// CSS keyframes as CSS means them: `base` (the element's own value at a missing 0 % or
/// 100 % keyframe, CSS Animations 1 §3), curves chosen by the `ForEach` index, and keyframe
/// lists whose length differs by index. Expected values come from the CSS rules, with `ease`
/// computed by bisection on its cubic (`PortedPresetSourceTests.cssCurve`).
final class CSSKeyframeTests: XCTestCase {
  static func ease(_ x: Double) -> Double { PortedPresetSourceTests.cssCurve(0.25, 0.1, 0.25, 1, x) }

  func scene(_ view: String) throws -> ResolvedScene {
    try Preset(text: presetText(view: view), file: "t.json").scene()
  }

  /// The views of a ZStack root (a ForEach expanded), or the root itself.
  func views(_ scene: ResolvedScene) -> [SceneView] {
    if case .zStack(_, let children) = scene.root.kind { return children }
    return [scene.root]
  }

  func modifier(_ view: SceneView, _ k: Int = 0) -> Modifier { view.modifiers[k] }

  // MARK: - base

  /// Semipolar's rule: only `50% { rotate(360deg) }`, so 0 % and 100 % are the element's 0°;
  /// `ease` shapes both segments, the implicit ones too.
  func testBaseFillsBothMissingEnds() throws {
    let s = try scene(#"{"Circle": {}, "modifiers": [{"rotationEffect": {"values": [360], "keyTimes": ["50%"], "base": 0, "curve": "ease", "animation": "linear(duration: 2).repeatForever(autoreverses: false)"}}]}"#)
    guard case .rotationEffect(let d, _) = modifier(s.root) else { return XCTFail() }
    for k in 0..<40 {
      let t = Double(k) * 0.05, p = t / 2
      let want = p < 0.5 ? 360 * Self.ease(p / 0.5) : 360 + (0 - 360) * Self.ease((p - 0.5) / 0.5)
      XCTAssertEqual(d.value(at: t), want, accuracy: 1e-5, "t = \(t)")
    }
    XCTAssertEqual(s.timeline.period, 2, accuracy: 1e-12)
  }

  /// spinner-grow's transform: 0 % scale(0), 50 % none, 100 % missing → the element's scale 1.
  func testBaseFillsOnlyTheMissingEnd() throws {
    let s = try scene(#"{"Circle": {}, "modifiers": [{"scaleEffect": {"values": [0, 1], "keyTimes": ["0%", "50%"], "base": 1, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}]}"#)
    guard case .scaleEffect(let x, _, _) = modifier(s.root) else { return XCTFail() }
    XCTAssertEqual(x.value(at: 0), 0, accuracy: 1e-12)
    XCTAssertEqual(x.value(at: 0.25), 0.5, accuracy: 1e-12)
    XCTAssertEqual(x.value(at: 0.5), 1, accuracy: 1e-12)
    XCTAssertEqual(x.value(at: 0.8), 1, accuracy: 1e-12)
  }

  /// A colour's base: blue at 0 % and 100 %, red at 50 %, mixed in premultiplied sRGB halfway.
  func testBaseOfAColour() throws {
    let s = try scene(##"{"Circle": {}, "modifiers": [{"fill": {"values": ["#FF0000"], "keyTimes": ["50%"], "base": "#0000FF", "interpolation": "srgb", "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}, {"frame": 10}]}"##)
    func color(_ t: Double) throws -> RGBAColor {
      guard case .drawing(let d) = s.displayList(at: t).items.first, case .color(let c) = d.paint else { throw XCTSkip("no drawing") }
      return c
    }
    XCTAssertEqual(try color(0).rgba8, RGBA8(r: 0, g: 0, b: 255, a: 255))
    XCTAssertEqual(try color(0.5).rgba8, RGBA8(r: 255, g: 0, b: 0, a: 255))
    XCTAssertEqual(try color(0.25).red, 0.5, accuracy: 1e-9)
    XCTAssertEqual(try color(0.25).blue, 0.5, accuracy: 1e-9)
  }

  func column(of needle: String, in text: String, line: Int = 4) -> Int {
    let l = text.components(separatedBy: "\n")[line - 1]
    return l.distance(from: l.startIndex, to: l.range(of: needle)!.lowerBound) + 1
  }

  func testBaseMistakes() {
    let anim = #""animation": "linear(duration: 1).repeatForever(autoreverses: false)""#
    let cases: [(String, String, String)] = [
      (#"{"values": [1], "base": 0, \#(anim)}"#, "0, \"anim",
       "'base' is the value at a 0% or 100% keyframe that 'keyTimes' leaves out; give 'keyTimes' (at view.modifiers[0].opacity.base)"),
      (#"{"values": [0, 1], "keyTimes": [0, 1], "base": 0.5, \#(anim)}"#, "0.5",
       "'base' is unused: 'keyTimes' has keyframes at both 0% and 100% (at view.modifiers[0].opacity.base)"),
      (#"{"from": 0, "to": 1, "base": 0.5, \#(anim)}"#, "0.5",
       "'base' goes with 'values' (at view.modifiers[0].opacity)"),
      (#"{"values": [], "keyTimes": [], "base": 0, \#(anim)}"#, "[]",
       "'values' needs 1 to 1000 keyframe values, got 0 (at view.modifiers[0].opacity.values)"),
      (#"{"values": [1], "keyTimes": ["50%"], \#(anim)}"#, "[1]",
       "'values' needs 2 to 1000 keyframe values, got 1 (at view.modifiers[0].opacity.values)"),
    ]
    for (value, at, message) in cases {
      let text = presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": \#(value)}]}"#)
      XCTAssertEqual(presetError(text), "test.json:4:\(column(of: at, in: text)): \(message)", value)
    }
  }

  // MARK: - Curves and keyframes by index

  /// three-dots' dots: `ease`, `linear`, `ease-in` by dot, each opacity 1 → 0 over 1 s.
  func testCurvesChosenByIndex() throws {
    let s = try scene(#"{"ZStack": {"content": [{"ForEach": {"range": 3, "content": [{"Circle": {}, "modifiers": [{"opacity": {"values": [1, 0], "curve": "[ease, linear, ease-in][i]", "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}]}]}}]}}"#)
    let curves: [(Double) -> Double] = [Self.ease, { $0 }, { PortedPresetSourceTests.cssCurve(0.42, 0, 1, 1, $0) }]
    let dots = views(s)
    XCTAssertEqual(dots.count, 3)
    for (i, dot) in dots.enumerated() {
      guard case .opacity(let o) = modifier(dot) else { return XCTFail() }
      for t in [0.1, 0.3, 0.7] { XCTAssertEqual(o.value(at: t), 1 - curves[i](t), accuracy: 1e-5, "dot \(i) at \(t)") }
    }
  }

  /// Per-index `values`, `keyTimes` and `curves` of different lengths.
  func testKeyframeCountsByIndex() throws {
    let s = try scene(#"""
      {"ZStack": {"content": [{"ForEach": {"range": 2, "content": [{"Circle": {}, "modifiers": [{"scaleEffect": {
        "values": "[[1, 0.5, 1], [1, 0.2, 0.6, 1]][i]", "keyTimes": "[[0, 50%, 1], [0, 0.25, 0.5, 1]][i]",
        "curves": "[[linear], [linear, linear, ease]][i]",
        "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}]}]}}]}}
      """#)
    let views = views(s)
    guard case .scaleEffect(let a, _, _) = modifier(views[0]), case .scaleEffect(let b, _, _) = modifier(views[1]),
      case .track(let ta) = a, case .track(let tb) = b
    else { return XCTFail() }
    XCTAssertEqual(ta.values, [1, 0.5, 1])
    XCTAssertEqual(tb.values, [1, 0.2, 0.6, 1])
    XCTAssertEqual(a.value(at: 0.25), 0.75, accuracy: 1e-12)
    XCTAssertEqual(b.value(at: 0.25), 0.2, accuracy: 1e-12)
    XCTAssertEqual(b.value(at: 0.375), 0.4, accuracy: 1e-12)
    XCTAssertEqual(b.value(at: 0.75), 0.6 + 0.4 * Self.ease(0.5), accuracy: 1e-5)
  }

  func testIndexedListMistakes() {
    func forEach(_ modifier: String) -> String {
      presetText(view: #"{"ZStack": {"content": [{"ForEach": {"range": 3, "content": [{"Circle": {}, "modifiers": [\#(modifier)]}]}}]}}"#)
    }
    let anim = #""animation": "linear(duration: 1)""#
    let outOfRange = forEach(#"{"opacity": {"values": [1, 0], "curve": "[ease, linear][i]", \#(anim)}}"#)
    XCTAssertEqual(
      presetError(outOfRange),
      "test.json:4:\(column(of: "i]\"", in: outOfRange)): array index 2 is out of range: the array has 2 values, indices 0…1 (at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity.curve)")
    let misspelt = forEach(#"{"opacity": {"values": [1, 0], "curve": "[ease, lnear, ease][i]", \#(anim)}}"#)
    let message = presetError(misspelt) ?? ""
    XCTAssertTrue(message.hasPrefix("test.json:4:\(column(of: "lnear", in: misspelt)): "), message)
    XCTAssertTrue(message.hasSuffix("(at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity.curve)"), message)
    let notAList = forEach(#"{"opacity": {"values": "[[1, 0], 5, [0, 1]][i]", \#(anim)}}"#)
    XCTAssertEqual(
      presetError(notAList),
      "test.json:4:\(column(of: "5, [0", in: notAList)): each choice of '[[1, 0], 5, [0, 1]][i]' must be a list in brackets, such as [0, 1] (at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity.values)")
    let short = forEach(#"{"opacity": {"values": "[[1, 0], [1, 0.5, 0]][i % 2]", "keyTimes": "[[0, 1], [0, 1]][i % 2]", \#(anim)}}"#)
    XCTAssertEqual(
      presetError(short),
      "test.json:4:\(column(of: "\"[[0, 1], [0, 1]]", in: short)): 'keyTimes' has 2 entries but 'values' has 3 (at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity.keyTimes)")
    let badValue = forEach(#"{"opacity": {"values": "[[1, 0], [1, 2 +]][1]", \#(anim)}}"#)
    let m = presetError(badValue) ?? ""
    XCTAssertTrue(m.hasPrefix("test.json:4:"), m)
    XCTAssertTrue(m.hasSuffix("(at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity.values[1])"), m)
  }
}

/// epic-spinners' Semipolar and Bootstrap's spinner-grow against their CSS: each ring's turn
/// and scale, the disc's scale and opacity, at many instants, from the keyframes with the
/// element's own values at the missing ends.
final class CSSBasePortTests: XCTestCase {
  func drawings(_ items: [DisplayItem], opacity: Double = 1) -> [(Drawing, Double)] {
    items.flatMap { item -> [(Drawing, Double)] in
      switch item {
      case .drawing(let d): return [(d, opacity)]
      case .layer(let l): return drawings(l.items, opacity: opacity * l.opacity)
      case .projected(let g): return drawings(g.items, opacity: opacity)
      case .clipped(let c): return drawings(c.items, opacity: opacity)
      case .masked(let g): return drawings(g.items, opacity: opacity)
      }
    }
  }

  /// Ring i (drawn fifth to first: z-index 5 is the outer ring) runs 2 s with ease from the
  /// delay 0.2·(4 − i) s: rotate 0 → 360° → 0 and scale 1 → 0.7 → 1 about its centre.
  func testSemipolarFollowsTheCSS() throws {
    let scene = try Preset.load(path: presetPath("epic-spinners-semipolar")).scene()
    XCTAssertEqual(scene.timeline.period, 2, accuracy: 1e-12)
    for k in 0..<200 {
      let t = Double(k) / 100
      let rings = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(rings.count, 5)
      for (n, (ring, _)) in rings.enumerated() {
        let i = 4 - n
        var local = (t - 0.2 * Double(4 - i)).truncatingRemainder(dividingBy: 2)
        if local < 0 { local += 2 }
        let p = local / 2
        let e = CSSKeyframeTests.ease(p < 0.5 ? p / 0.5 : (p - 0.5) / 0.5)
        let angle = (p < 0.5 ? 360 * e : 360 * (1 - e)) * .pi / 180
        let scale = p < 0.5 ? 1 - 0.3 * e : 0.7 + 0.3 * e
        XCTAssertEqual(ring.transform.a, scale * cos(angle), accuracy: 1e-5, "ring \(i) at \(t) s")
        XCTAssertEqual(ring.transform.b, scale * sin(angle), accuracy: 1e-5, "ring \(i) at \(t) s")
      }
    }
  }

  /// 0.75 s linear: opacity 0 → 1 → 0 (the element's own 0 at both ends), scale 0 → 1 → 1.
  func testSpinnerGrowFollowsTheCSS() throws {
    let scene = try Preset.load(path: presetPath("bootstrap-spinner-grow")).scene()
    XCTAssertEqual(scene.timeline.period, 0.75, accuracy: 1e-12)
    for k in 0..<150 {
      let t = Double(k) * 0.005
      let p = t / 0.75
      let opacity = p < 0.5 ? p / 0.5 : 1 - (p - 0.5) / 0.5
      let scale = p < 0.5 ? p / 0.5 : 1
      let discs = drawings(scene.displayList(at: t).items)
      if opacity < 1e-9 || scale < 1e-9 {
        XCTAssertTrue(discs.isEmpty || discs[0].1 < 1e-9 || abs(discs[0].0.transform.a) < 1e-9, "nothing drawn at \(t) s")
        continue
      }
      XCTAssertEqual(discs.count, 1, "\(t) s")
      XCTAssertEqual(discs[0].1, opacity, accuracy: 1e-9, "opacity at \(t) s")
      XCTAssertEqual(discs[0].0.transform.a, scale, accuracy: 1e-9, "scale at \(t) s")
    }
  }
}
