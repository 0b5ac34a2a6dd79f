import XCTest

@testable import KurukuruCore

/// The one layout pass: its numbers, and that drawing is built from them.
final class LayoutTests: XCTestCase {
  func scene(_ view: String, width: Double = 100, height: Double = 60) throws -> ResolvedScene {
    try Preset(text: #"{"width": \#(width), "height": \#(height), "view": \#(view)}"#, file: "t.json").scene()
  }

  func testAnHStackOffersTheLeastFlexibleChildFirstAndAlignsAcross() throws {
    let s = try scene(
      #"{"HStack": {"spacing": 10, "alignment": "top", "content": [{"Circle": {}, "modifiers": [{"frame": {"width": 20, "height": 20}}]}, {"Rectangle": {}}]}}"#)
    let (origin, root) = s.layout(at: 0)
    // The fixed circle first (20 pt), then the rectangle takes the rest: 100 − 20 − 10 = 70 pt.
    XCTAssertEqual(root.children.map(\.size), [Size(width: 20, height: 20), Size(width: 70, height: 60)])
    XCTAssertEqual(root.childOffsets, [Point(x: 0, y: 0), Point(x: 30, y: 0)])
    XCTAssertEqual(root.size, Size(width: 100, height: 60))
    XCTAssertEqual(origin, .zero)
    // The circle's frame centres its 20×20 content (offered 20×20: no shift).
    XCTAssertEqual(root.children[0].shifts, [.zero])
  }

  func testFrameAlignmentAndPaddingAreShiftsAndTheRootIsCentred() throws {
    let s = try scene(
      #"{"Circle": {}, "modifiers": [{"frame": {"width": 10, "height": 10}}, {"padding": 5}, {"frame": {"width": 40, "height": 30, "alignment": "bottomTrailing"}}]}"#)
    let (origin, root) = s.layout(at: 0)
    XCTAssertEqual(root.sizes, [Size(width: 10, height: 10), Size(width: 10, height: 10), Size(width: 20, height: 20), Size(width: 40, height: 30)])
    XCTAssertEqual(root.shifts, [.zero, Point(x: 5, y: 5), Point(x: 20, y: 10)])
    XCTAssertEqual(root.baseProposal, Size(width: 10, height: 10))
    XCTAssertEqual(origin, Point(x: 30, y: 15))
    // Drawing places the circle where the layout says: (30 + 20 + 5, 15 + 10 + 5), 10 pt wide.
    let list = s.displayList(at: 0)
    guard case .drawing(let d)? = list.items.first else { return XCTFail("no drawing") }
    let points = d.path.elements.compactMap { element -> Point? in
      switch element {
      case .move(let p), .line(let p), .cubic(_, _, let p): return d.transform.apply(p)
      case .close: return nil
      }
    }
    XCTAssertEqual(points.map(\.x).min() ?? .nan, 55, accuracy: 1e-9)
    XCTAssertEqual(points.map(\.y).min() ?? .nan, 30, accuracy: 1e-9)
    XCTAssertEqual((points.map(\.x).max() ?? .nan) - 55, 10, accuracy: 1e-9)
  }

  func testAnimatedFrameSizesChangeTheLayoutOverTime() throws {
    let s = try scene(
      #"{"Rectangle": {}, "modifiers": [{"frame": {"width": {"from": 10, "to": 50, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}, "height": 10}}]}"#)
    XCTAssertEqual(s.layout(at: 0).root.size.width, 10, accuracy: 1e-9)
    XCTAssertEqual(s.layout(at: 0.5).root.size.width, 30, accuracy: 1e-9)
    XCTAssertEqual(s.layout(at: 0.5).origin.x, 35, accuracy: 1e-9)
    // Past the loop the layout wraps, as frames do.
    XCTAssertEqual(s.layout(at: 1.5).root, s.layout(at: 0.5).root)
  }

  func testModifierTransformsTurnAboutTheirAnchor() {
    let m = Modifier.rotationEffect(degrees: .constant(90), anchor: UnitAnchor(x: 0, y: 0))
    let t = m.transform(contentSize: Size(width: 10, height: 10), shift: .zero, at: 0)
    // About the top-left corner, a quarter turn clockwise on screen takes (10, 0) to (0, 10).
    let p = t?.apply(Point(x: 10, y: 0))
    XCTAssertEqual(p?.x ?? .nan, 0, accuracy: 1e-12)
    XCTAssertEqual(p?.y ?? .nan, 10, accuracy: 1e-12)
    XCTAssertNil(Modifier.opacity(.constant(0.5)).transform(contentSize: .zero, shift: .zero, at: 0))
  }

  // MARK: - Work

  /// Stacks nested 32 deep (the preset limit), each holding the next stack, a rectangle and a
  /// `Spacer(minLength: 0)`: a stack measures every child offered 0, offered everything and offered its share
  /// before placing it, so without the pass's memory the work would grow as 4³² measurements.
  /// Remembered, each view is measured once per distinct offer. The numbers: every stack is
  /// offered the whole 200-pt width, the inner 10-pt circle is the least flexible child, then
  /// the rectangle and spacer split what is left.
  func testNestedStacksAreMeasuredOncePerOffer() throws {
    let leaf = try scene(#"{"Circle": {}, "modifiers": [{"frame": 10}]}"#).root
    let filler = try scene(#"{"Rectangle": {}}"#).root
    let spacer = try scene(#"{"Spacer": {"minLength": 0}}"#).root
    var view = leaf
    for _ in 0..<32 {
      view = SceneView(kind: .hStack(alignment: .center, spacing: 0, children: [view, filler, spacer]))
    }
    let layout = Layout(t: 0)
    let root = layout.place(view, proposal: Size(width: 200, height: 60))
    XCTAssertEqual(root.size.width, 200, accuracy: 1e-9)
    XCTAssertEqual(root.size.height, 60)
    XCTAssertLessThan(layout.measurementCount, 100 * view.viewCount)
    // The innermost stack: circle 10, then rectangle and spacer share what its parent left it.
    var inner = root
    while let first = inner.children.first, !first.children.isEmpty { inner = first }
    XCTAssertEqual(inner.children.first?.size, Size(width: 10, height: 10))
  }

  /// Stacks alternating HStack and VStack 20 deep, each around a rectangle under
  /// `aspectRatio(2)`: every level offers its children sizes that depend on both sides of its
  /// own offer, so the distinct offers multiply (about 3²⁰ measurements). Resolving refuses it
  /// at the limit, naming the view, in well under a second, and a pass past its budget stops
  /// measuring.
  func testALayoutPastTheMeasurementLimitIsRefused() throws {
    var view = #"{"Circle": {}, "modifiers": [{"frame": 10}]}"#
    for level in 0..<20 {
      let stack = level % 2 == 0 ? "HStack" : "VStack"
      view = #"{"\#(stack)": {"content": [\#(view), {"Rectangle": {}, "modifiers": [{"aspectRatio": {"ratio": 2}}]}, {"Spacer": {}}]}}"#
    }
    let message = presetError(presetText(view: view))
    XCTAssertEqual(
      message,
      "test.json:4:11: the layout needs more than 100000 measurements (stacks nested in alternating directions around views sized by aspectRatio or flexible frames); flatten the stacks or give the views fixed frames (at view)")
    let small = Layout(t: 0, budget: 500)
    let leaf = try scene(#"{"Rectangle": {}, "modifiers": [{"aspectRatio": {"ratio": 2}}]}"#).root
    var tree = leaf
    for level in 0..<12 {
      tree = SceneView(kind: level % 2 == 0
        ? .hStack(alignment: .center, spacing: 0, children: [tree, leaf])
        : .vStack(alignment: .center, spacing: 0, children: [tree, leaf]))
    }
    _ = small.place(tree, proposal: Size(width: 100, height: 60))
    XCTAssertTrue(small.exceeded)
    // Measurements already under way when the budget runs out still finish: at most one per
    // level and modifier of the tree above them.
    XCTAssertLessThanOrEqual(small.measurementCount, 500 + 2 * 13 * 2)
  }

  /// Every bundled preset lays out its first instant in a small share of the limit.
  func testBundledPresetsNeedFewMeasurements() throws {
    let folder = repositoryRoot.appendingPathComponent("Presets")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && $0 != "schema.json" }
    XCTAssertGreaterThan(names.count, 50)
    var most = 0
    for name in names {
      let s = try Preset.load(path: folder.appendingPathComponent(name).path).scene()
      let layout = Layout(t: 0)
      _ = layout.place(s.root, proposal: s.size)
      most = max(most, layout.measurementCount)
    }
    XCTAssertLessThan(most, Limits().maxLayoutMeasurements / 100, "most: \(most)")
  }
}
