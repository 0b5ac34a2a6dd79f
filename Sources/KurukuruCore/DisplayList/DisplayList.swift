// MARK: - DisplayList

/// What to draw for one instant: the output of `displayList(at:)` and the only input of the
/// rasterizer (ARCHITECTURE.md §2), in the spirit of usvg's resolved tree.
///
/// Invariants (the evaluator guarantees them; the rasterizer relies on them and cannot fail):
/// - Units are points, y down; the rasterizer multiplies by its scale to get pixels.
/// - Every `Drawing` carries its absolute transform (local points → canvas points) and a path
///   already lowered to move/line/cubic/close and already trimmed; no shape kinds remain.
/// - Paints are concrete: colours resolved, gradient geometry in the drawing's local points,
///   stops sorted by location in 0…1, at least one stop.
/// - Stroke widths are > 0; opacities are in 0…1; no defaults are left implicit.
/// - Items are drawn in order, later on top.
/// - Inside a `ProjectedGroup`, "canvas points" means the group's plane: its projection (never
///   affine) maps them to the canvas.
public struct DisplayList: Equatable, Sendable {
  /// Canvas size in points.
  public internal(set) var size: Size
  /// Canvas background; `RGBAColor.clear` for a transparent canvas.
  public internal(set) var background: RGBAColor
  /// Items, back to front.
  public internal(set) var items: [DisplayItem]

  public init(size: Size, background: RGBAColor, items: [DisplayItem]) {
    self.size = size
    self.background = background
    self.items = items
  }
}

/// One entry of a display list.
public indirect enum DisplayItem: Equatable, Sendable {
  /// A filled or stroked path.
  case drawing(Drawing)
  /// A group composited as one layer (group opacity, shadow).
  case layer(Layer)
  /// A group seen through a projective transform (`rotation3DEffect`).
  case projected(ProjectedGroup)
  /// A group drawn only inside a path (a clip shape, a precomposition's bounds).
  case clipped(ClipGroup)
  /// A group shown through the coverage of other items (a mask, a track matte).
  case masked(MaskGroup)
}

// MARK: - Drawing

/// A path filled or stroked with a paint.
public struct Drawing: Equatable, Sendable {
  /// The path in local points (already trimmed).
  public var path: BezierPath
  /// Local points → canvas points.
  public var transform: Transform
  /// Fill or stroke.
  public var style: DrawStyle
  /// The paint, with its geometry in the same local points as `path`.
  public var paint: Paint

  public init(path: BezierPath, transform: Transform, style: DrawStyle, paint: Paint) {
    self.path = path
    self.transform = transform
    self.style = style
    self.paint = paint
  }
}

/// How a path is turned into coverage.
public enum DrawStyle: Equatable, Sendable {
  /// Fill the inside, non-zero winding (SwiftUI's default `FillStyle`).
  case fill(evenOdd: Bool)
  /// Stroke the outline; the line straddles the path.
  case stroke(StrokeOptions)
}

/// SwiftUI's `StrokeStyle`. Widths and dashes are in the drawing's local points.
public struct StrokeOptions: Equatable, Hashable, Sendable {
  /// Line width in points (> 0). Default 1.
  public var lineWidth: Double
  /// Default `.butt`.
  public var lineCap: LineCap
  /// Default `.miter`.
  public var lineJoin: LineJoin
  /// Miter limit as a ratio to the line width. Default 10.
  public var miterLimit: Double
  /// Dash lengths in points, alternating on/off; empty = solid. Default empty.
  public var dash: [Double]
  /// Offset into the dash pattern, in points. Default 0.
  public var dashPhase: Double

  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
  }
}

/// End caps of open subpaths.
public enum LineCap: String, Equatable, Hashable, Sendable, CaseIterable {
  case butt, round, square
}

/// Corners where segments meet.
public enum LineJoin: String, Equatable, Hashable, Sendable, CaseIterable {
  case miter, round, bevel
}

// MARK: - Paint

/// A concrete paint (tiny-skia's `Shader`): geometry in the drawing's local points.
public enum Paint: Equatable, Sendable {
  case color(RGBAColor)
  case linear(LinearGradientPaint)
  case radial(RadialGradientPaint)
  case angular(AngularGradientPaint)
}

/// A colour stop: `location` in 0…1.
public struct GradientStop: Equatable, Hashable, Sendable {
  public var location: Double
  public var color: RGBAColor
  public init(location: Double, color: RGBAColor) { self.location = location; self.color = color }
}

/// Colours along the line from `start` to `end` (points); padded beyond both ends.
public struct LinearGradientPaint: Equatable, Sendable {
  public var stops: [GradientStop]
  public var start: Point
  public var end: Point
  public init(stops: [GradientStop], start: Point, end: Point) {
    self.stops = stops; self.start = start; self.end = end
  }
}

/// Colours by distance from `center`: location 0 at `startRadius`, 1 at `endRadius` (points).
public struct RadialGradientPaint: Equatable, Sendable {
  public var stops: [GradientStop]
  public var center: Point
  public var startRadius: Double
  public var endRadius: Double
  public init(stops: [GradientStop], center: Point, startRadius: Double, endRadius: Double) {
    self.stops = stops; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
  }
}

/// Colours by angle around `center` (SwiftUI's `AngularGradient`).
///
/// Location 0 lies at `startAngle`, location 1 at `endAngle` (degrees, 0° = 3 o'clock,
/// positive = clockwise on screen); `endAngle > startAngle` and `endAngle - startAngle ≤ 360`.
/// Directions outside the swept range take the colour of the nearer end, as in SwiftUI.
public struct AngularGradientPaint: Equatable, Sendable {
  public var stops: [GradientStop]
  public var center: Point
  public var startAngle: Double
  public var endAngle: Double
  public init(stops: [GradientStop], center: Point, startAngle: Double, endAngle: Double) {
    self.stops = stops; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
  }
}

// MARK: - Projected group

/// Children drawn through a projection that is not affine (`rotation3DEffect` with a tilt out of
/// the screen's plane). Affine projections never make a group: the evaluator folds them into the
/// children's transforms, so a turn of 0° draws exactly what no modifier draws.
///
/// The children's transforms map their local points onto the group's plane (canvas points before
/// the projection); `projection` maps that plane to canvas points. Nested projections are
/// composed into one, as SwiftUI concatenates `ProjectionTransform`s: there is no depth sorting
/// and no back-face culling (a face turned past 90° shows mirrored).
public struct ProjectedGroup: Equatable, Sendable {
  /// The group's plane → canvas points; never affine.
  public var projection: Projection
  /// Children, back to front, in the group's plane.
  public var items: [DisplayItem]

  public init(projection: Projection, items: [DisplayItem]) {
    self.projection = projection
    self.items = items
  }
}

// MARK: - Layer

/// Children composited into one layer, then blurred, drawn with `opacity` and an optional
/// shadow, and composited onto what is beneath with `blendMode`.
///
/// Group opacity: a layer at 0.5 whose children overlap shows the overlap once at 0.5, not twice.
public struct Layer: Equatable, Sendable {
  /// Opacity of the whole layer, 0…1. Default 1.
  public var opacity: Double
  /// A shadow or glow cast by the layer's alpha, drawn beneath it; `nil` for none.
  public var shadow: Shadow?
  /// Children, back to front, with absolute transforms.
  public var items: [DisplayItem]
  /// How the layer is composited onto what is beneath it. Default `.normal` (source over).
  public var blendMode: LayerBlendMode
  /// A Gaussian blur of the layer itself, as a blur radius in canvas points (σ = radius / 2,
  /// as for `Shadow`); 0 for none. Default 0.
  public var blur: Double

  public init(
    opacity: Double = 1, shadow: Shadow? = nil, items: [DisplayItem], blendMode: LayerBlendMode = .normal,
    blur: Double = 0
  ) {
    self.opacity = opacity
    self.shadow = shadow
    self.items = items
    self.blendMode = blendMode
    self.blur = blur
  }
}

/// How a layer is composited onto what is beneath it: the separable and non-separable blend
/// modes of CSS Compositing and Blending Level 1 (After Effects' and Lottie's `bm`, SwiftUI's
/// `blendMode`), `add` (plus-lighter), and three Porter–Duff operators that build coverage in
/// masks: `destinationOut` keeps what is beneath only outside the layer (subtract),
/// `destinationIn` only inside it (intersect), `xor` where exactly one of them is (difference).
public enum LayerBlendMode: Equatable, Sendable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
  case difference, exclusion, hue, saturation, color, luminosity, add
  case destinationOut, destinationIn, xor
}

// MARK: - Clip and mask groups

/// Children drawn only inside a path: `path` in local points, mapped to canvas points by
/// `transform`, filled with the non-zero rule (even-odd when `evenOdd`). Anti-aliased edges.
public struct ClipGroup: Equatable, Sendable {
  public var path: BezierPath
  public var transform: Transform
  public var evenOdd: Bool
  /// Children, back to front, in canvas points.
  public var items: [DisplayItem]

  public init(path: BezierPath, transform: Transform, evenOdd: Bool = false, items: [DisplayItem]) {
    self.path = path
    self.transform = transform
    self.evenOdd = evenOdd
    self.items = items
  }
}

/// Children shown through the coverage of `mask`: the mask items are composited on a clear
/// surface of their own, and each pixel of the children keeps the mask's coverage there — its
/// alpha, or its luminance (0.2126 R + 0.7152 G + 0.0722 B of the straight colour, times alpha,
/// as CSS `mask-type: luminance` and Lottie's luma mattes), or one minus that when `inverted`.
public struct MaskGroup: Equatable, Sendable {
  /// What of the mask counts as coverage.
  public enum Source: Equatable, Sendable {
    case alpha, luminance
  }
  public var source: Source
  public var inverted: Bool
  /// The mask's items, back to front, in canvas points; never drawn themselves.
  public var mask: [DisplayItem]
  /// Children, back to front, in canvas points.
  public var items: [DisplayItem]

  public init(source: Source, inverted: Bool = false, mask: [DisplayItem], items: [DisplayItem]) {
    self.source = source
    self.inverted = inverted
    self.mask = mask
    self.items = items
  }
}

/// A shadow in canvas points (already mapped through the enclosing transforms).
///
/// The layer's alpha is blurred with a Gaussian of standard deviation `radius / 2` points
/// (SwiftUI's and Core Animation's `radius` is a blur radius, about two sigmas), tinted with
/// `color` and drawn offset by `offset`, beneath the layer.
public struct Shadow: Equatable, Sendable {
  public var color: RGBAColor
  /// Blur radius in canvas points (≥ 0).
  public var radius: Double
  /// Offset in canvas points.
  public var offset: Point
  public init(color: RGBAColor, radius: Double, offset: Point) {
    self.color = color; self.radius = radius; self.offset = offset
  }
}
