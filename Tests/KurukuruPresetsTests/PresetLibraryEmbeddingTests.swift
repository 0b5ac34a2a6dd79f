import Foundation
import KurukuruCore
import KurukuruPresets
import XCTest

// MARK: - The embedded preset library

final class PresetLibraryEmbeddingTests: XCTestCase {
  func testEveryPresetFileIsEmbeddedByteForByte() throws {
    let folder = repositoryRoot.appendingPathComponent("Presets").path
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" && !$0.hasPrefix(".") }
    // Sorted by name: "nv-ball-clip-rotate" before "nv-ball-clip-rotate-multiple", whatever
    // ".json" does to the order of file names.
    XCTAssertEqual(PresetLibrary.names, files.map { String($0.dropLast(5)) }.sorted(), "rebuild after adding a preset")
    for file in files {
      let name = String(file.dropLast(5))
      let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      XCTAssertEqual(PresetLibrary.text(named: name), text, name)
      let preset = try PresetLibrary.preset(named: name)
      XCTAssertEqual(preset.file, "<bundled>/\(file)")
      XCTAssertEqual(preset.name, name)
    }
  }

  func testResolveTellsPathsFromNames() throws {
    XCTAssertTrue(PresetLibrary.isPath("spin.json"))
    XCTAssertTrue(PresetLibrary.isPath("./spin"))
    XCTAssertTrue(PresetLibrary.isPath("Presets/pacman"))
    XCTAssertFalse(PresetLibrary.isPath("pacman"))
    XCTAssertEqual(try PresetLibrary.resolve("pacman").file, "<bundled>/pacman.json")
    XCTAssertEqual(try PresetLibrary.resolve(presetPath("pacman")).file, presetPath("pacman"))
    XCTAssertThrowsError(try PresetLibrary.resolve("pacmna")) { error in
      let e = error as? PresetError
      XCTAssertEqual(e?.kind, .fileNotFound)
      XCTAssertTrue(e?.message.contains("did you mean 'pacman'?") ?? false, "\(error)")
    }
    XCTAssertThrowsError(try PresetLibrary.preset(named: "nope")) { XCTAssertEqual(($0 as? PresetError)?.kind, .fileNotFound) }
  }
}
