// MARK: - BatchEvent

/// What a running batch reports, for progress lines and logs. Events arrive one at a time (never
/// concurrently), from whichever thread produced them, in this order: `presetFailed` for presets
/// that did not load, `presetWarning` for presets that draw outside their canvas and whose
/// contact sheet is up to date (the manifest kept the warning), `planned`, `skipped`, then
/// `frameRendered`, `frameEncoded`, `outputFinished` and `presetWarning` (measured as a preset's contact sheet
/// is drawn) as work progresses, `renderingFinished`, `presetFailed` for presets with an output
/// that failed.
public enum BatchEvent: Sendable {
  /// A preset failed: it did not load (reported while planning), or one of its outputs could
  /// not be produced (reported after rendering, in preset order). The other presets go on.
  case presetFailed(BatchFailure)
  /// A loaded preset is rendered but something about it deserves a look: its drawing leaves the
  /// canvas at some instant and is clipped (`Manifest.PresetRecord.warning`). `message` is one line without
  /// the file, e.g. `drawing leaves the 64×64 canvas by 3.5 pt (left) at t = 0.42 s`.
  case presetWarning(file: String, message: String)
  /// The work is known: what will be rendered (up-to-date outputs not counted).
  case planned(BatchTotals)
  /// This many outputs (> 0) are up to date and are not rendered again.
  case skipped(count: Int)
  /// One frame of a GIF or PNG output was rendered (contact sheets are not counted; a GIF too
  /// large to keep in memory renders its frames twice).
  case frameRendered
  /// One frame was written by its format (a GIF, APNG or WebP encoder's last pass, a PNG file).
  case frameEncoded
  /// An output was written; `presetDone` when it was the last pending output of its preset.
  case outputFinished(PlannedOutput, presetDone: Bool)
  /// Every output was produced or failed; the manifest and gallery come next.
  case renderingFinished
}

/// The work ahead of a batch, after skipping what is up to date.
public struct BatchTotals: Equatable, Sendable {
  /// Presets with at least one output to render.
  public var presets: Int
  /// Outputs to render.
  public var outputs: Int
  /// Frames to render for them, contact sheets not counted.
  public var frames: Int

  public init(presets: Int, outputs: Int, frames: Int) {
    self.presets = presets
    self.outputs = outputs
    self.frames = frames
  }
}
