import Foundation

// MARK: - AtomicFile

/// Writes output files so that an interrupted or failed run never leaves a truncated file: the
/// bytes go to a temporary sibling first and are renamed over the destination at the end. Every
/// file the pipeline writes goes through here or through `StagingDirectory`.
package enum AtomicFile {
  /// Writes `bytes` to `path` atomically, creating parent directories: a plain write to a
  /// temporary sibling, then a rename. No fsync (as ffmpeg, gifsicle or img2webp): a failed run
  /// leaves nothing, but the bytes reach the disk when the system writes them back; Foundation's
  /// atomic write synced every file, up to 100 ms each on a busy disk, more than encoding a
  /// small loader.
  /// - Throws: `RenderError.cannotWrite` or `.notAFolder` naming the path.
  package static func write(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent()
    try createDirectory(dir.path)
    let temp = dir.appendingPathComponent(".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
    do {
      try writePlain(bytes, to: temp.path, naming: path)
    } catch {
      try? FileManager.default.removeItem(at: temp)
      throw error
    }
    if rename(temp.path, path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temp)
      throw RenderError.cannotWrite(path: path, reason: reason)
    }
  }

  /// A fresh, empty staging folder beside `destination` (`.NAME.partial-PID`), for writing a
  /// folder's files before they are moved in; the destination's parent is created if missing.
  /// - Throws: `RenderError.notAFolder` when the destination is a file, `.cannotWrite` otherwise.
  package static func stagingFolder(for destination: String) throws -> String {
    let url = URL(fileURLWithPath: destination)
    let parent = url.deletingLastPathComponent().path
    try createDirectory(parent)
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: destination, isDirectory: &isDir), !isDir.boolValue {
      throw RenderError.notAFolder(path: destination)
    }
    let path = URL(fileURLWithPath: parent).appendingPathComponent(
      ".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)").path
    try? FileManager.default.removeItem(atPath: path)
    try createDirectory(path)
    return path
  }

  /// Creates or truncates `path` and writes `bytes` to it: plain open, write, close.
  /// - Throws: `RenderError.cannotWrite` naming `target` (the path people asked for).
  package static func writePlain(_ bytes: [UInt8], to path: String, naming target: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw RenderError.cannotWrite(path: target, reason: String(cString: strerror(errno))) }
    var failure: String?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let n = posixWrite(fd, base + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += n
      }
    }
    if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure { throw RenderError.cannotWrite(path: target, reason: failure) }
  }

  /// Creates a directory and its parents if missing.
  /// - Throws: `RenderError.notAFolder` when a file is in the way, `.cannotWrite` otherwise.
  package static func createDirectory(_ path: String) throws {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
      guard isDir.boolValue else { throw RenderError.notAFolder(path: path) }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw RenderError.cannotWrite(path: path, reason: "cannot create the directory")
    }
  }
}

// MARK: - StagingDirectory

/// A staging directory beside the destination: files are written there and moved into the
/// destination only when everything succeeded; on failure (or if `commit` is never called) it
/// is removed.
package final class StagingDirectory {
  /// Where files are written until `commit`.
  package let path: String
  /// The folder the files end up in.
  package let destination: String
  private var committed = false

  /// - Throws: `RenderError` when the destination is a file or the staging folder cannot be made.
  package init(destination: String) throws {
    self.destination = destination
    path = try AtomicFile.stagingFolder(for: destination)
  }

  /// Writes one file into the staging folder: plain open, write, close.
  ///
  /// Not `FileManager.createFile`, which writes a temporary file, fsyncs it and renames it: the
  /// staging folder only becomes visible through `commit`, so per-file atomicity adds nothing,
  /// and the fsyncs dominated writing 1,800 PNG frames (circle-progress at scale 3).
  /// - Throws: `RenderError.cannotWrite` naming the file in the destination.
  package func write(_ bytes: [UInt8], named name: String) throws {
    try AtomicFile.writePlain(bytes, to: path + "/" + name, naming: destination + "/" + name)
  }

  /// Moves every staged file into the destination (replacing files of the same name) and
  /// removes files matching `isStale` that the staging did not produce.
  package func commit(removingStale isStale: (String) -> Bool) throws {
    let fm = FileManager.default
    // No destination yet: the staging folder becomes it in one rename (1,800 renames of single
    // frames took tens of milliseconds, on one thread, after every frame was written).
    if !fm.fileExists(atPath: destination), rename(path, destination) == 0 {
      committed = true
      return
    }
    try AtomicFile.createDirectory(destination)
    let staged = Set((try? fm.contentsOfDirectory(atPath: path)) ?? [])
    for name in staged.sorted() {
      let target = destination + "/" + name
      if rename(path + "/" + name, target) != 0 {
        throw RenderError.cannotWrite(path: target, reason: String(cString: strerror(errno)))
      }
    }
    for name in (try? fm.contentsOfDirectory(atPath: destination)) ?? [] where !staged.contains(name) && isStale(name) {
      try? fm.removeItem(atPath: destination + "/" + name)
    }
    committed = true
    try? fm.removeItem(atPath: path)
  }

  deinit {
    if !committed { try? FileManager.default.removeItem(atPath: path) }
  }
}

/// `write(2)`, under a name the methods called `write` do not shadow.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
