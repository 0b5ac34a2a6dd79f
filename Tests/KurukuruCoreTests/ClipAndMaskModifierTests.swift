import XCTest

@testable import KurukuruCore

/// `clipShape`, `clipped`, `cornerRadius` and `mask` lower to clip and mask groups placed in the
/// view's frame at the modifier, as SwiftUI places them; expected numbers from the geometry.
final class ClipAndMaskModifierTests: XCTestCase {
  func scene(_ view: String, width: Double = 100, height: Double = 100) throws -> ResolvedScene {
    try Preset(text: #"{"width": \#(width), "height": \#(height), "view": \#(view)}"#, file: "t.json").scene()
  }

  /// The bounds of a path mapped by `m`, from its end points and control points.
  func bounds(_ path: BezierPath, _ m: Transform) -> Rect {
    var xs: [Double] = [], ys: [Double] = []
    for e in path.elements {
      switch e {
      case .move(let p), .line(let p), .cubic(_, _, let p):
        let q = m.apply(p)
        xs.append(q.x); ys.append(q.y)
      case .close: break
      }
    }
    let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
    return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
  }

  func assertRect(_ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double, line: UInt = #line) {
    for (a, b) in [(r.minX, x), (r.minY, y), (r.size.width, w), (r.size.height, h)] {
      XCTAssertEqual(a, b, accuracy: 1e-9, "\(r)", line: line)
    }
  }

  /// A 40-pt frame centred in 100 pt: the circle clip is the disc of radius 20 about (50, 50);
  /// the content's offset moves the content, not the clip (SwiftUI clips the frame).
  func testClipShapeIsTheShapeInTheFrameAtTheModifier() throws {
    let s = try scene(#"{"Rectangle": {}, "modifiers": [{"fill": "red"}, {"frame": 40}, {"offset": {"x": 15}}, {"clipShape": "Circle"}]}"#)
    let items = s.displayList(at: 0).items
    guard items.count == 1, case .clipped(let clip) = items[0] else { return XCTFail("\(items)") }
    XCTAssertFalse(clip.evenOdd)
    assertRect(bounds(clip.path, clip.transform), 30, 30, 40, 40)
    guard case .drawing(let d) = clip.items.first else { return XCTFail("\(clip.items)") }
    assertRect(bounds(d.path, d.transform), 45, 30, 40, 40)
  }

  func testClipShapeArgumentFormTakesEvenOddAndAShapeObject() throws {
    let s = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": {"width": 60, "height": 20}}, {"clipShape": {"shape": {"RoundedRectangle": {"cornerRadius": 4}}, "style": {"eoFill": true}}}]}"#)
    guard case .clipped(let clip) = s.displayList(at: 0).items.first else { return XCTFail() }
    XCTAssertTrue(clip.evenOdd)
    assertRect(bounds(clip.path, clip.transform), 20, 40, 60, 20)
    XCTAssertEqual(s.root.modifiers.last, .clipShape(.roundedRectangle(cornerRadius: .constant(4)), evenOdd: true))
  }

  /// `clipped()` is the frame's rectangle; `cornerRadius(r)` its rounded rectangle, whose
  /// animated radius the timeline sees (a 2 s loop).
  func testClippedAndCornerRadiusClipToTheFrame() throws {
    let clipped = try scene(#"{"Circle": {}, "modifiers": [{"frame": 80}, {"frame": {"width": 30, "height": 50}}, {"clipped": {}}]}"#)
    guard case .clipped(let c) = clipped.displayList(at: 0).items.first else { return XCTFail() }
    assertRect(bounds(c.path, c.transform), 35, 25, 30, 50)
    let rounded = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": 40}, {"cornerRadius": {"from": 0, "to": 20, "animation": "linear(duration: 2)"}}]}"#)
    XCTAssertEqual(rounded.timeline.period, 2, accuracy: 1e-12)
    guard case .clipped(let r) = rounded.displayList(at: 1).items.first else { return XCTFail() }
    // Radius 10 at t = 1: the top edge runs straight from x = 40 to 60 (30 + 10 to 70 − 10).
    guard case .move(let start) = r.path.elements.first else { return XCTFail() }
    XCTAssertEqual(r.transform.apply(start).y, 30, accuracy: 1e-9)
    let straight = r.path.elements.compactMap { e -> Point? in if case .line(let p) = e { return r.transform.apply(p) }; return nil }
    XCTAssertTrue(straight.contains { abs($0.x - 60) < 1e-9 && abs($0.y - 30) < 1e-9 }, "\(straight)")
  }

  /// The mask view is offered the content's size and aligned in its frame; its items are the
  /// mask, never drawn; its animation counts for the loop.
  func testMaskIsPlacedByItsAlignmentAndAnimatesTheLoop() throws {
    let s = try scene(#"{"Rectangle": {}, "modifiers": [{"fill": "blue"}, {"frame": 40}, {"mask": {"alignment": "topLeading", "content": {"Circle": {}, "modifiers": [{"frame": 10}, {"opacity": {"from": 1, "to": 0.5, "animation": "linear(duration: 3)"}}]}}}]}"#)
    XCTAssertEqual(s.timeline.period, 3, accuracy: 1e-12)
    XCTAssertEqual(s.viewCount, 2)
    guard case .masked(let g) = s.displayList(at: 0).items.first else { return XCTFail() }
    XCTAssertEqual(g.source, .alpha)
    XCTAssertFalse(g.inverted)
    guard case .drawing(let m) = g.mask.first else { return XCTFail("\(g.mask)") }
    assertRect(bounds(m.path, m.transform), 30, 30, 10, 10)
    guard case .drawing(let d) = g.items.first else { return XCTFail() }
    assertRect(bounds(d.path, d.transform), 30, 30, 40, 40)
  }

  /// Several mask views (a `ForEach`) are overlaid as in a ZStack with the mask's alignment,
  /// and a clip that ends in nothing or a mask with no ink hide the view.
  func testAForEachMaskIsAZStackAndEmptyClipsHide() throws {
    let s = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": 40}, {"mask": {"alignment": "bottom", "content": {"ForEach": {"range": 3, "content": [{"Circle": {}, "modifiers": [{"frame": "10 * (i + 1)"}]}]}}}}]}"#)
    guard case .mask(let view, _) = s.root.modifiers.last, case .zStack(let alignment, let children) = view.kind else {
      return XCTFail("\(s.root.modifiers)")
    }
    XCTAssertEqual(alignment, UnitAnchor(x: 0.5, y: 1))
    XCTAssertEqual(children.count, 3)
    guard case .masked(let g) = s.displayList(at: 0).items.first else { return XCTFail() }
    // The ZStack is as large as its largest circle (30 pt), placed at the bottom of the 40-pt
    // frame, and aligns each circle at its bottom: the 10-pt one spans y 60…70 of the canvas.
    guard case .drawing(let small) = g.mask.first else { return XCTFail() }
    assertRect(bounds(small.path, small.transform), 45, 60, 10, 10)
    let empty = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": 40}, {"mask": {"Circle": {}, "modifiers": [{"opacity": 0}]}}]}"#)
    XCTAssertEqual(empty.displayList(at: 0).items, [])
    let none = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": 40}, {"clipShape": {"Arc": {"startAngle": 0, "endAngle": 0}}}]}"#)
    XCTAssertEqual(none.displayList(at: 0).items, [])
  }

  /// Android's indeterminate bar: a rectangle starting at x = −522.6 of a 360-wide viewport
  /// overflows the canvas unless clipped; clipped, the ink is the frame's and no warning fires.
  func testAClipRemovesTheOverflowThatItCuts() throws {
    let bar = #"{"Rectangle": {}, "modifiers": [{"frame": {"width": 360, "height": 10}}, {"offset": {"x": -522.6}}, {"frame": {"width": 360, "height": 10}}MORE]}"#
    let open = try scene(bar.replacingOccurrences(of: "MORE", with: ""), width: 360, height: 10)
    let overflow = try XCTUnwrap(open.displayList(at: 0).overflow())
    XCTAssertEqual(overflow.amount, 522.6, accuracy: 1e-9)
    XCTAssertEqual(overflow.edge, .left)
    let shut = try scene(bar.replacingOccurrences(of: "MORE", with: #", {"clipped": true}"#), width: 360, height: 10)
    XCTAssertNil(shut.displayList(at: 0).overflow())
    XCTAssertNil(shut.displayList(at: 0).inkBounds, "nothing of the bar is left inside")
  }

  func testErrorsNameThePlaceAndSuggestTheWords() {
    func error(_ modifier: String) -> String? {
      presetError(#"{"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": ["# + modifier + "]}}")
    }
    XCTAssertEqual(error(#"{"clip": "Circle"}"#), "test.json:1:67: unknown modifier 'clip' — did you mean 'clipShape'? (at view.modifiers[0])")
    XCTAssertEqual(error(#"{"clipPath": "Circle"}"#), "test.json:1:67: unknown modifier 'clipPath' — did you mean 'clipShape'? (at view.modifiers[0])")
    XCTAssertEqual(error(#"{"masksToBounds": true}"#), "test.json:1:67: unknown modifier 'masksToBounds' — did you mean 'clipped'? (at view.modifiers[0])")
    XCTAssertEqual(error(#"{"borderRadius": 4}"#), "test.json:1:67: unknown modifier 'borderRadius' — did you mean 'cornerRadius'? (at view.modifiers[0])")
    XCTAssertEqual(error(#"{"maskImage": {"Circle": {}}}"#), "test.json:1:67: unknown modifier 'maskImage' — did you mean 'mask'? (at view.modifiers[0])")
    XCTAssertEqual(
      error(#"{"clipShape": "Cirlce"}"#),
      "test.json:1:80: clipShape takes a shape (Circle, Ellipse, Rectangle, RoundedRectangle, Capsule, Arc, Polygon), not 'Cirlce' — did you mean 'Circle'? (at view.modifiers[0].clipShape)")
    XCTAssertEqual(
      error(#"{"clipShape": {"shape": "Circle", "style": {"evenOdd": true}}}"#),
      "test.json:1:110: unknown key 'evenOdd' (expected one of: eoFill, antialiased) (at view.modifiers[0].clipShape.style)")
    XCTAssertEqual(error(#"{"mask": {"alignment": "top"}}"#), "test.json:1:75: mask needs 'content' (a view) (at view.modifiers[0].mask)")
    XCTAssertEqual(
      error(#"{"mask": {"Sphere": {}}}"#),
      "test.json:1:76: unknown view 'Sphere' (at view.modifiers[0].mask)")
  }
}
