import CCairo
import KurukuruCore

// MARK: - Drawings

extension Drawing {
  /// Whether the drawing can put ink on the canvas at `scale` pixels per point: a non-empty path
  /// with finite coordinates, a finite transform that does not flatten it (|determinant| · scale²
  /// above 1e-12 pixels² per point²) and, for strokes, a finite width > 0.
  ///
  /// Drawings that fail this are skipped: they would cover no area (a path with no commands,
  /// a `scaleEffect(0)`), and Cairo would reject a singular transform.
  /// - Parameter scale: pixels per point.
  /// - Returns: `true` when the drawing is rendered.
  func isDrawable(scale: Double) -> Bool {
    guard !path.isEmpty else { return false }
    let t = transform
    guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite,
      abs(t.determinant) * scale * scale > 1e-12, path.isFinite
    else { return false }
    if case .stroke(let stroke) = style, !stroke.isDrawable { return false }
    return true
  }

  /// How far ink can reach beyond the path, in local points (half the stroke's reach; 0 for fills).
  var inkReach: Double {
    switch style {
    case .fill: return 0
    case .stroke(let stroke): return stroke.reach
    }
  }

  /// Whether it is stroked rather than filled.
  var isStroke: Bool {
    if case .stroke = style { return true }
    return false
  }
}

/// Fills or strokes one drawing: CTM = the target's scale, then the drawing's transform.
/// - Parameters:
///   - drawing: the path, transform, style and paint.
///   - target: where to draw.
/// - Throws: `RasterError.cairo` when Cairo fails (patterns, drawing).
func draw(_ drawing: Drawing, on target: RenderTarget) throws {
  guard drawing.isDrawable(scale: target.scale) else { return }
  let cr = target.context.handle
  cairo_save(cr)
  var base = target.pointMatrix
  cairo_set_matrix(cr, &base)
  var local = cairo_matrix_t(drawing.transform)
  cairo_transform(cr, &local)
  setPath(drawing.path, on: cr)
  // The style first: an angular gradient is painted where this stroke's ink can land.
  switch drawing.style {
  case .fill(let evenOdd):
    cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  case .stroke(let stroke):
    applyStrokeStyle(stroke, to: cr)
  }
  do {
    try setSource(of: drawing, on: cr)
  } catch {
    cairo_restore(cr)
    throw error
  }
  switch drawing.style {
  case .fill: cairo_fill(cr)
  case .stroke: cairo_stroke(cr)
  }
  cairo_restore(cr)
  try target.context.check("drawing a path")
}
