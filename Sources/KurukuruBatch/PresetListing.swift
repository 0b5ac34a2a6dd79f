import Foundation
import KurukuruCore
import KurukuruPresets
import KurukuruRender

// MARK: - PresetListing

/// What `kurukuru presets` lists: every preset of a folder, or of the built-in library, loaded
/// and resolved with its parameters' defaults, as a text table or as JSON.
package struct PresetListing {
  /// What `kurukuru presets --help` says is listed.
  package static let help = """
    Lists the presets built into kurukuru (or those in DIR with --dir, or in $KURUKURU_PRESETS)
    with their family, size, fps, loop duration and frame count; 'kurukuru render NAME' renders
    one by name from any directory. A broken preset is listed with its error (exit status 1).
    """

  /// One listed preset: its file (`<bundled>/NAME.json` for the built-in library) and the preset
  /// with its resolved scene, or the error that stopped it.
  package struct Entry {
    package let file: String
    package let result: Result<(preset: Preset, scene: ResolvedScene), Error>
  }

  /// The presets, in file-name order (the library's in name order).
  package let entries: [Entry]

  /// Lists the `.json` files of `folder` or, when `folder` is nil, the built-in library.
  /// - Throws: `BatchError.noSuchFolder` when `folder` is not a folder.
  package init(folder: String?) throws {
    let sources: [(file: String, load: () throws -> Preset)]
    if let folder {
      sources = try PresetFolder.files(in: folder).map { file in (file, { try Preset.load(path: file) }) }
    } else {
      sources = PresetLibrary.names.map { name in
        ("\(PresetLibrary.folder)/\(name).json", { try PresetLibrary.preset(named: name) })
      }
    }
    entries = sources.map { source in
      Entry(file: source.file, result: Result { let preset = try source.load(); return (preset, try preset.scene()) })
    }
  }

  // MARK: - Output

  /// One object per preset (name, file, title, family, source, width, height, fps, duration,
  /// frames, parameters), or `{file, error}` for one that failed, `describe` giving the error's
  /// text.
  package func json(describe: (Error) -> String) -> String {
    let rows: [JSONOut] = entries.map { entry in
      switch entry.result {
      case .failure(let error):
        return .object([("file", .string(entry.file)), ("error", .string(describe(error)))])
      case .success(let (preset, scene)):
        return .object([
          ("name", .string(scene.name)), ("file", .string(entry.file)), ("title", preset.title.map { .string($0) } ?? .null),
          ("family", preset.family.map { .string($0) } ?? .null), ("source", preset.source.map { .string($0) } ?? .null),
          ("width", .number(scene.size.width)), ("height", .number(scene.size.height)),
          ("fps", .number(NumberText.tidy(scene.timeline.fps))), ("duration", .number(scene.timeline.period)),
          ("frames", .int(scene.timeline.frameCount)),
          ("parameters", .array(preset.parameters.map { .string($0.name) })),
        ])
      }
    }
    return JSONOut.array(rows).render()
  }

  /// One line per preset that loaded: name, family, size, fps (two decimals at most), loop and
  /// frame count, title. The name and family columns are as wide as their longest entry (names
  /// at least 22), so nothing is cut; the family column is left out when no preset names one.
  package var lines: [String] {
    let loaded = entries.compactMap { try? $0.result.get() }
    let width = max(22, loaded.map(\.scene.name.count).max() ?? 0)
    let familyWidth = loaded.compactMap(\.preset.family?.count).max()
    return loaded.map { preset, scene in
      var text = scene.name.padding(toLength: width, withPad: " ", startingAt: 0) + " "
      if let familyWidth { text += (preset.family ?? "—").padding(toLength: familyWidth, withPad: " ", startingAt: 0) + " " }
      let size = "\(OutputNaming.number(scene.size.width))×\(OutputNaming.number(scene.size.height))"
      let rate = OutputNaming.number((scene.timeline.fps * 100).rounded() / 100)
      text += "\(size.padding(toLength: 9, withPad: " ", startingAt: 0)) \(rate) fps  "
        + "\(OutputNaming.number(scene.timeline.period)) s  \(scene.timeline.frameCount) frames"
      return text + (preset.title.map { "  — \($0)" } ?? "")
    }
  }
}
