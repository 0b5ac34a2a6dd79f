import Foundation
import KurukuruCore

// MARK: - Shape geometry

/// The paths of Lottie's shape items, built as the specification builds them so that trims
/// start where players start: an ellipse at its top point, clockwise; a rectangle at its
/// top-right corner (at (right, top + r) when rounded), clockwise; a star or polygon at its
/// first outer point, `rotation` degrees from 12 o'clock. Direction 3 reverses the path.
enum LottieGeometry {
  /// The handle length of a quarter circle, as a fraction of its radius (the specification's
  /// 0.5519150244935105707).
  static let kappa = 0.5519150244935105707

  /// A `Lottie.Bezier` as a path: a move to the first vertex, a cubic per segment (the out
  /// tangent of one vertex and the in tangent of the next as control points), closed when it is.
  static func path(_ b: Lottie.Bezier) -> BezierPath {
    var path = BezierPath()
    guard let first = b.vertices.first else { return path }
    path.move(to: first)
    let n = b.vertices.count
    for i in 1..<max(n, 1) where n > 1 {
      path.cubic(b.vertices[i - 1] + b.outTangents[i - 1], b.vertices[i] + b.inTangents[i], b.vertices[i])
    }
    if b.closed {
      if n > 1 { path.cubic(b.vertices[n - 1] + b.outTangents[n - 1], first + b.inTangents[0], first) }
      path.close()
    }
    return path
  }

  /// An ellipse centred at `center`, `size` wide and high.
  static func ellipse(center c: Point, size: Point, direction: Lottie.Direction) -> BezierPath {
    let rx = size.x / 2, ry = size.y / 2, kx = rx * kappa, ky = ry * kappa
    let top = Point(x: c.x, y: c.y - ry), right = Point(x: c.x + rx, y: c.y)
    let bottom = Point(x: c.x, y: c.y + ry), left = Point(x: c.x - rx, y: c.y)
    var vertices = [top, right, bottom, left]
    var outT = [Point(x: kx, y: 0), Point(x: 0, y: ky), Point(x: -kx, y: 0), Point(x: 0, y: -ky)]
    var inT = [Point(x: -kx, y: 0), Point(x: 0, y: -ky), Point(x: kx, y: 0), Point(x: 0, y: ky)]
    if direction == .reversed {
      vertices = [top, left, bottom, right]
      outT = [Point(x: -kx, y: 0), Point(x: 0, y: ky), Point(x: kx, y: 0), Point(x: 0, y: -ky)]
      inT = [Point(x: kx, y: 0), Point(x: 0, y: -ky), Point(x: -kx, y: 0), Point(x: 0, y: ky)]
    }
    return path(Lottie.Bezier(closed: true, vertices: vertices, inTangents: inT, outTangents: outT))
  }

  /// A rectangle centred at `center`, `size` wide and high, corners of radius `roundness`
  /// (clamped to half the shorter side).
  static func rectangle(center c: Point, size: Point, roundness: Double, direction: Lottie.Direction) -> BezierPath {
    let w = size.x / 2, h = size.y / 2
    let r = min(max(roundness, 0), min(w, h))
    let left = c.x - w, right = c.x + w, top = c.y - h, bottom = c.y + h
    var v: [Point] = [], inT: [Point] = [], outT: [Point] = []
    if r <= 0 {
      v = [Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom), Point(x: left, y: top)]
      inT = Array(repeating: .zero, count: 4)
      outT = inT
    } else {
      let k = r * kappa
      // Clockwise from the top of the right side: each corner is two vertices joined by a curve.
      v = [
        Point(x: right, y: top + r), Point(x: right, y: bottom - r), Point(x: right - r, y: bottom), Point(x: left + r, y: bottom),
        Point(x: left, y: bottom - r), Point(x: left, y: top + r), Point(x: left + r, y: top), Point(x: right - r, y: top),
      ]
      inT = [
        Point(x: 0, y: -k), .zero, Point(x: k, y: 0), .zero, Point(x: 0, y: k), .zero, Point(x: -k, y: 0), .zero,
      ]
      outT = [
        .zero, Point(x: 0, y: k), .zero, Point(x: -k, y: 0), .zero, Point(x: 0, y: -k), .zero, Point(x: k, y: 0),
      ]
    }
    var bezier = Lottie.Bezier(closed: true, vertices: v, inTangents: inT, outTangents: outT)
    if direction == .reversed { bezier = reversed(bezier) }
    return path(bezier)
  }

  /// A star (`innerRadius` given) or a polygon of `points` points (rounded to a whole number,
  /// 3…`maxPoints`) about `center`, the first outer point `rotation` degrees clockwise from 12
  /// o'clock; roundness in percent turns corners into curves (handles of (2π·r)/(4·n) ·
  /// roundness/100).
  static func star(
    center c: Point, points: Double, rotation: Double, outerRadius: Double, outerRoundness: Double,
    innerRadius: Double?, innerRoundness: Double?, direction: Lottie.Direction, maxPoints: Int = LottieLimits().maxStarPoints
  ) -> BezierPath {
    // Clamped as a Double first: an eased value may be far past any Int.
    let n = Int(min(max(points.isFinite ? points.rounded() : 3, 3), Double(max(3, maxPoints))))
    let count = innerRadius == nil ? n : 2 * n
    let step = 2 * Double.pi / Double(count)
    var angle = -Double.pi / 2 + rotation * .pi / 180
    var v: [Point] = [], inT: [Point] = [], outT: [Point] = []
    for i in 0..<count {
      let outer = innerRadius == nil || i % 2 == 0
      let radius = outer ? outerRadius : (innerRadius ?? 0)
      let roundness = (outer ? outerRoundness : (innerRoundness ?? 0)) / 100
      let p = Point(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
      // The tangent runs along the direction of travel (perpendicular to the radius).
      let handle = 2 * Double.pi * radius / Double(4 * n) * roundness
      let t = Point(x: -sin(angle) * handle, y: cos(angle) * handle)
      v.append(p)
      outT.append(t)
      inT.append(Point(x: -t.x, y: -t.y))
      angle += step
    }
    var bezier = Lottie.Bezier(closed: true, vertices: v, inTangents: inT, outTangents: outT)
    if direction == .reversed { bezier = reversed(bezier) }
    return path(bezier)
  }

  /// The same closed path run the other way from the same first vertex.
  static func reversed(_ b: Lottie.Bezier) -> Lottie.Bezier {
    guard b.vertices.count > 1 else { return b }
    let order = [0] + Array((1..<b.vertices.count).reversed())
    return Lottie.Bezier(
      closed: b.closed, vertices: order.map { b.vertices[$0] }, inTangents: order.map { b.outTangents[$0] },
      outTangents: order.map { b.inTangents[$0] })
  }

  // MARK: - Rounded corners

  /// `path` with every sharp corner (both tangents zero: a line meets a line) rounded with
  /// radius `r`, limited to half of each adjacent side; the ends of open subpaths stay sharp
  /// (lottie-web's rounded-corners modifier, handle factor 0.5519).
  static func roundingCorners(of path: BezierPath, radius r: Double) -> BezierPath {
    guard r > 0 else { return path }
    var out = BezierPath()
    for sub in subpaths(path) {
      let n = sub.vertices.count
      guard n >= 2 else { out.elements += LottieGeometry.path(sub).elements; continue }
      var v: [Point] = [], inT: [Point] = [], outT: [Point] = []
      for i in 0..<n {
        let p = sub.vertices[i]
        let sharp = sub.inTangents[i].length < 1e-9 && sub.outTangents[i].length < 1e-9
        let isEnd = !sub.closed && (i == 0 || i == n - 1)
        guard sharp, !isEnd else {
          v.append(p); inT.append(sub.inTangents[i]); outT.append(sub.outTangents[i])
          continue
        }
        let prev = sub.vertices[(i - 1 + n) % n], next = sub.vertices[(i + 1) % n]
        let toPrev = prev - p, toNext = next - p
        let dPrev = toPrev.length, dNext = toNext.length
        guard dPrev > 1e-9, dNext > 1e-9 else {
          v.append(p); inT.append(.zero); outT.append(.zero)
          continue
        }
        let rp = min(r, dPrev / 2), rn = min(r, dNext / 2)
        let a = p + toPrev * (rp / dPrev), b = p + toNext * (rn / dNext)
        v.append(a); inT.append(.zero); outT.append((p - a) * kappa)
        v.append(b); inT.append((p - b) * kappa); outT.append(.zero)
      }
      out.elements += LottieGeometry.path(Lottie.Bezier(closed: sub.closed, vertices: v, inTangents: inT, outTangents: outT)).elements
    }
    return out
  }

  /// The subpaths of `path` in vertex form (lines as cubics with zero tangents).
  static func subpaths(_ path: BezierPath) -> [Lottie.Bezier] {
    var out: [Lottie.Bezier] = []
    var current = Lottie.Bezier(closed: false, vertices: [], inTangents: [], outTangents: [])
    func finish() {
      if !current.vertices.isEmpty { out.append(current) }
      current = Lottie.Bezier(closed: false, vertices: [], inTangents: [], outTangents: [])
    }
    for e in path.elements {
      switch e {
      case .move(let p):
        finish()
        current.vertices = [p]; current.inTangents = [.zero]; current.outTangents = [.zero]
      case .line(let p):
        if current.vertices.isEmpty { current.vertices = [p]; current.inTangents = [.zero]; current.outTangents = [.zero]; continue }
        current.vertices.append(p); current.inTangents.append(.zero); current.outTangents.append(.zero)
      case .cubic(let c1, let c2, let p):
        guard let last = current.vertices.last else { continue }
        current.outTangents[current.outTangents.count - 1] = c1 - last
        current.vertices.append(p); current.inTangents.append(c2 - p); current.outTangents.append(.zero)
      case .close:
        current.closed = true
        // A closing segment back onto the first vertex is folded into it.
        if current.vertices.count > 1, let first = current.vertices.first, let last = current.vertices.last,
          (first - last).length < 1e-9
        {
          current.inTangents[0] = current.inTangents[current.inTangents.count - 1]
          current.vertices.removeLast(); current.inTangents.removeLast(); current.outTangents.removeLast()
        }
        finish()
      }
    }
    finish()
    return out
  }

  // MARK: - Transforming paths

  /// `path` mapped by `m` (exact: a Bézier's image under an affine map is the Bézier of the
  /// mapped control points).
  static func transformed(_ path: BezierPath, by m: Transform) -> BezierPath {
    guard m != .identity else { return path }
    return BezierPath(path.elements.map { e in
      switch e {
      case .move(let p): return .move(m.apply(p))
      case .line(let p): return .line(m.apply(p))
      case .cubic(let c1, let c2, let p): return .cubic(m.apply(c1), m.apply(c2), m.apply(p))
      case .close: return .close
      }
    })
  }

  /// The inverse of an affine transform, or nil when it flattens the plane (|determinant| below
  /// 1e-12) or is not finite.
  static func inverse(_ m: Transform) -> Transform? {
    let det = m.determinant
    guard abs(det) > 1e-12, det.isFinite else { return nil }
    let a = m.d / det, b = -m.b / det, c = -m.c / det, d = m.a / det
    let inv = Transform(a: a, b: b, c: c, d: d, tx: -(a * m.tx + c * m.ty), ty: -(b * m.tx + d * m.ty))
    return [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].allSatisfy(\.isFinite) ? inv : nil
  }
}
