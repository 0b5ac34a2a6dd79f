import Foundation
import XCTest

/// A user's test target may import SwiftUI and Kurukuru together: no public top-level type of
/// ours may share a name with one of SwiftUI's, or every unqualified use becomes ambiguous.
final class PublicNamesTests: XCTestCase {
  // MARK: - SwiftUI's names

  /// Public top-level types of SwiftUI (iOS 17 / macOS 14 SDK) that a loader library might
  /// plausibly name a type after: shapes, paints, geometry, animation, layout and views.
  static let swiftUINames: Set<String> = [
    "Alignment", "AlignmentID", "Anchor", "Angle", "AngularGradient", "Animatable", "AnimatableData",
    "AnimatablePair", "Animation", "AnyGradient", "AnyLayout", "AnyShape", "AnyShapeStyle", "AnyTransition",
    "AnyView", "App", "Axis", "BackgroundStyle", "Binding", "BlendMode", "Button", "Canvas", "Capsule",
    "Circle", "Color", "ColorRenderingMode", "ColorScheme", "ContainerRelativeShape", "ContentMode",
    "ContentTransition", "CubicKeyframe", "CustomAnimation", "Divider", "Edge", "EdgeInsets", "Ellipse",
    "EllipticalGradient", "EmptyView", "Environment", "FillStyle", "Font", "ForEach", "ForegroundStyle",
    "Form", "Gauge", "GeometryProxy", "GeometryReader", "Gradient", "GraphicsContext", "Grid", "GridRow",
    "Group", "HStack", "HierarchicalShapeStyle", "HorizontalAlignment", "Image", "ImagePaint",
    "ImageRenderer", "KeyframeAnimator", "KeyframeTimeline", "KeyframeTrack", "Keyframes", "Label",
    "Layout", "LayoutDirection", "LayoutSubview", "LinearGradient", "LinearKeyframe", "List", "Material",
    "Menu", "MoveKeyframe", "Namespace", "Offset", "OffsetShape", "PhaseAnimator", "Picker",
    "ProgressView", "ProposedViewSize", "RadialGradient", "Rectangle", "RotatedShape",
    "RoundedCornerStyle", "RoundedRectangle", "ScaledShape", "Scene", "ScenePhase", "Section",
    "SeparatorShapeStyle", "Shape", "ShapeStyle", "Slider", "Spacer", "Spring", "SpringKeyframe", "State",
    "Stepper", "StrokeStyle", "SubscriptionView", "SymbolRenderingMode", "Text", "TimelineSchedule",
    "TimelineView", "Toggle", "Transaction", "Transition", "TransformedShape", "TupleView", "UnevenRoundedRectangle",
    "UnitCurve", "UnitPoint", "VStack", "VerticalAlignment", "View", "ViewBuilder", "ViewModifier",
    "Visibility", "Window", "WindowGroup", "ZStack",
  ]

  /// Public top-level types of Swift Testing (Xcode 16 / Swift 6 toolchains), which a test
  /// target imports beside Kurukuru.
  static let swiftTestingNames: Set<String> = [
    "Attachable", "Attachment", "Bug", "Comment", "ConditionTrait", "Confirmation", "ExpectationFailedError",
    "Issue", "ParallelizationTrait", "SourceLocation", "Suite", "SuiteTrait", "Tag", "Test", "TestTrait",
    "TimeLimitTrait", "Trait",
  ]

  // MARK: - Tests

  func testNoPublicTypeSharesANameWithSwiftTesting() throws {
    let names = try Self.publicTopLevelTypes()
    for (name, file) in names.sorted(by: { $0.key < $1.key }) where Self.swiftTestingNames.contains(name) {
      XCTFail("public type '\(name)' in \(file) has a Swift Testing name; rename it")
    }
  }

  func testNoPublicTypeSharesANameWithSwiftUI() throws {
    let names = try Self.publicTopLevelTypes()
    XCTAssertGreaterThan(names.count, 40, "the scan found the public types (\(names.count))")
    XCTAssertTrue(names.keys.contains("ResolvedScene"), "the scan sees KurukuruCore")
    XCTAssertTrue(names.keys.contains("Renderer"), "the scan sees KurukuruRender")
    for (name, file) in names.sorted(by: { $0.key < $1.key }) where Self.swiftUINames.contains(name) {
      XCTFail("public type '\(name)' in \(file) has a SwiftUI name; rename it (see README, Names shared with SwiftUI)")
    }
  }

  func testTheScanWouldCatchAClash() {
    let found = Self.declaredTypes(in: "public struct Color: Sendable {}\npublic enum Kind {}\n  public struct Nested {}\n")
    XCTAssertEqual(Set(found), ["Color", "Kind"], "top-level declarations only")
    XCTAssertTrue(Self.swiftUINames.contains("Color"))
  }

  // MARK: - Scanning the sources

  /// Public top-level type names declared in `Sources/`, with the file declaring each.
  static func publicTopLevelTypes() throws -> [String: String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let sources = root.appendingPathComponent("Sources")
    var out: [String: String] = [:]
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for name in declaredTypes(in: text) { out[name] = file }
    }
    return out
  }

  /// Names of `public` (or `open`) structs, enums, classes, actors, protocols and typealiases
  /// declared at the start of a line.
  static func declaredTypes(in text: String) -> [String] {
    let kinds: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
    let modifiers: Set<String> = ["final", "indirect"]
    var names: [String] = []
    for line in text.split(separator: "\n") where line.hasPrefix("public ") || line.hasPrefix("open ") {
      let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })
      var i = 1
      while i < words.count, modifiers.contains(String(words[i])) { i += 1 }
      if i + 1 < words.count, kinds.contains(String(words[i])) { names.append(String(words[i + 1])) }
    }
    return names
  }
}
