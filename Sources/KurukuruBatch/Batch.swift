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
    // manifest; the rest of their entry is today's. A preset whose contact sheet is up to date
    // keeps what was measured with it (canvas overflow, dark ink).
    let old = root.read(Manifest.fileName).flatMap(Manifest.parse)
    let previous = old?.entriesByPath ?? [:]
    let previousChecks = Dictionary((old?.presets ?? []).map { ($0.name, PresetChecks(record: $0)) }, uniquingKeysWith: { a, _ in a })
    var entries = [Manifest.Entry?](repeating: nil, count: plan.outputs.count)
    var checks = [PresetChecks?](repeating: nil, count: plan.presets.count)
    var skipped = 0
    var todo: [Int] = []
    for (n, output) in plan.outputs.enumerated() {
      if !options.force, let old = previous[output.path], old.key == output.key, Manifest.isPresent(old, in: folder) {
        entries[n] = entry(for: output, of: plan.presets[output.preset], digest: Manifest.Digest(sha256: old.sha256, bytes: old.bytes))
        if output.kind == .contactSheet { checks[output.preset] = previousChecks[plan.presets[output.preset].scene.name] }
        skipped += 1
      } else {
        todo.append(n)
      }
    }
    // A contact sheet kept without a record of its checks (a manifest from before they were
    // kept) is drawn again, so that they are measured.
    for (n, output) in plan.outputs.enumerated() where output.kind == .contactSheet && entries[n] != nil && checks[output.preset] == nil {
      entries[n] = nil
      skipped -= 1
      todo.append(n)
    }
    todo.sort()
    var pending = [Int](repeating: 0, count: plan.presets.count)
    for n in todo { pending[plan.outputs[n].preset] += 1 }
    for (index, preset) in plan.presets.enumerated() {
      if let warning = checks[index]?.warning { events.send(.presetWarning(file: preset.file, message: warning)) }
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
      let preset = plan.presets[output.preset]
      do {
        let (entry, measured) = try produce(
          output, of: preset, in: folder, jobs: options.jobs, limits: options.limits, events: events)
        if let warning = measured?.warning { events.send(.presetWarning(file: preset.file, message: warning)) }
        lock.lock()
        entries[n] = entry
        if let measured { checks[output.preset] = measured }
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
    let mine = manifest(of: plan, written: written, checks: checks, outputFailures: outputFailures)
    let galleryTarget = try OutputTarget(folder: folder, relative: "index.html")
    // Shards writing into this folder at the same time join their parts one after another.
    let manifest = try BatchFolderLock.withLock(folder) { () throws -> Manifest in
      let current = root.read(Manifest.fileName).flatMap(Manifest.parse)
      let joined = current?.overlaid(with: mine) ?? mine
      try write(joined, manifest: manifestTarget, gallery: galleryTarget)
      return joined
    }

    return BatchReport(
      presetsLoaded: plan.presets.count, presetsSucceeded: plan.presets.count - outputFailures.count,
      failures: failures, written: written.count - skipped, upToDate: skipped, manifest: manifest,
      manifestPath: manifestPath, galleryPath: galleryTarget.path)
  }

  /// Writes `manifest` and the gallery made from it, each atomically.
  /// - Throws: `RenderError` when either cannot be written.
  static func write(_ manifest: Manifest, manifest manifestTarget: OutputTarget, gallery: OutputTarget) throws {
    try manifest.write(to: manifestTarget)
    try AtomicFile.write(Array(Gallery.html(manifest: manifest).utf8), to: gallery)
  }

  /// The manifest of this run's part: its presets' records, outputs and failures, its shard.
  static func manifest(
    of plan: BatchPlan, written: [WrittenOutput], checks: [PresetChecks?], outputFailures: [Int: String]
  ) -> Manifest {
    let options = plan.options
    // Every preset that loaded has a record, one with a failed output too: what was measured
    // on it is kept while its contact sheet is up to date. The gallery shows no card for it.
    let records = plan.presets.enumerated().map { index, preset in record(of: preset, checks: checks[index] ?? PresetChecks()) }
    var failures = plan.failures.map {
      Manifest.FailureRecord(input: plan.inputIndex(of: $0.file), file: $0.file, message: $0.message)
    }
    for (index, message) in outputFailures {
      let preset = plan.presets[index]
      let failure = BatchFailure(file: preset.file, message: message)
      failures.append(Manifest.FailureRecord(
        input: preset.inputIndex, file: preset.file, name: preset.scene.name, message: failure.message))
    }
    failures.sort { $0.input < $1.input }
    var shards: Manifest.ShardSet?
    if let shard = options.shard, shard.count > 1 { shards = Manifest.ShardSet(count: shard.count, done: [shard.index]) }
    return Manifest(
      batch: plan.fingerprint, title: options.galleryTitle, shards: shards, presets: records,
      outputs: written.map(\.entry), failures: failures)
  }

  /// A preset's record in the manifest: what its gallery card shows.
  static func record(of preset: BatchPreset, checks: PresetChecks) -> Manifest.PresetRecord {
    let scene = preset.scene, timeline = scene.timeline
    return Manifest.PresetRecord(
      input: preset.inputIndex, file: preset.file, name: scene.name, title: preset.input.title,
      family: preset.input.family, source: preset.input.origin, width: scene.size.width, height: scene.size.height,
      fps: NumberText.tidy(timeline.fps), duration: timeline.period, frames: timeline.frameCount,
      parameters: preset.input.parameters.map {
        Manifest.PresetRecord.Parameter(name: $0.name, value: preset.settings[$0.name] ?? $0.defaultText)
      },
      warning: checks.warning, darkInk: checks.darkInk, fonts: scene.fontFiles.map(\.path))
  }

  // MARK: - Producing one output

  /// Renders and writes one output.
  /// - Returns: its manifest entry, and for a contact sheet what was measured on the preset's
  ///   frames (`PresetChecks`).
  /// - Throws: errors of the renderer and the format, `BatchError.missingFile`.
  static func produce(
    _ output: PlannedOutput, of preset: BatchPreset, in folder: String, jobs: Int, limits: Limits, events: EventSink
  ) throws -> (Manifest.Entry, PresetChecks?) {
    let target = try OutputTarget(folder: folder, relative: output.path)
    var renderer = try Renderer(preset.scene, scale: output.scale, jobs: jobs, limits: limits)
    guard let format = output.format else {
      let cells = try ContactSheet.cells(renderer)
      let bytes = try PNG.encode(ContactSheet.make(cells, columns: ContactSheet.columns(for: renderer)))
      try AtomicFile.write(bytes, to: target)
      // The sheet's frames were measured as they were drawn; the others are evaluated here.
      let checks = PresetChecks(
        warning: renderer.canvasOverflow?.description,
        darkInk: preset.scene.background.alpha < 1 && InkContrast.isDark(cells.map(\.frame), on: BatchPlan.darkMatte))
      let digest = Manifest.Digest(sha256: SHA256.hex(bytes), bytes: bytes.count)
      return (entry(for: output, of: preset, digest: digest), checks)
    }
    renderer.onFrame = { events.send(.frameRendered) }
    renderer.onEncoded = { events.send(.frameEncoded) }
    let summary = try renderer.write(format, to: target)
    let digest = summary.files.isEmpty ? try Manifest.hashFile(target) : try Manifest.hashFolder(target, names: summary.files)
    return (entry(for: output, of: preset, digest: digest), nil)
  }

  /// The manifest entry of an output with the given digest.
  static func entry(for output: PlannedOutput, of preset: BatchPreset, digest: Manifest.Digest) -> Manifest.Entry {
    let timeline = output.timeline
    return Manifest.Entry(
      path: output.path, preset: preset.scene.name, format: output.formatName, scale: output.scale,
      bytes: digest.bytes, frames: timeline.frameCount, fps: NumberText.tidy(timeline.fps), duration: timeline.period,
      sha256: digest.sha256, presetHash: preset.sha256, key: output.key)
  }
}

// MARK: - PresetChecks

/// What is measured on a preset's frames when its contact sheet is drawn, and kept in its
/// manifest record while the sheet is up to date.
struct PresetChecks: Equatable, Sendable {
  /// The canvas-overflow warning, if its drawing leaves the canvas.
  var warning: String?
  /// Its ink is near invisible on the gallery's dark tile.
  var darkInk = false

  init(warning: String? = nil, darkInk: Bool = false) {
    self.warning = warning
    self.darkInk = darkInk
  }

  init(record: Manifest.PresetRecord) {
    self.init(warning: record.warning, darkInk: record.darkInk)
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
