// Kurukuru's own fixture, not exyte's: one root view per bundled preset ported from
// exyte/ActivityIndicatorView, each showing the library's `ActivityIndicatorView(type:)` at the
// preset's defaults (size, colour, count, line width), padded to the preset's canvas. The tests
// compile it as one file after the copied ActivityIndicatorView.swift and Indicators/*.swift.
import SwiftUI

// MARK: - Hosts

/// The indicator `type` in a `side`-point square, in `color` unless the type sets its own
/// colours, centred on a `canvas`-point square.
private func hosted(_ type: ActivityIndicatorView.IndicatorType, side: CGFloat, canvas: CGFloat, color: Color = .black) -> some View {
  ActivityIndicatorView(type: type)
    .frame(width: side, height: side)
    .foregroundColor(color)
    .padding((canvas - side) / 2)
}

/// `bars-fade`.
struct ExyteDefault: View {
  var body: some View { hosted(.default(count: 8), side: 60, canvas: 72) }
}

/// `exyte-arcs` (with the draws below).
struct ExyteArcs: View {
  var body: some View { hosted(.arcs(count: 3, lineWidth: 2), side: 60, canvas: 72) }
}

/// `activity-indicator` (seed 001, exyte's rotatingDots as an article printed it, at its
/// preview's 200 points and orange).
struct ExyteRotatingDots: View {
  var body: some View { hosted(.rotatingDots(count: 5), side: 200, canvas: 200, color: .orange) }
}

/// `dots-flicker`.
struct ExyteFlickeringDots: View {
  var body: some View { hosted(.flickeringDots(count: 8), side: 60, canvas: 72) }
}

/// `exyte-scaling-dots`.
struct ExyteScalingDots: View {
  var body: some View { hosted(.scalingDots(count: 3, inset: 2), side: 60, canvas: 72) }
}

/// `exyte-opacity-dots`.
struct ExyteOpacityDots: View {
  var body: some View { hosted(.opacityDots(count: 3, inset: 4), side: 60, canvas: 72) }
}

/// `equalizer`.
struct ExyteEqualizer: View {
  var body: some View { hosted(.equalizer(count: 5), side: 60, canvas: 72) }
}

/// `growing-arc`.
struct ExyteGrowingArc: View {
  var body: some View { hosted(.growingArc(.black, lineWidth: 4), side: 40, canvas: 56) }
}

/// `exyte-growing-circle`.
struct ExyteGrowingCircle: View {
  var body: some View { hosted(.growingCircle, side: 60, canvas: 72) }
}

/// `gradient-ring`: its track colour #E5E5EA and `blue`.
struct ExyteGradient: View {
  var body: some View {
    hosted(.gradient([Color(red: 229 / 255, green: 229 / 255, blue: 234 / 255), .blue], .butt, lineWidth: 4), side: 50, canvas: 64)
  }
}

// MARK: - Fixed draws

/// The preset expression `random(seed, n)` (Presets/README.md §3): SplitMix64's finaliser over the
/// arguments' binary64 bit patterns (0 for zero), a number in [0, 1).
private func presetRandom(_ seed: Double, _ n: Double) -> Double {
  func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  func bits(_ x: Double) -> UInt64 { x == 0 ? 0 : x.bitPattern }
  return Double(mix(mix(bits(seed)) ^ bits(n)) >> 11) * 0x1p-53
}

/// How many times each draw below has run.
private var doubleDraws = 0
private var intDraws = 0

// `arcs` draws a speed (`Double.random(in:)`) and an end angle (`Int.random(in:)`) for each of its
// 3 arcs, in order, every time its body runs. These two shadow the standard library's for this
// file, so that draw k of each is the one `exyte-arcs` fixes for arc i = k mod 3:
// a + (b − a) · random(2, i) for the speed and a + floor((b − a + 1) · random(1, i)) for the angle.
extension Double {
  static func random(in range: ClosedRange<Double>) -> Double {
    defer { doubleDraws += 1 }
    return range.lowerBound + (range.upperBound - range.lowerBound) * presetRandom(2, Double(doubleDraws % 3))
  }
}

extension Int {
  static func random(in range: ClosedRange<Int>) -> Int {
    defer { intDraws += 1 }
    return range.lowerBound + Int((Double(range.upperBound - range.lowerBound + 1) * presetRandom(1, Double(intDraws % 3))).rounded(.down))
  }
}
