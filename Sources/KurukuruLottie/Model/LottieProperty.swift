import KurukuruCore

// MARK: - Lottie

/// The Lottie document model (Lottie Animation Community's Lottie 1.0 specification): what the
/// exporter writes and the importer reads, as small value types. Times are in frames of the
/// composition (`Animation.frameRate` per second), positions and sizes in the composition's
/// pixels (Kurukuru's points), angles in degrees clockwise, scales and opacities in percent,
/// colour channels in 0…1.
public enum Lottie {}

// MARK: - Property

extension Lottie {
  /// A property that may be animated: a constant, or keyframes in order of time.
  public enum Property<Value: Equatable & Sendable>: Equatable, Sendable {
    case constant(Value)
    case animated([Keyframe<Value>])

    /// Whether the property has keyframes.
    public var isAnimated: Bool {
      if case .animated = self { return true }
      return false
    }
  }

  /// One keyframe of a property, as a player reads it: from `time` (frames) the value goes from
  /// `value` to the next keyframe's, eased by the cubic Bézier (0, 0), `easeOut`, `easeIn`,
  /// (1, 1) — x the fraction of the time between the keyframes, y the fraction of the change —
  /// or stays at `value` when `hold`. Before the first keyframe the first value holds, after
  /// the last the last value.
  public struct Keyframe<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Time in frames; may lie before the composition's `inPoint` or after its `outPoint`.
    public var time: Double
    public var value: Value
    /// Keep `value` until the next keyframe (`h: 1`).
    public var hold: Bool
    /// The control point leaving this keyframe (`o`), one coordinate per dimension; nil on
    /// the last keyframe and on holds.
    public var easeOut: Easing?
    /// The control point arriving at the next keyframe (`i`).
    public var easeIn: Easing?
    /// For a position: the curve's tangents in points, `to` relative to this keyframe's value
    /// and `ti` relative to the next keyframe's (a spatial Bézier path through the values).
    public var spatialOut: [Double]?
    public var spatialIn: [Double]?

    public init(
      time: Double, value: Value, hold: Bool = false, easeOut: Easing? = nil, easeIn: Easing? = nil,
      spatialOut: [Double]? = nil, spatialIn: [Double]? = nil
    ) {
      self.time = time
      self.value = value
      self.hold = hold
      self.easeOut = easeOut
      self.easeIn = easeIn
      self.spatialOut = spatialOut
      self.spatialIn = spatialIn
    }
  }

  /// A keyframe's easing control point, one x and one y per dimension of the value (a player
  /// that reads only one uses the first).
  public struct Easing: Equatable, Sendable {
    public var x: [Double]
    public var y: [Double]

    public init(x: [Double], y: [Double]) {
      self.x = x
      self.y = y
    }

    /// The same point for every one of `dimensions` dimensions.
    public init(_ point: Point, dimensions: Int = 1) {
      x = Array(repeating: point.x, count: dimensions)
      y = Array(repeating: point.y, count: dimensions)
    }

    /// The control point of dimension `d` (the first where the arrays are shorter, as
    /// lottie-web reads them).
    public func point(dimension d: Int) -> Point {
      Point(x: d < x.count ? x[d] : x.first ?? 0, y: d < y.count ? y[d] : y.first ?? 0)
    }
  }

  /// A Bézier path as Lottie stores it: vertices with in and out tangents relative to them.
  public struct Bezier: Equatable, Sendable {
    /// Whether the last vertex joins the first.
    public var closed: Bool
    /// Vertices, in points.
    public var vertices: [Point]
    /// Per vertex, the tangent arriving at it (relative to the vertex).
    public var inTangents: [Point]
    /// Per vertex, the tangent leaving it (relative to the vertex).
    public var outTangents: [Point]

    public init(closed: Bool, vertices: [Point], inTangents: [Point], outTangents: [Point]) {
      self.closed = closed
      self.vertices = vertices
      self.inTangents = inTangents
      self.outTangents = outTangents
    }
  }
}
