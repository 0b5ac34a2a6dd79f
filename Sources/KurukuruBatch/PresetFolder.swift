import Foundation
import KurukuruCore
import KurukuruPresets

// MARK: - PresetFolder

/// Finding preset files.
package enum PresetFolder {
  /// The `.json` (presets and Lottie files), `.lottie` and `.swift` (SwiftUI source) files of a
  /// folder (not `schema.json`, not hidden files), sorted by name, as paths that start with
  /// `folder`.
  /// - Throws: `BatchError.noSuchFolder` when `folder` is not a folder.
  package static func files(in folder: String) throws -> [String] {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
      throw BatchError.noSuchFolder(path: folder)
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { ($0.hasSuffix(".json") || $0.hasSuffix(".lottie") || $0.hasSuffix(".swift")) && $0 != "schema.json" && !$0.hasPrefix(".") }.sorted()
      .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
  }

  /// Preset files and folders expanded to preset files, in the order given (a folder's files
  /// sorted by name), each file once (compared by standardized path). A bare name that is not on
  /// disk (`loading-circle`) is the bundled preset of that name, listed as
  /// `<bundled>/loading-circle.json` (`bundledName(of:)`); what is on disk comes first, so
  /// `batch Presets` still means the folder.
  /// - Throws: `BatchError.noSuchInput` for a path that does not exist and names no bundled preset.
  package static func expand(_ paths: [String]) throws -> [String] {
    var files: [String] = []
    for path in paths {
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
        guard !PresetLibrary.isPath(path), PresetLibrary.text(named: path) != nil else {
          throw BatchError.noSuchInput(path: path)
        }
        files.append(PresetLibrary.folder + "/" + path + ".json")
        continue
      }
      files += isDir.boolValue ? try self.files(in: path) : [path]
    }
    var seen = Set<String>()
    return files.filter { seen.insert(URL(fileURLWithPath: $0).standardized.path).inserted }
  }

  /// The bundled preset's name when `file` is one that `expand` listed
  /// (`<bundled>/loading-circle.json` → `loading-circle`), else nil.
  package static func bundledName(of file: String) -> String? {
    let prefix = PresetLibrary.folder + "/"
    guard file.hasPrefix(prefix), file.hasSuffix(".json") else { return nil }
    let name = String(file.dropFirst(prefix.count).dropLast(5))
    return PresetLibrary.text(named: name) != nil ? name : nil
  }

  /// The preset `file` names (a file, or a bundled preset listed by `expand`).
  /// - Throws: `PresetError`.
  package static func load(_ file: String) throws -> Preset {
    if let name = bundledName(of: file) { return try PresetLibrary.preset(named: name) }
    return try Preset.load(path: file)
  }

  /// The preset or Lottie animation `file` names (`AnimationInput`).
  /// - Throws: `PresetError`, `LottieError`.
  package static func load(_ file: String, options: AnimationInput.Options) throws -> AnimationInput {
    if let name = bundledName(of: file) { return .preset(try PresetLibrary.preset(named: name)) }
    return try AnimationInput.load(file, options: options)
  }

  /// The exact bytes of the preset `file` names (for cache keys).
  static func bytes(of file: String) -> Data {
    if let name = bundledName(of: file), let text = PresetLibrary.text(named: name) { return Data(text.utf8) }
    return FileManager.default.contents(atPath: file) ?? Data()
  }
}
