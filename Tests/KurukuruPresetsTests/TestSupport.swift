import Foundation

// MARK: - The repository's presets

/// The repository root, three folders above this file: `Presets/` there is what the library embeds.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The path of `Presets/NAME.json` in the repository.
func presetPath(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("Presets/\(name).json").path
}
