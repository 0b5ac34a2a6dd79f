// MARK: - Colours and paints

extension PresetReader {
  /// A colour: a colour string (see `ColorSyntax` and `colorString`), `"$param"`, or an object
  /// `{"red", "green", "blue", "opacity"}` / `{"white", "opacity"}` with components in 0…1
  /// (expressions allowed, e.g. `"59/255"`).
  func color(_ node: JSONNode, path: String) throws -> RGBAColor {
    switch node.value {
    case .string(let s):
      return try colorString(s, offset: 0, node: node, path: path, depth: 0)
    case .object:
      let o = try object(node, path: path, keys: PresetReader.colorObjectKeys)
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

  /// A colour string as `ColorSyntax` reads it, plus two forms that need the preset's
  /// variables:
  /// - `COLOUR.opacity(x)` with an expression `x` in 0…1 (`"$color.opacity(1 - i / 8)"`);
  /// - an indexed array of colours, `[red, #00FF00, $color.opacity(0.5)][i % 3]`: the elements
  ///   are colour strings (unquoted, all checked), the index an expression giving a whole number
  ///   from 0.
  /// `offset` is where `text` starts inside the JSON string `node`, for error columns.
  private func colorString(_ text: String, offset: Int, node: JSONNode, path: String, depth: Int) throws -> RGBAColor {
    // The whole string's problems point at its opening quote, an element's at the element.
    func place(_ offset: Int) -> PresetLocation { offset == 0 ? node.location : location(in: node, offset: offset) }
    guard depth < 32 else { throw PresetError(file: file, location: place(offset), path: path, message: "colour nested deeper than 32 levels") }
    let chars = Array(text)
    // `.opacity(…)` closing the string at depth 0.
    if chars.last == ")", let open = ColorText.trailingCall(".opacity(", in: chars) {
      let argStart = open + ".opacity(".count
      let arg = String(chars[argStart..<(chars.count - 1)])
      let lead = arg.prefix { $0.isWhitespace }.count
      let alpha = try evaluate(arg.trimmingCharacters(in: .whitespaces), in: node, path: path, offset: offset + argStart + lead)
      guard (0...1).contains(alpha) else {
        throw PresetError(
          file: file, location: place(offset), path: path, message: "opacity in \(quoted: text) must be in 0…1, got \(fmt(alpha))")
      }
      let base = try colorString(String(chars[..<open]), offset: offset, node: node, path: path, depth: depth + 1)
      return base.multiplyingAlpha(alpha)
    }
    let lead = chars.prefix { $0.isWhitespace }.count
    if lead < chars.count, chars[lead] == "[" {
      guard let (items, indexRange) = ColorText.indexedArray(chars, from: lead) else {
        throw PresetError(
          file: file, location: place(offset), path: path,
          message: "bad colour \(quoted: text): expected an indexed array such as [red, blue][i % 2]")
      }
      let indexText = String(chars[indexRange])
      let index = try evaluate(indexText, in: node, path: path, offset: offset + indexRange.lowerBound)
      if let problem = PresetExpression.indexProblem(index, count: items.count) {
        throw PresetError(
          file: file, location: location(in: node, offset: offset + indexRange.lowerBound), path: path,
          message: problem, kind: .expression)
      }
      // Every element is read, so a misspelt colour is reported whichever index picks it.
      let values = try items.map {
        try colorString(String(chars[$0]), offset: offset + $0.lowerBound, node: node, path: path, depth: depth + 1)
      }
      return values[Int(index)]
    }
    switch ColorSyntax.parse(text, lookup: { colors[$0] }) {
    case .success(let c): return c
    case .failure(let e):
      let trimmed = ColorSyntax.trimmingSpaces(text)
      var message = e.message
      if trimmed.hasPrefix("$") { message += Suggestion.hint(for: String(trimmed.dropFirst()), in: colors.keys.sorted()) }
      throw PresetError(
        file: file, location: place(offset), path: path, message: message,
        kind: message.hasPrefix("unknown") ? .unknownName : .invalidValue)
    }
  }

  /// Keys of a colour object (`Color(red:green:blue:opacity:)`, `Color(white:opacity:)`).
  static let colorObjectKeys = ["red", "green", "blue", "white", "opacity"]

  /// A colour that may be animated: a colour, or an animated value whose keyframes are colours
  /// (`{"from": "red", "to": "blue", "animation": …}`, `{"values": […], …}`) with an optional
  /// `"interpolation"`: `"linear"` (SwiftUI's, the default) or `"srgb"` (CSS's premultiplied
  /// sRGB).
  func animatedColor(_ node: JSONNode, path: String) throws -> AnimatedColor {
    guard PresetReader.isAnimated(node) else { return .constant(try color(node, path: path)) }
    let k = try keyframed(node, path: path, keys: PresetReader.animatedKeys + ["interpolation"]) { n, p in
      try color(n, path: p())
    }
    var interpolation = ColorInterpolation.linear
    if let i = k.object["interpolation"] {
      let text = try string(i, path: path + ".interpolation")
      let names = ColorInterpolation.allCases.map(\.rawValue)
      guard let space = ColorInterpolation(rawValue: text) else {
        throw fail(
          i, path + ".interpolation",
          "interpolation is 'linear' (SwiftUI's) or 'srgb' (CSS's premultiplied sRGB)" + Suggestion.hint(for: text, in: names),
          kind: .unknownName)
      }
      interpolation = space
    }
    return .track(ColorTrack(
      colors: k.values, keyTimes: k.keyTimes, curves: k.curves, animation: k.animation, interpolation: interpolation))
  }

  static let gradientKinds = ["LinearGradient", "RadialGradient", "AngularGradient"]

  /// A paint: a colour, or `{"LinearGradient": …}`, `{"RadialGradient": …}`,
  /// `{"AngularGradient": …}`.
  func paint(_ node: JSONNode, path: String) throws -> PaintSpec {
    guard case .object(let members) = node.value, members.count == 1, let m = members.first,
      m.key.hasSuffix("Gradient") || m.key.first?.isUppercase == true
    else {
      return .color(try animatedColor(node, path: path))
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
        startRadius: try o["startRadius"].map { try animated($0, path: p + ".startRadius", within: extentBound("startRadius")) }
          ?? .constant(0),
        endRadius: try animated(end, path: p + ".endRadius", within: extentBound("endRadius")))
    case "AngularGradient":
      let o = try object(m.value, path: p, keys: ["colors", "stops", "center", "angle", "startAngle", "endAngle"])
      if o["angle"] != nil, o["startAngle"] != nil || o["endAngle"] != nil {
        throw fail(m.value, p, "use either 'angle' or 'startAngle'/'endAngle'")
      }
      let start = try (o["angle"] ?? o["startAngle"]).map { try animated($0, path: p + ".startAngle", within: angleBound("startAngle")) }
        ?? .constant(0)
      let end = try o["endAngle"].map { try animated($0, path: p + ".endAngle", within: angleBound("endAngle")) }
      return .angular(
        stops: try stops(o, node: m.value, path: p),
        center: try o["center"].map { try unitPoint($0, path: p + ".center") } ?? .center,
        startAngle: start, endAngle: end)
    default:
      throw PresetError(
        file: file, location: m.keyLocation, path: path,
        message: "unknown paint \(quoted: m.key)" + Suggestion.hint(for: m.key, in: PresetReader.gradientKinds),
        kind: .unknownName)
    }
  }

  /// Gradient stops from `"colors"` (evenly spaced, as `Gradient(colors:)`) or `"stops"`
  /// (`[{"color", "location"}]`).
  private func stops(_ o: [String: JSONNode], node: JSONNode, path: String) throws -> [GradientStopSpec] {
    if let c = o["colors"] {
      if o["stops"] != nil { throw fail(c, path, "use either 'colors' or 'stops'") }
      let items = try array(c, path: path + ".colors")
      guard items.count >= 1, items.count <= 256 else { throw fail(c, path + ".colors", "a gradient needs 1 to 256 colours") }
      let n = items.count
      return try items.enumerated().map { i, item in
        GradientStopSpec(location: n == 1 ? 0 : Double(i) / Double(n - 1), color: try animatedColor(item, path: path + ".colors[\(i)]"))
      }
    }
    guard let s = o["stops"] else { throw fail(node, path, "a gradient needs 'colors' or 'stops'") }
    let items = try array(s, path: path + ".stops")
    guard items.count >= 1, items.count <= 256 else { throw fail(s, path + ".stops", "a gradient needs 1 to 256 stops") }
    var stops = try items.enumerated().map { i, item -> GradientStopSpec in
      let p = path + ".stops[\(i)]"
      let so = try object(item, path: p, keys: ["color", "location"])
      guard let c = so["color"], let l = so["location"] else { throw fail(item, p, "a stop needs 'color' and 'location'") }
      let loc = try number(l, path: p + ".location")
      guard (0...1).contains(loc) else { throw fail(l, p + ".location", "location must be in 0…1, got \(fmt(loc))") }
      return GradientStopSpec(location: loc, color: try animatedColor(c, path: p + ".color"))
    }
    // Stable sort by location, as SwiftUI does.
    stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    return stops
  }
}

// MARK: - Colour text

/// Bracket-aware scanning of colour strings (`rgb(1, 2, 3)` inside `[…]` keeps its commas).
enum ColorText {
  /// The offset of the last `call` (e.g. `.opacity(`) at bracket depth 0 whose parenthesis closes
  /// at the last character, or nil.
  static func trailingCall(_ call: String, in chars: [Character]) -> Int? {
    let pattern = Array(call)
    var depth = 0
    var found: Int?
    var i = 0
    while i < chars.count {
      if depth == 0, chars[i] == pattern.first, i + pattern.count <= chars.count, chars[i..<(i + pattern.count)].elementsEqual(pattern) {
        found = i
        depth += 1
        i += pattern.count
        continue
      }
      switch chars[i] {
      case "(", "[": depth += 1
      case ")", "]":
        depth -= 1
        if depth == 0, found != nil, i != chars.count - 1 { found = nil }
      default: break
      }
      i += 1
    }
    return found
  }

  /// The trimmed, comma-separated items (bracket-aware) of the text in `range`, or nil when
  /// one is empty; an empty range is no items.
  static func listItems(_ chars: [Character], in range: Range<Int>) -> [Range<Int>]? {
    var items: [Range<Int>] = []
    var depth = 0, itemStart = range.lowerBound
    func add(_ end: Int) -> Bool {
      var lo = itemStart, hi = end
      while lo < hi, chars[lo].isWhitespace { lo += 1 }
      while hi > lo, chars[hi - 1].isWhitespace { hi -= 1 }
      items.append(lo..<hi)
      return lo < hi
    }
    for i in range {
      switch chars[i] {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "," where depth == 0:
        guard add(i) else { return nil }
        itemStart = i + 1
      default: break
      }
    }
    if items.isEmpty, chars[range].allSatisfy(\.isWhitespace) { return [] }
    guard add(range.upperBound), depth == 0 else { return nil }
    return items
  }

  /// `[a, b, …][index]` starting at `start` (a `[`) and running to the end (trailing spaces
  /// allowed): the ranges of the trimmed elements and of the index text, or nil when the text
  /// has another shape.
  static func indexedArray(_ chars: [Character], from start: Int) -> ([Range<Int>], Range<Int>)? {
    var depth = 0
    var items: [Range<Int>] = []
    var itemStart = start + 1
    var close: Int?
    var i = start
    func trimmed(_ a: Int, _ b: Int) -> Range<Int> {
      var lo = a, hi = b
      while lo < hi, chars[lo].isWhitespace { lo += 1 }
      while hi > lo, chars[hi - 1].isWhitespace { hi -= 1 }
      return lo..<hi
    }
    while i < chars.count {
      switch chars[i] {
      case "(", "[": depth += 1
      case ")", "]":
        depth -= 1
        if depth == 0 { items.append(trimmed(itemStart, i)); close = i }
      case "," where depth == 1:
        items.append(trimmed(itemStart, i))
        itemStart = i + 1
      default: break
      }
      if close != nil { break }
      i += 1
    }
    guard let close, !items.contains(where: \.isEmpty) else { return nil }
    var j = close + 1
    while j < chars.count, chars[j].isWhitespace { j += 1 }
    var end = chars.count
    while end > j, chars[end - 1].isWhitespace { end -= 1 }
    guard j < end, chars[j] == "[", chars[end - 1] == "]" else { return nil }
    let index = trimmed(j + 1, end - 1)
    guard !index.isEmpty else { return nil }
    return (items, index)
  }
}
