import KurukuruCore

// MARK: - DisplayAlignment

/// Which frame of each sequence is on screen when: the positions a sequence comparison
/// compares, in display order.
///
/// The rule (`kurukuru compare --help` says it too):
/// - **Both sides without timing** (folders, PNG files): frame i against frame i; a frame on one
///   side only is a difference, and so are different frame counts.
/// - **Otherwise by display time.** A side without timing is taken as evenly spaced over the
///   other side's duration. Every frame of either side is sampled at the middle of its display
///   interval (frames of no duration are never shown and are skipped), and each distinct pair of
///   frames shown together at those instants is one position: a frame shown for k frame-times
///   on one side meets each of the k frames the other side shows meanwhile, and an encoder that
///   merged identical frames still equals its source. Frame counts may then differ freely.
///   Where both sides have timing and their total durations differ (after rounding both to the
///   coarser side's delay unit: a GIF's centisecond, a WebP's millisecond, exact otherwise), that
///   is a difference; past the shorter side's end its positions are missing. Within that rounding
///   an instant past one side's end is taken as its last frame.
/// Midpoints make the pairing immune to each format's rounding of frame starts (a GIF at 30 fps
/// starts its frames up to 5 ms off i / 30 s).
struct DisplayAlignment: Equatable {
  /// One position: the frames shown, and from when for how long both are (seconds; nil without
  /// timing on both sides).
  struct Position: Equatable {
    var frameA: Int?
    var frameB: Int?
    var time: Double?
    var duration: Double?
  }

  /// How the positions were found.
  var rule: SequenceComparison.Rule
  var positions: [Position]
  /// Each side's total duration in seconds; nil for a side without timing.
  var durationA: Double?
  var durationB: Double?
  /// Both sides have timing and their totals differ beyond the coarser delay unit.
  var durationsDiffer: Bool

  /// Aligns two sequences by their timings (and frame counts). A side without frames is compared
  /// by index: every frame of the other side is then missing on it.
  init(_ a: FrameTiming, _ b: FrameTiming) {
    let ticksA = DisplayAlignment.shown(a), ticksB = DisplayAlignment.shown(b)
    guard ticksA != nil || ticksB != nil, a.count > 0, b.count > 0 else {
      rule = .index
      positions = (0..<max(a.count, b.count)).map { i in
        Position(frameA: i < a.count ? i : nil, frameB: i < b.count ? i : nil, time: nil, duration: nil)
      }
      durationA = nil
      durationB = nil
      durationsDiffer = false
      return
    }
    rule = .displayTime
    let clock = Clock(ticksA, a.count, ticksB, b.count)
    durationA = ticksA.map { Double($0.total) / Double($0.perSecond) }
    durationB = ticksB.map { Double($0.total) / Double($0.perSecond) }
    durationsDiffer = ticksA != nil && ticksB != nil
      && !DisplayAlignment.sameTotal(clock, unitA: a.unit, unitB: b.unit)
    positions = DisplayAlignment.positions(clock, clampToShorter: ticksA != nil && ticksB != nil && !durationsDiffer)
  }

  /// The ticks of a timed side with a total above zero; nil for no timing (or none to go by).
  private static func shown(_ timing: FrameTiming) -> FrameTicks? {
    guard timing.count > 0, let ticks = timing.ticks, ticks.total > 0 else { return nil }
    return ticks
  }

  // MARK: - One clock for both

  /// Both sides' frame boundaries on one integer clock: `starts` of each side has one entry per
  /// frame plus its end; a side without timing is spread evenly over the other's total.
  struct Clock {
    var perSecond: Int
    var a: [Int]
    var b: [Int]

    init(_ ta: FrameTicks?, _ countA: Int, _ tb: FrameTicks?, _ countB: Int) {
      if let exact = Clock.exact(ta, countA, tb, countB) {
        self = exact
        return
      }
      // Past 62 bits: nanoseconds, each boundary rounded to the nearest (and kept below 2^61).
      let ns = 1_000_000_000, limit = Int.max / 4
      func nanoseconds(_ t: FrameTicks) -> [Int] {
        t.starts.map { min(limit, FrameTicks.rounded($0, times: ns, over: t.perSecond) ?? limit) }
      }
      func spread(_ count: Int, over total: Int) -> [Int] {
        (0...count).map { min(limit, FrameTicks.rounded($0, times: total, over: count) ?? limit) }
      }
      perSecond = ns
      switch (ta, tb) {
      case let (ta?, tb?): (a, b) = (nanoseconds(ta), nanoseconds(tb))
      case let (ta?, nil):
        a = nanoseconds(ta)
        b = spread(countB, over: a[a.count - 1])
      case let (nil, tb?):
        b = nanoseconds(tb)
        a = spread(countA, over: b[b.count - 1])
      case (nil, nil):
        (a, b) = ([0], [0])
      }
    }

    private init(perSecond: Int, a: [Int], b: [Int]) {
      self.perSecond = perSecond
      self.a = a
      self.b = b
    }

    /// The exact clock, or nil when a boundary (doubled, for midpoints) would not fit in 62 bits.
    private static func exact(_ ta: FrameTicks?, _ countA: Int, _ tb: FrameTicks?, _ countB: Int) -> Clock? {
      func scaled(_ starts: [Int], by factor: Int) -> [Int]? {
        var out: [Int] = []
        out.reserveCapacity(starts.count)
        for s in starts {
          let (v, overflow) = s.multipliedReportingOverflow(by: factor)
          guard !overflow, v <= Int.max / 4 else { return nil }
          out.append(v)
        }
        return out
      }
      func spread(_ count: Int, step total: Int) -> [Int]? {
        scaled(Array(0...count), by: total)
      }
      switch (ta, tb) {
      case let (ta?, tb?):
        guard let common = lcm(ta.perSecond, tb.perSecond), let a = scaled(ta.starts, by: common / ta.perSecond),
          let b = scaled(tb.starts, by: common / tb.perSecond)
        else { return nil }
        return Clock(perSecond: common, a: a, b: b)
      case let (ta?, nil):
        // B's frame j spans [j · T / n, (j + 1) · T / n): on a clock n times finer, j · T.
        let (perSecond, overflow) = ta.perSecond.multipliedReportingOverflow(by: countB)
        guard !overflow, let a = scaled(ta.starts, by: countB), let b = spread(countB, step: ta.total) else { return nil }
        return Clock(perSecond: perSecond, a: a, b: b)
      case let (nil, tb?):
        let (perSecond, overflow) = tb.perSecond.multipliedReportingOverflow(by: countA)
        guard !overflow, let b = scaled(tb.starts, by: countA), let a = spread(countA, step: tb.total) else { return nil }
        return Clock(perSecond: perSecond, a: a, b: b)
      case (nil, nil):
        return Clock(perSecond: 1, a: [0], b: [0])
      }
    }

    private static func lcm(_ x: Int, _ y: Int) -> Int? {
      var (p, q) = (x, y)
      while q != 0 { (p, q) = (q, p % q) }
      let (v, overflow) = (x / p).multipliedReportingOverflow(by: y)
      return overflow ? nil : v
    }
  }

  // MARK: - Totals

  /// Whether the totals agree once both are rounded to the coarser of the two delay units (nil:
  /// exact, the finest).
  private static func sameTotal(_ clock: Clock, unitA: Rational?, unitB: Rational?) -> Bool {
    let totalA = clock.a[clock.a.count - 1], totalB = clock.b[clock.b.count - 1]
    let unit = [unitA, unitB].compactMap { $0 }.max()
    guard let unit else { return totalA == totalB }
    // total / unit = ticks · q / (perSecond · p) for a unit of p/q seconds, rounded.
    func inUnits(_ ticks: Int) -> Int? {
      let (over, overflow) = clock.perSecond.multipliedReportingOverflow(by: unit.numerator)
      return overflow ? nil : FrameTicks.rounded(ticks, times: unit.denominator, over: over)
    }
    guard let a = inUnits(totalA), let b = inUnits(totalB) else { return totalA == totalB }
    return a == b
  }

  // MARK: - Positions

  /// The distinct pairs of frames shown at the middle of every frame of either side, in time
  /// order, with when both are shown.
  private static func positions(_ clock: Clock, clampToShorter: Bool) -> [Position] {
    let a = clock.a, b = clock.b
    // Instants doubled, so that a midpoint s + e over 2 stays whole.
    func midpoints(_ starts: [Int]) -> [Int] {
      (0..<(starts.count - 1)).compactMap { i in starts[i + 1] > starts[i] ? starts[i] + starts[i + 1] : nil }
    }
    var instants = midpoints(a) + midpoints(b)
    instants.sort()
    /// The frame whose interval holds the doubled instant `t`, or nil past the end.
    func frame(at t: Int, _ starts: [Int]) -> Int? {
      guard t < 2 * starts[starts.count - 1] else {
        return clampToShorter ? lastShown(starts) : nil
      }
      var lo = 0, hi = starts.count - 1  // starts[lo] * 2 <= t < starts[hi] * 2
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if 2 * starts[mid] <= t { lo = mid } else { hi = mid }
      }
      return lo
    }
    var out: [Position] = []
    let seconds = Double(clock.perSecond)
    for t in instants {
      let fa = frame(at: t, a), fb = frame(at: t, b)
      if let last = out.last, last.frameA == fa, last.frameB == fb { continue }
      // Shown together from the later start to the earlier end (a missing frame: past the end).
      let start = max(fa.map { a[$0] } ?? a[a.count - 1], fb.map { b[$0] } ?? b[b.count - 1])
      let end = min(fa.map { a[$0 + 1] } ?? .max, fb.map { b[$0 + 1] } ?? .max)
      let length = end == .max ? 0 : max(0, end - start)
      out.append(Position(frameA: fa, frameB: fb, time: Double(start) / seconds, duration: Double(length) / seconds))
    }
    return out
  }

  /// The last frame with a duration.
  private static func lastShown(_ starts: [Int]) -> Int? {
    var i = starts.count - 2
    while i >= 0 && starts[i + 1] == starts[i] { i -= 1 }
    return i >= 0 ? i : nil
  }
}
