// MARK: - Kurukuru

// One import for users of the library: `import Kurukuru` brings every pipeline stage, so
//
//     let preset = try Preset.load(path: "Presets/loading-circle.json")
//     try Renderer(preset, scale: 2).write(.gif(), to: "loader.gif")
//     try Batch.run(BatchOptions(inputs: ["Presets"], output: "out"))
//
// works with nothing else imported. Each stage is also a module of its own (`KurukuruCore`,
// `KurukuruRaster`, …), and the `KurukuruEngine` product exports the stages without batch and
// the preset library (`Package.swift`), for code that wants only part of the pipeline;
// ARCHITECTURE.md shows the module graph.

@_exported import KurukuruCore
@_exported import KurukuruRaster
@_exported import KurukuruCodecs
@_exported import KurukuruCompare
@_exported import KurukuruLottie
@_exported import KurukuruRender
@_exported import KurukuruBatch
@_exported import KurukuruPresets
@_exported import KurukuruSwiftUI
