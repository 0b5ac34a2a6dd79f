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
}

// MARK: - APNGDelays

/// The delays of frames in APNG's fractions.
public enum APNGDelays {
  /// The largest denominator of a loop period whose frames get exact fractions: 10,000 (the
  /// periods the timeline computes from cycles are fractions with such denominators).
  public static let maxPeriodDenominator = 10_000

  /// fcTL's delays for frames shown at `timing`'s exact times.
  ///
  /// Frames of equal duration d (a rendered loop of period p = d · frames) all get d exactly
  /// when p's denominator is at most `maxPeriodDenominator` and d's numerator (> 0) and
  /// denominator fit fcTL's 16-bit fields (`1/30`, `1/50`, `3/100`). Frames with their own
  /// durations (a decoded file) keep them when every one fits. Otherwise the delays are
  /// milliseconds with the rounding carried (frame `i` starts at round(1000 · tᵢ) ms, tᵢ its
  /// exact start, halves up; at most 65535 ms a frame), so they add up to the total rounded to
  /// 1 ms.
  /// - Parameter timing: the frames' exact durations.
  /// - Returns: one delay per frame; empty without frames or timing.
  public static func delays(_ timing: FrameTiming) -> [APNGDelay] {
    guard timing.count > 0 else { return [] }
    func fits(_ r: Rational) -> Bool { r.numerator <= 65535 && r.denominator <= 65535 }
    switch timing.kind {
    case .untimed:
      return []
    case .uniform(let each):
      let (periodNumerator, overflow) = each.numerator.multipliedReportingOverflow(by: timing.count)
      if !overflow, Rational(periodNumerator, each.denominator).denominator <= maxPeriodDenominator,
        each.numerator > 0, fits(each)
      {
        return [APNGDelay](repeating: APNGDelay(each.numerator, each.denominator), count: timing.count)
      }
    case .durations(let list):
      if list.allSatisfy(fits) { return list.map { APNGDelay($0.numerator, $0.denominator) } }
    }
    guard let ticks = timing.ticks else { return [] }
    return (0..<timing.count).map { i in
      APNGDelay(min(65535, ticks.start(i + 1, unitsPerSecond: 1000) - ticks.start(i, unitsPerSecond: 1000)), 1000)
    }
  }
}
