import XCTest

@testable import KurukuruCore

final class EvaluationTests: XCTestCase {
  func scene(_ view: String, width: Double = 100, height: Double = 100, extra: String = "") throws -> ResolvedScene {
    let text = """
      {"width": \(width), "height": \(height),\(extra) "view": \(view)}
      """
    return try Preset(text: text, file: "t.json").scene()
  }

  func drawings(_ items: [DisplayItem]) -> [Drawing] { drawingsInOrder(items) }

  /// Centre of a drawing's path bounds mapped to canvas points.
  func center(_ d: Drawing) -> Point {
    var xs: [Double] = [], ys: [Double] = []
    for e in d.path.elements {
      switch e {
      case .move(let p), .line(let p), .cubic(_, _, let p):
        let q = d.transform.apply(p)
        xs.append(q.x); ys.append(q.y)
      case .close: break
      }
    }
    return Point(x: ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2, y: ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2)
  }

  func drawingsPoints(_ list: DisplayList) -> [Point] {
    drawings(list.items).flatMap { d in
      d.path.elements.compactMap { e -> Point? in
        switch e {
        case .move(let p), .line(let p), .cubic(_, _, let p): return d.transform.apply(p)
        case .close: return nil
        }
      }
    }
  }

  func testOffsetThenRotateOrbitsTheCentre() throws {
    let s = try scene("""
      {"Circle": {}, "modifiers": [{"frame": 20}, {"offset": {"y": 30}},
        {"rotationEffect": {"from": 0, "to": 360, "animation": "linear(duration: 4).repeatForever(autoreverses: false)"}}]}
      """)
    let expected: [(Double, Point)] = [
      (0, Point(x: 50, y: 80)),  // below the centre
      (1, Point(x: 20, y: 50)),  // 90° clockwise on screen: to the left
      (2, Point(x: 50, y: 20)),
      (3, Point(x: 80, y: 50)),
    ]
    for (t, p) in expected {
      let c = center(drawings(s.displayList(at: t).items)[0])
      XCTAssertEqual(c.x, p.x, accuracy: 1e-6, "t=\(t)")
      XCTAssertEqual(c.y, p.y, accuracy: 1e-6, "t=\(t)")
    }
  }

  func testRotateThenOffsetDoesNotOrbit() throws {
    let s = try scene("""
      {"Circle": {}, "modifiers": [{"frame": 20},
        {"rotationEffect": {"from": 0, "to": 360, "animation": "linear(duration: 4).repeatForever(autoreverses: false)"}},
        {"offset": {"y": 30}}]}
      """)
    for t in [0.0, 1, 2, 3] {
      let c = center(drawings(s.displayList(at: t).items)[0])
      XCTAssertEqual(c.y, 80, accuracy: 1e-6)
      XCTAssertEqual(c.x, 50, accuracy: 1e-6)
    }
  }

  func testFrameAlignmentAndStacks() throws {
    let s = try scene("""
      {"HStack": {"spacing": 10, "content": [
        {"Rectangle": {}, "modifiers": [{"frame": {"width": 20, "height": 10}}]},
        {"Rectangle": {}, "modifiers": [{"frame": {"width": 30, "height": 30}}]}
      ]}}
      """)
    let d = drawings(s.displayList(at: 0).items)
    // Total width 60, centred: x from 20 to 80; the short one is centred vertically.
    XCTAssertEqual(center(d[0]).x, 30, accuracy: 1e-9)
    XCTAssertEqual(center(d[0]).y, 50, accuracy: 1e-9)
    XCTAssertEqual(center(d[1]).x, 65, accuracy: 1e-9)
    let top = try scene("""
      {"Circle": {}, "modifiers": [{"frame": {"width": 10, "height": 10}}, {"frame": {"width": 100, "height": 100, "alignment": "topLeading"}}]}
      """)
    XCTAssertEqual(center(drawings(top.displayList(at: 0).items)[0]), Point(x: 5, y: 5))
  }

  func testOpacityMakesOneLayerAndShadowMapsThroughTransforms() throws {
    let s = try scene("""
      {"ZStack": {"content": [{"Circle": {}}, {"Rectangle": {}}]},
       "modifiers": [{"frame": 40}, {"shadow": {"color": "white", "radius": 4, "x": 2}}, {"scaleEffect": 2}, {"opacity": 0.5}]}
      """)
    let list = s.displayList(at: 0)
    guard list.items.count == 1, case .layer(let outer) = list.items[0] else { return XCTFail("expected one layer") }
    XCTAssertEqual(outer.opacity, 0.5)
    guard case .layer(let shadowLayer) = outer.items[0], let shadow = shadowLayer.shadow else { return XCTFail("no shadow layer") }
    XCTAssertEqual(shadow.radius, 8, accuracy: 1e-12)
    XCTAssertEqual(shadow.offset.x, 4, accuracy: 1e-12)
    XCTAssertEqual(shadowLayer.items.count, 2)
  }

  func testTrimAndStrokeBorderResolve() throws {
    let s = try scene("""
      {"Circle": {}, "modifiers": [{"trim": {"to": 0.25}}, {"strokeBorder": {"paint": "red", "lineWidth": 10}}]}
      """)
    let d = drawings(s.displayList(at: 0).items)[0]
    guard case .stroke(let style) = d.style else { return XCTFail("not a stroke") }
    XCTAssertEqual(style.lineWidth, 10)
    // strokeBorder: radius 45, the path starts at 3 o'clock.
    guard case .move(let start) = d.path.elements[0] else { return XCTFail("no move") }
    XCTAssertEqual(start.x, 95, accuracy: 1e-9)
    XCTAssertEqual(d.paint, .color(ColorSyntax.named["red"] ?? .black))
  }

  func testAngularGradientResolvesInTheShapeFrame() throws {
    let s = try scene("""
      {"Circle": {}, "modifiers": [{"fill": {"AngularGradient": {"colors": ["red", "blue"], "angle": -90}}}, {"frame": 40}]}
      """)
    guard case .angular(let g) = drawings(s.displayList(at: 0).items)[0].paint else { return XCTFail("not angular") }
    XCTAssertEqual(g.center, Point(x: 20, y: 20))
    XCTAssertEqual(g.startAngle, -90)
    XCTAssertEqual(g.endAngle, 270)
    XCTAssertEqual(g.stops.map(\.location), [0, 1])
  }

  func testEvaluationIsPureAndSeedValuesMatchTheArticle() throws {
    let scene = try Preset.load(path: presetPath("loading-circle")).scene()
    // The seed's piecewise functions of t mod 1.2.
    func seedStart(_ t: Double) -> Double {
      let p = t.truncatingRemainder(dividingBy: 1.2)
      switch p {
      case ..<0.15: return 90 + p * 90 / 0.15
      case ..<0.3: return 180 + (p - 0.15) * 180 / 0.15
      case ..<0.75: return (p - 0.3) * 90 / 0.45
      case ..<0.9: return (p - 0.75) * 90 / 0.15 + 90
      case ..<1.05: return (p - 0.9) * 180 / 0.15 + 180
      default: return (p - 1.05) * 90 / 0.15
      }
    }
    func seedEnd(_ t: Double) -> Double {
      let p = t.truncatingRemainder(dividingBy: 1.2)
      switch p {
      case ..<0.75: return p * 180 / 0.75
      case ..<0.9: return (p - 0.75) * 180 / 0.15 + 180
      case ..<1.05: return (p - 0.9) * 90 / 0.15
      default: return (p - 1.05) * 270 / 0.15 + 90
      }
    }
    guard case .shape(let shape) = scene.root.kind, case .arc(let start, let end, _) = shape.shape else {
      return XCTFail("root is not an Arc")
    }
    for i in 0..<240 {
      let t = Double(i) * 0.01 + 0.003
      func mod360(_ a: Double) -> Double { let m = a.truncatingRemainder(dividingBy: 360); return m < 0 ? m + 360 : m }
      XCTAssertEqual(mod360(start.value(at: t)), mod360(seedStart(t)), accuracy: 1e-6, "start at \(t)")
      XCTAssertEqual(mod360(end.value(at: t)), mod360(seedEnd(t)), accuracy: 1e-6, "end at \(t)")
    }
    XCTAssertEqual(scene.displayList(at: 0.4), scene.displayList(at: 0.4))
    let first = drawingsPoints(scene.displayList(at: 0.4)), second = drawingsPoints(scene.displayList(at: 1.6))
    XCTAssertEqual(first.count, second.count)
    for (a, b) in zip(first, second) {
      XCTAssertEqual(a.x, b.x, accuracy: 1e-9, "the loop repeats")
      XCTAssertEqual(a.y, b.y, accuracy: 1e-9, "the loop repeats")
    }
  }

  func testFourColorRingDrawsArcsOneAfterAnother() throws {
    let scene = try Preset.load(path: presetPath("four-color-ring")).scene()
    func arcs(at t: Double) -> Int { drawings(scene.displayList(at: t).items).count }
    XCTAssertEqual(arcs(at: 0), 0, "nothing before the first arc starts")
    XCTAssertEqual(arcs(at: 0.1), 1)
    XCTAssertEqual(arcs(at: 0.3), 2)
    XCTAssertEqual(arcs(at: 0.6), 3)
    XCTAssertEqual(arcs(at: 0.8), 4)
    XCTAssertEqual(arcs(at: 1.2), 4, "the full ring holds")
    XCTAssertEqual(arcs(at: 1.5), 0, "and the loop restarts")
  }
}
