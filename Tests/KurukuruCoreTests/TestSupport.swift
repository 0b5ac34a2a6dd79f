import Foundation
import XCTest

@testable import KurukuruCore

/// The repository root (for the bundled presets).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

func presetPath(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("Presets/\(name).json").path
}

/// Parses preset text, expecting an error; returns its one-line description.
func presetError(_ text: String, file: String = "test.json", settings: [String: String] = [:]) -> String? {
  do {
    let preset = try Preset(text: text, file: file)
    _ = try preset.scene(settings: settings)
    return nil
  } catch {
    return String(describing: error)
  }
}

/// A minimal preset around one view object given as JSON text.
func presetText(view: String, extra: String = "") -> String {
  """
  {
    "width": 100,
    "height": 100,\(extra)
    "view": \(view)
  }
  """
}

/// The drawings of a display list, each with the product of the opacities of the layers around
/// it, in drawing order.
func flatDrawings(_ items: [DisplayItem], opacity: Double = 1) -> [(drawing: Drawing, opacity: Double)] {
  items.flatMap { item -> [(drawing: Drawing, opacity: Double)] in
    switch item {
    case .drawing(let d): return [(d, opacity)]
    case .layer(let l): return flatDrawings(l.items, opacity: opacity * l.opacity)
    case .projected(let g): return flatDrawings(g.items, opacity: opacity)
    case .clipped(let c): return flatDrawings(c.items, opacity: opacity)
    case .masked(let g): return flatDrawings(g.items, opacity: opacity)
    }
  }
}

/// A drawing's bounds on the canvas, from its end and control points under its transform.
func canvasBounds(_ d: Drawing) -> Rect {
  let points = d.path.elements.compactMap { e -> Point? in
    switch e {
    case .move(let p), .line(let p), .cubic(_, _, let p): return d.transform.apply(p)
    case .close: return nil
    }
  }
  let x0 = points.map(\.x).min() ?? 0, y0 = points.map(\.y).min() ?? 0
  return Rect(x: x0, y: y0, width: (points.map(\.x).max() ?? 0) - x0, height: (points.map(\.y).max() ?? 0) - y0)
}

/// The drawings of a display list in drawing order, through layers, projections, clips and
/// masked groups (a mask's own items are never drawn).
func drawingsInOrder(_ items: [DisplayItem]) -> [Drawing] {
  items.flatMap { item -> [Drawing] in
    switch item {
    case .drawing(let d): return [d]
    case .layer(let l): return drawingsInOrder(l.items)
    case .projected(let g): return drawingsInOrder(g.items)
    case .clipped(let c): return drawingsInOrder(c.items)
    case .masked(let g): return drawingsInOrder(g.items)
    }
  }
}
