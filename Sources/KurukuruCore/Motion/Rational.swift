import Foundation

// MARK: - Rational

/// An exact non-negative rational number, for loop periods (ARCHITECTURE.md §4: the loop period is the
/// least common multiple of the repeating cycles, in exact arithmetic).
///
/// Always reduced, with `denominator > 0`.
public struct Rational: Equatable, Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Numerator, ≥ 0, coprime with the denominator.
  public let numerator: Int
  /// Denominator, > 0.
  public let denominator: Int

  /// Creates `numerator / denominator`, reduced.
  ///
  /// A negative pair (both signs negative) is normalised; the value must be non-negative and the
  /// denominator non-zero — violating that is a programming error (use `init?(approximating:)`
  /// for input-dependent values).
  /// - Parameters:
  ///   - numerator: ≥ 0 (or ≤ 0 together with a negative denominator).
  ///   - denominator: ≠ 0.
  public init(_ numerator: Int, _ denominator: Int) {
    precondition(denominator != 0, "rational with a zero denominator")
    precondition(
      (numerator >= 0) == (denominator > 0) || numerator == 0, "rational must be non-negative")
    let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
    self.numerator = Int(numerator.magnitude / divisor)
    self.denominator = Int(denominator.magnitude / divisor)
  }

  /// The simplest fraction (smallest denominator) within 1e-9 of `value` whose denominator is at
  /// most `maxDenominator`, found by walking the continued-fraction expansion of `value` with its
  /// semiconvergents (the Stern–Brocot path).
  /// - Parameters:
  ///   - value: a finite value ≥ 0 (at most 1e12).
  ///   - maxDenominator: largest denominator allowed, ≥ 1. Default 10 000.
  /// - Returns: nil when `value` is negative, not finite, too large, or no such fraction exists.
  public init?(approximating value: Double, maxDenominator: Int = 10_000) {
    let tolerance = 1e-9
    guard value.isFinite, value >= 0, value <= 1e12, maxDenominator >= 1 else { return nil }
    func close(_ p: Int, _ q: Int) -> Bool {
      abs(Double(p) - value * Double(q)) <= tolerance * Double(q)
    }
    // Convergents h(k)/k(k); start with h(−2)/k(−2) = 0/1 and h(−1)/k(−1) = 1/0.
    var (hPrev2, kPrev2) = (0, 1)
    var (hPrev1, kPrev1) = (1, 0)
    var x = value
    var first = true
    while true {
      let term = x.rounded(.down)
      guard term < 1e15 else { return nil }
      let a = Int(term)
      // Semiconvergents (m·h(k−1) + h(k−2)) / (m·k(k−1) + k(k−2)) for m = 1…a (and m = 0 for
      // the integer part), in increasing denominator order.
      var m = first ? 0 : 1
      while m <= a {
        let (p, q) = (m * hPrev1 + hPrev2, m * kPrev1 + kPrev2)
        if q > maxDenominator { return nil }
        if q > 0 && close(p, q) {
          self.init(p, q)
          return
        }
        // Jump ahead when the denominator cannot move (the m·0 case of the integer part).
        if kPrev1 == 0 && m < a {
          m = a
        } else {
          m += 1
        }
      }
      let (h, k) = (a * hPrev1 + hPrev2, a * kPrev1 + kPrev2)
      (hPrev2, kPrev2) = (hPrev1, kPrev1)
      (hPrev1, kPrev1) = (h, k)
      first = false
      let rest = x - term
      guard rest > 0 else { return nil }
      x = 1 / rest
    }
  }

  // MARK: - Values

  /// The value as a Double.
  public var doubleValue: Double { Double(numerator) / Double(denominator) }

  /// "n/d", or "n" when the denominator is 1.
  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  /// Exact comparison (cross-multiplied in double width, so it never overflows).
  public static func < (lhs: Rational, rhs: Rational) -> Bool {
    let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
    let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
    return (left.high, left.low) < (right.high, right.low)
  }

  // MARK: - Least common multiple

  /// The least common multiple of two positive rationals: the smallest positive rational that
  /// is a whole multiple of both, lcm(p, r) / gcd(q, s) for reduced p/q and r/s.
  /// - Parameters:
  ///   - a: a positive rational.
  ///   - b: a positive rational.
  /// - Returns: the least common multiple, or nil when either is zero or the result overflows.
  public static func lcm(_ a: Rational, _ b: Rational) -> Rational? {
    guard a.numerator > 0, b.numerator > 0 else { return nil }
    let numeratorGCD = Int(gcd(a.numerator.magnitude, b.numerator.magnitude))
    let (numerator, overflow) = (a.numerator / numeratorGCD).multipliedReportingOverflow(
      by: b.numerator)
    guard !overflow else { return nil }
    let denominator = Int(gcd(a.denominator.magnitude, b.denominator.magnitude))
    return Rational(numerator, denominator)
  }

  /// Greatest common divisor (gcd(0, 0) = 1 so that reducing zero is safe).
  private static func gcd(_ a: UInt, _ b: UInt) -> UInt {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x == 0 ? 1 : x
  }
}
