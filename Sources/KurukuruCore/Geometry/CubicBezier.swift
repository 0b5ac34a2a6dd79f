// MARK: - CubicBezier

/// A cubic Bézier segment, the one curve type of the project (after kurbo's `CubicBez`):
///
///     B(s) = (1−s)³·p0 + 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³·p3,   s in 0…1
///
/// Its coordinates are whatever the caller measures in: canvas points for paths (ink bounds,
/// trims), (seconds, value) for a value over time (Lottie keyframes), (time fraction, progress)
/// for a timing curve (`UnitBezier`). A line is a cubic with its control points on it.
public struct CubicBezier: Equatable, Hashable, Sendable {
  /// Start point (s = 0).
  public var p0: Point
  /// First control point.
  public var p1: Point
  /// Second control point.
  public var p2: Point
  /// End point (s = 1).
  public var p3: Point

  public init(p0: Point, p1: Point, p2: Point, p3: Point) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
  }

  /// The straight line from `a` to `b` as a cubic, control points at its thirds (so that s is
  /// proportional to the distance along it).
  public static func line(from a: Point, to b: Point) -> CubicBezier {
    CubicBezier(p0: a, p1: Point.lerp(a, b, 1.0 / 3), p2: Point.lerp(a, b, 2.0 / 3), p3: b)
  }

  // MARK: - Evaluating

  /// The point at parameter `s`, in Bernstein form.
  public func point(at s: Double) -> Point {
    let u = 1 - s
    let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
    return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// The derivative B′(s) = 3(1−s)²(p1−p0) + 6(1−s)s(p2−p1) + 3s²(p3−p2).
  public func derivative(at s: Double) -> Point {
    let u = 1 - s
    return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * s) + (p3 - p2) * (3 * s * s)
  }

  // MARK: - Cutting

  /// The two halves at parameter `s` (de Casteljau); they meet at `point(at: s)`.
  public func split(at s: Double) -> (CubicBezier, CubicBezier) {
    let a = Point.lerp(p0, p1, s), b = Point.lerp(p1, p2, s), c = Point.lerp(p2, p3, s)
    let d = Point.lerp(a, b, s), e = Point.lerp(b, c, s)
    let m = Point.lerp(d, e, s)
    return (CubicBezier(p0: p0, p1: a, p2: d, p3: m), CubicBezier(p0: m, p1: e, p2: c, p3: p3))
  }

  /// The part between parameters `s0 ≤ s1`, as a curve of its own (parameter 0…1 again): split
  /// at `s1`, then the left part at `s0 / s1`.
  public func subsegment(_ s0: Double, _ s1: Double) -> CubicBezier {
    let left = split(at: s1).0
    return s1 > 0 ? left.split(at: s0 / s1).1 : left
  }

  /// The same curve run backwards (control points in reverse order).
  public var reversed: CubicBezier { CubicBezier(p0: p3, p1: p2, p2: p1, p3: p0) }

  /// Every control point mapped by `f` (exact for affine maps: a Bézier's image under an affine
  /// map is the Bézier of the mapped control points).
  public func mapped(_ f: (Point) -> Point) -> CubicBezier {
    CubicBezier(p0: f(p0), p1: f(p1), p2: f(p2), p3: f(p3))
  }

  // MARK: - Extremes

  /// Parameters strictly inside 0…1 (more than 1e-9 from either end), sorted, where the
  /// coordinate `axis` of the curve has a zero derivative: where it is extreme.
  public func extrema(of axis: Axis) -> [Double] {
    let c0 = axis == .x ? p0.x : p0.y, c1 = axis == .x ? p1.x : p1.y
    let c2 = axis == .x ? p2.x : p2.y, c3 = axis == .x ? p3.x : p3.y
    // dB/ds / 3 = (1−s)²d0 + 2(1−s)s·d1 + s²·d2 = a s² + b s + c.
    let d0 = c1 - c0, d1 = c2 - c1, d2 = c3 - c2
    let a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0
    var out: [Double] = []
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    if abs(a) < 1e-12 * scale {
      if abs(b) > 0 { out.append(-c / b) }
    } else {
      let disc = b * b - 4 * a * c
      if disc >= 0 {
        let r = disc.squareRoot()
        out.append((-b - r) / (2 * a))
        out.append((-b + r) / (2 * a))
      }
    }
    return out.filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted()
  }

  /// A coordinate of a point.
  public enum Axis: Sendable { case x, y }

  // MARK: - Solving

  /// The parameter in 0…1 where the curve's x equals `x`, for a curve whose x does not decrease
  /// from `p0` to `p3` (a timing curve, a value over time): 0 at or before `p0.x`, 1 at or after
  /// `p3.x`. Newton's method from the linear guess while the slope is safely away from zero
  /// (|x(s) − x| ≤ 1e-14 ends it), then bisection on the power form, to about 1e-16.
  public func parameter(atX x: Double) -> Double {
    if !(x > p0.x) { return 0 }
    if !(x < p3.x) { return 1 }
    let (a, b, c) = CubicBezier.powerCoefficients(p0.x, p1.x, p2.x, p3.x)
    func sample(_ s: Double) -> Double { ((a * s + b) * s + c) * s + p0.x }
    let span = p3.x - p0.x
    var s = (x - p0.x) / span
    for _ in 0..<8 {
      let residual = sample(s) - x
      if abs(residual) <= 1e-14 { return s }
      let slope = (3 * a * s + 2 * b) * s + c
      if abs(slope) < 1e-3 * span { break }
      let next = s - residual / slope
      if !(next > 0 && next < 1) { break }
      s = next
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<80 {
      let mid = (lo + hi) / 2
      if mid <= lo || mid >= hi { break }
      if sample(mid) < x { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }

  /// The parameter in 0…1 where x equals `x`, by 64 bisections on the Bernstein form (for a
  /// curve whose x does not decrease): 0 at or before `p0.x`, 1 at or after `p3.x`. Slower than
  /// `parameter(atX:)` and never thrown off by a flat stretch; the Lottie exporter cuts keyframe
  /// curves with it, so that the keyframes it writes do not depend on Newton's path.
  public func parameterByBisection(atX x: Double) -> Double {
    if x <= p0.x { return 0 }
    if x >= p3.x { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<64 {
      let mid = (lo + hi) / 2
      if point(at: mid).x < x { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }

  /// The curve's y at parameter `s`, in power (Horner) form: the form `parameter(atX:)` solves
  /// in, so a timing curve's value is the same however it is asked for.
  public func y(atParameter s: Double) -> Double {
    let (a, b, c) = CubicBezier.powerCoefficients(p0.y, p1.y, p2.y, p3.y)
    return ((a * s + b) * s + c) * s + p0.y
  }

  /// Parameters in (0, 1) where the coordinate `axis` equals `value`: sign changes on a grid of
  /// 64 steps, each refined by 60 bisections (so two roots closer than 1/64 may count as none).
  public func parameters(where axis: Axis, equals value: Double) -> [Double] {
    func f(_ s: Double) -> Double {
      let p = point(at: s)
      return (axis == .x ? p.x : p.y) - value
    }
    let n = 64
    var out: [Double] = []
    var s0 = 0.0, f0 = f(0)
    for i in 1...n {
      let s1 = Double(i) / Double(n)
      let f1 = f(s1)
      if (f0 < 0 && f1 > 0) || (f0 > 0 && f1 < 0) {
        var lo = s0, hi = s1, flo = f0
        for _ in 0..<60 {
          let mid = (lo + hi) / 2
          let fm = f(mid)
          if (fm < 0) == (flo < 0) { lo = mid; flo = fm } else { hi = mid }
        }
        out.append((lo + hi) / 2)
      } else if f1 == 0, i < n {
        out.append(s1)
      }
      s0 = s1
      f0 = f1
    }
    return out
  }

  /// Power-basis coefficients (a, b, c) of `a·s³ + b·s² + c·s + q0` for one coordinate with
  /// Bernstein values q0…q3.
  private static func powerCoefficients(
    _ q0: Double, _ q1: Double, _ q2: Double, _ q3: Double
  ) -> (Double, Double, Double) {
    let c = 3 * (q1 - q0)
    let b = 3 * (q2 - q1) - c
    let a = (q3 - q0) - c - b
    return (a, b, c)
  }

  // MARK: - Length

  /// The speed |B′(s)|.
  public func speed(at s: Double) -> Double { derivative(at: s).length }

  /// The arc length from parameter 0 to `s`, by 16-point Gauss–Legendre quadrature (exact for
  /// lines, within 1e-9 of the length of the curves that paths use).
  public func arcLength(to s: Double = 1) -> Double {
    var sum = 0.0
    for (x, w) in GaussLegendre.nodes {
      sum += w * speed(at: s * (x + 1) / 2)
    }
    return sum * s / 2
  }

  /// The parameter where the arc length from the start equals `length` (Newton on the arc
  /// length, kept inside a bisection bracket, to 1e-10 of the curve's length).
  /// - Parameter total: the whole curve's `arcLength()`, when already known.
  public func parameter(atLength length: Double, total: Double? = nil) -> Double {
    let total = total ?? arcLength()
    if length <= 0 { return 0 }
    if length >= total { return 1 }
    var lo = 0.0, hi = 1.0, s = length / total
    for _ in 0..<50 {
      let f = arcLength(to: s) - length
      if abs(f) < 1e-10 * max(1, total) { break }
      if f > 0 { hi = s } else { lo = s }
      let v = speed(at: s)
      var next = v > 1e-12 ? s - f / v : (lo + hi) / 2
      if next <= lo || next >= hi { next = (lo + hi) / 2 }
      s = next
    }
    return s
  }
}

// MARK: - Quadrature

/// 16-point Gauss–Legendre quadrature on [−1, 1].
enum GaussLegendre {
  /// Nodes and weights, in pairs ±x.
  static let nodes: [(Double, Double)] = {
    let half: [(Double, Double)] = [
      (0.0950125098376374, 0.1894506104550685), (0.2816035507792589, 0.1826034150449236),
      (0.4580167776572274, 0.1691565193950025), (0.6178762444026438, 0.1495959888165767),
      (0.7554044083550030, 0.1246289712555339), (0.8656312023878318, 0.0951585116824928),
      (0.9445750230732326, 0.0622535239386479), (0.9894009349916499, 0.0271524594117541),
    ]
    return half.flatMap { [(-$0.0, $0.1), ($0.0, $0.1)] }
  }()
}
