// MARK: - Views

extension PresetReader {
  static let viewKinds = ViewName.all
  static let shapeModifiers = ShapeModifierName.all
  static let viewModifiers = ModifierName.all
  static let textModifiers = TextModifierName.all

  /// One view object — `{"Circle": {…}, "modifiers": […]}` — as scene views (`ForEach`
  /// expands to several).
  func views(_ node: JSONNode, path: String, depth: Int) throws -> [SceneView] {
    guard depth < limits.maxDepth else { throw fail(node, path, "views nested deeper than \(limits.maxDepth) levels", kind: .limitExceeded) }
    guard case .object(let members) = node.value else {
      throw fail(node, path, "expected a view object such as {\"Circle\": {}}, got \(node.typeName)")
    }
    let kinds = members.filter { $0.key != "modifiers" }
    guard kinds.count == 1, let kindMember = kinds.first else {
      throw fail(
        node, path,
        kinds.isEmpty ? "a view object needs one view key (\(PresetReader.viewKinds.joined(separator: ", ")))"
          : "a view object has exactly one view key, got \(kinds.map { "\(quoted: $0.key)" }.joined(separator: ", "))")
    }
    let kind = kindMember.key
    let p = path + "." + kind
    guard let viewName = ViewName(rawValue: kind) else {
      var message = "unknown view \(quoted: kind)" + Suggestion.hint(for: kind, in: PresetReader.viewKinds)
      if (PresetReader.shapeModifiers + PresetReader.viewModifiers + PresetReader.textModifiers).contains(kind) {
        message = "'\(kind)' is a modifier; put it in the view's \"modifiers\" array"
      } else if let symbols = PresetReader.symbolMessage(kind, kindMember.value) {
        message = symbols
      }
      throw PresetError(file: file, location: kindMember.keyLocation, path: path, message: message, kind: .unknownName)
    }
    let modifierNodes = try members.first { $0.key == "modifiers" }.map { try array($0.value, path: path + ".modifiers") } ?? []
    let args = kindMember.value

    if viewName == .forEach {
      if !modifierNodes.isEmpty {
        throw fail(node, path, "ForEach takes no modifiers; put them on its content views")
      }
      return try forEach(args, path: p, depth: depth)
    }
    viewCounter.value += 1
    guard viewCounter.value <= limits.maxViews else {
      throw fail(node, path, "more than \(limits.maxViews) views after expanding ForEach", kind: .limitExceeded)
    }
    var viewKind: ViewKind?
    var shape: StyledShape?
    var text: (content: TextSpec.Content, scalars: [Unicode.Scalar])?
    var textStyle = TextStyle()
    switch viewName {
    case .text:
      text = try textContent(args, path: p)
    case .zStack, .hStack, .vStack:
      let o = try object(args, path: p, keys: viewName == .zStack ? ["alignment", "content"] : ["alignment", "spacing", "content"])
      let alignment = try o["alignment"].map { try unitPoint($0, path: p + ".alignment") } ?? .center
      let spacing = try o["spacing"].map { try number($0, path: p + ".spacing") } ?? 8
      guard spacing.isFinite, spacing >= 0, spacing <= limits.maxCanvasPoints else {
        throw fail(o["spacing"] ?? args, p + ".spacing", "spacing must be in 0…\(fmt(limits.maxCanvasPoints)) points")
      }
      let children = try content(o["content"], owner: args, path: p, depth: depth)
      switch viewName {
      case .zStack: viewKind = .zStack(alignment: alignment, children: children)
      case .hStack: viewKind = .hStack(alignment: alignment, spacing: spacing, children: children)
      default: viewKind = .vStack(alignment: alignment, spacing: spacing, children: children)
      }
    case .spacer:
      let o = try object(args, path: p, keys: ["minLength"])
      let minLength = try o["minLength"].map { try number($0, path: p + ".minLength") } ?? 8
      guard minLength.isFinite, minLength >= 0, minLength <= limits.maxCanvasPoints else {
        throw fail(o["minLength"] ?? args, p + ".minLength", "Spacer's minLength must be in 0…\(fmt(limits.maxCanvasPoints)) points, got \(fmt(minLength))")
      }
      viewKind = .spacer(minLength: minLength)
    case .forEach:
      throw fail(node, path, "internal: ForEach was not expanded")
    case .circle, .ellipse, .rectangle, .roundedRectangle, .capsule, .arc, .polygon:
      shape = StyledShape(shape: try shapeKind(viewName, args, path: p))
    }

    // Modifiers, in order. Shape modifiers must come first (SwiftUI: they exist on Shape only).
    var modifiers: [Modifier] = []
    for (i, m) in modifierNodes.enumerated() {
      let mp = path + ".modifiers[\(i)]"
      guard case .object(let mm) = m.value, mm.count == 1, let entry = mm.first else {
        throw fail(m, mp, "a modifier is an object with one key, e.g. {\"opacity\": 0.5}")
      }
      let name = entry.key
      let ap = mp + "." + name
      if let textModifier = TextModifierName(rawValue: name) {
        guard text != nil else {
          throw PresetError(file: file, location: entry.keyLocation, path: mp, message: "'\(name)' applies to Text only, not to \(kind)")
        }
        try textStyle.read(textModifier, entry.value, path: ap, reader: self)
        continue
      }
      if let shapeModifier = ShapeModifierName(rawValue: name) {
        guard var s = shape else {
          let hint = text != nil ? "; a Text takes its paint from foregroundStyle" : ""
          throw PresetError(file: file, location: entry.keyLocation, path: mp, message: "'\(name)' applies to shapes only, not to \(kind)" + hint)
        }
        guard modifiers.isEmpty else {
          throw PresetError(
            file: file, location: entry.keyLocation, path: mp,
            message: "'\(name)' applies to the shape itself; move it before the view modifiers (as in SwiftUI, where it only exists on Shape)")
        }
        if s.style != nil {
          throw PresetError(
            file: file, location: entry.keyLocation, path: mp,
            message: shapeModifier == .trim ? "'trim' must come before fill/stroke" : "the shape already has a fill or stroke")
        }
        switch shapeModifier {
        case .trim:
          if s.trim != nil { throw PresetError(file: file, location: entry.keyLocation, path: mp, message: "'trim' given twice") }
          let o = try object(entry.value, path: ap, keys: ["from", "to"])
          s.trim = (
            from: try o["from"].map { try animated($0, path: ap + ".from") } ?? .constant(0),
            to: try o["to"].map { try animated($0, path: ap + ".to") } ?? .constant(1)
          )
        case .fill:
          s.style = try fill(entry.value, path: ap)
        case .stroke, .strokeBorder:
          let (paint, stroke) = try strokeStyle(entry.value, path: ap)
          s.style = shapeModifier == .stroke ? .stroke(paint, stroke) : .strokeBorder(paint, stroke)
        }
        shape = s
        continue
      }
      guard let modifierName = ModifierName(rawValue: name) else {
        let hint = name == "animation"
          ? " — an animation belongs to the value it animates: {\"from\": a, \"to\": b, \"animation\": \"…\"} (§8 of Presets/README.md)"
          : Suggestion.hint(for: name, in: PresetReader.shapeModifiers + PresetReader.viewModifiers + PresetReader.textModifiers)
        throw PresetError(
          file: file, location: entry.keyLocation, path: mp, message: "unknown modifier \(quoted: name)" + hint, kind: .unknownName)
      }
      modifiers.append(try modifier(modifierName, entry.value, path: ap, depth: depth))
    }
    if let shape { viewKind = .shape(shape) }
    if let text {
      let font: ResolvedFont
      do {
        font = try FontLoader.resolve(textStyle.font, scalars: text.scalars)
      } catch let problem as FontProblem {
        throw fail(textStyle.fontNode ?? args, textStyle.fontPath ?? p, problem.message, kind: .font)
      }
      viewKind = .text(TextSpec(content: text.content, font: font, kerning: textStyle.kerning, monospacedDigit: textStyle.monospacedDigit))
    }
    guard let viewKind else { throw fail(node, path, "internal: view '\(kind)' was not resolved") }
    return [SceneView(kind: viewKind, modifiers: modifiers)]
  }

  /// The `content` array of a container.
  private func content(_ node: JSONNode?, owner: JSONNode, path: String, depth: Int) throws -> [SceneView] {
    guard let node else { throw fail(owner, path, "missing 'content' (an array of views)") }
    let items = try array(node, path: path + ".content")
    var out: [SceneView] = []
    for (i, item) in items.enumerated() {
      out += try views(item, path: path + ".content[\(i)]", depth: depth + 1)
    }
    return out
  }

  /// `{"ForEach": {"range": "0..<count", "as": "i", "content": [views]}}`: the content once per
  /// index, with the index visible in expressions under the `as` name (default `i`).
  private func forEach(_ args: JSONNode, path: String, depth: Int) throws -> [SceneView] {
    let o = try object(args, path: path, keys: ["range", "as", "content"])
    guard let rangeNode = o["range"] else { throw fail(args, path, "ForEach needs 'range', e.g. \"0..<5\" or 5") }
    let name = try o["as"].map { try string($0, path: path + ".as") } ?? "i"
    guard name.first.map({ $0.isLetter || $0 == "_" }) == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      throw fail(o["as"] ?? args, path + ".as", "'as' must be an identifier")
    }
    if let problem = PresetExpression.reservedNameProblem(name) {
      throw fail(o["as"] ?? args, path + ".as", "'as' name " + problem)
    }
    let range = try indexRange(rangeNode, path: path + ".range")
    var out: [SceneView] = []
    // An empty range still validates its content once, so mistakes are not hidden.
    let indices = range.isEmpty ? [range.lowerBound] : Array(range)
    for index in indices {
      var inner = self
      inner.variables[name] = Double(index)
      let views = try inner.content(o["content"], owner: args, path: path, depth: depth)
      if !range.isEmpty { out += views }
    }
    return out
  }

  /// `"a..<b"`, `"a...b"` (expressions allowed), a count `n` (= `0..<n`), or `[a, b]` (= `a..<b`).
  private func indexRange(_ node: JSONNode, path: String) throws -> Range<Int> {
    let bound = 0...limits.maxViews
    func whole(_ text: String, offset: Int) throws -> Int {
      let v = try evaluate(text, in: node, path: path, offset: offset)
      guard v == v.rounded(), v >= Double(bound.lowerBound), v <= Double(bound.upperBound) else {
        throw fail(node, path, "range bounds must be whole numbers in \(bound.lowerBound)…\(bound.upperBound), got \(fmt(v))")
      }
      return Int(v)
    }
    switch node.value {
    case .string(let s):
      for (sep, closed) in [("..<", false), ("...", true)] {
        if let r = s.range(of: sep) {
          let lo = try whole(String(s[..<r.lowerBound]), offset: 0)
          let hiOffset = s.distance(from: s.startIndex, to: r.upperBound)
          let hi = try whole(String(s[r.upperBound...]), offset: hiOffset) + (closed ? 1 : 0)
          guard lo <= hi else { throw fail(node, path, "range \(quoted: s) runs backwards") }
          return lo..<hi
        }
      }
      return 0..<(try whole(s, offset: 0))
    case .array(let a):
      guard a.count == 2 else { throw fail(node, path, "a range array is [lower, upper)") }
      let lo = try integer(a[0], path: path + "[0]", range: bound)
      let hi = try integer(a[1], path: path + "[1]", range: bound)
      guard lo <= hi else { throw fail(node, path, "range runs backwards") }
      return lo..<hi
    default:
      return 0..<(try integer(node, path: path, range: bound))
    }
  }

  // MARK: - Shapes

  private func shapeKind(_ kind: ViewName, _ args: JSONNode, path: String) throws -> ShapeKind {
    switch kind {
    case .circle: _ = try object(args, path: path, keys: []); return .circle
    case .ellipse: _ = try object(args, path: path, keys: []); return .ellipse
    case .rectangle: _ = try object(args, path: path, keys: []); return .rectangle
    case .capsule:
      let o = try object(args, path: path, keys: ["style"])
      if let s = o["style"] { try cornerStyle(s, path: path + ".style") }
      return .capsule
    case .roundedRectangle:
      let o = try object(args, path: path, keys: ["cornerRadius", "style"])
      guard let r = o["cornerRadius"] else { throw fail(args, path, "RoundedRectangle needs 'cornerRadius' (points)") }
      if let s = o["style"] { try cornerStyle(s, path: path + ".style") }
      return .roundedRectangle(cornerRadius: try animated(r, path: path + ".cornerRadius", within: extentBound("cornerRadius")))
    case .polygon:
      let o = try object(args, path: path, keys: ["points"])
      guard let node = o["points"] else {
        throw fail(args, path, "Polygon needs 'points': unit points of its frame, e.g. [[0.5, 0], [1, 1], [0, 1]]")
      }
      let list = try array(node, path: path + ".points")
      guard (3...1000).contains(list.count) else {
        throw fail(node, path + ".points", "a Polygon has 3…1000 points, got \(list.count)")
      }
      var points: [UnitAnchor] = []
      for (i, p) in list.enumerated() {
        let point = try unitPoint(p, path: path + ".points[\(i)]", bounded: false)
        guard abs(point.x) <= limits.maxUnitPoint, abs(point.y) <= limits.maxUnitPoint else {
          let m = fmt(limits.maxUnitPoint)
          throw fail(p, path + ".points[\(i)]", "a Polygon point is a unit point of the frame; x and y must be in −\(m)…\(m)")
        }
        points.append(point)
      }
      return .polygon(points: points)
    case .zStack, .hStack, .vStack, .spacer, .forEach, .text:
      throw fail(args, path, "internal: \(kind.rawValue) is not a shape")
    case .arc:
      let o = try object(args, path: path, keys: ["startAngle", "endAngle", "clockwise"])
      guard let s = o["startAngle"], let e = o["endAngle"] else {
        throw fail(args, path, "Arc needs 'startAngle' and 'endAngle' (degrees)")
      }
      return .arc(
        startAngle: try animated(s, path: path + ".startAngle", within: angleBound("startAngle")),
        endAngle: try animated(e, path: path + ".endAngle", within: angleBound("endAngle")),
        clockwise: try o["clockwise"].map { try bool($0, path: path + ".clockwise") } ?? true)
    }
  }

  /// `RoundedCornerStyle`: accepted for porting, drawn circular.
  private func cornerStyle(_ node: JSONNode, path: String) throws {
    let style = try string(node, path: path)
    guard ["circular", "continuous"].contains(style) else {
      throw fail(node, path, "style is 'circular' or 'continuous'" + Suggestion.hint(for: style, in: ["circular", "continuous"]))
    }
  }

  /// True for an object that is the argument object of `fill`/`stroke` rather than a paint:
  /// it has one of `keys`, or a key that is neither a colour component nor a paint's name
  /// (so `{"color": "red"}` is read as arguments and its key gets a suggestion).
  private func isStyleArguments(_ node: JSONNode, keys: [String]) -> Bool {
    guard case .object(let m) = node.value else { return false }
    if m.isEmpty || m.contains(where: { keys.contains($0.key) }) { return true }
    if PresetReader.isAnimated(node) { return false }  // an animated colour
    if m.count == 1, let key = m.first?.key, key.first?.isUppercase == true { return false }  // a paint (gradient)
    return m.contains { !PresetReader.colorObjectKeys.contains($0.key) }
  }

  private func fill(_ node: JSONNode, path: String) throws -> ShapeStyleSpec {
    if isStyleArguments(node, keys: ["paint", "style"]) {
      let o = try object(node, path: path, keys: ["paint", "style"])
      let paint = try o["paint"].map { try self.paint($0, path: path + ".paint") }
      var evenOdd = false
      if let s = o["style"] {
        let text = try string(s, path: path + ".style")
        guard ["nonZero", "evenOdd"].contains(text) else { throw fail(s, path + ".style", "style is 'nonZero' or 'evenOdd'") }
        evenOdd = text == "evenOdd"
      }
      return .fill(paint, evenOdd: evenOdd)
    }
    return .fill(try paint(node, path: path), evenOdd: false)
  }

  /// `{"paint", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"}`, or just
  /// a paint (line width 1).
  private func strokeStyle(_ node: JSONNode, path: String) throws -> (PaintSpec?, StrokeSpec) {
    let keys = ["paint", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"]
    guard isStyleArguments(node, keys: keys) else {
      return (try paint(node, path: path), StrokeSpec())
    }
    let o = try object(node, path: path, keys: keys)
    var spec = StrokeSpec()
    let paint = try o["paint"].map { try self.paint($0, path: path + ".paint") }
    if let w = o["lineWidth"] {
      spec.lineWidth = try animated(w, path: path + ".lineWidth", within: extentBound("lineWidth", maximum: limits.maxCanvasPoints))
    }
    if let c = o["lineCap"] {
      let s = try string(c, path: path + ".lineCap")
      guard let cap = LineCap(rawValue: s) else {
        throw fail(c, path + ".lineCap", "unknown lineCap \(quoted: s)" + Suggestion.hint(for: s, in: LineCap.allCases.map(\.rawValue)), kind: .unknownName)
      }
      spec.lineCap = cap
    }
    if let j = o["lineJoin"] {
      let s = try string(j, path: path + ".lineJoin")
      guard let join = LineJoin(rawValue: s) else {
        throw fail(j, path + ".lineJoin", "unknown lineJoin \(quoted: s)" + Suggestion.hint(for: s, in: LineJoin.allCases.map(\.rawValue)), kind: .unknownName)
      }
      spec.lineJoin = join
    }
    if let ml = o["miterLimit"] {
      spec.miterLimit = try number(ml, path: path + ".miterLimit")
      guard spec.miterLimit >= 1, spec.miterLimit <= 1000 else { throw fail(ml, path + ".miterLimit", "miterLimit must be in 1…1000") }
    }
    if let d = o["dash"] { spec.dash = try dashPattern(d, path: path + ".dash") }
    if let ph = o["dashPhase"] { spec.dashPhase = try animated(ph, path: path + ".dashPhase", within: offsetBound("dashPhase")) }
    return (paint, spec)
  }

  /// A dash pattern: an array of lengths in points (at most 64, ≥ 0, not all 0), or an animated
  /// value whose keyframes are such arrays. Keyframe lists of different lengths are first
  /// repeated to their least common multiple (at most 64), as SVG 2 animates `stroke-dasharray`
  /// (a "repeatable list"), and entry k of the pattern is then one track through entry k of every
  /// keyframe.
  private func dashPattern(_ node: JSONNode, path: String) throws -> [AnimatedValue] {
    func lengths(_ n: JSONNode, _ p: String) throws -> [Double] {
      let items = try array(n, path: p)
      guard items.count <= 64 else { throw fail(n, p, "at most 64 dash lengths") }
      let dash = try items.enumerated().map { try number($1, path: p + "[\($0)]") }
      guard dash.allSatisfy({ $0 >= 0 && $0 <= limits.maxCanvasPoints }) else {
        throw fail(n, p, "dash lengths must be ≥ 0 points")
      }
      if !dash.isEmpty, dash.allSatisfy({ $0 == 0 }) { throw fail(n, p, "a dash pattern needs a length > 0") }
      return dash
    }
    guard PresetReader.isAnimated(node) else { return try lengths(node, path).map { .constant($0) } }
    let k = try keyframed(node, path: path, keys: PresetReader.animatedKeys) { n, p in
      let dash = try lengths(n, p())
      if dash.isEmpty { throw fail(n, p(), "an animated dash pattern needs at least one length in every keyframe") }
      return dash
    }
    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    var count = 1
    for list in k.values {
      count = count / gcd(count, list.count) * list.count
      guard count <= 64 else {
        throw fail(node, path, "the keyframes' dash lists repeat to more than 64 lengths (their least common multiple); use lists whose lengths share factors")
      }
    }
    return (0..<count).map { i in
      .track(Track.holdingEnds(
        values: k.values.map { $0[i % $0.count] }, keyTimes: k.keyTimes, curves: k.curves, animation: k.animation))
    }
  }

  // MARK: - Modifiers

  private func modifier(_ name: ModifierName, _ node: JSONNode, path: String, depth: Int) throws -> Modifier {
    switch name {
    case .frame:
      if case .object = node.value, !PresetReader.isAnimated(node) {
        let o = try object(node, path: path, keys: ["width", "height", "alignment"] + PresetReader.flexibleFrameKeys)
        if PresetReader.flexibleFrameKeys.contains(where: { o[$0] != nil }) { return try flexibleFrame(node, o, path: path) }
        if o["width"] == nil, o["height"] == nil { throw fail(node, path, "frame needs 'width' and/or 'height' (points)") }
        let w = try o["width"].map { try size($0, path: path + ".width") }
        let h = try o["height"].map { try size($0, path: path + ".height") }
        return .frame(
          width: w, height: h,
          alignment: try o["alignment"].map { try unitPoint($0, path: path + ".alignment") } ?? .center)
      }
      let side = try size(node, path: path)
      return .frame(width: side, height: side, alignment: .center)
    case .padding:
      if case .object = node.value {
        let o = try object(node, path: path, keys: ["top", "leading", "bottom", "trailing", "horizontal", "vertical", "all"])
        func v(_ k: String) throws -> Double? { try o[k].map { try length($0, path: path + "." + k) } }
        let all = try v("all") ?? 0
        let hz = try v("horizontal") ?? all, vt = try v("vertical") ?? all
        return .padding(top: try v("top") ?? vt, leading: try v("leading") ?? hz, bottom: try v("bottom") ?? vt, trailing: try v("trailing") ?? hz)
      }
      let e = try length(node, path: path)
      return .padding(top: e, leading: e, bottom: e, trailing: e)
    case .offset:
      let o = try object(node, path: path, keys: ["x", "y"])
      return .offset(
        x: try o["x"].map { try animated($0, path: path + ".x", within: offsetBound("x")) } ?? .constant(0),
        y: try o["y"].map { try animated($0, path: path + ".y", within: offsetBound("y")) } ?? .constant(0))
    case .rotationEffect:
      if case .object = node.value, !PresetReader.isAnimated(node) {
        let o = try object(node, path: path, keys: ["degrees", "anchor"])
        guard let d = o["degrees"] else { throw fail(node, path, "rotationEffect needs 'degrees'") }
        return .rotationEffect(
          degrees: try animated(d, path: path + ".degrees", within: angleBound("angle")),
          anchor: try o["anchor"].map { try unitPoint($0, path: path + ".anchor") } ?? .center)
      }
      return .rotationEffect(degrees: try animated(node, path: path, within: angleBound("angle")), anchor: .center)
    case .rotation3DEffect:
      return try rotation3DEffect(node, path: path)
    case .scaleEffect:
      if case .object = node.value, !PresetReader.isAnimated(node) {
        let o = try object(node, path: path, keys: ["scale", "x", "y", "anchor"])
        if o["scale"] != nil, o["x"] != nil || o["y"] != nil { throw fail(node, path, "use either 'scale' or 'x'/'y'") }
        let s = try o["scale"].map { try animated($0, path: path + ".scale", within: scaleBound("scale")) }
        return .scaleEffect(
          x: try o["x"].map { try animated($0, path: path + ".x", within: scaleBound("x")) } ?? s ?? .constant(1),
          y: try o["y"].map { try animated($0, path: path + ".y", within: scaleBound("y")) } ?? s ?? .constant(1),
          anchor: try o["anchor"].map { try unitPoint($0, path: path + ".anchor") } ?? .center)
      }
      let s = try animated(node, path: path, within: scaleBound("scale"))
      return .scaleEffect(x: s, y: s, anchor: .center)
    case .skew:
      // CSS's skew(a) is skewX(a); tan(±90°) is infinite, so angles stay within ±89°.
      let bound = Bound(name: "skew angle", range: -89...89, unit: " degrees", kind: .limitExceeded)
      if case .object = node.value, !PresetReader.isAnimated(node) {
        let o = try object(node, path: path, keys: ["x", "y", "anchor"])
        if o["x"] == nil, o["y"] == nil { throw fail(node, path, "skew needs 'x' and/or 'y' (degrees, as CSS's skewX/skewY)") }
        return .skew(
          x: try o["x"].map { try animated($0, path: path + ".x", within: bound) } ?? .constant(0),
          y: try o["y"].map { try animated($0, path: path + ".y", within: bound) } ?? .constant(0),
          anchor: try o["anchor"].map { try unitPoint($0, path: path + ".anchor") } ?? .center)
      }
      return .skew(x: try animated(node, path: path, within: bound), y: .constant(0), anchor: .center)
    case .opacity:
      let v = try animated(node, path: path)
      if case .constant(let c) = v, !(0...1).contains(c) { throw fail(node, path, "opacity must be in 0…1, got \(fmt(c))") }
      return .opacity(v)
    case .shadow:
      let o = try object(node, path: path, keys: ["color", "radius", "x", "y", "spread", "cornerRadius"])
      guard let r = o["radius"] else { throw fail(node, path, "shadow needs 'radius' (points)") }
      let radius = try animated(r, path: path + ".radius", within: extentBound("radius", maximum: 1000))
      if let s = o["spread"] {
        return .boxShadow(
          color: try o["color"].map { try animatedColor($0, path: path + ".color") } ?? .constant(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.33)),
          radius: radius,
          x: try o["x"].map { try animated($0, path: path + ".x", within: offsetBound("x")) } ?? .constant(0),
          y: try o["y"].map { try animated($0, path: path + ".y", within: offsetBound("y")) } ?? .constant(0),
          spread: try animated(s, path: path + ".spread", within: offsetBound("spread")),
          cornerRadius: try o["cornerRadius"].map {
            try animated($0, path: path + ".cornerRadius", within: extentBound("cornerRadius", maximum: 100_000))
          } ?? .constant(0))
      }
      if let c = o["cornerRadius"] {
        throw fail(c, path + ".cornerRadius", "a shadow's 'cornerRadius' goes with 'spread' (CSS's box-shadow, cast by the frame as a box)")
      }
      return .shadow(
        // SwiftUI's default shadow colour: black at 33% opacity.
        color: try o["color"].map { try animatedColor($0, path: path + ".color") } ?? .constant(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.33)),
        radius: radius,
        x: try o["x"].map { try animated($0, path: path + ".x", within: offsetBound("x")) } ?? .constant(0),
        y: try o["y"].map { try animated($0, path: path + ".y", within: offsetBound("y")) } ?? .constant(0))
    case .foregroundColor, .foregroundStyle:
      return .foregroundStyle(try paint(node, path: path))
    case .clipShape:
      return try clipShape(node, path: path)
    case .clipped:
      if case .bool(true) = node.value { return .clipped }
      let o = try object(node, path: path, keys: ["antialiased"])
      if let a = o["antialiased"] { _ = try bool(a, path: path + ".antialiased") }
      return .clipped
    case .cornerRadius:
      if case .object = node.value, !PresetReader.isAnimated(node) {
        let o = try object(node, path: path, keys: ["radius", "antialiased"])
        guard let r = o["radius"] else { throw fail(node, path, "cornerRadius needs 'radius' (points)") }
        if let a = o["antialiased"] { _ = try bool(a, path: path + ".antialiased") }
        return .cornerRadius(try animated(r, path: path + ".radius", within: extentBound("radius")))
      }
      return .cornerRadius(try animated(node, path: path, within: extentBound("radius")))
    case .mask:
      return try mask(node, path: path, depth: depth)
    case .overlay, .background:
      let (view, alignment) = try attachedView(node, name: name.rawValue, path: path, depth: depth)
      return name == .overlay ? .overlay(view, alignment: alignment) : .background(view, alignment: alignment)
    case .aspectRatio:
      return try aspectRatio(node, path: path)
    case .fixedSize:
      if case .bool(true) = node.value { return .fixedSize(horizontal: true, vertical: true) }
      let o = try object(node, path: path, keys: ["horizontal", "vertical"])
      return .fixedSize(
        horizontal: try o["horizontal"].map { try bool($0, path: path + ".horizontal") } ?? true,
        vertical: try o["vertical"].map { try bool($0, path: path + ".vertical") } ?? true)
    }
  }

  // MARK: - Layout modifiers

  static let flexibleFrameKeys = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]

  /// `{"minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight",
  /// "alignment"}`: points in 0…`maxCanvasPoints` (constants), a maximum may be `"infinity"`
  /// (SwiftUI's `.infinity`); per axis min ≤ ideal ≤ max where given (SwiftUI calls anything
  /// else contradictory frame constraints).
  private func flexibleFrame(_ node: JSONNode, _ o: [String: JSONNode], path: String) throws -> Modifier {
    if let fixed = ["width", "height"].first(where: { o[$0] != nil }) {
      throw fail(
        o[fixed] ?? node, path + "." + fixed,
        "frame takes either 'width'/'height' or min/ideal/max sizes (SwiftUI's two frame modifiers), not both")
    }
    func bound(_ key: String) throws -> Double? {
      guard let n = o[key] else { return nil }
      if key.hasPrefix("max"), case .string(let text) = n.value, ["infinity", ".infinity"].contains(text) { return .infinity }
      if case .string(let text) = n.value, ["infinity", ".infinity"].contains(text) {
        throw fail(n, path + "." + key, "only a maximum may be infinite ('\(key)' is a length in points)")
      }
      let v = try number(n, path: path + "." + key)
      guard v.isFinite, v >= 0, v <= limits.maxCanvasPoints else {
        throw fail(n, path + "." + key, "\(key) must be in 0…\(fmt(limits.maxCanvasPoints)) points\(key.hasPrefix("max") ? " or \"infinity\"" : ""), got \(fmt(v))")
      }
      return v
    }
    var f = FlexibleFrame(
      minWidth: try bound("minWidth"), idealWidth: try bound("idealWidth"), maxWidth: try bound("maxWidth"),
      minHeight: try bound("minHeight"), idealHeight: try bound("idealHeight"), maxHeight: try bound("maxHeight"))
    for side in ["Width", "Height"] {
      let values = ["min", "ideal", "max"].compactMap { k in o[k + side].map { _ in k + side } }
      let numbers: [Double] = side == "Width"
        ? [f.minWidth, f.idealWidth, f.maxWidth].compactMap { $0 } : [f.minHeight, f.idealHeight, f.maxHeight].compactMap { $0 }
      for i in numbers.indices.dropFirst() where numbers[i - 1] > numbers[i] {
        throw fail(
          node, path,
          "contradictory frame constraints: \(values[i - 1]) \(fmt(numbers[i - 1])) is more than \(values[i]) \(numbers[i] == .infinity ? "infinity" : fmt(numbers[i])) (SwiftUI needs min ≤ ideal ≤ max)")
      }
    }
    f.alignment = try o["alignment"].map { try unitPoint($0, path: path + ".alignment") } ?? .center
    return .flexibleFrame(f)
  }

  /// `{"ratio", "contentMode"}`, a ratio (width / height, 0.001…1000), or `"fit"`/`"fill"`
  /// (the content's own ratio); `contentMode` default `fit`.
  private func aspectRatio(_ node: JSONNode, path: String) throws -> Modifier {
    func mode(_ n: JSONNode, _ p: String) throws -> AspectRatioMode {
      let text = try string(n, path: p)
      guard let m = AspectRatioMode(rawValue: text) else {
        throw fail(n, p, "unknown contentMode \(quoted: text)" + Suggestion.hint(for: text, in: AspectRatioMode.allCases.map(\.rawValue)) + " (expected fit or fill)", kind: .unknownName)
      }
      return m
    }
    func ratio(_ n: JSONNode, _ p: String) throws -> Double {
      let v = try number(n, path: p)
      guard v.isFinite, v >= 0.001, v <= 1000 else { throw fail(n, p, "aspectRatio's ratio (width / height) must be in 0.001…1000, got \(fmt(v))") }
      return v
    }
    switch node.value {
    case .string(let text) where AspectRatioMode(rawValue: text) != nil:
      return .aspectRatio(nil, contentMode: try mode(node, path))
    case .object:
      let o = try object(node, path: path, keys: ["ratio", "contentMode"])
      return .aspectRatio(
        try o["ratio"].map { try ratio($0, path + ".ratio") },
        contentMode: try o["contentMode"].map { try mode($0, path + ".contentMode") } ?? .fit)
    default:
      return .aspectRatio(try ratio(node, path), contentMode: .fit)
    }
  }

  /// The view of `overlay` or `background`: a view object, `{"alignment", "content": view}`,
  /// or a paint (a colour string or a gradient), which fills a `Rectangle` in the frame as
  /// SwiftUI's `background(_:)` / `overlay(_:)` with a `ShapeStyle` do (when `paints`; `mask`
  /// takes views only). Several views (a `ForEach`) are overlaid as in a `ZStack` with that
  /// alignment.
  private func attachedView(
    _ node: JSONNode, name: String, path: String, depth: Int, paints: Bool = true
  ) throws -> (SceneView, UnitAnchor) {
    if paints, case .string = node.value {
      return (SceneView(kind: .shape(StyledShape(shape: .rectangle, style: .fill(try paint(node, path: path), evenOdd: false)))), .center)
    }
    if paints, case .object(let m) = node.value, m.count == 1, PresetReader.gradientKinds.contains(m[0].key) {
      return (SceneView(kind: .shape(StyledShape(shape: .rectangle, style: .fill(try paint(node, path: path), evenOdd: false)))), .center)
    }
    var viewNode = node, viewPath = path
    var alignment = UnitAnchor.center
    if case .object(let m) = node.value, m.contains(where: { $0.key == "content" || $0.key == "alignment" }) {
      let o = try object(node, path: path, keys: ["alignment", "content"])
      guard let c = o["content"] else { throw fail(node, path, "\(name) needs 'content' (a view)") }
      viewNode = c
      viewPath = path + ".content"
      alignment = try o["alignment"].map { try unitPoint($0, path: path + ".alignment") } ?? .center
    }
    let views = try self.views(viewNode, path: viewPath, depth: depth + 1)
    let view = views.count == 1 ? views[0] : SceneView(kind: .zStack(alignment: alignment, children: views))
    return (view, alignment)
  }

  /// `"Circle"`, a shape object (`{"RoundedRectangle": {"cornerRadius": 8}}`), or
  /// `{"shape": …, "style": {"eoFill": true, "antialiased": true}}`.
  private func clipShape(_ node: JSONNode, path: String) throws -> Modifier {
    var shapeNode = node, shapePath = path
    var evenOdd = false
    if case .object(let m) = node.value, m.contains(where: { $0.key == "shape" || $0.key == "style" }) {
      let o = try object(node, path: path, keys: ["shape", "style"])
      guard let s = o["shape"] else { throw fail(node, path, "clipShape needs 'shape', e.g. \"Circle\"") }
      shapeNode = s
      shapePath = path + ".shape"
      if let style = o["style"] {
        let so = try object(style, path: path + ".style", keys: ["eoFill", "antialiased"])
        evenOdd = try so["eoFill"].map { try bool($0, path: path + ".style.eoFill") } ?? false
        if let a = so["antialiased"] { _ = try bool(a, path: path + ".style.antialiased") }
      }
    }
    let shapes = ViewName.allCases.filter { ![.zStack, .hStack, .vStack, .spacer, .forEach, .text].contains($0) }
    let expected = "a shape such as \"Circle\" or {\"RoundedRectangle\": {\"cornerRadius\": 8}}"
    let name: String, args: JSONNode
    switch shapeNode.value {
    case .string(let text):
      name = text
      args = JSONNode(value: .object([]), location: shapeNode.location)
    case .object(let m) where m.count == 1:
      name = m[0].key
      args = m[0].value
    default:
      throw fail(shapeNode, shapePath, "clipShape takes \(expected), got \(shapeNode.typeName)")
    }
    guard let kind = ViewName(rawValue: name), shapes.contains(kind) else {
      throw fail(
        shapeNode, shapePath, "clipShape takes a shape (\(shapes.map(\.rawValue).joined(separator: ", "))), not \(quoted: name)"
          + Suggestion.hint(for: name, in: shapes.map(\.rawValue)), kind: .unknownName)
    }
    return .clipShape(try shapeKind(kind, args, path: shapePath + "." + name), evenOdd: evenOdd)
  }

  /// A view object (`{"Circle": {}, "modifiers": […]}`), or `{"alignment": …, "content": view}`;
  /// several views (a `ForEach`) are overlaid as in a `ZStack` with that alignment.
  private func mask(_ node: JSONNode, path: String, depth: Int) throws -> Modifier {
    let (view, alignment) = try attachedView(node, name: "mask", path: path, depth: depth, paints: false)
    return .mask(view, alignment: alignment)
  }

  /// `{"degrees", "axis", "anchor", "anchorZ", "perspective"}`: degrees and axis required,
  /// perspective in 0…1000 (constant or every keyframe; default 1), anchor `center`, anchorZ 0;
  /// or `{"turns": [{"degrees", "axis"}, …], "anchor", "anchorZ", "perspective"}`: 1 to
  /// `maxTurns` turns, innermost first, composed into one projection.
  private func rotation3DEffect(_ node: JSONNode, path: String) throws -> Modifier {
    let o = try object(node, path: path, keys: ["degrees", "axis", "turns", "anchor", "anchorZ", "perspective"])
    let turns: [Turn3D]
    if let list = o["turns"] {
      for k in ["degrees", "axis"] where o[k] != nil {
        throw fail(o[k] ?? node, path, "use either 'turns' or 'degrees'/'axis', not both")
      }
      let items = try array(list, path: path + ".turns")
      guard (1...PresetReader.maxTurns).contains(items.count) else {
        throw fail(list, path + ".turns", "'turns' needs 1 to \(PresetReader.maxTurns) turns, got \(items.count)")
      }
      turns = try items.enumerated().map { i, item in
        let p = path + ".turns[\(i)]"
        let t = try object(item, path: p, keys: ["degrees", "axis"])
        guard let d = t["degrees"], let a = t["axis"] else {
          throw fail(item, p, "a turn needs 'degrees' and 'axis', e.g. {\"degrees\": 30, \"axis\": \"x\"}")
        }
        return Turn3D(degrees: try animated(d, path: p + ".degrees", within: angleBound("angle")), axis: try animatedAxis(a, path: p + ".axis"))
      }
    } else {
      guard let d = o["degrees"] else { throw fail(node, path, "rotation3DEffect needs 'degrees' (or 'turns')") }
      guard let a = o["axis"] else {
        throw fail(node, path, "rotation3DEffect needs 'axis', e.g. {\"x\": 0, \"y\": 1, \"z\": 0} or \"y\"")
      }
      turns = [Turn3D(degrees: try animated(d, path: path + ".degrees", within: angleBound("angle")), axis: try animatedAxis(a, path: path + ".axis"))]
    }
    let perspectiveBound = Bound(name: "perspective", range: 0...1000, unit: "")
    let perspective = try o["perspective"].map { try animated($0, path: path + ".perspective", within: perspectiveBound) } ?? .constant(1)
    return .rotation3DEffect(
      turns: turns,
      anchor: try o["anchor"].map { try unitPoint($0, path: path + ".anchor") } ?? .center,
      anchorZ: try o["anchorZ"].map { try animated($0, path: path + ".anchorZ", within: offsetBound("anchorZ")) } ?? .constant(0),
      perspective: perspective)
  }

  /// The most turns one `rotation3DEffect` composes.
  static let maxTurns = 100

  /// An axis that may be animated: an axis, or an animated value whose keyframes are axes
  /// (`{"from": "x", "to": "y", "animation": …}`, `{"values": ["x", [1, 1, 0], "y"], …}`),
  /// interpolated componentwise (SwiftUI's `animatableData` holds the three components) and
  /// normalised by the turn.
  private func animatedAxis(_ node: JSONNode, path: String) throws -> AnimatedAxis {
    guard PresetReader.isAnimated(node) else { return AnimatedAxis(try axis(node, path: path)) }
    let k = try keyframed(node, path: path, keys: PresetReader.animatedKeys) { n, p in try axis(n, path: p()) }
    func component(_ c: (Axis3D) -> Double) -> AnimatedValue {
      .track(Track.holdingEnds(values: k.values.map(c), keyTimes: k.keyTimes, curves: k.curves, animation: k.animation))
    }
    return AnimatedAxis(x: component(\.x), y: component(\.y), z: component(\.z))
  }

  /// An axis of rotation: `"x"`, `"y"`, `"z"`, `[x, y, z]` or `{"x": …, "y": …, "z": …}` (missing
  /// components are 0); not all zero.
  private func axis(_ node: JSONNode, path: String) throws -> Axis3D {
    var v: Axis3D
    switch node.value {
    case .string(let s) where ["x", "y", "z"].contains(s):
      v = Axis3D(x: s == "x" ? 1 : 0, y: s == "y" ? 1 : 0, z: s == "z" ? 1 : 0)
    case .array(let a):
      guard a.count == 3 else { throw fail(node, path, "an axis is [x, y, z]") }
      v = Axis3D(
        x: try number(a[0], path: path + "[0]"), y: try number(a[1], path: path + "[1]"),
        z: try number(a[2], path: path + "[2]"))
    case .object:
      let o = try object(node, path: path, keys: ["x", "y", "z"])
      func c(_ k: String) throws -> Double { try o[k].map { try number($0, path: path + "." + k) } ?? 0 }
      v = Axis3D(x: try c("x"), y: try c("y"), z: try c("z"))
    default:
      throw fail(node, path, "expected an axis: \"x\", \"y\", \"z\", [x, y, z] or {\"x\": …, \"y\": …, \"z\": …}, got \(node.typeName)")
    }
    guard [v.x, v.y, v.z].allSatisfy({ $0.isFinite && abs($0) <= 1e6 }) else {
      throw fail(node, path, "axis components must be finite numbers within ±1e6")
    }
    guard v.x != 0 || v.y != 0 || v.z != 0 else { throw fail(node, path, "the axis must not be (0, 0, 0)") }
    return v
  }

  /// A frame dimension: animatable; the constant and every keyframe within 0…`maxCanvasPoints`.
  private func size(_ node: JSONNode, path: String) throws -> AnimatedValue {
    try animated(node, path: path, within: extentBound("size", maximum: limits.maxCanvasPoints))
  }

  private func length(_ node: JSONNode, path: String) throws -> Double {
    let v = try number(node, path: path)
    guard v >= 0, v <= limits.maxCanvasPoints else { throw fail(node, path, "must be in 0…\(fmt(limits.maxCanvasPoints)) points, got \(fmt(v))") }
    return v
  }
}
