import Foundation
import KurukuruCore
import KurukuruRaster

// MARK: - Renderer

/// Turns a resolved scene into frames over its loop and hands them to an output format.
///
/// Frame `i` is the scene evaluated at `t = i / fps` seconds (`scene.timeline.time(ofFrame:)`)
/// and rasterized at `scale` pixels per point. Frames are rendered on up to `jobs` threads and
/// streamed to the format in order; the bytes written never depend on `jobs`.
///
/// Each renderer draws through a `RasterCache` of its own (`rasterizer.cache`, at most 112 MiB of
/// pixels), unless it was given one: two renderers never share memory or budgets by accident,
/// and the cache's memory goes back when the last renderer holding it is gone. Copies of a
/// renderer, and the renderers made from it for a format (`prepared(for:)`'s re-timed one, the
/// app bundles' other scales), share its cache, so one write stays within one budget. What the
/// cache holds never changes a byte.
///
/// ```swift
/// let preset = try Preset.load(path: "Presets/loading-circle.json")
/// try Renderer(preset, scale: 2).write(.gif(), to: "loader.gif")
/// ```
public struct Renderer: Sendable {
  /// The scene rendered.
  public let scene: any AnimationSource
  /// Draws each frame; its `scale` is in pixels per point, its `cache` this renderer's.
  public let rasterizer: Rasterizer
  /// Canvas width in pixels.
  public let width: Int
  /// Canvas height in pixels.
  public let height: Int
  /// Worker threads (≥ 1). Default: the number of active cores.
  public var jobs: Int
  /// The bounds this renderer was created with; `maxWork` was checked against `work`, and a
  /// re-timed renderer (`prepared(for:)`) is checked against them again. Default `Limits()`.
  public let limits: Limits
  /// Called after every frame rendered, from the rendering thread (for progress lines).
  /// Default nil.
  public var onFrame: (@Sendable () -> Void)?
  /// Each rendered frame's canvas overflow, measured on the display list it was drawn from, so
  /// that `canvasOverflow` after rendering evaluates nothing again. Belongs to `scene` (a
  /// re-timed renderer is a new one with its own).
  private let measured: MeasuredOverflows

  /// Worker threads when none are given: the number of active cores.
  public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

  // MARK: - Creating

  /// Creates a renderer for a resolved scene.
  /// - Parameters:
  ///   - scene: what to render.
  ///   - scale: pixels per point (> 0). Default 1.
  ///   - jobs: worker threads (≥ 1; smaller values count as 1). Default `defaultJobs`.
  ///   - limits: `maxWork` bounds `work`; default `Limits()`.
  ///   - cache: what frames keep for later frames; pass another renderer's
  ///     (`rasterizer.cache`) to share its memory and budget. Default: a new, empty cache.
  /// - Throws: `RasterError` when the canvas at `scale` is empty or larger than
  ///   `Rasterizer.maximumCanvasSide` pixels a side, or `scale` is not a positive number;
  ///   `RenderError.tooMuchWork` when one loop is more than `limits.maxWork` pixel-views.
  public init(
    _ scene: any AnimationSource, scale: Double = 1, jobs: Int = Renderer.defaultJobs, limits: Limits = Limits(),
    cache: RasterCache = RasterCache()
  ) throws {
    self.scene = scene
    self.rasterizer = Rasterizer(scale: scale, cache: cache)
    (width, height) = try rasterizer.canvasSize(for: scene.size)
    self.jobs = max(1, jobs)
    self.limits = limits
    measured = MeasuredOverflows(count: scene.timeline.frameCount)
    // Checked here, not when the scene is resolved: the pixel count depends on the scale.
    let frames = scene.timeline.frameCount, views = scene.viewCount
    if Renderer.work(width: width, height: height, frames: frames, views: views) > limits.maxWork {
      throw RenderError.tooMuchWork(
        scene: scene.label, width: width, height: height, frames: frames, views: views, limit: limits.maxWork)
    }
  }

  /// Creates a renderer for a preset with its default parameter values.
  /// - Parameters:
  ///   - preset: a loaded preset (`Preset.load(path:)`).
  ///   - scale: pixels per point (> 0). Default 1.
  ///   - settings: parameter values by name, as on the command line (`--set NAME=VALUE`).
  ///     Default none.
  ///   - jobs: worker threads. Default `defaultJobs`.
  ///   - limits: bounds for resolving and for `work`. Default `Limits()`.
  ///   - cache: what frames keep for later frames. Default: a new, empty cache.
  /// - Throws: `PresetError` for a bad setting, `RasterError` for a bad canvas,
  ///   `RenderError.tooMuchWork` past `limits.maxWork`.
  public init(
    _ preset: Preset, scale: Double = 1, settings: [String: String] = [:], jobs: Int = Renderer.defaultJobs,
    limits: Limits = Limits(), cache: RasterCache = RasterCache()
  ) throws {
    try self.init(
      try preset.scene(settings: settings, limits: limits), scale: scale, jobs: jobs, limits: limits, cache: cache)
  }

  /// Pixels per point.
  public var scale: Double { rasterizer.scale }

  /// Frames in one loop.
  public var frameCount: Int { scene.timeline.frameCount }

  /// Where the drawing leaves the canvas and is clipped: the worst of the loop's frames, or nil
  /// when every frame stays inside (`ResolvedScene.canvasOverflow()`'s answer). Frames this
  /// renderer has drawn were measured then; the others are evaluated (not rasterized) on
  /// `jobs` threads. Asked after writing, it costs nothing more; asked before, the frames not
  /// yet drawn are evaluated for it and again when drawn.
  public var canvasOverflow: CanvasOverflow? {
    let times = (0..<frameCount).map { scene.timeline.time(ofFrame: $0) }
    var found = measured.snapshot()
    let missing = found.indices.filter { found[$0] == nil }
    let computed = scene.overflows(at: missing.map { times[$0] }, workers: jobs)
    for (k, i) in missing.enumerated() { found[i] = MeasuredOverflows.Entry(computed[k]) }
    return scene.worstOverflow(found.map { $0?.overflow }, at: times)
  }

  /// The work of one loop in pixel-views (`Limits.maxWork`): width × height × frames × views.
  public var work: Int { Renderer.work(width: width, height: height, frames: frameCount, views: scene.viewCount) }

  /// width × height × frames × views, saturating at `Int.max` instead of overflowing.
  static func work(width: Int, height: Int, frames: Int, views: Int) -> Int {
    [height, frames, views].reduce(width) { product, factor in
      let (result, overflow) = product.multipliedReportingOverflow(by: factor)
      return overflow ? Int.max : result
    }
  }

  // MARK: - Frames

  /// Frame `index` of the loop, rendered at `scene.timeline.time(ofFrame: index)`.
  /// - Throws: `RasterError`.
  public func frame(_ index: Int) throws -> Frame {
    let list = scene.displayList(at: scene.timeline.time(ofFrame: index))
    if scene.warnsOnCanvasOverflow { measured.record(index, list.overflow()) }
    let frame = try rasterizer.render(list)
    onFrame?()
    return frame
  }

  /// The scene at any instant, in seconds from the start of the loop.
  /// - Throws: `RasterError`.
  public func frame(at seconds: Double) throws -> Frame {
    try rasterizer.render(scene.displayList(at: seconds))
  }

  /// Frames in `range`, rendered on up to `jobs` threads, returned in order.
  /// - Throws: the error of the lowest failing frame.
  public func frames(_ range: Range<Int>) throws -> [Frame] {
    let first = range.lowerBound
    return try Parallel.map(range.count, workers: jobs) { try frame(first + $0) }
  }

  /// Calls `body` with each frame of `range` on up to `jobs` threads, in no particular order;
  /// `body` must synchronise any shared state itself.
  /// - Throws: the error of the lowest failing frame.
  public func forEachFrame(in range: Range<Int>, _ body: (Int, Frame) throws -> Void) throws {
    try Parallel.forEach(range, workers: jobs) { i in try body(i, try frame(i)) }
  }

  // MARK: - Writing

  /// The renderer a format needs: the same one, or one re-timed to the format's frame-rate
  /// limit (GIF plays at most 50 fps), with a note saying so. A re-timed renderer draws through
  /// this renderer's cache.
  /// - Throws: `PresetError` if the re-timed loop exceeds the limits.
  public func prepared(for format: some OutputFormat) throws -> PreparedRenderer {
    guard let limit = format.frameRateLimit, scene.timeline.requestedFPS > limit.fps else {
      return PreparedRenderer(renderer: self, note: nil)
    }
    var renderer = try Renderer(
      scene.retimed(fps: limit.fps, limits: limits), scale: scale, jobs: jobs, limits: limits, cache: rasterizer.cache)
    renderer.onFrame = onFrame
    let note = "\(limit.reason); \(OutputNaming.number(scene.timeline.requestedFPS)) fps lowered to \(OutputNaming.number(limit.fps))"
    return PreparedRenderer(renderer: renderer, note: note)
  }

  /// Renders the loop and writes it in `format`.
  /// - Parameters:
  ///   - format: e.g. `.gif()` or `.pngSequence()`.
  ///   - path: the file or folder to write (`OutputTarget(path:)`); for a format that writes one
  ///     file, a path ending in `/` or naming an existing folder is the folder that receives
  ///     `format.defaultPath(name:scale:)`. Default: that path in the working directory.
  ///     Written atomically: a failure leaves nothing behind.
  /// - Returns: what was written.
  /// - Throws: errors of the format (`GIFError`, `PNGError`, `APNGError`, `WebPError`,
  ///   `LottieError`, `RenderError`), `RasterError`.
  @discardableResult
  public func write(_ format: some OutputFormat, to path: String? = nil) throws -> OutputSummary {
    guard let path else { return try write(format, to: defaultTarget(for: format)) }
    var isDir: ObjCBool = false
    if !format.writesFolder,
      path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
    {
      return try write(format, to: defaultTarget(for: format, in: path))
    }
    return try write(format, to: OutputTarget(path: path))
  }

  /// Renders the loop and writes it in `format` to `target`, never through a link inside
  /// `target.folder`.
  /// - Returns: what was written.
  /// - Throws: errors of the format (`GIFError`, `PNGError`, `APNGError`, `WebPError`,
  ///   `LottieError`, `RenderError`), `RasterError`.
  @discardableResult
  public func write(_ format: some OutputFormat, to target: OutputTarget) throws -> OutputSummary {
    let prepared = try prepared(for: format)
    var summary = try format.write(prepared.renderer, to: target)
    if let note = prepared.note { summary.notes.insert(note, at: 0) }
    return summary
  }

  /// Where `format` puts this scene by default: `format.defaultPath(name:scale:)` inside `folder`.
  /// - Throws: `RenderError.unsafePath` when the scene's name cannot name a file.
  public func defaultTarget(for format: some OutputFormat, in folder: String = ".") throws -> OutputTarget {
    try OutputTarget(folder: folder, relative: format.defaultPath(name: scene.name, scale: scale))
  }
}

// MARK: - PreparedRenderer

/// A renderer adapted to an output format, and why it differs from the one asked for.
public struct PreparedRenderer: Sendable {
  /// The renderer to hand to the format.
  public var renderer: Renderer
  /// One line for people when the renderer was changed (e.g. a lowered frame rate), else nil.
  public var note: String?
}

// MARK: - MeasuredOverflows

/// The canvas overflow of each frame drawn so far, by frame index; safe to use from the
/// rendering threads at once.
private final class MeasuredOverflows: @unchecked Sendable {
  /// One frame's measurement (`DisplayList.overflow()`; nil inside when the frame stays in).
  struct Entry {
    var overflow: (amount: Double, edge: CanvasEdge)?
    init(_ overflow: (amount: Double, edge: CanvasEdge)?) { self.overflow = overflow }
  }

  private let lock = NSLock()
  private var entries: [Entry?]

  /// Room for a loop of `count` frames, none measured.
  init(count: Int) {
    entries = [Entry?](repeating: nil, count: count)
  }

  /// Records frame `index`.
  func record(_ index: Int, _ overflow: (amount: Double, edge: CanvasEdge)?) {
    lock.lock()
    defer { lock.unlock() }
    if entries.indices.contains(index) { entries[index] = Entry(overflow) }
  }

  /// Every frame's entry, nil where the frame was not drawn.
  func snapshot() -> [Entry?] {
    lock.lock()
    defer { lock.unlock() }
    return entries
  }
}
