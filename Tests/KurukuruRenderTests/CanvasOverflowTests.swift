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
