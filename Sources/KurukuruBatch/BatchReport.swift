// MARK: - BatchReport

/// What a batch did.
public struct BatchReport: Sendable {
  /// Presets that loaded.
  public var presetsLoaded: Int
  /// Presets that loaded and whose outputs were all produced.
  public var presetsSucceeded: Int
  /// Every preset that failed: those that did not load, then those with a failed output.
  public var failures: [BatchFailure]
  /// Outputs rendered and written in this run.
  public var written: Int
  /// Outputs that were up to date and kept.
  public var upToDate: Int
  /// The manifest written: every output present, rendered or kept.
  public var manifest: Manifest
  /// Path of `manifest.json` (the output folder as given, then `/manifest.json`).
  public var manifestPath: String
  /// Path of the gallery `index.html`.
  public var galleryPath: String

  /// True when no preset failed.
  public var succeeded: Bool { failures.isEmpty }
}
