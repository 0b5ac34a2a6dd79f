import Foundation
import KurukuruCodecs
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - BatchPlan

/// What a batch will write: the presets that loaded, every output of each with its cache key,
/// and the presets that failed to load. Planning reads the preset files and nothing else; it
/// writes nothing.
///
/// Per preset, in this order: every format at every scale (scales outside, formats inside), the
/// contact sheet, then the gallery previews (`previews/NAME-light.gif` unless a requested GIF
/// with default options at 1× can serve, `previews/NAME-dark.gif` for a transparent
/// background).
public struct BatchPlan: Sendable {
  /// The options planned for.
  public var options: BatchOptions
  /// The presets that loaded, in input order.
  public var presets: [BatchPreset]
  /// Every output, preset by preset.
  public var outputs: [PlannedOutput]
  /// Presets that could not be loaded or resolved, in input order.
  public var failures: [BatchFailure]
  /// Every input file of the batch, all shards, in input order (`PresetFolder.expand`): a
  /// preset's position here is its place in the manifest and the gallery of any shard.
  public var files: [String]
  /// SHA-256 (hex) of what the batch was asked (`BatchOptions.fingerprint(files:)`).
  public var fingerprint: String

  /// The gallery's dark matte: iOS system background in dark mode, `#1C1C1E`.
  public static let darkMatte = RGBA8(r: 0x1C, g: 0x1C, b: 0x1E)
  /// The gallery's light matte: white.
  public static let lightMatte = RGBA8(r: 255, g: 255, b: 255)

  /// Loads the presets of `options.inputs` (only `options.shard` of them) and plans their
  /// outputs. A preset that fails is recorded in `failures`, reported to `onFailure` at once,
  /// and left out; the others are planned.
  ///
  /// Each preset is resolved with the settings it declares. A scene faster than the strictest
  /// frame-rate limit of `options.formats` (GIF: 50 fps) is re-timed to it for all its outputs,
  /// so a preset's outputs and contact sheet show the same frames.
  /// - Throws: `BatchError.noSuchInput`; `BatchError.undeclaredSetting` when presets loaded and
  ///   none declares a setting's parameter.
  public init(_ options: BatchOptions, onFailure: (BatchFailure) -> Void = { _ in }) throws {
    self.options = options
    presets = []
    outputs = []
    failures = []
    files = try PresetFolder.expand(options.inputs)
    fingerprint = options.fingerprint(files: files)
    var declared = Set<String>()
    for (index, file) in files.enumerated() where options.shard?.contains(file) ?? true {
      do {
        let input = try PresetFolder.load(file, options: options.inputOptions)
        let names = Set(input.parameters.map(\.name))
        declared.formUnion(names)
        let loaded = try BatchPreset(
          file: file, inputIndex: index, input: input, settings: options.settings.filter { names.contains($0.key) },
          options: options)
        outputs += try BatchPlan.outputs(of: loaded, index: presets.count, options: options)
        presets.append(loaded)
      } catch {
        let failure = BatchFailure(file: file, message: String(describing: error))
        failures.append(failure)
        onFailure(failure)
      }
    }
    let undeclared = options.settings.keys.sorted().filter { !declared.contains($0) }
    guard !undeclared.isEmpty, !presets.isEmpty else { return }
    // A shard holds only some presets: a setting is checked against every input, as one
    // machine's batch checks it, and the other shards' files are read only for that.
    if let shard = options.shard {
      for file in files where !shard.contains(file) {
        if let input = try? PresetFolder.load(file, options: options.inputOptions) {
          declared.formUnion(input.parameters.map(\.name))
        }
      }
    }
    if let name = undeclared.first(where: { !declared.contains($0) }) { throw BatchError.undeclaredSetting(name: name) }
  }

  /// The position in `files` of a preset file of this plan.
  func inputIndex(of file: String) -> Int { files.firstIndex(of: file) ?? files.count }

  /// The input positions this plan's shard holds (every one without a shard).
  var ownedInputs: [Int] {
    files.indices.filter { options.shard?.contains(files[$0]) ?? true }
  }

  // MARK: - Outputs of one preset

  /// The outputs of `preset`, the `index`-th preset of the plan.
  /// - Throws: `PresetError` when a format's frame-rate limit cannot be met.
  static func outputs(of preset: BatchPreset, index: Int, options: BatchOptions) throws -> [PlannedOutput] {
    let scene = preset.scene, name = scene.name
    var outputs: [PlannedOutput] = []
    func add(_ kind: PlannedOutput.Kind, _ format: (any OutputFormat)?, scale: Double, path: String, key: String) throws {
      var timeline = scene.timeline
      if let format { timeline = try Renderer(scene, scale: scale, jobs: 1, limits: options.limits).prepared(for: format).renderer.scene.timeline }
      outputs.append(PlannedOutput(
        preset: index, kind: kind, format: format, scale: scale, path: path, key: preset.cacheKey(key), timeline: timeline))
    }
    // A format whose output does not depend on the scale (app bundles hold every density) names
    // the same path at every scale: it is planned once, at the first scale.
    var planned = Set<String>()
    for scale in options.scales {
      for format in options.formats {
        let path = format.defaultPath(name: name, scale: scale)
        guard planned.insert(path).inserted else { continue }
        try add(.output, format, scale: scale, path: path, key: CacheKey.detail(format: format, scale: scale))
      }
    }
    try add(.contactSheet, nil, scale: 1, path: "\(name).contact.png", key: "contact")
    // Gallery previews at 1×: the light one is the main GIF when there is one.
    let light = GIFFormat(GIFOptions(matte: lightMatte))
    let mainGIFServes = options.scales.contains(1) && options.formats.contains {
      type(of: $0).name == GIFFormat.name && $0.cacheKey == light.cacheKey
    }
    if !mainGIFServes {
      try add(.lightPreview, light, scale: 1, path: "previews/\(name)-light.gif", key: "gif|1|light")
    }
    if scene.background.alpha < 1 {
      let dark = GIFFormat(GIFOptions(matte: darkMatte))
      try add(.darkPreview, dark, scale: 1, path: "previews/\(name)-dark.gif", key: "gif|1|dark")
    }
    return outputs
  }

  /// Frames rendered by the outputs at `indices` (contact sheets not counted).
  public func frameCount(of indices: [Int]) -> Int {
    indices.reduce(0) { sum, n in outputs[n].format == nil ? sum : sum + outputs[n].timeline.frameCount }
  }
}

// MARK: - BatchPreset

/// A preset that loaded, resolved for the batch.
public struct BatchPreset: Sendable {
  /// The preset file, as given or as found in a folder.
  public var file: String
  /// The preset or Lottie animation.
  public var input: AnimationInput
  /// What is rendered: the input with `settings`, re-timed to the formats' frame-rate limit.
  public var scene: any AnimationSource
  /// The batch settings this preset declares (the others do not apply to it).
  public var settings: [String: String]
  /// SHA-256 of the preset file's bytes (64 hex digits).
  public var sha256: String
  /// Its position among every input file of the batch (`BatchPlan.files`).
  public var inputIndex: Int

  /// Resolves `preset` with `settings` and checks its canvas size at every scale of `options`.
  /// Whether its drawing leaves the canvas is measured later, with its contact sheet
  /// (`Batch.run`), and kept in the manifest, so planning an up-to-date batch evaluates nothing.
  /// - Throws: `PresetError`, `BatchError.canvasOutOfRange`.
  init(file: String, inputIndex: Int, input: AnimationInput, settings: [String: String], options: BatchOptions) throws {
    var scene = try input.source(settings: settings, limits: options.limits)
    if let limit = options.formats.compactMap({ $0.frameRateLimit?.fps }).min(), scene.timeline.requestedFPS > limit {
      scene = try scene.retimed(fps: limit, limits: options.limits)
    }
    for scale in options.scales {
      // The same bounds as `Rasterizer.canvasSize(for:)`, in the batch's own words.
      let w = (scene.size.width * scale).rounded(), h = (scene.size.height * scale).rounded()
      let limit = Double(Rasterizer.maximumCanvasSide)
      guard w >= 1, h >= 1, w <= limit, h <= limit else {
        throw BatchError.canvasOutOfRange(file: file, scale: scale, width: w, height: h)
      }
    }
    self.file = file
    self.input = input
    self.scene = scene
    self.settings = settings
    // A SwiftUI file: the preset its run printed too (the stand-in, toolchain and run options).
    var generated: Data?
    if case .preset(let preset) = input, let text = preset.generatedText { generated = Data(text.utf8) }
    self.sha256 = SHA256.hex(PresetFolder.bytes(of: file) + (generated.map { Data([0]) + $0 } ?? Data()))
    self.inputIndex = inputIndex
  }

  /// The cache key of one of this preset's outputs, `detail` naming the output; with text, the
  /// identities of its font files (`FontFile.key`: path, size, modification time) too, so a
  /// changed or replaced font renders again.
  package func cacheKey(_ detail: String) -> String {
    let fonts = scene.fontFiles
    let full = fonts.isEmpty ? detail : detail + "|fonts=" + fonts.map(\.key).joined(separator: ",")
    return CacheKey.make(presetHash: sha256, settings: settings, detail: full)
  }
}

// MARK: - PlannedOutput

/// One output a batch writes.
public struct PlannedOutput: Sendable {
  /// What the output is for.
  public enum Kind: Equatable, Sendable {
    /// One of the requested formats at one of the scales.
    case output
    /// A PNG of sampled frames with their times.
    case contactSheet
    /// The gallery's GIF on a white matte, when no requested output can serve.
    case lightPreview
    /// The gallery's GIF on the dark matte, for presets with a transparent background.
    case darkPreview
  }

  /// Index of the preset in `BatchPlan.presets`.
  public var preset: Int
  public var kind: Kind
  /// The format written; nil for a contact sheet.
  public var format: (any OutputFormat)?
  /// Pixels per point.
  public var scale: Double
  /// Path relative to the output folder.
  public var path: String
  /// SHA-256 (hex) of everything the output depends on: tool version, preset bytes, settings,
  /// format and its options, scale.
  public var key: String
  /// The loop as this output shows it (after the format's frame-rate limit).
  public var timeline: Timeline

  /// The manifest's format name: the format's name, or `contact-sheet`.
  public var formatName: String { format.map { type(of: $0).name } ?? "contact-sheet" }
}

// MARK: - CacheKey

/// Cache keys: an output is up to date when the previous manifest has it with the same key and
/// the file is still there.
package enum CacheKey {
  /// SHA-256 (hex) of `VERSION|PRESET_SHA256|NAME=VALUE,…|DETAIL` (settings sorted by name).
  package static func make(presetHash: String, settings: [String: String], detail: String) -> String {
    let settingsText = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    return SHA256.hex(Array("\(ToolVersion.number)|\(presetHash)|\(settingsText)|\(detail)".utf8))
  }

  /// `FORMAT|SCALE` plus `|` and the format's own `cacheKey` when it has one, e.g.
  /// `gif|2.0|RGBA8(r: 255, g: 255, b: 255, a: 255)` or `png|1.0`.
  package static func detail(format: any OutputFormat, scale: Double) -> String {
    let own = format.cacheKey
    return "\(type(of: format).name)|\(scale)" + (own.isEmpty ? "" : "|\(own)")
  }
}
