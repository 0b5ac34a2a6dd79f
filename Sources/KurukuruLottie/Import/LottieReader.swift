import Foundation
import KurukuruCore

// MARK: - LottieLimits

/// Bounds on what a Lottie file may ask for, checked while reading and resolving, before the
/// work they would cause; past one the file is a `LottieError` of kind `.limitExceeded` at the
/// place. The ranges of single values are the reader's (canvas `w`, `h` 1…10⁶ points; `ip`,
/// `op`, `st` within ±10⁷ frames; `fr` 0.01…1000; `sr` 0.001…1000), the loop's length and frame
/// rate are KurukuruCore's `Limits` (`maxDuration`, `maxFrames`, `maxFPS`), and the canvas in
/// pixels is the rasterizer's (`Rasterizer.maximumCanvasSide`).
public struct LottieLimits: Equatable, Sendable {
  /// File size in bytes. Default 32 MiB.
  public var maxFileBytes = 32 << 20
  /// Layers in all compositions together. Default 10,000.
  public var maxLayers = 10_000
  /// Shape items (groups, paths, styles, modifiers) in all layers. Default 100,000.
  public var maxShapeItems = 100_000
  /// Keyframes of all properties together. Default 1,000,000.
  public var maxKeyframes = 1_000_000
  /// Vertices of all paths and path keyframes together. Default 2,000,000.
  public var maxVertices = 2_000_000
  /// Nesting of shape groups. Default 64.
  public var maxGroupDepth = 64
  /// Nesting of precompositions. Default 32.
  public var maxPrecompositionDepth = 32
  /// Copies a repeater makes (`c`), and its offset (`o`, in copies) within ±this; a constant or
  /// keyframe past it is an error (values eased past it between keyframes are clamped).
  /// Default 1,000.
  public var maxRepeaterCopies = 1_000
  /// Points of a star or polygon (`pt`); a constant or keyframe past it is an error (values
  /// eased past it between keyframes are clamped). Default 1,000.
  public var maxStarPoints = 1_000
  /// Paths drawn in one frame, after repeaters and precompositions. Default 200,000.
  public var maxDrawingsPerFrame = 200_000
  /// Layers in one chain of parents (`parent`), the layer itself included; a chain that comes
  /// back to a layer of its own is an error whatever its length. Default 64.
  public var maxParentDepth = 64
  /// Nesting of JSON arrays and objects in the file. Default 256.
  public var maxJSONDepth = 256
  /// Entries in a dotLottie archive's central directory. Default 10,000.
  public var maxArchiveEntries = 10_000

  public init() {}
}

// MARK: - LottieReader

/// Typed access to a Lottie file's JSON with errors that name the file, the line and column and
/// the JSON path. Lottie tools write many keys Kurukuru does not need: unknown keys are not
/// errors. Values are read in the dialects real files use: booleans as `0`/`1`, whole numbers
/// written as floats (`4.0`), numbers wrapped in one-element arrays.
struct LottieReader {
  let file: String
  let limits: LottieLimits
  /// What the file uses, and what of it is not supported (shared by copies of the reader).
  let report: LottieFeatureReport
  let counters: Counters

  /// Running counts checked against `limits`.
  final class Counters: @unchecked Sendable {
    var layers = 0, shapeItems = 0, keyframes = 0, vertices = 0
  }

  init(file: String, limits: LottieLimits, report: LottieFeatureReport = LottieFeatureReport()) {
    self.file = file
    self.limits = limits
    self.report = report
    counters = Counters()
  }

  // MARK: Errors

  func fail(_ node: JSONNode?, _ path: String, _ message: String, kind: LottieError.Kind = .invalid) -> LottieError {
    LottieError(file: file, location: node?.location, place: path, message: message, kind: kind)
  }

  /// Counts `n` more of something bounded by `limit`.
  func count(_ keyPath: ReferenceWritableKeyPath<Counters, Int>, _ n: Int, limit: Int, what: String, _ node: JSONNode, _ path: String) throws {
    counters[keyPath: keyPath] += n
    if counters[keyPath: keyPath] > limit {
      throw fail(node, path, "more than \(limit) \(what) in the file", kind: .limitExceeded)
    }
  }

  // MARK: Values

  /// The members of an object, by key.
  func object(_ node: JSONNode, _ path: String) throws -> [String: JSONNode] {
    guard case .object(let members) = node.value else {
      throw fail(node, path, "expected an object, got \(node.typeName)")
    }
    var out: [String: JSONNode] = [:]
    for m in members { out[m.key] = m.value }
    return out
  }

  func array(_ node: JSONNode, _ path: String) throws -> [JSONNode] {
    guard case .array(let items) = node.value else { throw fail(node, path, "expected an array, got \(node.typeName)") }
    return items
  }

  /// A number; a one-element array of a number is read as the number.
  func number(_ node: JSONNode, _ path: String) throws -> Double {
    switch node.value {
    case .number(let v):
      guard v.isFinite else { throw fail(node, path, "expected a finite number") }
      return v
    case .bool(let b): return b ? 1 : 0
    case .array(let items) where items.count >= 1:
      return try number(items[0], path + "[0]")
    default:
      throw fail(node, path, "expected a number, got \(node.typeName)")
    }
  }

  /// A number in `range`.
  func number(_ node: JSONNode, _ path: String, in range: ClosedRange<Double>) throws -> Double {
    let v = try number(node, path)
    guard range.contains(v) else {
      throw fail(node, path, "must be in \(NumberText.format(range.lowerBound))…\(NumberText.format(range.upperBound)), got \(NumberText.format(v))")
    }
    return v
  }

  /// A whole number (a float with no fraction counts), in `range`.
  func integer(_ node: JSONNode, _ path: String, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) throws -> Int {
    let v = try number(node, path)
    guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
      throw fail(node, path, "expected a whole number in \(range.lowerBound)…\(range.upperBound), got \(NumberText.format(v))")
    }
    return Int(v)
  }

  /// A boolean: `true`/`false` or a number (non-zero is true).
  func bool(_ node: JSONNode, _ path: String) throws -> Bool {
    switch node.value {
    case .bool(let b): return b
    case .number(let v): return v != 0
    default: throw fail(node, path, "expected a boolean or 0/1, got \(node.typeName)")
    }
  }

  func string(_ node: JSONNode, _ path: String) throws -> String {
    switch node.value {
    case .string(let s): return s
    case .number(let v): return NumberText.format(v)
    default: throw fail(node, path, "expected a string, got \(node.typeName)")
    }
  }

  /// A list of numbers (a single number is a list of one).
  func numbers(_ node: JSONNode, _ path: String) throws -> [Double] {
    switch node.value {
    case .array(let items): return try items.enumerated().map { try number($1, path + "[\($0)]") }
    default: return [try number(node, path)]
    }
  }

  /// `o[key]` when present, else nil.
  func optional<T>(_ o: [String: JSONNode], _ key: String, _ path: String, _ read: (JSONNode, String) throws -> T) throws -> T? {
    guard let node = o[key], node.value != .null else { return nil }
    return try read(node, path + "." + key)
  }

  /// `o[key]`, which must be present.
  func required(_ o: [String: JSONNode], _ key: String, _ owner: JSONNode, _ path: String) throws -> JSONNode {
    guard let node = o[key], node.value != .null else { throw fail(owner, path, "missing required key '\(key)'") }
    return node
  }
}

// MARK: - Feature report

/// What a file uses (feature names with the first JSON path where each appears) and what of it
/// Kurukuru does not draw: `ignored` features are left out with a warning (as the common players
/// do), `refused` ones make the file an error unless the caller allows them.
public final class LottieFeatureReport: @unchecked Sendable {
  /// How Kurukuru treats a feature it does not draw.
  public enum Treatment: Equatable, Sendable {
    /// Left out with a warning; the animation still renders.
    case ignored
    /// An error, unless unsupported features are allowed (then left out with a warning).
    case refused
  }

  /// A feature Kurukuru does not draw.
  public struct Unsupported: Equatable, Sendable {
    public var feature: String
    /// The first JSON path where it appears.
    public var place: String
    public var location: PresetLocation?
    public var treatment: Treatment
    /// What happens instead, for the warning (`the keyframed value is used`).
    public var note: String
  }

  private let lock = NSLock()
  private var used: [(String, String)] = []
  private var usedNames: Set<String> = []
  private var missing: [Unsupported] = []

  public init() {}

  /// Records that the file uses `feature` at `place` (the first place is kept).
  func use(_ feature: String, at place: String) {
    lock.withLock {
      if usedNames.insert(feature).inserted { used.append((feature, place)) }
    }
  }

  /// Records an unsupported feature (the first place is kept).
  func unsupported(_ feature: String, at place: String, location: PresetLocation?, treatment: Treatment, note: String) {
    use(feature, at: place)
    lock.withLock {
      guard !missing.contains(where: { $0.feature == feature }) else { return }
      missing.append(Unsupported(feature: feature, place: place, location: location, treatment: treatment, note: note))
    }
  }

  /// Features used, in the order first met, with their first JSON path.
  public var features: [(name: String, place: String)] { lock.withLock { used.map { (name: $0.0, place: $0.1) } } }

  /// Features not drawn, in the order first met.
  public var unsupported: [Unsupported] { lock.withLock { missing } }
}
