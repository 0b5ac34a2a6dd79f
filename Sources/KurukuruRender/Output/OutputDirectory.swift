import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - OutputDirectory

/// A folder of an output tree, opened once by descriptor. Every name inside it is resolved
/// relative to that descriptor and never through a symbolic link (`O_NOFOLLOW`,
/// `AT_SYMLINK_NOFOLLOW`): a link planted where an output or one of its folders goes is refused,
/// not followed, and renaming the folders above cannot redirect a write that has begun.
///
/// Only the folder opened with `trusted(_:create:)` is found by its path, links and all: it is
/// the caller's choice (`--output`, the working directory).
///
/// Names handed to the methods are single path components (`OutputTarget.checkComponent`);
/// anything else is refused with `RenderError.unsafePath`.
package final class OutputDirectory: @unchecked Sendable {
  /// The folder's path, for messages.
  package let path: String
  private let fd: Int32

  private init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
  }

  deinit { close(fd) }

  /// What a name inside the folder is, read without following a link.
  package enum EntryKind: Equatable, Sendable {
    case file, folder, symbolicLink, other
  }

  // MARK: - Opening

  /// Opens the folder at `path` as written, following any links in it (the caller chose it),
  /// and creates it and its parents when missing and `create` is true.
  /// - Throws: `RenderError.notAFolder` when a file is in the way, `.cannotWrite` otherwise.
  package static func trusted(_ path: String, create: Bool) throws -> OutputDirectory {
    let path = path.isEmpty ? "." : path
    var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd < 0, errno == ENOENT, create {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
          throw RenderError.notAFolder(path: path)
        }
        throw RenderError.cannotWrite(path: path, reason: "cannot create the directory")
      }
      fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard fd >= 0 else {
      if errno == ENOTDIR { throw RenderError.notAFolder(path: path) }
      throw RenderError.cannotWrite(path: path, reason: OutputDirectory.reason(errno))
    }
    return OutputDirectory(fd: fd, path: path)
  }

  /// The folder `name` inside this one, never a link; created when missing and `create` is true.
  /// - Throws: `RenderError.symbolicLink`, `.notAFolder`, `.cannotWrite`; `.noSuchFolder` when it
  ///   is missing and `create` is false.
  package func folder(_ name: String, create: Bool) throws -> OutputDirectory {
    let display = child(name)
    try OutputTarget.checkComponent(name, in: display)
    for attempt in 0..<2 {
      let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if child >= 0 { return OutputDirectory(fd: child, path: display) }
      let error = errno
      switch kind(of: name) {
      case .symbolicLink?: throw RenderError.symbolicLink(path: display)
      case .file?, .other?: throw RenderError.notAFolder(path: display)
      case .folder?: throw RenderError.cannotWrite(path: display, reason: OutputDirectory.reason(error))
      case nil:
        guard create else { throw RenderError.noSuchFolder(path: display) }
        // Another writer may make it at the same moment: EEXIST is fine, then open again.
        if mkdirat(fd, name, 0o755) != 0, errno != EEXIST || attempt == 1 {
          throw RenderError.cannotWrite(path: display, reason: OutputDirectory.reason(errno))
        }
      }
    }
    throw RenderError.cannotWrite(path: display, reason: "cannot create the directory")
  }

  /// The folder at `components` below this one (this one itself when empty), each never a link.
  /// - Throws: the errors of `folder(_:create:)`.
  package func descend(_ components: some Collection<String>, create: Bool) throws -> OutputDirectory {
    var current = self
    for name in components { current = try current.folder(name, create: create) }
    return current
  }

  // MARK: - Reading

  /// What `name` is, or nil when nothing has that name.
  package func kind(of name: String) -> EntryKind? {
    var st = stat()
    guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// The size in bytes of the regular file `name` (never through a link), or nil.
  package func fileSize(_ name: String) -> Int? {
    var st = stat()
    guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(st.st_size)
  }

  /// The names in the folder (not `.` and `..`), sorted; empty when it cannot be listed.
  package func names() -> [String] {
    let listing = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard listing >= 0 else { return [] }
    guard let dir = fdopendir(listing) else {
      close(listing)
      return []
    }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The bytes of the regular file `name`, never through a link; nil when it cannot be read.
  package func read(_ name: String) -> [UInt8]? {
    let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var st = stat()
    guard fstat(file, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else { return 0 }
        return posixRead(file, base + offset, raw.count - offset)
      }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return nil }
      offset += n
    }
    return bytes
  }

  /// The regular files below this folder, as paths relative to it (`res/drawable/x.xml`),
  /// sorted; links are neither listed nor followed.
  package func files() -> [String] {
    var found: [String] = []
    for name in names() {
      switch kind(of: name) {
      case .file?: found.append(name)
      case .folder?:
        if let sub = try? folder(name, create: false) { found += sub.files().map { name + "/" + $0 } }
      default: break
      }
    }
    return found.sorted()
  }

  // MARK: - Writing

  /// Creates the file `name`, which must not exist, and writes `bytes` to it: plain open,
  /// write, close, no fsync.
  /// - Throws: `RenderError.cannotWrite` naming `display`; `.interrupted` once the process is
  ///   being stopped (`PartialOutputs.removeAll()`).
  package func create(_ name: String, _ bytes: [UInt8], display: String? = nil) throws {
    let display = display ?? child(name)
    try OutputTarget.checkComponent(name, in: display)
    guard !PartialOutputs.shared.isStopping else { throw RenderError.interrupted }
    let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard file >= 0 else {
      if errno == EEXIST, kind(of: name) == .symbolicLink { throw RenderError.symbolicLink(path: display) }
      throw RenderError.cannotWrite(path: display, reason: OutputDirectory.reason(errno))
    }
    var failure: String?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let n = posixWrite(file, base + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = OutputDirectory.reason(errno)
          return
        }
        offset += n
      }
    }
    if close(file) != 0, failure == nil { failure = OutputDirectory.reason(errno) }
    if let failure {
      unlinkat(fd, name, 0)
      throw RenderError.cannotWrite(path: display, reason: failure)
    }
  }

  /// Writes `bytes` to the file `name` so that it is never seen half written: into a partial
  /// sibling first (`PartialOutputs`), then one rename over `name`.
  /// - Throws: `RenderError.symbolicLink` or `.notAFile` when a link or a folder has that name,
  ///   `.cannotWrite` naming `display`.
  package func replace(_ name: String, with bytes: [UInt8], display: String? = nil) throws {
    let display = display ?? child(name)
    try OutputTarget.checkComponent(name, in: display)
    try checkReplaceable(name, display: display)
    let partial = try PartialOutputs.shared.begin(in: self, for: name)
    defer { PartialOutputs.shared.end(partial) }
    do {
      try create(partial.name, bytes, display: display)
      try move(partial.name, to: self, as: name, display: display)
    } catch {
      unlinkat(fd, partial.name, 0)
      throw error
    }
  }

  /// Refuses to replace a link or a folder named `name`.
  func checkReplaceable(_ name: String, display: String) throws {
    switch kind(of: name) {
    case .symbolicLink?: throw RenderError.symbolicLink(path: display)
    case .folder?, .other?: throw RenderError.notAFile(path: display)
    case .file?, nil: break
    }
  }

  /// Renames `name` in this folder to `newName` in `target`, replacing a file of that name.
  /// - Throws: `RenderError.symbolicLink` or `.notAFile` when a link or a folder has that name
  ///   (a link that appears after the check is replaced by the rename, never followed),
  ///   `.cannotWrite` naming `display`.
  package func move(_ name: String, to target: OutputDirectory, as newName: String, display: String) throws {
    try OutputTarget.checkComponent(newName, in: display)
    try target.checkReplaceable(newName, display: display)
    if renameat(fd, name, target.fd, newName) != 0 {
      throw RenderError.cannotWrite(path: display, reason: OutputDirectory.reason(errno))
    }
  }

  /// Renames `name` to `newName` in `target` only when nothing has that name yet.
  /// - Returns: false when something has the name (the caller then moves the contents).
  package func moveIfAbsent(_ name: String, to target: OutputDirectory, as newName: String) -> Bool {
    guard target.kind(of: newName) == nil else { return false }
    return renameat(fd, name, target.fd, newName) == 0
  }

  /// Makes a fresh folder `name`, which must not exist.
  /// - Throws: `RenderError.cannotWrite`.
  package func makeFolder(_ name: String, display: String? = nil) throws -> OutputDirectory {
    let display = display ?? child(name)
    guard mkdirat(fd, name, 0o755) == 0 else {
      throw RenderError.cannotWrite(path: display, reason: OutputDirectory.reason(errno))
    }
    return try folder(name, create: false)
  }

  // MARK: - Removing

  /// Removes the regular file `name`; links, folders and anything else stay.
  /// - Returns: whether it was removed.
  @discardableResult
  package func removeFile(_ name: String) -> Bool {
    guard kind(of: name) == .file else { return false }
    return unlinkat(fd, name, 0) == 0
  }

  /// Removes `name` and, if it is a folder, everything in it, without following links.
  package func removeTree(_ name: String) {
    guard let kind = kind(of: name) else { return }
    if kind == .folder, let sub = try? folder(name, create: false) {
      for child in sub.names() { sub.removeTree(child) }
      unlinkat(fd, name, AT_REMOVEDIR)
    } else {
      unlinkat(fd, name, 0)
    }
  }

  /// Removes the folder `name` when it is empty.
  package func removeFolderIfEmpty(_ name: String) {
    unlinkat(fd, name, AT_REMOVEDIR)
  }

  // MARK: - Identity

  /// The device and inode of the folder, which identify it whatever path led to it.
  package var identity: FolderIdentity? {
    var st = stat()
    guard fstat(fd, &st) == 0 else { return nil }
    return FolderIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
  }

  /// `path/name` for messages (`name` alone inside the working directory).
  package func child(_ name: String) -> String {
    path == "." ? name : (path.hasSuffix("/") ? path + name : path + "/" + name)
  }

  /// `strerror(code)`.
  package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// A folder's device and inode number.
package struct FolderIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
}

/// `read(2)` and `write(2)` under names the methods called `read` and `write` do not shadow.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
