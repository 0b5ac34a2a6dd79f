import Foundation

// MARK: - CSS time units

/// CSS's `<time>` literals where the format takes seconds: `0.5s` is 0.5 and `500ms` is 0.5
/// (CSS Values and Units 4, §7.3 "Time Units: the <time> type"). Only a plain decimal number
/// directly followed by `s` or `ms` (optionally signed, surrounding spaces allowed) is a time;
/// anything else is left to the expression evaluator, which takes plain seconds.
package enum TimeUnits {
  /// Seconds of a CSS time literal, or nil when `text` is not one.
  package static func seconds(_ text: String) -> Double? {
    let t = text.trimmingCharacters(in: .whitespaces)
    let (number, scale): (Substring, Double)
    if t.hasSuffix("ms") {
      (number, scale) = (t.dropLast(2), 0.001)
    } else if t.hasSuffix("s") {
      (number, scale) = (t.dropLast(1), 1)
    } else {
      return nil
    }
    guard let last = number.last, last.isNumber || last == ".", let v = NumberText.parse(String(number)), v.isFinite else {
      return nil
    }
    return v * scale
  }

  /// The hint added to an expression error in seconds: a time unit inside an expression.
  static let hint = " — seconds are plain numbers here: write 0.5 (a lone 0.5s or 500ms is accepted, a unit inside an expression is not)"
}
