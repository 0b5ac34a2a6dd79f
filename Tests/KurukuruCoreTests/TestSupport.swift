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

/// The drawings of a display list in drawing order, through layers, projections, clips and
/// masked groups (a mask's own items are never drawn).
func flatDrawings(_ items: [DisplayItem]) -> [Drawing] {
  items.flatMap { item -> [Drawing] in
    switch item {
    case .drawing(let d): return [d]
    case .layer(let l): return flatDrawings(l.items)
    case .projected(let g): return flatDrawings(g.items)
    case .clipped(let c): return flatDrawings(c.items)
    case .masked(let g): return flatDrawings(g.items)
    }
  }
}
