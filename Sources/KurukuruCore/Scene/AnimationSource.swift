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
  /// The font files its text is drawn from, sorted by path, each once: what `info` and the
  /// batch manifest name, and what batch's cache keys hold. Default none.
  var fontFiles: [FontFile] { get }
  /// The same animation sampled at `fps` frames per second, its loop period unchanged.
  /// - Throws: `PresetError` or the source's own error when the new timeline exceeds `limits`.
  func retimed(fps: Double, limits: Limits) throws -> Self
}

extension AnimationSource {
  /// What messages about the animation start with: `file`, or `name` when it was made in code.
  public var label: String { file.isEmpty ? name : file }
  public var warnsOnCanvasOverflow: Bool { true }
  public var fontFiles: [FontFile] { [] }
}

extension ResolvedScene: AnimationSource {}

// MARK: - FittedAnimation

/// An animation scaled uniformly, about the canvas's top-left corner, by the largest factor at
/// which its canvas fits a box of points, keeping its aspect ratio: a 1080×1080 design shown as
/// a 40×40 pt loader. Everything else (name, timeline, background) is the source's. A bundle's
/// densities and `--scale` then multiply the fitted points as they do a preset's.
public struct FittedAnimation: AnimationSource {
  /// The animation as its file describes it.
  public let source: any AnimationSource
  /// Points of the fitted canvas per point of the source's (> 0).
  public let factor: Double

  /// `source` fitted into `box` (points, each side > 0).
  public init(_ source: any AnimationSource, fitting box: Size) {
    self.source = source
    let w = source.size.width, h = source.size.height
    factor = w > 0 && h > 0 ? min(box.width / w, box.height / h) : 1
  }

  private init(source: any AnimationSource, factor: Double) {
    self.source = source
    self.factor = factor
  }

  public var name: String { source.name }
  public var file: String { source.file }
  public var size: Size { Size(width: source.size.width * factor, height: source.size.height * factor) }
  public var background: RGBAColor { source.background }
  public var timeline: Timeline { source.timeline }
  public var viewCount: Int { source.viewCount }
  public var warnsOnCanvasOverflow: Bool { source.warnsOnCanvasOverflow }
  public var fontFiles: [FontFile] { source.fontFiles }

  public func displayList(at t: Double) -> DisplayList {
    let list = source.displayList(at: t)
    return DisplayList(size: size, background: list.background, items: list.items.transformed(by: .scale(x: factor, y: factor)))
  }

  public func retimed(fps: Double, limits: Limits) throws -> FittedAnimation {
    FittedAnimation(source: try source.retimed(fps: fps, limits: limits), factor: factor)
  }
}
