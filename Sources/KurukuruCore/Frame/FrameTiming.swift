// MARK: - FrameTiming

/// When the frames of a sequence are shown: exact durations in seconds, as fractions, or no
/// timing at all (a folder of PNG frames).
///
/// Frame `i` starts at the sum of the durations before it, exactly: for a rendered loop every
/// frame lasts period / frames (`uniform`), so frame `i` starts at `i / fps`; a decoded file
/// gives each frame the duration it stores (`durations`). Each codec turns these times into its
/// own unit at its own edge, with the rounding carried (`GIFDelays`, `APNGDelays`,
/// `WebPDelays`), and the comparison lines two sequences up by them.
public struct FrameTiming: Equatable, Sendable {
  /// How the durations are given.
  public enum Kind: Equatable, Sendable {
    /// No timing: the frames are only an order.
    case untimed
    /// Every frame lasts this many seconds (> 0).
    case uniform(Rational)
    /// Frame `i` lasts `durations[i]` seconds (≥ 0; a frame of 0 s is never shown).
    case durations([Rational])
  }

  /// The number of frames (≥ 0).
  public let count: Int
  /// The durations.
  public let kind: Kind
  /// The unit a file stored its durations in, when they were rounded to one: 1/100 s for a GIF,
  /// 1/1000 s for a WebP; nil when the durations are exact (a render, an APNG's fractions).
  /// A comparison takes two totals as equal when they agree to the coarser unit.
  public let unit: Rational?

  private init(count: Int, kind: Kind, unit: Rational?) {
    self.count = count
    self.kind = kind
    self.unit = unit
  }

  /// `count` frames without timing.
  /// - Parameter count: number of frames (≥ 0; negative counts as 0).
  public static func untimed(count: Int) -> FrameTiming {
    FrameTiming(count: max(0, count), kind: .untimed, unit: nil)
  }

  /// `count` frames of `frameDuration` seconds each: frame `i` starts at `i · frameDuration`.
  /// - Parameters:
  ///   - count: number of frames (≥ 0; negative counts as 0).
  ///   - frameDuration: seconds per frame (> 0), e.g. `Rational(1, 30)`.
  public static func uniform(count: Int, frameDuration: Rational) -> FrameTiming {
    FrameTiming(count: max(0, count), kind: .uniform(frameDuration), unit: nil)
  }

  /// One duration per frame, in seconds.
  /// - Parameters:
  ///   - durations: seconds per frame, in order.
  ///   - unit: the unit the durations were rounded to (`Rational(1, 100)` for a GIF); default
  ///     nil: exact.
  public static func durations(_ durations: [Rational], unit: Rational? = nil) -> FrameTiming {
    FrameTiming(count: durations.count, kind: .durations(durations), unit: unit)
  }

  // MARK: - Reading

  /// Whether the frames have durations.
  public var isTimed: Bool {
    if case .untimed = kind { return false }
    return true
  }

  /// How long frame `index` (0 ≤ `index` < `count`) is shown, in seconds; nil without timing.
  public func duration(ofFrame index: Int) -> Rational? {
    switch kind {
    case .untimed: return nil
    case .uniform(let each): return each
    case .durations(let list): return index >= 0 && index < list.count ? list[index] : nil
    }
  }

  /// The frames' start times on one integer clock, computed once.
  package var ticks: FrameTicks? { FrameTicks(self) }
}

// MARK: - FrameTicks

/// Frame start times as whole ticks of `1 / perSecond` seconds: exact when the durations'
/// denominators have a least common multiple of at most 2^40 (every render, GIF, WebP and
/// sensible APNG), else nanoseconds with each duration rounded to the nearest one.
package struct FrameTicks: Equatable, Sendable {
  /// Ticks per second (≥ 1).
  package let perSecond: Int
  /// `count + 1` entries: `starts[i]` is frame `i`'s start, `starts[count]` the end of the last
  /// frame (the total); never decreasing.
  package let starts: [Int]
  /// Whether the ticks are the exact times (false: rounded to nanoseconds).
  package let isExact: Bool

  /// The largest common denominator kept exact: 2^40.
  static let maxExactDenominator = 1 << 40
  /// The clock used when no exact one fits: nanoseconds.
  static let fallbackPerSecond = 1_000_000_000

  /// The ticks of `timing`, or nil when it has no durations (or their sum does not fit in 63 bits).
  init?(_ timing: FrameTiming) {
    switch timing.kind {
    case .untimed:
      return nil
    case .uniform(let each):
      var starts = [Int](repeating: 0, count: timing.count + 1)
      for i in 0...timing.count {
        let (t, overflow) = i.multipliedReportingOverflow(by: each.numerator)
        guard !overflow else { return nil }
        starts[i] = t
      }
      self.init(perSecond: each.denominator, starts: starts, isExact: true)
    case .durations(let durations):
      var common = 1
      for d in durations where common <= FrameTicks.maxExactDenominator {
        common = FrameTicks.lcm(common, d.denominator) ?? (FrameTicks.maxExactDenominator + 1)
      }
      let exact = common <= FrameTicks.maxExactDenominator
      let perSecond = exact ? common : FrameTicks.fallbackPerSecond
      var starts = [0]
      starts.reserveCapacity(durations.count + 1)
      var t = 0
      for d in durations {
        let ticks: Int
        if exact {
          let (product, overflow) = d.numerator.multipliedReportingOverflow(by: perSecond / d.denominator)
          guard !overflow else { return nil }
          ticks = product
        } else {
          guard let rounded = FrameTicks.rounded(d.numerator, times: perSecond, over: d.denominator) else { return nil }
          ticks = rounded
        }
        let (sum, overflow) = t.addingReportingOverflow(ticks)
        guard !overflow else { return nil }
        t = sum
        starts.append(t)
      }
      self.init(perSecond: perSecond, starts: starts, isExact: exact)
    }
  }

  package init(perSecond: Int, starts: [Int], isExact: Bool) {
    self.perSecond = perSecond
    self.starts = starts
    self.isExact = isExact
  }

  /// The number of frames.
  package var count: Int { starts.count - 1 }

  /// The end of the last frame, in ticks.
  package var total: Int { starts[starts.count - 1] }

  /// The start of frame `index` (0...`count`; `count` is the end) in `unitsPerSecond`ths of a
  /// second, rounded to the nearest (halves up): `round(unitsPerSecond · start)`, exactly;
  /// `Int.max` if that does not fit in an `Int`.
  /// - Parameter unitsPerSecond: 100 for centiseconds, 1000 for milliseconds (≥ 1).
  package func start(_ index: Int, unitsPerSecond: Int) -> Int {
    FrameTicks.rounded(starts[index], times: unitsPerSecond, over: perSecond) ?? .max
  }

  /// `round(a · b / c)` for a, b ≥ 0 and c > 0, halves up, computed in double width; nil when
  /// the result does not fit in an `Int`.
  package static func rounded(_ a: Int, times b: Int, over c: Int) -> Int? {
    guard a >= 0, b >= 0, c > 0 else { return nil }
    let product = a.multipliedFullWidth(by: b)
    // The quotient fits when product / 2^63 < c.
    guard UInt(bitPattern: product.high) << 1 | product.low >> 63 < UInt(c) else { return nil }
    let (quotient, remainder) = c.dividingFullWidth((product.high, product.low))
    guard remainder >= c - remainder else { return quotient }
    return quotient < .max ? quotient + 1 : nil
  }

  /// The least common multiple of two positive integers, or nil when it overflows.
  private static func lcm(_ a: Int, _ b: Int) -> Int? {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    let (result, overflow) = (a / x).multipliedReportingOverflow(by: b)
    return overflow ? nil : result
  }
}
