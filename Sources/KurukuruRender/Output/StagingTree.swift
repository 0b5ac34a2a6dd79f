import Foundation

// MARK: - StagingTree

/// A staging folder for outputs that are a tree of files (app bundles: `res/drawable-xhdpi/…`,
/// `NAME0.imageset/…`), beside the destination like `StagingDirectory`.
///
/// Files are written into the staging folder (from any thread) and reach the destination only in
/// `commit`: when the destination does not exist yet, the whole tree is moved in with one
/// `rename`; otherwise each file is renamed over its counterpart, so files of the destination
/// that the bundle does not own (an app's other resources) stay. If `commit` is never called
/// (a frame failed), the staging folder is removed and the destination is untouched.
package final class StagingTree: @unchecked Sendable {
  /// Where files are written until `commit`.
  package let path: String
  /// The folder the files end up in.
  package let destination: String

  private let lock = NSLock()
  private var madeDirectories: Set<String> = [""]
  private var sizes: [String: Int] = [:]
  private var committed = false

  /// - Throws: `RenderError` when the destination is a file or the staging folder cannot be made.
  package init(destination: String) throws {
    self.destination = destination
    path = try AtomicFile.stagingFolder(for: destination)
  }

  // MARK: - Writing

  /// Writes one file at `relative` (e.g. `res/drawable/spinner.xml`), creating its folders.
  /// Safe to call from several threads at once.
  /// - Throws: `RenderError.cannotWrite` naming the file in the destination.
  package func write(_ bytes: [UInt8], at relative: String) throws {
    let folder = (relative as NSString).deletingLastPathComponent
    // Made under the lock: another thread must not write into a folder still being made.
    try lock.withLock {
      if !madeDirectories.contains(folder) {
        try AtomicFile.createDirectory(path + "/" + folder)
        madeDirectories.insert(folder)
      }
    }
    try AtomicFile.writePlain(bytes, to: path + "/" + relative, naming: destination + "/" + relative)
    lock.lock()
    sizes[relative] = bytes.count
    lock.unlock()
  }

  /// Bytes written so far, in all files.
  package var totalBytes: Int {
    lock.lock()
    defer { lock.unlock() }
    return sizes.values.reduce(0, +)
  }

  // MARK: - Committing

  /// Moves the staged tree into the destination and removes files of the destination for which
  /// `isStale(relativePath)` is true and that the staging did not produce (frames of an earlier,
  /// longer render), then folders that this left empty. Folders are made before the first file
  /// moves, so a file in the way of a folder fails with no file of the destination changed.
  /// - Throws: `RenderError.notAFolder` for a file in the way, `.cannotWrite` naming a file that
  ///   could not be moved.
  package func commit(removingStale isStale: (String) -> Bool) throws {
    let fm = FileManager.default
    defer {
      committed = true
      try? fm.removeItem(atPath: path)
    }
    if !fm.fileExists(atPath: destination), rename(path, destination) == 0 { return }
    try AtomicFile.createDirectory(destination)
    let staged = lock.withLock { sizes }
    // Every folder first, so that a file in the way fails before any file is moved.
    for folder in Set(staged.keys.map { ($0 as NSString).deletingLastPathComponent }).sorted() where !folder.isEmpty {
      try AtomicFile.createDirectory(destination + "/" + folder)
    }
    for relative in staged.keys.sorted() {
      let target = destination + "/" + relative
      if rename(path + "/" + relative, target) != 0 {
        throw RenderError.cannotWrite(path: target, reason: String(cString: strerror(errno)))
      }
    }
    var emptied: Set<String> = []
    for relative in StagingTree.files(under: destination) where staged[relative] == nil && isStale(relative) {
      if (try? fm.removeItem(atPath: destination + "/" + relative)) != nil {
        emptied.insert((relative as NSString).deletingLastPathComponent)
      }
    }
    // Deepest first, so a folder emptied by removing its empty child goes too.
    for folder in emptied.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
      let full = destination + "/" + folder
      if (try? fm.contentsOfDirectory(atPath: full))?.isEmpty == true { try? fm.removeItem(atPath: full) }
    }
  }

  /// The regular files under `root`, as paths relative to it, sorted.
  package static func files(under root: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDir), !isDir.boolValue {
        files.append(relative)
      }
    }
    return files.sorted()
  }

  deinit {
    if !committed { try? FileManager.default.removeItem(atPath: path) }
  }
}
