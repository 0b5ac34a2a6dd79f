import Foundation
import KurukuruCore

// MARK: - Manifest records

extension Manifest {
  /// A preset that loaded: what its gallery card shows besides its outputs, and where it
  /// stands among the batch's inputs.
  public struct PresetRecord: Equatable, Sendable {
    /// Its position among every input file of the batch (all shards), from 0.
    public var input: Int
    /// The preset file, as given or as found in a folder.
    public var file: String
    /// The scene name, which names its outputs (`Entry.preset`).
    public var name: String
    public var title: String?
    public var family: String?
    public var source: String?
    /// Canvas size in points.
    public var width: Double, height: Double
    /// The loop as the preset's outputs show it: frames per second, seconds, frames.
    public var fps: Double, duration: Double, frames: Int
    /// Every parameter with the value it was rendered with, in declaration order.
    public var parameters: [Parameter]
    /// The canvas-overflow warning (`CanvasOverflow.description`), when its drawing leaves the
    /// canvas; measured when its contact sheet is rendered, and kept with it.
    public var warning: String?
    /// Its ink is dark enough to be near invisible on the gallery's dark tile
    /// (`InkContrast.isDark`); measured on its contact sheet's frames, and kept with it.
    public var darkInk: Bool
    /// The font files its Text is drawn from (`AnimationSource.fontFiles`), absolute paths;
    /// empty without text.
    public var fonts: [String]

    public init(
      input: Int, file: String, name: String, title: String? = nil, family: String? = nil, source: String? = nil,
      width: Double, height: Double, fps: Double, duration: Double, frames: Int, parameters: [Parameter] = [],
      warning: String? = nil, darkInk: Bool = false, fonts: [String] = []
    ) {
      self.fonts = fonts
      self.input = input
      self.file = file
      self.name = name
      self.title = title
      self.family = family
      self.source = source
      self.width = width
      self.height = height
      self.fps = fps
      self.duration = duration
      self.frames = frames
      self.parameters = parameters
      self.warning = warning
      self.darkInk = darkInk
    }

    /// A parameter's name and value as text.
    public struct Parameter: Equatable, Sendable {
      public var name: String
      public var value: String

      public init(name: String, value: String) {
        self.name = name
        self.value = value
      }
    }

    /// The record's JSON; `title`, `family`, `source`, `warning`, `darkInk` and `fonts` only when set.
    var jsonValue: JSONOut {
      var m: [(String, JSONOut)] = [("input", .int(input)), ("file", .string(file)), ("name", .string(name))]
      if let title { m.append(("title", .string(title))) }
      if let family { m.append(("family", .string(family))) }
      if let source { m.append(("source", .string(source))) }
      m += [
        ("width", .number(width)), ("height", .number(height)), ("fps", .number(fps)), ("duration", .number(duration)),
        ("frames", .int(frames)),
        ("parameters", .array(parameters.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })),
      ]
      if let warning { m.append(("warning", .string(warning))) }
      if darkInk { m.append(("darkInk", .bool(true))) }
      if !fonts.isEmpty { m.append(("fonts", .array(fonts.map { .string($0) }))) }
      return .object(m)
    }

    /// The record in a parsed manifest, or nil without an input, file or name.
    init?(json o: [String: Any]) {
      guard let input = (o["input"] as? NSNumber)?.intValue, let file = o["file"] as? String, let name = o["name"] as? String
      else { return nil }
      func number(_ key: String) -> Double { (o[key] as? NSNumber)?.doubleValue ?? 0 }
      self.init(
        input: input, file: file, name: name, title: o["title"] as? String, family: o["family"] as? String,
        source: o["source"] as? String, width: number("width"), height: number("height"), fps: number("fps"),
        duration: number("duration"), frames: (o["frames"] as? NSNumber)?.intValue ?? 0,
        parameters: (o["parameters"] as? [[String: Any]] ?? []).compactMap { p in
          guard let name = p["name"] as? String, let value = p["value"] as? String else { return nil }
          return Parameter(name: name, value: value)
        },
        warning: o["warning"] as? String, darkInk: o["darkInk"] as? Bool ?? false, fonts: o["fonts"] as? [String] ?? [])
    }
  }

  /// A preset that failed to load, or one of whose outputs failed.
  public struct FailureRecord: Equatable, Sendable {
    /// Its position among every input file of the batch (all shards), from 0.
    public var input: Int
    /// The preset file, as given or as found in a folder.
    public var file: String
    /// Its scene name when it loaded (its outputs that were written are listed under it), else
    /// nil.
    public var name: String?
    /// One line that starts with the file (`BatchFailure.message`).
    public var message: String

    public init(input: Int, file: String, name: String? = nil, message: String) {
      self.input = input
      self.file = file
      self.name = name
      self.message = message
    }

    var jsonValue: JSONOut {
      var m: [(String, JSONOut)] = [("input", .int(input)), ("file", .string(file))]
      if let name { m.append(("name", .string(name))) }
      m.append(("message", .string(message)))
      return .object(m)
    }

    init?(json o: [String: Any]) {
      guard let input = (o["input"] as? NSNumber)?.intValue, let file = o["file"] as? String,
        let message = o["message"] as? String
      else { return nil }
      self.init(input: input, file: file, name: o["name"] as? String, message: message)
    }
  }

  /// Which shards of a batch split `count` ways a manifest holds.
  public struct ShardSet: Equatable, Sendable {
    /// The number of shards, 1…1000.
    public var count: Int
    /// The shards held, 1…`count`, ascending, without repeats.
    public var done: [Int]

    public init(count: Int, done: [Int]) {
      self.count = count
      self.done = Array(Set(done)).sorted()
    }

    /// Whether every shard is held.
    public var isComplete: Bool { done == Array(1...max(1, count)) }

    var jsonValue: JSONOut {
      .object([("count", .int(count)), ("done", .array(done.map { .int($0) }))])
    }

    init?(json o: [String: Any]) {
      guard let count = (o["count"] as? NSNumber)?.intValue, count >= 1, count <= 1000,
        let done = (o["done"] as? [NSNumber])?.map(\.intValue), done.allSatisfy({ $0 >= 1 && $0 <= count })
      else { return nil }
      self.init(count: count, done: done)
    }
  }
}
