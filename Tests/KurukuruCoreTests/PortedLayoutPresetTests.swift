import Foundation
import XCTest

@testable import KurukuruCore

/// The presets ported for overlays, flexible frames and stacks, probed against their sources'
/// own math: CSS keyframes of percentages of the container (MUI) and CSS transforms with
/// alternate iterations (Ant Design), computed here from the sources' numbers with CSS's rules,
/// not with the preset format's keyframes.
final class PortedLayoutPresetTests: XCTestCase {
  /// The CSS iteration progress at `t` of an animation of `duration` seconds delayed `delay`
  /// seconds, in the steady state (as if it had always run); `alternate` runs odd iterations
  /// backwards.
  static func progress(_ t: Double, duration: Double, delay: Double, alternate: Bool = false) -> Double {
    let local = t - delay
    let iteration = (local / duration).rounded(.down)
    let f = local / duration - iteration
    let odd = Int(iteration).quotientAndRemainder(dividingBy: 2).remainder != 0
    return alternate && odd ? 1 - f : f
  }

  // MARK: - MUI LinearProgress

  /// Each bar's left and right edge at 420 instants of the 2.1 s loop, from the keyframes
  /// `indeterminate1` (left −35 % → 100 %, right 100 % → −90 % over 0…60 %, then held) under
  /// cubic-bezier(0.65, 0.815, 0.735, 0.395) and `indeterminate2` (left −200 % → 107 %, right
  /// 100 % → −8 %) under cubic-bezier(0.165, 0.84, 0.44, 1) delayed 1.15 s, in percent of the
  /// 240-pt root: the bar spans [left·W, W − right·W]. To 0.001 pt. The track is the whole
  /// 240 × 4 canvas and the clip is the canvas.
  func testBarsFollowMUIsKeyframes() throws {
    let scene = try Preset.load(path: presetPath("mui-linear-progress")).scene()
    XCTAssertEqual(scene.timeline.period, 2.1, accuracy: 1e-12)
    XCTAssertEqual(scene.size, Size(width: 240, height: 4))
    XCTAssertNil(scene.canvasOverflow(), "the clip removes what leaves the root")
    let w = 240.0
    let bars: [(curve: [Double], delay: Double, left: (Double, Double), right: (Double, Double))] = [
      ([0.65, 0.815, 0.735, 0.395], 0, (-0.35, 1), (1, -0.9)),
      ([0.165, 0.84, 0.44, 1], 1.15, (-2, 1.07), (1, -0.08)),
    ]
    var worst = 0.0
    for k in 0..<420 {
      let t = Double(k) / 200
      let items = scene.displayList(at: t).items
      let drawn = flatDrawings(items).map { canvasBounds($0.drawing) }
      XCTAssertEqual(drawn.count, 3, "track, bar 1, bar 2")
      XCTAssertEqual(drawn[0].minX, 0, accuracy: 1e-9)
      XCTAssertEqual(drawn[0].size.width, w, accuracy: 1e-9)
      XCTAssertEqual(drawn[0].size.height, 4, accuracy: 1e-9)
      for (bar, rect) in zip(bars, drawn.dropFirst()) {
        let p = Self.progress(t, duration: 2.1, delay: bar.delay)
        let c = bar.curve
        let f = p < 0.6 ? PortedPresetSourceTests.cssCurve(c[0], c[1], c[2], c[3], p / 0.6) : 1
        let left = bar.left.0 + (bar.left.1 - bar.left.0) * f
        let right = bar.right.0 + (bar.right.1 - bar.right.0) * f
        worst = max(worst, abs(rect.minX - left * w), abs(rect.maxX - (w - right * w)))
        XCTAssertEqual(rect.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(rect.size.height, 4, accuracy: 1e-9)
      }
    }
    XCTAssertLessThan(worst, 1e-3)
  }

  // MARK: - Ant Design Spin

  /// The four dots at 360 instants of the 6 s loop: the holder (20 pt, centred in the 24-pt
  /// canvas) turns rotate(45deg) → rotate(405deg) linearly over 1.2 s, clockwise on screen;
  /// item n (9 pt, scale(0.75): radius 3.375 pt) sits in its corner, its centre 5.5 pt from the
  /// holder's centre on each axis (top-left, top-right, bottom-right, bottom-left), with opacity
  /// 0.3 → 1 linear over 1 s, alternate, delayed 0.4·n s. Drawn in stack order: row 1 (items 1,
  /// 2), row 2 (items 4, 3). Positions to 1e-9 pt, opacities to 1e-9.
  func testDotsFollowAntDesignsCSS() throws {
    let scene = try Preset.load(path: presetPath("antd-spin")).scene()
    XCTAssertEqual(scene.timeline.period, 6, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    let corners: [(Double, Double, Double)] = [(-5.5, -5.5, 0), (5.5, -5.5, 0.4), (-5.5, 5.5, 1.2), (5.5, 5.5, 0.8)]
    for k in 0..<360 {
      let t = Double(k) / 60
      let dots = flatDrawings(scene.displayList(at: t).items)
      XCTAssertEqual(dots.count, 4)
      let angle = (45 + 360 * Self.progress(t, duration: 1.2, delay: 0)) * .pi / 180
      for ((dot, opacity), (x, y, delay)) in zip(dots, corners) {
        let r = canvasBounds(dot)
        // The path starts on the circle (at its 3 o'clock before the turn): radius 9 · 0.75 / 2.
        guard case .move(let start)? = dot.path.elements.first else { return XCTFail("no path") }
        let s = dot.transform.apply(start)
        XCTAssertEqual(hypot(s.x - r.midX, s.y - r.midY), 3.375, accuracy: 1e-9)
        XCTAssertEqual(r.midX, 12 + x * cos(angle) - y * sin(angle), accuracy: 1e-9, "\(t) s")
        XCTAssertEqual(r.midY, 12 + x * sin(angle) + y * cos(angle), accuracy: 1e-9, "\(t) s")
        let expected = 0.3 + 0.7 * Self.progress(t, duration: 1, delay: delay, alternate: true)
        XCTAssertEqual(opacity, expected, accuracy: 1e-9, "\(t) s, delay \(delay)")
      }
    }
  }
  // MARK: - Bootstrap's loading button

  /// The button at 150 instants of the 0.75 s loop, from _buttons.scss, _spinners.scss and
  /// _variables.scss: the rounded background (radius 6) is the 24-pt line plus 6 pt padding and
  /// a 1-pt border on each side tall (38), and the 16-pt spinner, the text (a space and
  /// 'Loading...') and 12 + 1 pt on each side wide, centred on the canvas; the spinner's ring is
  /// the centre line of a 3.2-pt border (radius 8 − 1.6) centred 13 + 8 pt from the button's left
  /// edge, its three quarters from 45° to 315° turned by 360° · t / 0.75 s; everything at opacity
  /// 0.65, the background #0d6efd and the rest #fff. Positions to 1e-6 pt.
  func testButtonFollowsBootstrapsSCSS() throws {
    let scene = try Preset.load(path: presetPath("bootstrap-button-loading")).scene()
    XCTAssertEqual(scene.timeline.period, 0.75, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    guard case .hStack(_, _, let row) = scene.root.kind, row.count == 2, case .text(let label) = row[1].kind else {
      return XCTFail("a row of the spinner and the text")
    }
    XCTAssertEqual(label.string(at: 0), " Loading...")
    XCTAssertEqual(label.font.size, 16)
    let textWidth = label.size(at: 0).width
    let width = 16 + textWidth + 2 * (12 + 1), height = 24 + 2 * (6 + 1.0)
    for n in 0..<150 {
      let t = Double(n) * 0.005
      let drawn = flatDrawings(scene.displayList(at: t).items)
      XCTAssertEqual(drawn.count, 3, "background, spinner, text")
      for (d, opacity) in drawn { XCTAssertEqual(opacity, 0.65, accuracy: 1e-12, "\(t) s, \(d.paint)") }
      let button = canvasBounds(drawn[0].drawing)
      XCTAssertEqual(button.size.width, width, accuracy: 1e-6)
      XCTAssertEqual(button.size.height, height, accuracy: 1e-6)
      XCTAssertEqual(button.midX, 68, accuracy: 1e-6)
      XCTAssertEqual(button.midY, 20, accuracy: 1e-6)
      guard case .color(let fill) = drawn[0].drawing.paint, case .color(let ink) = drawn[1].drawing.paint else {
        return XCTFail("solid paints")
      }
      XCTAssertEqual([fill.rgba8.r, fill.rgba8.g, fill.rgba8.b], [0x0D, 0x6E, 0xFD])
      XCTAssertEqual([ink.rgba8.r, ink.rgba8.g, ink.rgba8.b], [0xFF, 0xFF, 0xFF])
      let spinner = drawn[1].drawing
      let center = Point(x: button.minX + 13 + 8, y: 20)
      let points = spinner.path.elements.compactMap { e -> Point? in
        switch e {
        case .move(let p), .line(let p), .cubic(_, _, let p): return spinner.transform.apply(p)
        case .close: return nil
        }
      }
      for p in points { XCTAssertEqual(hypot(p.x - center.x, p.y - center.y), 6.4, accuracy: 1e-6) }
      let turn = 360 * t / 0.75
      for degrees in [45.0, 315.0] {
        let a = (degrees + turn) * .pi / 180
        let want = Point(x: center.x + 6.4 * cos(a), y: center.y + 6.4 * sin(a))
        let nearest = points.map { hypot($0.x - want.x, $0.y - want.y) }.min() ?? .infinity
        XCTAssertLessThan(nearest, 1e-6, "end at \(degrees)° at \(t) s")
      }
      guard case .stroke(let style) = spinner.style else { return XCTFail("the ring is a stroke") }
      XCTAssertEqual(style.lineWidth, 3.2, accuracy: 1e-12, ".2em of 16 px")
    }
  }
  // MARK: - daisyUI's loading spinner

  /// The box and its mask at 360 instants of the 6 s loop, from loading.css: the box is 24 px
  /// wide and, by aspect-ratio 1 / 1, 24 px tall, centred on the 32-pt canvas (which offers it
  /// 32 pt of height); the mask's circle (r 9.5, stroke-width 3, round caps) turns 0 → 360° about
  /// its centre over 2 s, and its stroke-dasharray 0 → 42 (gap 150) and stroke-dashoffset 0 →
  /// −16 → −59 run linearly through keyTimes 0, 0.475, 1 over 1.5 s. To 1e-9 pt.
  func testSpinnerFollowsDaisyUIsCSS() throws {
    let scene = try Preset.load(path: presetPath("daisyui-loading-spinner")).scene()
    XCTAssertEqual(scene.timeline.period, 6, accuracy: 1e-12)
    for n in 0..<360 {
      let t = Double(n) / 60
      guard case .masked(let group)? = scene.displayList(at: t).items.first else { return XCTFail("a masked box") }
      let box = flatDrawings(group.items).map { canvasBounds($0.drawing) }
      XCTAssertEqual(box.count, 1)
      XCTAssertEqual(box[0].minX, 4, accuracy: 1e-9)
      XCTAssertEqual(box[0].minY, 4, accuracy: 1e-9, "aspect-ratio 1 / 1 makes the 24-px-wide box 24 tall")
      XCTAssertEqual(box[0].size.width, 24, accuracy: 1e-9)
      XCTAssertEqual(box[0].size.height, 24, accuracy: 1e-9)
      let mask = flatDrawings(group.mask).map(\.drawing)
      XCTAssertEqual(mask.count, 1)
      guard case .stroke(let style) = mask[0].style else { return XCTFail("the mask is a stroke") }
      let p = Self.progress(t, duration: 1.5, delay: 0)
      let (dash, phase) = p < 0.475
        ? (42 * p / 0.475, -16 * p / 0.475)
        : (42.0, -16 - 43 * (p - 0.475) / 0.525)
      XCTAssertEqual(style.dash.count, 2)
      XCTAssertEqual(style.dash.first ?? -1, dash, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(style.dash.last ?? -1, 150, accuracy: 1e-9)
      XCTAssertEqual(style.dashPhase, phase, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(style.lineWidth, 3, accuracy: 1e-12)
      XCTAssertEqual(style.lineCap, .round)
      // The circle's path starts at its 3 o'clock, as SVG's does, turned with the group.
      guard case .move(let start)? = mask[0].path.elements.first else { return XCTFail("no path") }
      let s = mask[0].transform.apply(start)
      let angle = 2 * Double.pi * Self.progress(t, duration: 2, delay: 0)
      XCTAssertEqual(s.x, 16 + 9.5 * cos(angle), accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(s.y, 16 + 9.5 * sin(angle), accuracy: 1e-9, "\(t) s")
    }
  }

  /// The bundled `kurukuru-ideal-bar`: `frame(idealWidth: 120, idealHeight: 6)` then
  /// `fixedSize()` keeps the track 120 × 6 points whatever the canvas offers (160 by default,
  /// 400 set), centred; without `fixedSize` the flexible frame would take the offer. The
  /// sweeping capsule's offset runs −36 → 120 under easeInOut over 1.2 s, so it is at 42 halfway.
  func testTheIdealBarKeepsItsIdealWidth() throws {
    let text = try String(contentsOfFile: presetPath("kurukuru-ideal-bar"), encoding: .utf8)
    for (width, origin) in [(nil, 20.0), ("400", 140.0)] as [(String?, Double)] {
      let s = try Preset(text: text, file: "t.json").scene(settings: width.map { ["width": $0] } ?? [:])
      let (o, root) = s.layout(at: 0.6)
      XCTAssertEqual(root.size, Size(width: 120, height: 6))
      XCTAssertEqual(o, Point(x: origin, y: 9))
    }
    let loose = text.replacingOccurrences(of: #"{ "fixedSize": true },"#, with: "")
    XCTAssertNotEqual(loose, text)
    XCTAssertEqual(try Preset(text: loose, file: "t.json").scene().layout(at: 0).root.size, Size(width: 160, height: 24))
    let (_, root) = try Preset(text: text, file: "t.json").scene().layout(at: 0.6)
    let bar = try XCTUnwrap(root.attachments.compactMap { $0 }.first)
    XCTAssertEqual(bar.layout.size, Size(width: 36, height: 6))
    XCTAssertEqual(bar.offset, Point(x: 0, y: 0))
    let moved = try Preset(text: text, file: "t.json").scene().displayList(at: 0.6)
    let xs = flatDrawings(moved.items).map { canvasBounds($0.drawing).minX }
    XCTAssertTrue(xs.contains { abs($0 - (20 + 42)) < 1e-9 }, "\(xs)")
  }
}
