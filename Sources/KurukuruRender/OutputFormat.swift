import KurukuruCore

// MARK: - OutputFormat

/// A way of storing a rendered loop: a GIF, a folder of PNG frames, an APNG, an animated WebP,
/// a Lottie file, or an app bundle (Android resources, an Xcode asset catalog, CSS sprite
/// sheets); `OutputFormats.all` lists them.
///
/// Each format lives in its own folder under `Formats/` with its options, its default file
/// name and its policies, and is listed once in `OutputFormats.all`; the command line, batch
/// and the gallery learn about it from there.
public protocol OutputFormat: Sendable {
  /// The name used by `--format` and in manifests, e.g. `gif`.
  static var name: String { get }
  /// One line for `--help`.
  static var summary: String { get }
  /// How people write the format's name in a sentence, e.g. `GIF`, `WebP`. Default: `name`
  /// upper-cased.
  static var displayName: String { get }
  /// Options of this format alone (e.g. GIF's `--matte`), for `render` and `batch`.
  static var options: [FormatOption] { get }

  /// Creates the format from option values given by name (the command line's `--NAME VALUE`).
  /// - Throws: `RenderError.invalidOption` with one line naming the option.
  init(options: FormatOptionValues) throws

  /// The fastest frame rate the format can play, or nil (default) for none.
  var frameRateLimit: FrameRateLimit? { get }
  /// Text that changes whenever the options change the bytes written (for batch cache keys);
  /// empty when the format has no options. Default empty.
  var cacheKey: String { get }
  /// Whether the output is a folder of files rather than one file. Default false.
  var writesFolder: Bool { get }
  /// Whether the output is one image file that browsers animate with full alpha (APNG, WebP),
  /// which the batch gallery shows on its light and dark tiles next to the GIF. Default false.
  var showsFullAlphaInBrowsers: Bool { get }

  /// Where the output of the scene `name` at `scale` pixels per point goes by default, relative
  /// to the working directory: e.g. `loader.gif`, `loader@2x.gif`, `loader@2x` (a folder).
  func defaultPath(name: String, scale: Double) -> String

  /// Renders every frame of `renderer` and writes the result to `target` atomically (a failure
  /// leaves neither a partial file nor a partial folder), never through a link inside
  /// `target.folder`.
  /// - Returns: what was written.
  func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary
}

extension OutputFormat {
  public static var displayName: String { name.uppercased() }
  public var frameRateLimit: FrameRateLimit? { nil }
  public var cacheKey: String { "" }
  public var writesFolder: Bool { false }
  public var showsFullAlphaInBrowsers: Bool { false }

  /// Writes to a path a person gave (`OutputTarget(path:)`).
  /// - Throws: the errors of `write(_:to:)` with a target, `RenderError.unsafePath`.
  public func write(_ renderer: Renderer, to path: String) throws -> OutputSummary {
    try write(renderer, to: OutputTarget(path: path))
  }
}

// MARK: - SingleFileFormat

/// A format that encodes the whole loop into one file in memory (GIF, APNG): it gives the bytes,
/// and `write` stores them atomically.
public protocol SingleFileFormat: OutputFormat {
  /// Renders and encodes every frame of `renderer` into the file's bytes.
  func encode(_ renderer: Renderer) throws -> [UInt8]
  /// How many frames the encoded file holds, when the format can merge identical consecutive
  /// frames (GIF, APNG); nil (the default) when every rendered frame is stored.
  func storedFrameCount(in bytes: [UInt8]) -> Int?
}

extension SingleFileFormat {
  public func storedFrameCount(in bytes: [UInt8]) -> Int? { nil }

  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let bytes = try encode(renderer)
    try AtomicFile.write(bytes, to: target)
    return OutputSummary(
      path: target.path, frames: renderer.frameCount, bytes: bytes.count, storedFrames: storedFrameCount(in: bytes))
  }
}

// MARK: - OutputFormats

/// The registered output formats.
public enum OutputFormats {
  /// Every format, in the order help texts list them. A new format adds one line here.
  public static let all: [any OutputFormat.Type] = [
    GIFFormat.self,
    PNGSequenceFormat.self,
    APNGFormat.self,
    WebPFormat.self,
    LottieFormat.self,
    AndroidFormat.self, XCAssetsFormat.self, CSSFormat.self,
  ]

  /// The names of every format, in order.
  public static var names: [String] { all.map { $0.name } }

  /// One line per format, in order: two spaces, the name padded to 10 columns, the summary
  /// (padded by hand: Foundation's `padding(toLength:)` bridges to NSString, a noticeable part
  /// of a short command's start).
  package static var summaryLines: [String] {
    all.map { "  " + $0.name + String(repeating: " ", count: max(1, 10 - $0.name.count)) + $0.summary }
  }

  /// The format registered under `name`, or nil.
  public static func named(_ name: String) -> (any OutputFormat.Type)? {
    all.first { $0.name == name }
  }

  /// Every format option, once per name, in the order of `all`. Formats may share an option
  /// name (`--loops`, `--quality`); their help texts are then joined, each saying which format
  /// it is about.
  public static var options: [FormatOption] {
    var merged: [FormatOption] = []
    for option in all.flatMap({ $0.options }) {
      guard let i = merged.firstIndex(where: { $0.name == option.name }) else {
        merged.append(option)
        continue
      }
      if !merged[i].help.contains(option.help) { merged[i].help += "\n" + option.help }
      if merged[i].value != option.value { merged[i].value += "|" + option.value }
    }
    return merged
  }

  /// The formats that accept the option `name`.
  public static func formats(accepting name: String) -> [any OutputFormat.Type] {
    all.filter { $0.options.contains { $0.name == name } }
  }

  /// The format `name` created from option values.
  /// - Throws: `RenderError.unknownFormat`, or the format's `RenderError.invalidOption`.
  public static func make(_ name: String, options: FormatOptionValues = FormatOptionValues()) throws -> any OutputFormat {
    guard let type = named(name) else { throw RenderError.unknownFormat(name, known: names) }
    return try type.init(options: options)
  }
}

// MARK: - FrameRateLimit

/// The fastest frame rate a format can play, and why.
public struct FrameRateLimit: Equatable, Sendable {
  /// Frames per second (> 0).
  public var fps: Double
  /// Why, for people, e.g. `GIF frames cannot be shorter than 2 cs`.
  public var reason: String

  public init(fps: Double, reason: String) {
    self.fps = fps
    self.reason = reason
  }
}

// MARK: - OutputSummary

/// What a format wrote.
public struct OutputSummary: Equatable, Sendable {
  /// The file, or the folder for formats that write several files.
  public var path: String
  /// Frames of the loop that were rendered.
  public var frames: Int
  /// Bytes written in all.
  public var bytes: Int
  /// For a folder, the files written, relative to `path` (app bundles: `res/drawable/NAME.xml`,
  /// `NAME0.imageset/NAME0@2x.png`), in frame order; empty for a single file.
  public var files: [String]
  /// Lines for people about choices made on the way (e.g. a lowered frame rate), or how to use
  /// the output (the line of Swift that plays an asset catalog); the command line prints them.
  public var notes: [String]
  /// Frames the written file holds when the format merged identical consecutive frames of the
  /// loop (a GIF or APNG of a loader that pauses holds fewer than `frames`); nil when unknown
  /// or when every rendered frame is stored.
  public var storedFrames: Int?

  /// One line for people: `NAME@2x/: 45 frames NAME0@2x.png … NAME44@2x.png` for a folder,
  /// `NAME.gif: 45 frames (31 in the GIF after merging identical frames), 1.5 s, 2048 bytes` for a
  /// file of a loop of `seconds` written in `format`.
  public func line(loopSeconds seconds: Double, format: any OutputFormat.Type) -> String {
    if let first = files.first, let last = files.last {
      return "\(path)/: \(frames) frames \(first) … \(last)"
    }
    var text = "\(frames) frames"
    if let storedFrames, storedFrames != frames {
      text += " (\(storedFrames) in the \(format.displayName) after merging identical frames)"
    }
    return "\(path): \(text), \(NumberText.format(seconds, decimals: 6)) s, \(bytes) bytes"
  }

  public init(
    path: String, frames: Int, bytes: Int, files: [String] = [], notes: [String] = [], storedFrames: Int? = nil
  ) {
    self.path = path
    self.frames = frames
    self.bytes = bytes
    self.files = files
    self.notes = notes
    self.storedFrames = storedFrames
  }
}

// MARK: - Naming

/// How outputs are named.
package enum OutputNaming {
  /// `""` at 1 pixel per point, else `@2x`, `@1.5x`: Apple's suffix for the scale.
  package static func suffix(forScale scale: Double) -> String {
    scale == 1 ? "" : "@\(number(scale))x"
  }

  /// A number as people write it: `2`, `0.5`, `1.5` — every digit it needs, exponent notation
  /// only below 10⁻⁴ or from 10¹⁵ (`NumberText.format(_:decimals:)`).
  package static func number(_ v: Double) -> String { NumberText.format(v) }
}
