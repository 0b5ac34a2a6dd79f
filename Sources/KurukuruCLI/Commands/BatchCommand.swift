import Dispatch
import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruRaster
import KurukuruRender

// MARK: - batch

enum BatchCommand {
  static let help = """
    USAGE: kurukuru batch PATH... --output DIR [options]

    Renders every preset (files, or folders of .json files) at several scales and formats into
    DIR, with manifest.json, a contact sheet per preset and an offline index.html gallery.
    Re-runs skip outputs whose preset, options and tool version are unchanged.

    OPTIONS:
      --output DIR            output folder (required)
      --format LIST           comma-separated: gif, png (default gif)
      --scale LIST            comma-separated pixels per point, e.g. 1,2,3 (default 1)
      --set NAME=VALUE        set a parameter in every preset that declares it (repeatable)
      --matte COLOR           GIF matte for partly transparent pixels (default white)
      --jobs N                worker threads (default: number of cores); bytes identical for any N
      --shard K/N             render only shard K of N (a stable split by preset name)
      --force                 re-render even what is up to date
      --quiet                 no progress or per-output lines
      --json                  print a JSON summary on stdout

    Outputs: NAME.gif, NAME@2x.gif, …; PNG frame folders NAME/ and NAME@2x/ (NAME0.png, …);
    NAME.contact.png; previews/ (GIFs on the gallery's dark matte); manifest.json; index.html.
    Exit status: 0 all rendered, 1 some presets failed (the others are still rendered), 2 bad usage.
    """

  static let spec = Arguments.Spec(
    options: ["output", "format", "scale", "set", "matte", "jobs", "shard"], flags: ["force", "quiet", "json"])

  /// The gallery's dark matte (iOS system background, dark mode).
  static let darkMatte = RGBA8(r: 0x1C, g: 0x1C, b: 0x1E)

  // MARK: - Tasks

  /// One output to produce.
  struct Task {
    enum Kind { case gif(matte: RGBA8), png, contactSheet }
    var presetIndex: Int
    var kind: Kind
    var scale: Double
    /// Path relative to the output folder.
    var path: String
    /// Hash of everything the output depends on.
    var key: String
    /// Gallery previews are not listed as outputs of their preset.
    var listed: Bool { !path.hasPrefix("previews/") }

    /// The manifest's format name.
    var format: String {
      switch kind {
      case .gif: return "gif"
      case .png: return "png"
      case .contactSheet: return "contact-sheet"
      }
    }
  }

  struct Loaded {
    var file: String
    var preset: Preset
    var scene: ResolvedScene
    var settings: [String: String]
    var presetHash: String
  }

  static func run(_ raw: [String]) throws -> Int32 {
    if CLI.help(raw, help) { return 0 }
    let args = try Arguments(raw, spec: spec, command: "batch")
    guard !args.positional.isEmpty else { throw UsageError("batch: name at least one preset file or folder") }
    guard let outDir = args.value("output") else { throw UsageError("batch: --output DIR is required") }
    let formats = try list(args.value("format") ?? "gif", name: "format").map { f -> String in
      guard ["gif", "png"].contains(f) else {
        throw UsageError("batch: --format takes gif and/or png, got '\(f)'" + Suggestion.hint(for: f, in: ["gif", "png"]))
      }
      return f
    }
    let scales = try list(args.value("scale") ?? "1", name: "scale").map { s -> Double in
      guard let v = Double(s), v >= 0.01, v <= 64 else { throw UsageError("batch: --scale takes numbers in 0.01…64, got '\(s)'") }
      return v
    }
    let jobs = try CLI.jobs(args, command: "batch")
    let shard = try parseShard(args.value("shard"))
    let quiet = args.has("quiet")
    var matte = RGBA8(r: 255, g: 255, b: 255)
    if let m = try CLI.color(args, "matte", command: "batch") {
      guard m.alpha == 1 else { throw UsageError("batch: --matte must be an opaque colour") }
      matte = m.rgba8
    }
    let settings = try args.settings(command: "batch")

    // MARK: Presets
    var files: [String] = []
    for path in args.positional {
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw UsageError("\(path): no such file or folder") }
      files += isDir.boolValue ? try PresetsCommand.presetFiles(in: path) : [path]
    }
    var seen = Set<String>()
    files = files.filter { seen.insert(URL(fileURLWithPath: $0).standardized.path).inserted }
    if let (k, n) = shard {
      files = files.filter { Int(fnv1a(URL(fileURLWithPath: $0).lastPathComponent) % UInt64(n)) == k - 1 }
    }
    let progress = Progress(quiet: quiet)
    var loaded: [Loaded] = []
    var failures: [(String, String)] = []
    var declared = Set<String>()
    for file in files {
      do {
        let preset = try Preset.load(path: file)
        let names = Set(preset.parameters.map(\.name))
        declared.formUnion(names)
        let mine = settings.filter { names.contains($0.key) }
        var scene = try preset.scene(settings: mine)
        if formats.contains("gif") { scene = try Renderer(scene).prepared(for: GIFFormat()).renderer.scene }
        for s in scales {
          do { _ = try Renderer(scene, scale: s) } catch let e as RasterError { throw UsageError("\(file): \(e)") }
        }
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        loaded.append(Loaded(file: file, preset: preset, scene: scene, settings: mine, presetHash: SHA256.hex(bytes)))
      } catch {
        let message = CLI.message(for: error)
        failures.append((file, message))
        Console.err(message)
      }
    }
    for key in settings.keys.sorted() where !declared.contains(key) && !loaded.isEmpty {
      throw UsageError("batch: --set \(key): no preset declares a parameter '\(key)'")
    }
    try AtomicFile.createDirectory(outDir)

    // MARK: Plan
    let old = Manifest.read(outDir + "/manifest.json")
    var tasks: [Task] = []
    for (i, l) in loaded.enumerated() {
      let name = l.scene.name
      let settingsText = l.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
      func key(_ parts: String) -> String {
        SHA256.hex(Array("\(CLI.version)|\(l.presetHash)|\(settingsText)|\(parts)".utf8))
      }
      for s in scales {
        let suffix = s == 1 ? "" : "@\(fmtNumber(s))x"
        for f in formats {
          if f == "gif" {
            tasks.append(Task(
              presetIndex: i, kind: .gif(matte: matte), scale: s, path: "\(name)\(suffix).gif",
              key: key("gif|\(s)|\(matte)")))
          } else {
            tasks.append(Task(
              presetIndex: i, kind: .png, scale: s, path: "\(name)\(suffix)", key: key("png|\(s)")))
          }
        }
      }
      tasks.append(Task(
        presetIndex: i, kind: .contactSheet, scale: 1, path: "\(name).contact.png",
        key: key("contact")))
      // Gallery previews at 1×: the light one is the main GIF when there is one.
      if !(formats.contains("gif") && scales.contains(1) && matte == RGBA8(r: 255, g: 255, b: 255)) {
        tasks.append(Task(
          presetIndex: i, kind: .gif(matte: RGBA8(r: 255, g: 255, b: 255)), scale: 1, path: "previews/\(name)-light.gif",
          key: key("gif|1|light")))
      }
      if l.scene.background.alpha < 1 {
        tasks.append(Task(
          presetIndex: i, kind: .gif(matte: darkMatte), scale: 1, path: "previews/\(name)-dark.gif",
          key: key("gif|1|dark")))
      }
    }

    // MARK: Render
    let force = args.has("force")
    var entries = [Manifest.Entry?](repeating: nil, count: tasks.count)
    var skipped = 0
    var todo: [Int] = []
    for (n, t) in tasks.enumerated() {
      if !force, let e = old[t.path], e.key == t.key, Manifest.exists(outDir + "/" + t.path, entry: e) {
        // Only what the file itself says comes from the old manifest; the rest is today's.
        entries[n] = entry(for: t, loaded[t.presetIndex], sha256: e.sha256, bytes: e.bytes)
        skipped += 1
      } else {
        todo.append(n)
      }
    }
    let framesToRender = todo.reduce(0) { sum, n in
      if case .contactSheet = tasks[n].kind { return sum }
      return sum + loaded[tasks[n].presetIndex].scene.timeline.frameCount
    }
    var pendingPerPreset = [Int](repeating: 0, count: loaded.count)
    for n in todo { pendingPerPreset[tasks[n].presetIndex] += 1 }
    progress.start(presets: pendingPerPreset.filter { $0 > 0 }.count, outputs: todo.count, frames: framesToRender)
    if skipped > 0, !quiet { Console.err("batch: \(skipped) output\(skipped == 1 ? "" : "s") up to date, skipped") }
    let lock = NSLock()
    var taskFailures: [Int: String] = [:]
    // A failing output is recorded, not thrown: the other presets still render.
    try Parallel.forEach(0..<todo.count, workers: jobs) { k in
      let n = todo[k]
      let t = tasks[n]
      do {
        let entry = try produce(t, loaded[t.presetIndex], outDir: outDir, jobs: jobs, progress: progress)
        lock.lock()
        entries[n] = entry
        pendingPerPreset[t.presetIndex] -= 1
        let presetDone = pendingPerPreset[t.presetIndex] == 0
        lock.unlock()
        progress.finished(t.path, presetDone: presetDone)
      } catch {
        lock.lock()
        taskFailures[t.presetIndex] = CLI.message(for: error)
        pendingPerPreset[t.presetIndex] -= 1
        lock.unlock()
      }
    }
    progress.end()
    for (i, message) in taskFailures.sorted(by: { $0.key < $1.key }) {
      failures.append((loaded[i].file, message))
      Console.err(message)
    }

    // MARK: Manifest and gallery
    let written = zip(tasks, entries).compactMap { t, e in e.map { (t, $0) } }
    try AtomicFile.write(Array(Manifest.json(written.map(\.1)).utf8), to: outDir + "/manifest.json")
    let cards: [Gallery.Card] = loaded.enumerated().compactMap { i, l in
      guard taskFailures[i] == nil else { return nil }
      let mine = written.filter { $0.0.presetIndex == i }
      let light = mine.first { $0.0.path == "\(l.scene.name).gif" }?.0.path ?? "previews/\(l.scene.name)-light.gif"
      let dark = l.scene.background.alpha < 1 ? "previews/\(l.scene.name)-dark.gif" : light
      return Gallery.Card(
        name: l.scene.name, title: l.preset.title ?? l.scene.name, source: l.preset.source, file: l.file,
        width: l.scene.size.width, height: l.scene.size.height, fps: l.scene.timeline.fps, duration: l.scene.timeline.period,
        frames: l.scene.timeline.frameCount,
        parameters: l.preset.parameters.map { p in (p.name, l.settings[p.name] ?? p.defaultText) },
        light: light, dark: dark, contactSheet: "\(l.scene.name).contact.png",
        outputs: mine.filter { $0.0.listed && $0.0.format != "contact-sheet" }.map { ($0.0.path, $0.0.path, $0.1.bytes) })
    }
    try AtomicFile.write(Array(Gallery.html(cards: cards, failures: failures, title: "Kurukuru presets").utf8), to: outDir + "/index.html")

    let renderedCount = written.count - skipped
    let summary = "batch: \(loaded.count - taskFailures.count) preset\(loaded.count == 1 ? "" : "s") ok, \(failures.count) failed; \(renderedCount) output\(renderedCount == 1 ? "" : "s") written, \(skipped) up to date; gallery \(outDir)/index.html"
    if args.has("json") {
      Console.out(JSONOut.object([
        ("presets", .int(loaded.count - taskFailures.count)), ("failed", .array(failures.map { .object([("file", .string($0.0)), ("error", .string($0.1))]) })),
        ("written", .int(renderedCount)), ("upToDate", .int(skipped)),
        ("manifest", .string(outDir + "/manifest.json")), ("gallery", .string(outDir + "/index.html")),
      ]).render())
    } else if !quiet {
      Console.err(summary)
    }
    return failures.isEmpty ? 0 : 1
  }

  // MARK: - Producing one output

  static func produce(_ t: Task, _ l: Loaded, outDir: String, jobs: Int, progress: Progress) throws -> Manifest.Entry {
    let scene = l.scene
    let path = outDir + "/" + t.path
    var renderer = try Renderer(scene, scale: t.scale, jobs: jobs)
    if case .contactSheet = t.kind {} else { renderer.onFrame = { progress.frames(1) } }
    var sha: String
    var bytes: Int
    switch t.kind {
    case .gif(let matte):
      var options = GIFOptions()
      options.matte = matte
      let data = try GIFFormat(options).encode(renderer)
      try AtomicFile.write(data, to: path)
      sha = SHA256.hex(data)
      bytes = data.count
    case .png:
      let name = scene.name, suffix = t.scale == 1 ? "" : "@\(fmtNumber(t.scale))x"
      let count = try PNGSequenceFormat().write(renderer, to: path).frames
      (sha, bytes) = try Manifest.hashFolder(path, names: (0..<count).map { "\(name)\($0)\(suffix).png" })
    case .contactSheet:
      let total = scene.timeline.frameCount
      let step = max(1, (total + 119) / 120)
      let indices = Array(stride(from: 0, to: total, by: step))
      var cells: [(Frame, String)] = []
      for chunk in stride(from: 0, to: indices.count, by: 16) {
        let part = Array(indices[chunk..<min(chunk + 16, indices.count)])
        var frames = [Frame](repeating: Frame(width: 0, height: 0), count: part.count)
        let lock = NSLock()
        try Parallel.forEach(0..<part.count, workers: jobs) { j in
          let f = try renderer.frame(part[j])
          lock.lock(); frames[j] = f; lock.unlock()
        }
        for (j, i) in part.enumerated() {
          cells.append((frames[j], "#\(i) " + String(format: "%.2fs", scene.timeline.time(ofFrame: i))))
        }
      }
      let columns = max(1, min(10, Int((1600 / (scene.size.width + 8)).rounded(.down))))
      let data = try PNG.encode(ContactSheet.make(cells, columns: columns))
      try AtomicFile.write(data, to: path)
      sha = SHA256.hex(data)
      bytes = data.count
    }
    return entry(for: t, l, sha256: sha, bytes: bytes)
  }

  /// The manifest entry of a task's output with the given digest and size.
  static func entry(for t: Task, _ l: Loaded, sha256: String, bytes: Int) -> Manifest.Entry {
    let timeline = l.scene.timeline
    return Manifest.Entry(
      path: t.path, format: t.format, scale: t.scale, bytes: bytes, frames: timeline.frameCount, fps: timeline.fps,
      duration: timeline.period, sha256: sha256, presetHash: l.presetHash, key: t.key, preset: l.scene.name)
  }

  // MARK: - Helpers

  static func list(_ text: String, name: String) throws -> [String] {
    let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !items.isEmpty else { throw UsageError("batch: --\(name) needs at least one value") }
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }

  static func parseShard(_ text: String?) throws -> (Int, Int)? {
    guard let text else { return nil }
    let parts = text.split(separator: "/")
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1000, k >= 1, k <= n else {
      throw UsageError("batch: --shard takes K/N with 1 ≤ K ≤ N, got '\(text)'")
    }
    return (k, n)
  }

  /// 64-bit FNV-1a: a stable hash of preset file names for sharding.
  static func fnv1a(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
  }
}

// MARK: - Progress

/// Progress on stderr: a live line on a terminal, plain lines otherwise, nothing with `--quiet`.
final class Progress: @unchecked Sendable {
  private let quiet: Bool
  private let live = isatty(2) != 0
  private let lock = NSLock()
  private var presetsTotal = 0, presetsDone = 0
  private var outputsTotal = 0, outputsDone = 0, framesTotal = 0, framesDone = 0
  private var started = Date()
  private var lastDraw = Date.distantPast

  init(quiet: Bool) { self.quiet = quiet }

  func start(presets: Int, outputs: Int, frames: Int) {
    lock.lock(); defer { lock.unlock() }
    presetsTotal = presets
    outputsTotal = outputs
    framesTotal = frames
    started = Date()
  }

  func frames(_ n: Int) {
    lock.lock(); defer { lock.unlock() }
    framesDone += n
    draw(force: false)
  }

  func finished(_ path: String, presetDone: Bool) {
    lock.lock(); defer { lock.unlock() }
    outputsDone += 1
    if presetDone { presetsDone += 1 }
    if quiet { return }
    if live { draw(force: true) } else { Console.err("batch: [\(outputsDone)/\(outputsTotal)] \(path)") }
  }

  func end() {
    lock.lock(); defer { lock.unlock() }
    if live && !quiet && outputsTotal > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }

  /// Caller holds the lock.
  private func draw(force: Bool) {
    guard live, !quiet else { return }
    let now = Date()
    guard force || now.timeIntervalSince(lastDraw) > 0.1 else { return }
    lastDraw = now
    let elapsed = now.timeIntervalSince(started)
    let rate = elapsed > 0 ? Double(framesDone) / elapsed : 0
    // GIFs render each frame once unless the animation is too large to replay (then twice), so
    // the estimate may end early; it never runs backwards.
    let remaining = max(0, framesTotal - framesDone)
    let eta = rate > 0 ? String(format: "%.0fs", Double(remaining) / rate) : "?"
    let line = "batch: \(presetsDone)/\(presetsTotal) presets, \(outputsDone)/\(outputsTotal) outputs, \(framesDone) frames, \(String(format: "%.0f", rate)) frames/s, ETA \(eta)"
    FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
  }
}

// MARK: - Manifest

enum Manifest {
  struct Entry {
    var path: String, format: String, scale: Double, bytes: Int, frames: Int, fps: Double, duration: Double
    var sha256: String, presetHash: String, key: String, preset: String
  }

  static func json(_ entries: [Entry]) -> String {
    JSONOut.object([
      ("tool", .string("kurukuru \(CLI.version)")),
      ("outputs", .array(entries.map { e in
        .object([
          ("path", .string(e.path)), ("preset", .string(e.preset)), ("format", .string(e.format)), ("scale", .number(e.scale)),
          ("bytes", .int(e.bytes)), ("frames", .int(e.frames)), ("fps", .number(e.fps)), ("duration", .number(e.duration)),
          ("sha256", .string(e.sha256)), ("presetHash", .string(e.presetHash)), ("key", .string(e.key)),
        ])
      })),
    ]).render() + "\n"
  }

  /// The entries of an earlier manifest by path (empty when missing or unreadable).
  static func read(_ path: String) -> [String: Entry] {
    guard let data = FileManager.default.contents(atPath: path),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let outputs = root["outputs"] as? [[String: Any]]
    else { return [:] }
    var out: [String: Entry] = [:]
    for o in outputs {
      guard let p = o["path"] as? String, let key = o["key"] as? String, let sha = o["sha256"] as? String else { continue }
      out[p] = Entry(
        path: p, format: o["format"] as? String ?? "", scale: (o["scale"] as? NSNumber)?.doubleValue ?? 1,
        bytes: (o["bytes"] as? NSNumber)?.intValue ?? 0, frames: (o["frames"] as? NSNumber)?.intValue ?? 0,
        fps: (o["fps"] as? NSNumber)?.doubleValue ?? 0, duration: (o["duration"] as? NSNumber)?.doubleValue ?? 0,
        sha256: sha, presetHash: o["presetHash"] as? String ?? "", key: key, preset: o["preset"] as? String ?? "")
    }
    return out
  }

  /// True when the output recorded by `entry` is still there with its bytes (size check).
  static func exists(_ path: String, entry: Entry) -> Bool {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return false }
    if isDir.boolValue { return ((try? FileManager.default.contentsOfDirectory(atPath: path))?.count ?? 0) == entry.frames }
    return ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue == entry.bytes
  }

  /// A folder's digest: SHA-256 over the digests of its files in order, and its total bytes.
  static func hashFolder(_ path: String, names: [String]) throws -> (String, Int) {
    var h = SHA256()
    var total = 0
    for name in names {
      guard let data = FileManager.default.contents(atPath: path + "/" + name) else { throw OutputError("\(path)/\(name): missing") }
      total += data.count
      h.update(Array(SHA256.hex(data).utf8))
    }
    return (h.hexDigest(), total)
  }
}
