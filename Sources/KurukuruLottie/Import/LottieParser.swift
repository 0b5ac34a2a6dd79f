import KurukuruCore

// MARK: - Document

extension LottieReader {
  /// The whole document.
  /// - Throws: `LottieError` naming the file, the place and what is wrong.
  func animation(_ root: JSONNode) throws -> Lottie.Animation {
    let o = try object(root, "")
    for key in ["fr", "ip", "op", "w", "h", "layers"] where o[key] == nil {
      throw fail(root, "", "missing required key '\(key)' (a Lottie document has v, fr, ip, op, w, h and layers)")
    }
    let frameRate = try number(try required(o, "fr", root, ""), "fr", in: 0.01...1000)
    let inPoint = try number(try required(o, "ip", root, ""), "ip", in: -1e7...1e7)
    let outPoint = try number(try required(o, "op", root, ""), "op", in: -1e7...1e7)
    guard outPoint > inPoint else {
      throw fail(o["op"], "op", "op (\(NumberText.format(outPoint))) must be after ip (\(NumberText.format(inPoint)))")
    }
    let width = try number(try required(o, "w", root, ""), "w", in: 1...1e6)
    let height = try number(try required(o, "h", root, ""), "h", in: 1...1e6)
    if o["fonts"] != nil || o["chars"] != nil { report.use("fonts", at: o["chars"] != nil ? "chars" : "fonts") }
    let assets = try o["assets"].map { node in
      try array(node, "assets").enumerated().map { i, item in try asset(item, "assets[\(i)]") }
    } ?? []
    let layers = try layerList(try required(o, "layers", root, ""), "layers")
    return Lottie.Animation(
      version: try o["v"].map { try string($0, "v") } ?? "", name: try o["nm"].map { try string($0, "nm") },
      frameRate: frameRate, inPoint: inPoint, outPoint: outPoint, width: width, height: height,
      threeD: try o["ddd"].map { try bool($0, "ddd") } ?? false, assets: assets, layers: layers)
  }

  func asset(_ node: JSONNode, _ path: String) throws -> Lottie.Asset {
    let o = try object(node, path)
    let id = try string(try required(o, "id", node, path), path + ".id")
    let name = try o["nm"].map { try string($0, path + ".nm") }
    if let layers = o["layers"] {
      report.use("precompositions", at: path)
      return Lottie.Asset(
        id: id, name: name,
        content: .precomposition(layers: try layerList(layers, path + ".layers"), frameRate: try o["fr"].map { try number($0, path + ".fr") }))
    }
    return Lottie.Asset(
      id: id, name: name,
      content: .image(
        width: try o["w"].map { try number($0, path + ".w") } ?? 0, height: try o["h"].map { try number($0, path + ".h") } ?? 0,
        directory: try o["u"].map { try string($0, path + ".u") } ?? "", path: try o["p"].map { try string($0, path + ".p") } ?? "",
        embedded: try o["e"].map { try bool($0, path + ".e") } ?? false))
  }

  // MARK: - Layers

  func layerList(_ node: JSONNode, _ path: String) throws -> [Lottie.Layer] {
    let items = try array(node, path)
    try count(\.layers, items.count, limit: limits.maxLayers, what: "layers", node, path)
    return try items.enumerated().map { i, item in try layer(item, "\(path)[\(i)]") }
  }

  func layer(_ node: JSONNode, _ path: String) throws -> Lottie.Layer {
    let o = try object(node, path)
    let type = try integer(try required(o, "ty", node, path), path + ".ty")
    let threeD = try o["ddd"].map { try bool($0, path + ".ddd") } ?? false
    let content: Lottie.Layer.Content
    switch type {
    case 0:
      report.use("precomposition layers", at: path)
      content = .precomposition(
        refId: try string(try required(o, "refId", node, path), path + ".refId"),
        width: try o["w"].map { try number($0, path + ".w", in: 0...1e6) } ?? 0,
        height: try o["h"].map { try number($0, path + ".h", in: 0...1e6) } ?? 0,
        timeRemap: try o["tm"].map { try property($0, path + ".tm", kind: .scalar).map { $0.first ?? 0 } })
      if o["tm"] != nil { report.use("time remapping", at: path + ".tm") }
    case 1:
      report.use("solid layers", at: path)
      content = .solid(
        color: try o["sc"].map { try string($0, path + ".sc") } ?? "#000000",
        width: try o["sw"].map { try number($0, path + ".sw", in: 0...1e6) } ?? 0,
        height: try o["sh"].map { try number($0, path + ".sh", in: 0...1e6) } ?? 0)
    case 2:
      content = .image(refId: try o["refId"].map { try string($0, path + ".refId") } ?? "")
      report.unsupported("image layers", at: path, location: node.location, treatment: .refused, note: "the layer is not drawn")
    case 3:
      report.use("null layers", at: path)
      content = .null
    case 4:
      report.use("shape layers", at: path)
      content = .shape(try shapeList(try required(o, "shapes", node, path), path + ".shapes", depth: 0))
    case 5:
      content = .text
      report.unsupported("text layers", at: path, location: node.location, treatment: .refused, note: "the layer is not drawn")
    default:
      content = .other(type: type)
      let name = type == 13 ? "cameras" : type == 6 ? "audio layers" : "layers of type \(type)"
      report.unsupported(name, at: path, location: node.location, treatment: type == 6 ? .ignored : .refused, note: "the layer is not drawn")
    }
    if threeD { report.unsupported("3-D layers", at: path + ".ddd", location: o["ddd"]?.location, treatment: .refused, note: "drawn flat") }
    let transform = try self.transform(o["ks"], path + ".ks", threeD: threeD)
    let matte = try o["tt"].map { node -> Lottie.Layer.MatteMode? in
      let v = try integer(node, path + ".tt")
      guard v != 0 else { return nil }
      guard let mode = Lottie.Layer.MatteMode(rawValue: v) else {
        throw fail(node, path + ".tt", "a track matte mode is 1…4 (alpha, alpha inverted, luma, luma inverted), got \(v)")
      }
      return mode
    } ?? nil
    if matte != nil { report.use("track mattes", at: path + ".tt") }
    let masks = try o["masksProperties"].map { node in
      try array(node, path + ".masksProperties").enumerated().map { i, m in try mask(m, "\(path).masksProperties[\(i)]") }
    } ?? []
    if !masks.isEmpty { report.use("masks", at: path + ".masksProperties") }
    let effects = try o["ef"].map { node in
      try array(node, path + ".ef").enumerated().map { i, e in try effect(e, "\(path).ef[\(i)]") }
    } ?? []
    let styles = try o["sy"].map { node in
      try array(node, path + ".sy").enumerated().map { i, s in try integer(try required(try object(s, "\(path).sy[\(i)]"), "ty", s, "\(path).sy[\(i)]"), "\(path).sy[\(i)].ty") }
    } ?? []
    if !styles.isEmpty {
      report.unsupported("layer styles", at: path + ".sy", location: o["sy"]?.location, treatment: .refused, note: "not drawn")
    }
    let blend = try o["bm"].map { try integer($0, path + ".bm", in: 0...100) } ?? 0
    if blend != 0 { report.use("blend modes", at: path + ".bm") }
    if let parent = o["parent"], parent.value != .null { report.use("parenting", at: path + ".parent") }
    return Lottie.Layer(
      index: try o["ind"].map { try integer($0, path + ".ind") }, name: try o["nm"].map { try string($0, path + ".nm") },
      content: content, parent: try o["parent"].flatMap { $0.value == .null ? nil : try integer($0, path + ".parent") },
      transform: transform, autoOrient: try o["ao"].map { try bool($0, path + ".ao") } ?? false,
      inPoint: try number(try required(o, "ip", node, path), path + ".ip", in: -1e7...1e7),
      outPoint: try number(try required(o, "op", node, path), path + ".op", in: -1e7...1e7),
      startTime: try o["st"].map { try number($0, path + ".st", in: -1e7...1e7) } ?? 0,
      timeStretch: try o["sr"].map { try number($0, path + ".sr", in: 1e-3...1e3) } ?? 1,
      blendMode: blend, hidden: try o["hd"].map { try bool($0, path + ".hd") } ?? false, threeD: threeD,
      matteMode: matte, isMatteSource: try o["td"].map { try bool($0, path + ".td") } ?? false,
      matteParent: try o["tp"].map { try integer($0, path + ".tp") }, masks: masks, effects: effects, styles: styles)
  }

  func mask(_ node: JSONNode, _ path: String) throws -> Lottie.Mask {
    let o = try object(node, path)
    let modeText = try o["mode"].map { try string($0, path + ".mode") } ?? "a"
    guard let mode = Lottie.Mask.Mode(rawValue: modeText) else {
      throw fail(o["mode"], path + ".mode", "a mask mode is n, a, s, i, l, d or f, got '\(modeText)'")
    }
    if mode == .lighten || mode == .darken {
      report.unsupported("lighten and darken masks", at: path + ".mode", location: o["mode"]?.location, treatment: .ignored, note: "drawn as add")
    }
    let expansion = try o["x"].map { try property($0, path + ".x", kind: .scalar).map { $0.first ?? 0 } }
    let feather = try o["f"].map { try property($0, path + ".f", kind: .vector(dimensions: 2, padding: 0)) }
    if let expansion, expansion != .constant(0) {
      report.unsupported("mask expansion", at: path + ".x", location: o["x"]?.location, treatment: .ignored, note: "the mask is not grown")
    }
    if let feather, feather != .constant([0, 0]) {
      report.unsupported("mask feather", at: path + ".f", location: o["f"]?.location, treatment: .ignored, note: "the mask's edge is sharp")
    }
    return Lottie.Mask(
      name: try o["nm"].map { try string($0, path + ".nm") }, mode: mode,
      inverted: try o["inv"].map { try bool($0, path + ".inv") } ?? false,
      path: try bezier(o, "pt", path, owner: node, closedFallback: true), opacity: try scalar(o, "o", path, default: 100),
      expansion: expansion, feather: feather)
  }

  func effect(_ node: JSONNode, _ path: String) throws -> Lottie.Effect {
    let o = try object(node, path)
    let type = try integer(try required(o, "ty", node, path), path + ".ty")
    let values = try o["ef"].map { list in
      try array(list, path + ".ef").enumerated().compactMap { i, item -> Lottie.EffectValue? in
        let p = "\(path).ef[\(i)]"
        let v = try object(item, p)
        guard let valueNode = v["v"] else { return nil }
        let kind: ValueKind = .list
        return Lottie.EffectValue(
          type: try v["ty"].map { try integer($0, p + ".ty") } ?? 0, name: try v["nm"].map { try string($0, p + ".nm") },
          value: (try? property(valueNode, p + ".v", kind: kind)) ?? .constant([]))
      }
    } ?? []
    let enabled = try o["en"].map { try bool($0, path + ".en") } ?? true
    switch type {
    case 29:
      report.use("Gaussian blur", at: path)
    case 25:
      report.use("drop shadow", at: path)
    case 0...7, 10:
      // Slider, angle, colour, point, checkbox, custom, dropdown and layer controls drive
      // expressions and draw nothing.
      report.use("expression controls", at: path)
    default:
      if enabled {
        report.unsupported("effects of type \(type)", at: path, location: node.location, treatment: .refused, note: "not drawn")
      }
    }
    return Lottie.Effect(type: type, name: try o["nm"].map { try string($0, path + ".nm") }, enabled: enabled, values: values)
  }

  // MARK: - Transforms

  /// A layer's `ks` or a group's `tr`; missing members take the specification's defaults.
  func transform(_ node: JSONNode?, _ path: String, threeD: Bool = false) throws -> Lottie.Transform {
    guard let node else { return Lottie.Transform() }
    let o = try object(node, path)
    var t = Lottie.Transform()
    t.anchor = try vector(o, "a", path, default: [0, 0])
    if let p = o["p"], case .object(let members) = p.value, members.contains(where: { $0.key == "s" && $0.value.value != .bool(false) && $0.value.value != .number(0) }) {
      let po = try object(p, path + ".p")
      report.use("split position", at: path + ".p")
      t.position = .split(x: try scalar(po, "x", path + ".p", default: 0), y: try scalar(po, "y", path + ".p", default: 0))
    } else {
      let position = try vector(o, "p", path, default: [0, 0])
      if case .animated(let keys) = position, keys.contains(where: { $0.spatialOut != nil || $0.spatialIn != nil }) {
        report.use("spatial position paths", at: path + ".p")
      }
      t.position = .combined(position)
    }
    t.scale = try vector(o, "s", path, default: [100, 100])
    // Without `ddd`, lottie-web takes `rz` as the rotation when `r` is absent.
    if o["r"] == nil, let rz = o["rz"] {
      t.rotation = try property(rz, path + ".rz", kind: .scalar).map { $0.first ?? 0 }
      if !threeD { report.use("rz rotation", at: path + ".rz") }
    } else {
      t.rotation = try scalar(o, "r", path, default: 0)
    }
    t.opacity = try scalar(o, "o", path, default: 100)
    if o["sk"] != nil { t.skew = try scalar(o, "sk", path, default: 0) }
    if o["sa"] != nil { t.skewAxis = try scalar(o, "sa", path, default: 0) }
    if let skew = t.skew, skew != .constant(0) { report.use("skew", at: path + ".sk") }
    return t
  }

  // MARK: - Shapes

  func shapeList(_ node: JSONNode, _ path: String, depth: Int) throws -> [Lottie.Shape] {
    guard depth <= limits.maxGroupDepth else {
      throw fail(node, path, "shape groups nested deeper than \(limits.maxGroupDepth) levels", kind: .limitExceeded)
    }
    let items = try array(node, path)
    try count(\.shapeItems, items.count, limit: limits.maxShapeItems, what: "shape items", node, path)
    return try items.enumerated().compactMap { i, item in try shape(item, "\(path)[\(i)]", depth: depth) }
  }

  /// One shape item; a group's `tr` is returned as nil (the group reads it separately).
  func shape(_ node: JSONNode, _ path: String, depth: Int) throws -> Lottie.Shape? {
    let o = try object(node, path)
    let type = try string(try required(o, "ty", node, path), path + ".ty")
    let name = try o["nm"].map { try string($0, path + ".nm") }
    let hidden = try o["hd"].map { try bool($0, path + ".hd") } ?? false
    func direction() throws -> Lottie.Direction {
      let d = try o["d"].map { try integer($0, path + ".d") } ?? 1
      return d == 3 ? .reversed : .clockwise
    }
    switch type {
    case "gr":
      let itemsNode = o["it"]
      var items: [Lottie.Shape] = []
      var transform = Lottie.Transform()
      if let itemsNode {
        let list = try array(itemsNode, path + ".it")
        try count(\.shapeItems, list.count, limit: limits.maxShapeItems, what: "shape items", itemsNode, path + ".it")
        for (i, item) in list.enumerated() {
          let p = "\(path).it[\(i)]"
          if case .object(let m) = item.value, m.first(where: { $0.key == "ty" })?.value.value == .string("tr") {
            transform = try self.transform(item, p)
            continue
          }
          guard depth + 1 <= limits.maxGroupDepth else {
            throw fail(item, p, "shape groups nested deeper than \(limits.maxGroupDepth) levels", kind: .limitExceeded)
          }
          if let shape = try shape(item, p, depth: depth + 1) { items.append(shape) }
        }
      }
      return .group(Lottie.Group(name: name, hidden: hidden, items: items, transform: transform))
    case "tr":
      return nil
    case "sh":
      let closed = try o["closed"].map { try bool($0, path + ".closed") }
      return .path(Lottie.Path(name: name, hidden: hidden, shape: try bezier(o, "ks", path, owner: node, closedFallback: closed)))
    case "el":
      report.use("ellipses", at: path)
      return .ellipse(Lottie.Ellipse(
        name: name, hidden: hidden, direction: try direction(), position: try vector(o, "p", path, default: [0, 0]),
        size: try vector(o, "s", path, default: [0, 0])))
    case "rc":
      report.use("rectangles", at: path)
      return .rectangle(Lottie.Rectangle(
        name: name, hidden: hidden, direction: try direction(), position: try vector(o, "p", path, default: [0, 0]),
        size: try vector(o, "s", path, default: [0, 0]), roundness: try scalar(o, "r", path, default: 0)))
    case "sr":
      report.use("stars and polygons", at: path)
      let kind = Lottie.Star.Kind(rawValue: try o["sy"].map { try integer($0, path + ".sy") } ?? 1) ?? .star
      return .star(Lottie.Star(
        name: name, hidden: hidden, direction: try direction(), kind: kind, position: try vector(o, "p", path, default: [0, 0]),
        points: try within(try scalar(o, "pt", path, default: 5), limits.maxStarPoints, o, "pt", path, what: "points"), rotation: try scalar(o, "r", path, default: 0),
        outerRadius: try scalar(o, "or", path, default: 0), outerRoundness: try scalar(o, "os", path, default: 0),
        innerRadius: kind == .star ? try scalar(o, "ir", path, default: 0) : nil,
        innerRoundness: kind == .star ? try scalar(o, "is", path, default: 0) : nil))
    case "fl":
      return .fill(Lottie.Fill(
        name: name, hidden: hidden, color: try color(o, "c", path), opacity: try scalar(o, "o", path, default: 100),
        rule: try fillRule(o, path)))
    case "st":
      return .stroke(Lottie.Stroke(
        name: name, hidden: hidden, color: try color(o, "c", path), opacity: try scalar(o, "o", path, default: 100),
        style: try strokeStyle(o, path)))
    case "gf":
      report.use("gradient fills", at: path)
      return .gradientFill(Lottie.GradientFill(
        name: name, hidden: hidden, opacity: try scalar(o, "o", path, default: 100), gradient: try gradient(o, node, path),
        rule: try fillRule(o, path)))
    case "gs":
      report.use("gradient strokes", at: path)
      return .gradientStroke(Lottie.GradientStroke(
        name: name, hidden: hidden, opacity: try scalar(o, "o", path, default: 100), gradient: try gradient(o, node, path),
        style: try strokeStyle(o, path)))
    case "tm":
      report.use("trim paths", at: path)
      let mode = try o["m"].map { try integer($0, path + ".m") } ?? 1
      return .trim(Lottie.Trim(
        name: name, hidden: hidden, start: try scalar(o, "s", path, default: 0), end: try scalar(o, "e", path, default: 100),
        offset: try scalar(o, "o", path, default: 0), mode: mode == 2 ? .sequence : .eachPath))
    case "rp":
      report.use("repeaters", at: path)
      let tr = try o["tr"].map { try object($0, path + ".tr") } ?? [:]
      return .repeater(Lottie.Repeater(
        name: name, hidden: hidden,
        copies: try within(try scalar(o, "c", path, default: 1), limits.maxRepeaterCopies, o, "c", path, what: "copies"),
        offset: try within(try scalar(o, "o", path, default: 0), limits.maxRepeaterCopies, o, "o", path, what: "an offset of copies"),
        composite: (try o["m"].map { try integer($0, path + ".m") } ?? 1) == 2 ? .above : .below,
        transform: try transform(o["tr"], path + ".tr"), startOpacity: try scalar(tr, "so", path + ".tr", default: 100),
        endOpacity: try scalar(tr, "eo", path + ".tr", default: 100)))
    case "rd":
      report.use("rounded corners", at: path)
      return .roundedCorners(Lottie.RoundedCorners(name: name, hidden: hidden, radius: try scalar(o, "r", path, default: 0)))
    case "mm":
      report.unsupported("merge paths", at: path, location: node.location, treatment: .ignored, note: "the paths are drawn unmerged, as lottie-web, rlottie and ThorVG do")
      return .other(type: type, name: name)
    default:
      let names = ["op": "offset paths", "zz": "zig-zag", "pb": "pucker and bloat", "tw": "twist"]
      report.unsupported(
        names[type] ?? "shape items of type '\(type)'", at: path, location: node.location, treatment: .refused, note: "left out")
      return .other(type: type, name: name)
    }
  }

  /// `p` when its constant or every keyframe value is within ±`limit`.
  /// - Throws: `.limitExceeded` at `path.key`, naming the value and the limit.
  private func within(
    _ p: Lottie.Property<Double>, _ limit: Int, _ o: [String: JSONNode], _ key: String, _ path: String, what: String
  ) throws -> Lottie.Property<Double> {
    let values: [Double]
    switch p {
    case .constant(let v): values = [v]
    case .animated(let keys): values = keys.map(\.value)
    }
    if let v = values.first(where: { abs($0) > Double(limit) }) {
      throw fail(o[key], path + "." + key, "\(NumberText.format(v)) \(what) is past the limit of \(limit)", kind: .limitExceeded)
    }
    return p
  }

  private func fillRule(_ o: [String: JSONNode], _ path: String) throws -> Lottie.FillRule {
    (try o["r"].map { try integer($0, path + ".r") } ?? 1) == 2 ? .evenOdd : .nonZero
  }

  private func strokeStyle(_ o: [String: JSONNode], _ path: String) throws -> Lottie.StrokeStyle {
    let caps: [Int: LineCap] = [1: .butt, 2: .round, 3: .square]
    let joins: [Int: LineJoin] = [1: .miter, 2: .round, 3: .bevel]
    var dashes: [Lottie.Dash] = []
    if let d = o["d"] {
      for (i, item) in try array(d, path + ".d").enumerated() {
        let p = "\(path).d[\(i)]"
        let e = try object(item, p)
        let kind = Lottie.Dash.Kind(rawValue: try e["n"].map { try string($0, p + ".n") } ?? "d") ?? .dash
        dashes.append(Lottie.Dash(kind: kind, name: try e["nm"].map { try string($0, p + ".nm") }, value: try scalar(e, "v", p, default: 0)))
      }
      if !dashes.isEmpty { report.use("dashes", at: path + ".d") }
    }
    return Lottie.StrokeStyle(
      width: try scalar(o, "w", path, default: 0),
      cap: caps[try o["lc"].map { try integer($0, path + ".lc") } ?? 2] ?? .round,
      join: joins[try o["lj"].map { try integer($0, path + ".lj") } ?? 2] ?? .round,
      miterLimit: try o["ml"].map { try number($0, path + ".ml", in: 0...1e4) } ?? 4, dashes: dashes)
  }

  private func gradient(_ o: [String: JSONNode], _ node: JSONNode, _ path: String) throws -> Lottie.Gradient {
    let g = try object(try required(o, "g", node, path), path + ".g")
    let count = try integer(try required(g, "p", node, path + ".g"), path + ".g.p", in: 1...1000)
    let data = try property(try required(g, "k", node, path + ".g"), path + ".g.k", kind: .list)
    let kind: Lottie.Gradient.Kind = (try o["t"].map { try integer($0, path + ".t") } ?? 1) == 2 ? .radial : .linear
    return Lottie.Gradient(
      kind: kind, count: count, data: data, start: try vector(o, "s", path, default: [0, 0]),
      end: try vector(o, "e", path, default: [0, 0]),
      highlightLength: kind == .radial ? try scalar(o, "h", path, default: 0) : nil,
      highlightAngle: kind == .radial ? try scalar(o, "a", path, default: 0) : nil)
  }

  /// A path property of `o[key]`.
  func bezier(_ o: [String: JSONNode], _ key: String, _ path: String, owner: JSONNode, closedFallback: Bool?) throws
    -> Lottie.Property<Lottie.Bezier>
  {
    let node = try required(o, key, owner, path)
    let p = path + "." + key
    var k = node
    if case .object(let members) = node.value, members.contains(where: { $0.key == "k" }) {
      let w = try object(node, p)
      if w["x"] != nil { expression(w["x"], p) }
      k = w["k"] ?? node
    }
    if case .array(let items) = k.value, let first = items.first, case .object(let m) = first.value, m.contains(where: { $0.key == "t" }) {
      return .animated(try keyframes(items, p + ".k", read: { try self.bezierValue($0, $1, closedFallback: closedFallback) }))
    }
    return .constant(try bezierValue(k, p + (k == node ? "" : ".k"), closedFallback: closedFallback))
  }
}
