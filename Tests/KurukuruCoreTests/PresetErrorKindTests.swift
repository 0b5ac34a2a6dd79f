import Foundation
import XCTest

@testable import KurukuruCore

/// `PresetError.kind`: callers can switch on what went wrong instead of parsing messages.
final class PresetErrorKindTests: XCTestCase {
  /// The kind of the error thrown while loading `text` and resolving it with `settings`.
  func kind(_ text: String, settings: [String: String] = [:], limits: Limits = Limits()) -> PresetError.Kind? {
    do {
      _ = try Preset(text: text, file: "k.json").scene(settings: settings, limits: limits)
      return nil
    } catch {
      return (error as? PresetError)?.kind
    }
  }

  func testFilesThatCannotBeRead() throws {
    XCTAssertThrowsError(try Preset.load(path: "/nonexistent/missing.json")) { error in
      XCTAssertEqual((error as? PresetError)?.kind, .fileNotFound)
      XCTAssertEqual("\(error)", "/nonexistent/missing.json: no such file")
    }
    XCTAssertThrowsError(try Preset.load(path: repositoryRoot.appendingPathComponent("Presets").path)) { error in
      XCTAssertEqual((error as? PresetError)?.kind, .unreadableFile)
    }
  }

  func testEachStageOfReadingHasItsKind() {
    XCTAssertEqual(kind("{\"width\": 1,"), .syntax)
    XCTAssertEqual(kind("{\"a\": 1, \"a\": 2}"), .syntax, "duplicate keys")
    XCTAssertEqual(kind(String(repeating: "[", count: 300)), .limitExceeded, "JSON nesting")
    XCTAssertEqual(kind(presetText(view: #"{"Circle": {}}"#, extra: #" "widht": 3,"#)), .unknownName)
    XCTAssertEqual(kind(presetText(view: #"{"Cirle": {}}"#)), .unknownName)
    XCTAssertEqual(kind(presetText(view: #"{"Circle": {}, "modifiers": [{"stroek": {}}]}"#)), .unknownName)
    XCTAssertEqual(kind(presetText(view: #"{"Circle": {}, "modifiers": [{"fill": "bleu"}]}"#)), .unknownName)
    XCTAssertEqual(kind(presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": "1 +"}]}"#)), .expression)
    XCTAssertEqual(
      kind(presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "lineer"}}]}"#)),
      .expression)
    XCTAssertEqual(kind(presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": 2}]}"#)), .invalidValue)
    XCTAssertEqual(kind(presetText(view: #"{"Circle": {}}"#), settings: ["nope": "1"]), .unknownName)
    var limits = Limits()
    limits.maxFrames = 10
    XCTAssertEqual(
      kind(presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 2).repeatForever()"}}]}"#), limits: limits),
      .limitExceeded)
  }
}
