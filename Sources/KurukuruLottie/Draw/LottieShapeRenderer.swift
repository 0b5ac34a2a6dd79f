import Foundation
import KurukuruCore

// MARK: - Shape layers

/// Draws a shape layer's items at one frame, as the specification's shape rendering model has
/// it: items are listed top first; a path joins the paths of its group; a style (fill, stroke,
/// gradient) paints every path before it in its group and the groups inside it, each style once,
/// earlier styles on top of later ones. A path modifier (trim, rounded corners) changes the paths
/// before it in its group and the groups inside it, and every style that paints those paths
/// shows the change, wherever the style stands (After Effects' and lottie-web's rule: a trim at
/// the end of a layer trims the strokes of the groups above it); modifiers apply innermost
/// first, then in list order. A repeater copies the paths and the styled drawings before it. A
/// group's transform moves its paths and drawings; its opacity applies to its drawings as one
/// layer. A stroke's width is in the coordinates of the group that holds the stroke, not of the
/// path's own groups.
struct LottieShapeRenderer {
  /// The layer's frame (its own time).
  let frame: Double
  let limits: LottieLimits

  /// A path open to the styles and modifiers of a scope: which stored path, and the transform
  /// from the coordinates it is stored in to the scope's.
  struct PathRef {
    var id: Int
    var toScope: Transform
  }

  /// A drawing whose paths are resolved once every modifier has run.
  indirect enum Node {
    /// Paint the paths (in the scope's coordinates) with one style.
    case draw(DrawStyle, Paint, [PathRef])
    /// Drawings (top first) moved by a transform, at an opacity applied to them as one layer.
    case group(Transform, opacity: Double, [Node])
  }

  /// What a scope produces: drawings top first, and the paths still open to the styles and
  /// modifiers of the scopes around it.
  struct Output {
    var drawings: [Node] = []
    var paths: [PathRef] = []
  }

  /// The paths of the layer, each in the coordinates of the scope that made it, as modified so far.
  final class PathStore {
    var paths: [BezierPath] = []
    func add(_ path: BezierPath) -> PathRef {
      paths.append(path)
      return PathRef(id: paths.count - 1, toScope: .identity)
    }
    /// A path in a scope's coordinates.
    func path(_ ref: PathRef) -> BezierPath { LottieGeometry.transformed(paths[ref.id], by: ref.toScope) }
    /// Stores `path`, given in a scope's coordinates, back in the path's own.
    func set(_ ref: PathRef, to path: BezierPath) {
      if ref.toScope == .identity {
        paths[ref.id] = path
      } else if let back = LottieGeometry.inverse(ref.toScope) {
        paths[ref.id] = LottieGeometry.transformed(path, by: back)
      }
      // A scope that flattens the path to a line leaves nothing to modify: it draws nothing.
    }
  }

  /// The items of a shape layer, back to front, in layer coordinates.
  func items(_ shapes: [Lottie.Shape]) -> [DisplayItem] {
    let store = PathStore()
    let out = scope(shapes, store)
    return resolve(out.drawings, store)
  }

  /// Display items, back to front, of drawings listed top first.
  private func resolve(_ nodes: [Node], _ store: PathStore) -> [DisplayItem] {
    var items: [DisplayItem] = []
    for node in nodes.reversed() {
      switch node {
      case .draw(let style, let paint, let refs):
        var joined = BezierPath()
        for ref in refs { joined.elements += store.path(ref).elements }
        guard !joined.isEmpty else { continue }
        items.append(.drawing(Drawing(path: joined, transform: .identity, style: style, paint: paint)))
      case .group(let m, let opacity, let inner):
        guard opacity > 0 else { continue }
        let drawn = resolve(inner, store).transformed(by: m)
        guard !drawn.isEmpty else { continue }
        items += opacity < 1 ? [.layer(Layer(opacity: opacity, items: drawn))] : drawn
      }
    }
    return items
  }

  // MARK: - Scopes

  func scope(_ shapes: [Lottie.Shape], _ store: PathStore) -> Output {
    var out = Output()
    func add(_ path: BezierPath) { out.paths.append(store.add(path)) }
    for shape in shapes {
      switch shape {
      case .group(let g):
        guard !g.hidden else { continue }
        let inner = scope(g.items, store)
        let m = g.transform.matrix(atFrame: frame)
        let opacity = g.transform.opacity(atFrame: frame)
        if !inner.drawings.isEmpty { out.drawings.append(.group(m, opacity: opacity, inner.drawings)) }
        out.paths += inner.paths.map { PathRef(id: $0.id, toScope: $0.toScope.then(m)) }
      case .path(let p):
        guard !p.hidden else { continue }
        add(LottieGeometry.path(p.shape.value(atFrame: frame)))
      case .ellipse(let e):
        guard !e.hidden else { continue }
        add(LottieGeometry.ellipse(
          center: point(e.position.value(atFrame: frame)), size: point(e.size.value(atFrame: frame)), direction: e.direction))
      case .rectangle(let r):
        guard !r.hidden else { continue }
        add(LottieGeometry.rectangle(
          center: point(r.position.value(atFrame: frame)), size: point(r.size.value(atFrame: frame)),
          roundness: r.roundness.value(atFrame: frame), direction: r.direction))
      case .star(let s):
        guard !s.hidden else { continue }
        add(LottieGeometry.star(
          center: point(s.position.value(atFrame: frame)), points: s.points.value(atFrame: frame),
          rotation: s.rotation.value(atFrame: frame), outerRadius: s.outerRadius.value(atFrame: frame),
          outerRoundness: s.outerRoundness.value(atFrame: frame), innerRadius: s.innerRadius?.value(atFrame: frame),
          innerRoundness: s.innerRoundness?.value(atFrame: frame), direction: s.direction))
      case .fill(let f):
        guard !f.hidden else { continue }
        let color = LottieShapeRenderer.color(f.color.value(atFrame: frame), opacity: f.opacity.value(atFrame: frame))
        out.drawings += drawing(out.paths, style: .fill(evenOdd: f.rule == .evenOdd), paint: .color(color))
      case .stroke(let s):
        guard !s.hidden, let options = strokeOptions(s.style) else { continue }
        let color = LottieShapeRenderer.color(s.color.value(atFrame: frame), opacity: s.opacity.value(atFrame: frame))
        out.drawings += drawing(out.paths, style: .stroke(options), paint: .color(color))
      case .gradientFill(let g):
        guard !g.hidden, let paint = gradientPaint(g.gradient, opacity: g.opacity.value(atFrame: frame)) else { continue }
        out.drawings += drawing(out.paths, style: .fill(evenOdd: g.rule == .evenOdd), paint: paint)
      case .gradientStroke(let g):
        guard !g.hidden, let options = strokeOptions(g.style),
          let paint = gradientPaint(g.gradient, opacity: g.opacity.value(atFrame: frame))
        else { continue }
        out.drawings += drawing(out.paths, style: .stroke(options), paint: paint)
      case .trim(let t):
        guard !t.hidden else { continue }
        let trimmed = LottieTrim.trimmed(
          out.paths.map(store.path), start: t.start.value(atFrame: frame), end: t.end.value(atFrame: frame),
          offset: t.offset.value(atFrame: frame), mode: t.mode)
        for (ref, path) in zip(out.paths, trimmed) { store.set(ref, to: path) }
      case .roundedCorners(let r):
        guard !r.hidden else { continue }
        let radius = r.radius.value(atFrame: frame)
        for ref in out.paths { store.set(ref, to: LottieGeometry.roundingCorners(of: store.path(ref), radius: radius)) }
      case .repeater(let r):
        guard !r.hidden else { continue }
        out = repeated(out, r, store)
      case .other:
        continue
      }
    }
    return out
  }

  // MARK: - Styles

  /// One drawing of every open path together (one path of several subpaths, so a fill rule
  /// applies across them, as players fill them), or none when there is nothing to draw.
  private func drawing(_ paths: [PathRef], style: DrawStyle, paint: Paint) -> [Node] {
    guard !paths.isEmpty, paint.isVisibleLottie else { return [] }
    return [.draw(style, paint, paths)]
  }

  /// The stroke options at this frame, or nil for a stroke of no width.
  private func strokeOptions(_ s: Lottie.StrokeStyle) -> StrokeOptions? {
    let width = s.width.value(atFrame: frame)
    guard width > 0, width.isFinite else { return nil }
    var dash: [Double] = []
    var phase = 0.0
    for d in s.dashes {
      let v = d.value.value(atFrame: frame)
      switch d.kind {
      case .dash, .gap: dash.append(v)
      case .offset: phase = v
      }
    }
    // A negative entry, or a pattern of no length, leaves the stroke solid (the specification);
    // an odd count repeats with dashes and gaps swapped.
    if dash.contains(where: { $0 < 0 || !$0.isFinite }) || dash.reduce(0, +) <= 0 { dash = [] }
    if dash.count % 2 == 1 { dash += dash }
    return StrokeOptions(
      lineWidth: width, lineCap: s.cap, lineJoin: s.join, miterLimit: max(1, s.miterLimit), dash: dash,
      dashPhase: dash.isEmpty ? 0 : phase)
  }

  /// A linear or radial gradient paint at this frame; colour stops and opacity stops at
  /// different offsets are merged (each channel interpolated where the other list has a stop).
  private func gradientPaint(_ g: Lottie.Gradient, opacity: Double) -> Paint? {
    let data = g.data.value(atFrame: frame)
    var colors: [(Double, (Double, Double, Double))] = []
    for i in 0..<g.count where 4 * i + 3 < data.count {
      colors.append((data[4 * i], (data[4 * i + 1], data[4 * i + 2], data[4 * i + 3])))
    }
    guard !colors.isEmpty else { return nil }
    var alphas: [(Double, Double)] = []
    var k = 4 * g.count
    while k + 1 < data.count {
      alphas.append((data[k], data[k + 1]))
      k += 2
    }
    let offsets = Array(Set(colors.map(\.0) + alphas.map(\.0))).sorted()
    let scale = min(max(opacity / 100, 0), 1)
    let stops = offsets.map { o -> GradientStop in
      let c = LottieShapeRenderer.interpolate(colors, at: o) { a, b, t in
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
      } ?? (0, 0, 0)
      let a = LottieShapeRenderer.interpolate(alphas, at: o) { a, b, t in a + (b - a) * t } ?? 1
      return GradientStop(
        location: min(max(o, 0), 1),
        color: RGBAColor(red: clamp(c.0), green: clamp(c.1), blue: clamp(c.2), alpha: clamp(a) * scale))
    }
    let s = point(g.start.value(atFrame: frame)), e = point(g.end.value(atFrame: frame))
    switch g.kind {
    case .linear:
      return .linear(LinearGradientPaint(stops: stops, start: s, end: e))
    case .radial:
      let radius = (e - s).length
      return .radial(RadialGradientPaint(stops: stops, center: s, startRadius: 0, endRadius: max(radius, 1e-6)))
    }
  }

  /// The value of a piecewise-linear list at `x` (the ends hold).
  static func interpolate<T>(_ list: [(Double, T)], at x: Double, _ mix: (T, T, Double) -> T) -> T? {
    guard let first = list.first, let last = list.last else { return nil }
    if x <= first.0 { return first.1 }
    if x >= last.0 { return last.1 }
    for i in 1..<list.count where x <= list[i].0 {
      let a = list[i - 1], b = list[i]
      let t = b.0 > a.0 ? (x - a.0) / (b.0 - a.0) : 0
      return mix(a.1, b.1, t)
    }
    return last.1
  }

  /// A colour from r, g, b in 0…1 and an opacity in percent.
  static func color(_ rgb: [Double], opacity: Double) -> RGBAColor {
    RGBAColor(
      red: clamp(rgb.first ?? 0), green: clamp(rgb.count > 1 ? rgb[1] : 0), blue: clamp(rgb.count > 2 ? rgb[2] : 0),
      alpha: clamp(opacity / 100))
  }

  // MARK: - Repeater

  /// `out` repeated: copy i (from `offset`, fractional allowed) moved by the repeater's
  /// transform applied i times (positions add up, rotations and scales about the anchor
  /// compound), its opacity going from `startOpacity` to `endOpacity` across the copies; copies
  /// later in the order are on top (`above`) or beneath (`below`). The paths are copied too, for
  /// styles after the repeater.
  private func repeated(_ out: Output, _ r: Lottie.Repeater, _ store: PathStore) -> Output {
    // Clamped as a Double first: an eased value may overshoot past any Int (or be NaN).
    let wanted = r.copies.value(atFrame: frame).rounded(.up)
    let copies = wanted.isNaN ? 0 : Int(min(max(0, wanted), Double(limits.maxRepeaterCopies)))
    guard copies > 0 else { return Output() }
    let offset = r.offset.value(atFrame: frame)
    let so = min(max(r.startOpacity.value(atFrame: frame) / 100, 0), 1)
    let eo = min(max(r.endOpacity.value(atFrame: frame) / 100, 0), 1)
    var result = Output()
    var blocks: [Node] = []
    for i in 0..<copies {
      let m = repeaterMatrix(r.transform, times: Double(i) + offset)
      let opacity = copies > 1 ? so + (eo - so) * Double(i) / Double(copies - 1) : so
      if !out.drawings.isEmpty { blocks.append(.group(m, opacity: opacity, out.drawings)) }
      // Each copy's paths are paths of their own, for the modifiers and styles after the repeater.
      result.paths += out.paths.map { ref in
        var copy = store.add(store.path(ref))
        copy.toScope = m
        return copy
      }
    }
    // Top first: `above` puts the last copy on top; `below` puts copy 0 on top.
    result.drawings = r.composite == .above ? blocks.reversed() : blocks
    return result
  }

  /// The repeater's transform applied `times` times: whole applications composed, the
  /// fraction left applied with each of its components scaled by it.
  private func repeaterMatrix(_ t: Lottie.Transform, times: Double) -> Transform {
    let a = point(t.anchor.value(atFrame: frame))
    let p = t.positionPoint(atFrame: frame)
    let s = t.scale.value(atFrame: frame)
    let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
    let rotation = t.rotation.value(atFrame: frame)
    func step(_ k: Double) -> Transform {
      Transform.translation(x: -a.x, y: -a.y)
        .then(.scale(x: pow(sx, k), y: pow(sy, k)))
        .then(.rotation(degrees: rotation * k))
        .then(.translation(x: a.x + p.x * k, y: a.y + p.y * k))
    }
    let bound = Double(limits.maxRepeaterCopies)
    let clamped = times.isNaN ? 0 : min(max(times, -bound), bound)
    let whole = Int(clamped.rounded(.down))
    var m = Transform.identity
    if whole >= 0 {
      for _ in 0..<min(whole, limits.maxRepeaterCopies) { m = m.then(step(1)) }
    } else {
      let inverse = step(-1)
      for _ in 0..<min(-whole, limits.maxRepeaterCopies) { m = m.then(inverse) }
    }
    let fraction = clamped - Double(whole)
    return fraction > 0 ? m.then(step(fraction)) : m
  }

  private func point(_ v: [Double]) -> Point { Point(x: v.first ?? 0, y: v.count > 1 ? v[1] : 0) }
}

private func clamp(_ v: Double) -> Double { min(max(v.isFinite ? v : 0, 0), 1) }

extension Paint {
  /// Whether drawing with the paint can change a pixel.
  var isVisibleLottie: Bool {
    switch self {
    case .color(let c): return c.alpha > 0
    case .linear(let g): return g.stops.contains { $0.color.alpha > 0 }
    case .radial(let g): return g.stops.contains { $0.color.alpha > 0 }
    case .angular(let g): return g.stops.contains { $0.color.alpha > 0 }
    }
  }
}
