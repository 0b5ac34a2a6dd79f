import Foundation

// MARK: - StagingTree

/// A staging folder for outputs that are a tree of files (app bundles: `res/drawable-xhdpi/…`,
/// `NAME0.imageset/…`), beside the destination like `StagingDirectory` (inside it when the
/// destination is the caller's own folder, such as an app's source folder).
///
/// Files are written into the staging folder (from any thread) and reach the destination only in
/// `commit`: when the destination does not exist yet, the whole tree is moved in with one
/// `rename`; otherwise each file is renamed over its counterpart, so files of the destination
/// that the bundle does not own (an app's other resources) stay. If `commit` is never called
/// (a frame failed), the staging folder is removed and the destination is untouched. No
/// folder of the destination is entered through a link.
package final class StagingTree: @unchecked Sendable {
  /// The folder the files end up in.
  package var destination: OutputTarget { partial.destination }

  private let partial: PartialFolder
  private var staging: OutputDirectory { partial.folder }
  private let lock = NSLock()
  private var folders: [String: OutputDirectory] = [:]
  private var sizes: [String: Int] = [:]
  private var committed = false

  /// - Throws: `RenderError.notAFolder` or `.symbolicLink` when something else has the
  ///   destination's name, `.cannotWrite` when the staging folder cannot be made.
  package init(destination: OutputTarget) throws {
    partial = try PartialFolder(for: destination)
    folders[""] = partial.folder
  }

  // MARK: - Writing

  /// Writes one file at `relative` (e.g. `res/drawable/spinner.xml`), creating its folders.
  /// Safe to call from several threads at once.
  /// - Throws: `RenderError.cannotWrite` naming the file in the destination, `.unsafePath`.
  package func write(_ bytes: [UInt8], at relative: String) throws {
    let display = destination.path + "/" + relative
    var parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard let name = parts.popLast() else { throw RenderError.unsafePath(path: display, reason: "an empty name") }
    let key = parts.joined(separator: "/")
    // Made under the lock: another thread must not write into a folder still being made.
    let folder = try lock.withLock {
      if let made = folders[key] { return made }
      let made = try staging.descend(parts, create: true)
      folders[key] = made
      return made
    }
    try folder.create(name, bytes, display: display)
    lock.withLock { sizes[parts.isEmpty ? name : key + "/" + name] = bytes.count }
  }

  /// Bytes written so far, in all files.
  package var totalBytes: Int {
    lock.withLock { sizes.values.reduce(0, +) }
  }

  // MARK: - Committing

  /// Moves the staged tree into the destination and removes files of the destination for which
  /// `isStale(relativePath)` is true and that the staging did not produce (frames of an earlier,
  /// longer render), then folders that this left empty. Folders are made before the first file
  /// moves, so a file or a link in the way of a folder fails with no file of the destination
  /// changed.
  /// - Throws: `RenderError.notAFolder` for a file in the way, `.symbolicLink` for a link,
  ///   `.cannotWrite` naming a file that could not be moved.
  package func commit(removingStale isStale: (String) -> Bool) throws {
    committed = true
    if partial.moveInWhole() { return }
    defer { partial.remove() }
    let target = try partial.openDestination()
    let staged = lock.withLock { sizes }
    // Every folder first, so that a file in the way fails before any file is moved.
    var opened: [String: (staged: OutputDirectory, target: OutputDirectory)] = ["": (staging, target)]
    for relative in staged.keys {
      let parts = relative.split(separator: "/").map(String.init).dropLast()
      let key = parts.joined(separator: "/")
      if opened[key] == nil {
        opened[key] = (try staging.descend(parts, create: false), try target.descend(parts, create: true))
      }
    }
    for relative in staged.keys.sorted() {
      let parts = relative.split(separator: "/").map(String.init)
      guard let name = parts.last, let pair = opened[parts.dropLast().joined(separator: "/")] else { continue }
      try pair.staged.move(name, to: pair.target, as: name, display: destination.path + "/" + relative)
    }
    var emptied: Set<String> = []
    for relative in target.files() where staged[relative] == nil && isStale(relative) {
      let parts = relative.split(separator: "/").map(String.init)
      guard let name = parts.last, let folder = try? target.descend(parts.dropLast(), create: false) else { continue }
      if folder.removeFile(name) { emptied.insert(parts.dropLast().joined(separator: "/")) }
    }
    // Deepest first, so a folder emptied by removing its empty child goes too.
    for folder in emptied.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
      let parts = folder.split(separator: "/").map(String.init)
      guard let name = parts.last, let holder = try? target.descend(parts.dropLast(), create: false) else { continue }
      holder.removeFolderIfEmpty(name)
    }
  }

  /// The regular files under the folder `root`, as paths relative to it, sorted; links are
  /// neither listed nor followed.
  package static func files(under root: String) -> [String] {
    (try? OutputDirectory.trusted(root, create: false))?.files() ?? []
  }

  deinit {
    if !committed { partial.discard() }
  }
}
