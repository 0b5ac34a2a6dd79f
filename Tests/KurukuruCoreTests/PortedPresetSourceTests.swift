import Foundation
import XCTest

@testable import KurukuruCore

/// The presets ported for clips and animated colours, probed against their sources' own math,
/// computed here from the sources' numbers with the sources' rules (Android's path animators
/// and path interpolators, CSS keyframes with alternate iterations, MDC's colour fades), not
/// with the preset format's keyframes.
final class PortedPresetSourceTests: XCTestCase {
  // MARK: - Independent curve machinery

  /// A cubic's coordinate at parameter s.
  static func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ s: Double) -> Double {
    let u = 1 - s
    return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
  }

  /// y at x on a path of lines and cubics whose x rises (Android's `PathInterpolator`, CSS's
  /// `cubic-bezier`), by bisection on each cubic's parameter.
  static func y(atX x: Double, on segments: [[(Double, Double)]]) -> Double {
    for (i, p) in segments.enumerated() where x <= p[p.count - 1].0 || i == segments.count - 1 {
      if p.count == 2 {
        let f = (x - p[0].0) / (p[1].0 - p[0].0)
        return p[0].1 + (p[1].1 - p[0].1) * f
      }
      var lo = 0.0, hi = 1.0
      for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if cubic(p[0].0, p[1].0, p[2].0, p[3].0, mid) < x { lo = mid } else { hi = mid }
      }
      return cubic(p[0].1, p[1].1, p[2].1, p[3].1, (lo + hi) / 2)
    }
    return 1
  }

  /// A CSS `cubic-bezier(a, b, c, d)` at progress x.
  static func cssCurve(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ x: Double) -> Double {
    y(atX: x, on: [[(0, 0), (a, b), (c, d), (1, 1)]])
  }

  /// The y of a polyline at fraction f of its length (Android's `PathKeyframes`).
  static func alongLength(_ points: [(Double, Double)], _ f: Double) -> Double {
    let lengths = zip(points, points.dropFirst()).map { hypot($1.0 - $0.0, $1.1 - $0.1) }
    var left = f * lengths.reduce(0, +)
    for (i, l) in lengths.enumerated() {
      if left <= l || i == lengths.count - 1 { return points[i].1 + (points[i + 1].1 - points[i].1) * (left / l) }
      left -= l
    }
    return points[points.count - 1].1
  }

  // MARK: - Helpers

  func drawings(_ items: [DisplayItem]) -> [Drawing] { drawingsInOrder(items) }

  func xRange(_ d: Drawing) -> (Double, Double) {
    let xs = d.path.elements.compactMap { e -> Double? in
      switch e {
      case .move(let p), .line(let p), .cubic(_, _, let p): return d.transform.apply(p).x
      case .close: return nil
      }
    }
    return (xs.min() ?? 0, xs.max() ?? 0)
  }

  // MARK: - AOSP's indeterminate horizontal bar

  /// core/res/res/interpolator/progress_indeterminate_horizontal_rect{1,2}_{translatex,scalex}.xml.
  static let rect1Translate: [[(Double, Double)]] = [
    [(0, 0), (0.2, 0)],
    [(0.2, 0), (0.3958333333336, 0), (0.474845090492, 0.206797621729), (0.5916666666664, 0.417082932942)],
    [(0.5916666666664, 0.417082932942), (0.7151610251224, 0.639379624869), (0.81625, 0.974556908664), (1, 1)],
  ]
  static let rect1Scale: [[(Double, Double)]] = [
    [(0, 0), (0.3665, 0)],
    [(0.3665, 0), (0.47252618112021, 0.062409910275), (0.61541608570164, 0.5), (0.68325, 0.5)],
    [(0.68325, 0.5), (0.75475061236836, 0.5), (0.75725829093844, 0.814510098964), (1, 1)],
  ]
  static let rect2Translate: [[(Double, Double)]] = [
    [(0, 0), (0.0375, 0), (0.128764607715, 0.0895380946618), (0.25, 0.218553507947)],
    [(0.25, 0.218553507947), (0.322410320025, 0.295610602487), (0.436666666667, 0.417591408114), (0.483333333333, 0.489826169306)],
    [(0.483333333333, 0.489826169306), (0.69, 0.80972296795), (0.793333333333, 0.950016125212), (1, 1)],
  ]
  static let rect2Scale: [[(Double, Double)]] = [
    [(0, 0), (0.06834272400867, 0.01992566661414), (0.19220331656133, 0.15855429260523), (0.33333333333333, 0.34926160892842)],
    [(0.33333333333333, 0.34926160892842), (0.38410433133433, 0.41477913453861), (0.54945792615267, 0.68136029463551), (0.66666666666667, 0.68279962777002)],
    [(0.66666666666667, 0.68279962777002), (0.752586273196, 0.68179620963216), (0.737253971954, 0.878896194318), (1, 1)],
  ]

  /// Each bar's left and right edge at 400 instants of the 2 s loop, from AOSP's animators:
  /// translateX along a horizontal path (so the length fraction is the x fraction), scaleX the y
  /// of `M 0 0.1 L 1 0.8268… L 2 0.1` (rect1) or `M 0,0.1 L 1,0.5714… L 2,0.9099… L 3,0.1`
  /// (rect2) at the interpolated fraction of its length; the bars are 288 wide, centred on the
  /// group's x = 180. To 0.001 pt.
  func testAndroidBarsFollowAOSPsAnimators() throws {
    let scene = try Preset.load(path: presetPath("android-horizontal-indeterminate")).scene()
    XCTAssertEqual(scene.timeline.period, 2, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow(), "the clip removes what leaves the viewport")
    var worst = 0.0
    for k in 0..<400 {
      let t = Double(k) / 200, input = t / 2
      let bars = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(bars.count, 3, "track, rect2, rect1")
      let expected = [
        (-197.60001 + 620.20002 * Self.y(atX: input, on: Self.rect2Translate),
         Self.alongLength([(0, 0.1), (1, 0.571379510698), (2, 0.909950256348), (3, 0.1)], Self.y(atX: input, on: Self.rect2Scale))),
        (-522.59998 + 722.19999 * Self.y(atX: input, on: Self.rect1Translate),
         Self.alongLength([(0, 0.1), (1, 0.826849212646), (2, 0.1)], Self.y(atX: input, on: Self.rect1Scale))),
      ]
      for (bar, (dx, sx)) in zip(bars.dropFirst(), expected) {
        let (x0, x1) = xRange(bar)
        worst = max(worst, abs(x0 - (180 + dx - 144 * sx)), abs(x1 - (180 + dx + 144 * sx)))
      }
    }
    XCTAssertLessThan(worst, 1e-3)
  }

  // MARK: - three-dots' dot-flashing

  /// Each dot's alpha at 200 instants, by CSS's rules: iteration i of 1 s from the delay,
  /// alternate (odd iterations run backwards), keyframes 1 at 0 % and 0.2 at 50 % and 100 %,
  /// the timing function (`ease` = cubic-bezier(0.25, 0.1, 0.25, 1), or linear) per segment;
  /// the colour's own channels never change (premultiplied sRGB keeps them).
  func testDotFlashingFollowsTheCSSKeyframes() throws {
    let scene = try Preset.load(path: presetPath("three-dots-dot-flashing")).scene()
    XCTAssertEqual(scene.timeline.period, 2, accuracy: 1e-12)
    let delays = [0.0, 0.5, 1.0]
    let eased = [true, false, true]
    for k in 0..<200 {
      let t = Double(k) / 100
      let dots = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(dots.count, 3)
      for (i, dot) in dots.enumerated() {
        var local = (t - delays[i]).truncatingRemainder(dividingBy: 2)
        if local < 0 { local += 2 }
        let p = local < 1 ? local : 2 - local
        let f = p < 0.5 ? p / 0.5 : 1
        let curve = eased[i] ? Self.cssCurve(0.25, 0.1, 0.25, 1, f) : f
        let alpha = p < 0.5 ? 1 + (0.2 - 1) * curve : 0.2
        guard case .color(let c) = dot.paint else { return XCTFail() }
        XCTAssertEqual(c.alpha, alpha, accuracy: 1e-6, "dot \(i) at \(t) s")
        XCTAssertEqual(c.rgba8.r, 0x98)
        XCTAssertEqual(c.rgba8.g, 0x80)
        XCTAssertEqual(c.rgba8.b, 0xFF)
      }
    }
  }

  // MARK: - MDC's four-colour circular indicator

  /// The stroke colour at 540 instants of the 5.4 s loop by `maybeUpdateSegmentColors`: during
  /// [1000, 2350, 3700, 5050][k] ms + 333 ms it mixes colour k into k + 1 by fast-out-slow-in
  /// (cubic-bezier(0.4, 0, 0.2, 1)) of the time fraction, in linear light; between fades it
  /// keeps the last colour reached. Exact with the sRGB curve, and within 6 levels of 255 of
  /// `ArgbEvaluatorCompat`'s 2.2 power.
  func testFourColourFadesFollowMDC() throws {
    let scene = try Preset.load(path: presetPath("material-circular-four-color")).scene()
    XCTAssertEqual(scene.timeline.period, 5.4, accuracy: 1e-12)
    let bytes: [[Double]] = [[0x42, 0x85, 0xF4], [0xEA, 0x43, 0x35], [0xFB, 0xBC, 0x04], [0x34, 0xA8, 0x53]]
    let colors: [[Double]] = bytes.map { $0.map { $0 / 255 } }
    let delays = [1000.0, 2350, 3700, 5050]
    func mix(_ a: [Double], _ b: [Double], _ f: Double, decode: (Double) -> Double, encode: (Double) -> Double) -> [Double] {
      zip(a, b).map { encode(decode($0) + (decode($1) - decode($0)) * f) }
    }
    for k in 0..<540 {
      let ms = Double(k) * 10 + 5
      var from = 0, fraction = 0.0
      for (cycle, d) in delays.enumerated() where ms >= d {
        from = cycle
        fraction = min((ms - d) / 333, 1)
      }
      let f = ms < delays[0] ? 0 : Self.cssCurve(0.4, 0, 0.2, 1, fraction)
      let a = colors[from], b = colors[(from + 1) % 4]
      let exact = ms < delays[0] ? colors[0] : mix(a, b, f, decode: ColorTrack.srgbToLinear, encode: ColorTrack.srgbFromLinear)
      let android = ms < delays[0] ? colors[0] : mix(a, b, f, decode: { pow($0, 2.2) }, encode: { pow($0, 1 / 2.2) })
      guard let arc = drawings(scene.displayList(at: ms / 1000).items).first, case .color(let c) = arc.paint else {
        return XCTFail("no arc at \(ms) ms")
      }
      for (got, (want, theirs)) in zip([c.red, c.green, c.blue], zip(exact, android)) {
        XCTAssertEqual(got, want, accuracy: 1e-6, "\(ms) ms")
        XCTAssertEqual(got * 255, theirs * 255, accuracy: 6, "\(ms) ms")
      }
    }
  }

  // MARK: - Fomantic UI's text loader

  /// The turning quarter at 300 instants of the 0.6 s loop, from loader.less: the ::after box
  /// is 32 px (border-box) with a 2.8 px border-top only, so its ink is the ring between radii
  /// 13.2 and 16 from 225° to 315° (the corner joins of equal borders are the 45° diagonals),
  /// turned by `rotate(360deg · t / 0.6 s)` about the box's centre. Probed at both ends of the
  /// stroke's centre line (radius 14.6), which the drawn path must pass through to 1e-6 pt, and
  /// every vertex of it on that radius. The text's box sits 32 + 11 px below the ring's top, centred.
  func testFomanticRingFollowsLoaderLess() throws {
    let scene = try Preset.load(path: presetPath("fomantic-text-loader")).scene()
    XCTAssertEqual(scene.timeline.period, 0.6, accuracy: 1e-12)
    let layout = scene.layout(at: 0)
    let ringTop = layout.origin.y, center = Point(x: 48, y: ringTop + 16)
    XCTAssertEqual(layout.root.childOffsets[1].y, 32 + 11, accuracy: 1e-12, "padding-top: @medium + @textDistance")
    var probes = 0
    for k in 0..<300 {
      let t = Double(k) * 0.002
      let arcs = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(arcs.count, 3, "track, quarter, text")
      let quarter = arcs[1]
      let points = quarter.path.elements.compactMap { e -> Point? in
        switch e {
        case .move(let p), .line(let p), .cubic(_, _, let p): return quarter.transform.apply(p)
        case .close: return nil
        }
      }
      let turn = 360 * t / 0.6
      for degrees in [225.0, 315.0] {
        let a = (degrees + turn) * .pi / 180
        let want = Point(x: center.x + 14.6 * cos(a), y: center.y + 14.6 * sin(a))
        let nearest = points.map { hypot($0.x - want.x, $0.y - want.y) }.min() ?? .infinity
        XCTAssertLessThan(nearest, 1e-6, "end at \(degrees)° at \(t) s")
        probes += 1
      }
      guard case .stroke(let style) = quarter.style else { return XCTFail("the quarter is a stroke") }
      XCTAssertEqual(style.lineWidth, 2.8, accuracy: 1e-12, "0.2em of 14 px")
      for p in points {
        XCTAssertEqual(hypot(p.x - center.x, p.y - center.y), 14.6, accuracy: 1e-9)
      }
    }
    XCTAssertEqual(probes, 600)
  }
  // MARK: - three-dots' dot-typing

  /// Each dot's centre at 300 instants of the 1.5 s loop, from the one `@keyframes dot-typing`
  /// table: at 0%, 16.667%, 33.333%, 50%, 66.667%, 83.333% and 100% every shadow is listed, dot
  /// k at y −10px at the (2k + 1)th and 0 at the others, linear between them; the dots are 10 px,
  /// 15 px apart (x −15, 0, +15 from the element), here centred in the 48-pt canvas with their
  /// resting centre at y = 21. To 1e-9 pt.
  func testDotTypingFollowsTheCSSKeyframes() throws {
    let scene = try Preset.load(path: presetPath("three-dots-dot-typing")).scene()
    XCTAssertEqual(scene.timeline.period, 1.5, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    let offsets = [0, 0.16667, 0.33333, 0.5, 0.66667, 0.83333, 1]
    for n in 0..<300 {
      let t = Double(n) * 0.005
      let p = (t / 1.5).truncatingRemainder(dividingBy: 1)
      let dots = flatDrawings(scene.displayList(at: t).items).map { canvasBounds($0.drawing) }
      XCTAssertEqual(dots.count, 3)
      for (k, dot) in dots.enumerated() {
        let rise = offsets.indices.map { $0 == 2 * k + 1 ? -10.0 : 0 }
        let j = offsets.lastIndex { $0 <= p } ?? 0
        let f = (p - offsets[j]) / (offsets[j + 1] - offsets[j])
        let y = rise[j] + (rise[j + 1] - rise[j]) * f
        XCTAssertEqual(dot.midX, 24 + 15 * Double(k - 1), accuracy: 1e-9)
        XCTAssertEqual(dot.midY, 21 + y, accuracy: 1e-9, "dot \(k) at \(t) s")
        XCTAssertEqual(dot.size.width, 10, accuracy: 1e-9)
      }
    }
  }

  // MARK: - three-dots' dot-floating

  /// Each dot's centre at 300 instants of the 3 s loop, from _dot-floating.scss on a stage W =
  /// 160 wide that centres the 10 px dot: the element's left runs calc(−50% − 5px) →
  /// calc(50% + 2·$d-max + 5px) at 75%, held to 100%, under cubic-bezier(.15, .6, .9, .1); its
  /// ::before rides on it with left −$d-max → −$d-min at 50% → −$d-max at 75% and 100% under
  /// ease-in-out, its ::after with twice those under cubic-bezier(.4, 0, 1, 1) ($d-max 50 px,
  /// $d-min 12 px). Each curve runs per keyframe segment. To 1e-9 pt.
  func testDotFloatingFollowsTheSCSS() throws {
    let scene = try Preset.load(path: presetPath("three-dots-dot-floating")).scene()
    XCTAssertEqual(scene.timeline.period, 3, accuracy: 1e-12)
    let w = 160.0, dMax = 50.0, dMin = 12.0
    func segment(_ p: Double, _ times: [Double], _ values: [Double], _ c: [Double]) -> Double {
      let j = min(times.lastIndex { $0 <= p } ?? 0, times.count - 2)
      let f = (p - times[j]) / (times[j + 1] - times[j])
      return values[j] + (values[j + 1] - values[j]) * Self.cssCurve(c[0], c[1], c[2], c[3], f)
    }
    for n in 0..<300 {
      let t = Double(n) * 0.01
      let p = (t / 3).truncatingRemainder(dividingBy: 1)
      let lead = segment(p, [0, 0.75, 1], [-w / 2 - 5, w / 2 + 2 * dMax + 5, w / 2 + 2 * dMax + 5], [0.15, 0.6, 0.9, 0.1])
      let before = segment(p, [0, 0.5, 0.75, 1], [-dMax, -dMin, -dMax, -dMax], [0.42, 0, 0.58, 1])
      let after = segment(p, [0, 0.5, 0.75, 1], [-2 * dMax, -2 * dMin, -2 * dMax, -2 * dMax], [0.4, 0, 1, 1])
      let dots = flatDrawings(scene.displayList(at: t).items).map { canvasBounds($0.drawing) }
      XCTAssertEqual(dots.count, 3, "the element, ::before, ::after")
      for (dot, x) in zip(dots, [lead, lead + before, lead + after]) {
        XCTAssertEqual(dot.midX, w / 2 + x, accuracy: 1e-9, "\(t) s")
        XCTAssertEqual(dot.midY, 8, accuracy: 1e-9)
      }
    }
  }
  // MARK: - MUI's circular progress with a value label

  /// The arc and the label at 880 instants of the 8.8 s loop, from CircularWithValueLabel.js and
  /// CircularProgress.js: the value steps 10, 20, …, 100, 0 every 800 ms (setInterval adds 10
  /// and wraps at 100); the circle's stroke-dasharray is its circumference 2π(44 − 3.6)/2 and its
  /// stroke-dashoffset (100 − value)/100 of it (each toFixed(3)), moving to each new value by a
  /// 300 ms transition under cubic-bezier(0.4, 0, 0.2, 1); the root is turned −90° and the
  /// viewBox 44 wide fits 40 px, so the dash starts at 12 o'clock 20.2 · 40/44 from the centre.
  /// The label is `${Math.round(value)}%` at once, caption: 12 px, letter-spacing 0.4 px, digits
  /// tabular; its box is centred on the ring. Offsets to 1e-9.
  func testCircularWithValueLabelFollowsMUI() throws {
    let scene = try Preset.load(path: presetPath("mui-circular-with-value-label")).scene()
    XCTAssertEqual(scene.timeline.period, 8.8, accuracy: 1e-12)
    func fixed3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
    let circumference = 2 * Double.pi * (44 - 3.6) / 2
    func offset(_ v: Double) -> Double { fixed3((100 - v) / 100 * circumference) }
    let values = (1...10).map { Double($0 * 10) } + [0]
    guard let label = scene.root.modifiers.lazy.compactMap({ m -> TextSpec? in
      if case .overlay(let v, _) = m, case .text(let spec) = v.kind { return spec }
      return nil
    }).first else { return XCTFail("no label overlay") }
    XCTAssertEqual(label.kerning, 0.4, accuracy: 1e-12, "0.03333em of 12 px")
    XCTAssertTrue(label.monospacedDigit)
    XCTAssertEqual(label.font.size, 12)
    for n in 0..<880 {
      let t = Double(n) * 0.01 + 0.005
      let step = min(Int(t / 0.8), 10)
      let old = values[(step + 10) % 11], new = values[step]
      let local = t - 0.8 * Double(step)
      let f = local < 0.3 ? Self.cssCurve(0.4, 0, 0.2, 1, local / 0.3) : 1
      let want = offset(old) + (offset(new) - offset(old)) * f
      XCTAssertEqual(label.string(at: t), "\(Int(new))%", "\(t) s")
      let drawn = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(drawn.count, 2, "arc, label")
      let arc = drawn[0]
      guard case .stroke(let style) = arc.style else { return XCTFail("the arc is a stroke") }
      XCTAssertEqual(style.dash, [fixed3(circumference), fixed3(circumference)])
      XCTAssertEqual(style.dashPhase, want, accuracy: 1e-9, "\(t) s")
      XCTAssertEqual(style.lineWidth, 3.6, accuracy: 1e-12)
      guard case .move(let start)? = arc.path.elements.first else { return XCTFail("no path") }
      let s = arc.transform.apply(start)
      XCTAssertEqual(s.x, 20, accuracy: 1e-9)
      XCTAssertEqual(s.y, 20 - 20.2 * 40 / 44, accuracy: 1e-9)
      let box = label.size(at: t)
      let ink = canvasBounds(drawn[1])
      XCTAssertLessThanOrEqual(ink.size.width, box.width)
      XCTAssertEqual(ink.midX, 20, accuracy: 1.5, "the label's box is centred")
    }
  }
  // MARK: - loading.css's skew

  /// The square's corners at 200 instants of the 1 s loop, from skew.css: transform skewX(a)
  /// scale(s) about the centre, each of a (20°, 0, −20°, 0, 20°) and s (1, 0.9, 1, 0.9, 1)
  /// interpolated on its own between the keyframes at 0, 25, 50, 75 and 100 %, under
  /// cubic-bezier(0.4, 0, 1, 0.6) from 0 % and 50 % and cubic-bezier(0, 0.4, 0.6, 1) from 25 %
  /// and 75 %; the list acts right to left, so a corner (p, q) of the 32-px square goes to
  /// (s·p + tan a · s·q, s·q) from the centre (24, 24), y down as in a browser. To 1e-9 pt.
  func testSkewFollowsLoadingCSS() throws {
    let scene = try Preset.load(path: presetPath("loadingio-skew")).scene()
    XCTAssertEqual(scene.timeline.period, 1, accuracy: 1e-12)
    XCTAssertNil(scene.canvasOverflow())
    let angles = [20.0, 0, -20, 0, 20], scales = [1, 0.9, 1, 0.9, 1]
    for n in 0..<200 {
      let t = Double(n) * 0.005
      let k = min(Int(t / 0.25), 3)
      let f = (t - 0.25 * Double(k)) / 0.25
      let e = k % 2 == 0 ? Self.cssCurve(0.4, 0, 1, 0.6, f) : Self.cssCurve(0, 0.4, 0.6, 1, f)
      let a = (angles[k] + (angles[k + 1] - angles[k]) * e) * .pi / 180
      let sc = scales[k] + (scales[k + 1] - scales[k]) * e
      let drawn = drawings(scene.displayList(at: t).items)
      XCTAssertEqual(drawn.count, 1)
      let corners = drawn[0].path.elements.compactMap { e -> Point? in
        switch e {
        case .move(let p), .line(let p): return drawn[0].transform.apply(p)
        case .cubic, .close: return nil
        }
      }
      XCTAssertEqual(corners.count, 4, "a rectangle's four corners")
      for (p, q) in [(-16.0, -16.0), (16, -16), (16, 16), (-16, 16)] {
        let want = Point(x: 24 + sc * p + tan(a) * sc * q, y: 24 + sc * q)
        let nearest = corners.map { hypot($0.x - want.x, $0.y - want.y) }.min() ?? .infinity
        XCTAssertLessThan(nearest, 1e-9, "corner (\(p), \(q)) at \(t) s")
      }
    }
  }
}
