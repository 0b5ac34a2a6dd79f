import Foundation
import KurukuruCore

// MARK: - LottieAngular

/// An `AngularGradient` cut into wedges of solid colour (Lottie 1.0 has no conic gradient).
///
/// The turn from `startAngle` is cut at every stop and at the middle of the unswept gap (as the
/// rasterizer cuts it: each side of the gap takes the nearer end's colour); each cut is divided
/// further until neighbouring wedges differ by at most `maximumStep` in every channel. A wedge
/// takes the gradient's colour at its middle angle, so no pixel is further than half a step
/// (1.2 % of full scale) from the true colour; hard stops stay hard.
struct LottieAngular {
  /// Largest colour difference between neighbouring wedges, per channel (0…1): 6/255.
  static let maximumStep = 6.0 / 255
  /// Fewest wedges in a full turn: 8; most: 180.
  static let wedgeRange = 8...180

  var stops: [GradientStop]
  /// Degrees, clockwise from 3 o'clock.
  var startAngle: Double
  /// Degrees; nil for one full turn.
  var endAngle: Double?

  /// Wedges covering `[startAngle, startAngle + 360]` in order, with their colours.
  func wedges() -> [(from: Double, to: Double, color: RGBAColor)] {
    let sorted = stops.sortedStops
    let sweep = min(max((endAngle ?? startAngle + 360) - startAngle, 1e-6), 360)
    guard let first = sorted.first?.color, let last = sorted.last?.color else {
      return [(startAngle, startAngle + 360, .clear)]
    }
    var segments: [(Double, Double, RGBAColor, RGBAColor)] = []
    func add(_ a: Double, _ b: Double, _ c0: RGBAColor, _ c1: RGBAColor) { if b > a { segments.append((a, b, c0, c1)) } }
    func angle(_ l: Double) -> Double { startAngle + min(max(l, 0), 1) * sweep }
    add(startAngle, angle(sorted[0].location), first, first)
    for (a, b) in zip(sorted, sorted.dropFirst()) { add(angle(a.location), angle(b.location), a.color, b.color) }
    add(angle(sorted[sorted.count - 1].location), startAngle + sweep, last, last)
    let gap = 360 - sweep
    if gap > 0 {
      add(startAngle + sweep, startAngle + sweep + gap / 2, last, last)
      add(startAngle + sweep + gap / 2, startAngle + 360, first, first)
    }
    var out: [(Double, Double, RGBAColor)] = []
    for (a, b, c0, c1) in segments {
      let change = max(abs(c1.red - c0.red), abs(c1.green - c0.green), abs(c1.blue - c0.blue), abs(c1.alpha - c0.alpha))
      var n = max(1, Int((change / LottieAngular.maximumStep).rounded(.up)))
      n = max(n, Int(((b - a) / (360 / Double(LottieAngular.wedgeRange.lowerBound))).rounded(.up)))
      n = min(n, LottieAngular.wedgeRange.upperBound)
      for j in 0..<n {
        let u0 = Double(j) / Double(n), u1 = Double(j + 1) / Double(n)
        out.append((a + (b - a) * u0, a + (b - a) * u1, c0.mix(c1, (u0 + u1) / 2)))
      }
    }
    return out.map { (from: $0.0, to: $0.1, color: $0.2) }
  }
}

// MARK: - LottieGlow

/// A blurred shadow or glow as a few widened, faint copies (Lottie 1.0 has no blur; rlottie
/// ignores layer effects).
///
/// The shadow is the view's alpha blurred by a Gaussian of σ = radius / 2 points. Across an
/// edge its profile is known in closed form: for a stroke of half-width h, at distance d from
/// its centre line, A(d) = Φ((h − d)/σ) − Φ((−h − d)/σ); for a fill, d beyond its edge,
/// A(d) = Φ(−d/σ). `count` copies reach e_j = 3σ · j / count beyond the edge; stacked, they
/// give a staircase whose every step has exactly the profile's alpha at the step's middle
/// (peeled from the outside in: a_N = A_N, a_j = 1 − (1 − A_j) / (1 − A_(j+1))). A copy of a
/// stroke is the stroke widened by twice its reach; of a fill, the fill with a stroke of twice
/// its reach round it.
enum LottieGlow {
  /// How far the outermost copy reaches beyond the edge, in σ: 3.
  static let reach = 3.0
  /// The widest copy of a stroke's glow that gets round caps, in σ beyond the edge: 0.5, the
  /// innermost of six; the others keep the stroke's own caps. Against rlottie, four-color-ring's
  /// mean mismatch was 1.6 % with no round cap, 0.3 % with this one, 1.6 % with two, 3.1 % with
  /// three (round caps reaching 1.5σ bridge the dark gaps between its arcs).
  static let roundCapReach = 0.5

  /// One copy: how far it reaches beyond the edge in σ, and its opacity (0…1).
  struct Band: Equatable {
    var reach: Double
    var alpha: Double
  }

  /// The copies for a stroke of half-width `halfWidth` σ (nil for a fill), from the widest.
  static func bands(count: Int, halfWidth: Double?) -> [Band] {
    func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
    func profile(_ e: Double) -> Double {
      guard let h = halfWidth else { return phi(-e) }
      let d = h + e
      return phi(h - d) - phi(-h - d)
    }
    let n = max(1, count)
    let edges = (0...n).map { reach * Double($0) / Double(n) }
    let target = (1...n).map { profile((edges[$0 - 1] + edges[$0]) / 2) }
    var alphas = [Double](repeating: 0, count: n)
    alphas[n - 1] = target[n - 1]
    if n > 1 {
      for j in stride(from: n - 2, through: 0, by: -1) {
        alphas[j] = max(0, 1 - (1 - target[j]) / (1 - target[j + 1]))
      }
    }
    return (1...n).reversed().map { Band(reach: edges[$0], alpha: alphas[$0 - 1]) }
  }
}
