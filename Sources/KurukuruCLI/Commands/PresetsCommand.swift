import Foundation
import KurukuruBatch
import KurukuruCore

// MARK: - presets

enum PresetsCommand: Command {
  static let definition = CommandSpec(
    name: "presets", arguments: "",
    abstract: PresetListing.help,
    options: [
      OptionSpec("dir", "DIR", "list the .json files of DIR instead (default: the bundled presets, or $KURUKURU_PRESETS)"),
      OptionSpec("json", nil, "print the list as JSON"),
    ])

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "presets")
    guard args.positional.isEmpty else { throw UsageError("presets: takes no positional arguments; use --dir DIR") }
    let listing = try PresetListing(folder: args.value("dir") ?? ProcessInfo.processInfo.environment["KURUKURU_PRESETS"])
    var failed = false
    for entry in listing.entries {
      if case .failure(let error) = entry.result { failed = true; Console.err(CLI.message(for: error)) }
    }
    if args.has("json") {
      Console.out(listing.json(describe: CLI.message(for:)))
    } else {
      listing.lines.forEach(Console.out)
    }
    return failed ? 1 : 0
  }
}
