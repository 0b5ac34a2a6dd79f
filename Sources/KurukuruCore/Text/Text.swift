// MARK: - Text

/// SwiftUI's `Text` on one line: a string (or a counter, a number that changes with time)
/// drawn with one font. Glyphs are the font's outlines in points, laid left to right at their
/// advances plus `kerning` after each character; there is no shaping (no ligatures, no pair
/// kerning, no combining marks), no wrapping and no truncation.
public struct TextSpec: Equatable, Sendable {
  /// What the text shows.
  public enum Content: Equatable, Sendable {
    /// A fixed string.
    case literal(String)
    /// `prefix`, then `value` at the instant written with `decimals` digits after the point and
    /// cut toward zero (as Swift's `Int(_:)` does for 0 decimals), then `suffix`: SwiftUI's
    /// `Text("\(Int(progress * 100))%")`.
    case counter(value: AnimatedValue, decimals: Int, prefix: String, suffix: String)
  }

  public var content: Content
  /// The font with the glyph of every character the text can show.
  public var font: ResolvedFont
  /// Points added after each character (SwiftUI's `kerning(_:)`; negative tightens). Default 0.
  public var kerning: Double
  /// SwiftUI's `monospacedDigit()`: every digit advances by the widest digit's advance.
  public var monospacedDigit: Bool

  public init(content: Content, font: ResolvedFont, kerning: Double = 0, monospacedDigit: Bool = false) {
    self.content = content
    self.font = font
    self.kerning = kerning
    self.monospacedDigit = monospacedDigit
  }

  /// The characters a counter may show besides its prefix and suffix.
  static let counterScalars: [Unicode.Scalar] = Array("0123456789-.".unicodeScalars)

  /// The string shown at `t` seconds into the loop.
  public func string(at t: Double) -> String {
    switch content {
    case .literal(let s):
      return s
    case .counter(let value, let decimals, let prefix, let suffix):
      return prefix + TextSpec.format(value.value(at: t), decimals: decimals) + suffix
    }
  }

  /// `v` with `decimals` digits after the point, cut toward zero; `-` only for a value that
  /// stays negative after cutting. Non-finite values read as 0.
  static func format(_ v: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = v.isFinite ? (v * scale).rounded(.towardZero) : 0
    let magnitude = min(abs(scaled), 1e15)
    var digits = String(Int64(magnitude))
    if decimals > 0 {
      if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (scaled < 0 ? "-" : "") + digits
  }

  /// The advance of one glyph in points, kerning included.
  private func advance(of scalar: Unicode.Scalar) -> Double {
    let own = font.glyphs[scalar]?.advance ?? 0
    if monospacedDigit, ("0"..."9").contains(scalar) { return digitAdvance + kerning }
    return own + kerning
  }

  /// The widest digit's advance in points (0 when the font has none of them loaded).
  private var digitAdvance: Double {
    "0123456789".unicodeScalars.compactMap { font.glyphs[$0]?.advance }.max() ?? 0
  }

  /// The text's typographic box at `t`: the advances' sum (kerning after every character) by
  /// the line height (ascent + descent), in points.
  public func size(at t: Double) -> Size {
    let width = string(at: t).unicodeScalars.reduce(0) { $0 + advance(of: $1) }
    return Size(width: max(0, width), height: font.lineHeight)
  }

  /// The glyph outlines at `t` in the text's box (origin at its top-left corner, baseline at
  /// `font.ascent`), in points; one path, filled non-zero.
  public func path(at t: Double) -> BezierPath {
    var out = BezierPath()
    var pen = 0.0
    let baseline = font.ascent
    for scalar in string(at: t).unicodeScalars {
      if let glyph = font.glyphs[scalar] {
        var dx = pen
        if monospacedDigit, ("0"..."9").contains(scalar) { dx += (digitAdvance - glyph.advance) / 2 }
        for e in glyph.path.elements {
          switch e {
          case .move(let p): out.move(to: Point(x: p.x + dx, y: p.y + baseline))
          case .line(let p): out.line(to: Point(x: p.x + dx, y: p.y + baseline))
          case .cubic(let a, let b, let p):
            out.cubic(Point(x: a.x + dx, y: a.y + baseline), Point(x: b.x + dx, y: b.y + baseline), Point(x: p.x + dx, y: p.y + baseline))
          case .close: out.close()
          }
        }
      }
      pen += advance(of: scalar)
    }
    return out
  }
}
