import Foundation
import KurukuruCore

// MARK: - PresetLibrary

/// The presets that ship inside Kurukuru: every `Presets/*.json` of the package, compiled into
/// the module at build time by the `EmbedPresets` plugin, so they are found by name from any
/// directory and after installing the binary alone.
///
/// ```swift
/// let preset = try PresetLibrary.preset(named: "activity-indicator")
/// let preset = try PresetLibrary.resolve("spin.json")          // a file
/// ```
public enum PresetLibrary {
  /// The pseudo-folder in the `file` of a bundled preset: errors read
  /// `<bundled>/activity-indicator.json:12:9: …`.
  public static let folder = "<bundled>"

  /// The names of the bundled presets (file names without `.json`), sorted.
  public static var names: [String] { bundledPresetData.map(\.name) }

  /// The exact text of the bundled preset `name`, or nil when there is none.
  public static func text(named name: String) -> String? {
    bundledPresetData.first { $0.name == name }?.text
  }

  /// The bundled preset `name`, parsed; its `file` is `<bundled>/NAME.json`.
  /// - Throws: `PresetError` (`.fileNotFound`, with a suggestion) when there is no such preset.
  public static func preset(named name: String) throws -> Preset {
    guard let text = text(named: name) else {
      throw PresetError(
        file: name, message: "no bundled preset of that name" + Suggestion.hint(for: name, in: names), kind: .fileNotFound)
    }
    return try Preset(text: text, file: "\(folder)/\(name).json", defaultName: name)
  }

  /// Whether `argument` names a file rather than a bundled preset: it contains `/` or ends in
  /// `.json` (`spin.json`, `./spin`, `Presets/spin.json`).
  public static func isPath(_ argument: String) -> Bool {
    argument.contains("/") || argument.hasSuffix(".json")
  }

  /// The preset a command-line argument means.
  ///
  /// - A path (see `isPath`) is always a file.
  /// - A bare name is the bundled preset of that name when there is one — even if a file of that
  ///   name exists in the current directory (write `./NAME` for the file), so a command means the
  ///   same in every directory.
  /// - Otherwise a bare name is a file (`kurukuru render myspinner` for a file without `.json`).
  /// - Throws: `PresetError`; for a bare name that is neither, `.fileNotFound` suggesting the
  ///   nearest bundled name (a name with a `.`, like `spin.txt`, is reported as a missing file).
  public static func resolve(_ argument: String) throws -> Preset {
    if isPath(argument) { return try Preset.load(path: argument) }
    if text(named: argument) != nil { return try preset(named: argument) }
    if FileManager.default.fileExists(atPath: argument) || argument.contains(".") { return try Preset.load(path: argument) }
    throw PresetError(
      file: argument,
      message: "no such file, and no bundled preset of that name" + Suggestion.hint(for: argument, in: names),
      kind: .fileNotFound)
  }
}
