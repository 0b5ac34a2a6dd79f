import CCairo
import CKurukuruRaster
import Foundation
import KurukuruCore

// MARK: - Sources

/// Sets the context's source to a drawing's paint (colour or gradient), whose geometry is in the
/// current user space (the drawing's local points). The drawing's path, and for a stroke its
/// style, must already be set on the context: an angular gradient is painted per device pixel
/// (`kk_conic_pattern`) over where the ink can land.
/// - Parameters:
///   - drawing: the drawing.
///   - cr: the Cairo context.
/// - Throws: `RasterError.cairo` when a pattern cannot be built.
func setSource(of drawing: Drawing, on cr: OpaquePointer) throws {
  switch drawing.paint {
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
    let sectors = AngularSectors(g)
    let segments = sectors.segments.map { s in
      kk_conic_segment(
        from: s.from, to: s.to, start_color: (s.start.red, s.start.green, s.start.blue, s.start.alpha),
        end_color: (s.end.red, s.end.green, s.end.blue, s.end.alpha))
    }
    let pattern = try CairoPattern(
      owning: kk_conic_pattern(
        cr, g.center.x, g.center.y, sectors.start, segments, segments.count, drawing.inkReach, drawing.isStroke ? 1 : 0),
      "painting an angular gradient")
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

/// An angular gradient as stretches of one turn, each a linear ramp between two colours.
///
/// Angles are in degrees, 0° at 3 o'clock, increasing clockwise on screen (y down): angle θ
/// points at (cos θ, sin θ). The segments cover one full turn from `startAngle` to
/// `startAngle + 360`: over the swept range the colour follows the stops; the rest of the turn is
/// split at its middle, the first half taking the colour at location 1, the second the colour at
/// location 0 (each direction takes the nearer end's colour). Segment boundaries fall on every
/// stop, so hard stops stay hard.
struct AngularSectors: Equatable {
  /// One stretch: from `from` to `to` degrees (absolute) the straight colour goes linearly from
  /// `start` to `end`.
  struct Segment: Equatable {
    var from: Double, to: Double
    var start: RGBAColor, end: RGBAColor
  }

  /// The turn's start, in degrees (the gradient's `startAngle`).
  var start: Double
  /// The segments in order, contiguous from `start` to `start + 360`; empty without stops.
  var segments: [Segment] = []

  /// Cuts a gradient into segments.
  /// - Parameter gradient: the gradient (stops sorted here; sweep clamped to 0…360 degrees).
  init(_ gradient: AngularGradientPaint) {
    let start = gradient.startAngle
    self.start = start
    let sweep = gradient.clampedSweep
    let stops = gradient.stops.sortedByLocation
    guard let head = stops.first, let tail = stops.last else { return }
    func add(_ from: Double, _ to: Double, _ c0: RGBAColor, _ c1: RGBAColor) {
      if to > from { segments.append(Segment(from: from, to: to, start: c0, end: c1)) }
    }
    if sweep > 0 {
      func angle(_ location: Double) -> Double { start + min(max(location, 0), 1) * sweep }
      add(start, angle(head.location), head.color, head.color)
      for (a, b) in zip(stops, stops.dropFirst()) {
        add(angle(a.location), angle(b.location), a.color, b.color)
      }
      add(angle(tail.location), start + sweep, tail.color, tail.color)
    }
    let gap = 360 - sweep
    if gap > 0 {
      let middle = start + sweep + gap / 2
      add(start + sweep, middle, tail.color, tail.color)
      add(middle, start + 360, head.color, head.color)
    }
  }
}

extension AngularGradientPaint {
  /// `endAngle - startAngle` clamped to 0…360 degrees (0 when not a number).
  var clampedSweep: Double {
    let sweep = endAngle - startAngle
    return sweep.isNaN ? 0 : min(max(sweep, 0), 360)
  }
}
