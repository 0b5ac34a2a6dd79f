import Foundation
import KurukuruCodecs
import KurukuruCore
import KurukuruRender

// MARK: - BatchOptions

/// What a batch renders and where.
///
/// ```swift
/// var options = BatchOptions(inputs: ["Presets"], output: "out")
/// options.formats = [GIFFormat(), PNGSequenceFormat()]
/// options.scales = [1, 2, 3]
/// let report = try Batch(options).run()
/// ```
public struct BatchOptions: Sendable {
  /// Preset files, or folders whose `.json` files are presets (not `schema.json`).
  public var inputs: [String]
  /// The output folder; created when missing.
  public var output: String
  /// The formats every preset is written in, at every scale. Default: a GIF with default
  /// options (white matte). Each format's options enter its outputs' cache keys.
  public var formats: [any OutputFormat]
  /// Pixels per point, each > 0. Default `[1]`.
  public var scales: [Double]
  /// Parameter values by name (`--set NAME=VALUE`), applied to every preset that declares the
  /// parameter. Every name must be declared by at least one preset. Default none.
  public var settings: [String: String]
  /// Worker threads (≥ 1), for outputs and, inside each output, for frames. The bytes written
  /// never depend on it. Default: the number of active cores.
  public var jobs: Int
  /// Render only this shard of the presets. Default nil: all of them.
  public var shard: BatchShard?
  /// Render every output even when the previous manifest says it is up to date. Default false.
  public var force: Bool
  /// Title and heading of `index.html`. Default `Kurukuru presets`.
  public var galleryTitle: String
  /// Bounds for every renderer, `maxWork` above all (`--max-work`). Default `Limits()`.
  public var limits: Limits
  /// How Lottie inputs are read (dotLottie animation, unsupported features). Default
  /// `AnimationInput.Options()`.
  public var inputOptions: AnimationInput.Options

  public init(
    inputs: [String], output: String, formats: [any OutputFormat] = [GIFFormat()], scales: [Double] = [1],
    settings: [String: String] = [:], jobs: Int = Renderer.defaultJobs, shard: BatchShard? = nil,
    force: Bool = false, galleryTitle: String = "Kurukuru presets", limits: Limits = Limits(),
    inputOptions: AnimationInput.Options = AnimationInput.Options()
  ) {
    self.limits = limits
    self.inputOptions = inputOptions
    self.inputs = inputs
    self.output = output
    self.formats = formats
    self.scales = scales
    self.settings = settings
    self.jobs = jobs
    self.shard = shard
    self.force = force
    self.galleryTitle = galleryTitle
  }
}

// MARK: - BatchShard

/// One of `count` disjoint parts of the presets, so that several machines can share a batch.
/// A preset file belongs to shard `1 + FNV-1a(file name) mod count`: the split depends on the
/// file's name alone, not on its folder or on which other presets exist.
public struct BatchShard: Equatable, Sendable {
  /// The shard, 1…`count`.
  public let index: Int
  /// The number of shards, 1…1000.
  public let count: Int

  /// Shard `index` of `count`.
  /// - Throws: `BatchError.invalidShard` unless 1 ≤ index ≤ count ≤ 1000.
  public init(_ index: Int, of count: Int) throws {
    guard count >= 1, count <= 1000, index >= 1, index <= count else {
      throw BatchError.invalidShard(index: index, count: count)
    }
    self.index = index
    self.count = count
  }

  /// A shard written `K/N` (as `batch --shard` takes it), or nil unless 1 ≤ K ≤ N ≤ 1000.
  public init?(_ text: String) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), let shard = try? BatchShard(k, of: n) else {
      return nil
    }
    self = shard
  }

  /// Whether the preset at `path` belongs to this shard (by its last path component).
  public func contains(_ path: String) -> Bool {
    Int(BatchShard.fnv1a(URL(fileURLWithPath: path).lastPathComponent) % UInt64(count)) == index - 1
  }

  /// 64-bit FNV-1a of the UTF-8 bytes: a hash that never changes between runs or machines.
  package static func fnv1a(_ s: String) -> UInt64 { FNV1a64.hash(s) }
}
