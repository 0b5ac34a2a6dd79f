// MARK: - PresetError

/// Every failure of the core stage — reading, decoding, validating a preset and resolving its
/// timeline — as one line that names the file and the place in it.
///
/// `description` is `FILE:LINE:COL: message (at PATH)` when the location is known, e.g.
/// `Presets/spin.json:12:9: unknown modifier 'stroek' — did you mean 'stroke'? (at view.ZStack.content[0].modifiers[1])`.
public struct PresetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, for callers that handle some failures differently (e.g. a missing file).
  public enum Kind: Equatable, Sendable {
    /// The file does not exist.
    case fileNotFound
    /// The file exists but cannot be used as text: a folder, unreadable, or not UTF-8.
    case unreadableFile
    /// The text is not valid JSON (or repeats a key).
    case syntax
    /// A key, view, modifier, paint, parameter, colour or other name the format does not know
    /// (the message suggests the nearest known one).
    case unknownName
    /// An expression or an animation string is malformed or names something unknown.
    case expression
    /// A value has the wrong type, is out of range, or a required key is missing.
    case invalidValue
    /// A bound of `Limits` (or of the reader: 4 MiB files, JSON nesting) is exceeded.
    case limitExceeded
    /// A value given from outside the file (a parameter setting, a frame rate) is unknown or
    /// out of range; the message begins with `setting NAME=VALUE:` or names the frame rate.
    case invalidSetting
    /// A font fontconfig does not have (or whose file is gone or unreadable), or a character
    /// the font has no glyph for.
    case font
  }

  /// What went wrong. Default `.invalidValue`.
  public var kind: Kind
  /// The preset file as the user named it (or `<preset>` for text without a file).
  public var file: String
  /// Line and column of the offending value, when known.
  public var location: PresetLocation?
  /// Path of the offending value inside the preset, e.g. `view.ZStack.content[1].modifiers[2]`.
  public var path: String?
  /// Lower-case message, without the place.
  public var message: String

  public init(
    file: String, location: PresetLocation? = nil, path: String? = nil, message: String, kind: Kind = .invalidValue
  ) {
    self.kind = kind
    self.file = file
    self.location = location
    self.path = path
    self.message = message
  }

  public var description: String {
    var s = file
    if let location { s += ":\(location.line):\(location.column)" }
    s += ": " + message
    if let path, !path.isEmpty { s += " (at \(path))" }
    return Suggestion.oneLine(s)
  }
}
