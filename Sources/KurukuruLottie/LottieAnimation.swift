import Foundation
import KurukuruCore

// MARK: - LottieAnimation

/// A Lottie file read for rendering: its model, what it uses, and its loop at the chosen frame
/// rate. An `AnimationSource`, so every output format, batch, `frame` and the snapshot library
/// take it as they take a preset's scene.
///
/// ```swift
/// let animation = try LottieAnimation.load(path: "loader.json")
/// try Renderer(animation, scale: 2).write(.gif(), to: "loader.gif")
/// ```
///
/// Time: frame `i` shows the composition at Lottie frame `ip + i · fr / fps` (seconds after the
/// loop starts × `fr`), so one loop is `(op − ip) / fr` seconds; `fps` defaults to the file's
/// `fr` and may be anything (values between Lottie frames are interpolated, not rounded).
/// Size: the canvas is the file's `w`×`h`, in points.
public struct LottieAnimation: Sendable {
  /// The file as the user named it.
  public let file: String
  /// Names the outputs: the file name without its extension, made safe (`PresetName`).
  public let name: String
  /// The document.
  public let model: Lottie.Animation
  /// What the file uses and what of it is not drawn.
  public let features: [(name: String, place: String)]
  public let unsupported: [LottieFeatureReport.Unsupported]
  /// The loop at the chosen frame rate.
  public let timeline: Timeline
  /// The canvas background. Default clear (a Lottie file has none; `withBackground(_:)` sets one).
  public private(set) var background: RGBAColor = .clear
  /// The composition prepared for drawing (assets by id, layer order, matte links).
  let composition: LottieComposition

  // MARK: - Loading

  /// Whether JSON text's top level is a Lottie document: it has `v`, `fr`, `ip`, `op`, `w`, `h`
  /// and `layers` (a preset has `view`).
  public static func isLottie(_ text: String) -> Bool {
    guard let data = text.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
    else { return false }
    return ["fr", "ip", "op", "w", "h", "layers"].allSatisfy { object[$0] != nil }
  }

  /// Whether the file at `path` is a Lottie document or a dotLottie archive (by its first
  /// bytes and, for JSON, its keys).
  public static func isLottieFile(_ path: String) -> Bool {
    // Only a regular file of at most `maxFileBytes` is read: a folder, a FIFO or a device is not
    // Lottie (and opening a FIFO would block).
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) <= Int64(LottieLimits().maxFileBytes),
      let handle = FileHandle(forReadingAtPath: path)
    else { return false }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 4) else { return false }
    if [UInt8](head).starts(with: [0x50, 0x4B, 0x03, 0x04]) { return path.lowercased().hasSuffix(".lottie") }
    guard path.lowercased().hasSuffix(".json"), let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { return false }
    return isLottie(text)
  }

  /// Reads a Lottie JSON file or a dotLottie (`.lottie`) archive.
  /// - Parameters:
  ///   - path: the file, also its name in errors.
  ///   - animation: for a dotLottie archive, the id of the animation to read (default the first
  ///     its manifest lists).
  ///   - fps: frames per second of the rendered loop (default the file's `fr`).
  ///   - allowUnsupported: draw what is supported of a file that uses features Kurukuru refuses
  ///     (text, images, 3-D layers, …) instead of failing. Default false.
  ///   - limits: bounds on the file. Default `LottieLimits()`.
  /// - Throws: `LottieError` naming the file and the place.
  public static func load(
    path: String, animation: String? = nil, fps: Double? = nil, allowUnsupported: Bool = false,
    limits: LottieLimits = LottieLimits()
  ) throws -> LottieAnimation {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDir: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
      throw LottieError(
        file: path, location: nil, place: "",
        message: exists ? (isDir.boolValue ? "is a directory, not a Lottie file" : "cannot read the file") : "no such file",
        kind: .unreadable)
    }
    return try read(
      bytes: [UInt8](data), file: path, animation: animation, fps: fps, allowUnsupported: allowUnsupported, limits: limits)
  }

  /// Reads a Lottie JSON document or a dotLottie archive (told apart by its first bytes) from
  /// memory: what `load(path:animation:fps:allowUnsupported:limits:)` does with the file's bytes.
  /// - Parameters:
  ///   - bytes: the document or the archive, at most `limits.maxFileBytes`.
  ///   - file: the name used in errors; its last path component without the extension names the
  ///     outputs.
  ///   - animation, fps, allowUnsupported, limits: as for `load`.
  /// - Throws: `LottieError` naming the file and the place.
  public static func read(
    bytes: [UInt8], file path: String, animation: String? = nil, fps: Double? = nil, allowUnsupported: Bool = false,
    limits: LottieLimits = LottieLimits()
  ) throws -> LottieAnimation {
    guard bytes.count <= limits.maxFileBytes else {
      throw LottieError(
        file: path, location: nil, place: "", message: "the file's \(bytes.count) bytes are more than the limit of \(limits.maxFileBytes)",
        kind: .limitExceeded)
    }
    var text: String
    var file = path
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      let (entry, json) = try DotLottie.animation(in: bytes, id: animation, file: path, limits: limits)
      file = "\(path)#\(entry)"
      text = json
    } else {
      guard let t = String(data: Data(bytes), encoding: .utf8) else {
        throw LottieError(file: path, location: nil, place: "", message: "not UTF-8 text", kind: .unreadable)
      }
      text = t
    }
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return try LottieAnimation(
      text: text, file: file, name: PresetName.derived(fromFileName: stem) ?? "lottie", fps: fps,
      allowUnsupported: allowUnsupported, limits: limits)
  }

  /// Reads Lottie JSON text.
  /// - Parameters:
  ///   - text: the document.
  ///   - file: the name used in errors.
  ///   - name: names the outputs (a safe name, see `PresetName`). Default `lottie`.
  ///   - fps, allowUnsupported, limits: as for `load(path:animation:fps:allowUnsupported:limits:)`.
  /// - Throws: `LottieError`.
  public init(
    text: String, file: String, name: String = "lottie", fps: Double? = nil, allowUnsupported: Bool = false,
    limits: LottieLimits = LottieLimits()
  ) throws {
    var parser = JSONParser(text: text, file: file, maxDepth: limits.maxJSONDepth)
    let root: JSONNode
    do {
      root = try parser.parse()
    } catch let error as PresetError {
      throw LottieError(
        file: file, location: error.location, place: "", message: error.message,
        kind: error.kind == .limitExceeded ? .limitExceeded : .unreadable)
    }
    let report = LottieFeatureReport()
    let reader = LottieReader(file: file, limits: limits, report: report)
    let model = try reader.animation(root)
    if !allowUnsupported, let refused = report.unsupported.first(where: { $0.treatment == .refused }) {
      throw LottieError(
        file: file, location: refused.location, place: refused.place,
        message: "\(refused.feature) are not supported (allow unsupported features to draw the rest)", kind: .unsupported)
    }
    let composition = try LottieComposition(model, file: file, limits: limits)
    try self.init(
      file: file, name: name, model: model, features: report.features, unsupported: report.unsupported,
      composition: composition, fps: fps ?? model.frameRate)
  }

  private init(
    file: String, name: String, model: Lottie.Animation, features: [(name: String, place: String)],
    unsupported: [LottieFeatureReport.Unsupported], composition: LottieComposition, fps: Double, limits: Limits = Limits()
  ) throws {
    self.file = file
    self.name = name
    self.model = model
    self.features = features
    self.unsupported = unsupported
    self.composition = composition
    timeline = try LottieAnimation.timeline(model, fps: fps, file: file, limits: limits)
  }

  /// The loop of `model` at `fps`: `(op − ip) / fr` seconds, `round(period · fps)` frames
  /// (the rate adjusted so frames stay evenly spaced, as for presets).
  static func timeline(_ model: Lottie.Animation, fps: Double, file: String, limits: Limits) throws -> Timeline {
    guard fps > 0, fps <= limits.maxFPS else {
      throw LottieError(
        file: file, location: nil, place: "fr",
        message: "the frame rate must be in (0, \(NumberText.format(limits.maxFPS))], got \(NumberText.format(fps))", kind: .invalid)
    }
    let period = (model.outPoint - model.inPoint) / model.frameRate
    guard period <= limits.maxDuration else {
      throw LottieError(
        file: file, location: nil, place: "op",
        message: "the animation lasts \(NumberText.format(period)) s ((op − ip) / fr), more than the limit of \(NumberText.format(limits.maxDuration)) s",
        kind: .limitExceeded)
    }
    let exact = period * fps
    let frames = max(1, Int(exact.rounded()))
    guard frames <= limits.maxFrames else {
      throw LottieError(
        file: file, location: nil, place: "op",
        message: "\(frames) frames (\(NumberText.format(period)) s at \(NumberText.format(fps)) fps) exceed the limit of \(limits.maxFrames)",
        kind: .limitExceeded)
    }
    var notes: [String] = []
    if abs(exact - Double(frames)) > 1e-6 {
      notes.append(
        "the \(NumberText.format(period, decimals: 6)) s loop is \(NumberText.format(exact, decimals: 6)) frames at \(NumberText.format(fps)) fps; rendering \(frames) frames at \(NumberText.format(Double(frames) / period, decimals: 6)) fps so frames stay evenly spaced")
    }
    return Timeline(period: period, frameCount: frames, fps: Double(frames) / period, requestedFPS: fps, notes: notes)
  }

  /// The warning lines for what the file uses and Kurukuru does not draw.
  public var warnings: [String] {
    unsupported.map { u in
      let how = u.treatment == .refused ? "not supported" : "not supported"
      let loc = u.location.map { ":\($0)" } ?? ""
      return Suggestion.oneLine("\(file)\(loc): warning: \(u.feature) \(how): \(u.note) (at \(u.place))")
    }
  }

  /// What `kurukuru info FILE --json` says: the file, name, size in points, `fr`, `ip`, `op`,
  /// the rendered loop (fps, frames, duration in seconds), the layers, the features the file
  /// uses and what of them is not supported (each with its first JSON path).
  package var description: [(String, JSONOut)] {
    func count(_ layers: [Lottie.Layer]) -> Int { layers.count }
    let layers = model.layers.count + model.assets.reduce(0) { n, a in
      if case .precomposition(let l, _) = a.content { return n + l.count }
      return n
    }
    return [
      ("file", .string(file)), ("format", .string("lottie")), ("name", .string(name)),
      ("title", model.name.map { .string($0) } ?? .null), ("width", .number(model.width)), ("height", .number(model.height)),
      ("fr", .number(model.frameRate)), ("ip", .number(model.inPoint)), ("op", .number(model.outPoint)),
      ("fps", .number(timeline.fps)), ("duration", .number(timeline.period)), ("frames", .int(timeline.frameCount)),
      ("layers", .int(layers)),
      ("features", .array(features.map { .object([("name", .string($0.name)), ("at", .string($0.place))]) })),
      ("unsupported", .array(unsupported.map { u in
        .object([
          ("name", .string(u.feature)), ("at", .string(u.place)),
          ("treatment", .string(u.treatment == .refused ? "refused" : "ignored")), ("note", .string(u.note)),
        ])
      })),
    ]
  }

  /// The document as Kurukuru writes it back (`--format lottie` of a Lottie file): the model,
  /// every dialect normalised (current keyframes, colours 0…1, defaults written).
  public var normalizedDocument: [UInt8] {
    Array(LottieWriter.json(model, formatVersion: nil).render(indent: nil).utf8)
  }
}

// MARK: - AnimationSource

extension LottieAnimation: AnimationSource {
  public var size: Size { Size(width: model.width, height: model.height) }
  public var viewCount: Int { composition.drawingCount }
  /// A composition clips to its `w`×`h`: drawing past it is not warned about.
  public var warnsOnCanvasOverflow: Bool { false }

  public func displayList(at t: Double) -> DisplayList {
    let local = timeline.localTime(t)
    let frame = LottieAnimation.snapped(model.inPoint + local * model.frameRate)
    return DisplayList(size: size, background: background, items: composition.items(atFrame: frame))
  }

  /// `frame` snapped to the nearest whole Lottie frame when within 10⁻⁶ frames of it: `t = i /
  /// fps` times `fr` carries binary rounding (frame 123 of a 15 fps file comes out as
  /// 122.99999999999999, and `--time 1.333333333` as 19.999999995), and a hold keyframe
  /// starting on that whole frame must already show.
  static func snapped(_ frame: Double) -> Double {
    let whole = frame.rounded()
    return abs(frame - whole) <= 1e-6 ? whole : frame
  }

  public func retimed(fps: Double, limits: Limits) throws -> LottieAnimation {
    var copy = try LottieAnimation(
      file: file, name: name, model: model, features: features, unsupported: unsupported, composition: composition, fps: fps,
      limits: limits)
    copy.background = background
    return copy
  }

  /// The same animation over `color`.
  public func withBackground(_ color: RGBAColor) -> LottieAnimation {
    var copy = self
    copy.background = color
    return copy
  }
}
