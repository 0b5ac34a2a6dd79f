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
    abstract: BatchHelp.abstract,
    options: [
      OptionSpec("output", "DIR", "output folder (required)", required: true),
      OptionSpec("format", "LIST", "comma-separated: \(OutputFormats.names.joined(separator: ", ")) (default gif)"),
      OptionSpec("scale", "LIST", "comma-separated pixels per point, e.g. 1,2,3 (default 1)"),
      OptionSpec("set", "NAME=VALUE", "set a parameter in every preset that declares it (repeatable)", repeatable: true),
    ] + OutputFormats.options.map(OptionSpec.init) + [
      OptionSpec("jobs", "N", "worker threads (default: number of cores); bytes identical for any N"),
      OptionSpec("shard", "K/N|auto", BatchHelp.shard),
      OptionSpec("force", nil, "re-render even what is up to date"),
      CLI.maxWorkOption,
      OptionSpec("quiet", nil, "no progress or per-output lines"),
      OptionSpec("json", nil, "print a JSON summary on stdout"),
    ] + CLI.inputOptions,
    discussion: BatchHelp.discussion)

  // MARK: - Running

  static func run(_ raw: [String]) throws -> Int32 {
    if raw.first == "merge" { return try merge(Array(raw.dropFirst())) }
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "batch")
    let options = try options(args)
    let quiet = args.has("quiet")
    let printer = BatchStatusPrinter(quiet: quiet)
    let report = try Batch.run(options, onEvent: printer.handle)

    if args.has("json") {
      Console.out(report.summaryJSON.render())
    } else if !quiet {
      Console.err(report.summaryLine)
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
    if args.has("json") {
      Console.out(report.summaryJSON(shards: args.positional.count).render())
    } else if !args.has("quiet") {
      Console.err(report.summaryLine(shards: args.positional.count))
    }
    return report.manifest.failures.isEmpty ? 0 : 1
  }

  // MARK: - Options

  /// The batch options of a command line.
  /// - Throws: `UsageError`, or `RenderError.invalidOption` for a bad option value.
  static func options(_ args: Arguments) throws -> BatchOptions {
    guard !args.positional.isEmpty else { throw UsageError("batch: name at least one preset file or folder") }
    guard let output = args.value("output") else { throw UsageError("batch: --output DIR is required") }
    let jobs = try args.options.jobs()
    let shard = try args.options.shard()
    if let origin = shard?.origin, let shard = shard?.shard, !args.has("quiet") {
      Console.err("batch: shard \(shard.index)/\(shard.count) (\(origin))")
    }
    return BatchOptions(
      inputs: args.positional, output: output, formats: try args.options.formats(), scales: try args.options.scales(),
      settings: try args.settings(), jobs: jobs, shard: shard?.shard, force: args.has("force"),
      limits: try args.options.limits(), inputOptions: try CLI.inputOptions(args))
  }
}

// MARK: - BatchStatusPrinter

/// Prints batch events on stderr: failures and warnings always; with a terminal the live
/// progress line (`BatchProgress.line`, a `ProgressLine`), else one line per output written;
/// nothing else with `--quiet`.
final class BatchStatusPrinter: @unchecked Sendable {
  private let quiet: Bool
  private let state = SharedBatchProgress()
  private let line: ProgressLine

  init(quiet: Bool, terminal: Bool = ProgressLine.stderrIsTerminal) {
    self.quiet = quiet
    let state = self.state
    line = ProgressLine(quiet: quiet, terminal: terminal) { state.line(at: Date()) }
  }

  @Sendable func handle(_ event: BatchEvent) {
    let (done, total) = state.record(event, at: Date())
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
