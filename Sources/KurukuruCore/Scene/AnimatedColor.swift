import Foundation

// MARK: - AnimatedColor

/// A colour of the scene that may change over time: a constant, or keyframed colours driven by
/// one animation (fills, strokes, foreground styles, shadows, gradient stops).
public enum AnimatedColor: Equatable, Hashable, Sendable {
  case constant(RGBAColor)
  case track(ColorTrack)

  /// The colour at `t` seconds from the start of the loop.
  public func value(at t: Double) -> RGBAColor {
    switch self {
    case .constant(let c): return c
    case .track(let track): return track.value(at: t)
    }
  }

  /// The animation driving this colour, if any.
  public var animation: AnimationSpec? {
    if case .track(let track) = self { return track.red.animation }
    return nil
  }

  /// The component tracks of an animated colour (red, green, blue, alpha, in its interpolation
  /// space); none for a constant.
  public var componentTracks: [Track] {
    if case .track(let track) = self { return [track.red, track.green, track.blue, track.alpha] }
    return []
  }
}

/// The space in which an animated colour moves from keyframe to keyframe.
public enum ColorInterpolation: String, CaseIterable, Sendable {
  /// SwiftUI's: `Color.Resolved` animates its linear-light sRGB components and its opacity,
  /// straight (not premultiplied). The default, as the format's vocabulary is SwiftUI's.
  case linear
  /// CSS's: sRGB components premultiplied by alpha (CSS Color 4, "Interpolating with Alpha";
  /// legacy `rgb()`/hex/named colours interpolate in sRGB), so a fade from `transparent` to red
  /// stays red instead of passing through dark grey.
  case srgb
}

/// Keyframed colours as four component tracks sharing one animation, key times and curves.
///
/// Each component moves as a `Track` does (eased progress located among the key times,
/// overshooting curves extrapolate); the colour at an instant is decoded from the four
/// components in `interpolation`'s space and clamped to 0…1.
public struct ColorTrack: Equatable, Hashable, Sendable {
  public var interpolation: ColorInterpolation
  /// Components in the interpolation space: linear-light red, green, blue for `.linear`; red,
  /// green, blue times alpha for `.srgb`.
  public var red: Track
  public var green: Track
  public var blue: Track
  /// Opacity, 0…1 at the keyframes.
  public var alpha: Track

  /// Tracks through `colors` at `keyTimes` with one curve per segment (`Track.holdingEnds`
  /// rules: key times may start after 0 or stop before 1).
  public init(
    colors: [RGBAColor], keyTimes: [Double], curves: [TimingCurve], animation: AnimationSpec,
    interpolation: ColorInterpolation
  ) {
    self.interpolation = interpolation
    let encoded = colors.map { ColorTrack.encode($0, interpolation) }
    func track(_ i: Int) -> Track {
      Track.holdingEnds(values: encoded.map { $0[i] }, keyTimes: keyTimes, curves: curves, animation: animation)
    }
    red = track(0)
    green = track(1)
    blue = track(2)
    alpha = track(3)
  }

  /// The colour at `t` seconds.
  public func value(at t: Double) -> RGBAColor {
    let c = [red.value(at: t), green.value(at: t), blue.value(at: t)]
    let a = min(max(alpha.value(at: t), 0), 1)
    switch interpolation {
    case .linear:
      let s = c.map { ColorTrack.srgbFromLinear(max($0, 0)) }
      return RGBAColor(red: s[0], green: s[1], blue: s[2], alpha: a)
    case .srgb:
      guard a > 0 else { return .clear }
      return RGBAColor(red: c[0] / a, green: c[1] / a, blue: c[2] / a, alpha: a)
    }
  }

  /// A colour's components in the interpolation space.
  static func encode(_ c: RGBAColor, _ space: ColorInterpolation) -> [Double] {
    switch space {
    case .linear:
      return [srgbToLinear(c.red), srgbToLinear(c.green), srgbToLinear(c.blue), c.alpha]
    case .srgb:
      return [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
    }
  }

  /// The sRGB transfer function (IEC 61966-2-1), encoded 0…1 → linear light 0…1.
  public static func srgbToLinear(_ v: Double) -> Double {
    v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  /// Its inverse, linear light 0…1 → encoded 0…1.
  public static func srgbFromLinear(_ v: Double) -> Double {
    v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
  }
}

// MARK: - Gradient stops before evaluation

/// A gradient stop whose colour may be animated: `location` in 0…1.
public struct GradientStopSpec: Equatable, Hashable, Sendable {
  public var location: Double
  public var color: AnimatedColor
  public init(location: Double, color: AnimatedColor) { self.location = location; self.color = color }

  /// The concrete stop at `t` seconds.
  public func value(at t: Double) -> GradientStop { GradientStop(location: location, color: color.value(at: t)) }
}
