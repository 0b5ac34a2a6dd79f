import Foundation
import XCTest

@testable import KurukuruCore

/// The preset vocabulary is declared once (`ViewName`, `ShapeModifierName`, `ModifierName`):
/// the decoder accepts exactly those names, and `Presets/schema.json` lists the same ones.
final class VocabularyTests: XCTestCase {
  static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Presets/schema.json")

  func schema() throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any]
    return try XCTUnwrap(object?["$defs"] as? [String: Any])
  }

  func testTheSchemaNamesEveryViewAndNoOther() throws {
    let view = try XCTUnwrap(try schema()["view"] as? [String: Any])
    let alternatives = try XCTUnwrap(view["oneOf"] as? [[String: Any]])
    let names = alternatives.compactMap { ($0["required"] as? [String])?.first }
    XCTAssertEqual(Set(names), Set(ViewName.all))
  }

  func testTheSchemaNamesEveryModifierAndNoOther() throws {
    let defs = try schema()
    let view = try XCTUnwrap((defs["viewModifier"] as? [String: Any])?["properties"] as? [String: Any])
    let shape = try XCTUnwrap((defs["shapeModifier"] as? [String: Any])?["properties"] as? [String: Any])
    XCTAssertEqual(Set(view.keys), Set(ModifierName.all))
    // A shape's modifiers array takes its own modifiers and, after them, every view modifier.
    XCTAssertEqual(Set(shape.keys), Set(ShapeModifierName.all + ModifierName.all), "\(shape.keys.sorted())")
    // A Text's modifiers array takes the text modifiers and the view modifiers.
    let text = try XCTUnwrap((defs["textModifier"] as? [String: Any])?["properties"] as? [String: Any])
    XCTAssertEqual(Set(text.keys), Set(ModifierName.all + TextModifierName.all))
  }

  func testEveryNameDecodesAndTheModelNamesItBack() throws {
    // Every modifier decodes with a minimal argument and reports its own name.
    let arguments: [ModifierName: String] = [
      .frame: "10", .padding: "2", .offset: #"{"x": 1}"#, .rotationEffect: "30", .scaleEffect: "2", .opacity: "0.5",
      .rotation3DEffect: #"{"degrees": 30, "axis": [0, 1, 0]}"#, .shadow: #"{"radius": 2}"#, .foregroundColor: #""red""#,
      .foregroundStyle: #""red""#, .clipShape: #""Capsule""#, .clipped: "{}", .cornerRadius: "4",
      .mask: #"{"Circle": {}}"#, .overlay: #"{"Circle": {}}"#, .background: #""red""#, .aspectRatio: "1",
      .fixedSize: "true", .skew: "10",
    ]
    for name in ModifierName.allCases {
      let argument = try XCTUnwrap(arguments[name], "\(name)")
      let scene = try Preset(
        text: #"{"width": 20, "height": 20, "view": {"Circle": {}, "modifiers": [{"\#(name.rawValue)": \#(argument)}]}}"#,
        file: "t.json"
      ).scene()
      let decoded = try XCTUnwrap(scene.root.modifiers.first)
      XCTAssertEqual(decoded.name, name == .foregroundColor ? .foregroundStyle : name)
    }
    for name in ViewName.allCases where ![.zStack, .hStack, .vStack, .spacer, .forEach, .text].contains(name) {
      let argument: String
      switch name {
      case .roundedRectangle: argument = #"{"cornerRadius": 2}"#
      case .arc: argument = #"{"startAngle": 0, "endAngle": 90}"#
      case .polygon: argument = #"{"points": [[0.5, 0], [1, 1], [0, 1]]}"#
      default: argument = "{}"
      }
      let scene = try Preset(text: #"{"width": 20, "height": 20, "view": {"\#(name.rawValue)": \#(argument)}}"#, file: "t.json").scene()
      guard case .shape(let s) = scene.root.kind else { return XCTFail("\(name) is not a shape") }
      XCTAssertEqual(s.shape.name, name)
    }
  }
}
