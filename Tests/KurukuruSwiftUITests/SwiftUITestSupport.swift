import Foundation
import KurukuruCompare
import KurukuruCore
import KurukuruRender
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

  /// The mean over frames of the pixelmatch-mismatched pixels (threshold 0.1, antialiased pixels
  /// counted) as a share of the pixels either frame inks (0 where neither inks); asserts equal
  /// frame counts and sizes and that some frame draws something.
  static func meanMismatch(_ ported: Preset, _ bundled: Preset, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
    let a = try Renderer(ported, jobs: 1), b = try Renderer(bundled, jobs: 1)
    XCTAssertEqual(a.frameCount, b.frameCount, "frame count", file: file, line: line)
    let options = PixelmatchOptions(threshold: 0.1, includeAA: true)
    var shares: [Double] = []
    var drawn = false
    for i in 0..<min(a.frameCount, b.frameCount) {
      let fa = try a.frame(i), fb = try b.frame(i)
      XCTAssertEqual([fa.width, fa.height], [fb.width, fb.height], "frame \(i) size", file: file, line: line)
      let mismatched = try Pixelmatch.compare(fa, fb, options: options)
      let ink = (0..<fa.width * fa.height).filter { fa.pixels[$0 * 4 + 3] > 0 || fb.pixels[$0 * 4 + 3] > 0 }.count
      drawn = drawn || ink > 0
      shares.append(Double(mismatched) / Double(max(1, ink)))
    }
    XCTAssertTrue(drawn, "no frame draws anything", file: file, line: line)
    return shares.reduce(0, +) / Double(max(1, shares.count))
  }
}
