import CCairo
import KurukuruCore

// MARK: - Paths

/// Replaces the context's current path with `path` (coordinates in the current user space).
/// - Parameters:
///   - path: move/line/cubic/close commands in local points.
///   - cr: the Cairo context.
func setPath(_ path: BezierPath, on cr: OpaquePointer) {
  cairo_new_path(cr)
  for element in path.elements {
    switch element {
    case .move(let p):
      cairo_move_to(cr, p.x, p.y)
    case .line(let p):
      cairo_line_to(cr, p.x, p.y)
    case .cubic(let c1, let c2, let p):
      cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
    case .close:
      cairo_close_path(cr)
    }
  }
}

extension BezierPath {
  /// Whether every coordinate is a finite number.
  var isFinite: Bool {
    func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
    for element in elements {
      switch element {
      case .move(let p), .line(let p):
        if !ok(p) { return false }
      case .cubic(let c1, let c2, let p):
        if !ok(c1) || !ok(c2) || !ok(p) { return false }
      case .close:
        break
      }
    }
    return true
  }
}
