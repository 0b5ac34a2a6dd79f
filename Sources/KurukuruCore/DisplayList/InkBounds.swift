import Foundation

// MARK: - Ink bounds

extension DisplayList {
  /// The smallest rectangle, in canvas points, holding everything this list draws: fills,
  /// strokes with their width, caps and miter joins, and shadows as far as they change a pixel
  /// by at least half an 8-bit level. `nil` when nothing visible is drawn (no items, empty paths,
  /// fully transparent paints or layers). The background is not counted.
  ///
  /// Measured on the geometry, not on pixels: curve extremes are exact (Bézier derivative
  /// roots); a stroke under a non-uniform scale and a dashed stroke's caps are counted generously
  /// (the pen's largest radius, caps at every point).
  public var inkBounds: Rect? {
    var box = InkBox()
    for item in items { InkBox.add(item, to: &box) }
    return box.rect
  }

  /// How far the ink leaves the canvas, in points, and on which side: the largest distance
  /// past any edge, or `nil` when the ink stays within `tolerance` points of the canvas.
  /// - Parameter tolerance: overflow ignored, in points (≥ 0). Default 0.01.
  public func overflow(tolerance: Double = 0.01) -> (amount: Double, edge: CanvasEdge)? {
    // Most frames stay well inside: a box that holds the ink, found without solving for curve
    // extremes, settles them (solving every curve of every frame can take longer than drawing).
    if settlesCoarsely(tolerance: tolerance) { return nil }
    return exactOverflow(tolerance: tolerance)
  }

  /// Whether the coarse box alone shows that the ink stays within `tolerance` points of the
  /// canvas (nothing visible, or the box inside with 1e-6 pt to spare, so that rounding never
  /// decides what the exact box would not).
  func settlesCoarsely(tolerance: Double) -> Bool {
    guard let coarse = coarseInkBox() else { return false }
    guard !coarse.isEmpty else { return true }
    let reach = max(-coarse.minX, -coarse.minY, coarse.maxX - size.width, coarse.maxY - size.height)
    return reach <= tolerance - 1e-6
  }

  /// `overflow(tolerance:)` measured on `inkBounds` alone, without the coarse box first.
  func exactOverflow(tolerance: Double) -> (amount: Double, edge: CanvasEdge)? {
    guard let ink = inkBounds else { return nil }
    let candidates: [(Double, CanvasEdge)] = [
      (-ink.minX, .left), (-ink.minY, .top), (ink.maxX - size.width, .right), (ink.maxY - size.height, .bottom),
    ]
    // The first edge (left, top, right, bottom) among those within 1e-9 pt of the largest.
    guard let largest = candidates.map(\.0).max(), largest > tolerance,
      let worst = candidates.first(where: { $0.0 >= largest - 1e-9 })
    else { return nil }
    return worst
  }
}

extension DisplayList {
  /// A box that holds everything `inkBounds` holds (never less; often more), from the paths'
  /// control points widened by each stroke's farthest reach; nil when a projected group makes a
  /// cheap bound unsure (then only the exact box answers). An empty box: nothing visible.
  func coarseInkBox() -> InkBox? {
    var box = InkBox()
    for item in items where !InkBox.addCoarse(item, to: &box) { return nil }
    return box
  }
}

/// A side of the canvas.
public enum CanvasEdge: String, Equatable, Sendable, CaseIterable {
  case left, top, right, bottom
}

// MARK: - CanvasOverflow

/// Drawing that leaves the canvas at some instant of the loop and is therefore clipped: the
/// worst instant, by how many points and past which edge. The rasterizer clips silently; the
/// command line prints this as a warning.
public struct CanvasOverflow: Equatable, Sendable, CustomStringConvertible {
  /// The canvas in points.
  public var canvas: Size
  /// How far the ink reaches past `edge`, in points (> 0).
  public var amount: Double
  /// The edge passed by the most.
  public var edge: CanvasEdge
  /// The instant of the worst overflow, in seconds from the start of the loop.
  public var time: Double

  public init(canvas: Size, amount: Double, edge: CanvasEdge, time: Double) {
    self.canvas = canvas
    self.amount = amount
    self.edge = edge
    self.time = time
  }

  /// `drawing leaves the 64×64 canvas by 3.5 pt (left) at t = 0.42 s` (numbers to at most two
  /// decimals; the canvas as given).
  public var description: String {
    func n(_ v: Double) -> String { NumberText.format(v, decimals: 2) }
    let amountText = amount < 0.005 ? "less than 0.01" : n(amount)
    return "drawing leaves the \(n(canvas.width))×\(n(canvas.height)) canvas by \(amountText) pt (\(edge.rawValue)) at t = \(n(time)) s"
  }
}

extension AnimationSource {
  /// The worst canvas overflow over the frames of one loop (every frame `i` at
  /// `timeline.time(ofFrame: i)`), or `nil` when every frame stays inside. Evaluating is far
  /// cheaper than rasterizing, so every frame is checked. Ties go to the earliest frame.
  /// - Parameter tolerance: overflow ignored, in points. Default 0.01.
  public func canvasOverflow(tolerance: Double = 0.01) -> CanvasOverflow? {
    canvasOverflow(at: (0..<timeline.frameCount).map { timeline.time(ofFrame: $0) }, tolerance: tolerance)
  }

  /// The worst canvas overflow at the given instants (seconds), or `nil` when none overflows.
  /// Ties (within 1e-9 pt) go to the earliest instant given. The instants are evaluated on all
  /// cores; the worst is then picked in order, so the answer does not depend on the number of
  /// threads.
  public func canvasOverflow(at times: [Double], tolerance: Double = 0.01) -> CanvasOverflow? {
    worstOverflow(overflows(at: times, tolerance: tolerance), at: times)
  }

  /// `DisplayList.overflow(tolerance:)` of the scene evaluated at each instant (seconds), in
  /// order, measured on `workers` threads (default: the active cores); all nil, with nothing
  /// evaluated, for a source that does not warn (`warnsOnCanvasOverflow`).
  public func overflows(at times: [Double], tolerance: Double = 0.01,
                        workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [(amount: Double, edge: CanvasEdge)?] {
    guard warnsOnCanvasOverflow else { return times.map { _ in nil } }
    return Parallel.map(times.count, workers: workers) { self.displayList(at: times[$0]).overflow(tolerance: tolerance) }
  }

  /// The worst of overflows already measured: `found[i]` is `overflow(tolerance:)` of the
  /// display list at `times[i]` seconds (as `canvasOverflow(at:tolerance:)` measures them, so a
  /// renderer can measure each frame as it draws it instead of evaluating the loop twice).
  /// Ties (within 1e-9 pt) go to the earliest instant.
  public func worstOverflow(_ found: [(amount: Double, edge: CanvasEdge)?], at times: [Double]) -> CanvasOverflow? {
    var worst: CanvasOverflow?
    for (t, o) in zip(times, found) {
      guard let o else { continue }
      // Ties within rounding noise (1e-9 pt) keep the earlier instant.
      if o.amount > (worst?.amount ?? 0) + 1e-9 { worst = CanvasOverflow(canvas: size, amount: o.amount, edge: o.edge, time: t) }
    }
    return worst
  }
}

// MARK: - Measuring

/// An axis-aligned box grown point by point.
struct InkBox {
  var minX = Double.infinity, minY = Double.infinity
  var maxX = -Double.infinity, maxY = -Double.infinity

  var isEmpty: Bool { minX > maxX }

  /// The part of this box inside `other` (empty when they do not overlap).
  func intersection(_ other: InkBox) -> InkBox {
    var out = InkBox()
    guard !isEmpty, !other.isEmpty else { return out }
    out.minX = max(minX, other.minX)
    out.minY = max(minY, other.minY)
    out.maxX = min(maxX, other.maxX)
    out.maxY = min(maxY, other.maxY)
    return out.minX <= out.maxX && out.minY <= out.maxY ? out : InkBox()
  }

  var rect: Rect? {
    isEmpty ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  mutating func add(_ p: Point) {
    guard p.x.isFinite, p.y.isFinite else { return }
    minX = min(minX, p.x); maxX = max(maxX, p.x)
    minY = min(minY, p.y); maxY = max(maxY, p.y)
  }

  /// Adds the square of half side `r` around `p` (a round cap or join, conservatively a disc's box).
  mutating func add(_ p: Point, radius r: Double) {
    add(Point(x: p.x - r, y: p.y - r))
    add(Point(x: p.x + r, y: p.y + r))
  }

  mutating func add(_ other: InkBox) {
    guard !other.isEmpty else { return }
    add(Point(x: other.minX, y: other.minY))
    add(Point(x: other.maxX, y: other.maxY))
  }

  /// Adds a layer's ink: `inner`, the box of its items (widened by its blur as far as the blur
  /// changes a pixel), and its shadow as far as it shows.
  mutating func add(layerInk box: InkBox, of layer: Layer) {
    guard !box.isEmpty else { return }
    var inner = box
    if layer.blur > 0 {
      let reach = InkBox.shadowReach(radius: layer.blur, alpha: layer.opacity)
      inner.add(Point(x: box.minX - reach, y: box.minY - reach))
      inner.add(Point(x: box.maxX + reach, y: box.maxY + reach))
    }
    add(inner)
    if let shadow = layer.shadow, shadow.color.alpha * layer.opacity > 0 {
      let reach = InkBox.shadowReach(radius: shadow.radius, alpha: shadow.color.alpha * layer.opacity)
      add(Point(x: inner.minX + shadow.offset.x - reach, y: inner.minY + shadow.offset.y - reach))
      add(Point(x: inner.maxX + shadow.offset.x + reach, y: inner.maxY + shadow.offset.y + reach))
    }
  }

  static func add(_ item: DisplayItem, to box: inout InkBox) {
    switch item {
    case .drawing(let d):
      guard d.paint.isVisible else { return }
      addDrawing(d, to: &box)
    case .layer(let layer):
      guard layer.opacity > 0 else { return }
      var inner = InkBox()
      for child in layer.items { add(child, to: &inner) }
      box.add(layerInk: inner, of: layer)
    case .projected(let group):
      // Each child's box, projected by its corners: a convex box maps onto the convex hull of
      // its projected corners, which holds the projected child (generous for curves). Corners
      // behind the viewer are left out (what lies there is not drawn); an edge-on group draws
      // nothing.
      for child in group.items {
        var inner = InkBox()
        add(child, to: &inner)
        guard let r = inner.rect,
          group.projection.areaScale(at: r.center) > Projection.edgeOnAreaScale
        else { continue }
        for corner in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
          if let q = group.projection.apply(Point(x: corner.0, y: corner.1)) { box.add(q) }
        }
      }
    case .clipped(let clip):
      // What the clip lets through: the children's ink within the clip path's.
      var inner = InkBox()
      for child in clip.items { add(child, to: &inner) }
      var shape = InkBox()
      addDrawing(Drawing(path: clip.path, transform: clip.transform, style: .fill(evenOdd: clip.evenOdd), paint: .color(.black)), to: &shape)
      box.add(inner.intersection(shape))
    case .masked(let group):
      var inner = InkBox()
      for child in group.items { add(child, to: &inner) }
      // An inverted mask can show the children where it has no ink; otherwise only where it has.
      if group.inverted {
        box.add(inner)
      } else {
        var shape = InkBox()
        for child in group.mask { add(child, to: &shape) }
        box.add(inner.intersection(shape))
      }
    }
  }

  /// Adds a box holding `item`'s ink as `add(_:to:)` measures it: a Bézier segment lies in the
  /// hull of its control points, and a stroke's outline within its pen's reach of the path (the
  /// half width, √2 of it for square caps) plus its miter tips, measured exactly. Returns false
  /// for a projected group, whose corners may go behind the viewer.
  static func addCoarse(_ item: DisplayItem, to box: inout InkBox) -> Bool {
    switch item {
    case .drawing(let d):
      guard d.paint.isVisible else { return true }
      var reach = 0.0
      if case .stroke(let s) = d.style {
        let w = s.lineWidth / 2 * d.transform.largestScale
        guard w > 0 else { return true }
        reach = s.lineCap == .square ? w * 2.squareRoot() : w
        guard reach.isFinite else { return false }
        // Round joins stay within w, bevels within the segment ends' offsets; miter tips reach
        // further, but only at corners: those are measured as `strokeInk` measures them (a
        // circle's smooth joins add nothing, so rings keep a tight box).
        if s.lineJoin == .miter {
          for subpath in Segments.subpaths(d.path, d.transform) {
            addJoins(subpath.segments.filter { !$0.isDegenerate }, closed: subpath.closed, w: w, options: s, into: &box)
          }
        }
      }
      var inner = InkBox()
      for element in d.path.elements {
        switch element {
        case .move(let p), .line(let p): inner.add(d.transform.apply(p))
        case .cubic(let c1, let c2, let p):
          inner.add(d.transform.apply(c1))
          inner.add(d.transform.apply(c2))
          inner.add(d.transform.apply(p))
        case .close: break
        }
      }
      guard !inner.isEmpty else { return true }
      box.add(Point(x: inner.minX - reach, y: inner.minY - reach))
      box.add(Point(x: inner.maxX + reach, y: inner.maxY + reach))
      return true
    case .layer(let layer):
      guard layer.opacity > 0 else { return true }
      var inner = InkBox()
      for child in layer.items where !addCoarse(child, to: &inner) { return false }
      box.add(layerInk: inner, of: layer)
      return true
    case .projected:
      return false
    case .clipped, .masked:
      // Measured exactly (`add(_:to:)`): their boxes are intersections.
      var exact = InkBox()
      add(item, to: &exact)
      box.add(exact)
      return true
    }
  }

  /// How far past its source a shadow still changes a pixel by at least half an 8-bit level:
  /// the distance d past a straight edge where the Gaussian (σ = radius / 2) leaves
  /// alpha · (1 − Φ(d/σ)) ≥ 0.5/255, at most the blur kernel's 3σ.
  static func shadowReach(radius: Double, alpha: Double) -> Double {
    let sigma = radius / 2
    guard sigma > 0, sigma.isFinite else { return 0 }
    let threshold = 0.5 / 255 / max(alpha, 1e-9)
    guard threshold < 0.5 else { return 0 }
    // 1 − Φ(x) = erfc(x/√2)/2 falls from 0.5 at x = 0; find where it reaches the threshold.
    var lo = 0.0, hi = 3.0
    guard erfc(hi / 2.squareRoot()) / 2 < threshold else { return 3 * sigma }
    for _ in 0..<50 {
      let mid = (lo + hi) / 2
      if erfc(mid / 2.squareRoot()) / 2 > threshold { lo = mid } else { hi = mid }
    }
    return hi * sigma
  }

  /// A drawing's ink: the path in canvas points, widened by the stroke.
  static func addDrawing(_ d: Drawing, to box: inout InkBox) {
    let t = d.transform
    switch d.style {
    case .fill:
      for segment in Segments(d.path, t) {
        for u in segment.extremeParameters() { box.add(segment.point(at: u)) }
      }
    case .stroke(let s):
      // The pen's largest radius in canvas points: the larger singular value of the linear part.
      let w = s.lineWidth / 2 * t.largestScale
      guard w > 0 else { return }
      strokeInk(d.path, t, w: w, options: s, into: &box)
    }
  }

  /// A stroke's extremes: the path offset by ±w along its normal wherever the tangent is
  /// horizontal or vertical (where the outline's own extremes are) and at segment ends, plus
  /// caps at open ends, round or miter joins at corners.
  static func strokeInk(_ path: BezierPath, _ t: Transform, w: Double, options s: StrokeOptions, into box: inout InkBox) {
    let dashed = !s.dash.isEmpty && s.dash.contains { $0 > 0 }
    for subpath in Segments.subpaths(path, t) {
      let segments = subpath.segments.filter { !$0.isDegenerate }
      guard !segments.isEmpty else {
        // A zero-length subpath: cairo draws a round or square cap as a dot.
        if s.lineCap != .butt, let p = subpath.start { box.add(p, radius: s.lineCap == .square ? w * 2.squareRoot() : w) }
        continue
      }
      for segment in segments {
        for u in segment.extremeParameters() {
          let p = segment.point(at: u), n = segment.normal(u)
          box.add(p + n * w)
          box.add(p - n * w)
          // A dashed stroke has caps anywhere along the path: count them everywhere.
          if dashed && s.lineCap != .butt { box.add(p, radius: s.lineCap == .square ? w * 2.squareRoot() : w) }
        }
      }
      addJoins(segments, closed: subpath.closed, w: w, options: s, into: &box)
      // Caps at the ends of an open subpath.
      if !subpath.closed, let first = segments.first, let last = segments.last {
        addCap(at: first.point(at: 0), direction: first.tangent(0) * -1, w: w, cap: s.lineCap, into: &box)
        addCap(at: last.point(at: 1), direction: last.tangent(1), w: w, cap: s.lineCap, into: &box)
      }
    }
  }

  /// The joins between consecutive non-degenerate segments of a subpath (and the closing one).
  static func addJoins(_ segments: [CubicBezier], closed: Bool, w: Double, options s: StrokeOptions, into box: inout InkBox) {
    for (a, b) in zip(segments.dropLast(), segments.dropFirst()) {
      addJoin(at: a.point(at: 1), in: a.tangent(1), out: b.tangent(0), w: w, options: s, into: &box)
    }
    if closed, let last = segments.last, let first = segments.first {
      addJoin(at: last.point(at: 1), in: last.tangent(1), out: first.tangent(0), w: w, options: s, into: &box)
    }
  }

  static func addCap(at p: Point, direction d: Point, w: Double, cap: LineCap, into box: inout InkBox) {
    switch cap {
    case .butt: break  // the end offsets p ± w·n are already counted
    case .round: box.add(p, radius: w)
    case .square:
      let n = Point(x: -d.y, y: d.x)
      box.add(p + d * w + n * w)
      box.add(p + d * w - n * w)
    }
  }

  static func addJoin(at p: Point, in a: Point, out b: Point, w: Double, options s: StrokeOptions, into box: inout InkBox) {
    let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
    guard abs(cross) > 1e-9 || dot < 0 else { return }  // a smooth join adds nothing
    switch s.lineJoin {
    case .round: box.add(p, radius: w)
    case .bevel: break  // the segment ends' offsets are already counted
    case .miter:
      // cairo draws the miter when 1 / sin(θ/2) ≤ miterLimit, θ the angle between the segments.
      let cosHalf = ((1 + dot) / 2).squareRoot()
      guard cosHalf > 1e-9, 1 / cosHalf <= s.miterLimit else { return }
      // The outer side is away from the turn; its offset lines meet at the tip.
      let side: Double = cross > 0 ? -1 : 1
      let m1 = Point(x: -a.y, y: a.x) * side, m2 = Point(x: -b.y, y: b.x) * side
      let k = 1 + (m1.x * m2.x + m1.y * m2.y)
      guard k > 1e-9 else { return }
      box.add(p + (m1 + m2) * (w / k))
    }
  }
}

extension Paint {
  /// Whether anything of this paint can show: some colour or stop has alpha > 0.
  var isVisible: Bool {
    switch self {
    case .color(let c): return c.alpha > 0
    case .linear(let g): return g.stops.contains { $0.color.alpha > 0 }
    case .radial(let g): return g.stops.contains { $0.color.alpha > 0 }
    case .angular(let g): return g.stops.contains { $0.color.alpha > 0 }
    }
  }
}

extension Transform {
  /// The larger singular value of the linear part: how much a length can grow at most.
  var largestScale: Double {
    // Singular values of [[a, c], [b, d]]: sqrt of the eigenvalues of MᵀM.
    let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
    let mean = (p + q) / 2, diff = ((p - q) / 2 * (p - q) / 2 + r * r).squareRoot()
    return (mean + diff).squareRoot()
  }
}

// MARK: - Segments in canvas points

/// What ink bounds need of a segment in canvas points (a line is a cubic with its control
/// points on it, at its thirds).
extension CubicBezier {
  /// Whether every point lies within 1e-12 pt of the start: a segment that draws nothing.
  var isDegenerate: Bool {
    let e = 1e-12
    return (p1 - p0).length < e && (p2 - p0).length < e && (p3 - p0).length < e
  }

  /// The unit tangent at `u`; where the derivative vanishes (a control point on an end), the
  /// direction of the nearest non-coincident point.
  func tangent(_ u: Double) -> Point {
    var d = derivative(at: u)
    if d.length < 1e-12 { d = u < 0.5 ? (p2 - p0).length > 1e-12 ? p2 - p0 : p3 - p0 : (p3 - p1).length > 1e-12 ? p3 - p1 : p3 - p0 }
    let l = d.length
    return l > 0 ? d * (1 / l) : Point(x: 1, y: 0)
  }

  /// The unit normal at `u`: the tangent turned a quarter.
  func normal(_ u: Double) -> Point {
    let t = tangent(u)
    return Point(x: -t.y, y: t.x)
  }

  /// 0, 1 and the parameters in between where x′ or y′ is zero: where the curve, and the
  /// outline of its stroke, reach their extremes.
  func extremeParameters() -> [Double] {
    [0, 1] + extrema(of: .x) + extrema(of: .y)
  }
}

/// A path's subpaths as canvas-space segments.
struct Segments: Sequence {
  struct Subpath {
    var start: Point?
    var segments: [CubicBezier] = []
    var closed = false
  }

  let all: [CubicBezier]

  init(_ path: BezierPath, _ t: Transform) {
    all = Segments.subpaths(path, t).flatMap(\.segments)
  }

  func makeIterator() -> IndexingIterator<[CubicBezier]> { all.makeIterator() }

  static func subpaths(_ path: BezierPath, _ t: Transform) -> [Subpath] {
    var result: [Subpath] = []
    var current = Subpath()
    var pen: Point?
    func finish() {
      if current.start != nil { result.append(current) }
      current = Subpath()
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        finish()
        let q = t.apply(p)
        current.start = q
        pen = q
      case .line(let p):
        let q = t.apply(p)
        if current.start == nil { current.start = pen ?? q }
        let a = pen ?? q
        current.segments.append(CubicBezier.line(from: a, to: q))
        pen = q
      case .cubic(let c1, let c2, let p):
        let q = t.apply(p)
        if current.start == nil { current.start = pen ?? q }
        let a = pen ?? q
        current.segments.append(CubicBezier(p0: a, p1: t.apply(c1), p2: t.apply(c2), p3: q))
        pen = q
      case .close:
        if let start = current.start, let a = pen, (a - start).length > 1e-12 {
          current.segments.append(
            CubicBezier.line(from: a, to: start))
        }
        current.closed = true
        let start = current.start
        finish()
        // After close, the pen is back at the subpath's start; a following segment begins there.
        pen = start
      }
    }
    finish()
    return result
  }
}
