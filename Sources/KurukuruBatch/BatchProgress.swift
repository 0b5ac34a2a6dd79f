import Foundation

// MARK: - BatchProgress

/// Where a running batch stands, counted from its events, for progress displays.
///
/// Feed it every `BatchEvent` with the time it arrived; `line(at:)` says, e.g.,
/// `batch: 3/17 presets, 12/101 outputs, 900 frames, 1200 frames/s, ETA 4s`.
public struct BatchProgress: Sendable {
  /// What the plan said was to be done (zero until `.planned`).
  public private(set) var totals = BatchTotals(presets: 0, outputs: 0, frames: 0)
  /// Presets whose every output is written.
  public private(set) var presetsDone = 0
  /// Outputs written.
  public private(set) var outputsDone = 0
  /// Frames rendered so far.
  public private(set) var framesDone = 0
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

  /// The progress line. The estimate counts each GIF frame once (a GIF too large to replay
  /// renders its frames twice), so it may end early; it never runs backwards.
  public func line(at now: Date) -> String {
    let rate = rate(at: now)
    let remaining = max(0, totals.frames - framesDone)
    let eta = rate > 0 ? String(format: "%.0fs", Double(remaining) / rate) : "?"
    return "batch: \(presetsDone)/\(totals.presets) presets, \(outputsDone)/\(totals.outputs) outputs, "
      + "\(framesDone) frames, \(String(format: "%.0f", rate)) frames/s, ETA \(eta)"
  }
}
