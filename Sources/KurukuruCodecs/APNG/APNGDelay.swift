import KurukuruCore

// MARK: - APNGDelay

/// How long an APNG frame is shown: `numerator / denominator` seconds, as fcTL stores it (two
/// 16-bit fields). A zero denominator in a file means 100 (the spec's rule); values made here
/// never have one.
public struct APNGDelay: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Seconds times `denominator` (0...65535).
  public var numerator: Int
  /// The fraction's denominator (1...65535; 0 in a file reads as 100).
  public var denominator: Int

  public init(_ numerator: Int, _ denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The delay in seconds.
  public var seconds: Double { Double(numerator) / Double(denominator == 0 ? 100 : denominator) }

  /// The delay as an exact fraction of a second (denominator 0 read as 100).
  public var rational: Rational { Rational(numerator, denominator == 0 ? 100 : denominator) }

  /// `1/30`.
  public var description: String { "\(numerator)/\(denominator)" }

  /// The sum of two delays, reduced, or nil when it does not fit in 16-bit fields.
  public func adding(_ other: APNGDelay) -> APNGDelay? {
    guard let sum = APNGDelay.add(rational, other.rational), sum.numerator <= 65535, sum.denominator <= 65535 else { return nil }
    return APNGDelay(sum.numerator, sum.denominator)
  }

  /// a + b, exactly, or nil on overflow (sums of many delays with unrelated denominators).
  static func add(_ a: Rational, _ b: Rational) -> Rational? {
    if a.denominator == b.denominator {
      let (n, o) = a.numerator.addingReportingOverflow(b.numerator)
      return o ? nil : Rational(n, a.denominator)
    }
    let (x, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
    let (y, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
    let (d, o3) = a.denominator.multipliedReportingOverflow(by: b.denominator)
    let (n, o4) = x.addingReportingOverflow(y)
    return o1 || o2 || o3 || o4 ? nil : Rational(n, d)
  }

  /// The total of `delays` in seconds, summed exactly as fractions (in floating point only if
  /// the exact sum would overflow).
  public static func total(_ delays: [APNGDelay]) -> Double {
    var sum: Rational? = Rational(0, 1)
    for d in delays { sum = sum.flatMap { add($0, d.rational) } }
    return sum?.doubleValue ?? delays.reduce(0) { $0 + $1.seconds }
  }

  /// Centisecond delays for frames with these delays, with the rounding carried (frame `i`
  /// starts at round(100 · its exact start time) cs), so that they add up to the rounded total.
  public static func centiseconds(_ delays: [APNGDelay]) -> [Int] {
    var out: [Int] = []
    out.reserveCapacity(delays.count)
    var start: Rational? = Rational(0, 1)
    var seconds = 0.0  // the fallback when exact sums would overflow
    var startCS = 0
    for d in delays {
      seconds += d.seconds
      start = start.flatMap { add($0, d.rational) }
      let end: Int
      if let s = start, s.numerator < Int.max / 400, s.denominator < Int.max / 4 {
        end = (s.numerator * 200 + s.denominator) / (2 * s.denominator)
      } else {
        start = nil
        end = Int((seconds * 100).rounded())
      }
      out.append(end - startCS)
      startCS = end
    }
    return out
  }
}

// MARK: - APNGDelays

/// The delays of a rendered loop in APNG's fractions.
public enum APNGDelays {
  /// The delays of `frameCount` frames that fill `period` seconds.
  ///
  /// When period / frameCount is a fraction with a numerator and denominator ≤ 65535 (every
  /// loop whose period is a fraction with a denominator ≤ 10,000, e.g. `1/30`, `1/50`, `3/100`),
  /// every frame gets exactly that. Otherwise the delays are milliseconds with the rounding carried
  /// (frame `i` starts at round(1000 · i · period / frameCount) ms), so they add up to the
  /// period rounded to 1 ms. A still image (period 0) gets one frame of 1 / `fps` seconds.
  /// - Parameters:
  ///   - frameCount: Frames in the loop (≥ 1).
  ///   - period: Seconds of the loop (≥ 0).
  ///   - fps: Frames per second, used for a still image only (> 0).
  /// - Returns: `frameCount` delays.
  public static func delays(frameCount: Int, period: Double, fps: Double) -> [APNGDelay] {
    guard frameCount > 0 else { return [] }
    guard period > 0, period.isFinite else {
      let still = Rational(approximating: 1 / max(fps, 1e-3), maxDenominator: 10_000)
      if let r = still, r.numerator > 0, r.numerator <= 65535, r.denominator <= 65535 {
        return [APNGDelay](repeating: APNGDelay(r.numerator, r.denominator), count: frameCount)
      }
      return [APNGDelay](repeating: APNGDelay(1, 10), count: frameCount)
    }
    if let p = Rational(approximating: period, maxDenominator: 10_000), abs(p.doubleValue - period) < 1e-9 {
      let each = Rational(p.numerator, p.denominator * frameCount)
      if each.numerator > 0, each.numerator <= 65535, each.denominator <= 65535 {
        return [APNGDelay](repeating: APNGDelay(each.numerator, each.denominator), count: frameCount)
      }
    }
    func start(_ i: Int) -> Int { Int((1000 * Double(i) * period / Double(frameCount)).rounded()) }
    return (0..<frameCount).map { i in APNGDelay(min(65535, start(i + 1) - start(i)), 1000) }
  }
}
