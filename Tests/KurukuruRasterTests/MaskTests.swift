import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - Mask groups

/// A mask group shows its children through the mask's coverage: alpha, or luminance
/// (0.2126 R + 0.7152 G + 0.0722 B of the straight colour × alpha), or one minus either.
/// Children here are opaque, so a pixel's alpha is the coverage itself.
final class MaskTests: XCTestCase {
  let everything = fill(Shapes.rect(0, 0, 100, 100), red)

  func masked(_ source: MaskGroup.Source, inverted: Bool = false, mask: [DisplayItem], _ items: [DisplayItem])
    -> DisplayItem
  {
    .masked(MaskGroup(source: source, inverted: inverted, mask: mask, items: items))
  }

  /// A rectangle over the canvas painted with a horizontal gradient from `from` (x = 0) to `to`
  /// (x = 100): at pixel column x the colour is at t = (x + 0.5) / 100.
  func ramp(_ from: RGBAColor, _ to: RGBAColor) -> DisplayItem {
    fill(Shapes.rect(0, 0, 100, 100), .linear(LinearGradientPaint(
      stops: [GradientStop(location: 0, color: from), GradientStop(location: 1, color: to)],
      start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))))
  }

  static let columns = [0, 7, 25, 50, 63, 80, 99]

  func testAnAlphaMaskShowsTheChildrenAsMuchAsItsAlpha() throws {
    let frame = try render([masked(.alpha, mask: [ramp(.clear, .black)], [everything])])
    saveIfRequested(frame, "mask-alpha-ramp")
    for x in Self.columns {
      let t = (Double(x) + 0.5) / 100
      XCTAssertEqual(Double(frame[x, 40].a), 255 * t, accuracy: 1, "x = \(x)")
      if frame[x, 40].a > 0 { XCTAssertEqual(frame[x, 40].r, 255, "x = \(x): the children's colour") }
    }
    // The mask's colour does not count, only its alpha.
    XCTAssertEqual(try render([masked(.alpha, mask: [ramp(RGBAColor(red: 1, green: 1, blue: 1, alpha: 0), .white)], [everything])]), frame)
  }

  func testALuminanceMaskShowsTheChildrenAsMuchAsItsLuminanceTimesAlpha() throws {
    // Black → white: luminance t; black → green: 0.7152 t.
    let grey = try render([masked(.luminance, mask: [ramp(.black, .white)], [everything])])
    let green = try render([masked(.luminance, mask: [ramp(.black, RGBAColor(red: 0, green: 1, blue: 0))], [everything])])
    saveIfRequested(green, "mask-luminance-green")
    for x in Self.columns {
      let t = (Double(x) + 0.5) / 100
      XCTAssertEqual(Double(grey[x, 40].a), 255 * t, accuracy: 1, "grey, x = \(x)")
      XCTAssertEqual(Double(green[x, 40].a), 255 * 0.7152 * t, accuracy: 1, "green, x = \(x)")
    }
    // A translucent colour: luminance of the straight colour × alpha.
    let c = RGBAColor(r8: 51, g8: 102, b8: 153, a8: 204)
    let solid = try render([masked(.luminance, mask: [fill(Shapes.rect(0, 0, 100, 100), c)], [everything])])
    let expected = 255 * c.alpha * (0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue)
    XCTAssertEqual(Double(solid[50, 50].a), expected, accuracy: 1)
    // Transparent mask pixels count as black: nothing.
    XCTAssertEqual(inkCount(try render([masked(.luminance, mask: [ramp(.clear, RGBAColor(red: 1, green: 1, blue: 1, alpha: 0))], [everything])]), x: 0..<100, y: 0..<100), 0)
  }

  func testAnInvertedMaskShowsTheChildrenWhereTheMaskIsNot() throws {
    let disc = fill(Shapes.circle(center: Point(x: 50, y: 50), radius: 20), .black)
    let frame = try render([masked(.alpha, inverted: true, mask: [disc], [everything])])
    assertClear(frame, 50, 50)
    assertPixel(frame, 10, 10, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 75, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    let ramped = try render([masked(.luminance, inverted: true, mask: [ramp(.black, .white)], [everything])])
    for x in Self.columns {
      XCTAssertEqual(Double(ramped[x, 40].a), 255 * (1 - (Double(x) + 0.5) / 100), accuracy: 1, "x = \(x)")
    }
    // An empty mask: inverted, it shows everything (the children as drawn without a mask);
    // not inverted, nothing.
    let children = [fill(Shapes.circle(center: Point(x: 40, y: 60), radius: 25), blue), everything]
    let plain = try render(children.reversed())
    XCTAssertEqual(try render([masked(.alpha, inverted: true, mask: [], children.reversed())]), plain)
    XCTAssertEqual(try render([masked(.luminance, inverted: true, mask: [fill(BezierPath(), .white)], children.reversed())]), plain)
    XCTAssertEqual(inkCount(try render([masked(.alpha, mask: [], children)]), x: 0..<100, y: 0..<100), 0)
  }

  /// Mask items composite on their own surface, so layers with the Porter–Duff modes build
  /// coverage: two discs of radius 20 whose centres are 20 apart overlap in a lens of
  /// 2r²·acos(d / 2r) − (d / 2)·√(4r² − d²) = 491.35 pt².
  func testPorterDuffLayersInAMaskUniteSubtractIntersectAndDiffer() throws {
    let r = 20.0, d = 20.0
    let discArea = Double.pi * r * r
    let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
    let a = fill(Shapes.circle(center: Point(x: 40, y: 50), radius: r), .black)
    let b = fill(Shapes.circle(center: Point(x: 60, y: 50), radius: r), .black)
    func layerB(_ mode: LayerBlendMode) -> DisplayItem { .layer(Layer(items: [b], blendMode: mode)) }
    // (mask, area, inside A only, inside B only, inside both)
    let cases: [(String, [DisplayItem], Double, UInt8, UInt8, UInt8)] = [
      ("union", [a, b], 2 * discArea - lens, 255, 255, 255),
      ("subtract", [a, layerB(.destinationOut)], discArea - lens, 255, 0, 0),
      ("intersect", [a, layerB(.destinationIn)], lens, 0, 0, 255),
      ("difference", [a, layerB(.xor)], 2 * discArea - 2 * lens, 255, 255, 0),
    ]
    for (name, mask, area, onlyA, onlyB, both) in cases {
      let frame = try render([masked(.alpha, mask: mask, [everything])])
      saveIfRequested(frame, "mask-\(name)")
      XCTAssertEqual(frame[25, 50].a, onlyA, "\(name): A only")
      XCTAssertEqual(frame[75, 50].a, onlyB, "\(name): B only")
      XCTAssertEqual(frame[50, 50].a, both, "\(name): both")
      XCTAssertEqual(frame[50, 15].a, 0, "\(name): neither")
      var coverage = 0.0
      for y in 0..<100 { for x in 0..<100 { coverage += Double(frame[x, y].a) / 255 } }
      XCTAssertEqual(coverage, area, accuracy: area * 0.01, "\(name): area")
    }
  }

  /// Masks nest (coverage multiplies) and a mask group inside a layer, a clip or a shadow is
  /// drawn on that surface's pixels.
  func testMasksNestAndWorkOnOffscreenSurfaces() throws {
    let half = fill(Shapes.rect(0, 0, 100, 100), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5))
    let inner = masked(.alpha, mask: [half], [everything])
    let frame = try render([masked(.alpha, mask: [half], [inner])])
    XCTAssertEqual(Double(frame[50, 50].a), 255 * 0.25, accuracy: 1)
    // Inside a shadowed layer (its surface starts left of and above the canvas).
    let disc = fill(Shapes.circle(center: Point(x: 50, y: 50), radius: 20), .black)
    let shadowed = DisplayItem.layer(Layer(shadow: Shadow(color: blue, radius: 0, offset: Point(x: 30, y: 0)), items: [masked(.alpha, mask: [disc], [everything])]))
    let glowing = try render([shadowed])
    assertPixel(glowing, 50, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(glowing, 85, 50, RGBA8(r: 0, g: 0, b: 255), tolerance: 0)  // the disc's shadow, 30 to the right
    assertClear(glowing, 10, 10)
  }

  /// The offscreen surfaces cover only where the children and the mask can both ink: a small
  /// mask group on a 2000 × 2000 pixel canvas takes a few kilobytes of scratch buffers, not
  /// canvas-sized ones.
  func testMaskSurfacesAreBoundedByTheInk() throws {
    let cache = RasterCache()
    let small = masked(
      .alpha, mask: [fill(Shapes.circle(center: Point(x: 20, y: 20), radius: 10), .black)],
      [fill(Shapes.rect(5, 5, 30, 30), red)])
    let frame = try render([small], width: 1000, height: 1000, scale: 2, cache: cache)
    assertPixel(frame, 40, 40, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    let held = cache.holding
    XCTAssertEqual(held.scratchBuffers, 3, "children, mask and coverage")
    XCTAssertLessThan(held.scratchBytes, 64 << 10)
  }
}
