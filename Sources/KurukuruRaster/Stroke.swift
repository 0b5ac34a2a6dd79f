import CCairo
import KurukuruCore

// MARK: - Stroke style

/// Sets Cairo's line width, cap, join, miter limit and dash from a SwiftUI `StrokeStyle`.
///
/// Lengths are in the current user space (the drawing's local points), so the drawing's transform
/// scales them, as SwiftUI's `scaleEffect` does.
/// - Parameters:
///   - style: the stroke style.
///   - cr: the Cairo context.
func applyStrokeStyle(_ style: StrokeOptions, to cr: OpaquePointer) {
  cairo_set_line_width(cr, style.lineWidth)
  cairo_set_line_cap(cr, style.lineCap.cairoValue)
  cairo_set_line_join(cr, style.lineJoin.cairoValue)
  cairo_set_miter_limit(cr, style.miterLimit)
  if let dash = style.usableDash {
    dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), style.dashPhase) }
  } else {
    cairo_set_dash(cr, nil, 0, 0)
  }
}

extension StrokeOptions {
  /// The dash pattern handed to Cairo, or `nil` for a solid line.
  ///
  /// An empty pattern, one with a negative or non-finite length, or one whose lengths sum to 0
  /// (which Cairo rejects) strokes solid.
  var usableDash: [Double]? {
    guard !dash.isEmpty, dashPhase.isFinite, dash.allSatisfy({ $0.isFinite && $0 >= 0 }),
      dash.reduce(0, +) > 0
    else { return nil }
    return dash
  }

  /// How far the stroke can reach beyond the path, in local points: half the line width times
  /// the largest of 1, the miter limit (miter joins) and √2 (square caps).
  var reach: Double {
    var factor = 1.0
    if lineJoin == .miter { factor = max(factor, miterLimit) }
    if lineCap == .square { factor = max(factor, 2.0.squareRoot()) }
    return lineWidth / 2 * factor
  }

  /// Whether Cairo can stroke with it: a finite width > 0 and a finite miter limit.
  var isDrawable: Bool {
    lineWidth.isFinite && lineWidth > 0 && miterLimit.isFinite
  }
}

extension LineCap {
  /// The Cairo line cap.
  var cairoValue: cairo_line_cap_t {
    switch self {
    case .butt: return CAIRO_LINE_CAP_BUTT
    case .round: return CAIRO_LINE_CAP_ROUND
    case .square: return CAIRO_LINE_CAP_SQUARE
    }
  }
}

extension LineJoin {
  /// The Cairo line join.
  var cairoValue: cairo_line_join_t {
    switch self {
    case .miter: return CAIRO_LINE_JOIN_MITER
    case .round: return CAIRO_LINE_JOIN_ROUND
    case .bevel: return CAIRO_LINE_JOIN_BEVEL
    }
  }
}
