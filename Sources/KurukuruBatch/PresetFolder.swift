import Foundation

// MARK: - PresetFolder

/// Finding preset files.
public enum PresetFolder {
  /// The `.json` files of a folder (not `schema.json`, not hidden files), sorted by name, as
  /// paths that start with `folder`.
  /// - Throws: `BatchError.noSuchFolder` when `folder` is not a folder.
  public static func files(in folder: String) throws -> [String] {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
      throw BatchError.noSuchFolder(path: folder)
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" && !$0.hasPrefix(".") }.sorted()
      .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
  }

  /// Preset files and folders expanded to preset files, in the order given (a folder's files
  /// sorted by name), each file once (compared by standardized path).
  /// - Throws: `BatchError.noSuchInput` for a path that does not exist.
  public static func expand(_ paths: [String]) throws -> [String] {
    var files: [String] = []
    for path in paths {
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
        throw BatchError.noSuchInput(path: path)
      }
      files += isDir.boolValue ? try self.files(in: path) : [path]
    }
    var seen = Set<String>()
    return files.filter { seen.insert(URL(fileURLWithPath: $0).standardized.path).inserted }
  }
}
