import KurukuruCore

// The rasterizer's own, conservative, boxes of where items can put ink: cheap (control points,
// no curve extremes), always holding every pixel drawn. Offscreen surfaces are bounded by them
// (shadowed and blurred layers, masks, projections) and the shadow blur searches only inside
// them. `DisplayList.inkBounds` in the core is the exact measure, for the overflow warning.

// MARK: - InkExtent

/// Where items can ink, in their plane's points.
enum InkExtent: Equatable {
  /// Nothing can ink (no drawable drawing, or a clip or mask that lets nothing through).
  case empty
  /// Every inked pixel lies in this box (canvas points, a pixel to spare).
  case box(Rect)
  /// Ink is possible but the geometry gives no finite box (coordinates near the limits of
  /// `Double`): bound nothing by it.
  case unbounded

  /// The box, or nil for `.empty` and `.unbounded`.
  var box: Rect? {
    if case .box(let r) = self { return r }
    return nil
  }

  /// The canvas pixels the box touches, with 2 pixels to spare on every side (edges rounded
  /// outwards, clamped to ±10⁹); nil unless `.box`.
  /// - Parameter scale: pixels per point.
  func pixels(scale: Double) -> PixelBox? {
    guard let r = box else { return nil }
    func pixel(_ v: Double, _ rule: FloatingPointRoundingRule) -> Double { max(-1e9, min(1e9, (v * scale).rounded(rule))) }
    return PixelBox(
      x0: pixel(r.minX, .down) - 2, y0: pixel(r.minY, .down) - 2, x1: pixel(r.maxX, .up) + 2,
      y1: pixel(r.maxY, .up) + 2)
  }
}

/// A conservative bounding box, in the items' plane (points), of every pixel the items can ink:
/// control points through each drawing's transform, grown by the stroke's reach and a pixel;
/// blurs and shadows grow it by their reach (and offset); nested projections by their projected
/// corners; clips and masks cut it to the clip shape's and the mask's boxes. Nil when nothing
/// can ink or no finite box holds the ink (`inkExtent` tells the two apart).
func inkBounds(_ items: [DisplayItem], scale: Double) -> Rect? {
  inkExtent(items, scale: scale).box
}

/// Where `items` can ink at `scale` pixels per point (see `inkBounds(_:scale:)`).
func inkExtent(_ items: [DisplayItem], scale: Double) -> InkExtent {
  var union: Rect?
  var unbounded = false
  func add(_ r: Rect?) {
    guard let r else { return }
    guard let u = union else { union = r; return }
    let x0 = min(u.minX, r.minX), y0 = min(u.minY, r.minY)
    union = Rect(x: x0, y: y0, width: max(u.maxX, r.maxX) - x0, height: max(u.maxY, r.maxY) - y0)
  }
  /// The box of an extent; notes an unbounded one.
  func box(_ e: InkExtent) -> Rect? {
    if e == .unbounded { unbounded = true }
    return e.box
  }
  for item in items {
    switch item {
    case .drawing(let d):
      add(d.inkRect(scale: scale))
    case .layer(let layer):
      guard var inner = box(inkExtent(layer.items, scale: scale)) else { continue }
      if layer.blur > 0, layer.blur.isFinite {
        // The blur kernel reaches ⌈3σ⌉ pixels, σ = blur / 2 points.
        inner = inner.grown(by: 1.5 * layer.blur + 2 / scale)
      }
      add(inner)
      if let s = layer.shadow, s.radius.isFinite, s.offset.x.isFinite, s.offset.y.isFinite {
        let reach = 1.5 * max(0, s.radius) + 2 / scale
        add(Rect(
          x: inner.minX + s.offset.x - reach, y: inner.minY + s.offset.y - reach,
          width: inner.width + 2 * reach, height: inner.height + 2 * reach))
      }
    case .projected(let g):
      add(box(inkExtent(g.items, scale: scale)).flatMap { projectedBox($0, through: g.projection) })
    case .clipped(let clip):
      // Nothing shows outside the clip shape; a shape that cannot be drawn lets nothing through.
      guard let shape = clip.shape.inkRect(scale: scale) else { continue }
      switch inkExtent(clip.items, scale: scale) {
      case .empty: continue
      case .unbounded: add(shape)
      case .box(let inner): add(inner.intersection(shape))
      }
    case .masked(let group):
      let inner = inkExtent(group.items, scale: scale)
      if group.inverted {
        // Coverage 1 wherever the mask has no ink: the children's own extent.
        add(box(inner))
        continue
      }
      switch (inner, inkExtent(group.mask, scale: scale)) {
      case (.empty, _), (_, .empty): continue
      case (.box(let a), .box(let b)): add(a.intersection(b))
      case (.box(let a), .unbounded), (.unbounded, .box(let a)): add(a)
      case (.unbounded, .unbounded): unbounded = true
      }
    }
  }
  if unbounded { return .unbounded }
  guard let u = union else { return .empty }
  guard u.minX.isFinite, u.minY.isFinite, u.maxX.isFinite, u.maxY.isFinite, u.width > 0, u.height > 0 else {
    return .unbounded
  }
  return .box(u)
}

/// The box of `r`'s corners through `p`, leaving out corners behind the viewer (a nested
/// projection reaching behind the viewer is bounded by where its front part goes).
private func projectedBox(_ r: Rect, through p: Projection) -> Rect? {
  let corners = [
    Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY),
  ].compactMap { p.apply($0) }.filter { $0.x.isFinite && $0.y.isFinite }
  guard let x0 = corners.map(\.x).min(), let x1 = corners.map(\.x).max(), let y0 = corners.map(\.y).min(),
    let y1 = corners.map(\.y).max()
  else { return nil }
  return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

extension Rect {
  /// The rectangle grown by `d` points on every side.
  fileprivate func grown(by d: Double) -> Rect {
    Rect(x: minX - d, y: minY - d, width: width + 2 * d, height: height + 2 * d)
  }

  /// The part inside `other`, or nil when they do not overlap.
  fileprivate func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

// MARK: - Drawing boxes

extension Drawing {
  /// The box of the path's points through the transform, grown by the stroke's reach (times the
  /// transform's largest stretch) and a pixel, in canvas points; nil when not drawable.
  func inkRect(scale: Double) -> Rect? {
    guard isDrawable(scale: scale) else { return nil }
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    for element in path.elements {
      let points: [Point]
      switch element {
      case .move(let p), .line(let p): points = [p]
      case .cubic(let a, let b, let p): points = [a, b, p]
      case .close: points = []
      }
      for p in points {
        let q = transform.apply(p)
        x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
      }
    }
    let t = transform
    let stretch = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot()
    let pad = inkReach * stretch + 1 / scale
    return Rect(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad)
  }
}

extension ClipGroup {
  /// The clip path as a fill (what `cairo_clip` turns into coverage), for drawability and boxes.
  var shape: Drawing {
    Drawing(path: path, transform: transform, style: .fill(evenOdd: evenOdd), paint: .color(.black))
  }
}

// MARK: - PixelBox

/// A rectangle of canvas pixels with `Double` edges, `x0 ≤ x < x1` and `y0 ≤ y < y1`, so that
/// pads and offsets add up without overflow before a size is checked against a limit.
struct PixelBox: Equatable {
  var x0: Double
  var y0: Double
  var x1: Double
  var y1: Double

  /// A box from its edges (canvas pixels).
  init(x0: Double, y0: Double, x1: Double, y1: Double) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }

  /// The box of a rectangle of whole pixels.
  init(_ r: PixelRect) {
    self.init(x0: Double(r.x), y0: Double(r.y), x1: Double(r.x + r.width), y1: Double(r.y + r.height))
  }

  /// Whether it holds no pixel.
  var isEmpty: Bool { !(x1 > x0 && y1 > y0) }

  /// Width in pixels.
  var width: Double { x1 - x0 }

  /// Height in pixels.
  var height: Double { y1 - y0 }

  /// The box grown by `pad` pixels on every side.
  func grown(by pad: Double) -> PixelBox { PixelBox(x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad) }

  /// The part inside `other` (possibly empty).
  func intersection(_ other: PixelBox) -> PixelBox {
    PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
  }

  /// The whole pixels of the box, checked against `Rasterizer.maximumLayerSide`.
  /// - Returns: the rectangle (canvas pixels).
  /// - Throws: `RasterError.layerTooLarge` when a side exceeds the limit.
  func checkedLayerRect() throws -> PixelRect {
    let limit = Rasterizer.maximumLayerSide
    guard width <= Double(limit), height <= Double(limit) else {
      func side(_ v: Double) -> Int { v < 1e12 ? Int(v) : 1_000_000_000_000 }
      throw RasterError.layerTooLarge(width: side(width), height: side(height), limit: limit)
    }
    return PixelRect(x: Int(x0), y: Int(y0), width: Int(width), height: Int(height))
  }
}
