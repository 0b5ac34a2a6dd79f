import Foundation
import KurukuruCore
import KurukuruRender

// MARK: - BatchMerge

/// Joins the folders that the shards of one batch wrote (`batch --shard K/N` on several
/// machines, uploaded as artifacts) into one folder that is, file for file, what one machine's
/// batch of the same inputs writes: every output, `manifest.json` (`Manifest.overlaid(with:)`)
/// and `index.html` (made from the manifest).
///
/// Before anything is written the folders are checked: each has a manifest written by this
/// version of Kurukuru for the same batch (`Manifest.batch`), no shard is held twice and none
/// is missing, and every output its manifest lists is there as listed (a file by its SHA-256, a
/// folder by its total size). The first problem is the error, naming the folder.
public enum BatchMerge {
  /// What a merge did.
  public struct Report: Sendable {
    /// The joined manifest, as written.
    public var manifest: Manifest
    /// Outputs copied into the output folder (those already there, when it is one of the
    /// shards, are not counted).
    public var copied: Int
    /// Path of `manifest.json` and of `index.html` in the output folder.
    public var manifestPath: String, galleryPath: String
  }

  /// Joins `folders` into `output` (which may be one of them; it is created when missing).
  /// - Throws: `BatchError.cannotJoin` naming the first folder that does not fit,
  ///   `.missingShards`; `RenderError` when the output cannot be written.
  @discardableResult
  public static func merge(_ folders: [String], into output: String) throws -> Report {
    guard let firstFolder = folders.first else { throw BatchError.cannotJoin(folder: "batch merge", reason: "name at least one shard folder") }
    var manifests: [Manifest] = []
    for folder in folders {
      guard let root = try? OutputDirectory.trusted(folder, create: false) else {
        throw BatchError.cannotJoin(folder: folder, reason: "no such folder")
      }
      guard let manifest = root.read(Manifest.fileName).flatMap(Manifest.parse) else {
        throw BatchError.cannotJoin(folder: folder, reason: "no manifest.json: not the output folder of a batch")
      }
      guard manifest.tool == ToolVersion.name else {
        throw BatchError.cannotJoin(
          folder: folder, reason: "made by \(manifest.tool.isEmpty ? "an unknown tool" : manifest.tool), not \(ToolVersion.name): join shards made by one version")
      }
      guard !manifest.batch.isEmpty else {
        throw BatchError.cannotJoin(folder: folder, reason: "its manifest does not say which batch it belongs to")
      }
      if let first = manifests.first, manifest.batch != first.batch {
        throw BatchError.cannotJoin(
          folder: folder, reason: "made with other options than \(firstFolder) (inputs, formats, scales, settings, title or limits differ)")
      }
      manifests.append(manifest)
    }
    try checkShards(folders, manifests)
    for (folder, manifest) in zip(folders, manifests) { try checkOutputs(manifest, in: folder) }

    // Every output into the output folder, then the manifest and gallery under its lock.
    let root = try OutputDirectory.trusted(output, create: true)
    PartialOutputs.shared.removeStale(in: root)
    var copied = 0
    for (folder, manifest) in zip(folders, manifests) where !sameFolder(folder, output) {
      for entry in manifest.outputs {
        try copy(entry.path, from: folder, to: output)
        copied += 1
      }
    }
    var joined = manifests.dropFirst().reduce(manifests[0]) { $0.overlaid(with: $1) }
    joined.shards = nil
    let manifestTarget = try OutputTarget(folder: output, relative: Manifest.fileName)
    let galleryTarget = try OutputTarget(folder: output, relative: "index.html")
    try BatchFolderLock.withLock(output) { try Batch.write(joined, manifest: manifestTarget, gallery: galleryTarget) }
    return Report(manifest: joined, copied: copied, manifestPath: manifestTarget.path, galleryPath: galleryTarget.path)
  }

  // MARK: - Checks

  /// Checks that the folders hold every shard of one split once.
  /// - Returns: the number of shards (1 when one folder holds the whole batch).
  /// - Throws: `BatchError.cannotJoin` for a shard held twice or of another split,
  ///   `.missingShards`.
  @discardableResult
  static func checkShards(_ folders: [String], _ manifests: [Manifest]) throws -> Int {
    let count = manifests.compactMap(\.shards?.count).first ?? 1
    var holder: [Int: String] = [:]
    for (folder, manifest) in zip(folders, manifests) {
      let held = manifest.shards.map(\.done) ?? Array(1...count)
      if let shards = manifest.shards, shards.count != count {
        let other = zip(folders, manifests).first { $0.1.shards?.count == count }?.0 ?? ""
        throw BatchError.cannotJoin(
          folder: folder, reason: "holds shards of a split in \(shards.count), and \(other) of a split in \(count)")
      }
      for k in held {
        if let other = holder[k] {
          throw BatchError.cannotJoin(
            folder: folder,
            reason: manifest.shards == nil
              ? "holds the whole batch, and \(other) holds shard \(k)/\(count) of it too" : "shard \(k)/\(count) is also in \(other)")
        }
        holder[k] = folder
      }
    }
    let missing = (1...count).filter { holder[$0] == nil }
    guard missing.isEmpty else { throw BatchError.missingShards(missing: missing, count: count) }
    return count
  }

  /// Checks that every output `manifest` lists is in `folder` as listed.
  /// - Throws: `BatchError.cannotJoin` naming the first output that is missing or changed.
  static func checkOutputs(_ manifest: Manifest, in folder: String) throws {
    for entry in manifest.outputs {
      guard Manifest.isPresent(entry, in: folder) else {
        throw BatchError.cannotJoin(folder: folder, reason: "\(entry.path): missing, or changed since its manifest was written")
      }
      if let bytes = try? read(entry.path, in: folder), SHA256.hex(bytes) != entry.sha256 {
        throw BatchError.cannotJoin(folder: folder, reason: "\(entry.path): changed since its manifest was written")
      }
    }
  }

  // MARK: - Copying

  /// Whether two folder paths are one folder.
  static func sameFolder(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard stat(a.isEmpty ? "." : a, &sa) == 0, stat(b.isEmpty ? "." : b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }

  /// The bytes of the file at `path` below `folder`, never through a link; nil when it is not a
  /// file.
  static func read(_ path: String, in folder: String) throws -> [UInt8]? {
    let target = try OutputTarget(folder: folder, relative: path)
    guard let name = target.name else { return nil }
    let parent = try OutputDirectory.trusted(folder, create: false).descend(target.components.dropLast(), create: false)
    guard parent.kind(of: name) == .file else { return nil }
    return parent.read(name)
  }

  /// Copies the output at `path` (a file, or a folder with all its files) from one folder to
  /// another, each file written atomically.
  static func copy(_ path: String, from source: String, to output: String) throws {
    if let bytes = try read(path, in: source) {
      try AtomicFile.write(bytes, to: OutputTarget(folder: output, relative: path))
      return
    }
    let target = try OutputTarget(folder: source, relative: path)
    let parent = try OutputDirectory.trusted(source, create: false).descend(target.components.dropLast(), create: false)
    guard let name = target.name, parent.kind(of: name) == .folder else {
      throw BatchError.cannotJoin(folder: source, reason: "\(path): missing")
    }
    let folder = try parent.folder(name, create: false)
    for file in folder.files() {
      guard let bytes = try read(path + "/" + file, in: source) else {
        throw BatchError.cannotJoin(folder: source, reason: "\(path)/\(file): missing")
      }
      try AtomicFile.write(bytes, to: OutputTarget(folder: output, relative: path + "/" + file))
    }
  }
}
