import Foundation
import Kurukuru
import XCTest

@testable import KurukuruCore

// MARK: - Ink bounds against the rasterizer

/// `DisplayList.inkBounds` is measured on geometry; the rasterizer is the truth. Every inked
/// pixel must lie within the ink bounds (give or take the antialiased pixel), and the bounds must
/// not claim ink far beyond the pixels, or the overflow warning would be wrong.
final class CanvasOverflowTests: XCTestCase {
  /// The ink of a frame: the box of pixels with alpha > 0, in pixels, or nil.
  static func pixelBox(_ frame: Frame) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame.pixels[(y * frame.width + x) * 4 + 3] > 0 {
        box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x + 1), max(box?.maxY ?? y, y + 1))
      }
    }
    return box
  }

  func testInkBoundsHoldEveryInkedPixelOfTheBundledPresets() throws {
    let scale = 2.0
    for name in PresetLibrary.names {
      let scene = try PresetLibrary.preset(named: name).scene(background: .clear)
      let rasterizer = Rasterizer(scale: scale)
      // Every third frame keeps this quick; the positions still sweep each loop.
      for i in stride(from: 0, to: scene.timeline.frameCount, by: 3) {
        let list = scene.displayList(at: scene.timeline.time(ofFrame: i))
        let frame = try rasterizer.render(list)
        guard let pixels = Self.pixelBox(frame) else { continue }
        let ink = try XCTUnwrap(list.inkBounds, "\(name) frame \(i): pixels but no ink")
        // An antialiased edge inks the pixel it starts in: one pixel of slack.
        let slack = 1.0
        XCTAssertGreaterThanOrEqual(Double(pixels.minX), ink.minX * scale - slack, "\(name) frame \(i) left")
        XCTAssertGreaterThanOrEqual(Double(pixels.minY), ink.minY * scale - slack, "\(name) frame \(i) top")
        XCTAssertLessThanOrEqual(Double(pixels.maxX), ink.maxX * scale + slack, "\(name) frame \(i) right")
        XCTAssertLessThanOrEqual(Double(pixels.maxY), ink.maxY * scale + slack, "\(name) frame \(i) bottom")
      }
    }
  }

  /// Where nothing is faint (no shadows, no fading gradients), the bounds are tight: within a
  /// pixel of the inked pixels on every side.
  func testInkBoundsAreTightForSolidPresets() throws {
    let scale = 2.0
    for name in ["activity-indicator", "ball-pulse", "circle-stroke-spin", "line-scale", "pacman", "spinkit-wave", "equalizer"] {
      let scene = try PresetLibrary.preset(named: name).scene(background: .clear)
      let rasterizer = Rasterizer(scale: scale)
      for i in stride(from: 0, to: scene.timeline.frameCount, by: 5) {
        let list = scene.displayList(at: scene.timeline.time(ofFrame: i))
        guard let ink = list.inkBounds, let pixels = Self.pixelBox(try rasterizer.render(list)) else { continue }
        let slack = 1.0
        XCTAssertLessThanOrEqual(Double(pixels.minX), ink.minX * scale + slack, "\(name) frame \(i) left")
        XCTAssertLessThanOrEqual(Double(pixels.minY), ink.minY * scale + slack, "\(name) frame \(i) top")
        XCTAssertGreaterThanOrEqual(Double(pixels.maxX), ink.maxX * scale - slack, "\(name) frame \(i) right")
        XCTAssertGreaterThanOrEqual(Double(pixels.maxY), ink.maxY * scale - slack, "\(name) frame \(i) bottom")
      }
    }
  }

  /// Clips, masks (alpha, luminance, inverted, built with Porter–Duff layers), blend modes and
  /// blurred layers, alone and nested: every inked pixel lies within the ink bounds; where the
  /// edges are solid (and the boxes not cut corner to corner) the bounds are tight too.
  func testInkBoundsHoldEveryInkedPixelOfClipsMasksAndBlurs() throws {
    let red = RGBAColor(red: 1, green: 0, blue: 0), white = RGBAColor(red: 1, green: 1, blue: 1)
    func fill(_ path: BezierPath, _ color: RGBAColor, transform: Transform = .identity) -> DisplayItem {
      .drawing(Drawing(path: path, transform: transform, style: .fill(evenOdd: false), paint: .color(color)))
    }
    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierPath {
      BezierPath([.move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)), .line(Point(x: x, y: y + h)), .close])
    }
    func disc(_ x: Double, _ y: Double, _ r: Double) -> BezierPath {
      var path = BezierPath()
      PathBuilder.addArc(to: &path, center: Point(x: x, y: y), radiusX: r, radiusY: r, startDegrees: 0, sweepDegrees: 360)
      path.close()
      return path
    }
    let everything = fill(rect(0, 0, 120, 120), red)
    let turn = Transform.translation(x: -60, y: -60).then(.rotation(degrees: 30)).then(.translation(x: 60, y: 60))
    // (name, items, how tight the bounds are in pixels: nil when the boxes cut the shapes
    // corner to corner, 2 for blurs, whose discrete sums at pixel centres fall below half a level
    // up to a pixel and a half before the continuous Gaussian the bounds measure does)
    let cases: [(String, [DisplayItem], Double?)] = [
      ("circle clip", [.clipped(ClipGroup(path: disc(50, 50, 20), transform: .identity, items: [everything]))], 1),
      ("turned clip", [.clipped(ClipGroup(path: rect(40, 40, 40, 30), transform: turn, items: [everything]))], 1),
      ("ring clip", [.clipped(ClipGroup(path: BezierPath(disc(60, 60, 30).elements + disc(60, 60, 12).elements), transform: .identity, evenOdd: true, items: [everything]))], 1),
      ("clip across a disc", [.clipped(ClipGroup(path: rect(10, 10, 45, 45), transform: .identity, items: [fill(disc(60, 60, 30), red)]))], nil),
      ("nested clips", [.clipped(ClipGroup(path: rect(20, 20, 60, 60), transform: .identity, items: [.clipped(ClipGroup(path: disc(70, 70, 25), transform: .identity, items: [everything]))]))], nil),
      ("alpha mask", [.masked(MaskGroup(source: .alpha, mask: [fill(disc(40, 70, 15), red)], items: [everything]))], 1),
      ("luminance mask", [.masked(MaskGroup(source: .luminance, mask: [fill(rect(30, 20, 50, 20), white)], items: [everything]))], 1),
      ("inverted mask", [.masked(MaskGroup(source: .alpha, inverted: true, mask: [fill(rect(50, 50, 20, 20), red)], items: [fill(disc(60, 60, 25), red)]))], 1),
      ("inverted empty mask", [.masked(MaskGroup(source: .luminance, inverted: true, mask: [], items: [fill(disc(60, 60, 25), red)]))], 1),
      ("subtracted mask", [.masked(MaskGroup(source: .alpha, mask: [fill(disc(50, 60, 25), red), .layer(Layer(items: [fill(disc(65, 60, 25), red)], blendMode: .destinationOut))], items: [everything]))], nil),
      ("blurred layer", [.layer(Layer(items: [fill(rect(40, 40, 30, 20), red)], blur: 6))], 2),
      ("blurred, shadowed and blended", [.layer(Layer(opacity: 0.8, shadow: Shadow(color: red, radius: 4, offset: Point(x: 6, y: 3)), items: [fill(disc(50, 50, 15), white)], blendMode: .screen, blur: 3))], nil),
      ("mask in a clip in a blurred layer", [.layer(Layer(items: [.clipped(ClipGroup(path: rect(30, 30, 50, 50), transform: .identity, items: [.masked(MaskGroup(source: .alpha, mask: [fill(disc(55, 55, 20), red)], items: [everything]))]))], blur: 2))], 2),
    ]
    for scale in [1.0, 2.0] {
      let rasterizer = Rasterizer(scale: scale)
      for (name, items, tightness) in cases {
        let list = DisplayList(size: Size(width: 120, height: 120), background: .clear, items: items)
        let pixels = try XCTUnwrap(Self.pixelBox(try rasterizer.render(list)), "\(name): no pixels")
        let ink = try XCTUnwrap(list.inkBounds, "\(name): pixels but no ink")
        let slack = 1.0
        XCTAssertGreaterThanOrEqual(Double(pixels.minX), ink.minX * scale - slack, "\(name) @\(scale)x left")
        XCTAssertGreaterThanOrEqual(Double(pixels.minY), ink.minY * scale - slack, "\(name) @\(scale)x top")
        XCTAssertLessThanOrEqual(Double(pixels.maxX), ink.maxX * scale + slack, "\(name) @\(scale)x right")
        XCTAssertLessThanOrEqual(Double(pixels.maxY), ink.maxY * scale + slack, "\(name) @\(scale)x bottom")
        guard let tight = tightness else { continue }
        XCTAssertLessThanOrEqual(Double(pixels.minX), ink.minX * scale + tight, "\(name) @\(scale)x left, tight")
        XCTAssertLessThanOrEqual(Double(pixels.minY), ink.minY * scale + tight, "\(name) @\(scale)x top, tight")
        XCTAssertGreaterThanOrEqual(Double(pixels.maxX), ink.maxX * scale - tight, "\(name) @\(scale)x right, tight")
        XCTAssertGreaterThanOrEqual(Double(pixels.maxY), ink.maxY * scale - tight, "\(name) @\(scale)x bottom, tight")
      }
    }
  }

  /// The overflow check settles most frames with a coarse box (control points widened by the
  /// pen's reach) before measuring exactly: on every frame of every bundled preset, and of a few
  /// at a size their ink just leaves, the answer is the exact one.
  func testTheCoarseFirstOverflowCheckAnswersAsTheExactOneOnEveryBundledFrame() throws {
    var settledCoarsely = 0, frames = 0, overflowing = 0
    for name in PresetLibrary.names {
      let preset = try PresetLibrary.preset(named: name)
      var scenes = [try preset.scene(background: .clear)]
      // Shrunk by 20 %, the ink of most presets leaves the canvas.
      var shrunk = scenes[0]
      shrunk.size = Size(width: shrunk.size.width * 0.8, height: shrunk.size.height * 0.8)
      scenes.append(shrunk)
      for scene in scenes {
        for i in 0..<scene.timeline.frameCount {
          let list = scene.displayList(at: scene.timeline.time(ofFrame: i))
          let fast = list.overflow(), exact = list.exactOverflow(tolerance: 0.01)
          XCTAssertEqual(fast?.amount, exact?.amount, "\(name) \(scene.size) frame \(i)")
          XCTAssertEqual(fast?.edge, exact?.edge, "\(name) \(scene.size) frame \(i)")
          frames += 1
          if exact != nil { overflowing += 1 }
          if list.settlesCoarsely(tolerance: 0.01) { settledCoarsely += 1 }
        }
      }
    }
    print("coarse-first overflow: \(frames) frames, \(overflowing) overflowing, \(settledCoarsely) settled coarsely")
    XCTAssertGreaterThan(overflowing, frames / 10, "the shrunk canvases must make overflow common")
    XCTAssertGreaterThan(settledCoarsely, frames / 3, "the coarse box must settle many frames, or it only costs")
  }

  /// A 10 pt red dot orbiting the centre of a 40-point canvas at `radius` points, one turn a
  /// second from `from` degrees, at 8 fps.
  static func orbit(radius: Int, from: Int) throws -> Renderer {
    let text = """
      { "width": 40, "height": 40, "fps": 8,
        "view": { "Circle": {}, "modifiers": [{ "fill": "red" }, { "frame": 10 }, { "offset": { "x": \(radius) } },
          { "rotationEffect": { "from": \(from), "to": \(from + 360), "animation": "linear(duration: 1).repeatForever(autoreverses: false)" } }] } }
      """
    return try Renderer(try Preset(text: text, file: "orbit.json"), scale: 1)
  }

  func testOverflowMeasuredWhileDrawingIsTheScenesOverflow() throws {
    // The dot starts at 45° and turns 45° a frame: at frames 1, 3, 5 and 7 it leaves the canvas
    // by 5 pt (bottom, left, top, right); the tie goes to frame 1.
    let renderer = try Self.orbit(radius: 20, from: 45)
    let expected = try XCTUnwrap(renderer.scene.canvasOverflow())
    XCTAssertEqual(expected.time, 1.0 / 8)
    XCTAssertEqual(expected.edge, .bottom)
    XCTAssertEqual(expected.amount, 5, accuracy: 1e-3)
    // Some frames drawn (measured then), the others evaluated; then all drawn.
    _ = try renderer.frames(0..<3)
    XCTAssertEqual(renderer.canvasOverflow, expected)
    _ = try renderer.frames(5..<8)
    XCTAssertEqual(renderer.canvasOverflow, expected)
    _ = try renderer.frames(0..<renderer.frameCount)
    XCTAssertEqual(renderer.canvasOverflow, expected)
    // A renderer whose frames all stay inside reports nothing, drawn or not.
    let inside = try Self.orbit(radius: 15, from: 45)
    _ = try inside.frames(0..<inside.frameCount)
    XCTAssertNil(inside.canvasOverflow)
  }

  func testTheRendererReportsAClippedLoopAndTheRasterizerReallyClipsIt() throws {
    // A 10 pt dot orbiting at radius 20 on a 40-point canvas leaves it by 5 pt at 3 o'clock.
    let renderer = try Self.orbit(radius: 20, from: 0)
    let overflow = try XCTUnwrap(renderer.canvasOverflow)
    XCTAssertEqual(overflow.amount, 5, accuracy: 1e-3)
    XCTAssertEqual(overflow.edge, .right)
    XCTAssertEqual(overflow.time, 0)
    // Frame 0 indeed has ink in the last column (clipped there).
    let frame = try renderer.frame(0)
    XCTAssertEqual(Self.pixelBox(frame)?.maxX, 40)
    // Shrinking the orbit to 15 pt keeps the dot inside: no overflow.
    let inside = try Self.orbit(radius: 15, from: 0)
    XCTAssertNil(inside.canvasOverflow)
  }
}
