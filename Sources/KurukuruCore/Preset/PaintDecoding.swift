// MARK: - Colours and paints

extension PresetReader {
  /// A colour: a colour string (see `ColorSyntax`), `"$param"`, or an object
  /// `{"red", "green", "blue", "opacity"}` / `{"white", "opacity"}` with components in 0…1
  /// (expressions allowed, e.g. `"59/255"`).
  func color(_ node: JSONNode, path: String) throws -> RGBAColor {
    switch node.value {
    case .string(let s):
      switch ColorSyntax.parse(s, lookup: { colors[$0] }) {
      case .success(let c): return c
      case .failure(let e):
        var message = e.message
        if s.hasPrefix("$") { message += Suggestion.hint(for: String(s.dropFirst()), in: colors.keys.sorted()) }
        throw fail(node, path, message, kind: message.hasPrefix("unknown") ? .unknownName : .invalidValue)
      }
    case .object:
      let o = try object(node, path: path, keys: ["red", "green", "blue", "white", "opacity"])
      func unit(_ key: String) throws -> Double? {
        guard let n = o[key] else { return nil }
        let v = try number(n, path: path + "." + key)
        guard (0...1).contains(v) else { throw fail(n, path + "." + key, "'\(key)' must be in 0…1, got \(fmt(v))") }
        return v
      }
      let alpha = try unit("opacity") ?? 1
      if let w = try unit("white") {
        for k in ["red", "green", "blue"] where o[k] != nil {
          throw fail(o[k] ?? node, path, "use either 'white' or 'red'/'green'/'blue'")
        }
        return RGBAColor(red: w, green: w, blue: w, alpha: alpha)
      }
      guard let r = try unit("red"), let g = try unit("green"), let b = try unit("blue") else {
        throw fail(node, path, "a colour object needs 'red', 'green' and 'blue' (0…1) or 'white'")
      }
      return RGBAColor(red: r, green: g, blue: b, alpha: alpha)
    default:
      throw fail(node, path, "expected a colour, got \(node.typeName)")
    }
  }

  static let gradientKinds = ["LinearGradient", "RadialGradient", "AngularGradient"]

  /// A paint: a colour, or `{"LinearGradient": …}`, `{"RadialGradient": …}`,
  /// `{"AngularGradient": …}`.
  func paint(_ node: JSONNode, path: String) throws -> PaintSpec {
    guard case .object(let members) = node.value, members.count == 1, let m = members.first,
      m.key.hasSuffix("Gradient")
    else {
      return .color(try color(node, path: path))
    }
    let p = path + "." + m.key
    switch m.key {
    case "LinearGradient":
      let o = try object(m.value, path: p, keys: ["colors", "stops", "startPoint", "endPoint"])
      return .linear(
        stops: try stops(o, node: m.value, path: p),
        startPoint: try o["startPoint"].map { try unitPoint($0, path: p + ".startPoint") } ?? UnitAnchor(x: 0.5, y: 0),
        endPoint: try o["endPoint"].map { try unitPoint($0, path: p + ".endPoint") } ?? UnitAnchor(x: 0.5, y: 1))
    case "RadialGradient":
      let o = try object(m.value, path: p, keys: ["colors", "stops", "center", "startRadius", "endRadius"])
      guard let end = o["endRadius"] else { throw fail(m.value, p, "RadialGradient needs 'endRadius' (points)") }
      return .radial(
        stops: try stops(o, node: m.value, path: p),
        center: try o["center"].map { try unitPoint($0, path: p + ".center") } ?? .center,
        startRadius: try o["startRadius"].map { try animated($0, path: p + ".startRadius") } ?? .constant(0),
        endRadius: try animated(end, path: p + ".endRadius"))
    case "AngularGradient":
      let o = try object(m.value, path: p, keys: ["colors", "stops", "center", "angle", "startAngle", "endAngle"])
      if o["angle"] != nil, o["startAngle"] != nil || o["endAngle"] != nil {
        throw fail(m.value, p, "use either 'angle' or 'startAngle'/'endAngle'")
      }
      let start = try (o["angle"] ?? o["startAngle"]).map { try animated($0, path: p + ".startAngle") } ?? .constant(0)
      let end = try o["endAngle"].map { try animated($0, path: p + ".endAngle") }
      return .angular(
        stops: try stops(o, node: m.value, path: p),
        center: try o["center"].map { try unitPoint($0, path: p + ".center") } ?? .center,
        startAngle: start, endAngle: end)
    default:
      throw PresetError(
        file: file, location: m.keyLocation, path: path,
        message: "unknown paint '\(m.key)'" + Suggestion.hint(for: m.key, in: PresetReader.gradientKinds),
        kind: .unknownName)
    }
  }

  /// Gradient stops from `"colors"` (evenly spaced, as `Gradient(colors:)`) or `"stops"`
  /// (`[{"color", "location"}]`).
  private func stops(_ o: [String: JSONNode], node: JSONNode, path: String) throws -> [GradientStop] {
    if let c = o["colors"] {
      if o["stops"] != nil { throw fail(c, path, "use either 'colors' or 'stops'") }
      let items = try array(c, path: path + ".colors")
      guard items.count >= 1, items.count <= 256 else { throw fail(c, path + ".colors", "a gradient needs 1 to 256 colours") }
      let n = items.count
      return try items.enumerated().map { i, item in
        GradientStop(location: n == 1 ? 0 : Double(i) / Double(n - 1), color: try color(item, path: path + ".colors[\(i)]"))
      }
    }
    guard let s = o["stops"] else { throw fail(node, path, "a gradient needs 'colors' or 'stops'") }
    let items = try array(s, path: path + ".stops")
    guard items.count >= 1, items.count <= 256 else { throw fail(s, path + ".stops", "a gradient needs 1 to 256 stops") }
    var stops = try items.enumerated().map { i, item -> GradientStop in
      let p = path + ".stops[\(i)]"
      let so = try object(item, path: p, keys: ["color", "location"])
      guard let c = so["color"], let l = so["location"] else { throw fail(item, p, "a stop needs 'color' and 'location'") }
      let loc = try number(l, path: p + ".location")
      guard (0...1).contains(loc) else { throw fail(l, p + ".location", "location must be in 0…1, got \(fmt(loc))") }
      return GradientStop(location: loc, color: try color(c, path: p + ".color"))
    }
    // Stable sort by location, as SwiftUI does.
    stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    return stops
  }
}
