import Foundation

// MARK: - PathCurve

/// Android's `PathInterpolator` path as a timing curve: a path from (0, 0) to (1, 1) of lines and
/// cubics whose x never decreases; progress at a time fraction x is the path's y there (the
/// first point with that x, where a vertical segment jumps). AOSP (frameworks/base,
/// `android.view.animation.PathInterpolator`) refuses paths that do not start at (0, 0), end at
/// (1, 1) or turn back in x, and reads y off line segments approximating the path within 0.002;
/// here y is found on the exact curves, so the two differ by at most that approximation.
public struct PathCurve: Equatable, Hashable, Sendable {
  /// Segments in order: two points for a line, four for a cubic (start, controls, end).
  public let segments: [[Point]]

  /// Reads SVG path data of absolute `M x,y` (first, once), `L x,y` and `C x1,y1 x2,y2 x,y`
  /// commands, numbers separated by spaces or commas; a command letter may repeat its arguments.
  /// - Throws: a message with the 0-based offset of the problem.
  public init(pathData text: String) throws {
    let chars = Array(text.unicodeScalars)
    var i = 0
    func skip() { while i < chars.count, chars[i] == " " || chars[i] == "," || chars[i] == "\t" || chars[i] == "\n" { i += 1 } }
    func number() throws -> Double {
      skip()
      let start = i
      while i < chars.count, "0123456789.-+eE".unicodeScalars.contains(chars[i]) {
        if (chars[i] == "-" || chars[i] == "+") && i > start && chars[i - 1] != "e" && chars[i - 1] != "E" { break }
        i += 1
      }
      guard i > start, let v = Double(String(String.UnicodeScalarView(chars[start..<i]))), v.isFinite else {
        throw AnimationSyntaxError(offset: start, message: "expected a number in the path")
      }
      return v
    }
    func point() throws -> Point { Point(x: try number(), y: try number()) }
    var segments: [[Point]] = []
    var current: Point?
    var command: Unicode.Scalar?
    while true {
      skip()
      if i >= chars.count { break }
      if "MLC".unicodeScalars.contains(chars[i]) {
        command = chars[i]
        i += 1
      } else if "mlcHhVvSsQqTtAaZz".unicodeScalars.contains(chars[i]) {
        throw AnimationSyntaxError(
          offset: i, message: "path curves take absolute M, L and C commands only, found '\(Character(chars[i]))'")
      } else if command == nil {
        throw AnimationSyntaxError(offset: i, message: "a path curve starts with 'M0,0'")
      }
      guard let c = command else { break }
      let at = i
      switch c {
      case "M":
        guard current == nil else { throw AnimationSyntaxError(offset: at, message: "a path curve is one path: one 'M', at the start") }
        current = try point()
        command = "L"  // SVG: further pairs after M are lines
      case "L":
        guard let p0 = current else { throw AnimationSyntaxError(offset: at, message: "a path curve starts with 'M0,0'") }
        let p1 = try point()
        segments.append([p0, p1])
        current = p1
      default:
        guard let p0 = current else { throw AnimationSyntaxError(offset: at, message: "a path curve starts with 'M0,0'") }
        let p1 = try point(), p2 = try point(), p3 = try point()
        segments.append([p0, p1, p2, p3])
        current = p3
      }
      guard segments.count <= 1000 else { throw AnimationSyntaxError(offset: at, message: "a path curve has at most 1000 segments") }
    }
    guard let first = segments.first?.first, let last = segments.last?.last else {
      throw AnimationSyntaxError(offset: 0, message: "a path curve needs at least one segment after 'M0,0'")
    }
    guard first == Point(x: 0, y: 0), last == Point(x: 1, y: 1) else {
      throw AnimationSyntaxError(offset: 0, message: "a path curve runs from (0, 0) to (1, 1), as Android's PathInterpolator requires")
    }
    for s in segments where !PathCurve.xRises(s) {
      throw AnimationSyntaxError(
        offset: 0, message: "a path curve's x must never decrease (Android's PathInterpolator: the path cannot loop back on itself)")
    }
    self.segments = segments
  }

  /// Whether x never decreases along the segment: for a cubic, its derivative (a quadratic in
  /// the parameter) is ≥ 0 at both ends and at its extremum inside.
  static func xRises(_ s: [Point]) -> Bool {
    if s.count == 2 { return s[1].x >= s[0].x }
    let a = s[1].x - s[0].x, b = s[2].x - s[1].x, c = s[3].x - s[2].x
    // x'(u) / 3 = a(1 − u)² + 2b(1 − u)u + cu² = (a − 2b + c)u² + 2(b − a)u + a.
    let q = a - 2 * b + c
    var m = min(a, c)
    if q != 0 {
      let u = (a - b) / q
      if u > 0, u < 1 { m = min(m, q * u * u + 2 * (b - a) * u + a) }
    }
    return m >= -1e-12
  }

  /// y at time fraction x (0…1): on the first segment whose end reaches x, a line's linear y or
  /// a cubic's y at the parameter where its x is x (bisection, 60 halvings).
  public func value(at x: Double) -> Double {
    for s in segments where x <= s[s.count - 1].x {
      if s.count == 2 {
        let dx = s[1].x - s[0].x
        return dx > 0 ? s[0].y + (s[1].y - s[0].y) * (x - s[0].x) / dx : s[0].y
      }
      func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ u: Double) -> Double {
        let v = 1 - u
        return v * v * v * a + 3 * v * v * u * b + 3 * v * u * u * c + u * u * u * d
      }
      var lo = 0.0, hi = 1.0
      for _ in 0..<60 {
        let mid = (lo + hi) / 2
        if cubic(s[0].x, s[1].x, s[2].x, s[3].x, mid) < x { lo = mid } else { hi = mid }
      }
      return cubic(s[0].y, s[1].y, s[2].y, s[3].y, (lo + hi) / 2)
    }
    return 1
  }
}
