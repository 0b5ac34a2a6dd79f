import PackagePlugin

// MARK: - EmbedPresets

/// Build-tool plugin for the `KurukuruPresets` target (folder `Sources/KurukuruPresets`, whose
/// `Presets` is a symbolic link to the top-level `Presets/` folder): compiles every `*.json`
/// directly in `Presets` except `schema.json` into one Swift file
/// (`BundledPresetData.swift`), so the `kurukuru` binary carries its preset library and needs no
/// files beside it. Each preset is an input of the command, so editing one re-runs it; adding or
/// removing one changes the target's folder, so SwiftPM plans the build again and calls this
/// plugin with the new list.
@main
struct EmbedPresets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
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
