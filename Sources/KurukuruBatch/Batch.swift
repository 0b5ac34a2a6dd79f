import Foundation
import KurukuruCodecs
import KurukuruCore
import KurukuruRender

// MARK: - Batch

/// Renders many presets at several scales and formats into one folder, with `manifest.json`, a
/// contact sheet per preset and an offline `index.html` gallery. Re-runs skip outputs whose
/// preset, settings, options and tool version are unchanged and whose files are still there.
///
/// ```swift
/// let options = BatchOptions(inputs: ["Presets"], output: "out", formats: [GIFFormat(), PNGSequenceFormat()])
/// let report = try Batch.run(options) { event in
///   if case .outputFinished(let output, _) = event { print(output.path) }
/// }
/// print(report.written, "written,", report.upToDate, "up to date")
/// ```
///
/// Outputs are produced in parallel (`options.jobs`), each rendered by a `Renderer` and written
/// by its `OutputFormat`; the bytes never depend on the number of threads. A failing preset
/// does not stop the others: it is listed in `BatchReport.failures` and the gallery.
public enum Batch {
  /// Receives a batch's events, one at a time.
  public typealias EventHandler = @Sendable (BatchEvent) -> Void

  /// Loads the presets and plans the outputs; nothing is written. Presets that fail to load
  /// are reported as `.presetFailed` events and in `BatchPlan.failures`.
  /// - Throws: `BatchError.noSuchInput`, `.undeclaredSetting`.
  public static func plan(_ options: BatchOptions, onEvent: EventHandler? = nil) throws -> BatchPlan {
    try BatchPlan(options) { onEvent?(.presetFailed($0)) }
  }

  /// Plans and runs a batch.
  /// - Throws: the errors of `plan(_:onEvent:)` and of `run(_:onEvent:)` with a plan.
  @discardableResult
  public static func run(_ options: BatchOptions, onEvent: EventHandler? = nil) throws -> BatchReport {
    let events = EventSink(onEvent)
    return try run(plan(options, onEvent: events.send), events: events)
  }

  /// Runs a plan: creates the output folder, skips up-to-date outputs (unless
  /// `options.force`), renders the rest, then writes `manifest.json` and `index.html`.
  /// - Returns: what was done; presets that failed are in `failures`, not thrown.
  /// - Throws: `RenderError` when the output folder, the manifest or the gallery cannot be
  ///   written.
  @discardableResult
  public static func run(_ plan: BatchPlan, onEvent: EventHandler? = nil) throws -> BatchReport {
    try run(plan, events: EventSink(onEvent))
  }

  // MARK: - Running

  private static func run(_ plan: BatchPlan, events: EventSink) throws -> BatchReport {
    let options = plan.options, folder = options.output
    let root = try OutputDirectory.trusted(folder, create: true)
    // Partial outputs of runs that were killed go first, even where this run writes nothing.
    PartialOutputs.shared.removeStale(in: root)
    if root.kind(of: "previews") == .folder, let previews = try? root.folder("previews", create: false) {
      PartialOutputs.shared.removeStale(in: previews)
    }
    let manifestTarget = try OutputTarget(folder: folder, relative: Manifest.fileName)
    let manifestPath = manifestTarget.path

    // Up-to-date outputs keep only what the file itself says (digest, size) from the old
    // manifest; the rest of their entry is today's.
    let previous = root.read(Manifest.fileName).flatMap(Manifest.parse)?.entriesByPath ?? [:]
    var entries = [Manifest.Entry?](repeating: nil, count: plan.outputs.count)
    var skipped = 0
    var todo: [Int] = []
    for (n, output) in plan.outputs.enumerated() {
      if !options.force, let old = previous[output.path], old.key == output.key, Manifest.isPresent(old, in: folder) {
        entries[n] = entry(for: output, of: plan.presets[output.preset], digest: Manifest.Digest(sha256: old.sha256, bytes: old.bytes))
        skipped += 1
      } else {
        todo.append(n)
      }
    }
    var pending = [Int](repeating: 0, count: plan.presets.count)
    for n in todo { pending[plan.outputs[n].preset] += 1 }
    for preset in plan.presets {
      if let overflow = preset.overflow { events.send(.presetWarning(file: preset.file, message: overflow.description)) }
    }
    events.send(.planned(BatchTotals(
      presets: pending.filter { $0 > 0 }.count, outputs: todo.count, frames: plan.frameCount(of: todo))))
    if skipped > 0 { events.send(.skipped(count: skipped)) }

    // A failing output is recorded, not thrown: the other presets still render.
    let lock = NSLock()
    var outputFailures: [Int: String] = [:]
    try Parallel.forEach(0..<todo.count, workers: options.jobs) { k in
      let n = todo[k]
      let output = plan.outputs[n]
      do {
        let entry = try produce(
          output, of: plan.presets[output.preset], in: folder, jobs: options.jobs, limits: options.limits, events: events)
        lock.lock()
        entries[n] = entry
        pending[output.preset] -= 1
        let presetDone = pending[output.preset] == 0
        lock.unlock()
        events.send(.outputFinished(output, presetDone: presetDone))
      } catch {
        lock.lock()
        outputFailures[output.preset] = String(describing: error)
        pending[output.preset] -= 1
        lock.unlock()
      }
    }
    events.send(.renderingFinished)
    var failures = plan.failures
    for (index, message) in outputFailures.sorted(by: { $0.key < $1.key }) {
      let failure = BatchFailure(file: plan.presets[index].file, message: message)
      failures.append(failure)
      events.send(.presetFailed(failure))
    }

    // MARK: Manifest and gallery
    let written = zip(plan.outputs, entries).compactMap { output, entry in
      entry.map { WrittenOutput(output: output, entry: $0) }
    }
    let manifest = Manifest(outputs: written.map(\.entry))
    try manifest.write(to: manifestTarget)
    let cards = plan.presets.enumerated().compactMap { index, preset in
      outputFailures[index] == nil ? card(for: preset, written: written.filter { $0.output.preset == index }) : nil
    }
    let galleryTarget = try OutputTarget(folder: folder, relative: "index.html")
    let galleryPath = galleryTarget.path
    let html = Gallery.html(cards: cards, failures: failures, title: options.galleryTitle)
    try AtomicFile.write(Array(html.utf8), to: galleryTarget)

    return BatchReport(
      presetsLoaded: plan.presets.count, presetsSucceeded: plan.presets.count - outputFailures.count,
      failures: failures, written: written.count - skipped, upToDate: skipped, manifest: manifest,
      manifestPath: manifestPath, galleryPath: galleryPath)
  }

  // MARK: - Producing one output

  /// Renders and writes one output.
  /// - Returns: its manifest entry.
  /// - Throws: errors of the renderer and the format, `BatchError.missingFile`.
  static func produce(
    _ output: PlannedOutput, of preset: BatchPreset, in folder: String, jobs: Int, limits: Limits, events: EventSink
  ) throws -> Manifest.Entry {
    let target = try OutputTarget(folder: folder, relative: output.path)
    var renderer = try Renderer(preset.scene, scale: output.scale, jobs: jobs, limits: limits)
    guard let format = output.format else {
      let bytes = try PNG.encode(ContactSheet.render(renderer))
      try AtomicFile.write(bytes, to: target)
      return entry(for: output, of: preset, digest: Manifest.Digest(sha256: SHA256.hex(bytes), bytes: bytes.count))
    }
    renderer.onFrame = { events.send(.frameRendered) }
    let summary = try renderer.write(format, to: target)
    let digest = summary.files.isEmpty ? try Manifest.hashFile(target) : try Manifest.hashFolder(target, names: summary.files)
    return entry(for: output, of: preset, digest: digest)
  }

  /// The manifest entry of an output with the given digest.
  static func entry(for output: PlannedOutput, of preset: BatchPreset, digest: Manifest.Digest) -> Manifest.Entry {
    let timeline = output.timeline
    return Manifest.Entry(
      path: output.path, preset: preset.scene.name, format: output.formatName, scale: output.scale,
      bytes: digest.bytes, frames: timeline.frameCount, fps: timeline.fps, duration: timeline.period,
      sha256: digest.sha256, presetHash: preset.sha256, key: output.key)
  }

  /// A preset's gallery card. The light tile shows the requested GIF at 1× when there is one,
  /// else the light preview; the dark tile the dark preview, or the light tile for an opaque
  /// background.
  static func card(for preset: BatchPreset, written: [WrittenOutput]) -> Gallery.Card {
    let scene = preset.scene, name = scene.name, timeline = scene.timeline
    let main = written.first { $0.output.kind == .output && $0.output.scale == 1 && $0.output.format is GIFFormat }
    let light = main?.output.path ?? "previews/\(name)-light.gif"
    let dark = scene.background.alpha < 1 ? "previews/\(name)-dark.gif" : light
    return Gallery.Card(
      name: name, title: preset.input.title ?? name, source: preset.input.origin, family: preset.input.family,
      warning: preset.overflow?.description, file: preset.file,
      width: scene.size.width, height: scene.size.height, fps: timeline.fps, duration: timeline.period,
      frames: timeline.frameCount,
      parameters: preset.input.parameters.map { Gallery.Parameter(name: $0.name, value: preset.settings[$0.name] ?? $0.defaultText) },
      light: light, dark: dark, contactSheet: "\(name).contact.png",
      outputs: written.filter { $0.output.kind == .output }.map {
        Gallery.Link(path: $0.output.path, label: $0.output.path, bytes: $0.entry.bytes)
      },
      fullAlpha: fullAlphaImages(written))
  }

  /// The outputs browsers play with full alpha, one per format, at the smallest scale written.
  static func fullAlphaImages(_ written: [WrittenOutput]) -> [Gallery.Link] {
    var seen = Set<String>()
    return written.filter { $0.output.kind == .output && $0.output.format?.showsFullAlphaInBrowsers == true }
      .sorted { $0.output.scale < $1.output.scale }
      .compactMap { w -> Gallery.Link? in
        guard let format = w.output.format, seen.insert(type(of: format).name).inserted else { return nil }
        return Gallery.Link(path: w.output.path, label: type(of: format).displayName, bytes: w.entry.bytes)
      }
  }
}

// MARK: - Support

/// An output with the manifest entry it got.
struct WrittenOutput {
  var output: PlannedOutput
  var entry: Manifest.Entry
}

/// Hands events to the handler one at a time, from any thread.
final class EventSink: @unchecked Sendable {
  private let handler: Batch.EventHandler?
  private let lock = NSLock()

  init(_ handler: Batch.EventHandler?) {
    self.handler = handler
  }

  @Sendable func send(_ event: BatchEvent) {
    guard let handler else { return }
    lock.lock()
    defer { lock.unlock() }
    handler(event)
  }
}
