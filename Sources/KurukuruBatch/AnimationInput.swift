import Foundation
import KurukuruCore
import KurukuruLottie
import KurukuruPresets
import KurukuruRender
import KurukuruSwiftUI

// MARK: - AnimationInput

/// What a command-line input names: a preset (a file, or a bundled preset by name) or a Lottie
/// animation (a `.json` file whose top level has Lottie's keys — `v`, `fr`, `ip`, `op`, `w`, `h`,
/// `layers` — or a dotLottie `.lottie` archive), or a SwiftUI view (a `.swift` file, compiled and
/// run by `SwiftUISource` into a preset). The one rule that tells them apart, for every command
/// and for batch.
public enum AnimationInput: Sendable {
  case preset(Preset)
  case lottie(LottieAnimation)

  /// How Lottie and SwiftUI files are read.
  public struct Options: Sendable {
    /// For a SwiftUI file, the root view's type name (default: the only `View`, else the one its
    /// only preview shows).
    public var view: String?
    /// For a dotLottie archive, the animation's id (default: the first).
    public var animation: String?
    /// Draw the rest of a file that uses refused features, with warnings. Default false.
    public var allowUnsupported: Bool
    public var limits: LottieLimits
    /// For a SwiftUI file, the loop length in seconds (`--duration`; `SwiftUISource.Options.loop`).
    public var loop: Double?
    /// For a SwiftUI file, the size offered to a root without one of its own, in points (`--size`).
    public var size: (width: Double, height: Double)?
    /// For a SwiftUI file, the iOS version whose `Animation.default` is meant (`--ios`, default 17).
    public var ios: Int

    public init(
      animation: String? = nil, allowUnsupported: Bool = false, limits: LottieLimits = LottieLimits(), view: String? = nil,
      loop: Double? = nil, size: (width: Double, height: Double)? = nil, ios: Int = 17
    ) {
      self.loop = loop
      self.size = size
      self.ios = ios
      self.view = view
      self.animation = animation
      self.allowUnsupported = allowUnsupported
      self.limits = limits
    }
  }

  /// The input `argument` names: a `.swift` file is SwiftUI source (made into a preset by
  /// running it, `SwiftUISource`); a Lottie file by its contents; else a preset
  /// (`PresetLibrary.resolve`: a path with `/` or ending in `.json` is a file, a bare name the
  /// bundled preset first).
  /// - Throws: `PresetError`, `LottieError` or `SwiftUISourceError` naming the file.
  public static func load(_ argument: String, options: Options = Options()) throws -> AnimationInput {
    if SwiftUISource.isSwiftFile(argument) {
      return .preset(try SwiftUISource.preset(path: argument, options: options.swiftUI))
    }
    if LottieAnimation.isLottieFile(argument) {
      return .lottie(try LottieAnimation.load(
        path: argument, animation: options.animation, allowUnsupported: options.allowUnsupported, limits: options.limits))
    }
    return .preset(try PresetLibrary.resolve(argument))
  }

  /// The inputs of one command as what each loads: every `.swift` file among them is one input,
  /// compiled together as one module (a view and its shapes in separate files), at the place of
  /// the first; every other input is its own.
  public static func groups(_ inputs: [String]) -> [[String]] {
    var groups: [[String]] = []
    var swiftGroup: Int?
    for input in inputs {
      if SwiftUISource.isSwiftFile(input), let g = swiftGroup {
        groups[g].append(input)
      } else {
        if SwiftUISource.isSwiftFile(input) { swiftGroup = groups.count }
        groups.append([input])
      }
    }
    return groups
  }

  /// The one input of a command that reads one (`info`, `frame`, `port`): one file, or several
  /// `.swift` files of one view; nil for none or more than one.
  public static func single(_ inputs: [String]) -> [String]? {
    let found = groups(inputs)
    return found.count == 1 ? found[0] : nil
  }

  /// The input the files of one group (`groups(_:)`) name: several `.swift` files are one view's
  /// module, anything else `load(_:options:)`.
  /// - Throws: as `load(_:options:)`.
  public static func load(group: [String], options: Options = Options()) throws -> AnimationInput {
    guard group.count > 1, group.allSatisfy(SwiftUISource.isSwiftFile) else { return try load(group.first ?? "", options: options) }
    return .preset(try SwiftUISource.preset(paths: group, options: options.swiftUI))
  }

  /// The file as the user named it (`<bundled>/NAME.json` for a bundled preset).
  public var file: String {
    switch self {
    case .preset(let p): return p.file
    case .lottie(let l): return l.file
    }
  }

  /// The animation to render, with `settings` (`--set`), and `fps` and `background` overrides.
  /// - Throws: `PresetError` for a bad setting; `LottieError` for settings on a Lottie file
  ///   (it has no parameters) or a frame rate past the limits.
  public func source(settings: [String: String] = [:], fps: Double? = nil, background: RGBAColor? = nil, limits: Limits = Limits())
    throws -> any AnimationSource
  {
    switch self {
    case .preset(let p):
      return try p.scene(settings: settings, fps: fps, background: background, limits: limits)
    case .lottie(var l):
      if let name = settings.keys.sorted().first {
        throw LottieError(
          file: l.file, location: nil, place: "",
          message: "setting '\(name)': a Lottie file has no parameters", kind: .invalid)
      }
      if let background { l = l.withBackground(background) }
      if let fps { return try l.retimed(fps: fps, limits: limits) }
      return l
    }
  }

  /// The parameters it declares (none for a Lottie file).
  public var parameters: [Parameter] {
    if case .preset(let p) = self { return p.parameters }
    return []
  }

  /// A title for people: the preset's `title`, the Lottie document's `nm`.
  public var title: String? {
    switch self {
    case .preset(let p): return p.title
    case .lottie(let l): return l.model.name
    }
  }

  /// The collection it belongs to: the preset's `family`, `Lottie` for a Lottie file.
  public var family: String? {
    switch self {
    case .preset(let p): return p.family
    case .lottie: return "Lottie"
    }
  }

  /// Where the design comes from, when the preset says.
  public var origin: String? {
    if case .preset(let p) = self { return p.source }
    return nil
  }

  /// Warning lines about what the input uses and Kurukuru leaves out (a Lottie file's ignored
  /// features, or all its unsupported ones when they were allowed).
  public var warnings: [String] {
    switch self {
    case .lottie(let l): return l.warnings
    case .preset(let p): return p.warnings
    }
  }

  /// What `kurukuru info` says of the input and `source`, the animation it made (perhaps
  /// re-timed): a preset's size, timing, parameters and views, or a Lottie file's size, frames,
  /// layers, features and what is not supported.
  package func description(of source: any AnimationSource) -> JSONOut {
    switch self {
    case .preset(let preset):
      guard let scene = source as? ResolvedScene else { return .object([]) }
      var members = preset.description(of: scene, file: preset.file)
      // A SwiftUI file: the values its states animate, and how.
      if let text = preset.generatedText {
        let states = SwiftUISource.animatedValues(in: text)
        members.append(("animates", .array(states.isEmpty ? [.string("nothing")] : states.map { .string($0) })))
      }
      return .object(members)
    case .lottie(let lottie):
      return .object((source as? LottieAnimation ?? lottie).description)
    }
  }
}

// MARK: - Input options on the command line

extension AnimationInput.Options {
  /// The options that set these, as the command line declares them: name, value (nil for a
  /// flag) and help, in the order `--help` lists them (`animation`, `allow-unsupported`, `view`).
  package static let declared: [(name: String, value: String?, help: String)] = [
    ("animation", "ID", "for a .lottie archive, the animation to read (default the first)"),
    ("allow-unsupported", nil, "draw what is supported of a Lottie file that uses text, images, 3-D layers, … (warns)"),
    ("view", "NAME", "for a .swift file (SwiftUI source, compiled and run), the root View (default the only one)"),
    ("duration", "SECONDS", "for a .swift file, the loop length: timer and TimelineView steps repeat over it"),
    ("size", "W[xH]", "for a .swift file, the size offered to a root without one, in points (W: a square)"),
    ("ios", "N", "for a .swift file, the iOS of Animation.default: < 17 easeInOut(0.35 s), 17 (default) a spring"),
  ]

  /// The options given by name (`animation`, `view`, `duration`, `size`, `ios`) and whether
  /// `allow-unsupported` was given.
  /// - Throws: `RenderError.invalidOption` for a value out of its range: `duration` 0.01…30 s
  ///   (the longest loop), `size` sides 1…8192 points, `ios` 13…30.
  package init(_ values: FormatOptionValues, allowUnsupported: Bool) throws {
    let size = try values.size("size", square: true).map { (width: $0.width, height: $0.height) }
    self.init(
      animation: values.values["animation"], allowUnsupported: allowUnsupported, view: values.values["view"],
      loop: try values.number("duration", in: 0.01...30), size: size, ios: try values.integer("ios", in: 13...30) ?? 17)
  }

  /// The options that are about a SwiftUI file's run (what `port` takes).
  package static let swiftUINames: Set<String> = ["view", "duration", "size", "ios"]

  /// The options of a SwiftUI file's run.
  package var swiftUI: SwiftUISource.Options { SwiftUISource.Options(view: view, loop: loop, size: size, ios: ios) }
}
