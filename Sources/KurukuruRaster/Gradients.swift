import CCairo
import Foundation
import KurukuruCore

// MARK: - Sources

/// Sets the context's source to a paint whose geometry is in the current user space (the
/// drawing's local points). The context's current path must already be set: angular gradients
/// size their mesh from its extents.
/// - Parameters:
///   - paint: colour or gradient.
///   - cr: the Cairo context.
///   - inkReach: how far ink reaches beyond the path, in local points (strokes).
/// - Throws: `RasterError.cairo` when a pattern cannot be built.
func setSource(_ paint: Paint, on cr: OpaquePointer, inkReach: Double) throws {
  switch paint {
  case .color(let c):
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
  case .linear(let g):
    let pattern = try CairoPattern(
      owning: cairo_pattern_create_linear(g.start.x, g.start.y, g.end.x, g.end.y), "creating a linear gradient")
    try addStops(g.stops, to: pattern, "linear gradient")
    cairo_set_source(cr, pattern.handle)
  case .radial(let g):
    let pattern = try CairoPattern(
      owning: cairo_pattern_create_radial(
        g.center.x, g.center.y, g.cairoStartRadius, g.center.x, g.center.y, g.cairoEndRadius),
      "creating a radial gradient")
    try addStops(g.stops, to: pattern, "radial gradient")
    cairo_set_source(cr, pattern.handle)
  case .angular(let g):
    let radius = meshRadius(around: g.center, on: cr, inkReach: inkReach)
    let pattern = try angularMesh(AngularSectors(g), center: g.center, radius: radius)
    cairo_set_source(cr, pattern.handle)
  }
}

/// Adds colour stops (straight RGBA, as Cairo expects) and sets the pad extend.
/// - Parameters:
///   - stops: the stops, in any order (sorted here).
///   - pattern: a linear or radial gradient pattern.
///   - kind: "linear gradient" or "radial gradient", for error messages.
/// - Throws: `RasterError.cairo` when Cairo rejects a stop.
private func addStops(_ stops: [GradientStop], to pattern: CairoPattern, _ kind: String) throws {
  for stop in stops.sortedByLocation {
    let c = stop.color
    cairo_pattern_add_color_stop_rgba(pattern.handle, stop.location, c.red, c.green, c.blue, c.alpha)
  }
  cairo_pattern_set_extend(pattern.handle, CAIRO_EXTEND_PAD)
  try pattern.check("adding stops to a \(kind)")
}

extension Array where Element == GradientStop {
  /// The stops in order of location (stable: equal locations keep their order, making hard stops).
  var sortedByLocation: [GradientStop] {
    if zip(self, dropFirst()).allSatisfy({ $0.location <= $1.location }) { return self }
    return enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
  }
}

extension RadialGradientPaint {
  /// Start radius handed to Cairo, in points (≥ 0).
  var cairoStartRadius: Double { max(0, startRadius) }
  /// End radius handed to Cairo, in points (≥ 0).
  var cairoEndRadius: Double { max(0, endRadius) }
}

// MARK: - Angular gradients

/// An angular gradient cut into thin wedges around its centre (Cairo has no conic gradient).
///
/// Angles are in degrees, 0° at 3 o'clock, increasing clockwise on screen (y down): angle θ
/// points at (cos θ, sin θ). The wedges cover one full turn from `startAngle` to
/// `startAngle + 360`: over the swept range the colour follows the stops; the rest of the turn is
/// split at its middle, the first half taking the colour at location 1, the second the colour at
/// location 0 (each direction takes the nearer end's colour). Wedge boundaries fall on every
/// stop, so hard stops stay hard, and no wedge is wider than `maximumWedge`.
struct AngularSectors: Equatable {
  /// Largest wedge, in degrees.
  static let maximumWedge = 4.0

  /// Wedge boundaries in degrees, increasing from `startAngle` to `startAngle + 360`.
  var angles: [Double] = []
  /// Straight colours at the start and end direction of each wedge (`angles.count - 1` wedges).
  var colors: [(start: RGBAColor, end: RGBAColor)] = []

  /// Cuts a gradient into wedges.
  /// - Parameter gradient: the gradient (stops sorted here; sweep clamped to 0…360 degrees).
  init(_ gradient: AngularGradientPaint) {
    let start = gradient.startAngle
    let sweep = gradient.clampedSweep
    let stops = gradient.stops.sortedByLocation
    let first = stops.first?.color ?? .clear
    let last = stops.last?.color ?? .clear

    var segments: [(from: Double, to: Double, start: RGBAColor, end: RGBAColor)] = []
    func add(_ from: Double, _ to: Double, _ c0: RGBAColor, _ c1: RGBAColor) {
      if to > from { segments.append((from, to, c0, c1)) }
    }
    if sweep > 0, let head = stops.first, let tail = stops.last {
      func angle(_ location: Double) -> Double { start + min(max(location, 0), 1) * sweep }
      add(start, angle(head.location), first, first)
      for (a, b) in zip(stops, stops.dropFirst()) {
        add(angle(a.location), angle(b.location), a.color, b.color)
      }
      add(angle(tail.location), start + sweep, last, last)
    }
    let gap = 360 - sweep
    if gap > 0 {
      let middle = start + sweep + gap / 2
      add(start + sweep, middle, last, last)
      add(middle, start + 360, first, first)
    }

    angles = [start]
    for segment in segments {
      let width = segment.to - segment.from
      let count = max(1, Int((width / AngularSectors.maximumWedge).rounded(.up)))
      for j in 1...count {
        let t0 = Double(j - 1) / Double(count)
        let t1 = Double(j) / Double(count)
        angles.append(j == count ? segment.to : segment.from + width * t1)
        colors.append((segment.start.lerp(segment.end, t0), segment.start.lerp(segment.end, t1)))
      }
    }
  }

  static func == (a: AngularSectors, b: AngularSectors) -> Bool {
    a.angles == b.angles && a.colors.elementsEqual(b.colors) { $0.start == $1.start && $0.end == $1.end }
  }
}

extension AngularGradientPaint {
  /// `endAngle - startAngle` clamped to 0…360 degrees (0 when not a number).
  var clampedSweep: Double {
    let sweep = endAngle - startAngle
    return sweep.isNaN ? 0 : min(max(sweep, 0), 360)
  }
}

extension RGBAColor {
  /// Straight-alpha linear interpolation: `self` at `t = 0`, `other` at `t = 1`.
  func lerp(_ other: RGBAColor, _ t: Double) -> RGBAColor {
    RGBAColor(
      red: red + (other.red - red) * t, green: green + (other.green - green) * t,
      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
  }
}

/// The radius, in local points, that the wedges must reach so that they cover the current
/// path's extents grown by `inkReach` and by 2 device pixels.
///
/// Each wedge's outer edge is a chord, so the radius is divided by cos(maximumWedge / 2).
/// - Parameters:
///   - center: the gradient centre, in local points.
///   - cr: the context, with the path set and the drawing's CTM.
///   - inkReach: how far ink reaches beyond the path, in local points.
/// - Returns: the wedge radius in local points.
func meshRadius(around center: Point, on cr: OpaquePointer, inkReach: Double) -> Double {
  var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
  cairo_path_extents(cr, &x0, &y0, &x1, &y1)
  var m = cairo_matrix_t()
  cairo_get_matrix(cr, &m)
  // Smallest singular value of the CTM: local points per device pixel in the worst direction.
  let sum = m.xx * m.xx + m.yx * m.yx + m.xy * m.xy + m.yy * m.yy
  let det = abs(m.xx * m.yy - m.yx * m.xy)
  let largest = ((sum + (max(0, sum * sum - 4 * det * det)).squareRoot()) / 2).squareRoot()
  let smallest = largest > 0 ? det / largest : 0
  let margin = inkReach + (smallest > 0 ? 2 / smallest : 0)
  let dx = max(abs(x0 - margin - center.x), abs(x1 + margin - center.x))
  let dy = max(abs(y0 - margin - center.y), abs(y1 + margin - center.y))
  let reach = (dx * dx + dy * dy).squareRoot()
  return reach / cos(AngularSectors.maximumWedge / 2 * Double.pi / 180)
}

/// Builds the mesh pattern of an angular gradient: one Coons patch per wedge, corners
/// centre → rim(start) → rim(end) → centre, coloured by the wedge's start colour on its first
/// edge and end colour on its last, so the colour is constant along rays and varies across them.
/// - Parameters:
///   - sectors: the wedges.
///   - center: the centre in local points.
///   - radius: the rim distance in local points.
/// - Returns: the mesh pattern.
/// - Throws: `RasterError.cairo` when Cairo rejects the pattern.
func angularMesh(_ sectors: AngularSectors, center: Point, radius: Double) throws -> CairoPattern {
  let pattern = try CairoPattern(owning: cairo_pattern_create_mesh(), "creating an angular gradient mesh")
  let p = pattern.handle
  let rim = sectors.angles.map { angle -> Point in
    let r = angle * Double.pi / 180
    return Point(x: center.x + radius * cos(r), y: center.y + radius * sin(r))
  }
  for (i, colors) in sectors.colors.enumerated() {
    // The last boundary is the first one a full turn later: reuse its point exactly (no seam).
    let a = rim[i]
    let b = i + 1 == rim.count - 1 ? rim[0] : rim[i + 1]
    cairo_mesh_pattern_begin_patch(p)
    cairo_mesh_pattern_move_to(p, center.x, center.y)
    cairo_mesh_pattern_line_to(p, a.x, a.y)
    cairo_mesh_pattern_line_to(p, b.x, b.y)
    cairo_mesh_pattern_line_to(p, center.x, center.y)
    let c0 = colors.start, c1 = colors.end
    cairo_mesh_pattern_set_corner_color_rgba(p, 0, c0.red, c0.green, c0.blue, c0.alpha)
    cairo_mesh_pattern_set_corner_color_rgba(p, 1, c0.red, c0.green, c0.blue, c0.alpha)
    cairo_mesh_pattern_set_corner_color_rgba(p, 2, c1.red, c1.green, c1.blue, c1.alpha)
    cairo_mesh_pattern_set_corner_color_rgba(p, 3, c1.red, c1.green, c1.blue, c1.alpha)
    cairo_mesh_pattern_end_patch(p)
  }
  try pattern.check("building an angular gradient mesh")
  return pattern
}
