import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

/// `rotation3DEffect` drawn: a zero turn is byte-identical, a quarter turn is edge-on (nothing),
/// a half turn is a mirror, the back face shows past 90°, projected edges land where the formula
/// says, and the offscreen warp agrees with the exact polygons.
final class Rotation3DRasterTests: XCTestCase {
  /// An asymmetric picture that takes both paths: a solid bar on the left (polygons), a stroked
  /// ring and a gradient square (warped). `modifier` is appended to the ZStack's modifiers.
  private func frame(_ modifier: String?, solidOnly: Bool = false, scale: Double = 2) throws -> Frame {
    let content = solidOnly
      ? #"""
        {"Rectangle": {}, "modifiers": [{"fill": "red"}, {"frame": {"width": 10, "height": 30}}, {"offset": {"x": -12, "y": 3}}]},
        {"Circle": {}, "modifiers": [{"fill": "blue"}, {"frame": 12}, {"offset": {"x": 8, "y": -8}}]}
        """#
      : #"""
        {"Rectangle": {}, "modifiers": [{"fill": "red"}, {"frame": {"width": 10, "height": 30}}, {"offset": {"x": -12, "y": 3}}]},
        {"Circle": {}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 3}}, {"frame": 16}, {"offset": {"x": 8, "y": -8}}]},
        {"Rectangle": {}, "modifiers": [{"fill": {"LinearGradient": {"colors": ["yellow", "green"], "startPoint": "leading", "endPoint": "trailing"}}}, {"frame": 10}, {"offset": {"x": 9, "y": 10}}]}
        """#
    let modifiers = [#"{"frame": 40}"#] + (modifier.map { [$0] } ?? [])
    let text = #"""
      {"width": 60, "height": 60, "view": {"ZStack": {"content": [\#(content)]}, "modifiers": [\#(modifiers.joined(separator: ", "))]}}
      """#
    let scene = try Preset(text: text, file: "r3d.json").scene()
    return try Rasterizer(scale: scale).render(scene.displayList(at: 0))
  }

  private func mirrored(_ f: Frame) -> Frame {
    var out = f
    for y in 0..<f.height {
      for x in 0..<f.width {
        for c in 0..<4 { out.pixels[(y * f.width + x) * 4 + c] = f.pixels[(y * f.width + (f.width - 1 - x)) * 4 + c] }
      }
    }
    return out
  }

  private func inked(_ f: Frame) -> Int { stride(from: 3, to: f.pixels.count, by: 4).filter { f.pixels[$0] != 0 }.count }

  /// Largest difference of premultiplied channels (straight colour is noise where alpha is a
  /// few units), and how many pixels differ by more than `tolerance`.
  private func difference(_ a: Frame, _ b: Frame, tolerance: Int) -> (worst: Int, over: Int) {
    var worst = 0, over = 0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      let aa = Int(a.pixels[i + 3]), ba = Int(b.pixels[i + 3])
      var d = abs(aa - ba)
      for c in 0..<3 {
        d = max(d, abs(Int(a.pixels[i + c]) * aa / 255 - Int(b.pixels[i + c]) * ba / 255))
      }
      worst = max(worst, d)
      if d > tolerance { over += 1 }
    }
    return (worst, over)
  }

  func testAZeroTurnDrawsTheSameBytesAsNoModifier() throws {
    let plain = try frame(nil)
    XCTAssertGreaterThan(inked(plain), 500)
    for axis in [#""x""#, #""y""#, "[1, 1, 0]", "[0.3, -2, 5]"] {
      XCTAssertEqual(try frame(#"{"rotation3DEffect": {"degrees": 0, "axis": \#(axis)}}"#).pixels, plain.pixels, axis)
      XCTAssertEqual(try frame(#"{"rotation3DEffect": {"degrees": 360, "axis": \#(axis), "perspective": 3}}"#).pixels, plain.pixels, axis)
    }
  }

  func testAQuarterTurnIsEdgeOnAndDrawsNothing() throws {
    for (degrees, axis) in [(90, "y"), (-90, "y"), (270, "x"), (90, "x")] {
      let f = try frame(#"{"rotation3DEffect": {"degrees": \#(degrees), "axis": "\#(axis)"}}"#)
      XCTAssertEqual(inked(f), 0, "\(degrees)° about \(axis)")
    }
    // Nearly edge-on is a sliver, not nothing.
    let sliver = try frame(#"{"rotation3DEffect": {"degrees": 88, "axis": "y"}}"#)
    XCTAssertGreaterThan(inked(sliver), 0)
  }

  func testAHalfTurnAboutYIsAHorizontalMirror() throws {
    let turned = try frame(#"{"rotation3DEffect": {"degrees": 180, "axis": "y"}}"#)
    // Exactly what scaleEffect(x: -1) draws (both are the same affine transform).
    XCTAssertEqual(turned.pixels, try frame(#"{"scaleEffect": {"x": -1, "y": 1}}"#).pixels)
    // And, up to antialiasing rounding, the unturned picture mirrored pixel by pixel.
    let d = difference(turned, mirrored(try frame(nil)), tolerance: 4)
    XCTAssertEqual(d.over, 0, "worst \(d.worst)")
  }

  /// SwiftUI has no back-face culling: past 90° the face shows, mirrored. Turning by 180° − a
  /// about y draws the turn by a mirrored about the anchor's vertical.
  func testPastNinetyTheBackFaceShowsMirrored() throws {
    for a in [30.0, 60] {
      let front = try frame(#"{"rotation3DEffect": {"degrees": \#(a), "axis": "y"}}"#, solidOnly: true)
      let back = try frame(#"{"rotation3DEffect": {"degrees": \#(180 - a), "axis": "y"}}"#, solidOnly: true)
      XCTAssertGreaterThan(inked(back), 300)
      // Cairo's coverage sampling is not mirror-symmetric: edges differ by up to 17 of 255
      // (measured); a face misplaced by a pixel would differ by far more.
      let d = difference(back, mirrored(front), tolerance: 24)
      XCTAssertEqual(d.over, 0, "\(a)°: worst \(d.worst)")
    }
  }

  /// A 40-point square turned 60° about y with perspective 1 (eye 40 points away): its left edge
  /// comes nearer (W = 1 − 20·sin 60° / 40) and its right edge recedes; the projected edges and
  /// heights are where the formula puts them, to a pixel.
  func testProjectedEdgesLandWhereTheFormulaSays() throws {
    let text = #"""
      {"width": 100, "height": 100, "view": {"Rectangle": {}, "modifiers": [{"fill": "black"}, {"frame": 40}, {"rotation3DEffect": {"degrees": 60, "axis": "y"}}]}}
      """#
    let f = try Rasterizer(scale: 1).render(try Preset(text: text, file: "e.json").scene().displayList(at: 0))
    let s = sin(Double.pi / 3), c = cos(Double.pi / 3)
    let wLeft = 1 - 20 * s / 40, wRight = 1 + 20 * s / 40
    let left = 50 - 20 * c / wLeft, right = 50 + 20 * c / wRight
    let leftHalf = 20 / wLeft, rightHalf = 20 / wRight
    func alpha(_ x: Double, _ y: Double) -> UInt8 { f[Int(x), Int(y)].a }
    XCTAssertEqual(alpha(left + 1, 50), 255)
    XCTAssertEqual(alpha(left - 1.5, 50), 0)
    XCTAssertEqual(alpha(right - 1.5, 50), 255)
    XCTAssertEqual(alpha(right + 1, 50), 0)
    // The near edge is taller than the far one: the top edge runs from (left, 50 − leftHalf) to
    // (right, 50 − rightHalf); pixels just below it are inside, just above it outside.
    XCTAssertGreaterThan(leftHalf, rightHalf + 10)
    for x in [left + 3, (left + right) / 2, right - 3] {
      let column = x.rounded(.down) + 0.5
      let top = 50 - leftHalf + (leftHalf - rightHalf) * (column - left) / (right - left)
      XCTAssertEqual(alpha(column, top + 2), 255, "x \(column)")
      XCTAssertEqual(alpha(column, top - 2), 0, "x \(column)")
      XCTAssertEqual(alpha(column, 100 - top - 2), 255, "x \(column)")
      XCTAssertEqual(alpha(column, 100 - top + 2), 0, "x \(column)")
    }
    // Antialiased: the partly covered column of the left edge is neither empty nor full.
    let column = Int(left.rounded(.down))
    XCTAssertTrue((1..<255).contains(alpha(Double(column), 50)), "\(alpha(Double(column), 50))")
  }

  /// The warp (used for strokes, gradients, layers) and the exact polygons (solid fills) agree:
  /// the same square filled with a one-colour gradient (warped) and with the colour (polygons)
  /// differ only along the antialiased edges, and there by little.
  func testTheWarpAgreesWithTheExactPolygons() throws {
    func square(_ paint: String) throws -> Frame {
      let text = #"""
        {"width": 60, "height": 60, "view": {"Rectangle": {}, "modifiers": [{"fill": \#(paint)}, {"frame": 36}, {"rotation3DEffect": {"degrees": 50, "axis": [1, 1, 0], "anchor": [0.3, 0.6]}}]}}
        """#
      return try Rasterizer(scale: 2).render(try Preset(text: text, file: "w.json").scene().displayList(at: 0))
    }
    let exact = try square(#""blue""#)
    let warped = try square(#"{"LinearGradient": {"colors": ["blue", "blue"]}}"#)
    XCTAssertGreaterThan(inked(exact), 2000)
    // Measured: 273 edge pixels differ, by 25 at most (of 255).
    let d = difference(exact, warped, tolerance: 32)
    XCTAssertEqual(d.over, 0, "edges stay crisp: worst \(d.worst)")
    // Interior pixels are identical.
    XCTAssertEqual(exact[60, 60], warped[60, 60])
  }

  /// Only what the canvas can see is rendered offscreen: a stroked ring 16,000 points wide (past
  /// the offscreen limit even at 1×) tilted so that its top crosses the canvas draws that arc.
  func testHugeContentIsClippedToWhatTheCanvasSees() throws {
    let text = #"""
      {"width": 60, "height": 60, "view": {"Circle": {}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 2}}, {"frame": 8000}, {"scaleEffect": 2}, {"rotation3DEffect": {"degrees": 30, "axis": "y", "anchor": [0.5, -0.5]}}, {"offset": {"y": 8000}}]}}
      """#
    let f = try Rasterizer(scale: 2).render(try Preset(text: text, file: "h.json").scene().displayList(at: 0))
    // The ring's top runs through the canvas centre, horizontally.
    XCTAssertGreaterThan(f[60, 60].a, 100)
    XCTAssertEqual(f[60, 50].a, 0)
    XCTAssertEqual(f[60, 70].a, 0)
  }

  /// Nearly edge-on, the canvas sees past the plane's vanishing line, so the whole 16,000-point
  /// ring would have to be rendered offscreen: a clear error, not a crash or a silent blank.
  func testAnOffscreenSurfaceBeyondTheLimitIsAnError() throws {
    let text = #"""
      {"width": 60, "height": 60, "view": {"Circle": {}, "modifiers": [{"stroke": {"paint": "black", "lineWidth": 2}}, {"frame": 8000}, {"scaleEffect": 2}, {"rotation3DEffect": {"degrees": 89.9, "axis": "y", "anchor": [0.5, -0.5]}}, {"offset": {"y": 8000}}]}}
      """#
    XCTAssertThrowsError(try Rasterizer(scale: 1).render(try Preset(text: text, file: "h.json").scene().displayList(at: 0))) {
      guard case .projectionTooLarge(_, _, let limit)? = $0 as? RasterError else { return XCTFail("\($0)") }
      XCTAssertEqual(limit, Rasterizer.maximumLayerSide)
      XCTAssertTrue(String(describing: $0).contains("rotation3DEffect"))
    }
  }

  func testCairoCallDumpNamesThePlan() throws {
    let text = #"""
      {"width": 40, "height": 40, "view": {"ZStack": {"content": [
        {"Rectangle": {}, "modifiers": [{"fill": "red"}, {"frame": 10}, {"rotation3DEffect": {"degrees": 30, "axis": "x"}}]},
        {"Circle": {}, "modifiers": [{"stroke": {"paint": "red"}}, {"frame": 10}, {"rotation3DEffect": {"degrees": 30, "axis": "x"}}]},
        {"Circle": {}, "modifiers": [{"stroke": {"paint": "red"}}, {"frame": 10}, {"rotation3DEffect": {"degrees": 90, "axis": "x"}}]}]}}}
      """#
    let dump = CairoCallDump.text(of: try Preset(text: text, file: "d.json").scene().displayList(at: 0), scale: 1)
    XCTAssertEqual(dump.components(separatedBy: "\nprojected polygons ").count, 2, dump)
    XCTAssertEqual(dump.components(separatedBy: "\nprojected warp ").count, 2, dump)
  }
}
