import PackagePlugin

// MARK: - EmbedPresets

/// Build-tool plugin for the `KurukuruPresets` target (folder `Sources/KurukuruPresets`, whose
/// `Presets` is a symbolic link to the top-level `Presets/` folder): compiles every `*.json`
/// directly in `Presets` except `schema.json` into one Swift file
/// (`BundledPresetData.swift`), so the `kurukuru` binary carries its preset library and needs no
/// files beside it. Each preset is an input of the command, so editing one re-runs it; adding or
/// removing one changes the target's folder, so SwiftPM plans the build again and calls this
/// plugin with the new list.
///
/// The same mechanism embeds the SwiftUI stand-in's sources in `KurukuruSwiftUI`: a target with
/// a `StandIn` folder gets every `StandIn/*.txt` compiled into `standInSourceData`.
@main
struct EmbedPresets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let standIn = module.directory.appending("StandIn")
    let standInFiles = module.sourceFiles(withSuffix: "txt").map(\.path)
      .filter { $0.removingLastComponent() == standIn }
      .sorted { $0.string < $1.string }
    if !standInFiles.isEmpty {
      let output = context.pluginWorkDirectory.appending("StandInSourceData.swift")
      return [
        .buildCommand(
          displayName: "Embedding \(standInFiles.count) stand-in sources of StandIn/ in \(target.name)",
          executable: try context.tool(named: "KurukuruPresetEmbedder").path,
          arguments: ["--variable", "standInSourceData", output.string] + standInFiles.map(\.string),
          inputFiles: standInFiles,
          outputFiles: [output])
      ]
    }
    let folder = module.directory.appending("Presets")
    let inputs = module.sourceFiles(withSuffix: "json").map(\.path)
      .filter { $0.removingLastComponent() == folder && $0.lastComponent != "schema.json" && !$0.lastComponent.hasPrefix(".") }
      .sorted { $0.string < $1.string }
    let output = context.pluginWorkDirectory.appending("BundledPresetData.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) presets of \(folder.lastComponent)/ in \(target.name)",
        executable: try context.tool(named: "KurukuruPresetEmbedder").path,
        arguments: [output.string] + inputs.map(\.string),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
