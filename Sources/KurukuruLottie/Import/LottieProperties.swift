import KurukuruCore

// MARK: - Properties

/// Reading animatable properties in every dialect real files use:
/// - `{"a": 0, "k": value}` and `{"a": 1, "k": [keyframes]}`; `a` missing is inferred from `k`
///   (an array of objects with `t` is keyframes); a bare value is a constant.
/// - Keyframes `{"t", "s", "h", "i", "o", "to", "ti"}`; the old form (bodymovin up to 5.4) with an
///   end value `e` on each keyframe and a last keyframe that has only `t`: a keyframe without
///   `s` takes the previous keyframe's `e` (lottie-web's `next.s ?? this.e`).
/// - Easing `x`/`y` as numbers or one per dimension.
/// - An expression (`x`) is not run: the keyframed value is used, as lottie-ios and
///   lottie-android do, with a warning.
extension LottieReader {
  /// The shape of a property's values.
  enum ValueKind {
    case scalar
    /// `dimensions` numbers; longer arrays (3-D positions) are cut, shorter ones padded with
    /// `padding`.
    case vector(dimensions: Int, padding: Double)
    /// Colour channels r, g, b in 0…1; values above 1 mean a 0…255 file (lottie-web's old
    /// `checkColors`); a fourth channel is dropped.
    case color
    /// Any count of numbers (gradient data).
    case list
  }

  /// A scalar property; `fallback` when the key is missing.
  func scalar(_ o: [String: JSONNode], _ key: String, _ path: String, default fallback: Double) throws -> Lottie.Property<Double> {
    guard let node = o[key], node.value != .null else { return .constant(fallback) }
    return try property(node, path + "." + key, kind: .scalar).map { $0.first ?? fallback }
  }

  /// A vector property of `dimensions` numbers; `fallback` when missing.
  func vector(_ o: [String: JSONNode], _ key: String, _ path: String, dimensions: Int = 2, default fallback: [Double]) throws
    -> Lottie.Property<[Double]>
  {
    guard let node = o[key], node.value != .null else { return .constant(fallback) }
    return try property(node, path + "." + key, kind: .vector(dimensions: dimensions, padding: fallback.last ?? 0))
  }

  /// A colour property (r, g, b in 0…1); black when missing.
  func color(_ o: [String: JSONNode], _ key: String, _ path: String) throws -> Lottie.Property<[Double]> {
    guard let node = o[key], node.value != .null else { return .constant([0, 0, 0]) }
    let p = try property(node, path + "." + key, kind: .color)
    // A file whose colours are 0…255 has some channel above 1 somewhere.
    let values: [[Double]]
    switch p {
    case .constant(let v): values = [v]
    case .animated(let keys): values = keys.map(\.value)
    }
    guard values.contains(where: { $0.contains { $0 > 1 } }) else { return p }
    return p.map { $0.map { $0 / 255 } }
  }

  // MARK: - General form

  func property(_ node: JSONNode, _ path: String, kind: ValueKind) throws -> Lottie.Property<[Double]> {
    var k = node
    if case .object(let members) = node.value {
      let o = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
      if o["x"] != nil { expression(o["x"], path) }
      guard let inner = o["k"] else { throw fail(node, path, "missing required key 'k' (the property's value)") }
      k = inner
      if let a = o["a"], (try? bool(a, path + ".a")) == false {
        return .constant(try value(k, path + ".k", kind: kind))
      }
    }
    if case .array(let items) = k.value, let first = items.first, case .object = first.value {
      return .animated(try keyframes(items, path + ".k", read: { try self.value($0, $1, kind: kind) }))
    }
    return .constant(try value(k, path + (k == node ? "" : ".k"), kind: kind))
  }

  /// One value of `kind`.
  func value(_ node: JSONNode, _ path: String, kind: ValueKind) throws -> [Double] {
    let v = try numbers(node, path)
    switch kind {
    case .scalar:
      guard let first = v.first else { throw fail(node, path, "expected a number, got an empty array") }
      return [first]
    case .vector(let dimensions, let padding):
      guard !v.isEmpty else { throw fail(node, path, "expected \(dimensions) numbers, got an empty array") }
      return Array((v + Array(repeating: padding, count: max(0, dimensions - v.count))).prefix(dimensions))
    case .color:
      guard v.count >= 3 else { throw fail(node, path, "a colour needs r, g and b, got \(v.count) numbers") }
      return Array(v.prefix(3))
    case .list:
      return v
    }
  }

  /// Keyframes of any value type, in the current and the old form.
  func keyframes<V>(_ items: [JSONNode], _ path: String, read: (JSONNode, String) throws -> V) throws -> [Lottie.Keyframe<V>] {
    if let first = items.first {
      try count(\.keyframes, items.count, limit: limits.maxKeyframes, what: "keyframes", first, path)
    }
    var out: [Lottie.Keyframe<V>] = []
    var previousEnd: V?
    var previousStart: V?
    for (i, item) in items.enumerated() {
      let p = "\(path)[\(i)]"
      let o = try object(item, p)
      let time = try number(try required(o, "t", item, p), p + ".t")
      let value: V
      if let s = o["s"], s.value != .null {
        value = try read(s, p + ".s")
      } else if let e = previousEnd ?? previousStart {
        value = e
      } else {
        throw fail(item, p, "a keyframe needs 's' (its value)")
      }
      previousStart = value
      previousEnd = try o["e"].flatMap { $0.value == .null ? nil : try read($0, p + ".e") }
      var key = Lottie.Keyframe(time: time, value: value)
      key.hold = try o["h"].map { try bool($0, p + ".h") } ?? false
      key.easeOut = try o["o"].map { try easing($0, p + ".o") }
      key.easeIn = try o["i"].map { try easing($0, p + ".i") }
      key.spatialOut = try o["to"].map { try numbers($0, p + ".to") }
      key.spatialIn = try o["ti"].map { try numbers($0, p + ".ti") }
      if let last = out.last, time < last.time {
        throw fail(item, p + ".t", "keyframe times must not decrease, got \(NumberText.format(time)) after \(NumberText.format(last.time))")
      }
      out.append(key)
    }
    return out
  }

  /// `{"x": n | [n…], "y": n | [n…]}`.
  func easing(_ node: JSONNode, _ path: String) throws -> Lottie.Easing {
    let o = try object(node, path)
    let x = try o["x"].map { try numbers($0, path + ".x") } ?? [0]
    let y = try o["y"].map { try numbers($0, path + ".y") } ?? [0]
    guard !x.isEmpty, !y.isEmpty else { throw fail(node, path, "an easing handle needs x and y") }
    return Lottie.Easing(x: x, y: y)
  }

  /// A path value `{"c", "v", "i", "o"}` (also wrapped in a one-element array); the old files'
  /// `closed` flag on the shape stands in for a missing `c`.
  func bezierValue(_ node: JSONNode, _ path: String, closedFallback: Bool?) throws -> Lottie.Bezier {
    var n = node
    if case .array(let items) = node.value, let first = items.first { n = first }
    let o = try object(n, path)
    func points(_ key: String) throws -> [Point] {
      guard let list = o[key] else { return [] }
      return try array(list, path + "." + key).enumerated().map { i, item in
        let v = try numbers(item, "\(path).\(key)[\(i)]")
        guard v.count >= 2 else { throw fail(item, "\(path).\(key)[\(i)]", "a point needs x and y") }
        return Point(x: v[0], y: v[1])
      }
    }
    // Counted before the points are read, so a path of millions of points fails before the work.
    if let list = o["v"], case .array(let items) = list.value {
      try count(\.vertices, items.count, limit: limits.maxVertices, what: "path vertices", n, path)
    }
    let vertices = try points("v")
    var inT = try points("i"), outT = try points("o")
    // Missing tangents are straight corners.
    if inT.count < vertices.count { inT += Array(repeating: .zero, count: vertices.count - inT.count) }
    if outT.count < vertices.count { outT += Array(repeating: .zero, count: vertices.count - outT.count) }
    let closed = try o["c"].map { try bool($0, path + ".c") } ?? closedFallback ?? false
    return Lottie.Bezier(
      closed: closed, vertices: vertices, inTangents: Array(inT.prefix(vertices.count)), outTangents: Array(outT.prefix(vertices.count)))
  }

  /// Notes an expression (not run; the keyframed value is used).
  func expression(_ node: JSONNode?, _ path: String) {
    report.unsupported(
      "expressions", at: path + ".x", location: node?.location, treatment: .ignored, note: "the keyframed value is used")
  }
}

extension Lottie.Property {
  /// The property with `f` applied to every value.
  func map<W>(_ f: (Value) -> W) -> Lottie.Property<W> {
    switch self {
    case .constant(let v): return .constant(f(v))
    case .animated(let keys):
      return .animated(keys.map {
        Lottie.Keyframe(
          time: $0.time, value: f($0.value), hold: $0.hold, easeOut: $0.easeOut, easeIn: $0.easeIn,
          spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
      })
    }
  }
}
