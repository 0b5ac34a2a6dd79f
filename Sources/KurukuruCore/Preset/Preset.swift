import Foundation

// MARK: - Preset

/// A preset file (the format is documented in Presets/README.md), parsed and checked, with its parameters still open.
///
/// `scene(settings:)` applies parameter values and resolves everything else; the view tree is
/// validated once at load time with the defaults, so a broken preset fails before rendering.
public struct Preset: Sendable {
  /// The file as the user named it; used in every error message.
  public let file: String
  /// `name`, or the file name without `.json` made into a name (`PresetName`); it names every
  /// output of the preset.
  public let name: String
  /// A human title, if the preset gives one.
  public let title: String?
  /// Where the design comes from (an article, a library), if given: free text naming the
  /// repository and file.
  public let source: String?
  /// The collection the design belongs to (`NVActivityIndicatorView`, `SpinKit`,
  /// `exyte/ActivityIndicatorView`, `System`, `Seeds`, `Kurukuru` …), if given; the gallery
  /// groups presets by it.
  public let family: String?
  /// Declared parameters, in file order.
  public let parameters: [Parameter]
  /// The whole parsed document.
  let document: JSONNode
  /// The scene with every default, resolved once when the preset is loaded.
  private var defaultScene: ResolvedScene?

  /// Top-level keys a preset may have.
  static let topLevelKeys = [
    "$schema", "name", "title", "description", "family", "source", "width", "height", "viewBox", "background",
    "fps", "duration", "parameters", "view",
  ]

  // MARK: - Loading

  /// Reads and checks a preset file.
  /// - Parameter path: the file path, also used as the file name in errors.
  /// - Throws: `PresetError` naming the file and the place.
  public static func load(path: String) throws -> Preset {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDir: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
      throw PresetError(
        file: path, message: exists ? (isDir.boolValue ? "is a directory, not a preset file" : "cannot read the file") : "no such file",
        kind: exists ? .unreadableFile : .fileNotFound)
    }
    guard data.count <= 4 << 20 else { throw PresetError(file: path, message: "file larger than 4 MiB", kind: .limitExceeded) }
    guard let text = String(data: data, encoding: .utf8) else {
      throw PresetError(file: path, message: "not UTF-8 text", kind: .unreadableFile)
    }
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return try Preset(text: text, file: path, defaultName: stem)
  }

  /// Parses and checks preset text.
  /// - Parameters:
  ///   - text: JSON text.
  ///   - file: the name used in errors.
  ///   - defaultName: the file name without its extension, made into the name
  ///     (`PresetName.derived(fromFileName:)`) when the preset sets none. Default `preset`.
  public init(text: String, file: String, defaultName: String = "preset") throws {
    var parser = JSONParser(text: text, file: file)
    let root = try parser.parse()
    self.file = file
    self.document = root
    let reader = PresetReader(file: file, variables: [:], colors: [:])
    let top = try reader.object(root, path: "", keys: Preset.topLevelKeys)
    if let node = top["name"] {
      let name = try reader.string(node, path: "name")
      if let problem = PresetName.problem(with: name) {
        throw reader.fail(node, "name", "name cannot name output files (\(problem)); \(PresetName.ruleText)")
      }
      self.name = name
    } else if let name = PresetName.derived(fromFileName: defaultName) {
      self.name = name
    } else {
      throw PresetError(
        file: file, location: root.location,
        message: "the file name cannot name output files; set \"name\" (\(PresetName.ruleText))")
    }
    self.title = try top["title"].map { try reader.string($0, path: "title") }
    self.source = try top["source"].map { try reader.string($0, path: "source") }
    self.family = try top["family"].map { try reader.string($0, path: "family") }
    if let d = top["description"] { _ = try reader.string(d, path: "description") }
    if let s = top["$schema"] { _ = try reader.string(s, path: "$schema") }
    self.parameters = try top["parameters"].map { try Parameter.decodeAll($0, reader: reader) } ?? []
    guard top["view"] != nil else {
      throw PresetError(file: file, location: root.location, message: "missing required key 'view'")
    }
    // Validate everything once with the defaults, and keep the result.
    defaultScene = try scene()
  }

  /// Warning lines from whatever made the preset (a SwiftUI file's run: `FILE: warning: …`), first
  /// in `warnings`.
  package var sourceWarnings: [String] = []

  /// The preset text whatever made the preset printed (a SwiftUI file's run), nil for a preset
  /// file: what a batch's cache key hashes besides the file, so that a new stand-in, toolchain or
  /// run option that changes the preset renders again.
  package var generatedText: String?

  /// Warning lines about the preset resolved with its defaults (`FILE:LINE:COL: warning: …`),
  /// after `sourceWarnings`.
  public var warnings: [String] { sourceWarnings + (defaultScene?.warnings ?? []) }

  // MARK: - Resolving

  /// Resolves the preset into a scene.
  /// - Parameters:
  ///   - settings: parameter values by name, as text (`--set NAME=VALUE`).
  ///   - fps: overrides the preset's frames per second.
  ///   - background: overrides the preset's background.
  ///   - limits: bounds checked before anything is allocated.
  /// - Throws: `PresetError` for unknown parameters, bad values, or anything out of bounds.
  public func scene(
    settings: [String: String] = [:], fps fpsOverride: Double? = nil, background backgroundOverride: RGBAColor? = nil,
    limits: Limits = Limits()
  ) throws -> ResolvedScene {
    if let defaultScene, settings.isEmpty, fpsOverride == nil, backgroundOverride == nil, limits == Limits() {
      return defaultScene
    }
    var numbers: [String: Double] = [:]
    var colors: [String: RGBAColor] = [:]
    for p in parameters {
      switch p.kind {
      case .number(let d, _, _): numbers[p.name] = d
      case .color(let c): colors[p.name] = c
      }
    }
    for (key, text) in settings.sorted(by: { $0.key < $1.key }) {
      guard let p = parameters.first(where: { $0.name == key }) else {
        let names = parameters.map(\.name)
        throw PresetError(
          file: file,
          message: "setting \(quoted: key): unknown parameter" + Suggestion.hint(for: key, in: names)
            + (names.isEmpty ? " (this preset has no parameters)" : " (parameters: \(names.map { Suggestion.excerpt($0) }.joined(separator: ", ")))"),
          kind: .unknownName)
      }
      switch p.kind {
      case .number(_, let lo, let hi):
        guard let v = NumberText.parse(text) else {
          throw PresetError(file: file, message: "setting \(key)=\(excerpt: text): '\(key)' takes a number", kind: .invalidSetting)
        }
        if let lo, v < lo { throw PresetError(file: file, message: "setting \(key)=\(excerpt: text): must be at least \(fmt(lo))", kind: .invalidSetting) }
        if let hi, v > hi { throw PresetError(file: file, message: "setting \(key)=\(excerpt: text): must be at most \(fmt(hi))", kind: .invalidSetting) }
        numbers[key] = v
      case .color:
        switch ColorSyntax.parse(text) {
        case .success(let c): colors[key] = c
        case .failure(let e): throw PresetError(file: file, message: "setting \(key)=\(excerpt: text): \(e.message)", kind: .invalidSetting)
        }
      }
    }
    let reader = PresetReader(file: file, variables: numbers, colors: colors, limits: limits)
    let top = try reader.object(document, path: "", keys: Preset.topLevelKeys)

    func required(_ key: String) throws -> JSONNode {
      guard let n = top[key] else {
        throw PresetError(file: file, location: document.location, message: "missing required key '\(key)'")
      }
      return n
    }
    func side(_ key: String) throws -> Double {
      let node = try required(key)
      let v = try reader.number(node, path: key)
      guard v > 0, v <= limits.maxCanvasPoints else {
        throw reader.fail(node, key, "\(key) must be in (0, \(fmt(limits.maxCanvasPoints))] points, got \(fmt(v))")
      }
      return v
    }
    let width = try side("width"), height = try side("height")
    var fps = 30.0
    if let n = top["fps"] {
      fps = try reader.number(n, path: "fps")
      guard fps > 0, fps <= limits.maxFPS else { throw reader.fail(n, "fps", "fps must be in (0, \(fmt(limits.maxFPS))], got \(fmt(fps))") }
    }
    if let f = fpsOverride {
      guard f > 0, f <= limits.maxFPS else {
        throw PresetError(file: file, message: "the frame rate must be in (0, \(fmt(limits.maxFPS))], got \(fmt(f))", kind: .invalidSetting)
      }
      fps = f
    }
    var background = RGBAColor.clear
    if let n = top["background"] { background = try reader.color(n, path: "background") }
    if let b = backgroundOverride { background = b }
    var duration: Double?
    var autoMaximum: Double?
    if let n = top["duration"] {
      if let maximum = try reader.autoDuration(n, limits: limits) {
        autoMaximum = maximum
      } else {
        // CSS's 1.5s / 1500ms, or seconds as a number or an expression.
        let d: Double
        if case .string(let text) = n.value, let seconds = TimeUnits.seconds(text) { d = seconds } else { d = try reader.number(n, path: "duration") }
        guard d >= limits.minPeriod, d <= limits.maxDuration else {
          throw reader.fail(
            n, "duration", "duration must be in [\(fmt(limits.minPeriod)), \(fmt(limits.maxDuration))] seconds, got \(fmt(d))")
        }
        duration = d
      }
    }
    let views = try reader.views(try required("view"), path: "view", depth: 0)
    guard views.count == 1, var rootView = views.first else {
      throw reader.fail(try required("view"), "view", "the root view must be exactly one view, got \(views.count) (wrap them in a ZStack)")
    }
    if let n = top["viewBox"] {
      rootView.modifiers += try reader.viewBox(n, canvas: Size(width: width, height: height))
    }
    if let maximum = autoMaximum {
      duration = try Timeline.autoDuration(root: rootView, fps: fps, maximum: maximum, limits: limits, file: file)
    }
    let timeline = try Timeline(
      root: rootView, fps: fps, duration: duration, limits: limits, file: file)
    // An explicit `duration` was checked where it was read; a period computed from the
    // animations (or chosen by "auto") is checked here, at the animation that set it.
    if timeline.period > 0, timeline.period < limits.minPeriod {
      let message =
        "the loop would last \(fmt(timeline.period)) s, shorter than the \(fmt(limits.minPeriod)) s minimum; lengthen the animation or set \"duration\""
      guard let setter = reader.reach.periodSetter else {
        throw PresetError(file: file, message: message, kind: .limitExceeded)
      }
      throw PresetError(file: file, location: setter.location, path: setter.path, message: message, kind: .limitExceeded)
    }
    var scene = ResolvedScene(
      name: name, size: Size(width: width, height: height), background: background, root: rootView,
      timeline: timeline, duration: duration, file: file)
    scene.maxLayoutMeasurements = limits.maxLayoutMeasurements
    let firstLayout = Layout(t: timeline.localTime(0), budget: limits.maxLayoutMeasurements)
    _ = firstLayout.place(rootView, proposal: scene.size)
    if firstLayout.exceeded {
      throw reader.fail(
        try required("view"), "view",
        "the layout needs more than \(limits.maxLayoutMeasurements) measurements (stacks nested in alternating directions around views sized by aspectRatio or flexible frames); flatten the stacks or give the views fixed frames",
        kind: .limitExceeded)
    }
    scene.warnings = reader.warnings.lines
    return scene
  }
}

// MARK: - Limits

/// Bounds checked while resolving, before anything is allocated.
public struct Limits: Equatable, Sendable {
  /// Canvas side in points. Default 8192.
  public var maxCanvasPoints: Double = 8192
  /// Shortest loop in seconds, whether the preset's `duration` sets it or the animations do
  /// (a cycle, or the end of one-shot animations). A still scene (no animation: period 0) is
  /// no loop and is not bound by it. Default 0.01: GIF times frames in centiseconds, so a
  /// shorter loop cannot be written the same by every format (WebP's millisecond delays would
  /// round a nanosecond loop's one frame to 0 ms, while GIF, APNG and PNG keep it).
  public var minPeriod: Double = 0.01
  /// Frames per second. Default 240.
  public var maxFPS: Double = 240
  /// Loop period in seconds when it is computed from the animations (least common multiple of
  /// cycles). Default 30.
  public var maxPeriod: Double = 30
  /// Loop period in seconds when the preset sets `duration`, or when one-shot animations end.
  /// Default 600.
  public var maxDuration: Double = 600
  /// Frames in one loop. Default 100,000.
  public var maxFrames: Int = 100_000
  /// Views after expanding `ForEach`. Default 10,000.
  public var maxViews: Int = 10_000
  /// Keyframe values of all animated values after expanding `ForEach` (`from`/`to` count 2,
  /// `values` its length), counted before they are read. Default 1,000,000: the bundled presets
  /// use at most 144, and 10,000 views may still animate 100 values each, while ten times the
  /// default takes seconds and gigabytes to resolve.
  public var maxKeyframes: Int = 1_000_000
  /// Nesting depth of views. Default 32.
  public var maxDepth: Int = 32
  /// Measurements one layout pass computes (a view's size for one offer, remembered for the
  /// pass). Stacks nested in alternating directions around views whose size follows both sides
  /// of their offer (`aspectRatio`) multiply the distinct offers at every level; a preset whose
  /// layout at the loop's first instant needs more is refused, and at any later instant the
  /// views past it are laid out with zero size. Default 100,000 (the bundled presets need at
  /// most a few hundred; 32 plainly nested stacks about 4,000).
  public var maxLayoutMeasurements: Int = 100_000
  /// Lengths and positions in points, for a constant and for every keyframe value of an
  /// animated one: offsets (`offset`, a shadow's `x`/`y`, `anchorZ`, `dashPhase`) within
  /// ±maxLength, corner radii and gradient radii in 0…maxLength (frame sizes and line widths
  /// keep 0…`maxCanvasPoints`, shadow radii 0…1000). Default 100,000: twelve canvases of the
  /// largest size, far beyond any drawing that can be seen (the bundled presets stay within
  /// 80), while 100,000 pt at `--scale 64` is 6.4 million pixels, inside Cairo's 24.8
  /// fixed-point range (±8.4 million); a shadow offset of 1e308 would ask for a layer of 10¹²
  /// pixels.
  public var maxLength: Double = 100_000
  /// Scale factors (`scaleEffect`), constants and keyframes, within ±maxScale. Default 10,000
  /// (the bundled presets stay within 2.1): 32 nested views of that scale still give a finite,
  /// invertible transform, while a factor of 1e300 makes Cairo fail with "invalid matrix".
  public var maxScale: Double = 10_000
  /// Angles in degrees (`rotationEffect`, `rotation3DEffect`, an Arc's and an AngularGradient's
  /// angles), constants and keyframes, within ±maxDegrees. Default 1,000,000, about 2,800
  /// turns (the bundled presets stay within 1,520), while at 10¹⁸ degrees a double's step is
  /// 128° and an arc would be drawn from meaningless angles.
  public var maxDegrees: Double = 1_000_000
  /// Coordinates of unit points (anchors, alignments, gradient points, Polygon points), as
  /// fractions of the frame, within ±maxUnitPoint. Default 100 (the bundled presets stay
  /// within 1).
  public var maxUnitPoint: Double = 100
  /// Work of rendering one loop, in pixel-views: canvas pixels at the render scale × frames ×
  /// views (`ResolvedScene.viewCount`). Checked when a `Renderer` is created, because the pixel
  /// count depends on the scale, which resolving does not know. Default 2×10¹¹: about 240 times
  /// the heaviest bundled preset at `--scale 4`, so hours of rendering at most, while a mistyped
  /// size, `duration`, `fps` or `ForEach` range (8192² px × 1,000 frames × 100 views ≈ 6.7×10¹²)
  /// is refused at once.
  /// `--max-work N` raises it.
  public var maxWork: Int = 200_000_000_000
  /// Unicode scalars a `Text` shows (a counter's prefix, longest number and suffix together).
  /// Default 256: a loader's label is a word or two, a 256-glyph line is already wider than any
  /// loader's canvas, and each glyph adds its outline to every frame.
  public var maxTextLength: Int = 256
  /// Font size of a `Text` in points, within 0 (exclusive)…maxFontSize. Default 1,000.
  public var maxFontSize: Double = 1000
  public init() {}
}

// MARK: - Parameter

/// A preset parameter, overridable with `--set NAME=VALUE`.
public struct Parameter: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// A number with optional bounds; read in expressions by its name.
    case number(default: Double, min: Double?, max: Double?)
    /// A colour; used as `"$name"` wherever a colour is expected.
    case color(default: RGBAColor)
  }
  public var name: String
  public var kind: Kind
  public var description: String?
  /// The default as written in the preset (for listings).
  public var defaultText: String

  static func decodeAll(_ node: JSONNode, reader: PresetReader) throws -> [Parameter] {
    guard case .object(let members) = node.value else {
      throw reader.fail(node, "parameters", "'parameters' must be an object of name → {\"default\": …}")
    }
    return try members.map { m in
      let path = "parameters.\(excerpt: m.key)"
      guard m.key.first.map({ $0.isLetter || $0 == "_" }) == true,
        m.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else {
        throw PresetError(file: reader.file, location: m.keyLocation, path: path, message: "parameter name \(quoted: m.key) must be an identifier")
      }
      if let problem = PresetExpression.reservedNameProblem(m.key) {
        throw PresetError(file: reader.file, location: m.keyLocation, path: path, message: "parameter name " + problem)
      }
      let o = try reader.object(m.value, path: path, keys: ["default", "min", "max", "description"])
      guard let d = o["default"] else { throw reader.fail(m.value, path, "parameter \(quoted: m.key) needs a 'default'") }
      let desc = try o["description"].map { try reader.string($0, path: path + ".description") }
      switch d.value {
      case .number(let v):
        let lo = try o["min"].map { try reader.number($0, path: path + ".min") }
        let hi = try o["max"].map { try reader.number($0, path: path + ".max") }
        if let lo, v < lo { throw reader.fail(d, path, "default \(fmt(v)) is below min \(fmt(lo))") }
        if let hi, v > hi { throw reader.fail(d, path, "default \(fmt(v)) is above max \(fmt(hi))") }
        return Parameter(name: m.key, kind: .number(default: v, min: lo, max: hi), description: desc, defaultText: fmt(v))
      case .string(let s):
        for k in ["min", "max"] where o[k] != nil {
          throw reader.fail(o[k] ?? d, path, "'\(k)' applies to number parameters only")
        }
        let c = try reader.color(d, path: path + ".default")
        return Parameter(name: m.key, kind: .color(default: c), description: desc, defaultText: s)
      default:
        throw reader.fail(d, path + ".default", "a parameter default must be a number or a colour string, got \(d.typeName)")
      }
    }
  }
}

/// Formats a number briefly for messages: `1.5`, `200`, `0.333333`, `1e-9`, `1e300` — at most
/// six decimals (`NumberText.format(_:decimals:)`).
func fmt(_ v: Double) -> String { NumberText.format(v, decimals: 6) }
