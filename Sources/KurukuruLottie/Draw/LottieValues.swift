import Foundation
import KurukuruCore

// MARK: - Property values at a frame

/// How a player reads a property at a frame (Lottie 1.0 specification, lottie-web where the
/// specification is silent): before the first keyframe its value holds, after the last the last
/// value; between two keyframes the value goes from one to the next eased by the cubic Bézier
/// (0, 0), `o`, `i`, (1, 1) — x the fraction of time (clamped to 0…1), y the fraction of the
/// change (free: overshoot) — one curve per dimension, the first where a dimension has none; a
/// hold keeps its value until the next keyframe. Frames may be fractional.
extension Lottie.Property where Value == Double {
  /// The value at `frame`.
  func value(atFrame frame: Double) -> Double {
    switch self {
    case .constant(let v): return v
    case .animated(let keys):
      guard let (a, b, fraction) = Lottie.segment(keys, at: frame) else { return keys.first?.value ?? 0 }
      guard let b else { return a.value }
      return a.value + (b.value - a.value) * Lottie.eased(a, fraction, dimension: 0)
    }
  }
}

extension Lottie.Property where Value == [Double] {
  /// The value at `frame`, each dimension eased by its own curve.
  func value(atFrame frame: Double) -> [Double] {
    switch self {
    case .constant(let v): return v
    case .animated(let keys):
      guard let (a, b, fraction) = Lottie.segment(keys, at: frame) else { return keys.first?.value ?? [] }
      guard let b else { return a.value }
      return a.value.indices.map { d in
        let to = d < b.value.count ? b.value[d] : a.value[d]
        return a.value[d] + (to - a.value[d]) * Lottie.eased(a, fraction, dimension: d)
      }
    }
  }

  /// A position at `frame`: where keyframes carry spatial tangents (`to`, `ti`), the point moves
  /// along the Bézier from this keyframe's value (control points value + `to`, next value +
  /// `ti`) to the next, the eased fraction taken of its arc length (lottie-web), with the first
  /// dimension's easing; otherwise as `value(atFrame:)`.
  func position(atFrame frame: Double) -> Point {
    switch self {
    case .constant(let v): return Point(x: v.first ?? 0, y: v.count > 1 ? v[1] : 0)
    case .animated(let keys):
      guard let (a, b, fraction) = Lottie.segment(keys, at: frame) else { return .zero }
      let pa = Point(x: a.value.first ?? 0, y: a.value.count > 1 ? a.value[1] : 0)
      guard let b else { return pa }
      let pb = Point(x: b.value.first ?? 0, y: b.value.count > 1 ? b.value[1] : 0)
      guard let curve = Lottie.spatialCurve(a, from: pa, to: pb) else {
        let v = value(atFrame: frame)
        return Point(x: v.first ?? 0, y: v.count > 1 ? v[1] : 0)
      }
      let eased = Lottie.eased(a, fraction, dimension: 0)
      let total = curve.arcLength()
      guard total > 1e-9 else { return Point.lerp(pa, pb, eased) }
      if eased <= 0 || eased >= 1 {
        // Overshoot continues along the chord, as past an end of the path.
        return Point.lerp(pa, pb, eased)
      }
      return curve.point(at: curve.parameter(atLength: eased * total, total: total))
    }
  }

  /// The direction of motion at `frame` in degrees (clockwise from +x, y down), for auto-orient:
  /// the derivative of the position (with its spatial tangents), nil where it does not move.
  func heading(atFrame frame: Double) -> Double? {
    let h = 0.01
    let p0 = position(atFrame: frame - h), p1 = position(atFrame: frame + h)
    let d = p1 - p0
    guard d.length > 1e-9 else { return nil }
    return atan2(d.y, d.x) * 180 / .pi
  }
}

extension Lottie.Property where Value == Lottie.Bezier {
  /// The path at `frame`: vertices and tangents interpolated one by one (paths of different
  /// vertex counts jump at the next keyframe).
  func value(atFrame frame: Double) -> Lottie.Bezier {
    switch self {
    case .constant(let v): return v
    case .animated(let keys):
      guard let (a, b, fraction) = Lottie.segment(keys, at: frame) else {
        return keys.first?.value ?? Lottie.Bezier(closed: false, vertices: [], inTangents: [], outTangents: [])
      }
      guard let b, b.value.vertices.count == a.value.vertices.count else { return a.value }
      let e = Lottie.eased(a, fraction, dimension: 0)
      func mix(_ p: [Point], _ q: [Point]) -> [Point] { zip(p, q).map { Point.lerp($0, $1, e) } }
      return Lottie.Bezier(
        closed: a.value.closed, vertices: mix(a.value.vertices, b.value.vertices),
        inTangents: mix(a.value.inTangents, b.value.inTangents), outTangents: mix(a.value.outTangents, b.value.outTangents))
    }
  }
}

extension Lottie {
  /// The keyframes around `frame`: the one in effect, the next (nil when the value holds: before
  /// the first, after the last, or during a hold) and the fraction of time between them.
  static func segment<V>(_ keys: [Keyframe<V>], at frame: Double) -> (Keyframe<V>, Keyframe<V>?, Double)? {
    guard let first = keys.first, let last = keys.last else { return nil }
    if frame <= first.time { return (first, nil, 0) }
    if frame >= last.time { return (last, nil, 0) }
    var lo = 0, hi = keys.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].time <= frame { lo = mid } else { hi = mid }
    }
    let a = keys[lo], b = keys[hi]
    if a.hold || b.time <= a.time { return (a, nil, 0) }
    return (a, b, (frame - a.time) / (b.time - a.time))
  }

  /// The eased fraction of the change after `fraction` of the time from keyframe `a`, for
  /// dimension `d` (linear without handles).
  static func eased<V>(_ a: Keyframe<V>, _ fraction: Double, dimension d: Int) -> Double {
    guard let o = a.easeOut, let i = a.easeIn else { return fraction }
    let out = o.point(dimension: d), inn = i.point(dimension: d)
    return UnitBezier(out.x, out.y, inn.x, inn.y).value(at: fraction)
  }

  /// The spatial curve from `pa` to `pb` when keyframe `a` has tangents (nil when both are zero
  /// or absent: a straight move).
  static func spatialCurve(_ a: Keyframe<[Double]>, from pa: Point, to pb: Point) -> CubicBezier? {
    func point(_ v: [Double]?) -> Point { Point(x: v?.first ?? 0, y: (v?.count ?? 0) > 1 ? v?[1] ?? 0 : 0) }
    let to = point(a.spatialOut), ti = point(a.spatialIn)
    guard to.length > 1e-9 || ti.length > 1e-9 else { return nil }
    return CubicBezier(p0: pa, p1: pa + to, p2: pb + ti, p3: pb)
  }
}

// MARK: - Transforms at a frame

extension Lottie.Transform {
  /// The matrix at `frame`: translate by −anchor, scale (percent), skew about the skew axis,
  /// rotate (degrees clockwise), translate by position (the specification's order). `extraRotation`
  /// (auto-orient) is added to the rotation.
  func matrix(atFrame frame: Double, extraRotation: Double = 0) -> Transform {
    let a = anchor.value(atFrame: frame)
    let s = scale.value(atFrame: frame)
    var m = Transform.translation(x: -(a.first ?? 0), y: -(a.count > 1 ? a[1] : 0))
    m = m.then(.scale(x: (s.first ?? 100) / 100, y: (s.count > 1 ? s[1] : s.first ?? 100) / 100))
    if let skew, let skewAxis {
      let k = skew.value(atFrame: frame), axis = skewAxis.value(atFrame: frame)
      if k != 0 {
        let shear = Transform(a: 1, b: 0, c: tan(-k * .pi / 180), d: 1, tx: 0, ty: 0)
        m = m.then(.rotation(degrees: -axis)).then(shear).then(.rotation(degrees: axis))
      }
    }
    m = m.then(.rotation(degrees: rotation.value(atFrame: frame) + extraRotation))
    let p = positionPoint(atFrame: frame)
    return m.then(.translation(x: p.x, y: p.y))
  }

  /// The position at `frame` (split x/y, or a vector with spatial tangents).
  func positionPoint(atFrame frame: Double) -> Point {
    switch position {
    case .combined(let p): return p.position(atFrame: frame)
    case .split(let x, let y): return Point(x: x.value(atFrame: frame), y: y.value(atFrame: frame))
    }
  }

  /// Opacity at `frame`, 0…1.
  func opacity(atFrame frame: Double) -> Double {
    min(max(opacity.value(atFrame: frame) / 100, 0), 1)
  }
}
