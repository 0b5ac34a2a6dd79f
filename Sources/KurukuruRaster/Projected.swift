import CCairo
import Foundation
import KurukuruCore

// Cairo's transforms are affine, so a projected group (`rotation3DEffect`) is drawn one of two
// ways (ARCHITECTURE.md §3):
// - Solid fills (the common case: squares and planes that flip) are flattened to polygons in
//   pixels, every vertex projected exactly, clipped to the half-space in front of the viewer and
//   filled by Cairo, so their edges are antialiased exactly as unprojected fills.
// - Anything else (strokes, gradients, layers, shadows) is rendered to an offscreen surface at
//   twice the target's scale and warped onto the target through the inverse projection: each
//   target pixel averages 4 × 4 bilinear samples.

// MARK: - Plans

/// How a projected group is drawn; shared by the renderer and `CairoCallDump`.
enum ProjectionPlan: Equatable {
  /// Singular (edge-on) or not finite: nothing is drawn.
  case skip
  /// Every child is a solid fill: projected polygons.
  case polygons
  /// Offscreen surface warped onto the target.
  case warp
}

extension ProjectedGroup {
  /// The smallest area scale (`Projection.areaScale(at:)`) still drawn: below it the plane is
  /// edge-on (a 90° turn about x or y) and covers no pixel.
  static let edgeOnAreaScale = 1e-9

  /// The drawing plan at `scale` pixels per point.
  func plan(scale: Double) -> ProjectionPlan {
    guard projection.isFinite, projection.inverse != nil, let ink = inkBounds(items, scale: scale),
      projection.areaScale(at: ink.center) > ProjectedGroup.edgeOnAreaScale
    else { return .skip }
    let simple = items.allSatisfy { item in
      guard case .drawing(let d) = item, case .fill = d.style, case .color = d.paint else { return false }
      return true
    }
    return simple ? .polygons : .warp
  }
}

// MARK: - Drawing

/// Draws a projected group onto a target according to its plan.
/// - Parameters:
///   - group: the projection and its children.
///   - target: where to draw.
/// - Throws: `RasterError.projectionTooLarge` (the offscreen surface), `.layerTooLarge` (a
///   shadowed layer inside) or `.cairo`.
func draw(_ group: ProjectedGroup, on target: RenderTarget) throws {
  switch group.plan(scale: target.scale) {
  case .skip:
    return
  case .polygons:
    for item in group.items {
      guard case .drawing(let drawing) = item else { continue }
      try drawProjectedFill(drawing, through: group.projection, on: target)
    }
  case .warp:
    try drawWarped(group, on: target)
  }
}

/// The projection from a plane in points to a target's pixels.
private func pixels(_ p: Projection, on target: RenderTarget) -> Projection {
  p.then(Transform(a: target.scale, b: 0, c: 0, d: target.scale, tx: Double(-target.originX), ty: Double(-target.originY)))
}

/// Smallest `W` drawn: vertices nearer the eye plane are clipped there (a thousandfold
/// magnification at most).
private let nearW = 1e-3

/// Fills one solid drawing through `projection`: its path flattened to within 0.05 pixel,
/// projected vertex by vertex and clipped to `W ≥ nearW`.
private func drawProjectedFill(_ drawing: Drawing, through projection: Projection, on target: RenderTarget) throws {
  guard case .fill(let evenOdd) = drawing.style, case .color(let color) = drawing.paint, !drawing.path.isEmpty,
    drawing.path.isFinite
  else { return }
  let t = drawing.transform
  guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return }
  let full = pixels(Projection(t).then(projection), on: target)
  guard full.isFinite else { return }
  let cr = target.context.handle
  cairo_save(cr)
  cairo_identity_matrix(cr)
  cairo_new_path(cr)
  for polygon in flattenedPolygons(drawing.path, through: full) {
    let clipped = clipToFront(polygon)
    guard clipped.count >= 3 else { continue }
    for (i, v) in clipped.enumerated() {
      let x = v.x / v.w, y = v.y / v.w
      if i == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
    }
    cairo_close_path(cr)
  }
  cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
  cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  cairo_fill(cr)
  cairo_restore(cr)
  try target.context.check("drawing a projected path")
}

/// A homogeneous vertex.
private struct Vertex { var x: Double, y: Double, w: Double }

/// The subpaths of `path` as closed polygons of homogeneous vertices through `p`; cubics are cut
/// into straight pieces by Wang's formula on their projected control points (0.05 pixel).
private func flattenedPolygons(_ path: BezierPath, through p: Projection) -> [[Vertex]] {
  var polygons: [[Vertex]] = []
  var current: [Vertex] = []
  var last = Point.zero
  var start = Point.zero
  func vertex(_ q: Point) -> Vertex {
    let h = p.homogeneous(q)
    return Vertex(x: h.x, y: h.y, w: h.w)
  }
  func finish() {
    if current.count >= 3 { polygons.append(current) }
    current = []
  }
  for element in path.elements {
    switch element {
    case .move(let q):
      finish()
      current = [vertex(q)]
      last = q
      start = q
    case .line(let q):
      if current.isEmpty { current = [vertex(last)] }
      current.append(vertex(q))
      last = q
    case .cubic(let c1, let c2, let q):
      if current.isEmpty { current = [vertex(last)] }
      let n = segments(last, c1, c2, q, through: p)
      for i in 1...n {
        let s = Double(i) / Double(n), u = 1 - s
        let b0 = u * u * u, b1 = 3 * u * u * s, b2 = 3 * u * s * s, b3 = s * s * s
        let point = Point(
          x: b0 * last.x + b1 * c1.x + b2 * c2.x + b3 * q.x, y: b0 * last.y + b1 * c1.y + b2 * c2.y + b3 * q.y)
        current.append(vertex(i == n ? q : point))
      }
      last = q
    case .close:
      finish()
      last = start
    }
  }
  finish()
  return polygons
}

/// Pieces for one cubic: Wang's formula on the control points mapped through `p` (each divided
/// by the smallest positive `W` among them, so foreshortening never under-samples), 1…256.
private func segments(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, through p: Projection) -> Int {
  let hs = [p0, p1, p2, p3].map { p.homogeneous($0) }
  let wMin = max(hs.map(\.w).filter { $0 > 0 }.min() ?? nearW, nearW)
  let q = hs.map { Point(x: $0.x / wMin, y: $0.y / wMin) }
  let d1 = (q[0] - q[1] * 2 + q[2]).length, d2 = (q[1] - q[2] * 2 + q[3]).length
  let m = max(d1, d2)
  guard m.isFinite else { return 256 }
  let n = (0.75 * m / 0.05).squareRoot().rounded(.up)
  return Int(min(max(n, 1), 256))
}

/// Sutherland–Hodgman clip of a closed polygon to the half-space `W ≥ nearW`.
private func clipToFront(_ polygon: [Vertex]) -> [Vertex] {
  if polygon.allSatisfy({ $0.w >= nearW }) { return polygon }
  var out: [Vertex] = []
  for i in polygon.indices {
    let a = polygon[i], b = polygon[(i + 1) % polygon.count]
    let aIn = a.w >= nearW, bIn = b.w >= nearW
    if aIn { out.append(a) }
    if aIn != bIn {
      let s = (nearW - a.w) / (b.w - a.w)
      out.append(Vertex(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s, w: nearW))
    }
  }
  return out
}

// MARK: - Warping

/// Supersampling of the offscreen surface (pixels per target pixel, per side).
private let warpSourceFactor = 2.0
/// Samples per target pixel, per side.
private let warpSamples = 4

/// Renders the group's children offscreen at `warpSourceFactor` × the target's scale and
/// composites them onto the target through the projection (OVER, premultiplied).
private func drawWarped(_ group: ProjectedGroup, on target: RenderTarget) throws {
  guard let ink = inkBounds(group.items, scale: target.scale),
    let bounds = visiblePart(of: ink, through: group.projection, on: target)
  else { return }
  var sourceScale = target.scale * warpSourceFactor
  var sx0 = Int((bounds.minX * sourceScale).rounded(.down)) - 2
  var sy0 = Int((bounds.minY * sourceScale).rounded(.down)) - 2
  var sw = Int((bounds.maxX * sourceScale).rounded(.up)) + 2 - sx0
  var sh = Int((bounds.maxY * sourceScale).rounded(.up)) + 2 - sy0
  let limit = Rasterizer.maximumLayerSide
  if sw > limit || sh > limit {
    sourceScale = target.scale
    sx0 = Int((bounds.minX * sourceScale).rounded(.down)) - 2
    sy0 = Int((bounds.minY * sourceScale).rounded(.down)) - 2
    sw = Int((bounds.maxX * sourceScale).rounded(.up)) + 2 - sx0
    sh = Int((bounds.maxY * sourceScale).rounded(.up)) + 2 - sy0
    guard sw <= limit, sh <= limit else { throw RasterError.projectionTooLarge(width: sw, height: sh, limit: limit) }
  }
  guard sw > 0, sh > 0 else { return }

  // Source pixels → target pixels, and back.
  let sourceToPlane = Transform(
    a: 1 / sourceScale, b: 0, c: 0, d: 1 / sourceScale, tx: Double(sx0) / sourceScale, ty: Double(sy0) / sourceScale)
  let forward = pixels(Projection(sourceToPlane).then(group.projection), on: target)
  guard let inverse = forward.inverse else { return }

  // The target rectangle the source can reach: its corners projected, when all are in front.
  var tx0 = 0, ty0 = 0, tx1 = target.width, ty1 = target.height
  let corners = [(0.0, 0.0), (Double(sw), 0.0), (0.0, Double(sh)), (Double(sw), Double(sh))].map {
    forward.apply(Point(x: $0.0, y: $0.1))
  }
  if corners.allSatisfy({ $0 != nil }) {
    let xs = corners.compactMap { $0?.x }, ys = corners.compactMap { $0?.y }
    tx0 = max(tx0, Int((xs.min() ?? 0).rounded(.down)) - 1)
    ty0 = max(ty0, Int((ys.min() ?? 0).rounded(.down)) - 1)
    tx1 = min(tx1, Int((xs.max() ?? 0).rounded(.up)) + 1)
    ty1 = min(ty1, Int((ys.max() ?? 0).rounded(.up)) + 1)
  }
  guard tx1 > tx0, ty1 > ty0 else { return }

  let source = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: sw, height: sh)
  defer { source.finish() }
  let sourceContext = try CairoContext(surface: source)
  let sourceTarget = RenderTarget(
    context: sourceContext, originX: sx0, originY: sy0, width: sw, height: sh, scale: sourceScale)
  try drawItems(group.items, on: sourceTarget)
  try sourceContext.check("drawing a projected group")
  cairo_surface_flush(source.handle)

  let dw = tx1 - tx0, dh = ty1 - ty0
  let result = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: dw, height: dh)
  defer { result.finish() }
  source.withPixels { src in
    result.withPixels { dst in
      guard let src, let dst else { return }
      warp(
        source: UnsafePointer(src), sourceStride: source.stride, sourceWidth: sw, sourceHeight: sh,
        into: dst, stride: result.stride, x0: tx0, y0: ty0, width: dw, height: dh, inverse: inverse)
    }
  }
  cairo_surface_mark_dirty(result.handle)

  let cr = target.context.handle
  cairo_save(cr)
  cairo_identity_matrix(cr)
  cairo_set_source_surface(cr, result.handle, Double(tx0), Double(ty0))
  cairo_paint(cr)
  cairo_restore(cr)
  try target.context.check("compositing a projected group")
}

/// The part of `ink` (plane points) that can reach the target: `ink` clipped to the preimage of
/// the target's rectangle, grown by 2 pixels for the resampling. When part of the target sees
/// behind the viewer's horizon the preimage is unbounded and `ink` is kept. Nil when nothing of
/// `ink` is visible.
private func visiblePart(of ink: Rect, through projection: Projection, on target: RenderTarget) -> Rect? {
  guard let back = pixels(projection, on: target).inverse else { return nil }
  let w = Double(target.width), h = Double(target.height)
  let corners = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)].map { back.homogeneous(Point(x: $0.0, y: $0.1)) }
  // A target point is in front of the viewer when its preimage's h.w > 0 (see `warp`); that is a
  // half-plane of the target, so four corners in front put the whole rectangle in front.
  guard corners.allSatisfy({ $0.w > 0 }) else { return ink }
  let xs = corners.map { $0.x / $0.w }, ys = corners.map { $0.y / $0.w }
  let pad = 2 / target.scale
  let x0 = max(ink.minX, (xs.min() ?? 0) - pad), y0 = max(ink.minY, (ys.min() ?? 0) - pad)
  let x1 = min(ink.maxX, (xs.max() ?? 0) + pad), y1 = min(ink.maxY, (ys.max() ?? 0) + pad)
  guard x1 > x0, y1 > y0 else { return nil }
  return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// Fills target pixels (`x0`, `y0`)…(+`width`, +`height`) with the source seen through
/// `inverse`: the mean of `warpSamples`² bilinear samples per pixel; samples whose source point
/// lies behind the viewer count as transparent.
///
/// The source point's own `W` (through the forward projection) is `1 / h.w` when `h` is the
/// homogeneous image of the sample through `inverse` (their product is the identity), so a
/// sample is in front when `0 < h.w ≤ 1 / nearW`. Along a row of samples `h` grows by a constant
/// step, so each sample costs three additions, a division and four texel reads.
private func warp(
  source: UnsafePointer<UInt8>, sourceStride: Int, sourceWidth: Int, sourceHeight: Int,
  into destination: UnsafeMutablePointer<UInt8>, stride: Int, x0: Int, y0: Int, width: Int, height: Int,
  inverse m: Projection
) {
  let n = warpSamples
  let step = 1 / Double(n)
  let weight = 1 / Double(n * n)
  let maxW = 1 / nearW
  let uLimit = Double(sourceWidth) + 1, vLimit = Double(sourceHeight) + 1
  for row in 0..<height {
    let out = destination + row * stride
    for column in 0..<width {
      var b = 0.0, g = 0.0, r = 0.0, a = 0.0
      /// Adds texel (x, y) with weight w; texels outside the source are transparent.
      @inline(__always) func add(_ x: Int, _ y: Int, _ w: Double) {
        guard x >= 0, y >= 0, x < sourceWidth, y < sourceHeight, w > 0 else { return }
        let t = source + y * sourceStride + x * 4
        guard t[3] != 0 else { return }
        b += w * Double(t[0]); g += w * Double(t[1]); r += w * Double(t[2]); a += w * Double(t[3])
      }
      let px0 = Double(x0 + column) + step / 2
      for j in 0..<n {
        let py = Double(y0 + row) + (Double(j) + 0.5) * step
        var hx = m.m11 * px0 + m.m12 * py + m.m13
        var hy = m.m21 * px0 + m.m22 * py + m.m23
        var hw = m.m31 * px0 + m.m32 * py + m.m33
        for i in 0..<n {
          if i > 0 {
            hx += step * m.m11; hy += step * m.m21; hw += step * m.m31
          }
          guard hw > 0, hw <= maxW else { continue }
          let u = hx / hw, v = hy / hw
          guard u > -1, v > -1, u < uLimit, v < vLimit else { continue }
          // Bilinear between the four nearest texel centres.
          let fx = u - 0.5, fy = v - 0.5
          let fxDown = fx.rounded(.down), fyDown = fy.rounded(.down)
          let ix = Int(fxDown), iy = Int(fyDown)
          let ax = fx - fxDown, ay = fy - fyDown
          add(ix, iy, (1 - ax) * (1 - ay))
          add(ix + 1, iy, ax * (1 - ay))
          add(ix, iy + 1, (1 - ax) * ay)
          add(ix + 1, iy + 1, ax * ay)
        }
      }
      let p = out + column * 4
      p[0] = UInt8(min(255, (b * weight).rounded()))
      p[1] = UInt8(min(255, (g * weight).rounded()))
      p[2] = UInt8(min(255, (r * weight).rounded()))
      p[3] = UInt8(min(255, (a * weight).rounded()))
    }
  }
}

// MARK: - Bounds

/// A conservative bounding box, in the items' plane (points), of every pixel the items can ink:
/// control points through each drawing's transform, grown by the stroke's reach and a pixel;
/// shadows grow it by their offset and blur; nested projections by their projected corners.
/// Nil when nothing can ink.
func inkBounds(_ items: [DisplayItem], scale: Double) -> Rect? {
  var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
  func add(_ r: Rect) {
    minX = min(minX, r.minX); minY = min(minY, r.minY)
    maxX = max(maxX, r.maxX); maxY = max(maxY, r.maxY)
  }
  for item in items {
    switch item {
    case .drawing(let d):
      guard d.isDrawable(scale: scale) else { continue }
      var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
      for element in d.path.elements {
        let points: [Point]
        switch element {
        case .move(let p), .line(let p): points = [p]
        case .cubic(let a, let b, let p): points = [a, b, p]
        case .close: points = []
        }
        for p in points {
          let q = d.transform.apply(p)
          x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
      }
      let t = d.transform
      let stretch = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot()
      let pad = d.inkReach * stretch + 1 / scale
      add(Rect(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad))
    case .layer(let layer):
      guard let inner = inkBounds(layer.items, scale: scale) else { continue }
      add(inner)
      if let s = layer.shadow, s.radius.isFinite, s.offset.x.isFinite, s.offset.y.isFinite {
        let reach = 1.5 * max(0, s.radius) + 2 / scale
        add(Rect(
          x: inner.minX + s.offset.x - reach, y: inner.minY + s.offset.y - reach,
          width: inner.width + 2 * reach, height: inner.height + 2 * reach))
      }
    case .projected(let g):
      guard let inner = inkBounds(g.items, scale: scale) else { continue }
      let corners = [
        Point(x: inner.minX, y: inner.minY), Point(x: inner.maxX, y: inner.minY),
        Point(x: inner.minX, y: inner.maxY), Point(x: inner.maxX, y: inner.maxY),
      ].map { g.projection.apply($0) }
      // A nested projection reaching behind the viewer is bounded by where its front part can go.
      let mapped = corners.compactMap { $0 }.filter { $0.x.isFinite && $0.y.isFinite }
      guard !mapped.isEmpty else { continue }
      let xs = mapped.map(\.x), ys = mapped.map(\.y)
      add(Rect(x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0), height: (ys.max() ?? 0) - (ys.min() ?? 0)))
    }
  }
  guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else { return nil }
  return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}
