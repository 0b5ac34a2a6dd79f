import KurukuruCore

// MARK: - Shapes

extension Lottie {
  /// An item of a shape layer or group (`ty` in the file). Items are listed top first: the
  /// first is drawn last. Styles (fills, strokes) paint every path before them in their group
  /// and the groups inside it; modifiers (trims, repeaters, rounded corners) change them.
  public indirect enum Shape: Equatable, Sendable {
    /// `gr`: items with their own transform.
    case group(Group)
    /// `sh`: a Bézier path.
    case path(Path)
    /// `el`: an ellipse.
    case ellipse(Ellipse)
    /// `rc`: a rectangle, corners optionally rounded.
    case rectangle(Rectangle)
    /// `sr`: a star or a regular polygon.
    case star(Star)
    /// `fl`: a solid fill.
    case fill(Fill)
    /// `st`: a solid stroke.
    case stroke(Stroke)
    /// `gf`: a gradient fill.
    case gradientFill(GradientFill)
    /// `gs`: a gradient stroke.
    case gradientStroke(GradientStroke)
    /// `tm`: trim paths.
    case trim(Trim)
    /// `rp`: copies of what comes before.
    case repeater(Repeater)
    /// `rd`: rounded corners.
    case roundedCorners(RoundedCorners)
    /// Anything else (`mm` merge paths, `op` offset path, `zz`, `pb`, `tw`, …): its `ty` and
    /// name, kept so that what is not supported can be said.
    case other(type: String, name: String?)
  }

  /// `gr`.
  public struct Group: Equatable, Sendable {
    public var name: String?
    /// `hd`: not drawn.
    public var hidden: Bool
    public var items: [Shape]
    /// The group's `tr`, written as its last item.
    public var transform: Transform

    public init(name: String?, hidden: Bool = false, items: [Shape], transform: Transform = Transform()) {
      self.name = name
      self.hidden = hidden
      self.items = items
      self.transform = transform
    }
  }

  /// The direction a generated shape is built in (`d`): 1 clockwise (default), 3 reversed.
  public enum Direction: Int, Equatable, Sendable {
    case clockwise = 1
    case reversed = 3
  }

  /// `sh`.
  public struct Path: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var shape: Property<Bezier>

    public init(name: String? = nil, hidden: Bool = false, shape: Property<Bezier>) {
      self.name = name
      self.hidden = hidden
      self.shape = shape
    }
  }

  /// `el`: centred at `position`, `size` wide and high.
  public struct Ellipse: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var direction: Direction
    public var position: Property<[Double]>
    public var size: Property<[Double]>
  }

  /// `rc`: centred at `position`, `size` wide and high, corners of radius `roundness`.
  public struct Rectangle: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var direction: Direction
    public var position: Property<[Double]>
    public var size: Property<[Double]>
    public var roundness: Property<Double>
  }

  /// `sr`: a star (`sy` 1) or a polygon (`sy` 2) of `points` points about `position`, the first
  /// outer point at `rotation` degrees from 12 o'clock; roundness in percent.
  public struct Star: Equatable, Sendable {
    public enum Kind: Int, Equatable, Sendable {
      case star = 1
      case polygon = 2
    }
    public var name: String?
    public var hidden: Bool
    public var direction: Direction
    public var kind: Kind
    public var position: Property<[Double]>
    public var points: Property<Double>
    public var rotation: Property<Double>
    public var outerRadius: Property<Double>
    public var outerRoundness: Property<Double>
    /// Stars only.
    public var innerRadius: Property<Double>?
    public var innerRoundness: Property<Double>?
  }

  /// The fill rule (`r`): 1 non-zero winding, 2 even-odd.
  public enum FillRule: Int, Equatable, Sendable {
    case nonZero = 1
    case evenOdd = 2
  }

  /// `fl`: colour (r, g, b in 0…1) and opacity in percent.
  public struct Fill: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var color: Property<[Double]>
    public var opacity: Property<Double>
    public var rule: FillRule

    public init(name: String? = nil, hidden: Bool = false, color: Property<[Double]>, opacity: Property<Double>, rule: FillRule) {
      self.name = name
      self.hidden = hidden
      self.color = color
      self.opacity = opacity
      self.rule = rule
    }
  }

  /// How a stroke is drawn: width in points, caps, joins, miter limit and dashes.
  public struct StrokeStyle: Equatable, Sendable {
    public var width: Property<Double>
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dashes: [Dash]

    public init(width: Property<Double>, cap: LineCap, join: LineJoin, miterLimit: Double, dashes: [Dash] = []) {
      self.width = width
      self.cap = cap
      self.join = join
      self.miterLimit = miterLimit
      self.dashes = dashes
    }
  }

  /// One entry of a stroke's dash pattern (`d`): a dash, a gap, or the pattern's offset.
  public struct Dash: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
      case dash = "d"
      case gap = "g"
      case offset = "o"
    }
    public var kind: Kind
    public var name: String?
    public var value: Property<Double>

    public init(kind: Kind, name: String?, value: Property<Double>) {
      self.kind = kind
      self.name = name
      self.value = value
    }
  }

  /// `st`: a solid stroke.
  public struct Stroke: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var color: Property<[Double]>
    public var opacity: Property<Double>
    public var style: StrokeStyle

    public init(name: String? = nil, hidden: Bool = false, color: Property<[Double]>, opacity: Property<Double>, style: StrokeStyle) {
      self.name = name
      self.hidden = hidden
      self.color = color
      self.opacity = opacity
      self.style = style
    }
  }

  /// A gradient: `count` colour stops in `data` as offset, r, g, b each, then optional opacity
  /// stops as offset, alpha each (all 0…1); the line from `start` to `end` (linear), or the
  /// circle about `start` through `end` with its highlight (radial).
  public struct Gradient: Equatable, Sendable {
    public enum Kind: Int, Equatable, Sendable {
      case linear = 1
      case radial = 2
    }
    public var kind: Kind
    public var count: Int
    public var data: Property<[Double]>
    public var start: Property<[Double]>
    public var end: Property<[Double]>
    /// Radial: the focal point's distance from the centre in percent of the radius (`h`), and
    /// its angle in degrees (`a`).
    public var highlightLength: Property<Double>?
    public var highlightAngle: Property<Double>?

    public init(
      kind: Kind, count: Int, data: Property<[Double]>, start: Property<[Double]>, end: Property<[Double]>,
      highlightLength: Property<Double>? = nil, highlightAngle: Property<Double>? = nil
    ) {
      self.kind = kind
      self.count = count
      self.data = data
      self.start = start
      self.end = end
      self.highlightLength = highlightLength
      self.highlightAngle = highlightAngle
    }
  }

  /// `gf`.
  public struct GradientFill: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var opacity: Property<Double>
    public var gradient: Gradient
    public var rule: FillRule

    public init(name: String? = nil, hidden: Bool = false, opacity: Property<Double>, gradient: Gradient, rule: FillRule) {
      self.name = name
      self.hidden = hidden
      self.opacity = opacity
      self.gradient = gradient
      self.rule = rule
    }
  }

  /// `gs`.
  public struct GradientStroke: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var opacity: Property<Double>
    public var gradient: Gradient
    public var style: StrokeStyle

    public init(name: String? = nil, hidden: Bool = false, opacity: Property<Double>, gradient: Gradient, style: StrokeStyle) {
      self.name = name
      self.hidden = hidden
      self.opacity = opacity
      self.gradient = gradient
      self.style = style
    }
  }

  /// `tm`: the part of the paths from `start` to `end` percent of their length, shifted by
  /// `offset` degrees (360 = one length).
  public struct Trim: Equatable, Sendable {
    /// `m`. The file's numbers: 1 trims each path on its own (After Effects' "Simultaneously"),
    /// 2 trims all the paths as one sequence ("Individually") — the names suggest the opposite.
    public enum Mode: Int, Equatable, Sendable {
      case eachPath = 1
      case sequence = 2
    }
    public var name: String?
    public var hidden: Bool
    public var start: Property<Double>
    public var end: Property<Double>
    public var offset: Property<Double>
    public var mode: Mode

    public init(name: String? = nil, hidden: Bool = false, start: Property<Double>, end: Property<Double>, offset: Property<Double>, mode: Mode) {
      self.name = name
      self.hidden = hidden
      self.start = start
      self.end = end
      self.offset = offset
      self.mode = mode
    }
  }

  /// `rp`: `copies` copies (fractional and animated in files), each with `transform` applied
  /// once more, starting `offset` copies in; opacity from `startOpacity` to `endOpacity`
  /// percent across them.
  public struct Repeater: Equatable, Sendable {
    /// `m`: 1 each copy below the previous, 2 above.
    public enum Composite: Int, Equatable, Sendable {
      case below = 1
      case above = 2
    }
    public var name: String?
    public var hidden: Bool
    public var copies: Property<Double>
    public var offset: Property<Double>
    public var composite: Composite
    public var transform: Transform
    public var startOpacity: Property<Double>
    public var endOpacity: Property<Double>
  }

  /// `rd`: sharp corners rounded with `radius` points.
  public struct RoundedCorners: Equatable, Sendable {
    public var name: String?
    public var hidden: Bool
    public var radius: Property<Double>
  }
}

// MARK: - Transform

extension Lottie {
  /// A layer's `ks` or a group's `tr`: translate by −anchor, scale (percent), skew about the
  /// skew axis (degrees), rotate (degrees clockwise), translate by position. Opacity in percent
  /// applies to the composited content.
  public struct Transform: Equatable, Sendable {
    /// A position as one vector, or as separate x and y properties (`p.s: true`).
    public enum Position: Equatable, Sendable {
      case combined(Property<[Double]>)
      case split(x: Property<Double>, y: Property<Double>)
    }

    public var anchor: Property<[Double]>
    public var position: Position
    public var scale: Property<[Double]>
    public var rotation: Property<Double>
    public var opacity: Property<Double>
    public var skew: Property<Double>?
    public var skewAxis: Property<Double>?

    /// The identity, at the specification's defaults: anchor and position 0, scale 100 %,
    /// rotation 0°, opacity 100 %, no skew.
    public init(
      anchor: Property<[Double]> = .constant([0, 0]), position: Position = .combined(.constant([0, 0])),
      scale: Property<[Double]> = .constant([100, 100]), rotation: Property<Double> = .constant(0),
      opacity: Property<Double> = .constant(100), skew: Property<Double>? = nil, skewAxis: Property<Double>? = nil
    ) {
      self.anchor = anchor
      self.position = position
      self.scale = scale
      self.rotation = rotation
      self.opacity = opacity
      self.skew = skew
      self.skewAxis = skewAxis
    }
  }
}
