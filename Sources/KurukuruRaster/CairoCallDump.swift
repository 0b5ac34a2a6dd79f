import KurukuruCore

// MARK: - CairoCallDump

/// Writes a display list as the Cairo operations `Rasterizer` performs for it, one per line, so
/// that `scripts/bench.d/cairo-direct/cairo-direct.c` can replay the same calls from C.
///
/// Numbers are printed with full precision (shortest text that reads back to the same Double).
/// Rectangles `X Y W H` are in canvas pixels (whole numbers), as the renderer computed them.
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
/// blend MODE OPACITY [X Y W H]            a layer with a blend mode: save, clip to the
///                                         rectangle when given, push_group … (when OPACITY < 1:
///                                         DEST_IN paint of black at OPACITY), pop_group_to_source,
///                                         operator MODE, paint, restore
/// filter OPACITY MODE SIGMA X Y W H [R G B A SSIGMA OX OY]
///                                         offscreen layer on the rectangle: its pixels blurred
///                                         (all four channels, SIGMA px; 0: none), the shadow
///                                         (when given) cast by them, both composited with MODE
///                                         (for a MODE other than over: in a group, clipped but
///                                         for dest-in to the box of the rectangle and of it moved
///                                         by OX OY and grown by a pixel, painted with MODE)
/// clear                                   paint with CAIRO_OPERATOR_CLEAR (a dest-in layer with
///                                         nothing in it)
/// clip A B C D TX TY                      save; CTM as for `draw`; the clip path follows
/// clipped nonzero|evenodd                 clip to the path; the children follow
/// mask alpha|luminance INVERTED X Y W H   a mask group on the rectangle (INVERTED 0 or 1): the
///                                         children follow, drawn offscreen
/// maskitems                               then the mask's items, drawn on a second surface
/// projected polygons|warp M11 … M33       a projected group (`rotation3DEffect`): its
///                                         children's paths flattened and projected, or drawn
///                                         offscreen and warped (Projected.swift); the C replay
///                                         does not draw these (it stops at this line), and what
///                                         is written inside a warp is planned at the outer scale
/// end                                     closes the innermost group, shadow, blend, filter, clip
///                                         (restore), mask (coverage from the mask surface, then
///                                         cairo_mask_surface of the children) or projection
/// ```
/// MODE is Cairo's operator name in lower case: over, multiply, screen, overlay, darken,
/// lighten, color-dodge, color-burn, hard-light, soft-light, difference, exclusion, hsl-hue,
/// hsl-saturation, hsl-color, hsl-luminosity, add, dest-out, dest-in, xor.
/// Drawings and layers the renderer skips (empty paths, singular transforms, opacity 0, clips
/// and masks that let nothing through, layers whose pixels cannot reach their target) are left
/// out, and a layer at opacity 1 without a shadow, a blur or a blend mode contributes only its
/// children, as in rendering. A filtered layer or a mask group the renderer refuses as too large
/// (`RasterError.layerTooLarge`) is left out too (a shadowed one is written, as it always was).
package enum CairoCallDump {
  /// What `kurukuru debug dump-cairo --help` says it prints.
  package static let help = """
    Prints the Cairo operations of every frame of the loop (CairoCallDump, each frame starting
    with a 'frame' line) to standard output, for scripts/bench.d/cairo-direct.
    """

  /// The operations for one frame, starting with a `frame` line and ending with a newline.
  /// - Parameters:
  ///   - list: the display list.
  ///   - scale: pixels per point, as given to `Rasterizer(scale:)`.
  /// - Returns: the text; several frames' texts can be concatenated into one file.
  package static func text(of list: DisplayList, scale: Double) -> String {
    let (width, height) = Rasterizer(scale: scale).pixelSize(of: list)
    var writer = Writer(scale: scale, target: PixelRect(x: 0, y: 0, width: width, height: height))
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
    /// The rectangle (canvas pixels) of the surface being drawn on, as the renderer's
    /// `RenderTarget.rect`: the canvas, or an offscreen layer's or mask's surface.
    var target: PixelRect

    init(scale: Double, target: PixelRect) {
      self.scale = scale
      self.target = target
    }

    /// Writes `items` as drawn on a surface of rectangle `rect`.
    mutating func items(_ items: [DisplayItem], on rect: PixelRect) {
      let outer = target
      target = rect
      self.items(items)
      target = outer
    }

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
        case .clipped(let clip): self.clipped(clip)
        case .masked(let group): self.masked(group)
        }
      }
    }

    mutating func layer(_ layer: Layer) {
      switch layer.plan(scale: scale) {
      case .skip:
        return
      case .clear:
        line("clear")
      case .direct:
        items(layer.items)
      case .group(let opacity):
        line("group", number(opacity))
        items(layer.items)
        line("end")
      case .blended(let opacity, let mode):
        switch layer.blendRegion(on: target, scale: scale) {
        case .skip: return
        case .whole: line("blend", mode.dumpName, number(opacity))
        case .clip(let r): line(["blend", mode.dumpName, number(opacity)] + rect(r))
        }
        items(layer.items)
        line("end")
      case .shadowed(let opacity, let shadow):
        line(
          ["shadow", number(opacity)] + components(shadow.color)
            + [shadow.sigma, shadow.offsetX, shadow.offsetY].map(number))
        let bounds = try? ShadowLayerBounds(
          target: (target.x, target.y, target.width, target.height), shadow: shadow,
          kernelRadius: GaussianKernel.radius(sigma: shadow.sigma))
        items(layer.items, on: bounds.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? target)
        line("end")
      case .filtered(let opacity, let mode, let blur, let shadow):
        let offscreen = OffscreenLayer(opacity: opacity, mode: mode, blur: blur, shadow: shadow)
        let found: ShadowLayerBounds?
        do {
          found = try FilteredLayerBounds.bounds(of: layer.items, offscreen, target: target, scale: scale)
        } catch {
          return  // the renderer refuses it
        }
        guard let bounds = found else {
          if mode == .destinationIn { line("clear") }
          return
        }
        let r = PixelRect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
        var words = ["filter", number(opacity), mode.dumpName, number(blur)] + rect(r)
        if let shadow {
          words += components(shadow.color) + [shadow.sigma, shadow.offsetX, shadow.offsetY].map(number)
        }
        line(words)
        items(layer.items, on: r)
        line("end")
      }
    }

    mutating func clipped(_ clip: ClipGroup) {
      guard !clip.items.isEmpty, clip.shape.isDrawable(scale: scale) else { return }
      let t = clip.transform
      line(["clip"] + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number))
      path(clip.path)
      line("clipped", clip.evenOdd ? "evenodd" : "nonzero")
      items(clip.items)
      line("end")
    }

    mutating func masked(_ group: MaskGroup) {
      guard let r = try? group.region(on: target, scale: scale) else { return }
      line(["mask", group.source == .alpha ? "alpha" : "luminance", group.inverted ? "1" : "0"] + rect(r))
      items(group.items, on: r)
      line("maskitems")
      items(group.mask, on: r)
      line("end")
    }

    /// A rectangle's words: X Y W H.
    func rect(_ r: PixelRect) -> [String] { ["\(r.x)", "\(r.y)", "\(r.width)", "\(r.height)"] }

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
      path(drawing.path)
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

    mutating func path(_ path: BezierPath) {
      for element in path.elements {
        switch element {
        case .move(let p): line("M", number(p.x), number(p.y))
        case .line(let p): line("L", number(p.x), number(p.y))
        case .cubic(let c1, let c2, let p):
          line("C", number(c1.x), number(c1.y), number(c2.x), number(c2.y), number(p.x), number(p.y))
        case .close: line("Z")
        }
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
