import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - Layer blend modes against CSS Compositing and Blending Level 1

/// A layer's blend mode composites it onto what is beneath with the mode's formula: each mode is
/// checked on known colours against the formulas of CSS Compositing and Blending Level 1, written
/// out here from the specification (Cairo's operators implement the same ones).
final class BlendModeTests: XCTestCase {
  /// Straight colour channels, 0…1.
  typealias RGB = (r: Double, g: Double, b: Double)

  // MARK: - The specification's formulas

  /// B(Cb, Cs) of a separable mode, per channel; nil for the non-separable ones.
  static func separable(_ mode: LayerBlendMode, _ cb: Double, _ cs: Double) -> Double? {
    func multiply(_ b: Double, _ s: Double) -> Double { b * s }
    func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
    func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1) }
    switch mode {
    case .normal: return cs
    case .multiply: return multiply(cb, cs)
    case .screen: return screen(cb, cs)
    case .overlay: return hardLight(cs, cb)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge:
      if cb == 0 { return 0 }
      if cs == 1 { return 1 }
      return min(1, cb / (1 - cs))
    case .colorBurn:
      if cb == 1 { return 1 }
      if cs == 0 { return 0 }
      return 1 - min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(cb, cs)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (d - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: return nil
    }
  }

  static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

  static func clipColor(_ c: RGB) -> RGB {
    let l = lum(c), n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
    var out = c
    func map(_ f: (Double) -> Double) { out = (f(out.r), f(out.g), f(out.b)) }
    if n < 0 { map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { map { l + ($0 - l) * (1 - l) / (x - l) } }
    return out
  }

  static func setLum(_ c: RGB, _ l: Double) -> RGB {
    let d = l - lum(c)
    return clipColor((c.r + d, c.g + d, c.b + d))
  }

  static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

  static func setSat(_ c: RGB, _ s: Double) -> RGB {
    let values = [c.r, c.g, c.b]
    let lo = values.min() ?? 0, hi = values.max() ?? 0
    guard hi > lo else { return (0, 0, 0) }
    // Max gets s, min 0, mid in proportion.
    func f(_ v: Double) -> Double { v == hi ? s : v == lo ? 0 : (v - lo) * s / (hi - lo) }
    return (f(c.r), f(c.g), f(c.b))
  }

  /// B(Cb, Cs) of any mode, both colours straight.
  static func blend(_ mode: LayerBlendMode, backdrop cb: RGB, source cs: RGB) -> RGB {
    switch mode {
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default:
      return (
        separable(mode, cb.r, cs.r) ?? 0, separable(mode, cb.g, cs.g) ?? 0, separable(mode, cb.b, cs.b) ?? 0
      )
    }
  }

  /// The composited straight colour and alpha: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)
  /// on premultiplied cs, cb; αo = αs + αb − αs·αb.
  static func composite(_ mode: LayerBlendMode, backdrop: RGBAColor, source: RGBAColor) -> RGBAColor {
    let ab = backdrop.alpha, sa = source.alpha
    let b = blend(mode, backdrop: (backdrop.red, backdrop.green, backdrop.blue), source: (source.red, source.green, source.blue))
    let ao = sa + ab - sa * ab
    func channel(_ s: Double, _ d: Double, _ mixed: Double) -> Double {
      (sa * s * (1 - ab) + ab * d * (1 - sa) + sa * ab * mixed) / ao
    }
    return RGBAColor(
      red: channel(source.red, backdrop.red, b.r), green: channel(source.green, backdrop.green, b.g),
      blue: channel(source.blue, backdrop.blue, b.b), alpha: ao)
  }

  // MARK: - Rendering

  static let separableModes: [LayerBlendMode] = [
    .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight, .difference,
    .exclusion,
  ]
  static let nonSeparableModes: [LayerBlendMode] = [.hue, .saturation, .color, .luminosity]

  /// Pairs of 8-bit colours (backdrop, source) reaching both branches of every piecewise formula
  /// (channels ≤ 0.25, ≤ 0.5 and above; 0 and 1 for dodge and burn).
  static let pairs: [(RGBAColor, RGBAColor)] = [
    (RGBAColor(r8: 51, g8: 153, b8: 230), RGBAColor(r8: 204, g8: 77, b8: 25)),
    (RGBAColor(r8: 250, g8: 20, b8: 128), RGBAColor(r8: 100, g8: 180, b8: 240)),
    (RGBAColor(r8: 0, g8: 255, b8: 64), RGBAColor(r8: 128, g8: 0, b8: 255)),
    (RGBAColor(r8: 30, g8: 60, b8: 200), RGBAColor(r8: 230, g8: 200, b8: 90)),
  ]

  /// The pixel at the middle of a 10 × 10 canvas filled with `backdrop`, under a layer in `mode`
  /// whose child fills the canvas with `source`.
  func composited(
    _ mode: LayerBlendMode, backdrop: RGBAColor, source: RGBAColor, opacity: Double = 1
  ) throws -> RGBA8 {
    let square = Shapes.rect(0, 0, 10, 10)
    let items: [DisplayItem] = [
      fill(square, backdrop), .layer(Layer(opacity: opacity, items: [fill(square, source)], blendMode: mode)),
    ]
    return try render(items, width: 10, height: 10)[5, 5]
  }

  /// Asserts a pixel within `tolerance` levels of a straight colour.
  func assertClose(
    _ actual: RGBA8, _ expected: RGBAColor, tolerance: Double, _ message: String, line: UInt = #line
  ) {
    let e = [expected.red, expected.green, expected.blue, expected.alpha].map { $0 * 255 }
    let a = [actual.r, actual.g, actual.b, actual.a].map(Double.init)
    for (i, name) in ["red", "green", "blue", "alpha"].enumerated() {
      XCTAssertEqual(a[i], e[i], accuracy: tolerance, "\(message): \(name) is \(a[i]), formula \(e[i])", line: line)
    }
  }

  func testSeparableModesOnOpaqueColoursFollowTheFormulas() throws {
    for mode in Self.separableModes {
      for (backdrop, source) in Self.pairs {
        let actual = try composited(mode, backdrop: backdrop, source: source)
        assertClose(actual, Self.composite(mode, backdrop: backdrop, source: source), tolerance: 1, "\(mode) \(backdrop) \(source)")
      }
    }
  }

  func testNonSeparableModesOnOpaqueColoursFollowTheFormulas() throws {
    for mode in Self.nonSeparableModes {
      for (backdrop, source) in Self.pairs {
        let actual = try composited(mode, backdrop: backdrop, source: source)
        assertClose(actual, Self.composite(mode, backdrop: backdrop, source: source), tolerance: 1, "\(mode) \(backdrop) \(source)")
      }
    }
  }

  /// With partial alphas the formula weighs the blend by both alphas; the layer's opacity
  /// multiplies its alpha first.
  func testModesWeighTheBlendByBothAlphasAndTheLayersOpacity() throws {
    let backdrop = RGBAColor(r8: 51, g8: 153, b8: 230, a8: 204)
    let source = RGBAColor(r8: 204, g8: 77, b8: 25, a8: 153)
    for mode in Self.separableModes + Self.nonSeparableModes {
      // Straight channels come from premultiplied bytes: a level of rounding either way, and
      // pixman's 8-bit colour dodge divides rounded premultiplied values (measured 4.4 levels).
      let tolerance = mode == .colorDodge ? 5.0 : 2.0
      let actual = try composited(mode, backdrop: backdrop, source: source)
      assertClose(actual, Self.composite(mode, backdrop: backdrop, source: source), tolerance: tolerance, "\(mode)")
      let faded = try composited(mode, backdrop: backdrop, source: RGBAColor(r8: 204, g8: 77, b8: 25), opacity: 0.6)
      assertClose(faded, Self.composite(mode, backdrop: backdrop, source: source), tolerance: tolerance, "\(mode) at opacity 0.6")
    }
  }

  /// `add` sums premultiplied colours (clamped); the Porter–Duff three on opaque colours:
  /// destination-out removes what is beneath, destination-in keeps it, xor removes both.
  func testAddAndThePorterDuffOperators() throws {
    let (backdrop, source) = Self.pairs[0]
    let sum = try composited(.add, backdrop: backdrop, source: source)
    assertClose(sum, RGBAColor(red: backdrop.red + source.red, green: backdrop.green + source.green, blue: backdrop.blue + source.blue), tolerance: 1e-9, "add")
    XCTAssertEqual(try composited(.destinationOut, backdrop: backdrop, source: source), RGBA8(r: 0, g: 0, b: 0, a: 0))
    XCTAssertEqual(try composited(.destinationIn, backdrop: backdrop, source: source), RGBA8(r: 51, g: 153, b: 230))
    XCTAssertEqual(try composited(.xor, backdrop: backdrop, source: source), RGBA8(r: 0, g: 0, b: 0, a: 0))
    // Half a source: destination-out and -in scale what is beneath by 1 − α and α.
    let half = source.multiplyingAlpha(0.4)
    XCTAssertEqual(Double(try composited(.destinationOut, backdrop: backdrop, source: half).a), 0.6 * 255, accuracy: 1)
    XCTAssertEqual(Double(try composited(.destinationIn, backdrop: backdrop, source: half).a), 0.4 * 255, accuracy: 1)
  }

  /// Destination-in keeps what is beneath only inside the layer: everywhere else it is cleared,
  /// and a destination-in layer with nothing in it (or at opacity 0) clears everything.
  func testDestinationInClearsWhatIsBeneathOutsideTheLayer() throws {
    let backdrop = fill(Shapes.rect(0, 0, 100, 100), green)
    let keep = DisplayItem.layer(Layer(items: [fill(Shapes.rect(20, 20, 30, 30), red)], blendMode: .destinationIn))
    let frame = try render([backdrop, keep])
    assertPixel(frame, 30, 30, RGBA8(r: 0, g: 255, b: 0), tolerance: 0)
    assertClear(frame, 10, 10)
    assertClear(frame, 80, 80)
    for nothing in [
      Layer(items: [], blendMode: .destinationIn), Layer(opacity: 0, items: [fill(Shapes.rect(20, 20, 30, 30), red)], blendMode: .destinationIn),
      Layer(items: [fill(BezierPath(), red)], blendMode: .destinationIn),
    ] {
      let cleared = try render([backdrop, .layer(nothing)])
      XCTAssertEqual(inkCount(cleared, x: 0..<100, y: 0..<100), 0, "\(nothing)")
    }
    // Other modes at opacity 0, or with nothing in them, change nothing.
    let plain = try render([backdrop])
    XCTAssertEqual(try render([backdrop, .layer(Layer(opacity: 0, items: [fill(Shapes.rect(20, 20, 30, 30), red)], blendMode: .destinationOut))]), plain)
    XCTAssertEqual(try render([backdrop, .layer(Layer(items: [], blendMode: .multiply))]), plain)
  }

  /// Only the layer's ink is composited, so a blended layer changes no pixel outside it; the
  /// normal mode keeps the plans (and the bytes) of layers before blend modes existed.
  func testABlendedLayerChangesNothingOutsideItsInkAndNormalKeepsTheOldPlans() throws {
    let backdrop = fill(Shapes.rect(0, 0, 100, 100), .linear(LinearGradientPaint(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)],
      start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))))
    let spot = fill(Shapes.circle(center: Point(x: 50, y: 50), radius: 12), RGBAColor(r8: 200, g8: 200, b8: 40))
    let plain = try render([backdrop])
    for mode in Self.separableModes + Self.nonSeparableModes + [.add, .destinationOut, .xor] {
      let frame = try render([backdrop, .layer(Layer(items: [spot], blendMode: mode))])
      for (x, y) in [(10, 10), (50, 30), (30, 50), (70, 50), (50, 70), (90, 90)] {
        XCTAssertEqual(frame[x, y], plain[x, y], "\(mode) at (\(x), \(y))")
      }
    }
    XCTAssertEqual(Layer(items: [spot]).plan(scale: 1), .direct)
    XCTAssertEqual(Layer(opacity: 0.5, items: [spot]).plan(scale: 1), .group(opacity: 0.5))
    let shadow = Shadow(color: .black, radius: 4, offset: .zero)
    guard case .shadowed = Layer(shadow: shadow, items: [spot]).plan(scale: 1) else { return XCTFail("a shadow alone") }
    XCTAssertEqual(try render([backdrop, .layer(Layer(items: [spot]))]), try render([backdrop, spot]))
  }

  /// A blended layer with a shadow blends as a whole, its shadow included (CSS: the element and
  /// its drop shadow are one image blended with the backdrop).
  func testAShadowedLayerBlendsWithItsShadow() throws {
    let gray = RGBAColor(r8: 128, g8: 128, b8: 128)
    let backdrop = fill(Shapes.rect(0, 0, 100, 100), gray)
    // A hard yellow shadow 40 pt right of a white square, and one 60 pt left of it (its
    // surface starts left of the canvas).
    for (x, offset) in [(10.0, 40.0), (70, -60)] {
      let shadow = Shadow(color: RGBAColor(red: 1, green: 1, blue: 0), radius: 0, offset: Point(x: offset, y: 0))
      let layer = Layer(shadow: shadow, items: [fill(Shapes.rect(x, 40, 20, 20), .white)], blendMode: .multiply)
      let frame = try render([backdrop, .layer(layer)])
      // White multiplies to the backdrop; yellow keeps its red and green and drops its blue.
      assertPixel(frame, Int(x) + 10, 50, RGBA8(r: 128, g: 128, b: 128), tolerance: 0)
      assertPixel(frame, Int(x + offset) + 10, 50, RGBA8(r: 128, g: 128, b: 0), tolerance: 0)
      assertPixel(frame, Int(x + offset) + 10, 30, RGBA8(r: 128, g: 128, b: 128), tolerance: 0)
      var normal = layer
      normal.blendMode = .normal
      let plain = try render([backdrop, .layer(normal)])
      assertPixel(plain, Int(x) + 10, 50, RGBA8(r: 255, g: 255, b: 255), tolerance: 0)
      assertPixel(plain, Int(x + offset) + 10, 50, RGBA8(r: 255, g: 255, b: 0), tolerance: 0)
    }
  }
}
