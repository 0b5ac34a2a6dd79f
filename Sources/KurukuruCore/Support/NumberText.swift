import Foundation

// MARK: - NumberText

/// The one rule for numbers as text: what the command line (and a colour's or an expression's
/// number) accepts, and how every message and file name prints a number.
package enum NumberText {
  // MARK: - Reading

  /// Reads decimal notation only: an optional sign (`+`, `-`), digits with an optional fraction
  /// (`2`, `0.5`, `.5`, `5.`; at least one digit) and an optional exponent (`1e-3`, `2E+4`),
  /// with nothing before or after. Swift's `Double(_:)` also takes hexadecimal (`0x10`, `0x1p3`),
  /// `inf`, `infinity` and `nan`: those are refused here, as are spaces and digit separators.
  /// - Parameter text: the whole text of the number.
  /// - Returns: the value, or nil when the text is not decimal notation or its value is beyond
  ///   the finite doubles (`1e999`).
  package static func parse(_ text: some StringProtocol) -> Double? {
    let bytes = Array(text.utf8)
    var i = 0
    func digits() -> Int {
      let start = i
      while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
      return i - start
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var mantissa = digits()
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { return nil }
    }
    guard i == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
    return value
  }

  // MARK: - Writing

  /// Magnitudes from this one up to `largestPlain` are written out (`0.0001`, `123456.5`); others
  /// in exponent notation.
  static let smallestPlain = 1e-4
  /// Magnitudes below this one (and from `smallestPlain` up) are written out; from it on, in
  /// exponent notation (`1e15`, `1.5e300`).
  static let largestPlain = 1e15

  /// A number as people write it, short and never ending in `.`: whole numbers bare (`2`,
  /// `-40`), others with the fewest digits that read back as the same double (`0.5`, `0.1`,
  /// `30.284301606922124`); magnitudes below 10⁻⁴ or from 10¹⁵ on in exponent notation with the
  /// same digits (`1e-9`, `1.5e-7`, `1e300`). `-0` is `0`; non-finite values are `nan`, `inf`,
  /// `-inf`. `NumberText.parse` reads every finite result back as the same value.
  /// - Parameters:
  ///   - value: the number.
  ///   - decimals: when given, at most this many digits after the point, rounded as C's `%.Nf`
  ///     rounds (to nearest, ties to even on the exact binary value: 1/3 to 6 decimals is
  ///     `0.333333`, 0.125 to 2 is `0.12`) — or, in exponent notation, this many significant digits
  ///     (`1.23457e-7`), so a small value never rounds to `0`. Default: every digit the value
  ///     needs.
  /// - Returns: the text.
  package static func format(_ value: Double, decimals: Int? = nil) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    let magnitude = abs(value)
    let plain = magnitude == 0 || (magnitude >= smallestPlain && magnitude < largestPlain)
    var v = value
    if let decimals, decimals >= 0 {
      let rounded = plain
        ? String(format: "%.\(decimals)f", value) : String(format: "%.\(max(1, decimals) - 1)e", value)
      v = Double(rounded) ?? value
    }
    if v == v.rounded(), abs(v) < largestPlain { return String(Int(v)) }
    let shortest = String(v)
    if abs(v) >= smallestPlain, abs(v) < largestPlain {
      return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
    }
    return exponentNotation(shortest)
  }

  /// A quotient as people (and `--json`) read it, without a division's last-bit noise: the
  /// value rounded to 12 significant digits when that is at most 4 units in the last place
  /// away, else the value itself: a whole rate stays whole, a rate that is not whole keeps all
  /// its digits.
  package static func tidy(_ value: Double) -> Double {
    guard value.isFinite, value != 0, let short = Double(String(format: "%.12g", value)) else { return value }
    return abs(short - value) <= 4 * value.ulp ? short : value
  }

  /// Swift's shortest text of a double (`1e-09`, `1.5e+300`, `2000000000000000.0`) as
  /// `D[.DDD]eN` without a plus sign or leading zeros in the exponent.
  private static func exponentNotation(_ shortest: String) -> String {
    var text = Substring(shortest)
    var sign = ""
    if text.first == "-" {
      sign = "-"
      text = text.dropFirst()
    }
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...]) ?? 0
      text = text[..<e]
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts.first.map(String.init) ?? ""
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    var digits = Array(whole + fraction)
    exponent += whole.count - 1
    while digits.first == "0", digits.count > 1 {
      digits.removeFirst()
      exponent -= 1
    }
    while digits.last == "0", digits.count > 1 { digits.removeLast() }
    let mantissa = digits.count > 1 ? "\(digits[0]).\(String(digits.dropFirst()))" : String(digits)
    return "\(sign)\(mantissa)e\(exponent)"
  }
}
