// MARK: - RGBAColor

/// A colour in sRGB with straight alpha; every component in 0…1.
public struct RGBAColor: Equatable, Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  /// Creates a colour; components are clamped to 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = min(max(red, 0), 1)
    self.green = min(max(green, 0), 1)
    self.blue = min(max(blue, 0), 1)
    self.alpha = min(max(alpha, 0), 1)
  }

  /// Creates a colour from 8-bit components (0…255).
  public init(r8: Int, g8: Int, b8: Int, a8: Int = 255) {
    self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: Double(a8) / 255)
  }

  public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
  public static let black = RGBAColor(red: 0, green: 0, blue: 0)
  public static let white = RGBAColor(red: 1, green: 1, blue: 1)

  /// The same colour with its alpha multiplied by `factor` (0…1).
  public func multiplyingAlpha(_ factor: Double) -> RGBAColor {
    RGBAColor(red: red, green: green, blue: blue, alpha: alpha * factor)
  }

  /// The colour rounded to 8 bits per channel.
  public var rgba8: RGBA8 {
    func q(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
    return RGBA8(r: q(red), g: q(green), b: q(blue), a: q(alpha))
  }
}
