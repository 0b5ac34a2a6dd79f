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
  }

  /// What went wrong. Default `.invalidValue`.
  public var kind: Kind
  /// The preset file as the user named it (or `<preset>` for text without a file).
  public var file: String
  /// Line and column of the offending value, when known.
  public var location: SourceLocation?
  /// Path of the offending value inside the preset, e.g. `view.ZStack.content[1].modifiers[2]`.
  public var path: String?
  /// Lower-case message, without the place.
  public var message: String

  public init(
    file: String, location: SourceLocation? = nil, path: String? = nil, message: String, kind: Kind = .invalidValue
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
    return s
  }
}

// MARK: - Suggestions

/// "did you mean" help for misspelt names.
package enum Suggestion {
  /// The candidate nearest to `word` (case-insensitive optimal-string-alignment distance), if it
  /// is close enough to be a likely misspelling: at most max(1, min(3, candidate length / 3))
  /// edits. Ties go to the earlier candidate.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let w = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(w, Array(candidate.lowercased()))
      guard d <= max(1, min(3, candidate.count / 3)) else { continue }
      if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    return best?.0
  }

  /// `" — did you mean 'x'?"` or an empty string.
  package static func hint(for word: String, in candidates: [String]) -> String {
    closest(to: word, in: candidates).map { " — did you mean '\($0)'?" } ?? ""
  }

  /// Damerau–Levenshtein distance (optimal string alignment).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
