// MARK: - Trim by arc length

extension BezierPath {
  /// The path's length in its own units (points), measured as trims measure it: cubics by
  /// arc length, closing lines included.
  public var length: Double { PathSegments(self).totalLength }

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
  /// piece would be flattened differently every frame, moving the anti-aliasing along the whole
  /// segment by a few levels: every frame of a growing ring would differ from the last along up
  /// to 45° of arc, which GIF, APNG, WebP and PNG sequences all pay for. So a part is also cut,
  /// next to each end inside the segment, at the nearest multiple of 1/8 inward
  /// (`PathBuilder.fixedCuts`, as arcs are cut at 5.625° marks): the stretch between those
  /// stays the same while an end moves within one step. At most three pieces: every extra piece
  /// costs the rasterizer (a stroke as wide as its circle most). Ends within 1e-6 of a cut count
  /// as on it: the same instant reached by another sum of floating-point steps (t = 2.2 s in a
  /// 1.7 s loop) must not draw another set of pieces.
  static func stablePieces(from t0: Double, to t1: Double, of kind: PathSegments.Segment.Kind) -> [(Double, Double)] {
    guard kind == .cubic else { return [(t0, t1)] }
    let cuts = PathBuilder.fixedCuts(from: t0, to: t1, coarse: 1, fine: 1.0 / 8, near: 1e-6)
    return Array(zip(cuts, cuts.dropFirst()))
  }
}

// MARK: - Segments

/// A path flattened into measured line and cubic segments (closing lines included).
struct PathSegments {
  /// One segment: a line (its control points on its ends) or a cubic, with its arc length.
  struct Segment {
    enum Kind { case line, cubic }
    var kind: Kind
    /// The segment as a curve; a line's control points sit on its ends (`p1 = p0`, `p2 = p3`).
    var curve: CubicBezier
    var subpath: Int
    /// Arc length in points (`length(to: 1)`), set when the segment is added.
    var length: Double = 0

    var p0: Point { curve.p0 }
    var p1: Point { curve.p1 }
    var p2: Point { curve.p2 }
    var p3: Point { curve.p3 }

    /// A point at parameter `t` (0…1).
    func point(_ t: Double) -> Point {
      kind == .line ? Point.lerp(curve.p0, curve.p3, t) : curve.point(at: t)
    }

    /// Arc length from 0 to `t` (`CubicBezier.arcLength(to:)`; a line's exactly).
    func length(to t: Double) -> Double {
      kind == .line ? (curve.p3 - curve.p0).length * t : curve.arcLength(to: t)
    }

    /// The parameter where the arc length from the start equals `s`.
    func parameter(atLength s: Double) -> Double {
      if s <= 0 { return 0 }
      if s >= length { return 1 }
      return kind == .line ? s / length : curve.parameter(atLength: s, total: length)
    }

    /// The piece between parameters `t0` and `t1` (de Casteljau for a cubic).
    func sub(_ t0: Double, _ t1: Double) -> Segment {
      var s = self
      if kind == .line {
        let a = point(t0), b = point(t1)
        s.curve = CubicBezier(p0: a, p1: a, p2: b, p3: b)
      } else {
        s.curve = curve.subsegment(t0, t1)
      }
      return s
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
        add(Segment(kind: .line, curve: CubicBezier(p0: current, p1: current, p2: p, p3: p), subpath: subpath))
        current = p
      case .cubic(let c1, let c2, let p):
        if subpath < 0 { subpath = 0 }
        add(Segment(kind: .cubic, curve: CubicBezier(p0: current, p1: c1, p2: c2, p3: p), subpath: subpath))
        current = p
      case .close:
        if current != start {
          add(Segment(kind: .line, curve: CubicBezier(p0: current, p1: current, p2: start, p3: start), subpath: subpath))
        }
        current = start
      }
    }
  }
}
