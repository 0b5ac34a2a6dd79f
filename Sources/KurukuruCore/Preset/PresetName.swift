// MARK: - PresetName

/// The rule for a preset's name, which names every output of it (`NAME@2x.gif`, the frames
/// `NAME0.png`, `NAME.xcassets`, `previews/NAME-light.gif`): 1 to 64 characters, each an ASCII
/// letter, digit, `-`, `_` or `.`, the first a letter or digit. So a name cannot climb out of
/// the output folder (`..`, `/`), hide (`.NAME`), or hold NUL, control or look-alike characters.
///
/// A preset without `"name"` is named after its file (`derived(fromFileName:)`).
public enum PresetName {
  /// The longest name, in characters. Default 64.
  public static let maxLength = 64

  /// Why `name` cannot name outputs, or nil when it can.
  public static func problem(with name: String) -> String? {
    guard let first = name.unicodeScalars.first else { return "an empty name" }
    if name.unicodeScalars.count > maxLength { return "longer than \(maxLength) characters" }
    if let bad = name.unicodeScalars.first(where: { !isAllowed($0) }) {
      return "'\(PresetName.shown(bad))' is not allowed"
    }
    if !isLetterOrDigit(first) { return "it must start with an ASCII letter or digit" }
    return nil
  }

  /// A name made from a file name without its extension: every character that is not allowed
  /// becomes `-`, leading characters other than letters and digits are dropped, and the result
  /// is cut to `maxLength`. nil when nothing is left (then the preset must set `"name"`).
  ///
  /// `my loader` → `my-loader`, `.hidden` → `hidden`, `ローダー` → nil.
  public static func derived(fromFileName stem: String) -> String? {
    var scalars = String.UnicodeScalarView()
    for s in stem.unicodeScalars { scalars.append(isAllowed(s) ? s : "-") }
    let trimmed = String(String(scalars).drop { !($0.unicodeScalars.first.map(isLetterOrDigit) ?? false) })
    let cut = String(trimmed.unicodeScalars.prefix(maxLength))
    return cut.isEmpty ? nil : cut
  }

  /// The sentence that says the rule, for messages.
  public static let ruleText = "use 1 to \(maxLength) ASCII letters, digits, '-', '_' or '.', starting with a letter or digit"

  private static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
  }

  private static func isAllowed(_ s: Unicode.Scalar) -> Bool {
    isLetterOrDigit(s) || s == "-" || s == "_" || s == "."
  }

  /// A character for a message: itself when printable ASCII, else `U+XXXX`.
  private static func shown(_ s: Unicode.Scalar) -> String {
    guard s.value < 0x21 || s.value >= 0x7F else { return String(s) }
    let hex = String(s.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
