import Foundation
import XCTest

@testable import KurukuruCore

/// The bundled presets in `Presets/` and the examples of `Presets/README.md`: they load, say
/// where they come from, loop seamlessly within the limits, stay on their canvas, and a few
/// characteristic instants look as the designs they port.
final class PresetLibraryTests: XCTestCase {
  // MARK: - Fixtures

  /// The five presets ported from the seed articles (Presets/README.md §13).
  static let seeds: Set<String> = [
    "loading-circle", "activity-indicator", "circle-progress", "timing-curve-dot", "four-color-ring",
  ]

  /// Loops allowed beyond 30 s, in seconds: seed 002 fills its ring in 60 s (Presets/README.md §13).
  static let longLoops: [String: Double] = ["circle-progress": 60]

  /// Presets whose loop is a spring's settling time, which no round fps divides: the frame rate
  /// is adjusted (and noted) so that the loop stays seamless.
  static let springLoops: Set<String> = ["bars-fade"]

  /// Presets with `"duration": "auto"` (or `{"auto": s}`): their cycles (exact per-dot
  /// durations, random spring speeds) share no period within the maximum, so the loop is the
  /// one with the least visible seam, and `info`'s one note says how large that seam is
  /// (Presets/README.md §10, §14). The largest seam they may have, as a fraction of a value's range.
  static let autoLoops: [String: Double] = [
    "nv-ball-grid-pulse": 0.32, "nv-ball-grid-beat": 0.37, "nv-line-scale-party": 0.06, "nv-audio-equalizer": 0.25,
    "exyte-arcs": 0.02,
  ]

  /// Library presets whose design has no common period within 3 s, in seconds: MDC's circular
  /// indicator turns 4 cycles of 1.35 s into one 5.4 s loop (and fades through its four colours
  /// in it); SpinKit chase's 2.5 s and 2 s cycles
  /// meet after 10 s; the `"auto"` loops of exyte arcs (three random spring speeds), NV
  /// ballGridPulse (nine exact durations) and NV audioEqualizer (four) are the lengths within
  /// their maximum with the least visible seam (Presets/README.md §14).
  static let longLibraryLoops: [String: Double] = [
    "material-circular": 5.4, "material-circular-four-color": 5.4, "spinkit-chase": 10, "exyte-arcs": 7, "nv-ball-grid-pulse": 7.067,
    "nv-audio-equalizer": 11.867, "antd-spin": 6, "element-plus-loading": 6, "daisyui-loading-spinner": 6,
    "mui-circular-with-value-label": 8.8,
  ]

  /// The preset files, sorted, without `schema.json`.
  static func presetFiles() throws -> [String] {
    let folder = repositoryRoot.appendingPathComponent("Presets")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }

  /// Every drawing of a display list, flattened out of its layers, with the layers' opacity
  /// multiplied in and the largest shadow reach (radius + offset) above it.
  struct FlatDrawing {
    var drawing: Drawing
    var opacity: Double
    var shadowReach: Double
  }

  static func flatten(_ items: [DisplayItem], opacity: Double = 1, reach: Double = 0) -> [FlatDrawing] {
    items.flatMap { item -> [FlatDrawing] in
      switch item {
      case .drawing(let d):
        return [FlatDrawing(drawing: d, opacity: opacity, shadowReach: reach)]
      case .layer(let l):
        let r = l.shadow.map { $0.radius * 3 + max(abs($0.offset.x), abs($0.offset.y)) } ?? 0
        return flatten(l.items, opacity: opacity * l.opacity, reach: reach + r)
      case .projected(let g):
        return flatten(g.items, opacity: opacity, reach: reach).map { f in
          var f = f
          f.drawing = projected(f.drawing, through: g.projection)
          return f
        }
      case .clipped(let c):
        // A drawing wholly outside the clip's box is not drawn (Android's bars wait off-screen).
        let clip = bounds(Drawing(path: c.path, transform: c.transform, style: .fill(evenOdd: false), paint: .color(.black)))
        return flatten(c.items, opacity: opacity, reach: reach).filter { f in
          let b = bounds(f.drawing)
          return b.maxX > clip.minX && b.minX < clip.maxX && b.maxY > clip.minY && b.minY < clip.maxY
        }
      case .masked(let g):
        return flatten(g.items, opacity: opacity, reach: reach)  // the mask's own items are never drawn
      }
    }
  }

  /// A drawing seen through a projection, as a polygon of its on-curve points in canvas points
  /// (points behind the viewer left out): straight edges stay straight under a projection.
  static func projected(_ d: Drawing, through p: Projection) -> Drawing {
    let ps = points(d).compactMap { p.apply($0) }
    var path = BezierPath()
    for (i, q) in ps.enumerated() { path.elements.append(i == 0 ? .move(q) : .line(q)) }
    if !ps.isEmpty { path.elements.append(.close) }
    return Drawing(path: path, transform: .identity, style: d.style, paint: d.paint)
  }

  /// The on-curve points of a drawing's path (move, line and cubic end points) in canvas points.
  static func points(_ d: Drawing) -> [Point] {
    d.path.elements.compactMap { e -> Point? in
      switch e {
      case .move(let p), .line(let p): return d.transform.apply(p)
      case .cubic(_, _, let p): return d.transform.apply(p)
      default: return nil
      }
    }
  }

  /// Bounding box of a drawing's on-curve points, in canvas points.
  static func bounds(_ d: Drawing) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let ps = points(d)
    return (
      ps.map(\.x).min() ?? 0, ps.map(\.y).min() ?? 0, ps.map(\.x).max() ?? 0, ps.map(\.y).max() ?? 0
    )
  }

  /// Numbers that describe what a display list draws: transformed path points, stroke widths,
  /// opacities and colours, in order.
  static func signature(_ list: DisplayList) -> [Double] {
    flatten(list.items).flatMap { f -> [Double] in
      var out = points(f.drawing).flatMap { [$0.x, $0.y] }
      if case .stroke(let s) = f.drawing.style { out.append(s.lineWidth) }
      out.append(f.opacity)
      if case .color(let c) = f.drawing.paint { out += [c.red, c.green, c.blue, c.alpha] }
      return out
    }
  }

  // MARK: - Every preset

  func testEveryPresetLoadsWithTitleSourceAndAShortLoop() throws {
    let files = try Self.presetFiles()
    XCTAssertGreaterThanOrEqual(files.count, 59, "five seeds and at least 54 library presets")
    let names = files.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    XCTAssertTrue(Self.seeds.isSubset(of: Set(names)), "seed presets missing: \(Self.seeds.subtracting(names))")
    for file in files {
      let preset = try Preset.load(path: file)
      let name = preset.name
      XCTAssertEqual(name, URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent, "name matches the file")
      XCTAssertFalse((preset.title ?? "").isEmpty, "\(name): title")
      XCTAssertFalse((preset.source ?? "").isEmpty, "\(name): source")
      XCTAssertFalse((preset.family ?? "").isEmpty, "\(name): family (the gallery groups by it)")
      if Self.seeds.contains(name) { XCTAssertEqual(preset.family, "Seeds", name) }
      let scene = try preset.scene()
      let timeline = scene.timeline
      XCTAssertGreaterThan(timeline.period, 0, "\(name) animates")
      XCTAssertLessThanOrEqual(timeline.frameCount, 1_500, "\(name): frames")
      XCTAssertLessThanOrEqual(timeline.period, Self.longLoops[name] ?? 30, "\(name): period")
      if Self.springLoops.contains(name) {
        XCTAssertEqual(timeline.notes.count, 1, "\(name): the fps is adjusted to the spring's loop")
      } else if let seam = Self.autoLoops[name] {
        XCTAssertEqual(timeline.notes.count, 1, "\(name): one note, the seam: \(timeline.notes)")
        XCTAssertTrue(timeline.notes.first?.contains("it is not seamless") == true, "\(name): \(timeline.notes)")
        XCTAssertGreaterThan(timeline.seam, 0, name)
        XCTAssertLessThanOrEqual(timeline.seam, seam, "\(name): seam")
        XCTAssertEqual(timeline.fps, scene.timeline.requestedFPS, accuracy: 1e-9, "\(name): whole frames at the preset's own fps")
      } else {
        XCTAssertTrue(timeline.notes.isEmpty, "\(name): the fps divides the loop: \(timeline.notes)")
        XCTAssertEqual(timeline.fps, scene.timeline.requestedFPS, accuracy: 1e-9, "\(name): renders at the preset's own fps")
      }
    }
  }

  func testLibraryPresetsHaveAColorParameterAndLoopWithinThreeSeconds() throws {
    for file in try Self.presetFiles() {
      let preset = try Preset.load(path: file)
      guard !Self.seeds.contains(preset.name) else { continue }
      let color = preset.parameters.first { $0.name == "color" }
      guard case .color? = color?.kind else {
        XCTFail("\(preset.name): needs a colour parameter named 'color'")
        continue
      }
      let scene = try preset.scene(settings: ["color": "#FF0000"])
      XCTAssertLessThanOrEqual(scene.timeline.period, Self.longLibraryLoops[preset.name] ?? 3, preset.name)
      XCTAssertTrue([30, 40, 50].contains(scene.timeline.requestedFPS), "\(preset.name): fps \(scene.timeline.requestedFPS)")
      // The colour parameter reaches the drawing.
      let paints = (0..<scene.timeline.frameCount).lazy.flatMap {
        Self.flatten(scene.displayList(at: scene.timeline.time(ofFrame: $0)).items)
      }.map(\.drawing.paint)
      let red = paints.contains { paint in
        switch paint {
        case .color(let c): return c.rgba8 == RGBA8(r: 255, g: 0, b: 0, a: 255)
        case .angular(let g): return g.stops.contains { $0.color.rgba8 == RGBA8(r: 255, g: 0, b: 0, a: 255) }
        default: return false
        }
      }
      XCTAssertTrue(red, "\(preset.name): --set color=#FF0000 paints something red")
    }
  }

  /// Presets whose design jumps at the loop on purpose: seed 001's dots snap back from their end
  /// scale to their start scale (repeatForever without autoreverse), and NV pacman's pellet
  /// restarts on the right once it has slid into the mouth. Likewise NV ballRotateChase's dots
  /// (seed 001's motion), NV ballPulseRise's scales (each pass ends where the next does not
  /// start), NV ballScaleRipple's ring (restarts small and opaque), NV audioEqualizer's bars
  /// (end at 1% and restart at 0), the iOS-style wheel (the loop is one of its 45° steps) and
  /// Bulma's loader (its keyframe ends at 359°, so it jumps 1° back), and MUI's labelled circle
  /// (its label steps at every 800 ms tick of the demo's interval, the loop's wrap among them).
  /// (Presets that set `duration`, such as the `"auto"` loops, are not checked here: `autoLoops`
  /// bounds their seams.)
  static let jumpsAtTheLoop: Set<String> = [
    "activity-indicator", "pacman", "nv-ball-rotate-chase", "nv-ball-pulse-rise", "nv-ball-scale-ripple",
    "ios-activity-indicator", "bulma-loader", "mui-circular-with-value-label",
  ]

  /// Presets whose loop ends on a symmetry of the shape: SpinKit's plane ends turned 180° in
  /// the screen's plane (rotateX(-180°) rotateY(-180°)), which draws the start's square;
  /// react-spinners' rings end flipped (rotateX(180deg) rotateY(360deg) rotateZ(360deg) and
  /// rotateX(360deg) rotateY(180deg) rotateZ(360deg)), which draws the start's circles.
  static let turnedAtTheLoop: Set<String> = ["spinkit-plane", "react-spinners-ring"]

  /// Presets whose loop ends with an `Arc` drawn from another angle and turned back into place
  /// (material-circular: 980°–1,000° turned 1,520°, where it starts at −20°–0°): the same curve,
  /// but `Arc` cuts its cubics at fixed angles of its own frame, so the on-curve points differ.
  /// Their drawings are compared by 17 points spaced evenly along each path instead, to 0.001 pt
  /// (two cubic approximations of one circle differ by up to 5e-6 of its radius).
  static let arcCutElsewhereAtTheLoop: Set<String> = ["material-circular", "material-circular-four-color"]

  /// What a display list draws, without marks too faint or too small to see (a trim that has
  /// nearly closed, an opacity that has nearly reached 0). With `evenlySpaced`, each path is
  /// replaced by the polyline through 17 points spaced evenly along it.
  static func visibleSignature(_ list: DisplayList, evenlySpaced: Bool = false) -> [Double] {
    var kept = flatten(list.items).filter { f in
      let b = bounds(f.drawing)
      return f.opacity > 1e-4 && max(b.maxX - b.minX, b.maxY - b.minY) > 1e-3
    }
    if evenlySpaced {
      for k in kept.indices { kept[k].drawing.path = evenlySpacedPoints(on: kept[k].drawing.path) }
    }
    return signature(DisplayList(size: list.size, background: list.background, items: kept.map { .drawing($0.drawing) }))
      + kept.map(\.opacity) + maskSignature(list.items)
  }

  /// What the masks in `items` draw, as `signature` counts it (path points, stroke widths and
  /// opacities; dashes left out, as there). A mask is
  /// never drawn itself, but what shows through it is what it covers (daisyUI's spinner is a
  /// still box seen through a turning, dashed ring).
  static func maskSignature(_ items: [DisplayItem]) -> [Double] {
    items.flatMap { item -> [Double] in
      switch item {
      case .drawing: return []
      case .layer(let l): return maskSignature(l.items)
      case .projected(let g): return maskSignature(g.items)
      case .clipped(let c): return maskSignature(c.items)
      case .masked(let g):
        let own = flatten(g.mask).flatMap { f -> [Double] in
          var out = points(f.drawing).flatMap { [$0.x, $0.y] }
          if case .stroke(let s) = f.drawing.style { out.append(s.lineWidth) }
          return out + [f.opacity]
        }
        return own + maskSignature(g.mask) + maskSignature(g.items)
      }
    }
  }

  /// The polyline through the start of `path` and the ends of its trims to 1/16, 2/16, … 1.
  static func evenlySpacedPoints(on path: BezierPath) -> BezierPath {
    func end(_ p: BezierPath) -> Point? {
      p.elements.reversed().lazy.compactMap { e -> Point? in
        switch e {
        case .move(let q), .line(let q), .cubic(_, _, let q): return q
        case .close: return nil
        }
      }.first
    }
    var out = BezierPath()
    guard case .move(let start)? = path.elements.first else { return path }
    out.move(to: start)
    for k in 1...16 {
      if let q = end(path.trimmed(from: 0, to: Double(k) / 16)) { out.line(to: q) }
    }
    return out
  }

  /// Presets that do not set `duration` loop seamlessly: the instant just before the loop
  /// restarts draws what frame 0 draws (`evaluate` wraps times at the period, so the end of the
  /// loop is sampled a nanosecond early).
  func testRepeatingPresetsLoopSeamlessly() throws {
    var checked = 0
    for file in try Self.presetFiles() {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let scene = try Preset.load(path: file).scene()
      guard !text.contains("\"duration\":"), !Self.jumpsAtTheLoop.contains(scene.name) else { continue }
      let spaced = Self.arcCutElsewhereAtTheLoop.contains(scene.name)
      let a = Self.visibleSignature(scene.displayList(at: 0), evenlySpaced: spaced)
      let b = Self.visibleSignature(scene.displayList(at: scene.timeline.period - 1e-9), evenlySpaced: spaced)
      XCTAssertEqual(a.count, b.count, "\(scene.name): same drawings at both ends of the loop")
      // A square that ends turned half a turn is the same square with its corners renumbered.
      let same = Self.turnedAtTheLoop.contains(scene.name)
      // A turned or mirrored shape may start its path at another point, which then appears
      // twice (move and close): compare the distinct values.
      func distinct(_ v: [Double]) -> [Double] { Array(Set(v.map { ($0 * 1e6).rounded() / 1e6 })).sorted() }
      let worst = (same ? zip(distinct(a), distinct(b)) : zip(a, b)).map { abs($0 - $1) }.max() ?? 0
      if same { XCTAssertEqual(distinct(a).count, distinct(b).count, "\(scene.name): the same values at both ends") }
      XCTAssertLessThan(worst, spaced ? 1e-3 : 1e-4, "\(scene.name): the loop's end differs from frame 0 by \(worst)")
      // And the loop is not a still: some frame differs from frame 0.
      let moves = (1..<scene.timeline.frameCount).contains { i in
        let s = Self.visibleSignature(scene.displayList(at: scene.timeline.time(ofFrame: i)))
        return s.count != a.count || zip(s, a).contains { abs($0 - $1) > 1e-3 }
      }
      XCTAssertTrue(moves, "\(scene.name) moves")
      checked += 1
    }
    XCTAssertGreaterThanOrEqual(checked, 13)
  }

  /// No frame of any preset draws outside its canvas (stroke half-widths and shadows included).
  /// Presets that overflow their canvas as their source overflows its box, each saying so in its
  /// `description`; `render` warns for them. None so far.
  static let overflowLikeTheirSource: Set<String> = []

  /// No bundled preset draws outside its canvas at any frame: `render` would warn
  /// (`ResolvedScene.canvasOverflow`, exact curve extremes, strokes, caps, joins and shadows).
  func testEveryFrameStaysOnTheCanvas() throws {
    for file in try Self.presetFiles() {
      let scene = try Preset.load(path: file).scene()
      if Self.overflowLikeTheirSource.contains(scene.name) {
        XCTAssertNotNil(scene.canvasOverflow(), "\(scene.name) no longer overflows: take it off the list")
      } else {
        XCTAssertNil(scene.canvasOverflow(), "\(scene.name): \(scene.canvasOverflow()?.description ?? "")")
      }
      let drew = (0..<scene.timeline.frameCount).contains { scene.displayList(at: scene.timeline.time(ofFrame: $0)).inkBounds != nil }
      XCTAssertTrue(drew, "\(scene.name) draws something")
    }
  }

  // MARK: - Characteristic instants

  /// SpinKit wave: bar 0 (delay −1.2 s) is at full height at 20% of the cycle, while bar 4
  /// (delay −0.8 s) rests at 40%.
  func testSpinKitWavePeaksAtTwentyPercent() throws {
    let scene = try Preset.load(path: presetPath("spinkit-wave")).scene()
    let bars = Self.flatten(scene.displayList(at: 0.24).items).map { Self.bounds($0.drawing) }
    XCTAssertEqual(bars.count, 5)
    XCTAssertEqual(bars[0].maxY - bars[0].minY, 40, accuracy: 1e-6)
    XCTAssertEqual(bars[4].maxY - bars[4].minY, 16, accuracy: 1e-6)
    XCTAssertEqual(bars[0].maxX - bars[0].minX, 6, accuracy: 1e-6, "15% of 40 points")
    XCTAssertEqual(bars[1].minX - bars[0].maxX, 2.5, accuracy: 1e-6, "bars spaced between: (40 - 5 × 6) / 4")
    XCTAssertEqual(bars[4].maxX - bars[0].minX, 40, accuracy: 1e-6, "the row is 40 points wide")
  }

  /// NV ballPulse: dot 0 (begin time 0.12 s) is smallest, 30%, at 0.12 + 0.3 × 0.75 s.
  func testBallPulseShrinksToThirtyPercentAtItsKeyTime() throws {
    let scene = try Preset.load(path: presetPath("ball-pulse")).scene()
    let dots = Self.flatten(scene.displayList(at: 0.12 + 0.3 * 0.75).items).map { Self.bounds($0.drawing) }
    XCTAssertEqual(dots.count, 3)
    let full = (60.0 - 4) / 3
    XCTAssertEqual(dots[0].maxX - dots[0].minX, 0.3 * full, accuracy: 1e-6)
    // Dot 1 begins 0.12 s later: 0.105 s into its pass, 0.14 of it, 0.14 / 0.3 of the first segment.
    let eased = TimingCurve.bezier(UnitBezier(0.2, 0.68, 0.18, 1.08)).progress(0.105 / 0.75 / 0.3)
    XCTAssertEqual(dots[1].maxX - dots[1].minX, (1 - 0.7 * eased) * full, accuracy: 1e-6, "dot 1 is 0.12 s behind")
    // Dot 2 (0.36 s) is in the steady state too — 0.015 s before the end of its previous pass,
    // on the second segment, where the curve's 1.08 overshoots: slightly larger than full size.
    let late = TimingCurve.bezier(UnitBezier(0.2, 0.68, 0.18, 1.08)).progress(((0.735 / 0.75) - 0.3) / 0.7)
    XCTAssertEqual(dots[2].maxX - dots[2].minX, (0.3 + 0.7 * late) * full, accuracy: 1e-6)
    XCTAssertGreaterThan(dots[2].maxX - dots[2].minX, full, "overshoot")
  }

  /// NV circleStrokeSpin: empty at the start of the group, a growing stroke from 12 o'clock in
  /// the first 0.7 s, turned by the rotation child, which has no duration of its own and so
  /// runs for the whole 1.7 s group (not Core Animation's standalone 0.25 s); empty again at
  /// the end.
  func testCircleStrokeSpinStartsAtTwelveAndEmptiesAtTheEnd() throws {
    let scene = try Preset.load(path: presetPath("circle-stroke-spin")).scene()
    XCTAssertEqual(scene.timeline.period, 1.7, accuracy: 1e-9)
    XCTAssertTrue(scene.displayList(at: 0).items.isEmpty, "trim 0…0 draws nothing")
    for t in [0.3, 1.0] {
      let items = Self.flatten(scene.displayList(at: t).items)
      XCTAssertEqual(items.count, 1)
      // strokeStart is 0 until 0.5 s: before that the stroke starts where 12 o'clock has turned to.
      let trimStart = t < 0.5 ? 0 : TimingCurve.bezier(UnitBezier(0.4, 0, 0.2, 1)).progress((t - 0.5) / 1.2)
      let degrees = -90 + 360 * t / 1.7 + 360 * trimStart
      let start = try XCTUnwrap(Self.points(items[0].drawing).first)
      XCTAssertEqual(start.x, 32 + 25 * cos(degrees * .pi / 180), accuracy: 1e-3, "t = \(t): one turn per 1.7 s group")
      XCTAssertEqual(start.y, 32 + 25 * sin(degrees * .pi / 180), accuracy: 1e-3, "t = \(t)")
    }
    let late = Self.flatten(scene.displayList(at: 1.69).items).map { Self.bounds($0.drawing) }
    XCTAssertEqual(late.count, 1)
    XCTAssertLessThan(max(late[0].maxX - late[0].minX, late[0].maxY - late[0].minY), 1, "almost nothing left at the end")
  }

  /// Seed 004: arcs appear one after another every 0.25 s and the ring is whole from 1 s.
  func testFourColorRingDrawsOneArcPerQuarterSecond() throws {
    let scene = try Preset.load(path: presetPath("four-color-ring")).scene()
    for (t, arcs) in [(0.1, 1), (0.3, 2), (0.6, 3), (0.9, 4), (1.2, 4)] {
      XCTAssertEqual(Self.flatten(scene.displayList(at: t).items).count, arcs, "t = \(t)")
    }
    XCTAssertEqual(Self.flatten(scene.displayList(at: 0).items).count, 0)
  }

  /// NV lineScalePulseOutRapid: the original's key times stop at 0.9, so the middle line (begin
  /// time 0) is at 30% height at 80% of its 0.9 s pass and back at full height until the pass
  /// ends; the outer lines begin 0.5 s later.
  func testLineScalePulseOutRapidHoldsAfterItsLastKeyTime() throws {
    let scene = try Preset.load(path: presetPath("nv-line-scale-pulse-out-rapid")).scene()
    XCTAssertEqual(scene.timeline.period, 0.9, accuracy: 1e-9)
    let squashed = Self.flatten(scene.displayList(at: 0.8 * 0.9).items).map { Self.bounds($0.drawing) }
    XCTAssertEqual(squashed.count, 5)
    XCTAssertEqual(squashed[2].maxY - squashed[2].minY, 0.3 * 40, accuracy: 1e-6)
    for t in [0.9 * 0.9 + 0.001, 0.95 * 0.9, 0.9 - 0.001] {
      let lines = Self.flatten(scene.displayList(at: t).items).map { Self.bounds($0.drawing) }
      XCTAssertEqual(lines[2].maxY - lines[2].minY, 40, accuracy: 1e-6, "held at t = \(t)")
      XCTAssertLessThan(lines[0].maxY - lines[0].minY, 40 - 1, "the outer line is mid-pass at t = \(t)")
    }
  }

  /// Material circular: the arc spans 20° when a cycle starts (0, 1.35, 2.7, 4.05 s) and 270°
  /// when the head has grown and the tail not yet moved (0.667 s into a cycle).
  func testMaterialCircularSpansTwentyToTwoHundredSeventyDegrees() throws {
    let scene = try Preset.load(path: presetPath("material-circular")).scene()
    XCTAssertEqual(scene.timeline.period, 5.4, accuracy: 1e-9)
    func sweep(at t: Double) throws -> Double {
      let arcs = Self.flatten(scene.displayList(at: t).items)
      XCTAssertEqual(arcs.count, 1)
      let points = Self.points(try XCTUnwrap(arcs.first).drawing)
      let (a, b) = (try XCTUnwrap(points.first), try XCTUnwrap(points.last))
      let angle = { (p: Point) in atan2(p.y - 24, p.x - 24) * 180 / .pi }
      let d = (angle(b) - angle(a)).truncatingRemainder(dividingBy: 360)
      return d < 0 ? d + 360 : d
    }
    for start in [0, 1.35, 2.7, 4.05] {
      XCTAssertEqual(try sweep(at: start), 20, accuracy: 0.01, "t = \(start)")
      XCTAssertEqual(try sweep(at: start + 0.667), 270, accuracy: 0.01, "t = \(start + 0.667)")
    }
  }

  // MARK: - README

  /// Parameters visible to README fragments, so that excerpts of the seed presets load verbatim.
  static let fragmentParameters = """
    {
      "size": { "default": 60 }, "count": { "default": 8 }, "lineWidth": { "default": 3 },
      "seconds": { "default": 60 }, "color": { "default": "orange" }, "track": { "default": "gray" },
      "blue1": { "default": "rgb(59, 150, 215)" }, "blue2": { "default": "rgb(66, 126, 217)" },
      "blue3": { "default": "rgb(100, 120, 215)" }
    }
    """

  /// A preset around a README fragment: the view inside a `ForEach` with index `i`.
  static func wrap(view: String) -> String {
    """
    {
      "width": 240,
      "height": 240,
      "parameters": \(fragmentParameters),
      "view": { "ZStack": { "content": [ { "ForEach": { "range": "0..<3", "as": "i", "content": [ \(view) ] } } ] } }
    }
    """
  }

  /// Every ```json block of the README loads: full presets as they are, views and modifier
  /// lists (excerpts) inside a small wrapper preset.
  func testReadmeExamplesLoad() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Presets/README.md"), encoding: .utf8)
    let parts = readme.components(separatedBy: "```json\n").dropFirst()
    let blocks = parts.compactMap { $0.components(separatedBy: "```").first }
    XCTAssertGreaterThanOrEqual(blocks.count, 10)
    var full = 0, fragments = 0
    for (n, block) in blocks.enumerated() {
      let place = "README json block \(n + 1)"
      let json = try JSONSerialization.jsonObject(with: Data(block.utf8))
      let text: String
      if let object = json as? [String: Any], object["view"] != nil {
        text = block
        full += 1
      } else if let object = json as? [String: Any],
        object.keys.filter({ $0 != "modifiers" }).count == 1,
        let kind = object.keys.first(where: { $0 != "modifiers" }), PresetReader.viewKinds.contains(kind)
      {
        text = Self.wrap(view: block)
        fragments += 1
      } else if json is [Any] {
        text = Self.wrap(view: "{ \"Circle\": {}, \"modifiers\": \(block) }")
        fragments += 1
      } else {
        XCTFail("\(place) is neither a preset, a view nor a list of modifiers")
        continue
      }
      do {
        let preset = try Preset(text: text, file: place)
        let scene = try preset.scene()
        XCTAssertFalse(scene.displayList(at: 0.3).items.isEmpty, "\(place) draws something")
      } catch {
        XCTFail("\(place): \(error)")
      }
    }
    XCTAssertGreaterThanOrEqual(full, 2)
    XCTAssertGreaterThanOrEqual(fragments, 6)
  }

  /// The README names every bundled preset.
  func testReadmeMentionsEveryPreset() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Presets/README.md"), encoding: .utf8)
    for file in try Self.presetFiles() {
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      XCTAssertTrue(readme.contains("`\(name)") , "README mentions \(name)")
    }
  }
}
