import Foundation
import XCTest

@testable import KurukuruCore

/// `rotation3DEffect`: decoding errors, the projection's numbers, and how evaluation lowers it.
final class Rotation3DTests: XCTestCase {
  // MARK: - Decoding

  func testMistakesAreOneLineNamingThePlace() {
    func view(_ modifier: String) -> String {
      presetText(view: "{\"Rectangle\": {}, \"modifiers\": [{\"frame\": 20}, {\"rotation3DEffect\": \(modifier)}]}")
    }
    let cases: [(String, String)] = [
      (view("{\"degrees\": 30}"),
       "test.json:4:79: rotation3DEffect needs 'axis', e.g. {\"x\": 0, \"y\": 1, \"z\": 0} or \"y\" (at view.modifiers[1].rotation3DEffect)"),
      (view("{\"axis\": \"y\"}"),
       "test.json:4:79: rotation3DEffect needs 'degrees' (or 'turns') (at view.modifiers[1].rotation3DEffect)"),
      (view("{\"degrees\": 30, \"axis\": [0, 0, 0]}"),
       "test.json:4:103: the axis must not be (0, 0, 0) (at view.modifiers[1].rotation3DEffect.axis)"),
      (view("{\"degrees\": 30, \"axis\": \"w\"}"),
       "test.json:4:103: expected an axis: \"x\", \"y\", \"z\", [x, y, z] or {\"x\": …, \"y\": …, \"z\": …}, got a string (at view.modifiers[1].rotation3DEffect.axis)"),
      (view("{\"degrees\": 30, \"axis\": [0, 1]}"),
       "test.json:4:103: an axis is [x, y, z] (at view.modifiers[1].rotation3DEffect.axis)"),
      (view("{\"degrees\": 30, \"axis\": {\"y\": 1, \"w\": 2}}"),
       "test.json:4:112: unknown key 'w' — did you mean 'x'? (expected one of: x, y, z) (at view.modifiers[1].rotation3DEffect.axis)"),
      (view("{\"degrees\": 30, \"axis\": \"y\", \"perspective\": -1}"),
       "test.json:4:123: perspective must be in 0…1000, got -1 (at view.modifiers[1].rotation3DEffect.perspective)"),
      (view("{\"degrees\": 30, \"axis\": \"y\", \"perspectve\": 2}"),
       "test.json:4:108: unknown key 'perspectve' — did you mean 'perspective'? (expected one of: degrees, axis, turns, anchor, anchorZ, perspective) (at view.modifiers[1].rotation3DEffect)"),
      (view("30"),
       "test.json:4:79: expected an object, got a number (at view.modifiers[1].rotation3DEffect)"),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(presetError(text), expected, text)
    }
  }

  func testAxisSpellingsAndDefaults() throws {
    for axis in ["\"y\"", "[0, 1, 0]", "{\"y\": 1}", "[0, \"2 * 1\", 0]"] {
      let scene = try Preset(
        text: presetText(view: "{\"Rectangle\": {}, \"modifiers\": [{\"rotation3DEffect\": {\"degrees\": 30, \"axis\": \(axis)}}]}"),
        file: "t.json"
      ).scene()
      guard case .rotation3DEffect(let turns, let anchor, let z, let p) = scene.root.modifiers[0], turns.count == 1,
        let a = turns[0].axis.constant
      else {
        return XCTFail("\(axis): not decoded")
      }
      let d = turns[0].degrees
      XCTAssertEqual(d, .constant(30))
      XCTAssertEqual(a.x, 0)
      XCTAssertGreaterThan(a.y, 0, axis)
      XCTAssertEqual(a.z, 0)
      XCTAssertEqual(anchor, .center)
      XCTAssertEqual(z, .constant(0))
      XCTAssertEqual(p, .constant(1))
    }
  }

  // MARK: - The projection

  /// SwiftUI's formula: turn about the anchor, divide by W = 1 − z·perspective / max(w, h).
  func testProjectionMatchesTheFormula() throws {
    let size = Size(width: 40, height: 20)
    let anchor = Point(x: 20, y: 10)
    let p = Projection.rotation3D(degrees: 60, axis: (0, 1, 0), anchor: anchor, perspective: 1, size: size)
    let s = sin(60 * Double.pi / 180), c = cos(60 * Double.pi / 180)
    for x in [0.0, 10, 40] {
      for y in [0.0, 5, 20] {
        // About y: x' = (x − ax)·c, z' = −(x − ax)·s; eye 40 points away.
        let dx = x - anchor.x
        let w = 1 - (-dx * s) / 40
        let expected = Point(x: anchor.x + dx * c / w, y: anchor.y + (y - anchor.y) / w)
        let actual = try XCTUnwrap(p.apply(Point(x: x, y: y)))
        XCTAssertEqual(actual.x, expected.x, accuracy: 1e-9)
        XCTAssertEqual(actual.y, expected.y, accuracy: 1e-9)
      }
    }
    // Positive turns about y take the right side away from the viewer (smaller), as SwiftUI.
    let right = try XCTUnwrap(p.apply(Point(x: 40, y: 0))), left = try XCTUnwrap(p.apply(Point(x: 0, y: 0)))
    XCTAssertLessThan(abs(right.y - anchor.y), abs(left.y - anchor.y))
    // About z it is rotationEffect: clockwise on screen, affine.
    let z = Projection.rotation3D(degrees: 90, axis: (0, 0, 1), anchor: .zero, size: size)
    XCTAssertNotNil(z.affine)
    XCTAssertEqual(z.apply(Point(x: 1, y: 0)), Point(x: 0, y: 1))
    // anchorZ moves the turn's centre off the plane: a zero turn then scales by 1 / (1 + anchorZ / 40).
    let lifted = Projection.rotation3D(degrees: 0, axis: (0, 1, 0), anchor: .zero, anchorZ: 40, size: size)
    XCTAssertEqual(try XCTUnwrap(lifted.apply(Point(x: 10, y: 0))).x, 5, accuracy: 1e-12)
    // Perspective 0 is orthographic: affine, a plain horizontal squeeze.
    let flat = Projection.rotation3D(degrees: 60, axis: (0, 1, 0), anchor: .zero, perspective: 0, size: size)
    let squeeze = try XCTUnwrap(flat.affine)
    XCTAssertEqual(squeeze.a, 0.5, accuracy: 1e-12)
    XCTAssertEqual(squeeze.d, 1, accuracy: 1e-12)
  }

  func testQuarterAndHalfTurnsAreExact() throws {
    let size = Size(width: 40, height: 40)
    let a = Point(x: 20, y: 20)
    XCTAssertEqual(Projection.rotation3D(degrees: 0, axis: (0, 1, 0), anchor: a, size: size), .identity)
    XCTAssertEqual(Projection.rotation3D(degrees: 360, axis: (1, 1, 0), anchor: a, size: size), .identity)
    let mirror = Projection.rotation3D(degrees: 180, axis: (0, 1, 0), anchor: a, size: size)
    XCTAssertEqual(mirror.affine, Transform(a: -1, b: 0, c: 0, d: 1, tx: 40, ty: 0))
    for degrees in [90.0, -90, 270, 450] {
      for axis in [(0.0, 1.0, 0.0), (1, 0, 0)] {
        let p = Projection.rotation3D(degrees: degrees, axis: axis, anchor: a, size: size)
        XCTAssertLessThan(p.areaScale(at: Point(x: 5, y: 30)), 1e-12, "\(degrees)° about \(axis)")
      }
    }
    XCTAssertEqual(Projection.rotation3D(degrees: 0, axis: (0, 1, 0), anchor: a, size: size).areaScale(at: a), 1)
    let tilted = Projection.rotation3D(degrees: 30, axis: (1, 2, 0), anchor: a, size: size)
    let back = try XCTUnwrap(tilted.inverse)
    let q = try XCTUnwrap(tilted.then(back).apply(Point(x: 7, y: 31)))
    XCTAssertEqual(q.x, 7, accuracy: 1e-9)
    XCTAssertEqual(q.y, 31, accuracy: 1e-9)
  }

  // MARK: - Evaluation

  private func list(_ modifiers: String) throws -> DisplayList {
    let text = presetText(
      view: "{\"Rectangle\": {}, \"modifiers\": [{\"fill\": \"red\"}, {\"frame\": 20}, \(modifiers)]}")
    return try Preset(text: text, file: "t.json").scene().displayList(at: 0)
  }

  func testAZeroTurnLeavesTheDisplayListAsItIs() throws {
    let plain = try list("{\"offset\": {\"x\": 0}}")
    XCTAssertEqual(try list("{\"rotation3DEffect\": {\"degrees\": 0, \"axis\": [1, 1, 0]}}"), plain)
    // About z it is rotationEffect: a plain transform, no projected group.
    let turned = try list("{\"rotation3DEffect\": {\"degrees\": 30, \"axis\": \"z\", \"anchor\": \"topLeading\"}}")
    let rotated = try list("{\"rotationEffect\": {\"degrees\": 30, \"anchor\": \"topLeading\"}}")
    guard case .drawing(let a)? = turned.items.first, case .drawing(let b)? = rotated.items.first, turned.items.count == 1
    else { return XCTFail("\(turned.items)") }
    for (x, y) in [(a.transform.a, b.transform.a), (a.transform.b, b.transform.b), (a.transform.c, b.transform.c),
                   (a.transform.d, b.transform.d), (a.transform.tx, b.transform.tx), (a.transform.ty, b.transform.ty)] {
      XCTAssertEqual(x, y, accuracy: 1e-12)
    }
  }

  /// The ink bounds (and so the overflow check) see the projected picture: a 20-point square
  /// turned 60° about y spans its projected corners; edge-on it draws nothing.
  func testInkBoundsFollowTheProjection() throws {
    let ink = try XCTUnwrap(try list("{\"rotation3DEffect\": {\"degrees\": 60, \"axis\": \"y\"}}").inkBounds)
    let s = sin(Double.pi / 3), c = cos(Double.pi / 3)
    let near = 1 - 10 * s / 20, far = 1 + 10 * s / 20
    XCTAssertEqual(ink.minX, 50 - 10 * c / near, accuracy: 1e-9)
    XCTAssertEqual(ink.maxX, 50 + 10 * c / far, accuracy: 1e-9)
    XCTAssertEqual(ink.minY, 50 - 10 / near, accuracy: 1e-9)
    XCTAssertEqual(ink.maxY, 50 + 10 / near, accuracy: 1e-9)
    XCTAssertNil(try list("{\"rotation3DEffect\": {\"degrees\": 90, \"axis\": \"x\"}}").inkBounds)
  }

  func testATiltMakesOneProjectedGroupAndNestedTiltsCompose() throws {
    let one = try list("{\"rotation3DEffect\": {\"degrees\": 30, \"axis\": \"y\"}}, {\"offset\": {\"x\": 5}}")
    guard one.items.count == 1, case .projected(let g) = one.items[0] else { return XCTFail("\(one.items)") }
    XCTAssertNil(g.projection.affine)
    // The offset outside the tilt moves the projected picture.
    // The frame's centre, (10, 10) in its own points, is the anchor: it stays, then moves with
    // the offset and the centring in the canvas.
    let centre = try XCTUnwrap(g.projection.apply(Point(x: 10, y: 10)))
    XCTAssertEqual(centre.x, 55, accuracy: 1e-9)
    XCTAssertEqual(centre.y, 50, accuracy: 1e-9)

    let two = try list(
      "{\"rotation3DEffect\": {\"degrees\": 30, \"axis\": \"y\"}}, {\"rotation3DEffect\": {\"degrees\": 20, \"axis\": \"x\"}}")
    guard two.items.count == 1, case .projected(let nested) = two.items[0] else { return XCTFail("\(two.items)") }
    XCTAssertEqual(nested.items.count, 1)
    if case .drawing = nested.items[0] {} else { XCTFail("the two projections are one group") }
  }
}
