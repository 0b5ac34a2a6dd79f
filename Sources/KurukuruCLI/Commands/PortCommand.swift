import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruSwiftUI

// MARK: - port

/// `kurukuru port FILE.swift`: the preset a SwiftUI view file describes, on stdout, checked by
/// the preset loader first so that what it prints is a preset Kurukuru reads.
enum PortCommand: Command {
  static let definition = CommandSpec(
    name: "port", arguments: "FILE.swift",
    abstract: """
      Prints the preset a SwiftUI view file describes, to edit or to bundle. The file is compiled
      against Kurukuru's stand-in SwiftUI module and run, so its code runs as 'swift run' would
      (20 s and 1 GiB at most); it needs swiftc. What is covered: Presets/README.md §17.
      """,
    options: [CLI.viewOption])

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "port")
    guard args.positional.count == 1, let path = args.positional.first, SwiftUISource.isSwiftFile(path) else {
      throw UsageError("port: name exactly one SwiftUI source file (FILE.swift)")
    }
    let options = SwiftUISource.Options(view: args.value("view"))
    let text = try SwiftUISource.presetText(path: path, options: options)
    _ = try Preset(text: text, file: path)
    Console.out(text.trimmingCharacters(in: .newlines))
    return 0
  }
}
