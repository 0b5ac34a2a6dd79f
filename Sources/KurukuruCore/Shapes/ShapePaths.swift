import Foundation

// MARK: - Shapes lowered to paths

extension ShapeKind {
  /// The outline of the shape in `rect` (points) at time `t` (seconds), as SwiftUI draws it:
  /// circles, ellipses and arcs start at 3 o'clock and run clockwise on screen; rectangles
  /// start at the top-left corner and run clockwise; a polygon starts at its first point and
  /// runs in the order of its points.
  public func path(in rect: Rect, at t: Double) -> BezierPath {
    var path = BezierPath()
    switch self {
    case .circle:
      let r = min(rect.width, rect.height) / 2
      PathBuilder.addArc(to: &path, center: rect.center, radiusX: r, radiusY: r, startDegrees: 0, sweepDegrees: 360)
      path.close()
    case .ellipse:
      PathBuilder.addArc(
        to: &path, center: rect.center, radiusX: rect.width / 2, radiusY: rect.height / 2, startDegrees: 0, sweepDegrees: 360)
      path.close()
    case .rectangle:
      path.move(to: Point(x: rect.minX, y: rect.minY))
      path.line(to: Point(x: rect.maxX, y: rect.minY))
      path.line(to: Point(x: rect.maxX, y: rect.maxY))
      path.line(to: Point(x: rect.minX, y: rect.maxY))
      path.close()
    case .roundedRectangle(let radius):
      PathBuilder.addRoundedRect(to: &path, rect: rect, radius: radius.value(at: t))
    case .capsule:
      PathBuilder.addRoundedRect(to: &path, rect: rect, radius: min(rect.width, rect.height) / 2)
    case .arc(let start, let end, let clockwise):
      let s = start.value(at: t), e = end.value(at: t)
      let sweep = PathBuilder.arcSweep(start: s, end: e, clockwise: clockwise)
      guard sweep != 0 else { return path }
      let r = min(rect.width, rect.height) / 2
      PathBuilder.addArc(to: &path, center: rect.center, radiusX: r, radiusY: r, startDegrees: s, sweepDegrees: sweep)
    case .polygon(let points):
      for (i, p) in points.enumerated() {
        let q = Point(x: rect.minX + p.x * rect.width, y: rect.minY + p.y * rect.height)
        if i == 0 { path.move(to: q) } else { path.line(to: q) }
      }
      path.close()
    }
    return path
  }
}

// MARK: - PathBuilder

/// Arcs and rounded rectangles as cubic Béziers.
package enum PathBuilder {
  /// The signed sweep in degrees of an arc drawn from `start` to `end`, as Core Graphics'
  /// `addArc` does it on screen: clockwise (positive) sweeps are `(end − start) mod 360` in
  /// [0, 360), counter-clockwise ones the negative counterpart; a non-zero difference that is a
  /// whole number of turns draws a full circle; equal angles draw nothing.
  package static func arcSweep(start: Double, end: Double, clockwise: Bool) -> Double {
    let d = end - start
    if d == 0 { return 0 }
    var m = (clockwise ? d : -d).truncatingRemainder(dividingBy: 360)
    if m < 0 { m += 360 }
    if m == 0 { m = 360 }
    return clockwise ? m : -m
  }

  /// Appends an elliptical arc as cubic segments of at most 45° (error below 5e-6 of the radius).
  /// Starts a new subpath at the arc's start unless `connect` is true (then the arc continues
  /// from the current point, which must be the arc's start). The segments are cut where
  /// `arcCuts` says, so an arc whose end moves keeps the segments behind it.
  /// - Parameters:
  ///   - startDegrees: 0° = 3 o'clock, positive = clockwise on screen.
  ///   - sweepDegrees: signed sweep, positive = clockwise on screen.
  package static func addArc(
    to path: inout BezierPath, center: Point, radiusX: Double, radiusY: Double, startDegrees: Double, sweepDegrees: Double,
    connect: Bool = false
  ) {
    let cuts = arcCuts(startDegrees: startDegrees, sweepDegrees: sweepDegrees)
    guard var a0 = cuts.first.map({ $0 * .pi / 180 }) else { return }
    // Each angle's cosine and sine are taken once (a segment's end is the next one's start).
    var cos0 = cos(a0), sin0 = sin(a0)
    func point(_ c: Double, _ s: Double) -> Point { Point(x: center.x + radiusX * c, y: center.y + radiusY * s) }
    if !connect { path.move(to: point(cos0, sin0)) }
    for degrees in cuts.dropFirst() {
      let a1 = degrees * .pi / 180
      let k = 4.0 / 3.0 * tan((a1 - a0) / 4)
      let cos1 = cos(a1), sin1 = sin(a1)
      let p0 = point(cos0, sin0), p3 = point(cos1, sin1)
      let c1 = Point(x: p0.x - k * radiusX * sin0, y: p0.y + k * radiusY * cos0)
      let c2 = Point(x: p3.x + k * radiusX * sin1, y: p3.y - k * radiusY * cos1)
      path.cubic(c1, c2, p3)
      a0 = a1
      cos0 = cos1
      sin0 = sin1
    }
  }

  /// The angles in degrees where an arc from `startDegrees` sweeping `sweepDegrees` is cut into
  /// cubic segments, in drawing order: its two ends, every multiple of 45° between them, and
  /// next to an end that is not on a multiple of 45° the nearest multiple of 45° / 8 inward.
  ///
  /// The cuts sit at fixed angles, not at equal shares of the sweep: cut into equal shares, every
  /// segment of an arc whose end moves would change every frame, and Cairo would flatten each
  /// anew, moving the anti-aliasing along the whole arc by a few levels (a growing arc's frames
  /// would differ everywhere, which GIF, APNG, WebP and PNG sequences pay for). At fixed angles
  /// only the piece between a moving end and the 5.6° mark next to it changes, and the stretch
  /// to the next 45° mark when the end passes a mark. Circles (0° to 360°) and the corners of
  /// rounded rectangles keep their 45° segments. Angles within 1e-4° of a mark count as on it
  /// (the end of a loop, sampled a nanosecond early, must cut where its start does).
  package static func arcCuts(startDegrees: Double, sweepDegrees: Double) -> [Double] {
    guard sweepDegrees != 0 else { return [] }
    // Forward units: the arc runs from u0 up to u1.
    let direction = sweepDegrees > 0 ? 1.0 : -1.0
    var cuts = fixedCuts(
      from: direction * startDegrees, to: direction * (startDegrees + sweepDegrees), coarse: 45, fine: 45.0 / 8, near: 1e-4)
    if direction < 0 {
      for k in cuts.indices { cuts[k] = -cuts[k] }
    }
    return cuts
  }

  /// Where a stretch from `u0` up to `u1` (`u0 < u1`) is cut so that its pieces stay put while
  /// an end moves: its ends, every multiple of `coarse` between them, and next to an end that is
  /// not on a multiple of `coarse` the nearest multiple of `fine` (a divisor of `coarse`) inward.
  /// Values within `near` of a mark count as on it. In increasing order, built without sorting:
  /// this runs for every arc, circle and trim of every frame. Used by `arcCuts` (degrees) and by
  /// trims (a cubic's parameter, `coarse` 1).
  static func fixedCuts(from u0: Double, to u1: Double, coarse: Double, fine: Double, near: Double) -> [Double] {
    func onGrid(_ u: Double, _ step: Double) -> Bool { abs(u - (u / step).rounded() * step) <= near }
    var cuts = [u0]
    cuts.reserveCapacity(Int(((u1 - u0) / coarse).rounded(.up)) + 4)
    if !onGrid(u0, coarse) {
      let first = ((u0 + near) / fine).rounded(.down) * fine + fine
      if first < u1 - near && !onGrid(first, coarse) { cuts.append(first) }
    }
    var mark = ((u0 + near) / coarse).rounded(.down) * coarse + coarse
    while mark < u1 - near {
      cuts.append(mark)
      mark += coarse
    }
    if !onGrid(u1, coarse) {
      let last = ((u1 - near) / fine).rounded(.up) * fine - fine
      if last > (cuts.last ?? u0) + near && !onGrid(last, coarse) { cuts.append(last) }
    }
    cuts.append(u1)
    return cuts
  }

  /// Appends a closed rounded rectangle starting after the top-left corner, clockwise.
  /// - Parameter radius: corner radius in points, clamped to half the shorter side.
  package static func addRoundedRect(to path: inout BezierPath, rect: Rect, radius: Double) {
    let r = max(0, min(radius, min(rect.width, rect.height) / 2))
    guard r > 0 else {
      path.move(to: Point(x: rect.minX, y: rect.minY))
      path.line(to: Point(x: rect.maxX, y: rect.minY))
      path.line(to: Point(x: rect.maxX, y: rect.maxY))
      path.line(to: Point(x: rect.minX, y: rect.maxY))
      path.close()
      return
    }
    path.move(to: Point(x: rect.minX + r, y: rect.minY))
    path.line(to: Point(x: rect.maxX - r, y: rect.minY))
    addArc(to: &path, center: Point(x: rect.maxX - r, y: rect.minY + r), radiusX: r, radiusY: r, startDegrees: -90, sweepDegrees: 90, connect: true)
    path.line(to: Point(x: rect.maxX, y: rect.maxY - r))
    addArc(to: &path, center: Point(x: rect.maxX - r, y: rect.maxY - r), radiusX: r, radiusY: r, startDegrees: 0, sweepDegrees: 90, connect: true)
    path.line(to: Point(x: rect.minX + r, y: rect.maxY))
    addArc(to: &path, center: Point(x: rect.minX + r, y: rect.maxY - r), radiusX: r, radiusY: r, startDegrees: 90, sweepDegrees: 90, connect: true)
    path.line(to: Point(x: rect.minX, y: rect.minY + r))
    addArc(to: &path, center: Point(x: rect.minX + r, y: rect.minY + r), radiusX: r, radiusY: r, startDegrees: 180, sweepDegrees: 90, connect: true)
    path.close()
  }
}
