// MARK: - ResolvedScene

/// A preset resolved against its parameter values: every expression evaluated, every
/// `ForEach` expanded, every animation parsed. Only time is left: `displayList(at:)` turns a
/// scene into a `DisplayList` for one instant.
public struct ResolvedScene: Equatable, Sendable {
  /// The preset's name (its file name without `.json` unless it says otherwise).
  public internal(set) var name: String
  /// The file the scene was read from, as the user named it, for messages; empty when it was
  /// made in code.
  public internal(set) var file: String

  /// Canvas size in points.
  public internal(set) var size: Size
  /// Canvas background; `RGBAColor.clear` = transparent.
  public internal(set) var background: RGBAColor
  /// The root view, centred in the canvas.
  public internal(set) var root: SceneView
  /// The loop: period and frame times.
  public internal(set) var timeline: Timeline
  /// The preset's explicit loop length in seconds (its `duration`), or nil when the loop is
  /// computed from the animations.
  public internal(set) var duration: Double?
  /// Warning lines about the preset as it was resolved (`FILE:LINE:COL: warning: …`), e.g. a
  /// repeat's `autoreverses:` that its `direction` contradicts.
  public internal(set) var warnings: [String] = []
  /// The most measurements one layout pass computes (`Limits.maxLayoutMeasurements` of the
  /// limits it was resolved with).
  public internal(set) var maxLayoutMeasurements: Int = Limits().maxLayoutMeasurements

  public init(
    name: String, size: Size, background: RGBAColor, root: SceneView, timeline: Timeline, duration: Double? = nil,
    file: String = ""
  ) {
    self.name = name
    self.file = file
    self.size = size
    self.background = background
    self.root = root
    self.timeline = timeline
    self.duration = duration
  }

  /// Views in the tree, containers and spacers included (`ForEach` already expanded): the
  /// view factor of `Limits.maxWork`.
  public var viewCount: Int { root.viewCount }

  /// The font files of its `Text` views (mask views included), sorted by path, each once.
  public var fontFiles: [FontFile] {
    var files = Set<FontFile>()
    func walk(_ v: SceneView) {
      for m in v.modifiers { if case .mask(let mv, _) = m { walk(mv) } }
      switch v.kind {
      case .text(let text): files.insert(text.font.file)
      case .zStack(_, let children), .hStack(_, _, let children), .vStack(_, _, let children): children.forEach(walk)
      case .shape, .spacer: break
      }
    }
    walk(root)
    return files.sorted()
  }

  /// The same scene sampled at another frame rate: the loop period is unchanged and the frame
  /// count follows from `fps`, exactly as if the preset had been resolved at that rate.
  /// - Parameters:
  ///   - fps: frames per second (> 0).
  ///   - limits: the bounds the new timeline is checked against. Default `Limits()`.
  /// - Throws: `PresetError` (named after the scene) when the new timeline exceeds `limits`.
  public func retimed(fps: Double, limits: Limits = Limits()) throws -> ResolvedScene {
    var scene = self
    scene.timeline = try Timeline(root: root, fps: fps, duration: duration, limits: limits, file: label)
    return scene
  }
}

// MARK: - Views

/// A view with its modifiers, applied in order (the first modifier is the innermost, as in
/// SwiftUI's `Circle().frame(…).offset(…)`).
public struct SceneView: Equatable, Sendable {
  public var kind: ViewKind
  public var modifiers: [Modifier]
  public init(kind: ViewKind, modifiers: [Modifier] = []) {
    self.kind = kind
    self.modifiers = modifiers
  }

  /// This view and every view inside it, the views of its modifiers (`mask`) included.
  public var viewCount: Int {
    let own = modifiers.reduce(0) { n, m in
      switch m {
      case .mask(let v, _), .overlay(let v, _), .background(let v, _): return n + v.viewCount
      default: return n
      }
    }
    switch kind {
    case .zStack(_, let children), .hStack(_, _, let children), .vStack(_, _, let children):
      return children.reduce(1 + own) { $0 + $1.viewCount }
    case .shape, .spacer, .text:
      return 1 + own
    }
  }
}

/// The closed set of views.
public indirect enum ViewKind: Equatable, Sendable {
  /// A shape with its shape modifiers (trim, then fill / stroke / strokeBorder).
  case shape(StyledShape)
  /// Children overlaid, aligned by `alignment`.
  case zStack(alignment: UnitAnchor, children: [SceneView])
  /// Children side by side, left to right, `spacing` points apart, aligned vertically.
  case hStack(alignment: UnitAnchor, spacing: Double, children: [SceneView])
  /// Children top to bottom, `spacing` points apart, aligned horizontally.
  case vStack(alignment: UnitAnchor, spacing: Double, children: [SceneView])
  /// SwiftUI's `Spacer(minLength:)`: draws nothing; in an `HStack` (`VStack`) it takes the
  /// width (height) it is offered but at least `minLength` points, and no height (width); outside
  /// a stack it takes what it is offered on both axes (at least `minLength`). Its ideal length
  /// (under `fixedSize`) is `minLength`. Default `minLength` 8 points.
  case spacer(minLength: Double)
  /// One line of text, as large as its typographic box whatever it is offered (`TextSpec`).
  case text(TextSpec)
}

/// A point in unit coordinates of a view's frame: (0, 0) top-left, (1, 1) bottom-right.
public struct UnitAnchor: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) { self.x = x; self.y = y }
  public static let center = UnitAnchor(x: 0.5, y: 0.5)
  /// SwiftUI's named unit points.
  public static let named: [String: UnitAnchor] = [
    "center": .center, "top": UnitAnchor(x: 0.5, y: 0), "bottom": UnitAnchor(x: 0.5, y: 1),
    "leading": UnitAnchor(x: 0, y: 0.5), "trailing": UnitAnchor(x: 1, y: 0.5),
    "topLeading": UnitAnchor(x: 0, y: 0), "topTrailing": UnitAnchor(x: 1, y: 0),
    "bottomLeading": UnitAnchor(x: 0, y: 1), "bottomTrailing": UnitAnchor(x: 1, y: 1),
    "zero": UnitAnchor(x: 0, y: 0),
  ]
}

// MARK: - Shapes

/// The closed set of shapes. Lengths in points, angles in degrees (0° = 3 o'clock, positive =
/// clockwise on screen). Every shape fills the rectangle it is offered.
public enum ShapeKind: Equatable, Sendable {
  /// Radius min(w, h)/2, centred; the path starts at 3 o'clock and runs clockwise.
  case circle
  /// Inscribed in the rectangle; starts at 3 o'clock, clockwise.
  case ellipse
  /// Starts at the top-left corner, clockwise.
  case rectangle
  /// Corner radius in points (clamped to half the shorter side); `continuous` is drawn circular.
  case roundedRectangle(cornerRadius: AnimatedValue)
  /// Fully rounded ends along the longer side.
  case capsule
  /// The seed's `Arc`: radius min(w, h)/2 about the centre from `startAngle` to `endAngle`,
  /// clockwise on screen when `clockwise` (default true).
  case arc(startAngle: AnimatedValue, endAngle: AnimatedValue, clockwise: Bool)
  /// A closed polygon through `points`, unit points of the rectangle ((0, 0) top-left,
  /// (1, 1) bottom-right; values outside 0…1 reach beyond it), in the order given: what SwiftUI
  /// draws with `Path { p in p.move(to:); p.addLine(to:); …; p.closeSubpath() }` scaled to
  /// the frame. The path starts at the first point. 3…1000 points.
  case polygon(points: [UnitAnchor])
}

/// A shape with its shape modifiers resolved.
public struct StyledShape: Equatable, Sendable {
  public var shape: ShapeKind
  /// Fractions of the path length (0…1) to keep; `nil` = the whole path.
  public var trim: (from: AnimatedValue, to: AnimatedValue)?
  /// How the shape is drawn; `nil` = filled with the foreground style.
  public var style: ShapeStyleSpec?

  public init(shape: ShapeKind, trim: (from: AnimatedValue, to: AnimatedValue)? = nil, style: ShapeStyleSpec? = nil) {
    self.shape = shape
    self.trim = trim
    self.style = style
  }

  public static func == (a: StyledShape, b: StyledShape) -> Bool {
    a.shape == b.shape && a.style == b.style && a.trim?.from == b.trim?.from && a.trim?.to == b.trim?.to
  }
}

/// Fill or stroke, with an optional paint (`nil` = the foreground style).
public enum ShapeStyleSpec: Equatable, Sendable {
  case fill(PaintSpec?, evenOdd: Bool)
  case stroke(PaintSpec?, StrokeSpec)
  /// A stroke inset by half its width, so it stays inside the frame.
  case strokeBorder(PaintSpec?, StrokeSpec)
}

/// `StrokeOptions` with animatable width, dash lengths and dash phase.
public struct StrokeSpec: Equatable, Sendable {
  /// Points. Default 1.
  public var lineWidth: AnimatedValue
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  public var miterLimit: Double
  /// Dash lengths in points, alternately on and off (an odd count repeats); empty = solid. Each
  /// may be animated (all with one animation); an instant at which they are all 0 draws solid.
  public var dash: [AnimatedValue]
  public var dashPhase: AnimatedValue

  public init(
    lineWidth: AnimatedValue = .constant(1), lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: Double = 10, dash: [AnimatedValue] = [], dashPhase: AnimatedValue = .constant(0)
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
  }
}

/// A paint before layout: gradient geometry in unit points of the shape's frame, as SwiftUI.
public enum PaintSpec: Equatable, Sendable {
  case color(AnimatedColor)
  case linear(stops: [GradientStopSpec], startPoint: UnitAnchor, endPoint: UnitAnchor)
  /// Radii in points.
  case radial(stops: [GradientStopSpec], center: UnitAnchor, startRadius: AnimatedValue, endRadius: AnimatedValue)
  /// Angles in degrees; `endAngle` `nil` means `startAngle + 360` (one full turn).
  case angular(stops: [GradientStopSpec], center: UnitAnchor, startAngle: AnimatedValue, endAngle: AnimatedValue?)
}

// MARK: - Modifiers

/// An axis of rotation in 3-D (x right, y down, z towards the viewer); not all zero.
public struct Axis3D: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var z: Double
  public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
}

/// An axis of rotation whose components may be animated (SwiftUI animates `rotation3DEffect`'s
/// axis componentwise, as its `animatableData` holds x, y and z); the turn normalises it at
/// each instant, and an instant where all three are 0 is no turn.
public struct AnimatedAxis: Equatable, Sendable {
  public var x: AnimatedValue
  public var y: AnimatedValue
  public var z: AnimatedValue
  public init(x: AnimatedValue, y: AnimatedValue, z: AnimatedValue) { self.x = x; self.y = y; self.z = z }
  /// A constant axis.
  public init(_ a: Axis3D) { self.init(x: .constant(a.x), y: .constant(a.y), z: .constant(a.z)) }

  /// The axis at `t` seconds (not normalised).
  public func value(at t: Double) -> Axis3D { Axis3D(x: x.value(at: t), y: y.value(at: t), z: z.value(at: t)) }

  /// The axis when no component is animated.
  public var constant: Axis3D? {
    guard case .constant(let a) = x, case .constant(let b) = y, case .constant(let c) = z else { return nil }
    return Axis3D(x: a, y: b, z: c)
  }
}

/// One turn of a `rotation3DEffect`: `degrees` about `axis`.
public struct Turn3D: Equatable, Sendable {
  public var degrees: AnimatedValue
  public var axis: AnimatedAxis
  public init(degrees: AnimatedValue, axis: AnimatedAxis) { self.degrees = degrees; self.axis = axis }
}

/// View modifiers (shape modifiers live in `StyledShape`).
public enum Modifier: Equatable, Sendable {
  /// Fixed width and/or height in points (`nil` keeps the offered size); the child is placed
  /// by `alignment` (default centre).
  case frame(width: AnimatedValue?, height: AnimatedValue?, alignment: UnitAnchor)
  /// Insets in points: top, leading, bottom, trailing.
  case padding(top: Double, leading: Double, bottom: Double, trailing: Double)
  /// Moves the drawing, not the frame, by points.
  case offset(x: AnimatedValue, y: AnimatedValue)
  /// Degrees, clockwise on screen, about `anchor` (default centre).
  case rotationEffect(degrees: AnimatedValue, anchor: UnitAnchor)
  /// SwiftUI's `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`: `degrees` about `axis`
  /// through `anchor` (unit point, default centre) at depth `anchorZ` (points towards the
  /// viewer, default 0), seen with `perspective` (default 1: the eye is max(width, height)
  /// points in front of the view, Core Animation's m34 = −perspective / max(w, h); 0 is
  /// orthographic). Lowered to a `Projection` (ARCHITECTURE.md §4). Several `turns` (in the
  /// order they apply to the view, first innermost) multiply into one 3-D rotation before the
  /// one perspective divide, as a CSS transform list or a Core Animation layer's `transform`.
  case rotation3DEffect(turns: [Turn3D], anchor: UnitAnchor, anchorZ: AnimatedValue, perspective: AnimatedValue)
  /// Factors about `anchor` (default centre).
  case scaleEffect(x: AnimatedValue, y: AnimatedValue, anchor: UnitAnchor)
  /// CSS Transforms 1 `skew(x, y)` about `anchor`: angles in degrees, `(p.x, p.y)` ↦
  /// `(p.x + tan(x)·p.y, tan(y)·p.x + p.y)` relative to the anchor (y down, so a positive `x`
  /// leans the top to the left, as in a browser).
  case skew(x: AnimatedValue, y: AnimatedValue, anchor: UnitAnchor)
  /// 0…1, applied to the view as one layer.
  case opacity(AnimatedValue)
  /// A shadow of the view's alpha: colour (animatable), blur radius and offset in points.
  case shadow(color: AnimatedColor, radius: AnimatedValue, x: AnimatedValue, y: AnimatedValue)
  /// CSS's outer `box-shadow` (a `shadow` with `spread`): cast by the view's frame at the
  /// modifier, a box with corners of `cornerRadius` points (capped at half the shorter side),
  /// not by its ink: the box outset by `spread` points (negative shrinks it), its radius grown
  /// by CSS's rule, offset by (`x`, `y`), blurred by `radius` (σ = radius / 2), drawn beneath
  /// the view and only outside the box (CSS Backgrounds 3 §7.1).
  case boxShadow(
    color: AnimatedColor, radius: AnimatedValue, x: AnimatedValue, y: AnimatedValue, spread: AnimatedValue,
    cornerRadius: AnimatedValue)
  /// Sets the foreground style for shapes inside that have no paint of their own.
  case foregroundStyle(PaintSpec)
  /// SwiftUI's `clipShape(_:style:)`: the content is drawn only inside `shape`, laid out in the
  /// view's frame at this modifier (origin at its top-left corner, the frame's size in points),
  /// filled with the non-zero rule, or even-odd when `evenOdd` (`FillStyle(eoFill: true)`).
  /// The clip does not move with `offset` or rotations applied before it (they move the
  /// content inside the frame), as in SwiftUI.
  case clipShape(ShapeKind, evenOdd: Bool)
  /// SwiftUI's `clipped()`: `clipShape(Rectangle())`, the view's frame at this modifier.
  case clipped
  /// SwiftUI's `cornerRadius(_:)`: `clipShape(RoundedRectangle(cornerRadius:))`, radius in
  /// points (clamped to half the shorter side).
  case cornerRadius(AnimatedValue)
  /// SwiftUI's `mask(alignment:_:)`: the content shows only where `view` has ink, through its
  /// alpha (0 hides, 1 shows, values between fade). `view` is offered the content's size at
  /// this modifier and placed in that frame by `alignment` (default centre); it inherits the
  /// foreground style.
  case mask(SceneView, alignment: UnitAnchor)
  /// SwiftUI's `overlay(alignment:content:)`: `view` is offered the content's size at this
  /// modifier, placed in that frame by `alignment` (default centre) and drawn over the content;
  /// the content keeps its size. `view` inherits the foreground style.
  case overlay(SceneView, alignment: UnitAnchor)
  /// SwiftUI's `background(alignment:content:)`: as `overlay`, drawn behind the content.
  case background(SceneView, alignment: UnitAnchor)
  /// SwiftUI's `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
  /// (`FlexibleFrame` has the rule).
  case flexibleFrame(FlexibleFrame)
  /// SwiftUI's `aspectRatio(_:contentMode:)`: the content is offered the largest (`fit`) or
  /// smallest (`fill`) size of width / height `ratio` within (around) the offer; `ratio` nil
  /// takes the content's ideal size's. The view takes the content's size.
  case aspectRatio(Double?, contentMode: AspectRatioMode)
  /// SwiftUI's `fixedSize(horizontal:vertical:)`: on the fixed axes the content is offered
  /// nothing (SwiftUI's nil proposal) and takes its ideal size; the view takes the content's size.
  case fixedSize(horizontal: Bool, vertical: Bool)
}

/// SwiftUI's `ContentMode` (`aspectRatio`'s fit or fill).
public enum AspectRatioMode: String, CaseIterable, Equatable, Sendable {
  case fit, fill
}

/// The bounds of a flexible frame, in points (`nil` = not given; a maximum may be `.infinity`),
/// and where it puts its content. Per axis, offered `p` (nil when the parent asks for the ideal
/// size): the content is offered `p` clamped to `min…max` (nil → `ideal`, nil if none); the frame
/// takes the content's size `c`, then `max(min, min(c, p))` when `min` is given and
/// `min(max, max(c, p))` when `max` is given (with `p` nil: `c` clamped to `min…max`), as
/// SwiftUI's `_FlexFrameLayout` does. `min ≤ ideal ≤ max` where given.
public struct FlexibleFrame: Equatable, Sendable {
  public var minWidth: Double?
  public var idealWidth: Double?
  public var maxWidth: Double?
  public var minHeight: Double?
  public var idealHeight: Double?
  public var maxHeight: Double?
  public var alignment: UnitAnchor

  public init(
    minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
    idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: UnitAnchor = .center
  ) {
    self.minWidth = minWidth
    self.idealWidth = idealWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.idealHeight = idealHeight
    self.maxHeight = maxHeight
    self.alignment = alignment
  }
}
