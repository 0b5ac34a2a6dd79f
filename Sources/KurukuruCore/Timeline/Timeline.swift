import Foundation

// MARK: - Timeline

/// The loop a scene renders (ARCHITECTURE.md §4): its period, frame count and frame times.
///
/// The period is the preset's `duration` when it sets one; otherwise the least common multiple
/// of every repeating animation's cycle, computed exactly on rationals; otherwise (only one-shot
/// animations) the moment the last one ends; a scene with no animation is one still frame.
/// Frame `i` is rendered at `t = i / fps` with `fps = frameCount / period`: when the requested
/// fps does not divide the period, the frame count is rounded and the fps adjusted so that the
/// loop stays seamless (reported in `notes`).
public struct Timeline: Equatable, Sendable {
  /// Seconds of one loop (0 for a still image).
  public internal(set) var period: Double
  /// Frames in one loop (≥ 1).
  public internal(set) var frameCount: Int
  /// Frames per second actually used: `frameCount / period` (the requested fps for a still).
  public internal(set) var fps: Double
  /// The frames per second asked for (the preset's `fps`, or `--fps`), which `fps` may differ
  /// from by the rounding of the frame count; formats check their frame-rate limit against it.
  public internal(set) var requestedFPS: Double
  /// Human notes about adjustments, e.g. a rounded frame count or a seam.
  public internal(set) var notes: [String]
  /// How visibly the loop jumps at the wrap, as a fraction of the range of the value that
  /// jumps most (0 = seamless; see `Timeline.seam`). Only an explicit or `"auto"` duration
  /// can make it non-zero.
  public internal(set) var seam: Double

  /// `t` seconds wrapped round the loop (t modulo the period, for a positive period), so that
  /// one-shot animations restart with the loop as they do in the rendered files.
  public func localTime(_ t: Double) -> Double {
    guard period > 0, t >= period || t < 0 else { return t }
    return t - period * (t / period).rounded(.down)
  }

  /// The time of frame `index`, in seconds: `index / fps`.
  public func time(ofFrame index: Int) -> Double {
    period > 0 ? Double(index) * period / Double(frameCount) : 0
  }

  /// Creates a timeline from its parts; `requestedFPS` defaults to `fps`, `seam` to 0
  /// (seamless).
  public init(
    period: Double, frameCount: Int, fps: Double, requestedFPS: Double? = nil, notes: [String] = [], seam: Double = 0
  ) {
    self.period = period
    self.frameCount = frameCount
    self.fps = fps
    self.requestedFPS = requestedFPS ?? fps
    self.notes = notes
    self.seam = seam
  }

  /// Computes the timeline of a view tree.
  /// - Parameters:
  ///   - fps: requested frames per second.
  ///   - duration: the preset's explicit loop length in seconds, if any (an `"auto"` duration is
  ///     resolved by `Timeline.autoDuration` before this).
  /// - Throws: `PresetError` when the period exceeds `limits.maxPeriod`, a cycle is not a
  ///   usable rational, or the frame count exceeds `limits.maxFrames`.
  init(root: SceneView, fps: Double, duration: Double?, limits: Limits, file: String) throws {
    var animations: [AnimationSpec] = []
    Timeline.collect(root) { animations.append($0) }
    var notes: [String] = []
    var seam = 0.0
    let period: Double
    if let duration {
      period = duration
      let cut = Timeline.cutCycles(animations, period: period)
      // With no cycle cut every repeating value comes back to where it started: whatever
      // `seam` measures then is rounding.
      seam = cut.isEmpty ? 0 : Timeline.seam(root, period: period)
      if !cut.isEmpty {
        notes.append(Timeline.seamNote(period: period, cut: cut, seam: seam))
      }
    } else {
      let cycles = animations.compactMap(\.cycle)
      if !cycles.isEmpty {
        let lcm = try Timeline.leastCommonMultiple(cycles, file: file)
        guard let l = lcm, l <= limits.maxPeriod else {
          let list = Timeline.cycleList(cycles)
          let p = lcm.map(Timeline.longPeriodText) ?? "too long"
          throw PresetError(
            file: file,
            message: "loop period \(p) (least common multiple of the cycles \(list)) exceeds \(fmt(limits.maxPeriod)) s; set \"duration\" in the preset to choose the loop (a number, or \"auto\" for the least visible seam)",
            kind: .limitExceeded)
        }
        period = l
        if let end = animations.compactMap(\.endTime).max(), end > period + 1e-9 {
          notes.append("a one-shot animation ends at \(fmt(end)) s, after the \(fmt(period)) s loop; it is cut at the loop")
        }
      } else {
        period = animations.compactMap(\.endTime).max() ?? 0
        if period > limits.maxDuration {
          throw PresetError(file: file, message: "the animations end at \(fmt(period)) s, beyond \(fmt(limits.maxDuration)) s; set \"duration\"", kind: .limitExceeded)
        }
      }
    }
    guard period > 0 else {
      self.init(period: 0, frameCount: 1, fps: fps, notes: notes)
      return
    }
    let exact = period * fps
    let frames = max(1, Int(exact.rounded()))
    guard frames <= limits.maxFrames else {
      throw PresetError(file: file, message: "\(frames) frames (\(fmt(period)) s at \(fmt(fps)) fps) exceed the limit of \(limits.maxFrames)", kind: .limitExceeded)
    }
    if abs(exact - Double(frames)) > 1e-6 {
      let how = seam > Timeline.seamTolerance ? "so frames stay evenly spaced" : "so it loops seamlessly"
      notes.append(
        "the \(fmt(period)) s loop is \(fmt(exact)) frames at \(fmt(fps)) fps; rendering \(frames) frames at \(fmt(Double(frames) / period)) fps \(how)")
    }
    self.init(period: period, frameCount: frames, fps: Double(frames) / period, requestedFPS: fps, notes: notes, seam: seam)
  }

  /// A loop period past the limit, as the error prints it: two decimals at most below 1000 s,
  /// whole seconds below a million, else `over 1e6 s` (an exact least common multiple of many
  /// cycles can be astronomically long, and its digits say nothing).
  static func longPeriodText(_ seconds: Double) -> String {
    if seconds < 1000 { return NumberText.format(seconds, decimals: 2) + " s" }
    if seconds < 1e6 { return NumberText.format(seconds, decimals: 0) + " s" }
    return "over 1e6 s"
  }

  // MARK: - Least common multiple

  /// The least common multiple of `cycles` (seconds), computed exactly on fractions over all
  /// of them; nil when it overflows (far beyond any limit).
  /// - Throws: `PresetError` when a cycle is not close to a fraction with denominator ≤ 10,000.
  static func leastCommonMultiple(_ cycles: [Double], file: String) throws -> Double? {
    var lcm: Rational?
    for c in cycles {
      guard let r = Rational(approximating: c, maxDenominator: 10_000) else {
        throw PresetError(file: file, message: "animation cycle \(fmt(c)) s is not a usable fraction of a second; set \"duration\"")
      }
      guard let previous = lcm else {
        lcm = r
        continue
      }
      guard let next = Rational.lcm(previous, r) else { return nil }
      lcm = next
    }
    return lcm?.doubleValue
  }

  /// "0.72 s, 1.02 s" — the distinct cycles, ascending.
  static func cycleList(_ cycles: [Double]) -> String {
    Set(cycles.map { ($0 * 1e9).rounded() / 1e9 }).sorted().map { fmt($0) + " s" }.joined(separator: ", ")
  }

  // MARK: - Seams

  /// Seams at or below this fraction of a value's range count as seamless (rounding noise).
  static let seamTolerance = 1e-6

  /// The repeating cycles (seconds, distinct, ascending) that `period` does not hold a whole
  /// number of times, and the one-shot animations it cuts before they end.
  static func cutCycles(_ animations: [AnimationSpec], period: Double) -> [Double] {
    var cut = Set<Double>()
    for a in animations {
      if let c = a.cycle, c > 0 {
        let n = (period / c).rounded()
        if n < 1 || abs(n * c - period) > 1e-9 * max(1, period) { cut.insert((c * 1e9).rounded() / 1e9) }
      }
    }
    return cut.sorted()
  }

  /// How visibly the loop jumps when it wraps from `period` back to 0: the largest jump of any
  /// value driven by a repeating animation, |v(period) − v(0)|, as a fraction of the span the value moves over
  /// (the range of its keyframe values). Angles (`rotationEffect`, arc angles) are compared
  /// modulo 360°, so a turn cut at a whole revolution is no seam. A value whose cycle jumps back
  /// at its end anyway (repeating without autoreverse from one value to another, a sawtooth)
  /// may also differ by that jump: a loop cut just short of whole cycles only makes the jump
  /// early. 0 = seamless.
  ///
  /// Values are compared rather than pixels: it is cheap (the `"auto"` search evaluates it for
  /// every candidate loop) and independent of scale; a value that moves a few points counts
  /// as much as one that sweeps the canvas.
  /// - Parameters:
  ///   - root: the scene's root view.
  ///   - period: the loop length in seconds.
  /// - Returns: the seam as a fraction (0…, normally ≤ 1; overshooting curves may exceed 1).
  static func seam(_ root: SceneView, period: Double) -> Double {
    SeamProbe(root).seam(period: period)
  }

  /// The values of a tree that a loop can cut, read once, so that `seam(_:period:)` can be
  /// measured at many loop lengths without walking the tree again (the `"auto"` search measures
  /// hundreds, before any frame is drawn).
  struct SeamProbe {
    /// A value driven by a repeating animation, with what its seam needs besides the period.
    struct Value {
      let track: Track
      let isAngle: Bool
      /// The span it moves over (keyframe range; at most 360 for an angle), > 0.
      let span: Double
      /// The jump at the end of each cycle of a sawtooth (repeating without autoreverse), else 0.
      let wrap: Double
      /// Its value at time 0.
      let start: Double

      /// Nil when the value cannot make a seam: not a track, a one-shot animation (it restarts
      /// with the loop by design, holding its end value until then), or no span.
      init?(_ value: AnimatedValue, isAngle: Bool) {
        guard case .track(let track) = value, track.animation.cycle != nil,
          let low = track.values.min(), let high = track.values.max()
        else { return nil }
        var span = high - low
        if isAngle { span = min(span, 360) }
        guard span > 0 else { return nil }
        var wrap = 0.0
        if case .forever(autoreverses: false) = track.animation.repeatMode, let first = track.values.first,
          let last = track.values.last
        {
          wrap = last - first
        }
        self.track = track
        self.isAngle = isAngle
        self.span = span
        self.wrap = wrap
        start = track.value(at: 0)
      }

      /// The jump at the wrap from `period` back to 0, as a fraction of `span`.
      func seam(period: Double) -> Double {
        let delta = track.value(at: period) - start
        // A sawtooth jumps back by `wrap` at the end of every cycle anyway: a loop just short of
        // whole cycles makes that jump a little early.
        var jump = min(abs(delta), abs(delta - wrap), abs(delta + wrap))
        if isAngle {
          jump = abs(delta).truncatingRemainder(dividingBy: 360)
          jump = min(jump, 360 - jump)
        }
        return jump.isFinite ? jump / span : 1
      }
    }

    let values: [Value]

    init(_ root: SceneView) {
      var values: [Value] = []
      root.forEachAnimatedValue { value, role in
        let isAngle = role == .angle
        if let v = Value(value, isAngle: isAngle) { values.append(v) }
      }
      self.values = values
    }

    /// The largest seam of any value (0 when none can make one).
    func seam(period: Double) -> Double {
      var worst = 0.0
      for v in values { worst = max(worst, v.seam(period: period)) }
      return worst
    }
  }

  /// The note `info` prints when a chosen loop length cuts cycles.
  static func seamNote(period: Double, cut: [Double], seam: Double) -> String {
    let percent = fmt((seam * 1000).rounded() / 10)
    let cycles = cut.isEmpty ? "" : " cuts the cycle\(cut.count == 1 ? "" : "s") \(cut.map { fmt($0) + " s" }.joined(separator: ", "));"
    return "the \(fmt(period)) s loop\(cycles) it is not seamless: at the wrap a value jumps by \(percent)% of its range"
  }

  // MARK: - Automatic loop length

  /// Longest loop `"duration": "auto"` considers without a maximum, in seconds.
  public static let defaultAutoMaximum = 10.0

  /// Seams within this many (fractions of a range) of the smallest count as equally good; the
  /// shortest such loop wins.
  static let autoSeamSlack = 0.01

  /// The loop length for `"duration": "auto"`.
  ///
  /// When the exact least common multiple of the repeating cycles is at most `maximum`, that
  /// is the answer (seamless). Otherwise every whole number of frames from the longest cycle up
  /// to `maximum` is a candidate, and the one with the smallest `seam` wins; candidates whose
  /// seam is within 1 percentage point of the smallest count as ties, and the shortest tie
  /// wins. With no repeating animation the usual rule applies (nil: the loop ends when the
  /// last one-shot animation does).
  /// - Parameters:
  ///   - root: the scene's root view.
  ///   - fps: frames per second (the candidates are whole frames at this rate).
  ///   - maximum: the longest loop to consider, in seconds (≤ `limits.maxPeriod`).
  /// - Returns: the chosen loop length in seconds, or nil for the computed rule.
  ///   A cycle that is not close to a fraction (denominator ≤ 10,000 — a spring's pass, or a
  ///   speed drawn with `random`) simply has no exact multiple: the search decides.
  /// - Throws: `PresetError` when the search would evaluate more than 20 million values.
  static func autoDuration(
    root: SceneView, fps: Double, maximum: Double, limits: Limits, file: String
  ) throws -> Double? {
    var animations: [AnimationSpec] = []
    collect(root) { animations.append($0) }
    let cycles = animations.compactMap(\.cycle)
    guard let longest = cycles.max() else { return nil }
    // A cycle that is no usable fraction (a spring slowed by a random speed) has no common
    // period with the others: only the search below can choose the loop.
    let rational = cycles.allSatisfy { Rational(approximating: $0, maxDenominator: 10_000) != nil }
    if rational, let lcm = try leastCommonMultiple(cycles, file: file), lcm <= maximum + 1e-9 { return lcm }
    var values = 0
    root.forEachAnimatedValue { _, _ in values += 1 }
    let first = max(1, Int((longest * fps).rounded(.up)))
    let last = Int((maximum * fps + 1e-9).rounded(.down))
    guard last >= first else { return longest }
    guard (last - first + 1) * values <= 20_000_000 else {
      throw PresetError(
        file: file,
        message: "\"duration\": \"auto\" would compare \(values) values at \(last - first + 1) loop lengths; give a smaller maximum or a number",
        kind: .limitExceeded)
    }
    // Candidates are independent: measured on all cores (this runs before any frame is drawn;
    // the choice below goes through them in order, so it never depends on the thread count).
    let probe = SeamProbe(root)
    let measure = { (k: Int) -> (length: Double, seam: Double) in
      let length = Double(first + k) / fps
      return (length, probe.seam(period: length))
    }
    let seams = Parallel.map(last - first + 1, workers: ProcessInfo.processInfo.activeProcessorCount, measure)
    let best = seams.map(\.seam).min() ?? 0
    return seams.first { $0.seam <= best + autoSeamSlack }?.length ?? longest
  }

  // MARK: - Collecting animations

  static func collect(_ view: SceneView, _ visit: (AnimationSpec) -> Void) {
    view.forEachAnimatedValue { value, _ in if let a = value.animation { visit(a) } }
  }
}
