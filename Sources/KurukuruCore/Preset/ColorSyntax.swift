import Foundation

// MARK: - Colour syntax

/// Colours as presets and the command line write them.
///
/// - SwiftUI names (light mode, ARCHITECTURE.md §4): `red` #FF3B30, `orange` #FF9500, `yellow` #FFCC00,
///   `green` #34C759, `mint` #00C7BE, `teal` #30B0C7, `cyan` #32ADE6, `blue` #007AFF,
///   `indigo` #5856D6, `purple` #AF52DE, `pink` #FF2D55, `brown` #A2845E, `gray` #8E8E93,
///   `black`, `white`, `clear` (also `transparent`), `primary` (black).
/// - `#RGB`, `#RRGGBB`, `#RRGGBBAA`; `rgb(r, g, b)` and `rgba(r, g, b, a)` with r, g, b in
///   0…255 and a in 0…1.
/// - Any of those followed by `.opacity(x)`, which multiplies the alpha (SwiftUI's
///   `Color.gray.opacity(0.5)`).
package enum ColorSyntax {
  /// SwiftUI's standard colours, light mode.
  package static let named: [String: RGBAColor] = [
    "red": hex(0xFF3B30), "orange": hex(0xFF9500), "yellow": hex(0xFFCC00), "green": hex(0x34C759),
    "mint": hex(0x00C7BE), "teal": hex(0x30B0C7), "cyan": hex(0x32ADE6), "blue": hex(0x007AFF),
    "indigo": hex(0x5856D6), "purple": hex(0xAF52DE), "pink": hex(0xFF2D55), "brown": hex(0xA2845E),
    "gray": hex(0x8E8E93), "black": .black, "white": .white, "clear": .clear, "transparent": .clear,
    "primary": .black,
  ]

  private static func hex(_ v: Int) -> RGBAColor {
    RGBAColor(r8: (v >> 16) & 0xFF, g8: (v >> 8) & 0xFF, b8: v & 0xFF)
  }

  /// Parses a colour string.
  /// - Parameter lookup: resolves `$name` parameter references (return `nil` if unknown).
  /// - Returns: the colour, or `nil` with a message in `error`.
  package static func parse(_ text: String, lookup: (String) -> RGBAColor? = { _ in nil }) -> Result<RGBAColor, ColorSyntaxError> {
    var s = trimmingSpaces(text)
    var alphaFactor = 1.0
    if s.hasSuffix(")"), let r = s.range(of: ".opacity(", options: .backwards) {
      let arg = s[r.upperBound..<s.index(before: s.endIndex)].trimmingCharacters(in: .whitespaces)
      guard let a = NumberText.parse(arg), (0...1).contains(a) else {
        return .failure(ColorSyntaxError(message: "opacity in \(quoted: text) must be a number in 0…1"))
      }
      alphaFactor = a
      s = String(s[..<r.lowerBound])
    }
    let base: RGBAColor
    if s.hasPrefix("$") {
      let name = String(s.dropFirst())
      guard let c = lookup(name) else {
        return .failure(ColorSyntaxError(message: "unknown colour parameter \(quoted: name)"))
      }
      base = c
    } else if s.hasPrefix("#") {
      let digits = Array(s.dropFirst())
      guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isHexDigit }) else {
        return .failure(ColorSyntaxError(message: "bad colour \(quoted: text): expected #RGB, #RRGGBB or #RRGGBBAA"))
      }
      func byte(_ i: Int) -> Int { Int(String(digits[i..<(i + 2)]), radix: 16) ?? 0 }
      if digits.count == 3 {
        let v = digits.map { Int(String($0), radix: 16) ?? 0 }
        base = RGBAColor(r8: v[0] * 17, g8: v[1] * 17, b8: v[2] * 17)
      } else {
        base = RGBAColor(r8: byte(0), g8: byte(2), b8: byte(4), a8: digits.count == 8 ? byte(6) : 255)
      }
    } else if s.hasPrefix("rgb(") || s.hasPrefix("rgba("), s.hasSuffix(")") {
      let inner = s[s.index(after: s.firstIndex(of: "(") ?? s.startIndex)..<s.index(before: s.endIndex)]
      let parts = inner.split(separator: ",").map { NumberText.parse($0.trimmingCharacters(in: .whitespaces)) }
      let wantsAlpha = s.hasPrefix("rgba(")
      guard parts.count == (wantsAlpha ? 4 : 3), parts.allSatisfy({ $0 != nil }) else {
        return .failure(ColorSyntaxError(message: "bad colour \(quoted: text): expected rgb(r, g, b) or rgba(r, g, b, a)"))
      }
      let v = parts.compactMap { $0 }
      guard v[0...2].allSatisfy({ (0...255).contains($0) }), !wantsAlpha || (0...1).contains(v[3]) else {
        return .failure(ColorSyntaxError(message: "bad colour \(quoted: text): r, g, b must be in 0…255 and a in 0…1"))
      }
      base = RGBAColor(red: v[0] / 255, green: v[1] / 255, blue: v[2] / 255, alpha: wantsAlpha ? v[3] : 1)
    } else if let c = named[s] {
      base = c
    } else if s.lowercased() == "currentcolor" {
      return .failure(ColorSyntaxError(
        message: "unknown colour \(quoted: text) — CSS's currentColor is the colour the element inherits: here a colour parameter such as '$color', or no paint at all (the foreground style)"))
    } else {
      return .failure(ColorSyntaxError(
        message: "unknown colour \(quoted: text)" + Suggestion.hint(for: s, in: named.keys.sorted())))
    }
    return .success(base.multiplyingAlpha(alphaFactor))
  }
}

extension ColorSyntax {
  /// `text` without the spaces and tabs (`CharacterSet.whitespaces`) at its ends; done on
  /// Unicode scalars, as Foundation's `trimmingCharacters` would, without copying a long text
  /// through `NSString`.
  static func trimmingSpaces(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !CharacterSet.whitespaces.contains($0) }),
      let last = scalars.lastIndex(where: { !CharacterSet.whitespaces.contains($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}

/// Why a colour string did not parse.
package struct ColorSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}
