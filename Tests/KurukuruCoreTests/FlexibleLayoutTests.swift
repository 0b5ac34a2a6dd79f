import XCTest

@testable import KurukuruCore

/// `Spacer`, flexible frames, `aspectRatio`, `fixedSize`, `overlay` and `background` in the one
/// layout pass. Every expected number is worked out by hand from SwiftUI's rules (Presets/README
/// §4–§5): stacks size their least flexible children first, each offered an equal share of
/// what is left; a flexible frame clamps its offer to min…max and then takes
/// `max(min, min(child, offer))` / `min(max, max(child, offer))`; shapes are 10 pt on a side
/// they are offered nothing on.
final class FlexibleLayoutTests: XCTestCase {
  func scene(_ view: String, width: Double = 200, height: Double = 60) throws -> ResolvedScene {
    try Preset(text: #"{"width": \#(width), "height": \#(height), "view": \#(view)}"#, file: "t.json").scene()
  }

  func assertRect(_ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double, line: UInt = #line) {
    for (a, b) in [(r.minX, x), (r.minY, y), (r.size.width, w), (r.size.height, h)] {
      XCTAssertEqual(a, b, accuracy: 1e-9, "\(r)", line: line)
    }
  }

  // MARK: - Stacks and Spacer

  /// HStack(spacing: 10) { Circle 20 pt; Spacer(); Capsule().frame(height: 10) } offered 200:
  /// 200 − 2·10 = 180 to share. Flexibility (offered 10⁷ less offered 0): circle 0, spacer
  /// 10⁷ − 8 (its minimum is 8), capsule 10⁷. The circle takes 20 of a 60 share; the spacer
  /// 80 of 160 / 2; the capsule the 80 left. x: circle 0, spacer 30, capsule 120; the stack is
  /// 20 high (the spacer is 0 high in an HStack), centred across.
  func testAnHStackSharesTheRestBetweenASpacerAndAFlexibleCapsule() throws {
    let s = try scene(#"{"HStack": {"spacing": 10, "content": [{"Circle": {}, "modifiers": [{"frame": 20}]}, {"Spacer": {}}, {"Capsule": {}, "modifiers": [{"frame": {"height": 10}}]}]}}"#)
    let (origin, root) = s.layout(at: 0)
    XCTAssertEqual(root.children.map(\.size), [Size(width: 20, height: 20), Size(width: 80, height: 0), Size(width: 80, height: 10)])
    XCTAssertEqual(root.childOffsets, [Point(x: 0, y: 0), Point(x: 30, y: 10), Point(x: 120, y: 5)])
    XCTAssertEqual(root.size, Size(width: 200, height: 20))
    XCTAssertEqual(origin, Point(x: 0, y: 20))
    let d = flatDrawings(s.displayList(at: 0).items).map(\.drawing)
    XCTAssertEqual(d.count, 2)
    assertRect(canvasBounds(d[0]), 0, 20, 20, 20)
    assertRect(canvasBounds(d[1]), 120, 25, 80, 10)
  }

  /// Two 90-pt bars and `Spacer(minLength: 30)` with no spacing in 200 pt: 20 pt are left but
  /// the spacer keeps its 30, so the stack is 210 wide and overhangs the canvas by 5 a side.
  /// A VStack's spacer is as wide as nothing and as tall as it is offered.
  func testASpacerKeepsItsMinimumLength() throws {
    let s = try scene(#"{"HStack": {"spacing": 0, "content": [{"Rectangle": {}, "modifiers": [{"frame": {"width": 90, "height": 10}}]}, {"Spacer": {"minLength": 30}}, {"Rectangle": {}, "modifiers": [{"frame": {"width": 90, "height": 10}}]}]}}"#)
    let (origin, root) = s.layout(at: 0)
    XCTAssertEqual(root.children[1].size, Size(width: 30, height: 0))
    XCTAssertEqual(root.childOffsets.map(\.x), [0, 90, 120])
    XCTAssertEqual(origin.x, -5)
    let v = try scene(#"{"VStack": {"spacing": 0, "content": [{"Circle": {}, "modifiers": [{"frame": 10}]}, {"Spacer": {"minLength": 0}}, {"Circle": {}, "modifiers": [{"frame": 10}]}]}}"#)
    let column = v.layout(at: 0).root
    XCTAssertEqual(column.children[1].size, Size(width: 0, height: 40))
    XCTAssertEqual(column.childOffsets.map(\.y), [0, 10, 50])
    XCTAssertEqual(column.size, Size(width: 10, height: 60))
  }

  // MARK: - Flexible frames

  /// `frame(maxWidth: .infinity, alignment: .leading)` around a 20-pt circle offered 200 × 60:
  /// min(∞, max(20, 200)) = 200 wide, 20 high (no height bounds), the circle at the left.
  func testMaxWidthInfinityTakesTheOfferAndAligns() throws {
    let s = try scene(#"{"Circle": {}, "modifiers": [{"frame": 20}, {"frame": {"maxWidth": "infinity", "alignment": "leading"}}]}"#)
    let (origin, root) = s.layout(at: 0)
    XCTAssertEqual(root.size, Size(width: 200, height: 20))
    XCTAssertEqual(root.shifts, [.zero, .zero])
    XCTAssertEqual(origin, Point(x: 0, y: 20))
    assertRect(canvasBounds(flatDrawings(s.displayList(at: 0).items).map(\.drawing)[0]), 0, 20, 20, 20)
    XCTAssertEqual(s.root.modifiers[1], .flexibleFrame(FlexibleFrame(maxWidth: .infinity, alignment: UnitAnchor(x: 0, y: 0.5))))
  }

  /// minWidth 40 around a 10-pt square: max(40, min(10, 200)) = 40, the square centred (shift
  /// 15); minHeight 5 < 10 keeps 10. A bare Rectangle bounded by maxWidth 50, maxHeight 30 is
  /// offered min(200, 50) × min(60, 30) and takes it.
  func testMinimumsAndMaximums() throws {
    let lo = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": 10}, {"frame": {"minWidth": 40, "minHeight": 5}}]}"#).layout(at: 0).root
    XCTAssertEqual(lo.size, Size(width: 40, height: 10))
    XCTAssertEqual(lo.shifts[1], Point(x: 15, y: 0))
    let hi = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": {"maxWidth": 50, "maxHeight": 30}}]}"#).layout(at: 0).root
    XCTAssertEqual(hi.sizes, [Size(width: 50, height: 30), Size(width: 50, height: 30)])
    // Offered less than the minimum, the content is offered the minimum.
    let narrow = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": {"minWidth": 300}}]}"#).layout(at: 0).root
    XCTAssertEqual(narrow.size, Size(width: 300, height: 60))
  }

  /// `fixedSize()` offers nothing: a shape is 10 × 10, a frame's ideal sizes win, and a
  /// horizontal-only fixedSize keeps the offered height.
  func testFixedSizeTakesIdealSizes() throws {
    XCTAssertEqual(try scene(#"{"Circle": {}, "modifiers": [{"fixedSize": true}]}"#).layout(at: 0).root.size, Size(width: 10, height: 10))
    XCTAssertEqual(
      try scene(#"{"Rectangle": {}, "modifiers": [{"frame": {"idealWidth": 70, "idealHeight": 30}}, {"fixedSize": {}}]}"#).layout(at: 0).root.size,
      Size(width: 70, height: 30))
    XCTAssertEqual(
      try scene(#"{"Rectangle": {}, "modifiers": [{"frame": {"idealWidth": 70}}, {"fixedSize": {"vertical": false}}]}"#).layout(at: 0).root.size,
      Size(width: 70, height: 60))
    // An HStack under fixedSize adds its children's ideal widths: 10 + 8 + 8 (a Spacer's minimum).
    XCTAssertEqual(
      try scene(#"{"HStack": {"content": [{"Circle": {}}, {"Spacer": {}}]}, "modifiers": [{"fixedSize": true}]}"#).layout(at: 0).root.size,
      Size(width: 26, height: 10))
  }

  /// aspectRatio(2, .fit) in 200 × 60: min(200, 60·2) = 120 × 60; `.fill`: max(200, 120) =
  /// 200 × 100; without a ratio a shape's ideal 10 × 10 gives 1: 60 × 60.
  func testAspectRatioFitsOrFills() throws {
    XCTAssertEqual(try scene(#"{"Rectangle": {}, "modifiers": [{"aspectRatio": 2}]}"#).layout(at: 0).root.size, Size(width: 120, height: 60))
    XCTAssertEqual(
      try scene(#"{"Rectangle": {}, "modifiers": [{"aspectRatio": {"ratio": 2, "contentMode": "fill"}}]}"#).layout(at: 0).root.size,
      Size(width: 200, height: 100))
    let s = try scene(#"{"Circle": {}, "modifiers": [{"aspectRatio": "fit"}]}"#)
    XCTAssertEqual(s.layout(at: 0).root.size, Size(width: 60, height: 60))
    assertRect(canvasBounds(flatDrawings(s.displayList(at: 0).items).map(\.drawing)[0]), 70, 0, 60, 60)
  }

  // MARK: - overlay and background

  /// A 100 × 10 capsule with an overlay circle aligned leading and a red background: the
  /// overlay is offered 100 × 10 and its 10-pt circle sits at the capsule's left end; the
  /// background Rectangle fills the frame; drawn background, capsule, circle; the size stays
  /// 100 × 10.
  func testOverlayAndBackgroundAreOfferedTheViewsSize() throws {
    let s = try scene(#"{"Capsule": {}, "modifiers": [{"fill": "blue"}, {"frame": {"width": 100, "height": 10}}, {"overlay": {"alignment": "leading", "content": {"Circle": {}, "modifiers": [{"fill": "white"}, {"frame": 10}]}}}, {"background": "red"}]}"#)
    let (origin, root) = s.layout(at: 0)
    XCTAssertEqual(root.size, Size(width: 100, height: 10))
    XCTAssertEqual(root.attachments[1]?.offset, .zero)
    XCTAssertEqual(root.attachments[1]?.layout.size, Size(width: 10, height: 10))
    XCTAssertEqual(root.attachments[2]?.layout.size, Size(width: 100, height: 10))
    XCTAssertEqual(origin, Point(x: 50, y: 25))
    let d = flatDrawings(s.displayList(at: 0).items).map(\.drawing)
    let colors = d.map { drawing -> [UInt8] in
      guard case .color(let c) = drawing.paint else { return [] }
      return [c.rgba8.r, c.rgba8.g, c.rgba8.b]
    }
    XCTAssertEqual(colors, [[0xFF, 0x3B, 0x30], [0x00, 0x7A, 0xFF], [0xFF, 0xFF, 0xFF]])
    assertRect(canvasBounds(d[0]), 50, 25, 100, 10)
    assertRect(canvasBounds(d[2]), 50, 25, 10, 10)
  }

  /// An overlay larger than its view overhangs it by half the difference (centred) and does
  /// not change the layout: the root is still the 10-pt square.
  func testALargerOverlayOverhangs() throws {
    let s = try scene(#"{"Rectangle": {}, "modifiers": [{"frame": 10}, {"overlay": {"Circle": {}, "modifiers": [{"stroke": "red"}, {"frame": 30}]}}]}"#)
    XCTAssertEqual(s.layout(at: 0).root.size, Size(width: 10, height: 10))
    XCTAssertEqual(s.layout(at: 0).root.attachments[1]?.offset, Point(x: -10, y: -10))
    assertRect(canvasBounds(flatDrawings(s.displayList(at: 0).items).map(\.drawing)[1]), 85, 15, 30, 30)
  }

  /// The views under overlay and background count against the view limit and their animations
  /// set the loop.
  func testAttachedViewsCountAndAnimate() throws {
    let s = try scene(#"{"Rectangle": {}, "modifiers": [{"background": {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 3)"}}]}}]}"#)
    XCTAssertEqual(s.viewCount, 2)
    XCTAssertEqual(s.timeline.period, 3, accuracy: 1e-12)
  }

  // MARK: - Errors

  func testErrorsNameThePlace() {
    func error(_ modifiers: String, view: String = #""Circle": {}"#) -> String? {
      presetError(#"{"width": 40, "height": 40, "view": {"# + view + #", "modifiers": ["# + modifiers + "]}}")
    }
    XCTAssertEqual(
      error(#"{"overlay": {"alignment": "middle", "content": {"Circle": {}}}}"#),
      "test.json:1:92: unknown unit point 'middle' (at view.modifiers[0].overlay.alignment)")
    XCTAssertEqual(
      error(#"{"frame": {"maxWidth": 20, "minWidth": 30}}"#),
      "test.json:1:76: contradictory frame constraints: minWidth 30 is more than maxWidth 20 (SwiftUI needs min ≤ ideal ≤ max) (at view.modifiers[0].frame)")
    XCTAssertEqual(
      error(#"{"frame": {"minWidth": "infinity"}}"#),
      "test.json:1:89: only a maximum may be infinite ('minWidth' is a length in points) (at view.modifiers[0].frame.minWidth)")
    XCTAssertEqual(
      error(#"{"frame": {"width": 10, "maxWidth": 30}}"#),
      "test.json:1:86: frame takes either 'width'/'height' or min/ideal/max sizes (SwiftUI's two frame modifiers), not both (at view.modifiers[0].frame.width)")
    XCTAssertEqual(
      error("", view: #""HStack": {"content": [{"Spacer": {"minLength": -4}}]}"#),
      "test.json:1:86: Spacer's minLength must be in 0…8192 points, got -4 (at view.HStack.content[0].Spacer.minLength)")
    XCTAssertEqual(
      error(#"{"aspectRatio": {"ratio": 1, "contentMode": "filll"}}"#),
      "test.json:1:110: unknown contentMode 'filll' — did you mean 'fill'? (expected fit or fill) (at view.modifiers[0].aspectRatio.contentMode)")
    XCTAssertEqual(
      error(#"{"background": {"alignment": "top"}}"#),
      "test.json:1:81: background needs 'content' (a view) (at view.modifiers[0].background)")
    // CSS and UIKit sizing words suggest the layout words by meaning.
    XCTAssertEqual(
      error(#"{"maxWidth": "infinity"}"#),
      "test.json:1:67: unknown modifier 'maxWidth' — did you mean 'frame'? (at view.modifiers[0])")
    XCTAssertEqual(
      error("", view: #""HStack": {"content": [{"flexGrow": {}}]}"#),
      "test.json:1:62: unknown view 'flexGrow' — did you mean 'Spacer'? (at view.HStack.content[0])")
  }
}
