import Foundation
import KurukuruCore

// MARK: - LottieExporter

/// Turns a resolved scene into a Lottie 1.0 document (`LottieDocument` has the rules).
public enum LottieExporter {
  /// The Lottie document of `scene`, as UTF-8 JSON bytes (compact, deterministic: keys in a
  /// fixed order, numbers rounded to 4 decimals, 6 for easing handles and colours).
  /// - Throws: `LottieError` naming the scene's file and the view for what cannot be exported.
  public static func document(for scene: ResolvedScene) throws -> [UInt8] {
    let animation = try LottieDocument(scene: scene).build()
    return Array(LottieWriter.json(animation, formatVersion: 10000).render(indent: nil).utf8)
  }
}

// MARK: - LottieDocument

/// Builds a Lottie 1.0 document (one shape layer of nested groups) from a resolved scene.
///
/// The view tree maps to groups one to one: a view's base (shape or stack) is the innermost
/// group and every modifier that moves or fades it wraps it in another group, first modifier
/// innermost, as SwiftUI applies them. Group transforms carry SwiftUI's anchors: `rotationEffect`
/// and `scaleEffect` turn about `anchor` of the view's frame at that modifier (`tr.a` = `tr.p` =
/// the anchor point), `offset` and layout (stack placement, `frame` alignment, `padding`) are
/// translations. Lottie draws the first item of a group on top, so children are listed back to
/// front reversed. Timing goes through `LottieTiming`.
struct LottieDocument {
  let scene: ResolvedScene
  /// Seconds of one loop.
  let period: Double
  /// Frames per second of the loop (`scene.timeline.fps`).
  let fps: Double
  /// Frames in one loop: the document's `op`.
  let frameCount: Int
  /// Whether any `frame` size is animated (then layout-derived numbers are sampled).
  let layoutIsAnimated: Bool
  /// The layout at time 0 (the layout at every time when `layoutIsAnimated` is false).
  let staticTrace: (origin: Point, root: LaidOutView)

  /// Bands of a glow or shadow (see `LottieGlow`).
  static let glowBands = 6
  /// Overlap of adjacent angular-gradient pieces, in degrees, so no seam shows between them.
  static let wedgeOverlap = 0.5
  /// How far, in points along the circle, a sampled end of an arc with animated angles may be
  /// from the true one: 0.1 pt (a fifth of a pixel at 2×; 0.05 pt played no closer in rlottie
  /// or ThorVG and made material-circular's document 44 % larger).
  static let arcEndTolerance = 0.1

  init(scene: ResolvedScene) {
    self.scene = scene
    period = scene.timeline.period
    fps = scene.timeline.fps
    frameCount = scene.timeline.period > 0 ? scene.timeline.frameCount : 1
    layoutIsAnimated = LottieDocument.animatesLayout(scene.root)
    staticTrace = scene.layout(at: 0)
  }

  // MARK: - Document

  /// The whole document.
  /// - Throws: `LottieError` for what cannot be exported.
  func build() throws -> Lottie.Animation {
    let rootNode = Node(view: scene.root, path: [], place: "view")
    var items = try content(rootNode, scene.root.modifiers.count, environment: .color(.constant(.black)), mode: .normal)
    let origin = staticTrace.origin
    if layoutIsAnimated {
      let o = joint([{ self.scene.layout(at: $0).origin.x }, { self.scene.layout(at: $0).origin.y }])
      items = translated(items, o[0], o[1], name: "canvas")
    } else {
      items = translated(items, .constant(LottieNumber.round(origin.x)), .constant(LottieNumber.round(origin.y)), name: "canvas")
    }
    if scene.background.alpha > 0 {
      var path = BezierPath()
      path.move(to: .zero)
      path.line(to: Point(x: scene.size.width, y: 0))
      path.line(to: Point(x: scene.size.width, y: scene.size.height))
      path.line(to: Point(x: 0, y: scene.size.height))
      path.close()
      items.append(group("background", [pathItem(path), fillItem(scene.background, evenOdd: false)], nil))
    }
    let layer = Lottie.Layer(
      index: 1, name: scene.name, content: .shape(items), inPoint: 0, outPoint: Double(frameCount))
    return Lottie.Animation(
      version: "5.7.0", name: scene.name, frameRate: num(fps), inPoint: 0, outPoint: Double(frameCount),
      width: scene.size.width.rounded(), height: scene.size.height.rounded(), layers: [layer])
  }

  // MARK: - Views

  /// A view in the tree: its path from the root (children of stacks, views of `overlay` and
  /// `background`) and its place for messages.
  struct Node {
    var view: SceneView
    var path: [Step]
    var place: String
  }

  /// One step down the laid-out tree.
  enum Step {
    /// Child `i` of a stack.
    case child(Int)
    /// The view carried by modifier `k` (`LaidOutView.attachments`).
    case attachment(Int)
  }

  /// How leaves are painted: normally, or as one band of a glow (a solid colour, strokes widened).
  enum Mode {
    case normal
    /// Band `band` of `count` of a shadow of blur `radius` (points) and `color`.
    case glow(band: Int, radius: AnimatedValue, color: RGBAColor)
  }

  /// The items of `node` with its first `k` modifiers applied.
  private func content(_ node: Node, _ k: Int, environment env: PaintSpec, mode: Mode) throws -> [Lottie.Shape] {
    guard k > 0 else { return try base(node, environment: env, mode: mode) }
    let name = modifierName(node.view.modifiers[k - 1])
    let place = "\(node.place).modifiers[\(k - 1)]"
    switch node.view.modifiers[k - 1] {
    case .foregroundStyle(let paint):
      return try content(node, k - 1, environment: paint, mode: mode)
    case .frame, .flexibleFrame, .aspectRatio, .fixedSize, .padding:
      let inner = try content(node, k - 1, environment: env, mode: mode)
      let shift = layoutVector(node) { $0.shifts[k - 1] }
      return translated(inner, shift[0], shift[1], name: name)
    case .offset(let x, let y):
      let inner = try content(node, k - 1, environment: env, mode: mode)
      return translated(inner, animated(x), animated(y), name: name)
    case .rotationEffect(let degrees, let anchor):
      let inner = try content(node, k - 1, environment: env, mode: mode)
      let a = layoutVector(node) { anchor.point(in: $0.sizes[k - 1]) }
      guard let tr = transform(a: a, p: a, r: animated(degrees, span: 360)) else {
        throw LottieError(file: scene.label, place: place, message: "rotationEffect with an animated anchor that cannot be keyframed")
      }
      return [group(name, inner, tr)]
    case .rotation3DEffect(let turns, let anchor, let anchorZ, _):
      return try rotation3DItems(node, k, turns: turns, anchor: anchor, anchorZ: anchorZ, environment: env, mode: mode)
    case .scaleEffect(let x, let y, let anchor):
      let inner = try content(node, k - 1, environment: env, mode: mode)
      let a = layoutVector(node) { anchor.point(in: $0.sizes[k - 1]) }
      let sx = animated(x, scale: 100), sy = animated(y, scale: 100)
      if let tr = transform(a: a, p: a, s: [sx, sy]) { return [group(name, inner, tr)] }
      // x and y follow different animations: one group per axis, about the same anchor.
      guard let trX = transform(a: a, p: a, s: [sx, .constant(100)]),
        let trY = transform(a: a, p: a, s: [.constant(100), sy])
      else {
        throw LottieError(file: scene.label, place: place, message: "scaleEffect with an animated anchor that cannot be keyframed")
      }
      return [group(name + " y", [group(name + " x", inner, trX)], trY)]
    case .opacity(let o):
      let inner = try content(node, k - 1, environment: env, mode: mode)
      let opacity = clamped(o, scale: 100, range: 0...100)
      if opacity.isConstant && opacity.constant >= 100 { return inner }
      return [group(name, inner, transform(o: opacity)!)]
    case .overlay(let attached, _), .background(let attached, _):
      let inner = try content(node, k - 1, environment: env, mode: mode)
      let attachedNode = Node(view: attached, path: node.path + [.attachment(k - 1)], place: "\(place).\(name)")
      let items = try content(attachedNode, attached.modifiers.count, environment: env, mode: mode)
      let offset = layoutVector(node) { $0.attachments[k - 1]?.offset ?? .zero }
      let placed = [group(name, translated(items, offset[0], offset[1], name: "place"), nil)]
      // Lottie draws the first item on top.
      if case .overlay = node.view.modifiers[k - 1] { return placed + inner }
      return inner + placed
    case .boxShadow:
      throw LottieError(
        file: scene.label, place: place,
        message: "a shadow with 'spread' (CSS's box-shadow) is not exported; render it as gif, apng or webp instead")
    case .skew:
      throw LottieError(
        file: scene.label, place: place,
        message: "skew is not exported (Lottie's skew turns about its own axis, not CSS's shear); render it as gif, apng or webp instead")
    case .clipShape, .clipped, .cornerRadius, .mask:
      // Lottie clips and masks whole layers (`masksProperties`, track mattes); this exporter
      // writes the scene as one shape layer of groups, which have neither.
      throw LottieError(
        file: scene.label, place: place,
        message: "\(name) is not exported: Lottie clips and masks only whole layers, and the scene is written as one shape layer; render it as gif, apng or webp instead")
    case .shadow(let color, let radius, let x, let y):
      let inner = try content(node, k - 1, environment: env, mode: mode)
      guard case .constant(let color) = color else {
        throw LottieError(file: scene.label, place: place, message: "an animated shadow colour (the glow's bands are drawn in one colour)")
      }
      guard case .normal = mode, color.alpha > 0 else { return inner }
      var out = [group(name, inner, nil)]
      for band in 0..<LottieDocument.glowBands {
        let copy = try content(node, k - 1, environment: env, mode: .glow(band: band, radius: radius, color: color))
        out += translated(copy, animated(x), animated(y), name: "\(name) band \(band)")
      }
      return out
    }
  }

  /// A `rotation3DEffect` (modifier `k` of `node`). One turn about a constant z axis with the
  /// anchor in the view's plane is a plain rotation; any tilt out of the plane (or an animated
  /// axis, or composed turns) is a perspective projection, which Lottie's shape groups cannot
  /// express: a `LottieError`.
  private func rotation3DItems(
    _ node: Node, _ k: Int, turns: [Turn3D], anchor: UnitAnchor, anchorZ: AnimatedValue,
    environment env: PaintSpec, mode: Mode
  ) throws -> [Lottie.Shape] {
    let name = modifierName(node.view.modifiers[k - 1])
    let place = "\(node.place).modifiers[\(k - 1)]"
    guard turns.count == 1, let degrees = turns.first?.degrees, let axis = turns.first?.axis.constant,
      axis.x == 0, axis.y == 0, case .constant(let z) = anchorZ, z == 0
    else {
      throw LottieError(
        file: scene.label, place: place,
        message: "rotation3DEffect tilts the view out of the screen's plane (a perspective projection), which Lottie shape layers cannot express; render it as gif, apng or webp instead")
    }
    let inner = try content(node, k - 1, environment: env, mode: mode)
    let a = layoutVector(node) { anchor.point(in: $0.sizes[k - 1]) }
    let turn = axis.z > 0 ? animated(degrees, span: 360) : animated(degrees, scale: -1, span: 360)
    guard let tr = transform(a: a, p: a, r: turn) else {
      throw LottieError(file: scene.label, place: place, message: "rotation3DEffect with an animated anchor that cannot be keyframed")
    }
    return [group(name, inner, tr)]
  }

  /// The base view: a shape's items, or a stack's children placed.
  private func base(_ node: Node, environment env: PaintSpec, mode: Mode) throws -> [Lottie.Shape] {
    switch node.view.kind {
    case .spacer:
      return []
    case .shape(let shape):
      return try shapeItems(shape, node, environment: env, mode: mode)
    case .text(let text):
      return try textItems(text, node, environment: env, mode: mode)
    case .zStack(_, let children), .hStack(_, _, let children), .vStack(_, _, let children):
      let kind: String
      switch node.view.kind {
      case .zStack: kind = "ZStack"
      case .hStack: kind = "HStack"
      default: kind = "VStack"
      }
      var groups: [Lottie.Shape] = []
      for (i, child) in children.enumerated() {
        let childNode = Node(view: child, path: node.path + [.child(i)], place: "\(node.place).\(kind).content[\(i)]")
        let items = try content(childNode, child.modifiers.count, environment: env, mode: mode)
        let offset = layoutVector(node) { $0.childOffsets[i] }
        groups.append(group("\(kind)[\(i)]", translated(items, offset[0], offset[1], name: "place"), nil))
      }
      return groups.reversed()  // Lottie draws the first item on top
    }
  }

  // MARK: - Shapes

  private func shapeItems(_ shape: StyledShape, _ node: Node, environment env: PaintSpec, mode: Mode) throws -> [Lottie.Shape] {
    let place = node.place
    var paint = env
    var fill = true, evenOdd = false, border = false
    var stroke = StrokeSpec()
    switch shape.style {
    case nil: break
    case .fill(let p, let eo)?: paint = p ?? env; evenOdd = eo
    case .stroke(let p, let s)?: paint = p ?? env; fill = false; stroke = s
    case .strokeBorder(let p, let s)?: paint = p ?? env; fill = false; stroke = s; border = true
    }
    if !fill, stroke.lineWidth == .constant(0) { return [] }
    let width = fill ? LottieScalar.constant(0) : clamped(stroke.lineWidth, scale: 1, range: 0...Double.infinity)
    let geometryAnimated = layoutIsAnimated || (border && !width.isConstant) || shape.shape.isAnimatedGeometry
    // The rectangle the path is drawn in, at t.
    let rect: (Double) -> Rect = { t in
      let r = Rect(origin: .zero, size: self.trace(node, at: t).baseProposal)
      return border ? r.insetBy(max(0, stroke.lineWidth.value(at: t)) / 2) : r
    }
    let paintRect: (Double) -> Rect = { t in Rect(origin: .zero, size: self.trace(node, at: t).baseProposal) }

    var isAngular = false
    if case .angular = paint { isAngular = true }
    var isCircleLike = false
    var arcAnimated = false
    switch shape.shape {
    case .circle: isCircleLike = true
    case .arc(let a, let b, _): isCircleLike = true; arcAnimated = a.animation != nil || b.animation != nil
    default: break
    }
    if isAngular && !isCircleLike {
      throw LottieError(
        file: scene.label, place: place,
        message: "an AngularGradient on \(shape.shape.name.rawValue) (Lottie has no conic gradient; it is approximated only on Circle and Arc)")
    }
    if isCircleLike && (isAngular || arcAnimated) {
      return try angleModeItems(shape, node, paint: paint, fill: fill, evenOdd: evenOdd, stroke: stroke, width: width, rect: rect, paintRect: paintRect, mode: mode)
    }

    // A path, a trim, a style.
    var items: [Lottie.Shape] = []
    if geometryAnimated {
      items.append(animatedPath { shape.shape.path(in: rect($0), at: $0) })
    } else {
      items.append(pathItem(shape.shape.path(in: rect(0), at: 0)))
    }
    if let trim = shape.trim, trim.from != .constant(0) || trim.to != .constant(1) {
      items.append(trimItem(from: trim.from, to: trim.to))
    }
    items += try styleItems(paint, fill: fill, evenOdd: evenOdd, stroke: stroke, width: width, paintRect: paintRect, mode: mode, place: place)
    return [group(shape.shape.name.rawValue, items, nil)]
  }

  /// A fixed Text as its glyph outlines: one path item per contour and one fill, which Lottie
  /// fills as one compound path (non-zero), as the rasterizer does. A counter's glyphs change
  /// with time (another digit is another outline, with other vertices), which a Lottie path
  /// cannot keyframe: a `LottieError`.
  private func textItems(_ text: TextSpec, _ node: Node, environment env: PaintSpec, mode: Mode) throws -> [Lottie.Shape] {
    guard case .literal = text.content else {
      throw LottieError(
        file: scene.label, place: node.place,
        message: "a Text counter is not exported: its glyphs change with time and Lottie paths cannot keyframe one outline into another; render it as gif, apng or webp instead")
    }
    var items: [Lottie.Shape] = []
    var contour = BezierPath()
    for e in text.path(at: 0).elements {
      if case .move = e, !contour.isEmpty {
        items.append(pathItem(contour))
        contour = BezierPath()
      }
      contour.elements.append(e)
    }
    if !contour.isEmpty { items.append(pathItem(contour)) }
    guard !items.isEmpty else { return [] }
    let paintRect: (Double) -> Rect = { t in Rect(origin: .zero, size: self.trace(node, at: t).sizes[0]) }
    items += try styleItems(
      env, fill: true, evenOdd: false, stroke: StrokeSpec(), width: .constant(0), paintRect: paintRect, mode: mode, place: node.place)
    return [group("Text", items, nil)]
  }

  /// Circles and arcs drawn as a trimmed full circle: the drawn part is an interval of angles,
  /// which Lottie's trim (`o` in degrees) plays exactly; an AngularGradient becomes pieces of
  /// solid colour, one per wedge of the gradient.
  private func angleModeItems(
    _ shape: StyledShape, _ node: Node, paint: PaintSpec, fill: Bool, evenOdd: Bool, stroke: StrokeSpec,
    width: LottieScalar, rect: @escaping (Double) -> Rect, paintRect: @escaping (Double) -> Rect, mode: Mode
  ) throws -> [Lottie.Shape] {
    let place = node.place
    var animatedValues: [AnimatedValue] = [shape.trim?.from, shape.trim?.to].compactMap { $0 }
    var startValue = AnimatedValue.constant(0), endValue = AnimatedValue.constant(360), clockwise = true
    if case .arc(let a, let b, let cw) = shape.shape {
      startValue = a; endValue = b; clockwise = cw
      animatedValues += [a, b]
    }
    if !clockwise, !stroke.dash.isEmpty, !fill {
      throw LottieError(file: scene.label, place: place, message: "a dashed counter-clockwise Arc with animated angles or an AngularGradient")
    }
    let isArc: Bool
    if case .arc = shape.shape { isArc = true } else { isArc = false }
    // The drawn interval [start, start + length] in degrees clockwise, at t.
    let interval: (Double) -> (start: Double, length: Double) = { t in
      let f0 = min(max(shape.trim?.from.value(at: t) ?? 0, 0), 1)
      let f1 = min(max(shape.trim?.to.value(at: t) ?? 1, 0), 1)
      guard f1 > f0 else { return (0, 0) }
      if !isArc { return (360 * f0, 360 * (f1 - f0)) }
      let a = startValue.value(at: t), b = endValue.value(at: t)
      let sweep = PathBuilder.arcSweep(start: a, end: b, clockwise: clockwise)
      if sweep == 0 { return (0, 0) }
      if sweep > 0 { return (a + f0 * sweep, (f1 - f0) * sweep) }
      return (a + f1 * sweep, (f1 - f0) * -sweep)
    }
    let circle: (Double) -> BezierPath = { t in
      let r = rect(t)
      var path = BezierPath()
      let radius = min(r.width, r.height) / 2
      PathBuilder.addArc(to: &path, center: r.center, radiusX: radius, radiusY: radius, startDegrees: 0, sweepDegrees: 360)
      path.close()
      return path
    }
    let geometryAnimated = layoutIsAnimated || !width.isConstant
    let pathJSON = geometryAnimated ? animatedPath(circle) : pathItem(circle(0))

    guard case .angular(let stops, let center, let a0, let a1) = paint else {
      // An arc with animated angles and an ordinary paint: one trimmed circle, exact when the
      // drawn interval is a linear combination of the angles (see `exactInterval`).
      if let (start, length) = exactInterval(startValue, endValue, clockwise: clockwise, trim: shape.trim) {
        var items = [pathJSON, trimItem(start: .constant(0), end: length, offset: start)]
        items += try styleItems(paint, fill: fill, evenOdd: evenOdd, stroke: stroke, width: width, paintRect: paintRect, mode: mode, place: place)
        return [group(shape.shape.name.rawValue, items, nil)]
      }
      // Sampled: each end of the arc within `arcEndTolerance` of where it belongs. The usual
      // tolerance (0.5 % of a turn for the start, of the length's range for the length) let
      // material-circular's short arc end about 1° (0.3 pt) off, 7–11 % of its ink.
      let r0 = rect(0)
      let degrees = LottieDocument.arcEndTolerance / max(min(r0.width, r0.height) / 2, 1) * 180 / .pi
      let start = derived(animatedValues, span: min(360, degrees / LottieTiming.tolerance)) { interval($0).start }
      let length = derived(animatedValues, span: degrees / 3.6 / LottieTiming.tolerance) { interval($0).length / 3.6 }
      var items = [pathJSON, trimItem(start: .constant(0), end: length, offset: start)]
      items += try styleItems(paint, fill: fill, evenOdd: evenOdd, stroke: stroke, width: width, paintRect: paintRect, mode: mode, place: place)
      return [group(shape.shape.name.rawValue, items, nil)]
    }
    guard a0.animation == nil, a1?.animation == nil else {
      throw LottieError(file: scene.label, place: place, message: "an AngularGradient with animated angles")
    }
    let r0 = paintRect(0)
    let c = r0.point(atUnit: center.x, center.y)
    guard abs(c.x - r0.midX) < 1e-9, abs(c.y - r0.midY) < 1e-9 else {
      throw LottieError(file: scene.label, place: place, message: "an AngularGradient whose center is not the shape's centre")
    }
    if fill && (shape.trim != nil || isArc) {
      throw LottieError(file: scene.label, place: place, message: "a filled Arc or trimmed Circle with an AngularGradient")
    }
    let gradient = LottieAngular(stops: try fixedStops(stops, place: place), startAngle: a0.value(at: 0), endAngle: a1?.value(at: 0))
    let wedges = gradient.wedges()
    var pieces: [Lottie.Shape] = []
    let base = wedges.first?.from ?? 0
    for (k, wedge) in wedges.enumerated() {
      let lo = wedge.from - (k == 0 ? 0 : LottieDocument.wedgeOverlap), hi = wedge.to
      if fill {
        // A pie slice of the disc.
        let r = rect(0)
        let radius = min(r.width, r.height) / 2
        var slice = BezierPath()
        slice.move(to: r.center)
        PathBuilder.addArc(to: &slice, center: r.center, radiusX: radius, radiusY: radius, startDegrees: lo, sweepDegrees: hi - lo, connect: false)
        var joined = BezierPath([.move(r.center)])
        for e in slice.elements.dropFirst() {
          if case .move(let p) = e { joined.line(to: p) } else { joined.elements.append(e) }
        }
        joined.close()
        var items = [pathItem(joined)]
        items += try styleItems(.color(.constant(wedge.color)), fill: true, evenOdd: evenOdd, stroke: stroke, width: width, paintRect: paintRect, mode: mode, place: place)
        pieces.append(group("wedge \(k)", items, nil))
        continue
      }
      for turn in 0..<2 {
        let shiftLo = lo + 360 * Double(turn), shiftHi = hi + 360 * Double(turn)
        let part: (Double) -> (Double, Double) = { t in
          let d = interval(t)
          guard d.length > 0 else { return (shiftLo, 0) }
          // The start taken into the first turn of the wedges, [base, base + 360).
          var s = (d.start - base).truncatingRemainder(dividingBy: 360)
          if s < 0 { s += 360 }
          s += base
          let from = max(s, shiftLo), to = min(s + d.length, shiftHi)
          return to > from ? (from, to - from) : (shiftLo, 0)
        }
        let start = derived(animatedValues, span: 360) { part($0).0 }
        let length = derived(animatedValues) { part($0).1 / 3.6 }
        if length.isConstant && length.constant <= 0 { continue }
        var items = [pathJSON, trimItem(start: .constant(0), end: length, offset: start)]
        items += try styleItems(.color(.constant(wedge.color)), fill: false, evenOdd: false, stroke: stroke, width: width, paintRect: paintRect, mode: mode, place: place)
        pieces.append(group("wedge \(k)\(turn == 1 ? "'" : "")", items, nil))
      }
    }
    return [group(shape.shape.name.rawValue, pieces.reversed(), nil)]
  }

  /// The drawn interval of an arc (start in degrees, length in percent of a turn) as exact
  /// keyframes, when the angles are tracks of one animation with linear keyframes, the trim is
  /// constant and the sweep never wraps: sweep = end − start + 360·n on the whole loop (the
  /// arc's `(end − start) mod 360` is then that same linear expression). Nil otherwise.
  private func exactInterval(
    _ a: AnimatedValue, _ b: AnimatedValue, clockwise: Bool, trim: (from: AnimatedValue, to: AnimatedValue)?
  ) -> (LottieScalar, LottieScalar)? {
    let f0 = trim?.from ?? .constant(0), f1 = trim?.to ?? .constant(1)
    guard f0.animation == nil, f1.animation == nil else { return nil }
    let lo = min(max(f0.value(at: 0), 0), 1), hi = min(max(f1.value(at: 0), 0), 1)
    guard hi > lo else { return (.constant(0), .constant(0)) }
    let sign = clockwise ? 1.0 : -1.0
    guard let d = LottieTiming.combination([(b, sign), (a, -sign)]), LottieTiming.staysInKeyRange(d) else { return nil }
    let range = LottieTiming.keyRange(d)
    let n = (range.max / 360).rounded(.up) - 1
    let fits = range.max <= 360 * (n + 1) && (range.min > 360 * n || (n == 0 && range.min == 0 && range.max > 0))
    guard fits else { return nil }
    // |sweep| = sign·(b − a) + 360n; cw: start = a + lo·sweep; ccw: start = a − hi·|sweep|.
    let startTerms: [(AnimatedValue, Double)] =
      clockwise ? [(a, 1 - lo), (b, lo)] : [(a, 1 - hi), (b, hi)]
    let startOffset = clockwise ? lo * 360 * n : -hi * 360 * n
    guard let start = LottieTiming.combination(startTerms, offset: startOffset),
      let length = LottieTiming.combination([(d, (hi - lo) / 3.6)], offset: (hi - lo) * 360 * n / 3.6)
    else { return nil }
    return (animated(start), animated(length))
  }

  // MARK: - Styles

  /// The fill or stroke items for `paint`; in glow mode a solid colour, strokes widened.
  private func styleItems(
    _ paint: PaintSpec, fill: Bool, evenOdd: Bool, stroke: StrokeSpec, width: LottieScalar,
    paintRect: @escaping (Double) -> Rect, mode: Mode, place: String
  ) throws -> [Lottie.Shape] {
    if case .glow(let index, let radius, let color) = mode {
      if case .color(.track) = paint {
        throw LottieError(file: scene.label, place: place, message: "an animated colour under a shadow (the glow takes the paint's opacity once)")
      }
      let sigma = max(1e-6, radius.value(at: 0) / 2)
      let bands = LottieGlow.bands(count: LottieDocument.glowBands, halfWidth: fill ? nil : width.value(atFrame: 0) / 2 / sigma)
      let band = bands[min(index, bands.count - 1)]
      let extra = derived([radius]) { band.reach * max(0, radius.value(at: $0)) / 2 }
      let c = color.withAlpha(color.alpha * band.alpha * LottieDocument.meanAlpha(paint))
      if fill {
        var out = [fillItem(c, evenOdd: evenOdd)]
        if !(extra.isConstant && extra.constant <= 0) {
          // A stroke straddles the outline: width 2·extra reaches `extra` beyond it.
          let w = combined(.constant(0), extra, scale: 2)
          out.insert(strokeItem(.color(.constant(c)), width: w, stroke: StrokeSpec(lineWidth: .constant(1), lineCap: .round, lineJoin: .round)), at: 0)
        }
        return out
      }
      // Beyond a butt end the blur fades to half at the end and to a sixth 1σ further: the
      // bands reaching at most `LottieGlow.roundCapReach` get round caps, the wider ones keep
      // the stroke's own caps, so the glow goes round an end without bridging the gaps
      // between arcs that the blur leaves dark. Joins are rounded: a widened miter would spike.
      var s = stroke
      if band.reach <= LottieGlow.roundCapReach { s.lineCap = .round }
      s.lineJoin = .round
      // The band reaches `extra` beyond each side of the stroke: width + 2·extra.
      return [strokeItem(.color(.constant(c)), width: combined(width, extra, scale: 2), stroke: s)]
    }
    switch paint {
    case .color(let c):
      return [fill ? fillItem(c, evenOdd: evenOdd) : strokeItem(.color(c), width: width, stroke: stroke)]
    case .linear(let stops, let s, let e):
      let sp = layoutPoint { paintRect($0).point(atUnit: s.x, s.y) }
      let ep = layoutPoint { paintRect($0).point(atUnit: e.x, e.y) }
      let g = Gradient(kind: .linear, stops: try fixedStops(stops, place: place), start: sp, end: ep)
      return [fill ? gradientFillItem(g, evenOdd: evenOdd) : strokeItem(.gradient(g), width: width, stroke: stroke)]
    case .radial(let stops, let center, let r0, let r1):
      if r0.animation != nil, r0.value(at: 0) != 0 {
        throw LottieError(file: scene.label, place: place, message: "a RadialGradient with an animated startRadius")
      }
      let stops = try fixedStops(stops, place: place)
      let inner = max(0, r0.value(at: 0))
      let outerRadius = clamped(r1, scale: 1, range: 0...Double.infinity)
      let cp = layoutPoint { paintRect($0).point(atUnit: center.x, center.y) }
      // Lottie's radial gradient starts at its centre: stops move to (r0 + l·(r1 − r0)) / r1.
      var mapped = stops
      let end = max(r1.value(at: 0), 1e-9)
      if inner > 0 {
        mapped = stops.map { GradientStop(location: (inner + $0.location * (end - inner)) / end, color: $0.color) }
        if let first = stops.sortedStops.first { mapped.insert(GradientStop(location: 0, color: first.color), at: 0) }
      }
      let ep = [combined(cp[0], outerRadius, scale: 1), cp[1]]
      let g = Gradient(kind: .radial, stops: mapped, start: cp, end: ep)
      return [fill ? gradientFillItem(g, evenOdd: evenOdd) : strokeItem(.gradient(g), width: width, stroke: stroke)]
    case .angular:
      throw LottieError(file: scene.label, place: place, message: "an AngularGradient here")
    }
  }

  /// Mean opacity of a paint at time 0 (a glow is cast by the paint's alpha).
  static func meanAlpha(_ paint: PaintSpec) -> Double {
    switch paint {
    case .color(let c): return c.value(at: 0).alpha
    case .linear(let s, _, _), .radial(let s, _, _, _), .angular(let s, _, _, _):
      return s.isEmpty ? 1 : s.reduce(0) { $0 + $1.color.value(at: 0).alpha } / Double(s.count)
    }
  }

  /// Gradient stops whose colours do not change; an animated stop colour is a `LottieError`
  /// (Lottie animates a gradient's data only as a whole, which the exporter does not write).
  func fixedStops(_ stops: [GradientStopSpec], place: String) throws -> [GradientStop] {
    try stops.map { stop in
      guard case .constant(let c) = stop.color else {
        throw LottieError(file: scene.label, place: place, message: "a gradient with an animated stop colour")
      }
      return GradientStop(location: stop.location, color: c)
    }
  }

  // MARK: - Signals

  /// An animated value as a Lottie property, `scale · v + offset`.
  /// - Parameter span: the largest range the tolerance of a sampled value is taken of (360 for
  ///   degrees, see `LottieTiming`); default unbounded.
  func animated(_ v: AnimatedValue, scale: Double = 1, offset: Double = 0, span: Double = .infinity) -> LottieScalar {
    LottieTiming.scalar(v, period: period, fps: fps, scale: scale, offset: offset, span: span)
  }

  /// `scale · v` clamped to `range` as the evaluator clamps it: exact when the value never
  /// leaves the range, sampled otherwise.
  func clamped(_ v: AnimatedValue, scale: Double, range: ClosedRange<Double>) -> LottieScalar {
    let r = LottieTiming.valueRange({ scale * v.value(at: $0) }, period: max(period, 0), fps: fps)
    if period <= 0 || (range.contains(r.min) && range.contains(r.max)) { return animated(v, scale: scale) }
    return derived([v]) { min(max(scale * v.value(at: $0), range.lowerBound), range.upperBound) }
  }

  /// A number computed from several values (and the layout): constant when none is animated,
  /// otherwise sampled (see `LottieTiming.sampled`) with keyframes at the values' pass
  /// boundaries and key times.
  /// - Parameter span: the largest range the tolerance is taken of (360 for degrees); default
  ///   unbounded.
  func derived(
    _ values: [AnimatedValue], layout: Bool = false, span: Double = .infinity, _ f: @escaping (Double) -> Double
  ) -> LottieScalar {
    let animations = values.compactMap(\.animation)
    if animations.isEmpty && !(layout && layoutIsAnimated) || period <= 0 { return .constant(LottieNumber.round(f(0))) }
    let breaks = values.flatMap { LottieTiming.breakpoints($0, period: period) }
    return LottieTiming.sampled(f, period: period, fps: fps, breakpoints: breaks, span: span)
  }

  /// Sampled numbers with keyframes at the same times (linear easing), for vectors.
  func joint(_ fs: [(Double) -> Double]) -> [LottieScalar] {
    let scalars = fs.map { LottieTiming.sampled($0, period: period, fps: fps) }
    return LottieScalar.aligned(scalars) ?? scalars
  }

  /// `a + scale · b` for two properties (exact when at most one is animated, else sampled).
  func combined(_ a: LottieScalar, _ b: LottieScalar, scale: Double) -> LottieScalar {
    if a.isConstant { return b.mapped(scale: 1, offset: 0).mappedSum(a.constant, bScale: scale) }
    if b.isConstant { return a.mapped(scale: 1, offset: scale * b.constant) }
    return LottieTiming.sampled(
      { a.value(atFrame: $0 * self.fps) + scale * b.value(atFrame: $0 * self.fps) }, period: period, fps: fps)
  }

  /// The layout of `node` at `t`.
  func trace(_ node: Node, at t: Double) -> LaidOutView {
    var v = layoutIsAnimated ? scene.layout(at: t).root : staticTrace.root
    for step in node.path {
      switch step {
      case .child(let i) where i < v.children.count: v = v.children[i]
      case .attachment(let k) where k < v.attachments.count: if let a = v.attachments[k] { v = a.layout }
      default: break
      }
    }
    return v
  }

  /// A point read from the layout of `node`, as two properties.
  func layoutVector(_ node: Node, _ read: @escaping (LaidOutView) -> Point) -> [LottieScalar] {
    layoutPoint { read(self.trace(node, at: $0)) }
  }

  /// A point that depends only on the layout, as two properties.
  func layoutPoint(_ f: @escaping (Double) -> Point) -> [LottieScalar] {
    guard layoutIsAnimated, period > 0 else {
      let p = f(0)
      return [.constant(LottieNumber.round(p.x)), .constant(LottieNumber.round(p.y))]
    }
    return joint([{ f($0).x }, { f($0).y }])
  }

  static func animatesLayout(_ view: SceneView) -> Bool {
    var found = false
    view.forEachAnimatedValue { _, role in if role == .layout { found = true } }
    return found
  }

  // MARK: - Model pieces

  func num(_ v: Double) -> Double { LottieNumber.round(v) }

  /// A group: items, then its transform (identity when nil).
  func group(_ name: String, _ items: [Lottie.Shape], _ transform: Lottie.Transform?) -> Lottie.Shape {
    .group(Lottie.Group(name: name, items: items, transform: transform ?? Lottie.Transform()))
  }

  /// Items moved by (x, y): a translation group, or two when x and y cannot share keyframes.
  func translated(_ items: [Lottie.Shape], _ x: LottieScalar, _ y: LottieScalar, name: String) -> [Lottie.Shape] {
    if x.isConstant && y.isConstant && x.constant == 0 && y.constant == 0 { return items }
    if let tr = transform(p: [x, y]) { return [group(name, items, tr)] }
    let inner = transform(p: [x, .constant(0)]) ?? Lottie.Transform()
    let outer = transform(p: [.constant(0), y]) ?? Lottie.Transform()
    return [group(name + " y", [group(name + " x", items, inner)], outer)]
  }

  /// A group transform, or nil when a vector's components cannot share keyframes. Members at
  /// their defaults (anchor and position 0, scale 100 %, rotation 0°, opacity 100 %) are left
  /// out when written: the specification's defaults, and half the bytes of a document.
  func transform(
    a: [LottieScalar] = [.constant(0), .constant(0)], p: [LottieScalar] = [.constant(0), .constant(0)],
    s: [LottieScalar] = [.constant(100), .constant(100)], r: LottieScalar = .constant(0),
    o: LottieScalar = .constant(100)
  ) -> Lottie.Transform? {
    guard let anchor = vectorProperty(a), let position = vectorProperty(p), let scale = vectorProperty(s) else { return nil }
    return Lottie.Transform(
      anchor: anchor, position: .combined(position), scale: scale, rotation: scalarProperty(r), opacity: scalarProperty(o))
  }

  /// A scalar property.
  func scalarProperty(_ s: LottieScalar) -> Lottie.Property<Double> {
    if s.isConstant { return .constant(s.constant) }
    return .animated(keyframes(s.keyframes.map(\.value), s.keyframes))
  }

  /// A vector property from its components, or nil when they cannot share keyframes.
  func vectorProperty(_ components: [LottieScalar]) -> Lottie.Property<[Double]>? {
    if components.allSatisfy(\.isConstant) { return .constant(components.map(\.constant)) }
    guard let aligned = LottieScalar.aligned(components) else { return nil }
    let lead = aligned.first { !$0.isConstant } ?? aligned[0]
    let values = lead.keyframes.indices.map { i in aligned.map { $0.isConstant ? $0.constant : $0.keyframes[i].value } }
    return .animated(keyframes(values, lead.keyframes, dimensions: components.count))
  }

  /// Keyframes of `values` at the times and with the easing of `keys`; the last keyframe has
  /// neither easing nor hold (nothing follows it).
  func keyframes<V>(_ values: [V], _ keys: [LottieKeyframe], dimensions: Int = 1) -> [Lottie.Keyframe<V>] {
    keys.indices.map { i in
      let k = keys[i]
      guard i + 1 < keys.count else { return Lottie.Keyframe(time: k.frame, value: values[i]) }
      if k.hold { return Lottie.Keyframe(time: k.frame, value: values[i], hold: true) }
      return Lottie.Keyframe(
        time: k.frame, value: values[i], easeOut: Lottie.Easing(k.easeOut, dimensions: dimensions),
        easeIn: Lottie.Easing(k.easeIn, dimensions: dimensions))
    }
  }

  /// A static path item.
  func pathItem(_ path: BezierPath) -> Lottie.Shape {
    .path(Lottie.Path(shape: .constant(LottiePath.bezier(path))))
  }

  /// A path item keyframed at every frame of the loop (linear between frames, held where the
  /// next frame's path has another shape of elements).
  func animatedPath(_ f: (Double) -> BezierPath) -> Lottie.Shape {
    guard period > 0 else { return pathItem(f(0)) }
    var keys: [Lottie.Keyframe<Lottie.Bezier>] = []
    for i in 0...frameCount {
      let t = Double(i) / fps
      let p = f(t)
      var key = Lottie.Keyframe(time: Double(i), value: LottiePath.bezier(p))
      if i < frameCount {
        if LottiePath.sameTopology(p, f(Double(i + 1) / fps)) {
          key.easeOut = Lottie.Easing(Point(x: 0, y: 0))
          key.easeIn = Lottie.Easing(Point(x: 1, y: 1))
        } else {
          key.hold = true
        }
      }
      keys.append(key)
    }
    return .path(Lottie.Path(shape: .animated(keys)))
  }

  /// A trim of fractions from…to of the path (SwiftUI's `trim`).
  func trimItem(from: AnimatedValue, to: AnimatedValue) -> Lottie.Shape {
    // Exact when the trim never leaves 0…1 and never empties; otherwise as the evaluator
    // clamps it (an empty trim draws nothing).
    let a = LottieTiming.valueRange({ from.value(at: $0) }, period: max(period, 0), fps: fps)
    let b = LottieTiming.valueRange({ to.value(at: $0) }, period: max(period, 0), fps: fps)
    let gap = LottieTiming.valueRange({ to.value(at: $0) - from.value(at: $0) }, period: max(period, 0), fps: fps)
    if a.min >= 0, b.max <= 1, gap.min >= 0 {
      return trimItem(start: animated(from, scale: 100), end: animated(to, scale: 100), offset: .constant(0))
    }
    let s = derived([from, to]) { 100 * min(max(from.value(at: $0), 0), 1) }
    let e = derived([from, to]) { t in
      let f0 = min(max(from.value(at: t), 0), 1), f1 = min(max(to.value(at: t), 0), 1)
      return 100 * max(f0, f1)
    }
    return trimItem(start: s, end: e, offset: .constant(0))
  }

  /// A trim: start and end in percent of the path, offset in degrees (360 = one length), each
  /// path on its own.
  func trimItem(start: LottieScalar, end: LottieScalar, offset: LottieScalar) -> Lottie.Shape {
    .trim(Lottie.Trim(
      start: scalarProperty(start), end: scalarProperty(end), offset: scalarProperty(offset), mode: .eachPath))
  }

  /// A colour as Lottie writes it: r, g, b in 0…1, 6 decimals (the alpha goes to opacity).
  func colorProperty(_ c: RGBAColor) -> Lottie.Property<[Double]> {
    .constant([c.red, c.green, c.blue].map { LottieNumber.roundHandle($0) })
  }

  /// An animated colour as Lottie's colour and opacity properties: constant when it does not
  /// change; otherwise r, g, b and 100·alpha sampled from the colour the evaluator draws (any
  /// interpolation space; Lottie players interpolate straight sRGB between the samples), with
  /// keyframes at the animation's pass boundaries and key times.
  func colorProperties(_ c: AnimatedColor) -> (color: Lottie.Property<[Double]>, opacity: Lottie.Property<Double>) {
    guard case .track = c, period > 0 else {
      let v = c.value(at: 0)
      return (colorProperty(v), .constant(LottieNumber.round(100 * v.alpha)))
    }
    let breaks = c.componentTracks.flatMap { LottieTiming.breakpoints(.track($0), period: period) }
    func sampled(_ f: @escaping (RGBAColor) -> Double) -> LottieScalar {
      LottieTiming.sampled({ f(c.value(at: $0)) }, period: period, fps: fps, breakpoints: breaks)
    }
    let rgb = [sampled(\.red), sampled(\.green), sampled(\.blue)]
    // Sampled scalars have linear or held keyframes, which always align; the fallback, one
    // linear keyframe per frame, is never expected.
    let color = vectorProperty(rgb) ?? {
      let frames = (0...frameCount).map { Double($0) }
      let values = frames.map { f -> [Double] in
        let v = c.value(at: f / fps)
        return [v.red, v.green, v.blue].map { LottieNumber.roundHandle($0) }
      }
      return .animated(keyframes(values, frames.map { LottieKeyframe(frame: $0, value: 0) }, dimensions: 3))
    }()
    return (color, scalarProperty(sampled { 100 * $0.alpha }))
  }

  func fillItem(_ c: RGBAColor, evenOdd: Bool) -> Lottie.Shape { fillItem(.constant(c), evenOdd: evenOdd) }

  func fillItem(_ c: AnimatedColor, evenOdd: Bool) -> Lottie.Shape {
    let p = colorProperties(c)
    return .fill(Lottie.Fill(color: p.color, opacity: p.opacity, rule: evenOdd ? .evenOdd : .nonZero))
  }

  enum StrokePaint {
    case color(AnimatedColor)
    case gradient(Gradient)
  }

  /// A gradient in Lottie's terms; points as properties.
  struct Gradient {
    var kind: Lottie.Gradient.Kind
    var stops: [GradientStop]
    var start: [LottieScalar]
    var end: [LottieScalar]
  }

  /// The model's gradient: colour stops (offset, r, g, b), then opacity stops (offset, alpha)
  /// when any stop is not opaque, 6 decimals.
  func gradient(_ g: Gradient) -> Lottie.Gradient {
    let stops = g.stops.sortedStops
    var data: [Double] = []
    for s in stops {
      data += [s.location, s.color.red, s.color.green, s.color.blue].map { LottieNumber.roundHandle($0) }
    }
    if stops.contains(where: { $0.color.alpha < 1 }) {
      for s in stops { data += [s.location, s.color.alpha].map { LottieNumber.roundHandle($0) } }
    }
    let radial = g.kind == .radial
    return Lottie.Gradient(
      kind: g.kind, count: stops.count, data: .constant(data), start: vectorProperty(g.start) ?? .constant([0, 0]),
      end: vectorProperty(g.end) ?? .constant([0, 0]), highlightLength: radial ? .constant(0) : nil,
      highlightAngle: radial ? .constant(0) : nil)
  }

  func gradientFillItem(_ g: Gradient, evenOdd: Bool) -> Lottie.Shape {
    .gradientFill(Lottie.GradientFill(opacity: .constant(100), gradient: gradient(g), rule: evenOdd ? .evenOdd : .nonZero))
  }

  func strokeItem(_ paint: StrokePaint, width: LottieScalar, stroke: StrokeSpec) -> Lottie.Shape {
    var dashes: [Lottie.Dash] = []
    if !stroke.dash.isEmpty {
      let pattern = stroke.dash.count % 2 == 1 ? stroke.dash + stroke.dash : stroke.dash
      dashes = pattern.enumerated().map { i, v in
        Lottie.Dash(kind: i % 2 == 0 ? .dash : .gap, name: i % 2 == 0 ? "dash" : "gap", value: scalarProperty(clamped(v, scale: 1, range: 0...Double.greatestFiniteMagnitude)))
      }
      dashes.append(Lottie.Dash(kind: .offset, name: "offset", value: scalarProperty(animated(stroke.dashPhase))))
    }
    let style = Lottie.StrokeStyle(
      width: scalarProperty(width), cap: stroke.lineCap, join: stroke.lineJoin, miterLimit: LottieNumber.round(stroke.miterLimit),
      dashes: dashes)
    switch paint {
    case .color(let c):
      let p = colorProperties(c)
      return .stroke(Lottie.Stroke(color: p.color, opacity: p.opacity, style: style))
    case .gradient(let g):
      return .gradientStroke(Lottie.GradientStroke(opacity: .constant(100), gradient: gradient(g), style: style))
    }
  }

  func modifierName(_ m: Modifier) -> String { m.name.rawValue }

}

// MARK: - Helpers

extension ShapeKind {
  /// Whether the path itself changes over time (not counting layout).
  var isAnimatedGeometry: Bool {
    switch self {
    case .roundedRectangle(let r): return r.animation != nil
    case .arc(let a, let b, _): return a.animation != nil || b.animation != nil
    default: return false
    }
  }
}

extension Array where Element == GradientStop {
  /// Stops by location, equal locations in their order.
  var sortedStops: [GradientStop] {
    enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
  }
}

extension RGBAColor {
  func withAlpha(_ a: Double) -> RGBAColor { RGBAColor(red: red, green: green, blue: blue, alpha: a) }
  func mix(_ o: RGBAColor, _ t: Double) -> RGBAColor {
    RGBAColor(
      red: red + (o.red - red) * t, green: green + (o.green - green) * t, blue: blue + (o.blue - blue) * t,
      alpha: alpha + (o.alpha - alpha) * t)
  }
}

extension LottieScalar {
  /// `constant + bScale · self`.
  func mappedSum(_ constant: Double, bScale: Double) -> LottieScalar { mapped(scale: bScale, offset: constant) }

  /// The same scalars with keyframes at the same times, or nil when they cannot share them
  /// (different easing at different times). Linear and held keyframes can take extra
  /// keyframes without changing what plays.
  static func aligned(_ scalars: [LottieScalar]) -> [LottieScalar]? {
    let animated = scalars.filter { !$0.isConstant }
    guard let first = animated.first else { return scalars }
    func sameTiming(_ a: LottieScalar, _ b: LottieScalar) -> Bool {
      a.keyframes.count == b.keyframes.count
        && zip(a.keyframes, b.keyframes).allSatisfy { $0.frame == $1.frame && $0.hold == $1.hold && $0.easeOut == $1.easeOut && $0.easeIn == $1.easeIn }
    }
    if animated.allSatisfy({ sameTiming($0, first) }) { return scalars }
    let linear = animated.allSatisfy { s in
      s.keyframes.allSatisfy { $0.hold || ($0.easeOut.x == $0.easeOut.y && $0.easeIn.x == $0.easeIn.y) }
    }
    guard linear else { return nil }
    let times = Array(Set(animated.flatMap { $0.keyframes.map(\.frame) })).sorted()
    return scalars.map { s in
      guard !s.isConstant else { return s }
      let keys = times.map { t -> LottieKeyframe in
        let i = s.keyframes.lastIndex { $0.frame <= t }
        let hold = i.map { s.keyframes[$0].hold && $0 + 1 < s.keyframes.count } ?? false
        return LottieKeyframe(frame: t, value: LottieNumber.round(s.value(atFrame: t)), hold: hold)
      }
      return LottieScalar(keyframes: keys, constant: keys[0].value, sampled: s.sampled)
    }
  }
}

// MARK: - LottiePath

/// Bézier paths in Lottie's form: vertices with in and out tangents relative to them.
enum LottiePath {
  /// The first subpath of `path` (shapes have one) as vertices with relative tangents, points
  /// rounded to 4 decimals. A closed path whose last vertex repeats the first has that curve as
  /// its closing segment.
  static func bezier(_ path: BezierPath) -> Lottie.Bezier {
    var v: [Point] = [], inT: [Point] = [], outT: [Point] = []
    var closed = false
    var started = false
    for e in path.elements {
      switch e {
      case .move(let p):
        if started { break }
        started = true
        v.append(p); inT.append(.zero); outT.append(.zero)
      case .line(let p):
        v.append(p); inT.append(.zero); outT.append(.zero)
      case .cubic(let c1, let c2, let p):
        if let last = v.last { outT[outT.count - 1] = c1 - last }
        v.append(p); inT.append(c2 - p); outT.append(.zero)
      case .close:
        closed = true
      }
    }
    if closed, v.count > 1, let first = v.first, let last = v.last, abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9 {
      inT[0] = inT[inT.count - 1]
      v.removeLast(); inT.removeLast(); outT.removeLast()
    }
    func rounded(_ ps: [Point]) -> [Point] { ps.map { Point(x: LottieNumber.round($0.x), y: LottieNumber.round($0.y)) } }
    return Lottie.Bezier(closed: closed, vertices: rounded(v), inTangents: rounded(inT), outTangents: rounded(outT))
  }

  static func sameTopology(_ a: BezierPath, _ b: BezierPath) -> Bool {
    a.elements.count == b.elements.count
      && zip(a.elements, b.elements).allSatisfy {
        switch ($0, $1) {
        case (.move, .move), (.line, .line), (.cubic, .cubic), (.close, .close): return true
        default: return false
        }
      }
  }
}
