import Foundation

// MARK: - AtomicFile

/// Writes output files so that an interrupted or failed run never leaves a truncated file: the
/// bytes go to a partial sibling first (`PartialOutputs`) and are renamed over the destination at
/// the end. Every file the pipeline writes goes through here, `StagingDirectory` or
/// `StagingTree`, and so through `OutputDirectory`, which never follows a link inside the output
/// folder.
package enum AtomicFile {
  /// Writes `bytes` to the file `target` atomically, creating its folders: a plain write to a
  /// partial sibling, then a rename. No fsync (as ffmpeg, gifsicle or img2webp): a failed run
  /// leaves nothing, and the bytes reach the disk when the system writes them back.
  /// - Throws: `RenderError.cannotWrite`, `.notAFolder`, `.notAFile` or `.symbolicLink` naming
  ///   the path.
  package static func write(_ bytes: [UInt8], to target: OutputTarget) throws {
    guard let name = target.name else { throw RenderError.notAFile(path: target.path) }
    var created = CreatedFolders()
    do {
      try target.openParent(recording: &created).replace(name, with: bytes, display: target.path)
    } catch {
      created.removeEmpty()
      throw error
    }
  }

  /// Writes `bytes` to a path a person gave (`OutputTarget(path:)`).
  /// - Throws: as `write(_:to:)` with a target, and `RenderError.unsafePath`.
  package static func write(_ bytes: [UInt8], to path: String) throws {
    try write(bytes, to: OutputTarget(path: path))
  }
}

// MARK: - PartialFolder

/// The partial folder of an output that is a folder: made in the destination's parent (in the
/// destination itself when that is the caller's own folder), registered with `PartialOutputs`.
/// `StagingDirectory` and `StagingTree` fill one and move it in.
struct PartialFolder {
  /// Holds the partial folder, and the destination unless the destination is `parent` itself.
  let parent: OutputDirectory
  /// The partial folder.
  let folder: OutputDirectory
  let partial: PartialOutputs.Partial
  let destination: OutputTarget
  /// Folders made on the way to the destination, removed again when the output is not committed.
  let created: CreatedFolders

  /// - Throws: `RenderError.notAFolder` or `.symbolicLink` when something else has the
  ///   destination's name, `.cannotWrite` when the partial folder cannot be made.
  init(for destination: OutputTarget) throws {
    self.destination = destination
    var created = CreatedFolders()
    do {
      parent = try destination.openParent(recording: &created)
      if let name = destination.name {
        switch parent.kind(of: name) {
        case .symbolicLink?: throw RenderError.symbolicLink(path: destination.path)
        case .file?, .other?: throw RenderError.notAFolder(path: destination.path)
        case .folder?, nil: break
        }
      }
    } catch {
      created.removeEmpty()
      throw error
    }
    self.created = created
    let partial: PartialOutputs.Partial
    do {
      partial = try PartialOutputs.shared.begin(in: parent, for: destination.name ?? "kurukuru")
    } catch {
      created.removeEmpty()
      throw error
    }
    self.partial = partial
    do {
      folder = try parent.makeFolder(partial.name, display: destination.path)
    } catch {
      PartialOutputs.shared.end(partial)
      created.removeEmpty()
      throw error
    }
  }

  /// Renames the partial folder to the destination when nothing has its name yet (a new
  /// destination: one rename instead of one per file).
  /// - Returns: whether it was renamed.
  func moveInWhole() -> Bool {
    guard let name = destination.name, parent.moveIfAbsent(partial.name, to: parent, as: name) else { return false }
    PartialOutputs.shared.end(partial)
    return true
  }

  /// The destination folder, created when missing, for moving files in one by one.
  /// - Throws: `RenderError.symbolicLink`, `.notAFolder`, `.cannotWrite`.
  func openDestination() throws -> OutputDirectory {
    try destination.name.map { try parent.folder($0, create: true) } ?? parent
  }

  /// Removes the partial folder and what is left in it.
  func remove() {
    parent.removeTree(partial.name)
    PartialOutputs.shared.end(partial)
  }

  /// Removes the partial folder and the folders made for it: the output was not committed.
  func discard() {
    remove()
    created.removeEmpty()
  }
}

// MARK: - StagingDirectory

/// A staging folder for an output that is a folder of files (PNG frames, diff images): the files
/// are written into a partial folder beside the destination (inside it when the destination is
/// the caller's own folder) and moved in only by `commit`; without `commit` (a frame failed) the
/// partial folder is removed and the destination is untouched.
package final class StagingDirectory: @unchecked Sendable {
  /// The folder the files end up in.
  package var destination: OutputTarget { staging.destination }
  private let staging: PartialFolder
  private var committed = false

  /// - Throws: `RenderError.notAFolder` or `.symbolicLink` when something else has the
  ///   destination's name, `.cannotWrite` when the partial folder cannot be made.
  package init(destination: OutputTarget) throws {
    staging = try PartialFolder(for: destination)
  }

  /// Writes one file into the staging folder: plain open, write, close.
  /// - Throws: `RenderError.cannotWrite` naming the file in the destination.
  package func write(_ bytes: [UInt8], named name: String) throws {
    try staging.folder.create(name, bytes, display: destination.path + "/" + name)
  }

  /// The bytes of a file written into the staging folder, or nil.
  package func read(named name: String) -> [UInt8]? { staging.folder.read(name) }

  /// Moves every staged file into the destination (replacing files of the same name) and
  /// removes the regular files matching `isStale` that the staging did not produce. A
  /// destination that does not exist yet is the staging folder renamed, in one step.
  /// - Throws: `RenderError.cannotWrite` naming a file that could not be moved,
  ///   `.symbolicLink` or `.notAFolder` when something else has a name that a file goes to.
  package func commit(removingStale isStale: (String) -> Bool) throws {
    committed = true
    if staging.moveInWhole() { return }
    defer { staging.remove() }
    let target = try staging.openDestination()
    let staged = staging.folder.names()
    for name in staged { try staging.folder.move(name, to: target, as: name, display: destination.path + "/" + name) }
    let produced = Set(staged)
    for name in target.names() where !produced.contains(name) && isStale(name) { target.removeFile(name) }
  }

  deinit {
    if !committed { staging.discard() }
  }
}
