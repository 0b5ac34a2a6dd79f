// MARK: - Trim by arc length

extension BezierPath {
  /// The part of the path between fractions `from` and `to` of its total length (SwiftUI's
  /// `trim(from:to:)`), cutting cubic Béziers by arc length.
  ///
  /// Fractions are clamped to 0…1; `from ≥ to` gives an empty path (nothing is drawn, even with
  /// round caps); `0…1` returns the path unchanged, closed subpaths stay closed. Subpaths are
  /// measured one after another, as if joined end to start. A segment cut by an end is drawn in
  /// up to three pieces (`stablePieces`), so that frames whose trim end moves a little differ
  /// only near that end.
  public func trimmed(from: Double, to: Double) -> BezierPath {
    let a = min(max(from, 0), 1), b = min(max(to, 0), 1)
    if a >= b { return BezierPath() }
    if a <= 0 && b >= 1 { return self }
    let segments = PathSegments(self)
    let total = segments.totalLength
    guard total > 0 else { return BezierPath() }
    let start = a * total, end = b * total
    var out = BezierPath()
    var cursor = 0.0
    var previousSubpath = -1
    for seg in segments.items {
      let len = seg.length
      let s0 = cursor, s1 = cursor + len
      cursor = s1
      if s1 <= start || s0 >= end { continue }
      let lo = max(start, s0), hi = min(end, s1)
      if hi <= lo && len > 0 { continue }
      let t0 = len > 0 ? seg.parameter(atLength: lo - s0) : 0
      let t1 = len > 0 ? seg.parameter(atLength: hi - s0) : 1
      for (u0, u1) in BezierPath.stablePieces(from: t0, to: t1, of: seg.kind) {
        let piece = seg.sub(u0, u1)
        if seg.subpath != previousSubpath || out.isEmpty {
          out.move(to: piece.p0)
          previousSubpath = seg.subpath
        }
        switch piece.kind {
        case .line: out.line(to: piece.p3)
        case .cubic: out.cubic(piece.p1, piece.p2, piece.p3)
        }
      }
    }
    return out
  }

  /// The parameter ranges a cubic's part [t0, t1] is drawn as. Cut anew at a moving end, one
  /// piece is flattened differently every frame, which moved the anti-aliasing along the whole
  /// segment by a few levels: every frame of a growing ring differed from the last along up to 45°
  /// of arc, and GIF, APNG, WebP and PNG sequences all paid for it. So a part is also cut, next to
  /// each end inside the segment, at the nearest multiple of 1/8 inward (`PathBuilder.fixedCuts`,
  /// as arcs are cut at 5.625° marks): the stretch between those stays the same while an end
  /// moves within one step. At most three pieces: every extra piece costs the rasterizer (a
  /// stroke as wide as its circle most). Ends within 1e-6 of a cut count as on it: the same
  /// instant reached by another sum of floating-point steps (t = 2.2 s in a 1.7 s loop) must not
  /// draw another set of pieces.
  static func stablePieces(from t0: Double, to t1: Double, of kind: PathSegments.Segment.Kind) -> [(Double, Double)] {
    guard kind == .cubic else { return [(t0, t1)] }
    let cuts = PathBuilder.fixedCuts(from: t0, to: t1, coarse: 1, fine: 1.0 / 8, near: 1e-6)
    return Array(zip(cuts, cuts.dropFirst()))
  }
}

// MARK: - Segments

/// A path flattened into measured line and cubic segments (closing lines included).
struct PathSegments {
  struct Segment {
    enum Kind { case line, cubic }
    var kind: Kind
    var p0: Point, p1: Point, p2: Point, p3: Point
    var subpath: Int
    var length: Double = 0

    /// A point at parameter `t` (0…1).
    func point(_ t: Double) -> Point {
      switch kind {
      case .line: return Point.lerp(p0, p3, t)
      case .cubic:
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
      }
    }

    /// Speed |B'(t)|.
    func speed(_ t: Double) -> Double {
      switch kind {
      case .line: return (p3 - p0).length
      case .cubic:
        let u = 1 - t
        let d1 = (p1 - p0) * (3 * u * u), d2 = (p2 - p1) * (6 * u * t), d3 = (p3 - p2) * (3 * t * t)
        return (d1 + d2 + d3).length
      }
    }

    /// Arc length from 0 to `t`, by 16-point Gauss–Legendre quadrature.
    func length(to t: Double) -> Double {
      if kind == .line { return (p3 - p0).length * t }
      var sum = 0.0
      for (x, w) in GaussLegendre.nodes {
        let u = t * (x + 1) / 2
        sum += w * speed(u)
      }
      return sum * t / 2
    }

    /// The parameter where the arc length from the start equals `s` (Newton, bisection-guarded).
    func parameter(atLength s: Double) -> Double {
      if s <= 0 { return 0 }
      if s >= length { return 1 }
      if kind == .line { return s / length }
      var lo = 0.0, hi = 1.0, t = s / length
      for _ in 0..<50 {
        let f = length(to: t) - s
        if abs(f) < 1e-10 * max(1, length) { break }
        if f > 0 { hi = t } else { lo = t }
        let v = speed(t)
        var next = v > 1e-12 ? t - f / v : (lo + hi) / 2
        if next <= lo || next >= hi { next = (lo + hi) / 2 }
        t = next
      }
      return t
    }

    /// The piece between parameters `t0` and `t1` (de Casteljau).
    func sub(_ t0: Double, _ t1: Double) -> Segment {
      var s = self
      if kind == .line {
        s.p0 = point(t0); s.p3 = point(t1)
        s.p1 = s.p0; s.p2 = s.p3
        return s
      }
      // Split at t1, keep the left part, then split that at t0 / t1.
      let left = split(self, at: t1).0
      let u = t1 > 0 ? t0 / t1 : 0
      return split(left, at: u).1
    }

    private func split(_ s: Segment, at t: Double) -> (Segment, Segment) {
      let a = Point.lerp(s.p0, s.p1, t), b = Point.lerp(s.p1, s.p2, t), c = Point.lerp(s.p2, s.p3, t)
      let d = Point.lerp(a, b, t), e = Point.lerp(b, c, t)
      let m = Point.lerp(d, e, t)
      var l = s, r = s
      l.p1 = a; l.p2 = d; l.p3 = m
      r.p0 = m; r.p1 = e; r.p2 = c
      return (l, r)
    }
  }

  var items: [Segment] = []
  var totalLength: Double { items.reduce(0) { $0 + $1.length } }

  init(_ path: BezierPath) {
    var current = Point.zero, start = Point.zero
    var subpath = -1
    func add(_ s: Segment) {
      var s = s
      s.length = s.length(to: 1)
      items.append(s)
    }
    for e in path.elements {
      switch e {
      case .move(let p):
        current = p; start = p; subpath += 1
      case .line(let p):
        if subpath < 0 { subpath = 0 }
        add(Segment(kind: .line, p0: current, p1: current, p2: p, p3: p, subpath: subpath))
        current = p
      case .cubic(let c1, let c2, let p):
        if subpath < 0 { subpath = 0 }
        add(Segment(kind: .cubic, p0: current, p1: c1, p2: c2, p3: p, subpath: subpath))
        current = p
      case .close:
        if current != start {
          add(Segment(kind: .line, p0: current, p1: current, p2: start, p3: start, subpath: subpath))
        }
        current = start
      }
    }
  }
}

// MARK: - Quadrature

enum GaussLegendre {
  /// 16-point Gauss–Legendre nodes and weights on [−1, 1].
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
