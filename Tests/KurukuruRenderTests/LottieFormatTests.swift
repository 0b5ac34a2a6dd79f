import Foundation
import Kurukuru
import XCTest

/// The Lottie format as users meet it: every bundled preset exports, the document says the
/// preset's size, rate and loop, bytes are deterministic and independent of `--scale`, and what
/// Lottie cannot show is an error naming the place.
final class LottieFormatTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var presets: [String] {
    let dir = root.appendingPathComponent("Presets").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted().map { dir + "/" + $0 }
  }

  func testEveryBundledPresetExportsWithItsSizeRateAndLoop() throws {
    XCTAssertGreaterThan(Self.presets.count, 10)
    var refused = 0
    for path in Self.presets {
      let scene = try Preset.load(path: path).scene()
      if try String(contentsOfFile: path, encoding: .utf8).contains("\"rotation3DEffect\"") {
        // Perspective has no Lottie equivalent: these presets are refused, never approximated.
        XCTAssertThrowsError(try LottieFormat.document(for: scene), path) { error in
          XCTAssertTrue(String(describing: error).contains("rotation3DEffect tilts the view"), "\(error)")
        }
        refused += 1
        continue
      }
      let bytes = try LottieFormat.document(for: scene)
      let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], path)
      XCTAssertEqual(doc["w"] as? Int, Int(scene.size.width), path)
      XCTAssertEqual(doc["h"] as? Int, Int(scene.size.height), path)
      XCTAssertEqual(try XCTUnwrap(doc["fr"] as? Double, path), scene.timeline.fps, accuracy: 1e-4, path)
      XCTAssertEqual(doc["ip"] as? Int, 0, path)
      XCTAssertEqual(doc["op"] as? Int, scene.timeline.frameCount, path)
      XCTAssertEqual(doc["v"] as? String, "5.7.0", path)
      let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]], path)
      XCTAssertEqual(layers.first?["ty"] as? Int, 4, path)
      XCTAssertEqual(bytes, try LottieFormat.document(for: scene), "\(path): deterministic")
    }
    XCTAssertGreaterThan(refused, 0, "the 3-D presets are checked")
  }

  func testAPerspectiveRotationIsRefusedAndATurnAboutZIsARotation() throws {
    func scene(_ modifier: String) throws -> ResolvedScene {
      try Preset(
        text: """
          {"name": "tilt", "width": 40, "height": 40, "view": {"ZStack": {"content": [
            {"Rectangle": {}, "modifiers": [{"frame": 20}, \(modifier)]}]}}}
          """, file: "tilt.json"
      ).scene()
    }
    XCTAssertThrowsError(try LottieFormat.document(for: try scene(#"{"rotation3DEffect": {"degrees": 30, "axis": "y"}}"#))) {
      let text = String(describing: $0)
      XCTAssertTrue($0 is LottieError, text)
      XCTAssertTrue(text.contains("rotation3DEffect tilts the view out of the screen's plane"), text)
      XCTAssertTrue(text.contains("view.ZStack.content[0].modifiers[1]"), text)
    }
    // About z with the anchor in the plane it is rotationEffect: the same document but for the
    // group's name.
    let turned = try LottieFormat.document(for: try scene(#"{"rotation3DEffect": {"degrees": 30, "axis": "z"}}"#))
    let rotated = try LottieFormat.document(for: try scene(#"{"rotationEffect": 30}"#))
    XCTAssertEqual(
      String(decoding: turned, as: UTF8.self).replacingOccurrences(of: "rotation3DEffect", with: "rotationEffect"),
      String(decoding: rotated, as: UTF8.self))
  }

  func testScaleAndJobsDoNotChangeTheBytesAndSetDoes() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-lottie-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let preset = try Preset.load(path: Self.root.appendingPathComponent("Presets/gradient-ring.json").path)
    let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
    let c = dir.appendingPathComponent("c.json").path
    _ = try Renderer(preset, scale: 1, jobs: 1).write(.lottie(), to: a)
    _ = try Renderer(preset, scale: 3, jobs: 2).write(.lottie(), to: b)
    _ = try Renderer(preset, scale: 1, settings: ["size": "120"]).write(.lottie(), to: c)
    XCTAssertEqual(FileManager.default.contents(atPath: a), FileManager.default.contents(atPath: b))
    XCTAssertNotEqual(FileManager.default.contents(atPath: a), FileManager.default.contents(atPath: c))
    XCTAssertEqual(LottieFormat().defaultPath(name: "ring", scale: 2), "ring.json")
  }

  func testWhatLottieCannotShowIsAnErrorNamingThePlace() throws {
    let preset = try Preset(
      text: """
        {"name": "cone", "width": 40, "height": 40, "view": {"ZStack": {"content": [
          {"Circle": {}},
          {"Rectangle": {}, "modifiers": [{"fill": {"AngularGradient": {"colors": ["red", "blue"]}}}, {"frame": 20}]}]}}}
        """, file: "cone.json")
    XCTAssertThrowsError(try LottieFormat.document(for: try preset.scene())) { error in
      let text = String(describing: error)
      XCTAssertTrue(error is LottieError, text)
      XCTAssertTrue(text.contains("AngularGradient on a Rectangle"), text)
      XCTAssertTrue(text.contains("view.ZStack.content[1]"), text)
      XCTAssertFalse(text.contains("\n"), text)
    }
  }

  func testAPresetIsNeverOverwritten() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-lottie-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let source = Self.root.appendingPathComponent("Presets/pacman.json").path
    let copy = dir.appendingPathComponent("pacman.json").path
    try FileManager.default.copyItem(atPath: source, toPath: copy)
    let preset = try Preset.load(path: copy)
    XCTAssertThrowsError(try Renderer(preset).write(.lottie(), to: copy))
    XCTAssertEqual(FileManager.default.contents(atPath: copy), FileManager.default.contents(atPath: source))
  }
}
