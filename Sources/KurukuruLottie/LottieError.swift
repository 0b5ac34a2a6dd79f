import KurukuruCore

// MARK: - LottieError

/// A failure of the Lottie stage: a Lottie file that cannot be read (malformed JSON, a wrong
/// type, a missing key, a limit, a feature that is refused) or a scene that the exporter cannot
/// write without changing the animation. The description is one line naming the file, for a
/// file the line and column, and the place: `FILE:LINE:COL: message (at layers[3].shapes[0].e)`,
/// or for the exporter `FILE: cannot export to Lottie: message (at view.modifiers[1])`.
public struct LottieError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// The file cannot be read as text, or is not JSON (or not a dotLottie archive).
    case unreadable
    /// A value has the wrong type or is out of range, or a required key is missing.
    case invalid
    /// A bound of the reader (`LottieLimits`) is exceeded.
    case limitExceeded
    /// The file uses a feature Kurukuru does not draw and refuses to leave out (text, images,
    /// 3-D layers, …; `--allow-unsupported` draws the rest).
    case unsupported
    /// The exporter cannot write the scene as Lottie.
    case cannotExport
  }

  /// The file, or the scene's name when it was made in code.
  public var file: String
  /// Where in the file (nil for the exporter, and for errors about the whole file).
  public var location: PresetLocation?
  /// The place: a JSON path in the file (`layers[3].shapes[0].it[2].e`), or for the exporter
  /// the view's place in the preset (`view.ZStack.content[1]`); empty for the whole file.
  public var place: String
  /// One lower-case line.
  public var message: String
  public var kind: Kind

  /// An exporter error.
  public init(file: String, place: String, message: String) {
    self.init(file: file, location: nil, place: place, message: message, kind: .cannotExport)
  }

  public init(file: String, location: PresetLocation?, place: String, message: String, kind: Kind) {
    self.file = file
    self.location = location
    self.place = place
    self.message = message
    self.kind = kind
  }

  /// One line: control characters in the file's name, the message or the place (a key or an
  /// id the file wrote) are written as escapes (`\n`).
  public var description: String {
    let at = place.isEmpty ? "" : " (at \(place))"
    if kind == .cannotExport { return Suggestion.oneLine("\(file): cannot export to Lottie: \(message)\(at)") }
    let loc = location.map { ":\($0)" } ?? ""
    return Suggestion.oneLine("\(file)\(loc): \(message)\(at)")
  }
}
