import Foundation
import KurukuruCore

// MARK: - LottieKeyframe

/// One keyframe of a Lottie scalar property, as a player reads it.
///
/// Between this keyframe and the next, a player plays `value → next.value` eased by the cubic
/// Bézier from (0, 0) to (1, 1) with control points `easeOut` and `easeIn` (x: fraction of the
/// time between the keyframes, y: fraction of the value change) — the same convention as CSS
/// `cubic-bezier(easeOut.x, easeOut.y, easeIn.x, easeIn.y)`. A `hold` keyframe keeps its value
/// until the next one.
struct LottieKeyframe: Equatable, Sendable {
  /// Time in frames (seconds × fps); may lie before 0 or after the loop.
  var frame: Double
  var value: Double
  /// Control point leaving this keyframe (Lottie's `o`).
  var easeOut = Point(x: 0, y: 0)
  /// Control point arriving at the next keyframe (Lottie's `i`).
  var easeIn = Point(x: 1, y: 1)
  /// Keep `value` until the next keyframe (Lottie's `h: 1`).
  var hold = false
}

// MARK: - LottieScalar

/// A scalar Lottie property: a constant, or keyframes.
struct LottieScalar: Equatable, Sendable {
  /// Keyframes in order of time; empty for a constant.
  var keyframes: [LottieKeyframe]
  /// The value when `keyframes` is empty.
  var constant: Double
  /// Whether the keyframes were sampled (no exact Lottie form existed).
  var sampled = false

  static func constant(_ v: Double) -> LottieScalar { LottieScalar(keyframes: [], constant: v) }

  var isConstant: Bool { keyframes.isEmpty }

  /// What a player shows at `frame`: before the first keyframe its value, after the last the
  /// last value, in between the eased interpolation (or the held value).
  func value(atFrame frame: Double) -> Double {
    guard let first = keyframes.first, let last = keyframes.last else { return constant }
    if frame <= first.frame { return first.value }
    if frame >= last.frame { return last.value }
    var lo = 0, hi = keyframes.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keyframes[mid].frame <= frame { lo = mid } else { hi = mid }
    }
    let a = keyframes[lo], b = keyframes[hi]
    if a.hold || b.frame <= a.frame { return a.value }
    let x = (frame - a.frame) / (b.frame - a.frame)
    let eased = UnitBezier(a.easeOut.x, a.easeOut.y, a.easeIn.x, a.easeIn.y).value(at: x)
    return a.value + (b.value - a.value) * eased
  }

  /// The property with `f(v) = scale · v + offset` applied to every value (exact: easing is
  /// relative to the value change).
  func mapped(scale: Double, offset: Double) -> LottieScalar {
    var out = self
    out.constant = LottieNumber.round(scale * constant + offset)
    for i in out.keyframes.indices {
      out.keyframes[i].value = LottieNumber.round(scale * keyframes[i].value + offset)
    }
    return out
  }
}

// MARK: - Numbers

/// How numbers are written: rounded to fixed decimals, so output bytes are deterministic and
/// compact.
enum LottieNumber {
  /// Values, points, degrees, frames: 4 decimals.
  static func round(_ v: Double) -> Double { clean((v * 1e4).rounded() / 1e4) }
  /// Easing handles: 6 decimals.
  static func roundHandle(_ v: Double) -> Double { clean((v * 1e6).rounded() / 1e6) }
  private static func clean(_ v: Double) -> Double { v == 0 ? 0 : v }
}

// MARK: - Pieces

/// A piece of a value over time is a `CubicBezier` with x in seconds and y the value, x not
/// decreasing from `p0` to `p3`.
extension CubicBezier {
  /// A constant `v` from `a` to `b` seconds.
  static func constant(_ v: Double, from a: Double, to b: Double) -> CubicBezier {
    CubicBezier(
      p0: Point(x: a, y: v), p1: Point(x: a + (b - a) / 3, y: v), p2: Point(x: a + 2 * (b - a) / 3, y: v),
      p3: Point(x: b, y: v))
  }
}

// MARK: - LottieTiming

/// Turns Kurukuru's animated values into Lottie keyframes over one loop.
///
/// - **Exact** where Lottie has the same form: a pass of a linear or cubic-Bézier timing curve
///   is one keyframe whose `o`/`i` handles are the curve's control points (mirrored for an
///   autoreversed pass); keyframed tracks split the pass at their key times (a sub-curve of a
///   cubic Bézier is a cubic Bézier, renormalised); repeats, autoreverse, pauses and phase
///   offsets (a repeating animation's delay) are unrolled over the loop; keyframes may lie
///   before frame 0 or after the loop so no pass has to be cut. Jumps (a non-autoreversing
///   repeat restarting, a one-shot ending) are a hold keyframe `jumpFrames` before the jump.
///   CSS `steps()` passes are constant between their jumps, each jump a hold keyframe.
/// - **Sampled** otherwise (springs, a timing curve composed with non-linear keyframe curves,
///   values that depend on several animations): keyframes with linear easing placed by
///   bisection until linear interpolation is within `sampleTolerance` of the value's range at
///   three interior points of every interval.
///
/// Either way the result is then checked the way a player plays it (`LottieScalar.value(atFrame:)`)
/// at every frame of the loop and at 8 points between consecutive keyframes: the error must be
/// at most `tolerance` (0.5 %) of the value's range over the loop, or sampling is tightened.
/// An angle passes `span: 360`: its range then counts as at most one turn, so a value turning
/// many times per loop is not allowed an error of several degrees.
enum LottieTiming {
  /// Largest error allowed between the exported and the true value, as a fraction of the
  /// value's range over the loop: 0.5 %.
  static let tolerance = 0.005
  /// The bisection target of sampled keyframes, below `tolerance` to leave room: 0.3 %.
  static let sampleTolerance = 0.003
  /// How long before a jump its hold keyframe starts, in frames: 0.001.
  static let jumpFrames = 0.001
  /// Sampled intervals are not split below this many seconds; a change that fast is a jump.
  static let minimumStep = 1e-5

  /// The Lottie form of `value` over `[0, period]` at `fps` frames per second, with
  /// `scale · v + offset` applied (exactly) to every value.
  /// - Parameter span: the largest range the tolerances are taken of (360 for degrees: one
  ///   turn); default unbounded.
  static func scalar(
    _ value: AnimatedValue, period: Double, fps: Double, scale: Double = 1, offset: Double = 0,
    span: Double = .infinity
  ) -> LottieScalar {
    switch value {
    case .constant(let v):
      return .constant(LottieNumber.round(scale * v + offset))
    case .track(let track):
      let f: (Double) -> Double = { scale * track.value(at: $0) + offset }
      if period > 0, let pieces = pieces(track, from: 0, to: period) {
        let scaled = pieces.map { $0.mapped { Point(x: $0.x, y: scale * $0.y + offset) } }
        if let exact = keyframes(scaled, fps: fps), check(exact, f, period: period, fps: fps, span: span) {
          return exact
        }
      }
      return sampled(f, period: period, fps: fps, breakpoints: breakpoints(value, period: period), span: span)
    }
  }

  // MARK: - Exact pieces

  /// The value of `track` as Bézier pieces covering at least `[from, to]` seconds, or nil when
  /// there is no exact cubic form.
  static func pieces(_ track: Track, from t0: Double, to t1: Double) -> [CubicBezier]? {
    guard let progress = progressPieces(track.animation, from: t0, to: t1) else { return nil }
    var out: [CubicBezier] = []
    for (piece, linear) in progress {
      guard let mapped = valuePieces(track, piece, linearInTime: linear) else { return nil }
      out += mapped
    }
    return out.flatMap { piece -> [CubicBezier] in
      // Split at value extrema so every piece runs one way (its easing is then well defined).
      var parts: [CubicBezier] = []
      var rest = piece, consumed = 0.0
      for s in piece.extrema(of: .y) {
        let local = (s - consumed) / (1 - consumed)
        let (a, b) = rest.split(at: local)
        parts.append(a)
        rest = b
        consumed = s
      }
      parts.append(rest)
      return parts
    }
  }

  /// Eased progress of one animation as pieces in (seconds, progress), each flagged when the
  /// progress is linear in time; nil for springs.
  static func progressPieces(_ anim: AnimationSpec, from t0: Double, to t1: Double) -> [(CubicBezier, Bool)]? {
    let d = anim.duration
    guard d > 0, d.isFinite else { return nil }
    let controls: (Double, Double, Double, Double)
    let linear: Bool
    var steps = 0
    switch anim.curve {
    case .linear: controls = (1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3); linear = true
    case .bezier(let b): controls = (b.c0x, b.c0y, b.c1x, b.c1y); linear = false
    case .steps(let n, _) where n >= 1 && n <= 10_000: controls = (0, 0, 0, 0); linear = true; steps = n
    case .spring, .steps, .path: return nil
    }
    guard let passes = anim.passes(from: t0, to: t1) else { return nil }
    var out: [(CubicBezier, Bool)] = []
    func add(_ pass: AnimationSpec.Pass) {
      let hold = pass.backwards ? 1.0 : 0.0
      if pass.pause > 0 { out.append((.constant(hold, from: pass.start, to: pass.start + pass.pause), true)) }
      let a = pass.start + pass.pause
      if steps > 0 {
        // CSS steps(): every jump falls on a multiple of 1/n of the pass, so the progress is
        // constant on each n-th (its value taken inside it); the jumps become hold keyframes.
        let n = Double(steps)
        for k in 0..<steps {
          let x0 = Double(k) / n, x1 = Double(k + 1) / n, mid = (x0 + x1) / 2
          let p = anim.curve.progress(pass.backwards ? 1 - mid : mid)
          out.append((.constant(p, from: a + d * x0, to: a + d * x1), true))
        }
        return
      }
      let (c0x, c0y, c1x, c1y) = controls
      let piece: CubicBezier
      if pass.backwards {
        piece = CubicBezier(
          p0: Point(x: a, y: 1), p1: Point(x: a + d * (1 - c1x), y: c1y), p2: Point(x: a + d * (1 - c0x), y: c0y),
          p3: Point(x: a + d, y: 0))
      } else {
        piece = CubicBezier(
          p0: Point(x: a, y: 0), p1: Point(x: a + d * c0x, y: c0y), p2: Point(x: a + d * c1x, y: c1y),
          p3: Point(x: a + d, y: 1))
      }
      out.append((piece, linear))
    }
    if anim.endTime != nil, anim.delay > t0 { out.append((.constant(0, from: t0, to: anim.delay), true)) }
    for pass in passes {
      add(pass)
      if out.count > 100_000 { return nil }
    }
    if let end = anim.endTime, end < t1 { out.append((.constant(1, from: end, to: t1), true)) }
    if out.count > 100_000 { return nil }
    return out
  }

  /// A progress piece mapped through a keyframed track, or nil when the result is not a
  /// cubic Bézier in time.
  static func valuePieces(_ track: Track, _ piece: CubicBezier, linearInTime: Bool) -> [CubicBezier]? {
    let values = track.values, keys = track.keyTimes
    guard values.count > 1 else {
      return [.constant(values.first ?? 0, from: piece.p0.x, to: piece.p3.x)]
    }
    // Split where the progress crosses interior key times.
    var cuts: [Double] = []
    for k in keys.dropFirst().dropLast() { cuts += piece.parameters(where: .y, equals: k) }
    cuts.sort()
    var parts: [CubicBezier] = []
    var previous = 0.0
    for s in cuts + [1] where s > previous + 1e-12 {
      parts.append(piece.subsegment(previous, s))
      previous = s
    }
    if parts.isEmpty { parts = [piece] }
    var out: [CubicBezier] = []
    for part in parts {
      let mid = part.point(at: 0.5).y
      var k = 0
      while k < values.count - 2, mid >= keys[k + 1] { k += 1 }
      let span = keys[k + 1] - keys[k]
      let v0 = values[k], dv = values[k + 1] - values[k]
      let curve = track.curves[k]
      let ends = [part.p0.y, part.p3.y].map { span > 0 ? ($0 - keys[k]) / span : 1 }
      let inside = ends.allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 }
      let isConstantProgress = part.p0.y == part.p1.y && part.p1.y == part.p2.y && part.p2.y == part.p3.y
      if curve == .linear || !inside || isConstantProgress {
        if isConstantProgress, curve != .linear, inside {
          let f = min(max(ends[0], 0), 1)
          out.append(.constant(v0 + dv * curve.progress(f), from: part.p0.x, to: part.p3.x))
          continue
        }
        if curve != .linear && !inside { return nil }
        out.append(part.mapped { Point(x: $0.x, y: v0 + dv * (span > 0 ? ($0.y - keys[k]) / span : 1)) })
        continue
      }
      guard linearInTime, case .bezier(let b) = curve else { return nil }
      // Progress is linear in time here: the value follows the segment's curve between
      // fractions f0 and f1, a sub-curve of it.
      let fa = min(max(ends[0], 0), 1), fb = min(max(ends[1], 0), 1)
      let unit = CubicBezier(
        p0: Point(x: 0, y: 0), p1: Point(x: b.c0x, y: b.c0y), p2: Point(x: b.c1x, y: b.c1y), p3: Point(x: 1, y: 1))
      let lo = min(fa, fb), hi = max(fa, fb)
      guard hi > lo else {
        out.append(.constant(v0 + dv * curve.progress(fa), from: part.p0.x, to: part.p3.x))
        continue
      }
      var sub = unit.subsegment(unit.parameterByBisection(atX: lo), unit.parameterByBisection(atX: hi))
      let ta = part.p0.x, tb = part.p3.x
      if fa <= fb {
        sub = sub.mapped { Point(x: ta + ($0.x - lo) / (hi - lo) * (tb - ta), y: v0 + dv * $0.y) }
      } else {
        sub = sub.mapped { Point(x: ta + (hi - $0.x) / (hi - lo) * (tb - ta), y: v0 + dv * $0.y) }.reversed
      }
      out.append(sub)
    }
    return out
  }

  // MARK: - Keyframes from pieces

  /// Lottie keyframes playing `pieces` (consecutive in time), or nil when a handle would leave
  /// the time range Lottie allows (x in 0…1).
  static func keyframes(_ pieces: [CubicBezier], fps: Double) -> LottieScalar? {
    let jump = jumpFrames / fps
    var frames: [LottieKeyframe] = []
    let scale = pieces.reduce(0.0) { max($0, abs($1.p0.y), abs($1.p3.y)) }
    let same = max(1e-9, 1e-9 * scale)
    for (i, raw) in pieces.enumerated() where raw.p3.x - raw.p0.x > 1e-12 {
      var piece = raw
      var holdAt: (Double, Double)?
      if i + 1 < pieces.count, abs(pieces[i + 1].p0.y - piece.p3.y) > same {
        // A jump: end this piece `jumpFrames` early and hold until the next one starts.
        let cut = piece.p3.x - jump
        if cut > piece.p0.x {
          piece = piece.split(at: piece.parameterByBisection(atX: cut)).0
          holdAt = (piece.p3.x, piece.p3.y)
        }
      }
      guard var key = keyframe(piece, fps: fps) else { return nil }
      if holdAt == nil, i + 1 < pieces.count, abs(pieces[i + 1].p0.y - raw.p3.y) > same {
        key.hold = true  // too short to ease: hold its start value
      }
      // Merge runs of the same constant.
      if let last = frames.last, !last.hold, last.value == key.value, isFlat(last), isFlat(key), key.value == LottieNumber.round(piece.p3.y) {
        // the previous keyframe already holds this value until this one's end
      } else {
        frames.append(key)
      }
      if let (t, v) = holdAt {
        frames.append(LottieKeyframe(frame: LottieNumber.round(t * fps), value: LottieNumber.round(v), hold: true))
      }
    }
    guard let last = pieces.last else { return nil }
    frames.append(LottieKeyframe(frame: LottieNumber.round(last.p3.x * fps), value: LottieNumber.round(last.p3.y)))
    // Drop keyframes that no longer advance in time after rounding.
    var cleaned: [LottieKeyframe] = []
    for k in frames {
      if let prev = cleaned.last, k.frame <= prev.frame { cleaned[cleaned.count - 1] = k; continue }
      cleaned.append(k)
    }
    if cleaned.count == 1 { return .constant(cleaned[0].value) }
    return LottieScalar(keyframes: cleaned, constant: cleaned[0].value)
  }

  private static func isFlat(_ k: LottieKeyframe) -> Bool { k.easeOut == Point(x: 0, y: 0) && k.easeIn == Point(x: 1, y: 1) }

  /// The keyframe starting `piece`, with its easing handles, or nil when they leave 0…1 in x.
  static func keyframe(_ piece: CubicBezier, fps: Double) -> LottieKeyframe? {
    let dt = piece.p3.x - piece.p0.x, dv = piece.p3.y - piece.p0.y
    var key = LottieKeyframe(frame: LottieNumber.round(piece.p0.x * fps), value: LottieNumber.round(piece.p0.y))
    let scale = max(abs(piece.p0.y), abs(piece.p3.y), 1)
    guard dt > 0, abs(dv) > 1e-12 * scale else { return key }
    let ox = (piece.p1.x - piece.p0.x) / dt, oy = (piece.p1.y - piece.p0.y) / dv
    let ix = (piece.p2.x - piece.p0.x) / dt, iy = (piece.p2.y - piece.p0.y) / dv
    guard ox >= -1e-9, ox <= 1 + 1e-9, ix >= -1e-9, ix <= 1 + 1e-9 else { return nil }
    key.easeOut = Point(x: LottieNumber.roundHandle(min(max(ox, 0), 1)), y: LottieNumber.roundHandle(oy))
    key.easeIn = Point(x: LottieNumber.roundHandle(min(max(ix, 0), 1)), y: LottieNumber.roundHandle(iy))
    return key
  }

  // MARK: - Sampling

  /// Keyframes with linear easing that follow `f` over `[0, period]` seconds within
  /// `sampleTolerance` of its range (at most `span`), tightened until `check` passes.
  /// - Parameters:
  ///   - breakpoints: seconds where `f` may have a kink or a jump (pass boundaries, key times;
  ///     see `breakpoints(_:period:)`); always keyframes, never simplified away, so a kink
  ///     between two frames is played where it is.
  ///   - span: the largest range the tolerances are taken of (360 for degrees); default
  ///     unbounded.
  static func sampled(
    _ value: (Double) -> Double, period: Double, fps: Double, breakpoints: [Double] = [],
    span: Double = .infinity
  ) -> LottieScalar {
    // `value` may evaluate the whole scene; the frame times come back in every round of
    // sampling and checking, so each time is evaluated once (found by scripts/fuzz: a short
    // cycle in a long loop evaluated the same times over and over).
    var memo: [Double: Double] = [:]
    func f(_ t: Double) -> Double {
      if let v = memo[t] { return v }
      let v = value(t)
      memo[t] = v
      return v
    }
    guard period > 0 else { return .constant(LottieNumber.round(f(0))) }
    let range = valueRange(f, period: period, fps: fps)
    if range.max - range.min <= 1e-9 * max(1, abs(range.max)) { return .constant(LottieNumber.round(f(0))) }
    var tolerance = sampleTolerance
    var result = LottieScalar.constant(0)
    let reference = min(range.max - range.min, span)
    for _ in 0..<6 {
      result = sample(f, period: period, fps: fps, breakpoints: breakpoints, absolute: tolerance * reference)
      if check(result, f, period: period, fps: fps, span: span) { break }
      tolerance /= 2
    }
    result.sampled = true
    return result
  }

  private static func sample(
    _ f: (Double) -> Double, period: Double, fps: Double, breakpoints: [Double], absolute tol: Double
  ) -> LottieScalar {
    // Every frame is a knot, so no feature shorter than the loop hides between probes.
    let inner: [Double] = breakpoints.filter { $0 > 0 && $0 < period }
    let pinned = Set(inner)
    let frameTimes: [Double] = (0...max(1, Int((period * fps).rounded()))).map { Double($0) / fps }.filter { $0 < period }
    let knots: [Double] = Array(Set([0, period] + inner + frameTimes)).sorted()
    var points: [(Double, Double, Bool)] = []  // time, value, hold
    let budget = 32 * knots.count + 1_000
    func refine(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double, _ depth: Int) {
      var err = 0.0
      for q in [0.25, 0.5, 0.75] {
        let t: Double = a + (b - a) * q
        let line: Double = fa + (fb - fa) * q
        err = max(err, abs(f(t) - line))
      }
      if err <= tol { points.append((a, fa, false)); return }
      // Splitting is bounded: at most 32 keyframes per knot on average. A value that changes
      // by ~1e308 between frames (found by scripts/fuzz) would otherwise be split to the minimum
      // step everywhere; past the budget it is held.
      if b - a <= minimumStep || depth > 40 || !err.isFinite || points.count > budget {
        points.append((a, fa, true))  // a jump: hold until b
        return
      }
      let m = (a + b) / 2
      let fm = f(m)
      refine(a, fa, m, fm, depth + 1)
      refine(m, fm, b, fb, depth + 1)
    }
    var end = f(0)
    for (a, b) in zip(knots, knots.dropFirst()) where b > a {
      // Values just inside the interval: a jump exactly at a knot belongs to one side.
      let fa = f(a), fb = f(b - min(1e-9, (b - a) / 4))
      refine(a, fa, b, fb, 0)
      end = fb
    }
    // The loop's end is approached from inside (at `period` itself the loop starts again).
    points.append((period, end, false))
    // Drop keyframes that lie on the line between their neighbours (within the tolerance at
    // every sampled point in between), except at breakpoints: a kink there (a key time between
    // two frames, where a curve comes to rest) would otherwise be cut by a line that is within
    // the tolerance at the frames but not at the kink.
    var kept: [(Double, Double, Bool)] = []
    var i = 0
    while i < points.count {
      let anchor = points[i]
      kept.append(anchor)
      if anchor.2 { i += 1; continue }
      var j = i + 1
      while j + 1 < points.count, !points[j].2, !pinned.contains(points[j].0) {
        let end = points[j + 1]
        let ok = (i + 1...j).allSatisfy { m in
          let q = points[m]
          let line = anchor.1 + (end.1 - anchor.1) * (q.0 - anchor.0) / (end.0 - anchor.0)
          return abs(q.1 - line) <= tol
        }
        if !ok { break }
        j += 1
      }
      i = j
    }
    points = kept
    var keys: [LottieKeyframe] = []
    for (t, v, hold) in points {
      let k = LottieKeyframe(frame: LottieNumber.round(t * fps), value: LottieNumber.round(v), hold: hold)
      if let prev = keys.last, k.frame <= prev.frame { keys[keys.count - 1] = k; continue }
      keys.append(k)
    }
    return keys.count > 1 ? LottieScalar(keyframes: keys, constant: keys[0].value) : .constant(keys.first?.value ?? 0)
  }

  // MARK: - Checking

  /// The smallest and largest value of `f` over the loop, from 8 samples per frame.
  static func valueRange(_ f: (Double) -> Double, period: Double, fps: Double) -> (min: Double, max: Double) {
    let n = max(16, Int((period * fps * 8).rounded(.up)))
    var lo = Double.infinity, hi = -Double.infinity
    for i in 0...n {
      let v = f(period * Double(i) / Double(n))
      lo = min(lo, v); hi = max(hi, v)
    }
    return (lo, hi)
  }

  /// The largest difference between what a player shows and `f`, as a fraction of `f`'s range
  /// over the loop (0 for a constant `f` played exactly), checked at every frame of the loop
  /// (0 ..< frameCount; frame `frameCount` is frame 0 of the next loop) and at 8 points between
  /// consecutive keyframes inside it. The range counts as at most `span` (360 for degrees).
  static func maxError(
    _ scalar: LottieScalar, _ f: (Double) -> Double, period: Double, fps: Double, span limit: Double = .infinity
  ) -> Double {
    let range = valueRange(f, period: period, fps: fps)
    let span = max(min(range.max - range.min, limit), 1e-9 * max(1, abs(range.max)))
    var times: [Double] = []
    let frameCount = Int((period * fps).rounded())
    for i in 0..<max(1, frameCount) { times.append(Double(i) / fps) }
    for (a, b) in zip(scalar.keyframes, scalar.keyframes.dropFirst()) {
      for j in 1..<8 {
        let t = (a.frame + (b.frame - a.frame) * Double(j) / 8) / fps
        if t > 0 && t < period { times.append(t) }
      }
    }
    var worst = 0.0
    for t in times where t >= 0 && t < period {
      worst = max(worst, abs(scalar.value(atFrame: t * fps) - f(t)) / span)
    }
    return worst
  }

  /// Whether `scalar` plays `f` within `tolerance` (see `maxError`).
  static func check(
    _ scalar: LottieScalar, _ f: (Double) -> Double, period: Double, fps: Double, span: Double = .infinity
  ) -> Bool {
    maxError(scalar, f, period: period, fps: fps, span: span) <= tolerance
  }

  /// Seconds in `[0, period]` where `value` may have a kink or a jump: its animation's pass
  /// boundaries and, for a track of keyframes, every instant its progress crosses an interior
  /// key time (where one segment's curve hands over to the next; such instants need not fall
  /// on a frame).
  static func breakpoints(_ value: AnimatedValue, period: Double) -> [Double] {
    guard case .track(let track) = value else { return [] }
    var out = breakpoints(track.animation, period: period)
    let keys = track.keyTimes.dropFirst().dropLast()
    guard !keys.isEmpty, period > 0, let pieces = progressPieces(track.animation, from: 0, to: period) else {
      return out
    }
    for (piece, _) in pieces where piece.p3.x >= 0 && piece.p0.x <= period {
      for k in keys {
        if piece.p0.y == k { out.append(piece.p0.x) }
        out += piece.parameters(where: .y, equals: k).map { piece.point(at: $0).x }
      }
      if out.count > 200_000 { break }
    }
    return out.filter { $0 >= 0 && $0 <= period }
  }

  /// Seconds in `[0, period]` where an animation's passes begin or end.
  static func breakpoints(_ anim: AnimationSpec, period: Double) -> [Double] {
    var out: [Double] = []
    let pass = anim.passLength, pause = max(0, anim.pause)
    guard pass > 0, pass.isFinite else { return [] }
    switch anim.repeatMode {
    case .forever:
      let turns: Double = (anim.delay / pass).rounded(.down)
      var t: Double = anim.delay - turns * pass
      while t > 0 { t -= pass }
      while t <= period {
        out += [t, t + pause]
        t += pass
        if out.count > 200_000 { break }
      }
    case .once, .count:
      var passes = 1
      if case .count(let n, _) = anim.repeatMode { passes = max(1, n) }
      for i in 0...passes {
        let start: Double = anim.delay + Double(i) * pass
        out.append(start)
        out.append(start + pause)
      }
    }
    return out.filter { $0 >= 0 && $0 <= period }
  }
}

// MARK: - Linear combinations

extension LottieTiming {
  /// `Σ cᵢ·vᵢ + offset` as one animated value when that is exact: constants, and tracks driven
  /// by the same animation whose keyframe curves are all linear (key times are merged; between
  /// them every track is linear in the progress, so their combination is too). Nil otherwise.
  static func combination(_ terms: [(AnimatedValue, Double)], offset: Double = 0) -> AnimatedValue? {
    var constant = offset
    var tracks: [(Track, Double)] = []
    for (value, c) in terms {
      switch value {
      case .constant(let v): constant += c * v
      case .track(let t): tracks.append((t, c))
      }
    }
    guard let first = tracks.first?.0 else { return .constant(constant) }
    guard tracks.allSatisfy({ $0.0.animation == first.animation && $0.0.curves.allSatisfy { $0 == .linear } })
    else { return nil }
    let keys = Array(Set(tracks.flatMap { $0.0.keyTimes })).sorted()
    func valueAt(_ track: Track, _ p: Double) -> Double {
      var k = 0
      while k < track.values.count - 2, p >= track.keyTimes[k + 1] { k += 1 }
      guard track.values.count > 1 else { return track.values.first ?? 0 }
      let span = track.keyTimes[k + 1] - track.keyTimes[k]
      let f = span > 0 ? (p - track.keyTimes[k]) / span : 1
      return track.values[k] + (track.values[k + 1] - track.values[k]) * f
    }
    let values = keys.map { p in tracks.reduce(constant) { $0 + $1.1 * valueAt($1.0, p) } }
    return .track(Track(
      values: values, keyTimes: keys, curves: Array(repeating: .linear, count: max(0, keys.count - 1)),
      animation: first.animation))
  }

  /// Whether the value never leaves its keyframes' range: its progress stays in 0…1 (linear,
  /// steps, or a Bézier whose control points' y lie in 0…1).
  static func staysInKeyRange(_ value: AnimatedValue) -> Bool {
    guard let anim = value.animation else { return true }
    switch anim.curve {
    case .linear: return true
    case .bezier(let b): return (0...1).contains(b.c0y) && (0...1).contains(b.c1y)
    case .steps: return true
    case .spring, .path: return false
    }
  }

  /// The smallest and largest value of a track's keyframes, or the constant (a linear track
  /// never leaves its keyframes' range while its progress stays in 0…1).
  static func keyRange(_ value: AnimatedValue) -> (min: Double, max: Double) {
    switch value {
    case .constant(let v): return (v, v)
    case .track(let t): return (t.values.min() ?? 0, t.values.max() ?? 0)
    }
  }
}
