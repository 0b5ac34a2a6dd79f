import KurukuruCore
import KurukuruRaster
import KurukuruSnapshot
import XCTest

// MARK: - Golden frames of clips, masks, blend modes and blurs

/// Display lists built here (no preset produces these items yet), rendered at scale 2 on a
/// 120 × 120 pt canvas. References live in `__Snapshots__/GoldenCompositingTests/<test>.1.png`.
final class GoldenCompositingTests: XCTestCase {
  let canvas = Size(width: 120, height: 120)
  let paper = RGBAColor(r8: 250, g8: 248, b8: 240)

  func snapshot(_ items: [DisplayItem], background: RGBAColor? = nil, file: StaticString = #filePath, function: String = #function, line: UInt = #line) throws {
    let list = DisplayList(size: canvas, background: background ?? paper, items: items)
    let frame = try Rasterizer(scale: 2).render(list)
    try assertSnapshot(of: frame, named: "1", file: file, function: function, line: line)
  }

  func square(_ x: Double, _ y: Double, _ side: Double) -> BezierPath { rect(x, y, side, side) }

  func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierPath {
    BezierPath([
      .move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)),
      .line(Point(x: x, y: y + h)), .close,
    ])
  }

  func circle(_ x: Double, _ y: Double, _ r: Double) -> BezierPath {
    var path = BezierPath()
    PathBuilder.addArc(to: &path, center: Point(x: x, y: y), radiusX: r, radiusY: r, startDegrees: 0, sweepDegrees: 360)
    path.close()
    return path
  }

  func fill(_ path: BezierPath, _ paint: Paint, transform: Transform = .identity) -> DisplayItem {
    .drawing(Drawing(path: path, transform: transform, style: .fill(evenOdd: false), paint: paint))
  }

  func fill(_ path: BezierPath, _ color: RGBAColor) -> DisplayItem { fill(path, .color(color)) }

  func linear(_ a: RGBAColor, _ b: RGBAColor, from: Point, to: Point) -> Paint {
    .linear(LinearGradientPaint(stops: [GradientStop(location: 0, color: a), GradientStop(location: 1, color: b)], start: from, end: to))
  }

  static let orange = RGBAColor(r8: 255, g8: 149, b8: 0)
  static let indigo = RGBAColor(r8: 88, g8: 86, b8: 214)
  static let teal = RGBAColor(r8: 48, g8: 176, b8: 199)
  static let pink = RGBAColor(r8: 255, g8: 45, b8: 85)

  /// Top left: a gradient square through an even-odd ring. Top right: stripes through a square
  /// turned 30°. Bottom: a clip inside a clip (a disc within a rounded band).
  func testClips() throws {
    var ring = circle(30, 30, 24)
    ring.elements += circle(30, 30, 11).elements
    let stripes = (0..<8).map { i in fill(rect(62 + Double(i) * 7, 2, 3.5, 56), Self.indigo) }
    let turn = Transform.translation(x: -90, y: -30).then(.rotation(degrees: 30)).then(.translation(x: 90, y: 30))
    try snapshot([
      .clipped(ClipGroup(path: ring, transform: .identity, evenOdd: true, items: [
        fill(square(4, 4, 52), linear(Self.orange, Self.pink, from: Point(x: 4, y: 4), to: Point(x: 56, y: 56))),
      ])),
      .clipped(ClipGroup(path: square(72, 12, 36), transform: turn, items: stripes)),
      .clipped(ClipGroup(path: rect(6, 70, 108, 30), transform: .identity, items: [
        .clipped(ClipGroup(path: circle(60, 85, 28), transform: .identity, items: [
          fill(square(0, 60, 120), linear(Self.teal, Self.indigo, from: Point(x: 20, y: 0), to: Point(x: 100, y: 0))),
        ])),
      ])),
    ])
  }

  /// Top left: a luminance mask (a black-to-white ramp) over stripes. Top right: a disc through
  /// an inverted alpha mask of a smaller disc (a ring). Bottom: coverage built by Porter–Duff
  /// layers — union, subtract (destination-out), intersect (destination-in), difference (xor).
  func testMasks() throws {
    let stripes = (0..<7).map { i in fill(rect(4 + Double(i) * 7.5, 4, 4, 52), Self.pink) }
    let ramp = fill(square(4, 4, 52), linear(.black, .white, from: Point(x: 4, y: 0), to: Point(x: 56, y: 0)))
    var items: [DisplayItem] = [
      .masked(MaskGroup(source: .luminance, mask: [ramp], items: stripes)),
      .masked(MaskGroup(source: .alpha, inverted: true, mask: [fill(circle(90, 30, 12), .black)], items: [fill(circle(90, 30, 24), Self.indigo)])),
    ]
    let modes: [LayerBlendMode] = [.normal, .destinationOut, .destinationIn, .xor]
    for (i, mode) in modes.enumerated() {
      let x = 15 + Double(i) * 30
      let a = fill(circle(x - 4, 90, 10), .black), b = fill(circle(x + 4, 90, 10), .black)
      items.append(.masked(MaskGroup(source: .alpha, mask: [a, .layer(Layer(items: [b], blendMode: mode))], items: [
        fill(rect(x - 15, 75, 30, 30), linear(Self.teal, Self.orange, from: Point(x: x - 15, y: 0), to: Point(x: x + 15, y: 0))),
      ])))
    }
    try snapshot(items)
  }

  /// Every blend mode, one cell each in reading order (normal, multiply, screen, overlay, darken,
  /// lighten, colour dodge, colour burn, hard light, soft light, difference, exclusion, hue,
  /// saturation, colour, luminosity, add, destination-out, destination-in, xor): a disc of
  /// orange over a teal-to-indigo backdrop and a pale bar.
  func testBlendModes() throws {
    let modes: [LayerBlendMode] = [
      .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
      .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add, .destinationOut, .destinationIn, .xor,
    ]
    var items: [DisplayItem] = []
    for (i, mode) in modes.enumerated() {
      let x = 2 + Double(i % 5) * 23.5, y = 2 + Double(i / 5) * 29.5
      // Each cell is clipped to itself, so destination-in clears only its cell.
      items.append(.clipped(ClipGroup(path: rect(x, y, 22, 28), transform: .identity, items: [
        fill(rect(x, y, 22, 28), linear(Self.teal, Self.indigo, from: Point(x: x, y: y), to: Point(x: x + 22, y: y + 28))),
        fill(rect(x + 2, y + 10, 18, 6), RGBAColor(r8: 240, g8: 230, b8: 200)),
        .layer(Layer(items: [fill(circle(x + 13, y + 15, 8), Self.orange.multiplyingAlpha(0.9))], blendMode: mode)),
      ])))
    }
    try snapshot(items)
  }

  /// Top: a square blurred by radius 6 and a ring by radius 2. Bottom: a blurred disc that
  /// casts an offset shadow of its blurred pixels, and a stroke blurred at half opacity.
  func testLayerBlur() throws {
    var ring = circle(90, 30, 20)
    ring.elements += circle(90, 30, 12).elements
    try snapshot([
      .layer(Layer(items: [fill(square(12, 12, 36), Self.indigo)], blur: 6)),
      .layer(Layer(items: [.drawing(Drawing(path: ring, transform: .identity, style: .fill(evenOdd: true), paint: .color(Self.pink)))], blur: 2)),
      .layer(Layer(
        shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 4, offset: Point(x: 6, y: 6)),
        items: [fill(circle(30, 88, 16), Self.orange)], blur: 3)),
      .layer(Layer(opacity: 0.5, items: [.drawing(Drawing(
        path: BezierPath([.move(Point(x: 70, y: 100)), .cubic(Point(x: 80, y: 60), Point(x: 100, y: 110), Point(x: 112, y: 70))]),
        transform: .identity, style: .stroke(StrokeOptions(lineWidth: 6, lineCap: .round)), paint: .color(Self.teal)))], blur: 3)),
    ])
  }
}
