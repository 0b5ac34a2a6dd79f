// MARK: - AnimationSource

/// What renders frame by frame: a canvas in points, a loop, and the display list of any instant.
/// A preset's `ResolvedScene` is one and a Lottie animation (`LottieAnimation`) another; the
/// renderer, every output format, batch, `frame`, `info` and the snapshot library take any of
/// them.
public protocol AnimationSource: Sendable {
  /// Names the outputs (`NAME@2x.gif`, `NAME0.png`): a safe name (`PresetName`).
  var name: String { get }
  /// The file the animation was read from, as the user named it, for messages; empty when it
  /// was made in code.
  var file: String { get }
  /// Canvas size in points.
  var size: Size { get }
  /// Canvas background; `RGBAColor.clear` = transparent.
  var background: RGBAColor { get }
  /// The loop: period, frame count and frame times (frame `i` at `timeline.time(ofFrame: i)`).
  var timeline: Timeline { get }
  /// How many things are drawn per pixel at most, the view factor of `Limits.maxWork`: a
  /// preset's views, a Lottie animation's shapes and layers.
  var viewCount: Int { get }
  /// The display list at `t` seconds from the start of the loop (wrapped round it). Pure: the
  /// same `t` gives the same list on any thread.
  func displayList(at t: Double) -> DisplayList
  /// Whether drawing that leaves the canvas is worth a warning: yes for a preset, whose canvas
  /// is the view's frame (ink past it is usually a porting mistake); no for a Lottie
  /// composition, which clips to its `w`×`h` by definition and where content sliding in from
  /// outside is the design. Default true.
  var warnsOnCanvasOverflow: Bool { get }
  /// The same animation sampled at `fps` frames per second, its loop period unchanged.
  /// - Throws: `PresetError` or the source's own error when the new timeline exceeds `limits`.
  func retimed(fps: Double, limits: Limits) throws -> Self
}

extension AnimationSource {
  /// What messages about the animation start with: `file`, or `name` when it was made in code.
  public var label: String { file.isEmpty ? name : file }
  public var warnsOnCanvasOverflow: Bool { true }
}

extension ResolvedScene: AnimationSource {}
