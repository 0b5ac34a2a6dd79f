// MARK: - PresetReader

/// Reads values out of the JSON tree with the current variables (parameters and `ForEach`
/// indices), turning every problem into a `PresetError` with the file, line, column and path.
struct PresetReader {
  let file: String
  /// Number parameters and `ForEach` indices visible here.
  var variables: [String: Double]
  /// Colour parameters, referenced as `$name`.
  let colors: [String: RGBAColor]
  var limits = Limits()
  /// Views produced so far (shared count across `ForEach` expansions).
  let viewCounter = Counter()
  /// Keyframe values of animated values read so far (shared count across `ForEach` expansions).
  let keyframeCounter = Counter()
  /// The animations that reach furthest in time so far (shared across `ForEach` expansions).
  let reach = AnimationReach()

  final class Counter: @unchecked Sendable { var value = 0 }

  /// Warning lines found while reading, each once (`FILE:LINE:COL: warning: … (at PATH)`).
  let warnings = WarningLines()

  final class WarningLines: @unchecked Sendable {
    private(set) var lines: [String] = []
    func add(_ line: String) { if !lines.contains(line) { lines.append(line) } }
  }

  /// Where the loop period comes from when the preset sets no `duration`: the animation with
  /// the longest repeating cycle (the period is a multiple of it) and the one-shot animation
  /// that ends last (the period when nothing repeats), each with its place in the preset, so
  /// that a loop too short to time can name the animation that set it.
  final class AnimationReach: @unchecked Sendable {
    /// An animation's cycle or end in seconds, and the place of its animation string.
    struct Place {
      var seconds: Double
      var location: PresetLocation
      var path: String
    }

    /// The longest cycle of an animation repeating forever.
    var longestCycle: Place?
    /// The latest end of an animation that does not repeat forever.
    var latestEnd: Place?

    /// The animation that set a period computed from the animations: the longest cycle if
    /// anything repeats, else the latest end.
    var periodSetter: Place? { longestCycle ?? latestEnd }

    /// Notes `animation`, whose string is at `location` and `path`, if it reaches further
    /// than those noted before (the first of equals is kept).
    func record(_ animation: AnimationSpec, at location: PresetLocation, path: String) {
      if let cycle = animation.cycle {
        if longestCycle.map({ cycle > $0.seconds }) ?? true {
          longestCycle = Place(seconds: cycle, location: location, path: path)
        }
      } else if let end = animation.endTime, latestEnd.map({ end > $0.seconds }) ?? true {
        latestEnd = Place(seconds: end, location: location, path: path)
      }
    }
  }

  // MARK: - Errors

  func fail(
    _ node: JSONNode, _ path: String, _ message: String, kind: PresetError.Kind = .invalidValue
  ) -> PresetError {
    PresetError(file: file, location: node.location, path: path, message: message, kind: kind)
  }

  /// Maps an offset inside a JSON string to its line and column; when the string's text does
  /// not map column for column (escapes such as `\"` or `\u0041`, combining marks), to the
  /// string's opening quote.
  func location(in node: JSONNode, offset: Int) -> PresetLocation {
    guard node.columnsMatchText else { return node.location }
    return PresetLocation(line: node.location.line, column: node.location.column + 1 + offset)
  }

  // MARK: - Basic types

  /// An object whose keys must all be in `keys`.
  func object(_ node: JSONNode, path: String, keys: [String]) throws -> [String: JSONNode] {
    guard case .object(let members) = node.value else {
      throw fail(node, path, "expected an object, got \(node.typeName)")
    }
    var out: [String: JSONNode] = [:]
    for m in members {
      guard keys.contains(m.key) else {
        let hint = keys == PresetReader.animatedKeys ? PresetReader.animationPartHint(m.key) : nil
        throw PresetError(
          file: file, location: m.keyLocation, path: path,
          message: "unknown key \(quoted: m.key)" + (hint ?? Suggestion.hint(for: m.key, in: keys))
            + " (expected one of: \(keys.filter { $0 != "$schema" }.joined(separator: ", ")))",
          kind: .unknownName)
      }
      out[m.key] = m.value
    }
    return out
  }

  func string(_ node: JSONNode, path: String) throws -> String {
    guard case .string(let s) = node.value else { throw fail(node, path, "expected a string, got \(node.typeName)") }
    return s
  }

  func bool(_ node: JSONNode, path: String) throws -> Bool {
    guard case .bool(let b) = node.value else { throw fail(node, path, "expected true or false, got \(node.typeName)") }
    return b
  }

  func array(_ node: JSONNode, path: String) throws -> [JSONNode] {
    guard case .array(let a) = node.value else { throw fail(node, path, "expected an array, got \(node.typeName)") }
    return a
  }

  /// A number: a JSON number or an expression string over the variables.
  func number(_ node: JSONNode, path: String) throws -> Double {
    switch node.value {
    case .number(let v):
      return v
    case .string(let text):
      return try evaluate(text, in: node, path: path)
    case .object:
      throw fail(node, path, "expected a number here; this value cannot be animated")
    default:
      throw fail(node, path, "expected a number or an expression string, got \(node.typeName)")
    }
  }

  /// Evaluates an expression that starts `offset` characters into the string `node`, so that
  /// its errors point at the right column.
  func evaluate(_ text: String, in node: JSONNode, path: String, offset: Int = 0) throws -> Double {
    do {
      return try PresetExpression(text).evaluate(variables)
    } catch let e as PresetExpression.SyntaxError {
      throw PresetError(
        file: file, location: location(in: node, offset: offset + e.offset), path: path, message: e.message, kind: .expression)
    }
  }

  /// A whole number in `range`.
  func integer(_ node: JSONNode, path: String, range: ClosedRange<Int>) throws -> Int {
    let v = try number(node, path: path)
    guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
      throw fail(node, path, "expected a whole number in \(range.lowerBound)…\(range.upperBound), got \(fmt(v))")
    }
    return Int(v)
  }

  // MARK: - Animated values

  static let animatedKeys = ["from", "to", "values", "keyTimes", "curves", "curve", "animation", "base"]

  /// For a key of an animated value that belongs inside its `animation` string (a SwiftUI or
  /// Core Animation property people write beside `from`/`to`): where it goes instead.
  static func animationPartHint(_ key: String) -> String? {
    let example: String
    switch key.lowercased() {
    case "duration": example = "linear(duration: 1)"
    case "delay", "begintime": example = "linear(duration: 1).delay(0.2)"
    case "repeatforever", "repeatcount", "autoreverses", "repeat", "repeatduration":
      example = "linear(duration: 1).repeatForever(autoreverses: false)"
    case "speed": example = "linear(duration: 1).speed(2)"
    default: return nil
    }
    return " — it goes inside 'animation', e.g. \"\(example)\""
  }

  /// True when an object node is an animated value rather than a modifier's argument object.
  static func isAnimated(_ node: JSONNode) -> Bool {
    guard case .object(let members) = node.value else { return false }
    return members.contains { ["animation", "values", "keyTimes", "from"].contains($0.key) }
  }

  /// A number that may be animated: a number, an expression, `{"from", "to", "animation"}` or
  /// `{"values", "keyTimes", "curves"/"curve", "animation"}`.
  /// - Parameter bound: when given, the constant and every keyframe value (`from`, `to`, each
  ///   of `values`) must lie in its range; each is reported at its own place.
  func animated(_ node: JSONNode, path: String, within bound: Bound? = nil) throws -> AnimatedValue {
    /// One number of the value, checked against `bound`. The path is only made for a message:
    /// a preset may hold a million keyframes.
    func value(_ n: JSONNode, _ p: () -> String) throws -> Double {
      let v: Double
      if case .number(let literal) = n.value { v = literal } else { v = try number(n, path: p()) }
      if let bound, !bound.range.contains(v) { throw fail(n, p(), bound.message(v), kind: bound.kind) }
      return v
    }
    guard case .object = node.value else { return .constant(try value(node, { path })) }
    let k = try keyframed(node, path: path, keys: PresetReader.animatedKeys, value: value)
    return .track(Track.holdingEnds(values: k.values, keyTimes: k.keyTimes, curves: k.curves, animation: k.animation))
  }

  /// The keyframes of an animated object (`{"from", "to", "animation"}` or `{"values",
  /// "keyTimes", "curves"/"curve", "animation"}`), each value read by `value` (given the node
  /// and a maker of its path, for messages), with `keys` the keys the object may have.
  func keyframed<V>(
    _ node: JSONNode, path: String, keys: [String], value: (JSONNode, () -> String) throws -> V
  ) throws -> (object: [String: JSONNode], values: [V], keyTimes: [Double], curves: [TimingCurve], animation: AnimationSpec) {
    /// Counts `count` more keyframe values, before they are read.
    func count(_ count: Int, at n: JSONNode, _ p: String) throws {
      keyframeCounter.value += count
      guard keyframeCounter.value <= limits.maxKeyframes else {
        throw fail(n, p, "more than \(limits.maxKeyframes) keyframe values after expanding ForEach", kind: .limitExceeded)
      }
    }
    let o = try object(node, path: path, keys: keys)
    guard let animNode = o["animation"] else {
      throw fail(node, path, "an animated value needs 'animation', e.g. \"linear(duration: 1).repeatForever(autoreverses: false)\"")
    }
    let animation = try self.animation(animNode, path: path + ".animation")
    var values: [V]
    var keyTimesGiven: [Double]?
    let baseNode = o["base"]
    if let v = o["values"] {
      for k in ["from", "to"] where o[k] != nil {
        throw fail(o[k] ?? node, path, "use either 'from'/'to' or 'values', not both")
      }
      let items = try list(v, path: path + ".values")
      // With a base, one written keyframe is enough: the base gives the other end.
      let fewest = baseNode == nil ? 2 : 1
      guard items.count >= fewest, items.count <= 1000 else {
        throw fail(v, path + ".values", "'values' needs \(fewest) to 1000 keyframe values, got \(items.count)")
      }
      try count(items.count, at: v, path + ".values")
      values = try items.enumerated().map { i, item in try value(item, { path + ".values[\(i)]" }) }
      if let kt = o["keyTimes"] {
        let times = try list(kt, path: path + ".keyTimes")
        guard times.count == values.count else {
          throw fail(kt, path + ".keyTimes", "'keyTimes' has \(times.count) entries but 'values' has \(values.count)")
        }
        let t = try times.enumerated().map { try number($1, path: path + ".keyTimes[\($0)]") }
        guard let first = t.first, let last = t.last, first >= 0, last <= 1, first < last || baseNode != nil,
          zip(t, t.dropFirst()).allSatisfy({ $0 <= $1 })
        else {
          throw fail(kt, path + ".keyTimes", "'keyTimes' must rise within 0…1 (from 0 to 1, or holding the first value before and the last after, as Core Animation does)")
        }
        keyTimesGiven = t
      }
    } else {
      for k in ["keyTimes", "curves", "base"] where o[k] != nil {
        throw fail(o[k] ?? node, path, "'\(k)' goes with 'values'")
      }
      guard let from = o["from"], let to = o["to"] else {
        throw fail(node, path, "an animated value needs 'from' and 'to' (or 'values')")
      }
      try count(2, at: node, path)
      values = [try value(from, { path + ".from" }), try value(to, { path + ".to" })]
    }
    // CSS keyframes: a property missing at 0 % or 100 % takes the element's own value there
    // (Presets/README.md §8, §15).
    if let b = baseNode {
      guard var t = keyTimesGiven, let first = t.first, let last = t.last else {
        throw fail(b, path + ".base", "'base' is the value at a 0% or 100% keyframe that 'keyTimes' leaves out; give 'keyTimes'")
      }
      guard first > 0 || last < 1 else {
        throw fail(b, path + ".base", "'base' is unused: 'keyTimes' has keyframes at both 0% and 100%")
      }
      let baseValue = try value(b, { path + ".base" })
      if first > 0 {
        try count(1, at: b, path + ".base")
        values.insert(baseValue, at: 0)
        t.insert(0, at: 0)
      }
      if last < 1 {
        try count(1, at: b, path + ".base")
        values.append(baseValue)
        t.append(1)
      }
      keyTimesGiven = t
    }
    let segments = values.count - 1
    let keyTimes = keyTimesGiven ?? (0...segments).map { Double($0) / Double(segments) }
    var curves = [TimingCurve](repeating: .linear, count: segments)
    if let c = o["curve"] {
      if o["curves"] != nil { throw fail(c, path, "use either 'curve' or 'curves', not both") }
      let curve = try self.curve(c, path: path + ".curve")
      curves = [TimingCurve](repeating: curve, count: segments)
    }
    if let cs = o["curves"] {
      let items = try list(cs, path: path + ".curves")
      guard (1...segments).contains(items.count) else {
        throw fail(cs, path + ".curves", "'curves' has at most one curve per segment (\(segments)), got \(items.count)")
      }
      // Fewer curves than segments: the last one also shapes the remaining segments, as Core
      // Animation does on a device (Presets/README.md §8).
      let given = try items.enumerated().map { try curve($1, path: path + ".curves[\($0)]") }
      curves = given + [TimingCurve](repeating: given[given.count - 1], count: segments - given.count)
    }
    return (o, values, keyTimes, curves, animation)
  }

  /// The items of a list that may depend on the `ForEach` index: a JSON array, or a string
  /// holding an indexed array of lists, `"[[0, 1, 0], [0, 0.5, 1, 0]][i]"`, whose chosen list's
  /// items are read as if written in the array (unquoted: numbers and expressions, colours,
  /// curves, axes by name). Every list must be a bracketed list; only the chosen one is read, as
  /// only the chosen value of a number array is evaluated. The items point at their own place in
  /// the string for errors.
  func list(_ node: JSONNode, path: String) throws -> [JSONNode] {
    guard case .string(let text) = node.value else { return try array(node, path: path) }
    let chars = Array(text)
    let lead = chars.prefix { $0.isWhitespace }.count
    let example = "an array, or lists chosen by index such as \"[[0, 1], [0, 0.5, 1]][i]\""
    guard lead < chars.count, chars[lead] == "[", let (lists, indexRange) = ColorText.indexedArray(chars, from: lead) else {
      throw fail(node, path, "expected \(example), got a string")
    }
    var chosen: [Range<Int>] = []
    let index = try evaluate(String(chars[indexRange]), in: node, path: path, offset: indexRange.lowerBound)
    if let problem = PresetExpression.indexProblem(index, count: lists.count) {
      throw PresetError(file: file, location: location(in: node, offset: indexRange.lowerBound), path: path, message: problem, kind: .expression)
    }
    for (k, range) in lists.enumerated() {
      guard chars[range.lowerBound] == "[", chars[range.upperBound - 1] == "]",
        let items = ColorText.listItems(chars, in: (range.lowerBound + 1)..<(range.upperBound - 1))
      else {
        throw PresetError(
          file: file, location: location(in: node, offset: range.lowerBound), path: path,
          message: "each choice of \(quoted: text) must be a list in brackets, such as [0, 1]")
      }
      if k == Int(index) { chosen = items }
    }
    return chosen.map { r in
      // The item stands as if it were a string whose opening quote is just before it.
      let at = node.columnsMatchText
        ? PresetLocation(line: node.location.line, column: node.location.column + r.lowerBound) : node.location
      return JSONNode(value: .string(String(chars[r])), location: at, columnsMatchText: node.columnsMatchText)
    }
  }

  /// A SwiftUI animation string.
  func animation(_ node: JSONNode, path: String) throws -> AnimationSpec {
    let text = try string(node, path: path)
    do {
      let a = try AnimationParser.parse(text, number: { arg in try self.argument(arg) }) { offset, message in
        self.warnings.add(
          PresetError(file: file, location: location(in: node, offset: offset), path: path, message: "warning: " + message).description)
      }
      guard a.duration <= limits.maxPeriod * 100 else {
        throw fail(node, path, "animation pass of \(fmt(a.duration)) s is too long")
      }
      reach.record(a, at: node.location, path: path)
      return a
    } catch let e as AnimationSyntaxError {
      throw PresetError(file: file, location: location(in: node, offset: e.offset), path: path, message: e.message, kind: .expression)
    }
  }

  /// A keyframe segment curve such as `"easeInOut"` or `"timingCurve(0.2, 0.68, 0.18, 1.08)"`.
  /// Also an indexed array of curves, `"[ease, linear, ease][i]"`: every curve is read (so a
  /// misspelt one is reported whichever index picks it), the index is an expression giving a
  /// whole number from 0.
  func curve(_ node: JSONNode, path: String) throws -> TimingCurve {
    let text = try string(node, path: path)
    let chars = Array(text)
    let lead = chars.prefix { $0.isWhitespace }.count
    if lead < chars.count, chars[lead] == "[" {
      guard let (items, indexRange) = ColorText.indexedArray(chars, from: lead) else {
        throw fail(node, path, "expected a timing curve or curves chosen by index, such as \"[ease, linear][i]\"")
      }
      let index = try evaluate(String(chars[indexRange]), in: node, path: path, offset: indexRange.lowerBound)
      if let problem = PresetExpression.indexProblem(index, count: items.count) {
        throw PresetError(file: file, location: location(in: node, offset: indexRange.lowerBound), path: path, message: problem, kind: .expression)
      }
      let curves = try items.map { try curve(String(chars[$0]), in: node, offset: $0.lowerBound, path: path) }
      return curves[Int(index)]
    }
    return try curve(text, in: node, offset: 0, path: path)
  }

  /// The curve `text`, which starts `offset` characters into the string `node`.
  private func curve(_ text: String, in node: JSONNode, offset: Int, path: String) throws -> TimingCurve {
    do {
      return try AnimationParser.parseCurve(text) { arg in try self.argument(arg) }
    } catch let e as AnimationSyntaxError {
      throw PresetError(file: file, location: location(in: node, offset: offset + e.offset), path: path, message: e.message, kind: .expression)
    }
  }

  /// Evaluates one argument of an animation or curve string. Its errors are
  /// `AnimationSyntaxError`s with offsets inside the argument, which the animation parser shifts
  /// to the argument's place in the string; `animation`/`curve` then add the file, the location
  /// and the path once.
  private func argument(_ arg: String) throws -> Double {
    do {
      return try PresetExpression(arg).evaluate(variables)
    } catch let e as PresetExpression.SyntaxError {
      throw AnimationSyntaxError(offset: e.offset, message: e.message)
    }
  }

  // MARK: - Bounds

  /// The range that a number of the scene — a constant, or every keyframe value of an animated
  /// one — must stay in, and how messages name it (`x must be in −100000…100000 points, got
  /// 1e308`). Keyframes are checked, not the values between them: an overshooting curve may
  /// leave the range by a fraction of a segment.
  struct Bound {
    /// The number's name in messages, e.g. `lineWidth`.
    var name: String
    /// The values allowed.
    var range: ClosedRange<Double>
    /// What follows the range in messages: `" points"`, `" degrees"` or `""`.
    var unit: String
    /// The kind of a failure: `.limitExceeded` for the bounds of `Limits`, `.invalidValue` for
    /// the format's own rules (a negative size).
    var kind: PresetError.Kind = .invalidValue

    /// `NAME must be in LOW…HIGH UNIT, got VALUE`; a symmetric range is written `−HIGH…HIGH`.
    func message(_ value: Double) -> String {
      let low = range.lowerBound, high = range.upperBound
      let span = low == -high && high > 0 ? "−\(fmt(high))…\(fmt(high))" : "\(fmt(low))…\(fmt(high))"
      return "\(name) must be in \(span)\(unit), got \(fmt(value))"
    }
  }

  /// A position or an offset in points (`offset`, a shadow's `x`/`y`, `anchorZ`, `dashPhase`):
  /// within ±`limits.maxLength`.
  func offsetBound(_ name: String) -> Bound {
    Bound(name: name, range: -limits.maxLength...limits.maxLength, unit: " points", kind: .limitExceeded)
  }

  /// A size or a radius in points: 0…`maximum` (default `limits.maxLength`); negative sizes are
  /// invalid whatever the limits.
  func extentBound(_ name: String, maximum: Double? = nil) -> Bound {
    Bound(name: name, range: 0...(maximum ?? limits.maxLength), unit: " points")
  }

  /// A scale factor (`scaleEffect`): within ±`limits.maxScale`.
  func scaleBound(_ name: String) -> Bound {
    Bound(name: name, range: -limits.maxScale...limits.maxScale, unit: "", kind: .limitExceeded)
  }

  /// An angle in degrees: within ±`limits.maxDegrees`.
  func angleBound(_ name: String) -> Bound {
    Bound(name: name, range: -limits.maxDegrees...limits.maxDegrees, unit: " degrees", kind: .limitExceeded)
  }

  // MARK: - Points

  /// A unit point: a SwiftUI name (`center`, `top`, `bottomTrailing`, …), `[x, y]` or `{"x", "y"}`;
  /// x and y are fractions of the frame, within ±`limits.maxUnitPoint` unless `bounded` is
  /// false (a caller with its own message checks them).
  func unitPoint(_ node: JSONNode, path: String, bounded: Bool = true) throws -> UnitAnchor {
    let point = try unboundedUnitPoint(node, path: path)
    guard !bounded || (abs(point.x) <= limits.maxUnitPoint && abs(point.y) <= limits.maxUnitPoint) else {
      let m = fmt(limits.maxUnitPoint)
      throw fail(
        node, path, "a unit point is a fraction of the frame; x and y must be in −\(m)…\(m), got [\(fmt(point.x)), \(fmt(point.y))]",
        kind: .limitExceeded)
    }
    return point
  }

  private func unboundedUnitPoint(_ node: JSONNode, path: String) throws -> UnitAnchor {
    switch node.value {
    case .string(let s):
      guard let p = UnitAnchor.named[s] else {
        throw fail(node, path, "unknown unit point \(quoted: s)" + Suggestion.hint(for: s, in: UnitAnchor.named.keys.sorted()), kind: .unknownName)
      }
      return p
    case .array(let a):
      guard a.count == 2 else { throw fail(node, path, "a unit point is [x, y]") }
      return UnitAnchor(x: try number(a[0], path: path + "[0]"), y: try number(a[1], path: path + "[1]"))
    default:
      let o = try object(node, path: path, keys: ["x", "y"])
      guard let x = o["x"], let y = o["y"] else { throw fail(node, path, "a unit point needs 'x' and 'y'") }
      return UnitAnchor(x: try number(x, path: path + ".x"), y: try number(y, path: path + ".y"))
    }
  }
}
