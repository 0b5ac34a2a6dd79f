import Foundation
import KurukuruCore
import KurukuruRender

// MARK: - Manifest

/// `manifest.json` of a batch output folder: every output with its digest, size, timing and the
/// cache key it was rendered for. Batch reads the previous run's manifest to skip outputs that
/// are up to date and writes the new one at the end.
///
/// It is also everything the gallery shows (`presets`, `failures`, `title`): `index.html` is a
/// function of the manifest alone, so shards of one batch join by joining their manifests
/// (`Manifest.joined`, `BatchMerge`), whichever machine wrote them.
///
/// The JSON is written by hand so that its bytes are stable: keys in a fixed order, two-space
/// indent, whole numbers without a fraction, a trailing newline; `batch`, `title`, `shards`,
/// `presets` and `failures` only when set.
public struct Manifest: Equatable, Sendable {
  /// The tool that wrote the manifest, e.g. `kurukuru 0.1.0`.
  public var tool: String
  /// What the batch was asked (`BatchOptions.fingerprint`: inputs, formats, scales, settings,
  /// title, limits), as 64 hex digits; empty in a manifest made by hand. Shards join only when
  /// it is the same.
  public var batch: String
  /// The gallery's title.
  public var title: String
  /// The shards this manifest holds, when it holds only some of a sharded batch; nil when it
  /// holds every preset (an unsharded batch, or every shard joined).
  public var shards: ShardSet?
  /// Every preset that loaded, in input order, with what its gallery card shows (a preset that
  /// is also among `failures` gets no card).
  public var presets: [PresetRecord]
  /// The outputs, in plan order (per preset: formats × scales, contact sheet, previews).
  public var outputs: [Entry]
  /// The presets that failed, in input order.
  public var failures: [FailureRecord]

  /// Creates a manifest. `tool` defaults to `ToolVersion.name`.
  public init(
    tool: String = ToolVersion.name, batch: String = "", title: String = "", shards: ShardSet? = nil,
    presets: [PresetRecord] = [], outputs: [Entry], failures: [FailureRecord] = []
  ) {
    self.tool = tool
    self.batch = batch
    self.title = title
    self.shards = shards
    self.presets = presets
    self.outputs = outputs
    self.failures = failures
  }

  /// The manifest's name inside an output folder.
  public static let fileName = "manifest.json"

  // MARK: - Entry

  /// One output file or folder.
  public struct Entry: Equatable, Sendable {
    /// Path relative to the output folder, e.g. `loader@2x.gif`, `previews/loader-dark.gif`.
    public var path: String
    /// The scene name of the preset it shows.
    public var preset: String
    /// The output format's name (`gif`, `png`) or `contact-sheet`.
    public var format: String
    /// Pixels per point.
    public var scale: Double
    /// Size in bytes (all files of a folder together).
    public var bytes: Int
    /// Frames in the loop as rendered for this output.
    public var frames: Int
    /// Frames per second as rendered for this output.
    public var fps: Double
    /// Loop length in seconds.
    public var duration: Double
    /// SHA-256 of the file as 64 lower-case hex digits; for a folder, the SHA-256 of the
    /// concatenated hex digests of its files in frame order.
    public var sha256: String
    /// SHA-256 of the preset file's bytes.
    public var presetHash: String
    /// The cache key: SHA-256 of everything the output depends on (tool version, preset bytes,
    /// settings, format and its options, scale).
    public var key: String

    public init(
      path: String, preset: String, format: String, scale: Double, bytes: Int, frames: Int, fps: Double,
      duration: Double, sha256: String, presetHash: String, key: String
    ) {
      self.path = path
      self.preset = preset
      self.format = format
      self.scale = scale
      self.bytes = bytes
      self.frames = frames
      self.fps = fps
      self.duration = duration
      self.sha256 = sha256
      self.presetHash = presetHash
      self.key = key
    }
  }

  // MARK: - Reading

  /// The manifest at `path`, or nil when it is missing or not a manifest. Entries without a
  /// path, key or digest are left out; other missing fields read as 0 or empty.
  public static func read(_ path: String) -> Manifest? {
    FileManager.default.contents(atPath: path).flatMap { parse([UInt8]($0)) }
  }

  /// The manifest in `bytes`, or nil when they are not a manifest (as `read(_:)`).
  /// Numbers are read by the project's own JSON parser, which gives every written number back
  /// exactly, to the last bit (Foundation's reader on Linux can be a unit in the last place off).
  public static func parse(_ bytes: [UInt8]) -> Manifest? {
    var parser = JSONParser(text: String(decoding: bytes, as: UTF8.self), file: fileName)
    guard let node = try? parser.parse(), let root = plain(node) as? [String: Any],
      let outputs = root["outputs"] as? [[String: Any]]
    else { return nil }
    var manifest = Manifest(tool: root["tool"] as? String ?? "", outputs: entries(outputs))
    manifest.batch = root["batch"] as? String ?? ""
    manifest.title = root["title"] as? String ?? ""
    manifest.shards = (root["shards"] as? [String: Any]).flatMap(ShardSet.init(json:))
    manifest.presets = (root["presets"] as? [[String: Any]] ?? []).compactMap(PresetRecord.init(json:))
    manifest.failures = (root["failures"] as? [[String: Any]] ?? []).compactMap(FailureRecord.init(json:))
    return manifest
  }

  /// A parsed JSON value as Foundation's reader gives it: dictionaries, arrays, strings,
  /// `NSNumber`s, `Bool`s and `NSNull`.
  private static func plain(_ node: JSONNode) -> Any {
    switch node.value {
    case .null: return NSNull()
    case .bool(let b): return b
    case .number(let v): return NSNumber(value: v)
    case .string(let s): return s
    case .array(let items): return items.map(plain)
    case .object(let members):
      var out: [String: Any] = [:]
      for m in members where out[m.key] == nil { out[m.key] = plain(m.value) }
      return out
    }
  }

  /// The output entries of a parsed `outputs` array.
  private static func entries(_ outputs: [[String: Any]]) -> [Entry] {
    return outputs.compactMap { o -> Entry? in
      guard let p = o["path"] as? String, let key = o["key"] as? String, let sha = o["sha256"] as? String else {
        return nil
      }
      return Entry(
        path: p, preset: o["preset"] as? String ?? "", format: o["format"] as? String ?? "",
        scale: (o["scale"] as? NSNumber)?.doubleValue ?? 1, bytes: (o["bytes"] as? NSNumber)?.intValue ?? 0,
        frames: (o["frames"] as? NSNumber)?.intValue ?? 0, fps: (o["fps"] as? NSNumber)?.doubleValue ?? 0,
        duration: (o["duration"] as? NSNumber)?.doubleValue ?? 0, sha256: sha,
        presetHash: o["presetHash"] as? String ?? "", key: key)
    }
  }

  /// The entries by path (the last one wins when a path repeats).
  public var entriesByPath: [String: Entry] {
    Dictionary(outputs.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
  }

  // MARK: - Writing

  /// The JSON text, ending in a newline: keys in a fixed order, two-space indentation.
  public var json: String {
    var members: [(String, JSONOut)] = [("tool", .string(tool))]
    if !batch.isEmpty { members.append(("batch", .string(batch))) }
    if !title.isEmpty { members.append(("title", .string(title))) }
    if let shards { members.append(("shards", shards.jsonValue)) }
    if !presets.isEmpty { members.append(("presets", .array(presets.map(\.jsonValue)))) }
    members.append(
      ("outputs", .array(outputs.map { e in
        .object([
          ("path", .string(e.path)), ("preset", .string(e.preset)), ("format", .string(e.format)),
          ("scale", .number(e.scale)), ("bytes", .int(e.bytes)), ("frames", .int(e.frames)), ("fps", .number(e.fps)),
          ("duration", .number(e.duration)), ("sha256", .string(e.sha256)), ("presetHash", .string(e.presetHash)),
          ("key", .string(e.key)),
        ])
      })))
    if !failures.isEmpty { members.append(("failures", .array(failures.map(\.jsonValue)))) }
    return JSONOut.object(members).render() + "\n"
  }

  /// Writes `json` to `target` atomically.
  /// - Throws: `RenderError.cannotWrite`, `.notAFolder` or `.symbolicLink`.
  public func write(to target: OutputTarget) throws {
    try AtomicFile.write(Array(json.utf8), to: target)
  }

  // MARK: - Checking and hashing files

  /// Whether the output `entry` describes is still in `folder` as it was written: a file of
  /// `entry.bytes` bytes, or a folder (a frame sequence or an app bundle, with subfolders) whose
  /// files add up to `entry.bytes` bytes.
  /// Links are never followed: an output replaced by a link is not present.
  public static func isPresent(_ entry: Entry, in folder: String) -> Bool {
    guard let target = try? OutputTarget(folder: folder, relative: entry.path), let name = target.name,
      let parent = try? OutputDirectory.trusted(folder, create: false).descend(target.components.dropLast(), create: false)
    else { return false }
    switch parent.kind(of: name) {
    case .file?:
      return parent.fileSize(name) == entry.bytes
    case .folder?:
      guard let output = try? parent.folder(name, create: false) else { return false }
      var total = 0
      for file in output.files() {
        let parts = file.split(separator: "/").map(String.init)
        guard let last = parts.last, let holder = try? output.descend(parts.dropLast(), create: false) else { return false }
        total += holder.fileSize(last) ?? 0
      }
      return total == entry.bytes
    default:
      return false
    }
  }

  /// A file's digest and size, read without following a link.
  /// - Throws: `BatchError.missingFile`.
  public static func hashFile(_ target: OutputTarget) throws -> Digest {
    guard let bytes = read(target) else { throw BatchError.missingFile(path: target.path) }
    return Digest(sha256: SHA256.hex(bytes), bytes: bytes.count)
  }

  /// A folder's digest: SHA-256 over the hex digests of the files `names` (relative to
  /// `target`) in that order, and their total size.
  /// - Throws: `BatchError.missingFile` naming the first file that is missing.
  public static func hashFolder(_ target: OutputTarget, names: [String]) throws -> Digest {
    var hash = SHA256()
    var total = 0
    for name in names {
      guard let file = try? target.appending(name), let bytes = read(file) else {
        throw BatchError.missingFile(path: "\(target.path)/\(name)")
      }
      total += bytes.count
      hash.update(Array(SHA256.hex(bytes).utf8))
    }
    return Digest(sha256: hash.hexDigest(), bytes: total)
  }

  /// The bytes of the file `target`, never through a link below its folder.
  private static func read(_ target: OutputTarget) -> [UInt8]? {
    guard let name = target.name,
      let parent = try? OutputDirectory.trusted(target.folder, create: false).descend(target.components.dropLast(), create: false)
    else { return nil }
    return parent.read(name)
  }

  /// A digest and a size.
  public struct Digest: Equatable, Sendable {
    /// 64 lower-case hex digits.
    public var sha256: String
    /// Size in bytes.
    public var bytes: Int
  }
}
