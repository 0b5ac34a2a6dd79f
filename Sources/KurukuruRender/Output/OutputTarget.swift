import Foundation

// MARK: - OutputTarget

/// Where one output goes: a folder the caller chose, used as written (symbolic links in its path
/// are followed: it is the caller's), and the path below it that Kurukuru makes from names
/// (`NAME@2x.gif`, `previews/NAME-light.gif`, `NAME.xcassets`). Every component of that path is
/// checked (`checkComponent`) and written without following a symbolic link
/// (`OutputDirectory`), so nothing an output is named after (a preset's `name`) and nothing
/// planted inside the folder (a link to elsewhere) can make a write land outside `folder`.
///
/// ```swift
/// let target = try OutputTarget(folder: "out", relative: "previews/spinner-light.gif")
/// target.path  // "out/previews/spinner-light.gif"
/// ```
public struct OutputTarget: Hashable, Sendable, CustomStringConvertible {
  /// The folder the caller chose, as written; created (with its parents) when missing.
  public let folder: String
  /// The path below `folder`, one name per component; empty for the folder itself (an Android
  /// `res/` tree written into an app's existing source folder).
  public let components: [String]

  /// An output at `relative` below `folder`.
  /// - Parameters:
  ///   - folder: the caller's folder, e.g. `--output`; `.` is the working directory.
  ///   - relative: `/`-separated names, e.g. `previews/NAME-light.gif`; empty for `folder` itself.
  /// - Throws: `RenderError.unsafePath` when a component is empty, `.`, `..`, longer than 255
  ///   bytes or holds a control character.
  public init(folder: String, relative: String) throws {
    self.folder = folder.isEmpty ? "." : folder
    components = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    let display = OutputTarget.join(self.folder, components)
    for name in components { try OutputTarget.checkComponent(name, in: display) }
  }

  /// An output at a path a person gave (`--output`, `--diff`): all of it is theirs. A path that
  /// names an existing folder (through links or not) is that folder itself; otherwise the last
  /// component is the output, inside the folder the rest names.
  /// - Throws: `RenderError.unsafePath` for a last component that no file can be named.
  public init(path: String) throws {
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    var isDir: ObjCBool = false
    // Split by hand: Foundation's `deletingLastPathComponent` traps on some one-character paths.
    let slash = trimmed.lastIndex(of: "/")
    let last = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    if trimmed.isEmpty || last == "." || last == ".." || last.isEmpty
      || (FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDir) && isDir.boolValue)
    {
      folder = trimmed.isEmpty ? "." : trimmed
      components = []
      return
    }
    let parent = slash.map { String(trimmed[..<$0]) } ?? "."
    folder = parent.isEmpty ? "/" : parent
    components = [last]
    try OutputTarget.checkComponent(last, in: trimmed)
  }

  /// The path for people and for the summary: `folder/components…` (`components…` alone in `.`).
  public var path: String { OutputTarget.join(folder, components) }

  public var description: String { path }

  /// The same folder with `name` below this target's components.
  /// - Throws: `RenderError.unsafePath` as `init(folder:relative:)`.
  public func appending(_ relative: String) throws -> OutputTarget {
    try OutputTarget(folder: folder, relative: (components + [relative]).joined(separator: "/"))
  }

  /// The last component: the name of the file or folder this target writes, nil for `folder`
  /// itself.
  public var name: String? { components.last }

  // MARK: - Opening

  /// Opens the folder that holds the output (the last component's parent), creating `folder`
  /// and the components on the way when missing; every component is entered without following
  /// a link. What it creates is recorded in `created`, so that a write that fails can remove
  /// the folders it made (`CreatedFolders.removeEmpty()`).
  /// - Throws: `RenderError.symbolicLink`, `.notAFolder`, `.cannotWrite`.
  package func openParent(recording created: inout CreatedFolders) throws -> OutputDirectory {
    // The missing part of the caller's path, deepest last.
    var missing: [String] = []
    var probe = folder
    while !probe.isEmpty, probe != "/", probe != ".", !FileManager.default.fileExists(atPath: probe) {
      missing.insert(probe, at: 0)
      guard let slash = probe.lastIndex(of: "/") else { break }
      probe = String(probe[..<slash])
    }
    var current = try OutputDirectory.trusted(folder, create: true)
    created.paths += missing
    for name in components.dropLast() {
      let isNew = current.kind(of: name) == nil
      let next = try current.folder(name, create: true)
      if isNew { created.components.append((current, name)) }
      current = next
    }
    return current
  }

  /// Opens the output folder itself when it exists, else nil (nothing is created).
  /// - Throws: `RenderError.symbolicLink` or `.notAFolder` when something else has its name.
  package func openExisting() throws -> OutputDirectory? {
    guard let parent = try? OutputDirectory.trusted(folder, create: false) else { return nil }
    var current = parent
    for name in components {
      guard current.kind(of: name) != nil else { return nil }
      current = try current.folder(name, create: false)
    }
    return current
  }

  // MARK: - Names

  /// Checks that `name` can be one component of an output's path.
  /// - Parameter display: the path named in the error.
  /// - Throws: `RenderError.unsafePath` when `name` is empty, `.` or `..`, holds `/`, NUL or
  ///   another control character, or is longer than 255 bytes of UTF-8.
  package static func checkComponent(_ name: String, in display: String) throws {
    let problem: String?
    if name.isEmpty {
      problem = "an empty name"
    } else if name == "." || name == ".." {
      problem = "the name '\(name)'"
    } else if name.utf8.count > 255 {
      problem = "a name longer than 255 bytes"
    } else if name.unicodeScalars.contains(where: { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F }) {
      problem = "a '/' or a control character in a name"
    } else {
      problem = nil
    }
    if let problem { throw RenderError.unsafePath(path: display, reason: problem) }
  }

  private static func join(_ folder: String, _ components: [String]) -> String {
    guard !components.isEmpty else { return folder }
    let tail = components.joined(separator: "/")
    if folder == "." { return tail }
    return folder.hasSuffix("/") ? folder + tail : folder + "/" + tail
  }
}

// MARK: - CreatedFolders

/// The folders a write created on its way to the output (`OutputTarget.openParent(recording:)`),
/// so that a write that fails leaves no empty folder behind either.
package struct CreatedFolders {
  /// Folders made below the caller's folder: the folder holding each, and its name.
  var components: [(OutputDirectory, String)] = []
  /// Folders of the caller's path that did not exist, outermost first.
  var paths: [String] = []

  package init() {}

  /// Removes the recorded folders that are empty, deepest first; folders that hold anything stay.
  package func removeEmpty() {
    for (holder, name) in components.reversed() { holder.removeFolderIfEmpty(name) }
    for path in paths.reversed() { rmdir(path) }
  }
}
