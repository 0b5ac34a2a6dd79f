import Foundation
import KurukuruCore
import KurukuruSwiftUI
import XCTest

// MARK: - Support

/// The fixtures, the compiler check and a cache shared by every test of this target.
enum SwiftUITest {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// One cache for the whole run, so the stand-in is compiled once.
  static let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-swiftui-tests").path

  static var options: SwiftUISource.Options { SwiftUISource.Options(cacheFolder: cache) }

  /// Skips the test, saying why, when there is no `swiftc` on PATH.
  static func requireCompiler() throws {
    let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .contains { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") }
    if !found { throw XCTSkip("no swiftc on PATH: SwiftUI source cannot be compiled here") }
  }

  /// Writes `source` to a fresh `NAME.swift` and returns its path.
  static func write(_ source: String, name: String = "View") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-swiftui-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name + ".swift").path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The preset JSON the harness prints for `source`, parsed.
  static func preset(
    _ source: String, view: String? = nil, configure: (inout SwiftUISource.Options) -> Void = { _ in }
  ) throws -> [String: Any] {
    var options = options
    options.view = view
    configure(&options)
    let text = try SwiftUISource.presetText(path: try write(source), options: options)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The value of modifier `name` on the root view of `preset` (its `view`).
  static func modifier(_ name: String, in preset: [String: Any]) -> Any? {
    let view = preset["view"] as? [String: Any]
    let modifiers = view?["modifiers"] as? [[String: Any]] ?? []
    return modifiers.first { $0[name] != nil }?[name]
  }
}
