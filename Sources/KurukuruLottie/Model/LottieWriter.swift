import KurukuruCore

// MARK: - Writing

/// The JSON of the model, keys in the order Lottie tools write them (`ty` first, then the
/// item's own members; a group's `tr` last among its items). Numbers are written as they are in
/// the model (the exporter rounds them when it builds the model). A shape group's transform
/// leaves out members at their defaults; a layer's `ks` has all five.
enum LottieWriter {
  // MARK: Document

  static func json(_ a: Lottie.Animation, formatVersion: Int?) -> JSONOut {
    var members: [(String, JSONOut)] = [("v", .string(a.version))]
    if let formatVersion { members.append(("ver", .int(formatVersion))) }
    if let name = a.name { members.append(("nm", .string(name))) }
    members += [
      ("fr", .number(a.frameRate)), ("ip", .number(a.inPoint)), ("op", .number(a.outPoint)),
      ("w", .number(a.width)), ("h", .number(a.height)), ("ddd", .int(a.threeD ? 1 : 0)),
      ("assets", .array(a.assets.map(json))), ("layers", .array(a.layers.map(json))),
    ]
    return .object(members)
  }

  static func json(_ asset: Lottie.Asset) -> JSONOut {
    var members: [(String, JSONOut)] = [("id", .string(asset.id))]
    if let name = asset.name { members.append(("nm", .string(name))) }
    switch asset.content {
    case .precomposition(let layers, let frameRate):
      if let frameRate { members.append(("fr", .number(frameRate))) }
      members.append(("layers", .array(layers.map(json))))
    case .image(let width, let height, let directory, let path, let embedded):
      members += [
        ("w", .number(width)), ("h", .number(height)), ("u", .string(directory)), ("p", .string(path)),
        ("e", .int(embedded ? 1 : 0)),
      ]
    }
    return .object(members)
  }

  // MARK: Layers

  static func json(_ layer: Lottie.Layer) -> JSONOut {
    var members: [(String, JSONOut)] = [("ddd", .int(layer.threeD ? 1 : 0))]
    if let index = layer.index { members.append(("ind", .int(index))) }
    let type: Int
    switch layer.content {
    case .precomposition: type = 0
    case .solid: type = 1
    case .image: type = 2
    case .null: type = 3
    case .shape: type = 4
    case .text: type = 5
    case .other(let t): type = t
    }
    members.append(("ty", .int(type)))
    if let name = layer.name { members.append(("nm", .string(name))) }
    if let parent = layer.parent { members.append(("parent", .int(parent))) }
    members.append(("sr", .number(layer.timeStretch)))
    members.append(("ks", transformJSON(layer.transform, omittingDefaults: false)))
    members.append(("ao", .int(layer.autoOrient ? 1 : 0)))
    if layer.hidden { members.append(("hd", .bool(true))) }
    if let mode = layer.matteMode { members.append(("tt", .int(mode.rawValue))) }
    if let parent = layer.matteParent { members.append(("tp", .int(parent))) }
    if layer.isMatteSource { members.append(("td", .int(1))) }
    if !layer.masks.isEmpty {
      members.append(("hasMask", .bool(true)))
      members.append(("masksProperties", .array(layer.masks.map(json))))
    }
    if !layer.effects.isEmpty { members.append(("ef", .array(layer.effects.map(json)))) }
    switch layer.content {
    case .precomposition(let refId, let width, let height, let remap):
      members += [("refId", .string(refId)), ("w", .number(width)), ("h", .number(height))]
      if let remap { members.append(("tm", scalar(remap))) }
    case .solid(let color, let width, let height):
      members += [("sc", .string(color)), ("sw", .number(width)), ("sh", .number(height))]
    case .image(let refId):
      members.append(("refId", .string(refId)))
    case .shape(let shapes):
      members.append(("shapes", .array(shapes.map(json))))
    case .null, .text, .other:
      break
    }
    members += [
      ("ip", .number(layer.inPoint)), ("op", .number(layer.outPoint)), ("st", .number(layer.startTime)),
      ("bm", .int(layer.blendMode)),
    ]
    return .object(members)
  }

  static func json(_ mask: Lottie.Mask) -> JSONOut {
    var members: [(String, JSONOut)] = []
    if let name = mask.name { members.append(("nm", .string(name))) }
    members += [
      ("mode", .string(mask.mode.rawValue)), ("inv", .bool(mask.inverted)), ("pt", bezier(mask.path)),
      ("o", scalar(mask.opacity)),
    ]
    if let x = mask.expansion { members.append(("x", scalar(x))) }
    if let f = mask.feather { members.append(("f", vector(f))) }
    return .object(members)
  }

  static func json(_ effect: Lottie.Effect) -> JSONOut {
    var members: [(String, JSONOut)] = [("ty", .int(effect.type))]
    if let name = effect.name { members.append(("nm", .string(name))) }
    members.append(("en", .int(effect.enabled ? 1 : 0)))
    members.append(("ef", .array(effect.values.map { value in
      var m: [(String, JSONOut)] = [("ty", .int(value.type))]
      if let name = value.name { m.append(("nm", .string(name))) }
      m.append(("v", vector(value.value)))
      return .object(m)
    })))
    return .object(members)
  }

  // MARK: Shapes

  static func json(_ shape: Lottie.Shape) -> JSONOut {
    switch shape {
    case .group(let g):
      return item("gr", g.name, g.hidden, [("it", .array(g.items.map(json) + [transformJSON(g.transform, omittingDefaults: true)]))])
    case .path(let p):
      return item("sh", p.name, p.hidden, [("ks", bezier(p.shape))])
    case .ellipse(let e):
      return item("el", e.name, e.hidden, [("d", .int(e.direction.rawValue)), ("p", vector(e.position)), ("s", vector(e.size))])
    case .rectangle(let r):
      return item(
        "rc", r.name, r.hidden,
        [("d", .int(r.direction.rawValue)), ("p", vector(r.position)), ("s", vector(r.size)), ("r", scalar(r.roundness))])
    case .star(let s):
      var members: [(String, JSONOut)] = [
        ("d", .int(s.direction.rawValue)), ("sy", .int(s.kind.rawValue)), ("p", vector(s.position)),
        ("pt", scalar(s.points)), ("r", scalar(s.rotation)), ("or", scalar(s.outerRadius)), ("os", scalar(s.outerRoundness)),
      ]
      if let ir = s.innerRadius { members.append(("ir", scalar(ir))) }
      if let iss = s.innerRoundness { members.append(("is", scalar(iss))) }
      return item("sr", s.name, s.hidden, members)
    case .fill(let f):
      return item("fl", f.name, f.hidden, [("c", vector(f.color)), ("o", scalar(f.opacity)), ("r", .int(f.rule.rawValue))])
    case .stroke(let s):
      return item("st", s.name, s.hidden, [("c", vector(s.color)), ("o", scalar(s.opacity))] + style(s.style))
    case .gradientFill(let g):
      return item("gf", g.name, g.hidden, [("o", scalar(g.opacity))] + gradient(g.gradient) + [("r", .int(g.rule.rawValue))])
    case .gradientStroke(let g):
      return item("gs", g.name, g.hidden, [("o", scalar(g.opacity))] + gradient(g.gradient) + style(g.style))
    case .trim(let t):
      return item("tm", t.name, t.hidden, [("s", scalar(t.start)), ("e", scalar(t.end)), ("o", scalar(t.offset)), ("m", .int(t.mode.rawValue))])
    case .repeater(let r):
      var tr = transformJSON(r.transform, omittingDefaults: false)
      if case .object(var m) = tr {
        m += [("so", scalar(r.startOpacity)), ("eo", scalar(r.endOpacity))]
        tr = .object(m)
      }
      return item("rp", r.name, r.hidden, [("c", scalar(r.copies)), ("o", scalar(r.offset)), ("m", .int(r.composite.rawValue)), ("tr", tr)])
    case .roundedCorners(let r):
      return item("rd", r.name, r.hidden, [("r", scalar(r.radius))])
    case .other(let type, let name):
      return item(type, name, false, [])
    }
  }

  /// `{"ty": TYPE, "nm": NAME?, "hd": true?, …members}`.
  private static func item(_ type: String, _ name: String?, _ hidden: Bool, _ members: [(String, JSONOut)]) -> JSONOut {
    var all: [(String, JSONOut)] = [("ty", .string(type))]
    if let name { all.append(("nm", .string(name))) }
    if hidden { all.append(("hd", .bool(true))) }
    return .object(all + members)
  }

  private static func style(_ s: Lottie.StrokeStyle) -> [(String, JSONOut)] {
    var members: [(String, JSONOut)] = [
      ("w", scalar(s.width)), ("lc", .int(capNumber(s.cap))), ("lj", .int(joinNumber(s.join))),
      ("ml", .number(s.miterLimit)),
    ]
    if !s.dashes.isEmpty {
      members.append(("d", .array(s.dashes.map { dash in
        var m: [(String, JSONOut)] = [("n", .string(dash.kind.rawValue))]
        if let name = dash.name { m.append(("nm", .string(name))) }
        m.append(("v", scalar(dash.value)))
        return .object(m)
      })))
    }
    return members
  }

  private static func gradient(_ g: Lottie.Gradient) -> [(String, JSONOut)] {
    var members: [(String, JSONOut)] = [
      ("s", vector(g.start)), ("e", vector(g.end)), ("t", .int(g.kind.rawValue)),
      ("g", .object([("p", .int(g.count)), ("k", vector(g.data))])),
    ]
    if let h = g.highlightLength { members.append(("h", scalar(h))) }
    if let a = g.highlightAngle { members.append(("a", scalar(a))) }
    return members
  }

  /// Lottie's line cap numbers: 1 butt, 2 round, 3 square.
  static func capNumber(_ cap: LineCap) -> Int {
    switch cap {
    case .butt: return 1
    case .round: return 2
    case .square: return 3
    }
  }

  /// Lottie's line join numbers: 1 miter, 2 round, 3 bevel.
  static func joinNumber(_ join: LineJoin) -> Int {
    switch join {
    case .miter: return 1
    case .round: return 2
    case .bevel: return 3
    }
  }

  // MARK: Transforms

  static func transformJSON(_ t: Lottie.Transform, omittingDefaults: Bool) -> JSONOut {
    var members: [(String, JSONOut)] = omittingDefaults ? [("ty", .string("tr"))] : []
    func isConstant(_ p: Lottie.Property<[Double]>, _ v: Double) -> Bool {
      if case .constant(let c) = p { return c.allSatisfy { $0 == v } }
      return false
    }
    func isConstant(_ p: Lottie.Property<Double>, _ v: Double) -> Bool {
      if case .constant(let c) = p { return c == v }
      return false
    }
    if !omittingDefaults || !isConstant(t.anchor, 0) { members.append(("a", vector(t.anchor))) }
    switch t.position {
    case .combined(let p):
      if !omittingDefaults || !isConstant(p, 0) { members.append(("p", vector(p))) }
    case .split(let x, let y):
      members.append(("p", .object([("s", .bool(true)), ("x", scalar(x)), ("y", scalar(y))])))
    }
    if !omittingDefaults || !isConstant(t.scale, 100) { members.append(("s", vector(t.scale))) }
    if !omittingDefaults || !isConstant(t.rotation, 0) { members.append(("r", scalar(t.rotation))) }
    if !omittingDefaults || !isConstant(t.opacity, 100) { members.append(("o", scalar(t.opacity))) }
    if let sk = t.skew { members.append(("sk", scalar(sk))) }
    if let sa = t.skewAxis { members.append(("sa", scalar(sa))) }
    return .object(members)
  }

  // MARK: Properties

  /// A scalar property: `{"a": 0, "k": v}`, or keyframes whose `s` is `[v]`.
  static func scalar(_ p: Lottie.Property<Double>) -> JSONOut {
    property(p, constant: { .number($0) }, value: { .array([.number($0)]) })
  }

  /// A vector (or colour, or gradient data) property: `{"a": 0, "k": [x, y, …]}`.
  static func vector(_ p: Lottie.Property<[Double]>) -> JSONOut {
    property(p, constant: numbers, value: numbers)
  }

  /// A path property: `{"a": 0, "k": {"c", "v", "i", "o"}}`, or keyframes whose `s` is `[path]`.
  static func bezier(_ p: Lottie.Property<Lottie.Bezier>) -> JSONOut {
    property(p, constant: bezier, value: { .array([bezier($0)]) })
  }

  private static func numbers(_ v: [Double]) -> JSONOut { .array(v.map { .number($0) }) }

  static func bezier(_ b: Lottie.Bezier) -> JSONOut {
    func list(_ ps: [Point]) -> JSONOut { .array(ps.map { .array([.number($0.x), .number($0.y)]) }) }
    return .object([("c", .bool(b.closed)), ("v", list(b.vertices)), ("i", list(b.inTangents)), ("o", list(b.outTangents))])
  }

  private static func property<V>(
    _ p: Lottie.Property<V>, constant: (V) -> JSONOut, value: (V) -> JSONOut
  ) -> JSONOut {
    switch p {
    case .constant(let v):
      return .object([("a", .int(0)), ("k", constant(v))])
    case .animated(let keys):
      return .object([("a", .int(1)), ("k", .array(keys.map { k in
        var members: [(String, JSONOut)] = [("t", .number(k.time)), ("s", value(k.value))]
        if k.hold {
          members.append(("h", .int(1)))
        } else if let o = k.easeOut, let i = k.easeIn {
          members.append(("o", easing(o)))
          members.append(("i", easing(i)))
        }
        if let to = k.spatialOut { members.append(("to", numbers(to))) }
        if let ti = k.spatialIn { members.append(("ti", numbers(ti))) }
        return .object(members)
      }))])
    }
  }

  private static func easing(_ e: Lottie.Easing) -> JSONOut {
    .object([("x", numbers(e.x)), ("y", numbers(e.y))])
  }
}
