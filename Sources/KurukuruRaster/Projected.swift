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
  /// The drawing plan at `scale` pixels per point.
  func plan(scale: Double) -> ProjectionPlan {
    guard projection.isFinite, projection.inverse != nil, let ink = inkBounds(items, scale: scale),
      projection.areaScale(at: ink.center) > Projection.edgeOnAreaScale
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

/// The offscreen surface for `bounds` (plane points): pixels at `warpSourceFactor` × `scale`,
/// or at `scale` when that would pass `Rasterizer.maximumLayerSide`; 2 pixels of margin.
/// - Returns: the surface's scale (pixels per point) and its rectangle in those pixels.
/// - Throws: `RasterError.projectionTooLarge` when even `scale` is too large.
private func sourceRect(for bounds: Rect, scale: Double) throws -> (scale: Double, rect: PixelRect) {
  let limit = Rasterizer.maximumLayerSide
  func rect(_ s: Double) -> PixelRect {
    let x = Int((bounds.minX * s).rounded(.down)) - 2, y = Int((bounds.minY * s).rounded(.down)) - 2
    return PixelRect(
      x: x, y: y, width: Int((bounds.maxX * s).rounded(.up)) + 2 - x, height: Int((bounds.maxY * s).rounded(.up)) + 2 - y)
  }
  let fine = rect(scale * warpSourceFactor)
  if fine.width <= limit, fine.height <= limit { return (scale * warpSourceFactor, fine) }
  let coarse = rect(scale)
  guard coarse.width <= limit, coarse.height <= limit else {
    throw RasterError.projectionTooLarge(width: coarse.width, height: coarse.height, limit: limit)
  }
  return (scale, coarse)
}

/// The target pixels a source of `width` × `height` pixels can reach through `forward`: its
/// corners' images when all four lie in front of the viewer, else the whole target; clipped to
/// the target. Nil when empty.
private func reach(width: Int, height: Int, through forward: Projection, on target: RenderTarget) -> PixelRect? {
  var x0 = 0, y0 = 0, x1 = target.width, y1 = target.height
  let w = Double(width), h = Double(height)
  let corners = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)].map { forward.apply(Point(x: $0.0, y: $0.1)) }
  if corners.allSatisfy({ $0 != nil }) {
    let xs = corners.compactMap { $0?.x }, ys = corners.compactMap { $0?.y }
    x0 = max(x0, Int((xs.min() ?? 0).rounded(.down)) - 1)
    y0 = max(y0, Int((ys.min() ?? 0).rounded(.down)) - 1)
    x1 = min(x1, Int((xs.max() ?? 0).rounded(.up)) + 1)
    y1 = min(y1, Int((ys.max() ?? 0).rounded(.up)) + 1)
  }
  guard x1 > x0, y1 > y0 else { return nil }
  return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// Renders the group's children offscreen at `warpSourceFactor` × the target's scale and
/// composites them onto the target through the projection (OVER, premultiplied).
private func drawWarped(_ group: ProjectedGroup, on target: RenderTarget) throws {
  guard let ink = inkBounds(group.items, scale: target.scale),
    let bounds = visiblePart(of: ink, through: group.projection, on: target)
  else { return }
  let (sourceScale, s) = try sourceRect(for: bounds, scale: target.scale)
  guard s.width > 0, s.height > 0 else { return }
  // Source pixels → target pixels, and back.
  let sourceToPlane = Transform(
    a: 1 / sourceScale, b: 0, c: 0, d: 1 / sourceScale, tx: Double(s.x) / sourceScale, ty: Double(s.y) / sourceScale)
  let forward = pixels(Projection(sourceToPlane).then(group.projection), on: target)
  guard let inverse = forward.inverse, let d = reach(width: s.width, height: s.height, through: forward, on: target)
  else { return }

  let source = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: s.width, height: s.height)
  defer { source.finish() }
  let sourceContext = try CairoContext(surface: source)
  let sourceTarget = RenderTarget(
    context: sourceContext, originX: s.x, originY: s.y, width: s.width, height: s.height, scale: sourceScale,
    cache: target.cache)
  try drawItems(group.items, on: sourceTarget)
  try sourceContext.check("drawing a projected group")
  cairo_surface_flush(source.handle)

  let result = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: d.width, height: d.height)
  defer { result.finish() }
  source.withPixels { src in
    result.withPixels { dst in
      guard let src, let dst else { return }
      let image = SourceImage(pixels: UnsafePointer(src), stride: source.stride, width: s.width, height: s.height)
      warp(image, into: dst, stride: result.stride, region: d, inverse: inverse)
    }
  }
  cairo_surface_mark_dirty(result.handle)

  let cr = target.context.handle
  cairo_save(cr)
  cairo_identity_matrix(cr)
  cairo_set_source_surface(cr, result.handle, Double(d.x), Double(d.y))
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

/// Premultiplied ARGB32 pixels read by bilinear interpolation; outside is transparent.
private struct SourceImage {
  let pixels: UnsafePointer<UInt8>
  let stride: Int
  let width: Int
  let height: Int

  /// Adds the bilinear sample at (u, v) (pixels; texel centres at +0.5) to `sum` (bytes in
  /// memory order).
  func accumulate(u: Double, v: Double, into sum: inout (Double, Double, Double, Double)) {
    let fx = u - 0.5, fy = v - 0.5
    let fxDown = fx.rounded(.down), fyDown = fy.rounded(.down)
    let ix = Int(fxDown), iy = Int(fyDown)
    let ax = fx - fxDown, ay = fy - fyDown
    add(ix, iy, (1 - ax) * (1 - ay), into: &sum)
    add(ix + 1, iy, ax * (1 - ay), into: &sum)
    add(ix, iy + 1, (1 - ax) * ay, into: &sum)
    add(ix + 1, iy + 1, ax * ay, into: &sum)
  }

  /// Adds texel (x, y) with weight `w`.
  @inline(__always) private func add(_ x: Int, _ y: Int, _ w: Double, into sum: inout (Double, Double, Double, Double)) {
    guard x >= 0, y >= 0, x < width, y < height, w > 0 else { return }
    let t = pixels + y * stride + x * 4
    guard t[3] != 0 else { return }
    sum.0 += w * Double(t[0]); sum.1 += w * Double(t[1]); sum.2 += w * Double(t[2]); sum.3 += w * Double(t[3])
  }
}

/// Fills the target pixels of `region` with `source` seen through `inverse`: the mean of
/// `warpSamples`² bilinear samples per pixel; samples whose source point lies behind the viewer
/// count as transparent. Row `r` of `destination` is target row `region.y + r`.
///
/// The source point's own `W` (through the forward projection) is `1 / h.w` when `h` is the
/// homogeneous image of the sample through `inverse` (their product is the identity), so a
/// sample is in front when `0 < h.w ≤ 1 / nearW`. Along a row of samples `h` grows by a constant
/// step, so each sample costs three additions, a division and four texel reads.
private func warp(
  _ source: SourceImage, into destination: UnsafeMutablePointer<UInt8>, stride: Int, region: PixelRect,
  inverse m: Projection
) {
  let n = warpSamples
  let step = 1 / Double(n)
  let weight = 1 / Double(n * n)
  let maxW = 1 / nearW
  let uLimit = Double(source.width) + 1, vLimit = Double(source.height) + 1
  for row in 0..<region.height {
    for column in 0..<region.width {
      var sum = (0.0, 0.0, 0.0, 0.0)
      let px0 = Double(region.x + column) + step / 2
      for j in 0..<n {
        let py = Double(region.y + row) + (Double(j) + 0.5) * step
        var h = (x: m.m11 * px0 + m.m12 * py + m.m13, y: m.m21 * px0 + m.m22 * py + m.m23, w: m.m31 * px0 + m.m32 * py + m.m33)
        for i in 0..<n {
          if i > 0 { h = (h.x + step * m.m11, h.y + step * m.m21, h.w + step * m.m31) }
          guard h.w > 0, h.w <= maxW else { continue }
          let u = h.x / h.w, v = h.y / h.w
          guard u > -1, v > -1, u < uLimit, v < vLimit else { continue }
          source.accumulate(u: u, v: v, into: &sum)
        }
      }
      let p = destination + row * stride + column * 4
      p[0] = UInt8(min(255, (sum.0 * weight).rounded()))
      p[1] = UInt8(min(255, (sum.1 * weight).rounded()))
      p[2] = UInt8(min(255, (sum.2 * weight).rounded()))
      p[3] = UInt8(min(255, (sum.3 * weight).rounded()))
    }
  }
}
