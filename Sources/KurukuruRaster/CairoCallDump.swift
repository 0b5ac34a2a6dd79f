import KurukuruCore

// MARK: - CairoCallDump

/// Writes a display list as the Cairo operations `Rasterizer` performs for it, one per line, so
/// that `scripts/bench.d/cairo-direct/cairo-direct.c` can replay the same calls from C.
///
/// Numbers are printed with full precision (shortest text that reads back to the same Double).
/// Lines, in drawing order:
/// ```
/// frame                                   start of a frame
/// canvas W H SCALE                        surface of W×H pixels; SCALE pixels per point
/// background R G B A                      paint the canvas (only when A > 0)
/// draw A B C D TX TY                      save; CTM = target's point matrix × this transform
/// M X Y | L X Y | C X1 Y1 X2 Y2 X Y | Z   the path, in local points
/// color R G B A                           solid source (straight RGBA, 0…1)
/// linear X0 Y0 X1 Y1 N                    linear gradient, pad extend, then N stop lines
/// radial CX CY R0 R1 N                    radial gradient at one centre, pad, then N stops
/// angular CX CY START SWEEP N             angular gradient (degrees; sweep in 0…360; painted by
///                                         `kk_conic_pattern`), then N stops
/// stop LOCATION R G B A                   a colour stop, sorted by location
/// fill nonzero|evenodd                    fill with the source, then restore
/// stroke WIDTH CAP JOIN MITER PHASE K D1…DK  stroke (caps butt|round|square, joins
///                                         miter|round|bevel; K = 0: solid), then restore
/// group OPACITY                           push_group … pop_group_to_source, paint_with_alpha
/// shadow OPACITY R G B A SIGMA OX OY      offscreen layer with a shadow (sigma and offset in px)
/// projected polygons|warp M11 … M33       a projected group (`rotation3DEffect`): its
///                                         children's paths flattened and projected, or drawn
///                                         offscreen and warped (Projected.swift); the C replay
///                                         does not draw these
/// end                                     closes the innermost group, shadow or projection
/// ```
/// Drawings and layers the renderer skips (empty paths, singular transforms, opacity 0) are left
/// out, and a layer at opacity 1 without a shadow contributes only its children, as in rendering.
package enum CairoCallDump {
  /// The operations for one frame, starting with a `frame` line and ending with a newline.
  /// - Parameters:
  ///   - list: the display list.
  ///   - scale: pixels per point, as given to `Rasterizer(scale:)`.
  /// - Returns: the text; several frames' texts can be concatenated into one file.
  package static func text(of list: DisplayList, scale: Double) -> String {
    var writer = Writer(scale: scale)
    let (width, height) = Rasterizer(scale: scale).pixelSize(of: list)
    writer.line("frame")
    writer.line("canvas", "\(width)", "\(height)", number(scale))
    if list.background.alpha > 0 { writer.line(["background"] + components(list.background)) }
    writer.items(list.items)
    return writer.text
  }

  /// A Double with full precision.
  static func number(_ value: Double) -> String { "\(value)" }

  /// The four components of a straight colour.
  static func components(_ c: RGBAColor) -> [String] { [c.red, c.green, c.blue, c.alpha].map(number) }

  // MARK: - Writer

  private struct Writer {
    let scale: Double
    var text = ""

    init(scale: Double) { self.scale = scale }

    mutating func line(_ words: String...) { line(words) }

    mutating func line(_ words: [String]) {
      text += words.joined(separator: " ")
      text += "\n"
    }

    mutating func items(_ items: [DisplayItem]) {
      for item in items {
        switch item {
        case .drawing(let drawing): self.drawing(drawing)
        case .layer(let layer): self.layer(layer)
        case .projected(let group): self.projected(group)
        }
      }
    }

    mutating func layer(_ layer: Layer) {
      switch layer.plan(scale: scale) {
      case .skip:
        return
      case .direct:
        items(layer.items)
      case .group(let opacity):
        line("group", number(opacity))
        items(layer.items)
        line("end")
      case .shadowed(let opacity, let shadow):
        line(
          ["shadow", number(opacity)] + components(shadow.color)
            + [shadow.sigma, shadow.offsetX, shadow.offsetY].map(number))
        items(layer.items)
        line("end")
      }
    }

    mutating func projected(_ group: ProjectedGroup) {
      let kind: String
      switch group.plan(scale: scale) {
      case .skip: return
      case .polygons: kind = "polygons"
      case .warp: kind = "warp"
      }
      let m = group.projection
      line(["projected", kind] + [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33].map(number))
      items(group.items)
      line("end")
    }

    mutating func drawing(_ drawing: Drawing) {
      guard drawing.isDrawable(scale: scale) else { return }
      let t = drawing.transform
      line(["draw"] + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number))
      for element in drawing.path.elements {
        switch element {
        case .move(let p): line("M", number(p.x), number(p.y))
        case .line(let p): line("L", number(p.x), number(p.y))
        case .cubic(let c1, let c2, let p):
          line("C", number(c1.x), number(c1.y), number(c2.x), number(c2.y), number(p.x), number(p.y))
        case .close: line("Z")
        }
      }
      paint(drawing.paint)
      switch drawing.style {
      case .fill(let evenOdd):
        line("fill", evenOdd ? "evenodd" : "nonzero")
      case .stroke(let s):
        let dash = s.usableDash ?? []
        line(
          ["stroke", number(s.lineWidth), s.lineCap.rawValue, s.lineJoin.rawValue, number(s.miterLimit),
           number(dash.isEmpty ? 0 : s.dashPhase), "\(dash.count)"] + dash.map(number))
      }
    }

    mutating func paint(_ paint: Paint) {
      switch paint {
      case .color(let c):
        line(["color"] + components(c))
      case .linear(let g):
        let stops = g.stops.sortedByLocation
        line("linear", number(g.start.x), number(g.start.y), number(g.end.x), number(g.end.y), "\(stops.count)")
        self.stops(stops)
      case .radial(let g):
        let stops = g.stops.sortedByLocation
        line(
          "radial", number(g.center.x), number(g.center.y), number(g.cairoStartRadius), number(g.cairoEndRadius),
          "\(stops.count)")
        self.stops(stops)
      case .angular(let g):
        let stops = g.stops.sortedByLocation
        line(
          "angular", number(g.center.x), number(g.center.y), number(g.startAngle), number(g.clampedSweep),
          "\(stops.count)")
        self.stops(stops)
      }
    }

    mutating func stops(_ stops: [GradientStop]) {
      for stop in stops { line(["stop", number(stop.location)] + components(stop.color)) }
    }
  }
}
