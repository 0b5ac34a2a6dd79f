import KurukuruCore
import KurukuruPresets
import KurukuruRender

// MARK: - BatchError

/// Every failure of the batch stage that is not a failure of a stage it drives.
///
/// Errors of those stages pass through unchanged, for the whole batch (`RenderError` when the
/// output folder cannot be made or a manifest or gallery cannot be written) or as the message of
/// a `BatchFailure` for one preset (`PresetError`, `RasterError`, `GIFError`, `PNGError`,
/// `RenderError`). `description` is one line that names the path or the setting.
public enum BatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An input path is neither a file nor a folder, nor the name of a bundled preset.
  case noSuchInput(path: String)
  /// A folder of presets was expected and the path is not one.
  case noSuchFolder(path: String)
  /// A setting names a parameter that no loaded preset declares.
  case undeclaredSetting(name: String)
  /// A preset's canvas at `scale` pixels per point is outside 1…8192 pixels a side (the
  /// preset file; the scale; the canvas in pixels, rounded).
  case canvasOutOfRange(file: String, scale: Double, width: Double, height: Double)
  /// A file that was just written is gone (its path).
  case missingFile(path: String)
  /// A shard that does not exist: `index` must be in 1…`count`, `count` in 1…1000.
  case invalidShard(index: Int, count: Int)
  /// `--shard auto` found none of the variables `BatchShard.fromEnvironment` reads.
  case noShardInEnvironment
  /// A shard variable of the environment that cannot be used (its name, its value, why).
  case badShardVariable(name: String, value: String, reason: String)
  /// Shard folders that do not join into one batch (`BatchMerge`): the folder, and why.
  case cannotJoin(folder: String, reason: String)
  /// The shards given to a merge leave some out: the shards missing, of `count`.
  case missingShards(missing: [Int], count: Int)

  public var description: String {
    switch self {
    case .noSuchInput(let path):
      if PresetLibrary.isPath(path) { return "\(path): no such file or folder" }
      return "\(path): no such file or folder, and no bundled preset of that name"
        + Suggestion.hint(for: path, in: PresetLibrary.names)
    case .noSuchFolder(let path):
      return "\(path): no such folder of presets"
    case .undeclaredSetting(let name):
      return "batch: setting \(name): no preset declares a parameter \(quoted: name)"
    case .canvasOutOfRange(let file, let scale, let width, let height):
      let n = OutputNaming.number
      return "\(file): scale \(n(scale)) makes a \(n(width))×\(n(height)) px canvas; each side must be 1…8192 px"
    case .missingFile(let path):
      return "\(path): missing"
    case .invalidShard(let index, let count):
      return "batch: shard \(index)/\(count) does not exist; shards are K/N with 1 ≤ K ≤ N ≤ 1000"
    case .noShardInEnvironment:
      return "batch: --shard auto found no shard in the environment: set KURUKURU_SHARD=K/N, or KURUKURU_SHARD_INDEX "
        + "and KURUKURU_SHARD_COUNT, or run in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with KURUKURU_SHARD_COUNT) "
        + "or GitLab parallel: (CI_NODE_INDEX, CI_NODE_TOTAL)"
    case .badShardVariable(let name, let value, let reason):
      return "batch: --shard auto: \(name)=\(quoted: value): \(reason)"
    case .cannotJoin(let folder, let reason):
      return "\(folder): \(reason)"
    case .missingShards(let missing, let count):
      let list = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
      return "batch merge: shard\(missing.count == 1 ? "" : "s") \(list) missing; give every shard's folder"
    }
  }
}

// MARK: - BatchFailure

/// A preset that could not be loaded or one of whose outputs could not be produced. The other
/// presets are rendered anyway.
public struct BatchFailure: Equatable, Sendable {
  /// The preset file, as given or as found in a folder.
  public var file: String
  /// One line that starts with the file: the error's description (for preset errors with the
  /// line and column), after `FILE: ` when it does not name the file first.
  public var message: String

  /// - Parameter message: the error's description; `FILE: ` is put before it unless it starts
  ///   with the file.
  public init(file: String, message: String) {
    self.file = file
    self.message = message.hasPrefix(file) ? message : "\(file): \(message)"
  }
}
