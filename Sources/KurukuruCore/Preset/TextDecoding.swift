// MARK: - Text

extension PresetReader {
  /// `"Loading…"`, `{"string": "Loading…"}` or `{"counter": NUMBER, "decimals": 0, "prefix":
  /// "", "suffix": "%"}` (the counter animatable like any number), with every Unicode scalar
  /// it can show.
  func textContent(_ args: JSONNode, path: String) throws -> (content: TextSpec.Content, scalars: [Unicode.Scalar]) {
    let maximum = limits.maxTextLength
    func checked(_ s: String, _ node: JSONNode, _ p: String, extra: Int = 0) throws -> String {
      let n = s.unicodeScalars.count + extra
      guard n <= maximum else {
        throw fail(node, p, "a Text shows at most \(maximum) characters (Unicode scalars), this one \(n)", kind: .limitExceeded)
      }
      if let control = s.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
        throw fail(node, p, "a Text is one line; \(FontLoader.describe(control)) cannot be drawn (use several Text views in a VStack)")
      }
      return s
    }
    if case .string(let s) = args.value {
      return (.literal(try checked(s, args, path)), Array(s.unicodeScalars))
    }
    let o = try object(args, path: path, keys: ["string", "counter", "decimals", "prefix", "suffix"])
    switch (o["string"], o["counter"]) {
    case (let s?, nil):
      if let extra = ["decimals", "prefix", "suffix"].first(where: { o[$0] != nil }) {
        throw fail(o[extra] ?? args, path + "." + extra, "'\(extra)' belongs to a counter; a 'string' is shown as it is")
      }
      let text = try checked(try string(s, path: path + ".string"), s, path + ".string")
      return (.literal(text), Array(text.unicodeScalars))
    case (nil, let c?):
      let value = try animated(c, path: path + ".counter", within: Bound(name: "counter", range: -1e15...1e15, unit: ""))
      let decimals = try o["decimals"].map { try integer($0, path: path + ".decimals", range: 0...6) } ?? 0
      let prefix = try o["prefix"].map { try checked(try string($0, path: path + ".prefix"), $0, path + ".prefix") } ?? ""
      let suffix = try o["suffix"].map { try checked(try string($0, path: path + ".suffix"), $0, path + ".suffix") } ?? ""
      // The longest number: a sign, 16 digits, a point and the decimals.
      _ = try checked(prefix + suffix, args, path, extra: 18 + decimals)
      return (.counter(value: value, decimals: decimals, prefix: prefix, suffix: suffix),
              Array(prefix.unicodeScalars) + TextSpec.counterScalars + Array(suffix.unicodeScalars))
    case (nil, nil):
      throw fail(args, path, "Text needs a string (\"Text\": \"Loading…\") or 'counter' (a number, e.g. {\"from\": 0, \"to\": 100, \"animation\": \"linear(2)\"})")
    default:
      throw fail(args, path, "a Text has either 'string' or 'counter', not both")
    }
  }

  /// The message for a view key that names an SF Symbol view (`Image`, `Label`), with the
  /// nearest shape for the symbol when it is given as `systemName`; nil for other keys.
  static func symbolMessage(_ kind: String, _ args: JSONNode) -> String? {
    guard ["Image", "Label", "systemName", "SFSymbol"].contains(kind) else { return nil }
    var symbol = ""
    if case .object(let m) = args.value, let n = m.first(where: { $0.key == "systemName" }), case .string(let s) = n.value.value {
      symbol = s
    } else if case .string(let s) = args.value {
      symbol = s
    }
    let closest: String
    switch symbol {
    case let s where s.hasPrefix("ellipsis"): closest = "an HStack of three Circles"
    case let s where s.hasPrefix("arrow.clockwise") || s.hasPrefix("arrow.triangle") || s.hasPrefix("arrow.2.circlepath"):
      closest = "an Arc with stroke and a rotationEffect"
    case let s where s.hasPrefix("rays") || s.hasPrefix("slowmo") || s.hasPrefix("progress.indicator"):
      closest = "a ForEach of Capsules turned by rotationEffect"
    case let s where s.hasPrefix("circle.dotted") || s.hasPrefix("circle.dashed"): closest = "a Circle with a dashed stroke"
    case let s where s.hasPrefix("circle"): closest = "a Circle (stroke it for the outline)"
    case let s where s.hasPrefix("square"): closest = "a RoundedRectangle"
    case let s where s.hasPrefix("hourglass") || s.hasPrefix("triangle"): closest = "a Polygon"
    default: closest = "Circle, Capsule, Arc or Polygon"
    }
    let named = symbol.isEmpty ? "" : " \(quoted: symbol)"
    return "SF Symbols\(named) cannot be drawn: Apple licenses them for Apple platforms only, so Kurukuru does not ship them; draw the symbol with shapes — closest: \(closest)"
  }
}

// MARK: - TextStyle

/// The Text-only modifiers read so far: `font`, `kerning`, `monospacedDigit`.
struct TextStyle {
  var font = FontRequest()
  var kerning = 0.0
  var monospacedDigit = false
  /// Where the font was set, for font errors.
  var fontNode: JSONNode?
  var fontPath: String?

  /// SwiftUI's text styles at the default (Large) Dynamic Type size: points and weight.
  static let textStyles: [String: (Double, FontWeight)] = [
    "largeTitle": (34, .regular), "title": (28, .regular), "title2": (22, .regular), "title3": (20, .regular),
    "headline": (17, .semibold), "body": (17, .regular), "callout": (16, .regular), "subheadline": (15, .regular),
    "footnote": (13, .regular), "caption": (12, .regular), "caption2": (11, .regular),
  ]

  mutating func read(_ name: TextModifierName, _ node: JSONNode, path: String, reader: PresetReader) throws {
    switch name {
    case .font:
      fontNode = node
      fontPath = path
      if case .string(let s) = node.value {
        guard let style = TextStyle.textStyles[s] else {
          throw reader.fail(
            node, path, "unknown text style \(quoted: s)" + Suggestion.hint(for: s, in: TextStyle.textStyles.keys.sorted()), kind: .unknownName)
        }
        font = FontRequest(size: style.0, weight: style.1)
        return
      }
      let o = try reader.object(node, path: path, keys: ["size", "weight", "design", "family", "style"])
      var request = FontRequest()
      if let st = o["style"] {
        let s = try reader.string(st, path: path + ".style")
        guard let style = TextStyle.textStyles[s] else {
          throw reader.fail(st, path + ".style", "unknown text style \(quoted: s)" + Suggestion.hint(for: s, in: TextStyle.textStyles.keys.sorted()), kind: .unknownName)
        }
        request.size = style.0
        request.weight = style.1
      }
      if let sz = o["size"] {
        let v = try reader.number(sz, path: path + ".size")
        guard v > 0, v <= reader.limits.maxFontSize else {
          throw reader.fail(sz, path + ".size", "font size must be in 0 (exclusive)…\(fmt(reader.limits.maxFontSize)) points, got \(fmt(v))")
        }
        request.size = v
      }
      if let w = o["weight"] {
        let s = try reader.string(w, path: path + ".weight")
        guard let weight = FontWeight(rawValue: s) else {
          throw reader.fail(w, path + ".weight", "unknown font weight \(quoted: s)" + Suggestion.hint(for: s, in: FontWeight.allCases.map(\.rawValue)), kind: .unknownName)
        }
        request.weight = weight
      }
      if let d = o["design"] {
        let s = try reader.string(d, path: path + ".design")
        guard let design = FontDesign(rawValue: s) else {
          throw reader.fail(d, path + ".design", "unknown font design \(quoted: s)" + Suggestion.hint(for: s, in: FontDesign.allCases.map(\.rawValue)), kind: .unknownName)
        }
        request.design = design
      }
      if let f = o["family"] {
        let s = try reader.string(f, path: path + ".family")
        guard !s.isEmpty, s.count <= 100, !s.contains(where: { $0.isNewline }) else {
          throw reader.fail(f, path + ".family", "a font family is a fontconfig family name of 1…100 characters")
        }
        request.family = s
      }
      font = request
    case .kerning:
      let v = try reader.number(node, path: path)
      guard v.isFinite, abs(v) <= 1000 else { throw reader.fail(node, path, "kerning must be within ±1000 points, got \(fmt(v))") }
      kerning = v
    case .monospacedDigit:
      monospacedDigit = try reader.bool(node, path: path)
    }
  }
}
