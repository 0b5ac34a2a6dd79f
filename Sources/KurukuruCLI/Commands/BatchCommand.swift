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
      OptionSpec("shard", "K/N", "render only shard K of N (a stable split by preset name)"),
      OptionSpec("force", nil, "re-render even what is up to date"),
      CLI.maxWorkOption,
      OptionSpec("quiet", nil, "no progress or per-output lines"),
      OptionSpec("json", nil, "print a JSON summary on stdout"),
    ] + CLI.inputOptions,
    discussion: """
      Outputs: NAME.gif, NAME@2x.gif, …; PNG frame folders NAME/ and NAME@2x/ (NAME0.png, …);
      NAME.contact.png; previews/ (GIFs on the gallery's dark matte); manifest.json; index.html.
      Exit status: 0 all rendered, 1 some presets failed (the others are still rendered), 2 bad usage,
      3 the folder, manifest or gallery could not be written (a full disk, no permission).
      """)

  // MARK: - Running

  static func run(_ raw: [String]) throws -> Int32 {
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
    // Every format's options, by name; each format reads the ones it knows.
    var values: [String: String] = [:]
    for option in OutputFormats.options { values[option.name] = args.value(option.name) }
    let formats = try formatNames.map { try OutputFormats.make($0, options: FormatOptionValues(values, command: "batch")) }
    return BatchOptions(
      inputs: args.positional, output: output, formats: formats, scales: scales,
      settings: try args.settings(command: "batch"), jobs: jobs, shard: shard, force: args.has("force"),
      limits: try CLI.limits(args, command: "batch"), inputOptions: CLI.inputOptions(args))
  }

  /// A comma-separated list, trimmed, without empty items and repeats.
  static func list(_ text: String, name: String) throws -> [String] {
    let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !items.isEmpty else { throw UsageError("batch: --\(name) needs at least one value") }
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }

  /// `--shard K/N`.
  static func parseShard(_ text: String?) throws -> BatchShard? {
    guard let text else { return nil }
    guard let shard = BatchShard(text) else { throw UsageError("batch: --shard takes K/N with 1 ≤ K ≤ N, got \(quoted: text)") }
    return shard
  }
}

// MARK: - BatchStatusPrinter

/// Prints batch events on stderr: failures always; with a terminal the live progress line
/// (`BatchProgress.line`), else one line per output written; nothing else with `--quiet`.
final class BatchStatusPrinter: @unchecked Sendable {
  private let quiet: Bool
  private let live = isatty(2) != 0
  // Events arrive one at a time (`Batch` serialises them), so no lock is needed.
  private var progress = BatchProgress()
  private var lastDraw = Date.distantPast

  init(quiet: Bool) { self.quiet = quiet }

  @Sendable func handle(_ event: BatchEvent) {
    let now = Date()
    progress.record(event, at: now)
    switch event {
    case .presetFailed(let failure):
      Console.err(CLI.commandLineWords(failure.message))
    case .presetWarning(let file, let message):
      Console.warning(file, message)
    case .skipped(let count):
      if !quiet { Console.err("batch: \(count) output\(count == 1 ? "" : "s") up to date, skipped") }
    case .frameRendered:
      draw(now, force: false)
    case .outputFinished(let output, _):
      if quiet { return }
      if live { draw(now, force: true) } else { Console.err("batch: [\(progress.outputsDone)/\(progress.totals.outputs)] \(output.path)") }
    case .renderingFinished:
      if live && !quiet && progress.totals.outputs > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    case .planned:
      break
    }
  }

  /// Redraws the live line, at most every 0.1 s unless forced.
  private func draw(_ now: Date, force: Bool) {
    guard live, !quiet, force || now.timeIntervalSince(lastDraw) > 0.1 else { return }
    lastDraw = now
    FileHandle.standardError.write(Data("\r\u{1B}[K\(progress.line(at: now))".utf8))
  }
}
