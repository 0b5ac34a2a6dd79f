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
  public var period: Double
  /// Frames in one loop (≥ 1).
  public var frameCount: Int
  /// Frames per second actually used: `frameCount / period` (the requested fps for a still).
  public var fps: Double
  /// Human notes about adjustments, e.g. a rounded frame count.
  public var notes: [String]

  /// The time of frame `index`, in seconds: `index / fps`.
  public func time(ofFrame index: Int) -> Double {
    period > 0 ? Double(index) * period / Double(frameCount) : 0
  }

  public init(period: Double, frameCount: Int, fps: Double, notes: [String] = []) {
    self.period = period
    self.frameCount = frameCount
    self.fps = fps
    self.notes = notes
  }

  /// Computes the timeline of a view tree.
  /// - Parameters:
  ///   - fps: requested frames per second.
  ///   - duration: the preset's explicit loop length in seconds, if any.
  /// - Throws: `PresetError` when the period exceeds `limits.maxPeriod`, a cycle is not a
  ///   usable rational, or the frame count exceeds `limits.maxFrames`.
  init(root: SceneView, fps: Double, duration: Double?, limits: Limits, file: String) throws {
    var animations: [AnimationSpec] = []
    Timeline.collect(root) { animations.append($0) }
    var notes: [String] = []
    let period: Double
    if let duration {
      period = duration
    } else {
      let cycles = animations.compactMap(\.cycle)
      if !cycles.isEmpty {
        var lcm: Rational?
        for c in cycles {
          guard let r = Rational(approximating: c, maxDenominator: 10_000) else {
            throw PresetError(file: file, message: "animation cycle \(fmt(c)) s is not a usable fraction of a second; set \"duration\"")
          }
          lcm = lcm.map { Rational.lcm($0, r) } ?? r
          guard let l = lcm, l.doubleValue <= limits.maxPeriod else {
            let list = Set(cycles.map { fmt($0) + " s" }).sorted().joined(separator: ", ")
            let p = lcm.map { fmt($0.doubleValue) + " s" } ?? "too long"
            throw PresetError(
              file: file,
              message: "loop period \(p) (least common multiple of the cycles \(list)) exceeds \(fmt(limits.maxPeriod)) s; set \"duration\" in the preset to choose the loop",
              kind: .limitExceeded)
          }
        }
        period = lcm?.doubleValue ?? 0
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
      notes.append(
        "the \(fmt(period)) s loop is \(fmt(exact)) frames at \(fmt(fps)) fps; rendering \(frames) frames at \(fmt(Double(frames) / period)) fps so it loops seamlessly")
    }
    self.init(period: period, frameCount: frames, fps: Double(frames) / period, notes: notes)
  }

  // MARK: - Collecting animations

  static func collect(_ view: SceneView, _ visit: (AnimationSpec) -> Void) {
    func value(_ v: AnimatedValue?) { if let a = v?.animation { visit(a) } }
    func paint(_ p: PaintSpec?) {
      switch p {
      case .radial(_, _, let a, let b)?: value(a); value(b)
      case .angular(_, _, let a, let b)?: value(a); value(b)
      default: break
      }
    }
    func stroke(_ s: StrokeSpec) { value(s.lineWidth); value(s.dashPhase) }
    switch view.kind {
    case .shape(let s):
      switch s.shape {
      case .roundedRectangle(let r): value(r)
      case .arc(let a, let b, _): value(a); value(b)
      default: break
      }
      value(s.trim?.from); value(s.trim?.to)
      switch s.style {
      case .fill(let p, _)?: paint(p)
      case .stroke(let p, let st)?, .strokeBorder(let p, let st)?: paint(p); stroke(st)
      case nil: break
      }
    case .zStack(_, let children), .hStack(_, _, let children), .vStack(_, _, let children):
      children.forEach { collect($0, visit) }
    case .spacer:
      break
    }
    for m in view.modifiers {
      switch m {
      case .frame(let w, let h, _): value(w); value(h)
      case .padding: break
      case .offset(let x, let y): value(x); value(y)
      case .rotationEffect(let d, _): value(d)
      case .rotation3DEffect(let d, _, _, let z, let p): value(d); value(z); value(p)
      case .scaleEffect(let x, let y, _): value(x); value(y)
      case .opacity(let o): value(o)
      case .shadow(_, let r, let x, let y): value(r); value(x); value(y)
      case .foregroundStyle(let p): paint(p)
      }
    }
  }
}
