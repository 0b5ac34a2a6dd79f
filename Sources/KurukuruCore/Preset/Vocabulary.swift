// MARK: - Vocabulary

/// The words of the preset format, each declared once: decoding switches over these cases (so a
/// new word that is not decoded does not compile), suggestions and messages list them, the
/// exporters name groups after them, and `VocabularyTests` checks `Presets/schema.json` against
/// them.

/// A view's key in a view object (`{"Circle": {}}`).
public enum ViewName: String, CaseIterable, Sendable {
  case circle = "Circle"
  case ellipse = "Ellipse"
  case rectangle = "Rectangle"
  case roundedRectangle = "RoundedRectangle"
  case capsule = "Capsule"
  case arc = "Arc"
  case polygon = "Polygon"
  case text = "Text"
  case zStack = "ZStack"
  case hStack = "HStack"
  case vStack = "VStack"
  case spacer = "Spacer"
  case forEach = "ForEach"

  /// Every name, in declaration order.
  public static var all: [String] { allCases.map(\.rawValue) }
}

/// A modifier that exists on shapes only and comes before the view modifiers (`trim`, then one
/// style).
public enum ShapeModifierName: String, CaseIterable, Sendable {
  case trim, fill, stroke, strokeBorder

  public static var all: [String] { allCases.map(\.rawValue) }
}

/// A modifier that exists on `Text` only: it sets how the text itself is drawn, wherever it
/// stands in the text's `modifiers`.
public enum TextModifierName: String, CaseIterable, Sendable {
  case font, kerning, monospacedDigit

  public static var all: [String] { allCases.map(\.rawValue) }
}

/// A view modifier's key in a `modifiers` entry.
public enum ModifierName: String, CaseIterable, Sendable {
  case frame, padding, offset, rotationEffect, rotation3DEffect, scaleEffect, opacity, shadow
  /// SwiftUI's older name of `foregroundStyle`, accepted with a colour.
  case foregroundColor
  case foregroundStyle
  case clipShape, clipped, cornerRadius, mask
  case overlay, background, aspectRatio, fixedSize
  /// CSS's `skew()`, `skewX()`, `skewY()`.
  case skew

  public static var all: [String] { allCases.map(\.rawValue) }
}

extension Modifier {
  /// The name the modifier is written with (`foregroundStyle` for both of its spellings).
  public var name: ModifierName {
    switch self {
    case .frame, .flexibleFrame: return .frame
    case .padding: return .padding
    case .offset: return .offset
    case .rotationEffect: return .rotationEffect
    case .rotation3DEffect: return .rotation3DEffect
    case .scaleEffect: return .scaleEffect
    case .opacity: return .opacity
    case .shadow, .boxShadow: return .shadow
    case .foregroundStyle: return .foregroundStyle
    case .clipShape: return .clipShape
    case .clipped: return .clipped
    case .cornerRadius: return .cornerRadius
    case .mask: return .mask
    case .overlay: return .overlay
    case .background: return .background
    case .aspectRatio: return .aspectRatio
    case .fixedSize: return .fixedSize
    case .skew: return .skew
    }
  }
}

extension ShapeKind {
  /// The view name the shape is written with.
  public var name: ViewName {
    switch self {
    case .circle: return .circle
    case .ellipse: return .ellipse
    case .rectangle: return .rectangle
    case .roundedRectangle: return .roundedRectangle
    case .capsule: return .capsule
    case .arc: return .arc
    case .polygon: return .polygon
    }
  }
}
