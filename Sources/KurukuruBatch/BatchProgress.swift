import Foundation

// MARK: - BatchProgress

/// Where a running batch stands, counted from its events, for progress displays.
///
/// Feed it every `BatchEvent` with the time it arrived; `line(at:)` says, e.g.,
/// `batch: 12/101 outputs · 3/17 presets · 900/5000 frames drawn, 880 encoded · 0:12 elapsed, about 0:40 left`.
public struct BatchProgress: Sendable {
  /// What the plan said was to be done (zero until `.planned`).
  public private(set) var totals = BatchTotals(presets: 0, outputs: 0, frames: 0)
  /// Presets whose every output is written.
  public private(set) var presetsDone = 0
  /// Outputs written.
  public private(set) var outputsDone = 0
  /// Frames rendered so far.
  public private(set) var framesDone = 0
  /// Frames the formats have written so far (`BatchEvent.frameEncoded`).
  public private(set) var framesEncoded = 0
  /// When rendering started (the `.planned` event).
  public private(set) var started = Date()

  public init() {}

  /// Counts one event that arrived at `now`.
  public mutating func record(_ event: BatchEvent, at now: Date) {
    switch event {
    case .planned(let totals):
      self.totals = totals
      started = now
    case .frameRendered:
      framesDone += 1
    case .frameEncoded:
      framesEncoded += 1
    case .outputFinished(_, let presetDone):
      outputsDone += 1
      if presetDone { presetsDone += 1 }
    case .presetFailed, .presetWarning, .skipped, .renderingFinished:
      break
    }
  }

  /// Frames per second since rendering started.
  public func rate(at now: Date) -> Double {
    let elapsed = now.timeIntervalSince(started)
    return elapsed > 0 ? Double(framesDone) / elapsed : 0
  }

  /// The progress line (`ProgressText`). The estimate counts each GIF frame once (a GIF too
  /// large to replay renders its frames twice), so it may end early.
  public func line(at now: Date) -> String {
    ProgressText.line(
      "batch", outputs: (outputsDone, totals.outputs), presets: (presetsDone, totals.presets),
      drawn: framesDone, encoded: framesEncoded, frames: totals.frames, elapsed: now.timeIntervalSince(started))
  }
}

// MARK: - SharedBatchProgress

/// A `BatchProgress` that batch events on worker threads update while a progress line's
/// redraws read it on another: every access under one lock.
package final class SharedBatchProgress: @unchecked Sendable {
  private let lock = NSLock()
  private var progress = BatchProgress()

  package init() {}

  /// Counts `event` (`BatchProgress.record`) and returns outputs done and planned after it.
  package func record(_ event: BatchEvent, at now: Date) -> (done: Int, total: Int) {
    lock.lock()
    defer { lock.unlock() }
    progress.record(event, at: now)
    return (progress.outputsDone, progress.totals.outputs)
  }

  /// The progress line now (`BatchProgress.line(at:)`).
  package func line(at now: Date) -> String {
    lock.lock()
    defer { lock.unlock() }
    return progress.line(at: now)
  }
}

// MARK: - ProgressText

/// The one progress line of `render` and `batch`, as a pure function of the counts:
/// `LABEL: [D/N outputs · ][D/N presets · ]D/N frames drawn[, E encoded] · M:SS elapsed[, about M:SS left]`.
public enum ProgressText {
  /// - Parameters:
  ///   - label: what is running (`batch`, `render`, `render loader.apng`).
  ///   - outputs: outputs done and planned, if counted.
  ///   - presets: presets done and planned, if counted.
  ///   - drawn: frames rendered.
  ///   - encoded: frames the formats have written (0 when the format does not report them).
  ///   - frames: frames to render in all (> 0 for an estimate).
  ///   - elapsed: seconds since the work started.
  /// - Returns: the line. The time left is `elapsed × (1 − f) / f` for the fraction `f` done:
  ///   drawn and encoded frames each count half of the work when frames are being encoded, drawn
  ///   frames all of it otherwise; none is given before the first frame or past the end.
  public static func line(
    _ label: String, outputs: (done: Int, total: Int)? = nil, presets: (done: Int, total: Int)? = nil,
    drawn: Int, encoded: Int, frames: Int, elapsed: Double
  ) -> String {
    var parts: [String] = []
    if let outputs { parts.append("\(outputs.done)/\(outputs.total) outputs") }
    if let presets { parts.append("\(presets.done)/\(presets.total) presets") }
    parts.append("\(drawn)/\(frames) frames drawn" + (encoded > 0 ? ", \(encoded) encoded" : ""))
    var time = "\(clock(elapsed)) elapsed"
    let total = Double(max(frames, 0))
    let fraction = total == 0 ? 0 : encoded > 0
      ? (Double(min(drawn, frames)) + Double(min(encoded, frames))) / (2 * total) : Double(min(drawn, frames)) / total
    if fraction > 0, fraction < 1, elapsed > 0 { time += ", about \(clock(elapsed * (1 - fraction) / fraction)) left" }
    parts.append(time)
    return "\(label): " + parts.joined(separator: " · ")
  }

  /// Seconds as `M:SS`, or `H:MM:SS` from an hour (rounded down to whole seconds).
  public static func clock(_ seconds: Double) -> String {
    let s = seconds.isFinite ? max(0, Int(seconds)) : 0
    let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
    return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
  }
}
