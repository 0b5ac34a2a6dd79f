import KurukuruCore

// MARK: - Animation

extension Lottie {
  /// A whole document: the main composition and its assets.
  public struct Animation: Equatable, Sendable {
    /// `v`: the version of the tool that wrote it, e.g. `5.7.0`.
    public var version: String
    /// `nm`.
    public var name: String?
    /// `fr`: frames per second.
    public var frameRate: Double
    /// `ip`, `op`: the frames shown, `inPoint` ≤ frame < `outPoint`.
    public var inPoint: Double
    public var outPoint: Double
    /// `w`, `h`: the composition's size in pixels (Kurukuru's points).
    public var width: Double
    public var height: Double
    /// `ddd`: whether any layer is 3-D.
    public var threeD: Bool
    /// `assets`: precompositions and images, by id.
    public var assets: [Asset]
    /// `layers`: top first.
    public var layers: [Layer]

    public init(
      version: String, name: String?, frameRate: Double, inPoint: Double, outPoint: Double, width: Double,
      height: Double, threeD: Bool = false, assets: [Asset] = [], layers: [Layer]
    ) {
      self.version = version
      self.name = name
      self.frameRate = frameRate
      self.inPoint = inPoint
      self.outPoint = outPoint
      self.width = width
      self.height = height
      self.threeD = threeD
      self.assets = assets
      self.layers = layers
    }
  }

  /// An entry of `assets`.
  public struct Asset: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
      /// A composition of its own, placed by precomposition layers.
      case precomposition(layers: [Layer], frameRate: Double?)
      /// An image of `width`×`height` pixels: a file (`u` + `p`) or embedded (`e: 1`, `p` a
      /// data URL).
      case image(width: Double, height: Double, directory: String, path: String, embedded: Bool)
    }
    /// `id`, which `refId` names.
    public var id: String
    public var name: String?
    public var content: Content
  }
}

// MARK: - Layers

extension Lottie {
  /// An entry of `layers`: what it shows, where and when.
  public struct Layer: Equatable, Sendable {
    /// What a layer shows (`ty`).
    public enum Content: Equatable, Sendable {
      /// 0: a precomposition `refId` seen through a `width`×`height` window, its time mapped
      /// by `timeRemap` (seconds, when given).
      case precomposition(refId: String, width: Double, height: Double, timeRemap: Property<Double>?)
      /// 1: a rectangle of colour (`sc`, `#RRGGBB`) of `width`×`height`.
      case solid(color: String, width: Double, height: Double)
      /// 2: the image asset `refId`.
      case image(refId: String)
      /// 3: nothing of its own: a parent for others.
      case null
      /// 4: shapes.
      case shape([Shape])
      /// 5: text.
      case text
      /// Any other `ty` (6 audio, 13 camera, …).
      case other(type: Int)
    }

    /// A track matte (`tt`): this layer is shown through its matte source's alpha or
    /// luminance, or their inverse.
    public enum MatteMode: Int, Equatable, Sendable {
      case alpha = 1
      case alphaInverted = 2
      case luma = 3
      case lumaInverted = 4
    }

    /// `ind`: what `parent` and `tp` refer to.
    public var index: Int?
    public var name: String?
    public var content: Content
    /// `parent`: the `ind` of the layer whose transform applies before this one's (not its
    /// opacity).
    public var parent: Int?
    /// `ks`.
    public var transform: Transform
    /// `ao`: turned along its position's path.
    public var autoOrient: Bool
    /// `ip`, `op`: the frames, of the containing composition, in which the layer is shown.
    public var inPoint: Double
    public var outPoint: Double
    /// `st`: the composition frame at which the layer's own time is 0.
    public var startTime: Double
    /// `sr`: time stretch; the layer's time is (t − st) / sr.
    public var timeStretch: Double
    /// `bm`: blend mode (0 normal; the numbers of the specification's blend modes).
    public var blendMode: Int
    /// `hd`: not drawn (still a parent and a matte source).
    public var hidden: Bool
    /// `ddd`: a 3-D layer.
    public var threeD: Bool
    /// `tt`: shown through a track matte.
    public var matteMode: MatteMode?
    /// `td`: the matte source of another layer, not drawn itself.
    public var isMatteSource: Bool
    /// `tp`: the `ind` of the matte source (default: the layer above).
    public var matteParent: Int?
    /// `masksProperties`.
    public var masks: [Mask]
    /// `ef`.
    public var effects: [Effect]
    /// `sy`: layer styles (drop shadow, stroke, … of After Effects), by their `ty`.
    public var styles: [Int]

    public init(
      index: Int?, name: String?, content: Content, parent: Int? = nil, transform: Transform = Transform(),
      autoOrient: Bool = false, inPoint: Double, outPoint: Double, startTime: Double = 0, timeStretch: Double = 1,
      blendMode: Int = 0, hidden: Bool = false, threeD: Bool = false, matteMode: MatteMode? = nil,
      isMatteSource: Bool = false, matteParent: Int? = nil, masks: [Mask] = [], effects: [Effect] = [],
      styles: [Int] = []
    ) {
      self.index = index
      self.name = name
      self.content = content
      self.parent = parent
      self.transform = transform
      self.autoOrient = autoOrient
      self.inPoint = inPoint
      self.outPoint = outPoint
      self.startTime = startTime
      self.timeStretch = timeStretch
      self.blendMode = blendMode
      self.hidden = hidden
      self.threeD = threeD
      self.matteMode = matteMode
      self.isMatteSource = isMatteSource
      self.matteParent = matteParent
      self.masks = masks
      self.effects = effects
      self.styles = styles
    }
  }

  /// An entry of `masksProperties`: a path in the layer's coordinates that limits what it shows.
  public struct Mask: Equatable, Sendable {
    /// `mode`: how the mask combines with those before it.
    public enum Mode: String, Equatable, Sendable {
      case none = "n"
      case add = "a"
      case subtract = "s"
      case intersect = "i"
      case lighten = "l"
      case darken = "d"
      case difference = "f"
    }
    public var name: String?
    public var mode: Mode
    /// `inv`: the outside of the path instead of the inside.
    public var inverted: Bool
    public var path: Property<Bezier>
    /// `o`, percent.
    public var opacity: Property<Double>
    /// `x` (points) and `f` (feather, points); not drawn by Kurukuru.
    public var expansion: Property<Double>?
    public var feather: Property<[Double]>?
  }

  /// An entry of `ef`: an effect (`ty`: 29 Gaussian blur, 25 drop shadow, 5 expression-control
  /// sliders and the like, …) with its values in order.
  public struct Effect: Equatable, Sendable {
    public var type: Int
    public var name: String?
    /// `en`: whether it applies.
    public var enabled: Bool
    /// `ef`: the effect's controls, each a number, a vector or a colour.
    public var values: [EffectValue]
  }

  /// One control of an effect.
  public struct EffectValue: Equatable, Sendable {
    public var type: Int
    public var name: String?
    /// The control's value as numbers (one for a slider, four for a colour, two for a point).
    public var value: Property<[Double]>
  }
}
