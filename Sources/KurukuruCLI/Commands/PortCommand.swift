import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruSwiftUI

// MARK: - port

/// `kurukuru port FILE.swift`: the preset a SwiftUI view file describes, on stdout, checked by
/// the preset loader first so that what it prints is a preset Kurukuru reads.
enum PortCommand: Command {
  static let definition = CommandSpec(
    name: "port", arguments: "FILE.swift...",
    abstract: SwiftUISource.portHelp,
    options: CLI.inputOptions.filter { AnimationInput.Options.swiftUINames.contains($0.name) })

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "port")
    guard let paths = AnimationInput.single(args.positional), paths.allSatisfy(SwiftUISource.isSwiftFile) else {
      throw UsageError("port: name one view's SwiftUI source files (FILE.swift...)")
    }
    let options = try CLI.inputOptions(args).swiftUI
    let text = try SwiftUISource.presetText(paths: paths, options: options)
    _ = try Preset(text: text, file: paths[0])
    Console.out(text.trimmingCharacters(in: .newlines))
    return 0
  }
}
