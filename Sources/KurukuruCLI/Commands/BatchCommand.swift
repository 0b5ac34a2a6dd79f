import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruRender

// MARK: - batch

/// `kurukuru batch`: parses the command line into `BatchOptions`, runs `Batch` and prints its
/// events (a live progress line on a terminal, plain lines otherwise) and the summary.
enum BatchCommand: Command {
  static let definition = CommandSpec(
    name: "batch", arguments: "PATH...",
    abstract: """
      Renders every preset (files, folders of .json files, or names of bundled presets such as
      loading-circle; a file or folder of that name comes first) at several scales and formats into
      DIR, with manifest.json, a contact sheet per preset and an offline index.html gallery.
      Re-runs skip outputs whose preset, options and tool version are unchanged.
      """,
    options: [
      OptionSpec("output", "DIR", "output folder (required)", required: true),
      OptionSpec("format", "LIST", "comma-separated: \(OutputFormats.names.joined(separator: ", ")) (default gif)"),
      OptionSpec("scale", "LIST", "comma-separated pixels per point, e.g. 1,2,3 (default 1)"),
      OptionSpec("set", "NAME=VALUE", "set a parameter in every preset that declares it (repeatable)", repeatable: true),
    ] + OutputFormats.options.map(OptionSpec.init) + [
      OptionSpec("jobs", "N", "worker threads (default: number of cores); bytes identical for any N"),
      OptionSpec(
        "shard", "K/N|auto",
        """
        render only shard K of N (a stable split by preset name); auto: the shard the job
        engine set (KURUKURU_SHARD, Kubernetes JOB_COMPLETION_INDEX, GitLab CI_NODE_INDEX; README)
        """),
      OptionSpec("force", nil, "re-render even what is up to date"),
      CLI.maxWorkOption,
      OptionSpec("quiet", nil, "no progress or per-output lines"),
      OptionSpec("json", nil, "print a JSON summary on stdout"),
    ] + CLI.inputOptions,
    discussion: """
      kurukuru batch merge DIR... --output OUT [--quiet] [--json] joins the folders of every shard
      (--shard K/N) of one batch into OUT: the files, manifest.json and index.html one machine's
      batch writes. A folder missing, given twice or made with other options or another version is
      an error naming it (exit 2). Shards may also write into one shared folder at the same time.
      Outputs: NAME.gif, NAME@2x.gif, …; PNG frame folders NAME/ and NAME@2x/ (NAME0.png, …);
      NAME.contact.png; previews/ (GIFs on the gallery's dark matte); manifest.json; index.html.
      Exit status: 0 all rendered, 1 some presets failed (the others are still rendered), 2 bad usage,
      3 the folder, manifest or gallery could not be written (a full disk, no permission).
      """)

  // MARK: - Running

  static func run(_ raw: [String]) throws -> Int32 {
    if raw.first == "merge" { return try merge(Array(raw.dropFirst())) }
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "batch")
    let options = try options(args)
    let quiet = args.has("quiet")
    let printer = BatchStatusPrinter(quiet: quiet)
    let report = try Batch.run(options, onEvent: printer.handle)

    let presetsOK = report.presetsSucceeded, failed = report.failures.count
    if args.has("json") {
      Console.out(JSONOut.object([
        ("presets", .int(presetsOK)),
        ("failed", .array(report.failures.map { .object([("file", .string($0.file)), ("error", .string($0.message))]) })),
        ("written", .int(report.written)), ("upToDate", .int(report.upToDate)),
        ("manifest", .string(report.manifestPath)), ("gallery", .string(report.galleryPath)),
      ]).render())
    } else if !quiet {
      Console.err(
        "batch: \(presetsOK) preset\(report.presetsLoaded == 1 ? "" : "s") ok, \(failed) failed; "
          + "\(report.written) output\(report.written == 1 ? "" : "s") written, \(report.upToDate) up to date; "
          + "gallery \(report.galleryPath)")
    }
    return report.succeeded ? 0 : 1
  }

  // MARK: - Merge

  /// `kurukuru batch merge DIR... --output OUT [--quiet] [--json]`: joins shard folders
  /// (`BatchMerge`).
  static func merge(_ raw: [String]) throws -> Int32 {
    let spec = Arguments.Spec(options: ["output"], flags: ["quiet", "json"])
    let args = try Arguments(raw, spec: spec, command: "batch merge")
    guard !args.positional.isEmpty else { throw UsageError("batch merge: name the shard folders to join") }
    guard let output = args.value("output") else { throw UsageError("batch merge: --output DIR is required") }
    let report = try BatchMerge.merge(args.positional, into: output)
    let failed = report.manifest.failures.count
    let presets = report.manifest.presets.filter { p in !report.manifest.failures.contains { $0.input == p.input } }.count
    if args.has("json") {
      Console.out(JSONOut.object([
        ("shards", .int(args.positional.count)), ("presets", .int(presets)), ("failed", .int(failed)),
        ("outputs", .int(report.manifest.outputs.count)), ("copied", .int(report.copied)),
        ("manifest", .string(report.manifestPath)), ("gallery", .string(report.galleryPath)),
      ]).render())
    } else if !args.has("quiet") {
      Console.err(
        "batch merge: \(args.positional.count) folder\(args.positional.count == 1 ? "" : "s"), \(presets) presets, "
          + "\(failed) failed; \(report.manifest.outputs.count) outputs (\(report.copied) copied); gallery \(report.galleryPath)")
    }
    return failed == 0 ? 0 : 1
  }

  // MARK: - Options

  /// The batch options of a command line.
  /// - Throws: `UsageError`, or `RenderError.invalidOption` for a bad `--matte`.
  static func options(_ args: Arguments) throws -> BatchOptions {
    guard !args.positional.isEmpty else { throw UsageError("batch: name at least one preset file or folder") }
    guard let output = args.value("output") else { throw UsageError("batch: --output DIR is required") }
    let names = OutputFormats.names
    let formatNames = try list(args.value("format") ?? GIFFormat.name, name: "format").map { f -> String in
      guard OutputFormats.named(f) != nil else {
        let choices = names.dropLast().joined(separator: ", ") + " and/or " + (names.last ?? "")
        throw UsageError("batch: --format takes \(choices), got \(quoted: f)" + Suggestion.hint(for: f, in: names))
      }
      return f
    }
    let scales = try list(args.value("scale") ?? "1", name: "scale").map { s -> Double in
      guard let v = NumberText.parse(s), v >= 0.01, v <= 64 else { throw UsageError("batch: --scale takes numbers in 0.01…64, got \(quoted: s)") }
      return v
    }
    let jobs = try CLI.jobs(args, command: "batch")
    let shard = try parseShard(args.value("shard"))
    if let origin = shard?.origin, let shard = shard?.shard, !args.has("quiet") {
      Console.err("batch: shard \(shard.index)/\(shard.count) (\(origin))")
    }
    // Every format's options, by name; each format reads the ones it knows.
    var values: [String: String] = [:]
    for option in OutputFormats.options { values[option.name] = args.value(option.name) }
    let formats = try formatNames.map { try OutputFormats.make($0, options: FormatOptionValues(values, command: "batch")) }
    return BatchOptions(
      inputs: args.positional, output: output, formats: formats, scales: scales,
      settings: try args.settings(command: "batch"), jobs: jobs, shard: shard?.shard, force: args.has("force"),
      limits: try CLI.limits(args, command: "batch"), inputOptions: CLI.inputOptions(args))
  }

  /// A comma-separated list, trimmed, without empty items and repeats.
  static func list(_ text: String, name: String) throws -> [String] {
    let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !items.isEmpty else { throw UsageError("batch: --\(name) needs at least one value") }
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }

  /// `--shard K/N`, or `--shard auto` read from `environment` (`BatchShard.fromEnvironment`),
  /// with the variables it came from.
  static func parseShard(_ text: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> (shard: BatchShard, origin: String?)?
  {
    guard let text else { return nil }
    if text == "auto" {
      let (shard, origin) = try BatchShard.fromEnvironment(environment)
      return (shard, origin)
    }
    guard let shard = BatchShard(text) else { throw UsageError("batch: --shard takes K/N with 1 ≤ K ≤ N, or auto, got \(quoted: text)") }
    return (shard, nil)
  }
}

// MARK: - BatchStatusPrinter

/// Prints batch events on stderr: failures and warnings always; with a terminal the live
/// progress line (`BatchProgress.line`, a `ProgressLine`), else one line per output written;
/// nothing else with `--quiet`.
final class BatchStatusPrinter: @unchecked Sendable {
  private let quiet: Bool
  private let state = State()
  private let line: ProgressLine

  /// The counts, read by the line's redraws on another thread.
  private final class State: @unchecked Sendable {
    let lock = NSLock()
    var progress = BatchProgress()
    func text() -> String {
      lock.lock()
      defer { lock.unlock() }
      return progress.line(at: Date())
    }
  }

  init(quiet: Bool, terminal: Bool = ProgressLine.stderrIsTerminal) {
    self.quiet = quiet
    let state = self.state
    line = ProgressLine(quiet: quiet, terminal: terminal) { state.text() }
  }

  @Sendable func handle(_ event: BatchEvent) {
    state.lock.lock()
    state.progress.record(event, at: Date())
    let done = state.progress.outputsDone, total = state.progress.totals.outputs
    state.lock.unlock()
    switch event {
    case .presetFailed(let failure):
      line.printAbove(CLI.commandLineWords(failure.message))
    case .presetWarning(let file, let message):
      line.printAbove("\(file): warning: \(message)")
    case .skipped(let count):
      if !quiet { line.printAbove("batch: \(count) output\(count == 1 ? "" : "s") up to date, skipped") }
    case .planned(let totals):
      if totals.outputs > 0 { line.start() }
    case .frameRendered, .frameEncoded:
      line.update()
    case .outputFinished(let output, _):
      if quiet { return }
      if line.enabled { line.update(force: true) } else { Console.err("batch: [\(done)/\(total)] \(output.path)") }
    case .renderingFinished:
      line.clear()
    }
  }
}
